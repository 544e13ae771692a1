// Issue #16: the campaign setting `tactical: off | offer | always` on the default Combat Phase.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerPrompt } from '../../../src/autopilot/prompts.js';
import { combatPhaseHook, useTacticalResolver } from '../../../src/engine/combat/phase.js';
import { useMap } from '../../../src/engine/map-env.js';
import type { GameState, TacticalSettings } from '../../../src/engine/types.js';
import { createTacticalResolver } from '../../../src/tactical/bridge/resolver.js';
import { baseState, leader, testMap } from '../../engine/combat-fixtures.js';

const map = testMap({ size: 30 });
beforeEach(() => useMap(map));
afterEach(() => useTacticalResolver(undefined));

const battle = (tactical?: TacticalSettings): GameState => ({
  ...baseState({
    dice: [4],
    forces: { '0505': { prussia: { out: 7, in: 0 }, austria: { out: 7, in: 0 } } },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1 }),
    },
  }),
  ...(tactical ? { tactical } : {}),
});

const attack = (s: GameState) => {
  const e = combatPhaseHook.enter(s).state;
  const r = combatPhaseHook.apply(e, 'prussia', { type: 'combat-attack', hex: '0505' });
  if (!r.ok) throw new Error(r.error.message);
  return r;
};

describe('tactical setting (issue #16, design 5.1)', () => {
  it('without a registered tactical resolver nothing changes: the CRT decides', () => {
    expect(attack(battle()).events.find((e) => e.kind === 'battle')?.data?.die).toBe(4);
  });

  it('default offer; off never asks; always fights without asking; minSp raises the threshold', () => {
    useTacticalResolver(createTacticalResolver());
    const offered = attack(battle());
    expect(offered.events.some((e) => e.kind === 'tactical-offer')).toBe(true);
    expect(combatPhaseHook.step(offered.state)).toBe('combat.tactical-offer@0505');
    const off = attack(battle({ mode: 'off', minSp: 6 }));
    expect(off.events.find((e) => e.kind === 'battle')?.data?.die).toBe(4);
    const always = attack(battle({ mode: 'always', minSp: 6 }));
    expect(always.events.find((e) => e.kind === 'battle')?.data?.tactical).toBe(true);
    const big = attack(battle({ mode: 'offer', minSp: 8 }));
    expect(big.events.some((e) => e.kind === 'tactical-offer')).toBe(false);
  });

  it('an autopilot seat accepts the offer, so a person can fight the computer', () => {
    useTacticalResolver(createTacticalResolver());
    const s = attack(battle()).state;
    const legal = combatPhaseHook.legal(s, 'austria');
    const d = answerPrompt({} as never, legal, 'standard');
    expect(d?.action).toEqual({ type: 'combat-tactical', hex: '0505', accept: true });
  });
});

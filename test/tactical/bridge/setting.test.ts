// Issue #16: the campaign setting `tactical: off | offer | always` on the default Combat Phase.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerPrompt } from '../../../src/autopilot/prompts.js';
import { combatPhaseHook, useTacticalHost } from '../../../src/engine/combat/phase.js';
import { useMap } from '../../../src/engine/map-env.js';
import { moduleAutopilot } from '../../../src/engine/phases/registry.js';
import type { GameState, TacticalSettings } from '../../../src/engine/types.js';
import { createTacticalHost } from '../../../src/tactical/bridge/host.js';
import { baseState, leader, testMap } from '../../engine/combat-fixtures.js';

const map = testMap({ size: 30 });
beforeEach(() => useMap(map));
afterEach(() => useTacticalHost(undefined));

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
  it('without a registered tactical host nothing changes: the CRT decides', () => {
    expect(
      attack(battle({ mode: 'offer', minSp: 6 })).events.find((e) => e.kind === 'battle')?.data?.die,
    ).toBe(4);
  });

  it('offer asks; absent (a game begun before the setting) and off never ask; always fights without asking; minSp raises the threshold', () => {
    useTacticalHost(createTacticalHost());
    const offered = attack(battle({ mode: 'offer', minSp: 6 }));
    expect(offered.events.some((e) => e.kind === 'tactical-offer')).toBe(true);
    expect(combatPhaseHook.step(offered.state)).toBe('combat.tactical-offer@0505');
    const old = attack(battle());
    expect(old.events.find((e) => e.kind === 'battle')?.data?.die).toBe(4);
    const off = attack(battle({ mode: 'off', minSp: 6 }));
    expect(off.events.find((e) => e.kind === 'battle')?.data?.die).toBe(4);
    const always = attack(battle({ mode: 'always', minSp: 6 }));
    expect(combatPhaseHook.step(always.state)).toMatch(/^combat\.tactical@0505#/);
    const big = attack(battle({ mode: 'offer', minSp: 8 }));
    expect(big.events.some((e) => e.kind === 'tactical-offer')).toBe(false);
  });

  it('an autopilot seat answers the offer by its setting (default accept, so a person can fight the computer)', () => {
    useTacticalHost(createTacticalHost());
    const s = attack(battle({ mode: 'offer', minSp: 6 })).state;
    s.pending = combatPhaseHook.pending(s);
    expect(moduleAutopilot(s, 'austria')).toEqual({ type: 'combat-tactical', hex: '0505', accept: true });
    const legal = combatPhaseHook.legal(s, 'austria');
    expect(answerPrompt({} as never, legal, 'standard')?.action).toEqual({
      type: 'combat-tactical',
      hex: '0505',
      accept: true,
    });
    const d = attack(battle({ mode: 'offer', minSp: 6, autopilot: { austria: 'decline' } })).state;
    d.pending = combatPhaseHook.pending(d);
    expect(moduleAutopilot(d, 'austria')).toEqual({ type: 'combat-tactical', hex: '0505', accept: false });
    expect(moduleAutopilot(d, 'prussia')).toEqual({ type: 'combat-tactical', hex: '0505', accept: true });
  });
});

// Issue #16 (design 5.1): after the attack is committed, both commanders are asked "fight it out?";
// both accepting (or the setting `always`) opens the Combat Phase's `tactical` stage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combatPhaseHook, useTacticalHost } from '../../../src/engine/combat/phase.js';
import { useMap } from '../../../src/engine/map-env.js';
import type { GameState, TacticalSettings } from '../../../src/engine/types.js';
import { createTacticalHost } from '../../../src/tactical/bridge/host.js';
import { baseState, leader, testMap } from '../../engine/combat-fixtures.js';

const map = testMap({ size: 30 });
beforeEach(() => {
  useMap(map);
  useTacticalHost(createTacticalHost());
});
afterEach(() => useTacticalHost(undefined));
const phase = combatPhaseHook;

const battle = (
  sp: number,
  dice: number[] = [],
  tactical: TacticalSettings = { mode: 'offer', minSp: 6 },
): GameState => ({
  ...baseState({
    dice,
    forces: { '0505': { prussia: { out: sp, in: 0 }, austria: { out: sp, in: 0 } } },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1, defence: 1 }),
    },
  }),
  tactical,
});

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
}

describe('the tactical offer (issue #16, design 5.1)', () => {
  it('9.0: both commanders accept: the tactical stage opens; only the participants hear of the offer', () => {
    let s = phase.enter(battle(8)).state;
    const r1 = ok(phase.apply(s, 'prussia', { type: 'combat-attack', hex: '0505' }));
    s = r1.state;
    expect(phase.step(s)).toBe('combat.tactical-offer@0505');
    expect([...phase.pending(s)].sort()).toEqual(['austria', 'prussia']);
    expect(phase.legal(s, 'austria')).toContainEqual({ type: 'combat-tactical', hex: '0505', accept: true });
    const offer = r1.events.find((e) => e.kind === 'tactical-offer')!;
    expect(offer.vis).toEqual({ to: 'seats', seats: ['prussia', 'austria'] });
    expect(r1.events.some((e) => e.kind === 'battle')).toBe(false);
    s = ok(phase.apply(s, 'prussia', { type: 'combat-tactical', hex: '0505', accept: true })).state;
    expect(phase.pending(s)).toEqual(['austria']);
    const again = phase.apply(structuredClone(s), 'prussia', {
      type: 'combat-tactical',
      hex: '0505',
      accept: false,
    });
    expect(again.ok).toBe(false);
    const r = ok(phase.apply(s, 'austria', { type: 'combat-tactical', hex: '0505', accept: true }));
    expect(r.state.combat.hook.combat?.stage).toBe('tactical');
    expect(phase.step(r.state)).toMatch(/^combat\.tactical@0505#/);
    expect(r.events.some((e) => e.kind === 'battle')).toBe(false);
    // Everybody else learns only that a battle is being fought there.
    const pub = r.events.filter((e) => e.vis.to === 'all').map((e) => e.text);
    expect(pub).toEqual(['A battle is being fought at 0505.']);
    expect(r.state.combat.committed).toContain('0505');
  });

  it('9.0: one commander declines: the strategic table decides at once', () => {
    let s = phase.enter(battle(8, [6])).state;
    s = ok(phase.apply(s, 'prussia', { type: 'combat-attack', hex: '0505' })).state;
    const r = ok(phase.apply(s, 'austria', { type: 'combat-tactical', hex: '0505', accept: false }));
    const b = r.events.find((e) => e.kind === 'battle');
    expect(b?.data?.tactical).toBeUndefined();
    expect(b?.data?.die).toBe(6);
    expect(r.state.combat.hook.combat?.battle).toBeUndefined();
  });

  it('design 5.1: a deadline counts as a refusal; "always" skips the question; small battles are never offered', () => {
    let s = phase.enter(battle(8, [3])).state;
    s = ok(phase.apply(s, 'prussia', { type: 'combat-attack', hex: '0505' })).state;
    const t = phase.timeout(s);
    expect(t.ok && t.events.find((e) => e.kind === 'battle')?.data?.die).toBe(3);

    const sb = phase.enter(battle(8, [], { mode: 'always', minSp: 6 })).state;
    const rb = ok(phase.apply(sb, 'prussia', { type: 'combat-attack', hex: '0505' }));
    expect(rb.events.some((e) => e.kind === 'tactical-offer')).toBe(false);
    expect(rb.state.combat.hook.combat?.stage).toBe('tactical');

    const sc = phase.enter(battle(4, [5])).state;
    const rc = ok(phase.apply(sc, 'prussia', { type: 'combat-attack', hex: '0505' }));
    expect(rc.events.some((e) => e.kind === 'tactical-offer')).toBe(false);
    expect(rc.events.find((e) => e.kind === 'battle')?.data?.die).toBe(5);
  });
});

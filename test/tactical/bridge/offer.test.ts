// Issue #16 (design 5.1): after the attack is committed, both commanders are asked "fight it out?".
import { beforeEach, describe, expect, it } from 'vitest';
import { createCombatPhase } from '../../../src/engine/combat/phase.js';
import { useMap } from '../../../src/engine/map-env.js';
import type { GameState } from '../../../src/engine/types.js';
import { createTacticalResolver, type TacticalRecord } from '../../../src/tactical/bridge/resolver.js';
import { baseState, leader, testMap } from '../../engine/combat-fixtures.js';

const map = testMap({ size: 30 });
beforeEach(() => useMap(map));

const battle = (sp: number, dice: number[] = []): GameState =>
  baseState({
    dice,
    forces: { '0505': { prussia: { out: sp, in: 0 }, austria: { out: sp, in: 0 } } },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1, defence: 1 }),
    },
  });

function setup(mode: 'offer' | 'always') {
  const records: TacticalRecord[] = [];
  const phase = createCombatPhase(undefined, {
    mode,
    resolver: createTacticalResolver({ onBattle: (r) => records.push(r) }),
  });
  return { phase, records };
}

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
}

describe('the tactical offer (issue #16, design 5.1)', () => {
  it('both commanders accept: the battle is fought tactically and applied by the same code', () => {
    const { phase, records } = setup('offer');
    let s = phase.enter(battle(8)).state;
    const r1 = ok(phase.apply(s, 'prussia', { type: 'combat-attack', hex: '0505' }));
    s = r1.state;
    expect(phase.step?.(s)).toMatch(/tactical-offer/);
    expect([...phase.pending(s)].sort()).toEqual(['austria', 'prussia']);
    expect(phase.legal(s, 'austria')).toContainEqual({ type: 'combat-tactical', hex: '0505', accept: true });
    // 9.0: only the two sides hear of the offer.
    const offer = r1.events.find((e) => e.kind === 'tactical-offer')!;
    expect(offer.vis).toEqual({ to: 'seats', seats: ['prussia', 'austria'] });
    expect(r1.events.some((e) => e.kind === 'battle')).toBe(false);
    s = ok(phase.apply(s, 'prussia', { type: 'combat-tactical', hex: '0505', accept: true })).state;
    expect(phase.pending(s)).toEqual(['austria']);
    const bad = phase.apply(structuredClone(s), 'prussia', {
      type: 'combat-tactical',
      hex: '0505',
      accept: false,
    });
    expect(bad.ok).toBe(false);
    const r = ok(phase.apply(s, 'austria', { type: 'combat-tactical', hex: '0505', accept: true }));
    expect(records).toHaveLength(1);
    expect(r.events.find((e) => e.kind === 'battle')?.data?.tactical).toBe(true);
    // Everybody else learns only that a battle is being fought there, then its result line.
    const pub = r.events.filter((e) => e.vis.to === 'all').map((e) => e.text);
    expect(pub).toEqual([
      'A battle is being fought at 0505.',
      'A battle was fought at 0505.',
      ...pub.slice(2),
    ]);
  });

  it('one commander declines: the strategic table decides at once', () => {
    const { phase, records } = setup('offer');
    let s = phase.enter(battle(8, [6])).state;
    s = ok(phase.apply(s, 'prussia', { type: 'combat-attack', hex: '0505' })).state;
    const r = ok(phase.apply(s, 'austria', { type: 'combat-tactical', hex: '0505', accept: false }));
    expect(records).toHaveLength(0);
    const b = r.events.find((e) => e.kind === 'battle');
    expect(b?.data?.tactical).toBeUndefined();
    expect(b?.data?.die).toBe(6);
  });

  it('a deadline counts as a refusal; "always" skips the question; small battles are never offered', () => {
    const a = setup('offer');
    let s = a.phase.enter(battle(8, [3])).state;
    s = ok(a.phase.apply(s, 'prussia', { type: 'combat-attack', hex: '0505' })).state;
    const t = a.phase.timeout(s);
    expect(t.ok && t.events.find((e) => e.kind === 'battle')?.data?.die).toBe(3);
    expect(a.records).toHaveLength(0);

    const b = setup('always');
    const sb = b.phase.enter(battle(8)).state;
    ok(b.phase.apply(sb, 'prussia', { type: 'combat-attack', hex: '0505' }));
    expect(b.records).toHaveLength(1);

    const c = setup('offer');
    const sc = c.phase.enter(battle(4, [5])).state;
    const rc = ok(c.phase.apply(sc, 'prussia', { type: 'combat-attack', hex: '0505' }));
    expect(rc.events.some((e) => e.kind === 'tactical-offer')).toBe(false);
    expect(rc.events.find((e) => e.kind === 'battle')?.data?.die).toBe(5);
  });
});

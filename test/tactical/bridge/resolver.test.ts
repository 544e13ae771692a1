// Issue #16: a campaign battle fought out tactically through the Combat Phase's resolver seam.
import { beforeEach, describe, expect, it } from 'vitest';
import { createCombatPhase } from '../../../src/engine/combat/phase.js';
import { useMap } from '../../../src/engine/map-env.js';
import type { GameState } from '../../../src/engine/types.js';
import { createTacticalResolver, type TacticalRecord } from '../../../src/tactical/bridge/resolver.js';
import { baseState, leader, testMap } from '../../engine/combat-fixtures.js';

const map = testMap({ size: 30 });
beforeEach(() => useMap(map));

function battle(sp: number): GameState {
  return baseState({
    forces: { '0505': { prussia: { out: sp, in: 0 }, austria: { out: sp + 2, in: 0 } } },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3, attack: 1 }),
      zieten: leader('zieten', 'prussia', 3, '0505', { initiative: 2 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1, defence: 1 }),
      laudon: leader('laudon', 'austria', 4, '0505', { initiative: 3 }),
    },
  });
}

describe('campaign battle fought on the tactical map (issue #16, design 5)', () => {
  it('9.0 -> Leuthen -> 9.4: the autopilot fights it out; the outcome is applied by the same code; replay gives the same game', () => {
    const records: TacticalRecord[] = [];
    const phase = createCombatPhase(createTacticalResolver({ onBattle: (r) => records.push(r) }));
    const run = () => {
      const s = phase.enter(battle(8)).state;
      return phase.apply(structuredClone(s), 'prussia', { type: 'combat-attack', hex: '0505' });
    };
    const r = run();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const ev = r.events.find((e) => e.kind === 'battle');
    expect(ev?.data?.tactical).toBe(true);
    expect(ev?.text).toMatch(/fought out on the tactical map/);
    const rec = records[0]!;
    expect(rec.end.over).not.toBeNull();
    expect(rec.map).toMatch(/^gen-0505-/);
    // The outcome's losses were taken from the hex (9.4) and never exceed what was there.
    const o = rec.outcome;
    const after = r.state.forces['0505'];
    const lostP = (o.attacker.eliminated.prussia ?? 0) + (o.attacker.captured.prussia ?? 0);
    const lostA = (o.defender.eliminated.austria ?? 0) + (o.defender.captured.austria ?? 0);
    expect(lostP).toBeLessThanOrEqual(8);
    expect(lostA).toBeLessThanOrEqual(10);
    const retreating = o.mustRetreat;
    if (!retreating) {
      expect(after?.prussia?.out).toBe(8 - lostP);
      expect(after?.austria?.out).toBe(10 - lostA);
    }
    // Replay: the same state and action give the same battle and the same campaign state.
    const r2 = run();
    expect(r2.ok && JSON.stringify(r2.state)).toBe(JSON.stringify(r.state));
    expect(records[1]!.seed).toBe(rec.seed);
    expect(JSON.stringify(records[1]!.end)).toBe(JSON.stringify(rec.end));
  });

  it('design 5.1: a battle below the minimum size stays on the strategic table', () => {
    const records: TacticalRecord[] = [];
    const phase = createCombatPhase(createTacticalResolver({ onBattle: (r) => records.push(r) }));
    const s = phase.enter(battle(4)).state;
    const r = phase.apply(structuredClone(s), 'prussia', { type: 'combat-attack', hex: '0505' });
    expect(r.ok).toBe(true);
    expect(records).toHaveLength(0);
    if (r.ok) expect(r.events.find((e) => e.kind === 'battle')?.data?.tactical).toBeUndefined();
  });
});

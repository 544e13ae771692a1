// The battle-resolver seam (issue #13): the Combat Phase hands a committed battle to a resolver and
// applies whatever outcome it returns with the same code as a CRT result (losses, retreat, 9.55).
import { beforeEach, describe, expect, it } from 'vitest';
import type { BattleOutcome } from '../../src/engine/combat/battle.js';
import { combatPhaseHook, createCombatPhase } from '../../src/engine/combat/phase.js';
import { type BattleResolver, type CommittedBattle, crtResolver } from '../../src/engine/combat/resolver.js';
import { useMap } from '../../src/engine/map-env.js';
import type { GameState } from '../../src/engine/types.js';
import { baseState, leader, testMap } from './combat-fixtures.js';

const map = testMap({ size: 30 });
beforeEach(() => useMap(map));

function fieldBattle(dice: number[] = []): GameState {
  return baseState({
    dice,
    forces: { '0505': { prussia: { out: 20, in: 0 }, austria: { out: 20, in: 0 } } },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1, defence: 1 }),
    },
  });
}

/** A resolver that records the battle and returns a fixed Prussian victory. */
function scripted(): { resolver: BattleResolver; seen: CommittedBattle[] } {
  const seen: CommittedBattle[] = [];
  const outcome: BattleOutcome = {
    column: 100,
    modifiedRoll: 9,
    result: { attacker: 1, defender: 4 } as never,
    attacker: {
      side: 'prussian-allied',
      result: 'won',
      eliminated: { prussia: 1 },
      captured: {},
      killed: [],
      capturedLeaders: [],
      remainingSp: 19,
      score: 3,
    } as never,
    defender: {
      side: 'coalition',
      result: 'lost',
      eliminated: { austria: 4 },
      captured: { austria: 2 },
      killed: [],
      capturedLeaders: [],
      remainingSp: 14,
      score: 1,
    } as never,
    victor: 'prussian-allied',
    prisonersDue: 2,
    mustRetreat: 'coalition',
    depotsLost: [],
  };
  return {
    seen,
    resolver: {
      id: 'scripted',
      resolve(_state, battle) {
        seen.push(battle);
        return outcome;
      },
    },
  };
}

describe('battle-resolver seam (9.0, 9.4, 9.5)', () => {
  it('the default Combat Phase resolves battles on the CRT', () => {
    expect(crtResolver.id).toBe('crt');
    const s = combatPhaseHook.enter(fieldBattle([6, 1])).state;
    const r = combatPhaseHook.apply(structuredClone(s), 'prussia', { type: 'combat-attack', hex: '0505' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.events.find((e) => e.kind === 'battle')?.data?.column).toBeTypeOf('number');
  });

  it('another resolver receives the committed battle and its outcome is applied by the same code', () => {
    const { resolver, seen } = scripted();
    const phase = createCombatPhase(resolver);
    const s = phase.enter(fieldBattle([3]), map).state;
    const r = phase.apply(structuredClone(s), 'prussia', { type: 'combat-attack', hex: '0505' }, map);
    if (!r.ok) throw new Error(r.error.message);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.hex).toBe('0505');
    expect(seen[0]!.attacker.side).toBe('prussian-allied');
    expect(seen[0]!.attacker.sp).toEqual({ prussia: 20 });
    expect(seen[0]!.defender.sp).toEqual({ austria: 20 });
    const after = r.state;
    // 9.4: losses and prisoners as the resolver said.
    expect(after.forces['0505']?.prussia?.out).toBe(19);
    expect(after.ledger.eliminated.austria).toBe(4);
    expect(after.ledger.prisoners['prussian-allied'].austria).toBe(2);
    // 9.0: the battle is committed and fought; 9.51: the loser's retreat was rolled (die 3).
    expect(after.combat.fought).toContain('0505');
    expect(after.combat.committed).toContain('0505');
    expect(r.events.map((e) => e.kind)).toContain('retreat-roll');
    expect(phase.pending(after)).toEqual(['austria']);
    expect(phase.legal(after, 'austria', map).every((a) => a.type === 'combat-retreat')).toBe(true);
  });
});

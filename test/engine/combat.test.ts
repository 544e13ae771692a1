import { describe, expect, it } from 'vitest';
import { firstAttackOption, resolveBattle } from '../../src/engine/combat/battle.js';
import { combatCommander, combatValues, supremeCommander } from '../../src/engine/combat/commander.js';
import { combatColumn, modifiedCombatRoll, percentageRatio } from '../../src/engine/combat/odds.js';
import type { CombatForce, CombatLeader } from '../../src/engine/combat/types.js';
import { buildCrt, crtSchema, defaultCrt } from '../../src/engine/tables/index.js';

const L = (
  id: string,
  nationality: string,
  rank: number,
  initiative = 1,
  attack = 0,
  defence = 0,
): CombatLeader => ({
  id,
  nationality,
  rank,
  initiative,
  attack,
  defence,
});
const force = (
  side: CombatForce['side'],
  sp: Record<string, number>,
  leaders: CombatLeader[] = [],
  demoralized = false,
) => ({ side, sp, leaders, demoralized }) satisfies CombatForce;

/** A flat test chart: every cell the same, so tests control the result exactly. */
function flatCrt(cell: string) {
  const columns = [33, 50, 66, 100, 150, 200, 300, 400];
  return buildCrt(
    crtSchema.parse({
      name: 't',
      rule: '9.6',
      provenance: 'reconstructed',
      rationale: 'test',
      columns,
      minRow: -1,
      maxRow: 8,
      notation: '',
      rows: Array.from({ length: 10 }, (_, i) => ({ roll: i - 1, cells: columns.map(() => cell) })),
      knownCells: [],
    }),
  );
}

describe('percentage ratio and column (9.31, 9.47)', () => {
  it('9.31: attacker SP x 100 / defender SP, rounded down to a printed column', () => {
    expect(percentageRatio(19, 10)).toBe(190);
    expect(combatColumn(defaultCrt, 19, 10)).toBe(150);
    expect(combatColumn(defaultCrt, 2, 3)).toBe(66); // 66.6% -> 66
    expect(combatColumn(defaultCrt, 10, 10)).toBe(100);
    expect(combatColumn(defaultCrt, 1, 3)).toBe(33); // 33.3% -> 33
  });

  it('9.47: no attack below 33%', () => {
    expect(combatColumn(defaultCrt, 8, 25)).toMatchObject({ rule: '9.47' }); // 32%
  });

  it('9.47: 400% and above use the 400% column', () => {
    expect(combatColumn(defaultCrt, 40, 10)).toBe(400);
    expect(combatColumn(defaultCrt, 99, 2)).toBe(400);
  });

  it('9.47: the computed column is used, never a lower one', () => {
    // 299% must be read on 200%, 300% on 300%: the only column is the one rounding down gives.
    expect(combatColumn(defaultCrt, 299, 100)).toBe(200);
    expect(combatColumn(defaultCrt, 3, 1)).toBe(300);
  });
});

describe('die modifiers (9.22-9.24)', () => {
  it('9.23: die + attacker Attack bonus - defender Defence bonus', () => {
    expect(modifiedCombatRoll(4, 2, 1, false)).toBe(5);
  });
  it('9.22: two off in a Mountain hex', () => {
    expect(modifiedCombatRoll(4, 0, 0, true)).toBe(2);
  });
  it('9.24: a leaderless force counts zero Initiative, Attack and Defence', () => {
    expect(combatValues(force('prussian-allied', { prussia: 5 }))).toEqual({
      initiative: 0,
      attack: 0,
      defence: 0,
    });
  });
  it('11.13: a demoralized commander counts zero Initiative but keeps his bonuses', () => {
    const f = force('prussian-allied', { prussia: 5 }, [L('fred', 'prussia', 1, 3, 2, 1)], true);
    expect(combatValues(f)).toEqual({ initiative: 0, attack: 2, defence: 1 });
  });
  it('9.23: only the commander modifies the roll', () => {
    const a = force('prussian-allied', { prussia: 10 }, [
      L('sub', 'prussia', 4, 1, 2, 0),
      L('chief', 'prussia', 2, 1, 0, 0),
    ]);
    const d = force('coalition', { austria: 10 });
    const out = resolveBattle({ attacker: a, defender: d, die: 3, mountain: false, crt: defaultCrt });
    expect(out).toMatchObject({ modifiedRoll: 3 });
  });
});

describe('commanders (8.12, 8.23)', () => {
  it('8.12: the supreme commander is the lowest rank number on the map', () => {
    const onMap = [L('keith', 'prussia', 5), L('henry', 'prussia', 3), L('daun', 'austria', 1)];
    expect(supremeCommander(onMap, 'prussia')?.id).toBe('henry');
    expect(supremeCommander([], 'prussia')).toBeUndefined();
  });
  it('8.23: a mixed force is commanded by the best leader of the nationality with most SP', () => {
    const f = force('coalition', { austria: 10, russia: 12 }, [
      L('daun', 'austria', 1),
      L('fermor', 'russia', 2),
    ]);
    expect(combatCommander(f)?.id).toBe('fermor');
  });
  it('8.23: equal SP: the best-ranked leader in the hex; equal ranks: the owner nominee', () => {
    const f = force('coalition', { austria: 10, russia: 10 }, [
      L('lascy', 'austria', 3),
      L('fermor', 'russia', 2),
    ]);
    expect(combatCommander(f)?.id).toBe('fermor');
    const g = {
      ...force('coalition', { austria: 10, russia: 10 }, [
        L('daun', 'austria', 1),
        L('saltykov', 'russia', 1),
      ]),
    };
    expect(combatCommander({ ...g, nominee: 'saltykov' })?.id).toBe('saltykov');
    expect(combatCommander({ ...g, nominee: 'nobody' })?.id).toBe('daun');
  });
});

describe('first option to attack (9.0 procedure)', () => {
  it('9.0: the commander with the higher Initiative gets the first option', () => {
    const a = force('prussian-allied', { prussia: 5 }, [L('fred', 'prussia', 1, 3)]);
    const c = force('coalition', { austria: 5 }, [L('daun', 'austria', 1, 1)]);
    expect(firstAttackOption(a, c)).toBe('prussian-allied');
  });
  it('9.0: equal Initiative is settled by a die each, rerolling ties', () => {
    const a = force('prussian-allied', { prussia: 5 });
    const c = force('coalition', { austria: 5 });
    expect(firstAttackOption(a, c)).toBe('roll');
    expect(firstAttackOption(a, c, { 'prussian-allied': 3, coalition: 3 })).toBe('reroll');
    expect(firstAttackOption(a, c, { 'prussian-allied': 2, coalition: 5 })).toBe('coalition');
  });
});

describe('battle resolution (9.0, 9.4)', () => {
  it('9.32: a 15% loss to a force of 19 SP eliminates 3 SP', () => {
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 19 }),
      defender: force('coalition', { austria: 19 }),
      die: 3,
      mountain: false,
      crt: flatCrt('15/15'),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.attacker.eliminated).toEqual({ prussia: 3 });
    expect(out.defender.eliminated).toEqual({ austria: 3 });
    expect(out.victor).toBe('draw'); // 3 + 0 each
    expect(out.mustRetreat).toBeUndefined();
  });

  it('9.0: victor = enemy SP eliminated + own Initiative; the difference is taken as prisoners', () => {
    // 20 vs 20 at 20/15: attacker loses 4, defender 3. Attacker 3 + Init 3 = 6; defender 4 + 1 = 5.
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 20 }, [L('fred', 'prussia', 1, 3)]),
      defender: force('coalition', { austria: 20 }, [L('daun', 'austria', 1, 1)]),
      die: 4,
      mountain: false,
      crt: flatCrt('20/15'),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.attacker.score).toBe(6);
    expect(out.defender.score).toBe(5);
    expect(out.victor).toBe('prussian-allied');
    expect(out.prisonersDue).toBe(1);
    expect(out.defender.captured).toEqual({ austria: 1 });
    expect(out.defender.remainingSp).toEqual({ austria: 16 });
    expect(out.mustRetreat).toBe('coalition');
  });

  it('9.14: a demoralized force may not attack', () => {
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 20 }, [], true),
      defender: force('coalition', { austria: 5 }),
      die: 4,
      mountain: false,
      crt: defaultCrt,
    });
    expect(out).toMatchObject({ rule: '9.14' });
  });

  it('9.47: an attack under 33% is refused and nothing is resolved', () => {
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 3 }),
      defender: force('coalition', { austria: 10 }),
      die: 6,
      mountain: false,
      crt: defaultCrt,
    });
    expect(out).toMatchObject({ rule: '9.47' });
  });

  it('9.44: L kills the lowest-ranked leader before the victor is decided', () => {
    // The only defending leader dies, so the defender's total loses his Initiative.
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 10 }),
      defender: force('coalition', { austria: 10 }, [L('daun', 'austria', 1, 3)]),
      die: 4,
      mountain: false,
      crt: flatCrt('10/10L'),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.defender.killed).toEqual(['daun']);
    expect(out.defender.score).toBe(1); // 1 SP eliminated, Initiative now 0
    expect(out.victor).toBe('draw');
  });

  it('9.44: with several leaders the one with the highest rank number dies', () => {
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 10 }, [
        L('fred', 'prussia', 1, 3),
        L('keith', 'prussia', 5, 2),
      ]),
      defender: force('coalition', { austria: 10 }),
      die: 4,
      mountain: false,
      crt: flatCrt('10L/10'),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.attacker.killed).toEqual(['keith']);
    expect(out.attacker.remainingLeaders.map((l) => l.id)).toEqual(['fred']);
  });

  it('9.43: P captures the whole force, leaders included', () => {
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 40 }),
      defender: force('coalition', { austria: 8, russia: 2 }, [L('lascy', 'austria', 3)]),
      die: 6,
      mountain: false,
      crt: flatCrt('5/P'),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.defender.captured).toEqual({ austria: 8, russia: 2 });
    expect(out.defender.capturedLeaders).toEqual(['lascy']);
    expect(out.victor).toBe('prussian-allied');
    expect(out.mustRetreat).toBeUndefined();
    expect(out.attacker.eliminated).toEqual({ prussia: 2 });
  });

  it('9.45: losses and prisoners beyond the force are ignored', () => {
    // Defender 2 SP loses 50% (1), then owes 7 prisoners but only 1 SP is left.
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 5 }, [L('fred', 'prussia', 1, 3)]),
      defender: force('coalition', { austria: 2 }),
      die: 6,
      mountain: false,
      crt: flatCrt('0/50'),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.prisonersDue).toBe(4);
    expect(out.defender.captured).toEqual({ austria: 1 });
    expect(out.defender.remainingSp).toEqual({ austria: 0 });
  });

  it('9.46: leaders left without SP are captured when an enemy SP survived', () => {
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 10 }, [L('fred', 'prussia', 1, 3)]),
      defender: force('coalition', { austria: 2 }, [L('nadasdy', 'austria', 6, 0)]),
      die: 6,
      mountain: false,
      crt: flatCrt('0/50'),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.defender.capturedLeaders).toEqual(['nadasdy']);
    expect(out.depotsLost).toEqual(['coalition']);
    expect(out.mustRetreat).toBeUndefined();
  });

  it('9.46: nothing is captured when no enemy SP survived either', () => {
    const out = resolveBattle({
      attacker: force('prussian-allied', { prussia: 1 }, [L('fred', 'prussia', 1, 0)]),
      defender: force('coalition', { austria: 1 }, [L('daun', 'austria', 1, 0)]),
      die: 3,
      mountain: false,
      crt: flatCrt('50/50'),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.attacker.capturedLeaders).toEqual([]);
    expect(out.defender.capturedLeaders).toEqual([]);
    expect(out.victor).toBe('draw');
  });

  it('9.45: a mixed force gives up SP from its largest contingent first unless the owner orders otherwise', () => {
    const base = {
      attacker: force('prussian-allied', { prussia: 20 }),
      defender: force('coalition', { austria: 6, russia: 14 }),
      die: 3,
      mountain: false,
      crt: flatCrt('0/20'),
    };
    const out = resolveBattle(base);
    if ('error' in out) throw new Error(out.error);
    expect(out.defender.eliminated).toEqual({ russia: 4 });
    const ordered = resolveBattle({ ...base, extractionOrder: { coalition: ['austria'] } });
    if ('error' in ordered) throw new Error(ordered.error);
    expect(ordered.defender.eliminated).toEqual({ austria: 4 });
  });

  it('9.22: a Mountain hex moves the result two rows toward the defender', () => {
    const plain = resolveBattle({
      attacker: force('prussian-allied', { prussia: 10 }),
      defender: force('coalition', { austria: 10 }),
      die: 5,
      mountain: false,
      crt: defaultCrt,
    });
    const hill = resolveBattle({
      attacker: force('prussian-allied', { prussia: 10 }),
      defender: force('coalition', { austria: 10 }),
      die: 5,
      mountain: true,
      crt: defaultCrt,
    });
    expect(plain).toMatchObject({ modifiedRoll: 5 });
    expect(hill).toMatchObject({ modifiedRoll: 3, result: defaultCrt.lookup(100, 3) });
  });
});

describe('8.23 full ties without a nomination', () => {
  it('8.23: equal SP and equal rank numbers with no nominee: the ablest tied leader commands', () => {
    const daun = { id: 'daun', nationality: 'austria', rank: 2, initiative: 1, attack: 0, defence: 2 };
    const fermor = { id: 'fermor', nationality: 'russia', rank: 2, initiative: 2, attack: 1, defence: 0 };
    const force = { sp: { austria: 10, russia: 10 }, leaders: [daun, fermor], nominee: undefined };
    expect(combatCommander(force)?.id).toBe('fermor');
    // A valid nomination still wins.
    expect(combatCommander({ ...force, nominee: 'daun' })?.id).toBe('daun');
    // Equal Initiative: the larger Attack plus Defence bonus.
    const lacy = { ...daun, id: 'lacy', initiative: 2, defence: 2 };
    expect(combatCommander({ ...force, leaders: [lacy, fermor] })?.id).toBe('lacy');
  });
});

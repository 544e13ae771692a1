// Invariants of the reconstructed Combat Results Table (9.6) read through the 9.0 victor rule and the
// 9.3 own-force percentages (docs/rulings.md, 9.6 "odds must pay in SP"): computed exactly over the
// six die faces with equal leaders, through the engine's own resolveBattle.
import { describe, expect, it } from 'vitest';
import crtJson from '../../assets/tables/crt.json' with { type: 'json' };
import { combatColumn } from '../../src/engine/combat/odds.js';
import { type CombatLeader, isViolation, resolveBattle } from '../../src/engine/index.js';
import { buildCrt, type Crt, crtSchema, defaultCrt, type parseCell } from '../../src/engine/tables/index.js';

/** Equal leaders: same Initiative, and the attacker's Attack bonus equals the defender's Defence bonus. */
const leader = (id: string, nationality: string): CombatLeader => ({
  id,
  nationality,
  rank: 1,
  initiative: 2,
  attack: 1,
  defence: 1,
});

interface Odds {
  wins: number;
  losses: number;
  /** Mean (enemy SP eliminated + captured) - (own SP eliminated + captured), per battle. */
  margin: number;
}

function odds(crt: Crt, attackerSp: number, defenderSp: number): Odds {
  let wins = 0;
  let losses = 0;
  let margin = 0;
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  for (let die = 1; die <= 6; die++) {
    const out = resolveBattle({
      attacker: {
        side: 'prussian-allied',
        sp: { prussia: attackerSp },
        leaders: [leader('a', 'prussia')],
        demoralized: false,
      },
      defender: {
        side: 'coalition',
        sp: { austria: defenderSp },
        leaders: [leader('d', 'austria')],
        demoralized: false,
      },
      die,
      mountain: false,
      crt,
    });
    if (isViolation(out)) throw new Error(out.error);
    if (out.victor === 'prussian-allied') wins++;
    else if (out.victor === 'coalition') losses++;
    margin +=
      sum(out.defender.eliminated) +
      sum(out.defender.captured) -
      sum(out.attacker.eliminated) -
      sum(out.attacker.captured);
  }
  return { wins, losses, margin: margin / 6 };
}

/** Every legal attack on `defenderSp`, by column: from 33% up to 499% (the 400% column read to 5:1). */
function byColumn(crt: Crt, defenderSp: number): Map<number, { attackerSp: number; odds: Odds }[]> {
  const out = new Map<number, { attackerSp: number; odds: Odds }[]>();
  for (let a = 1; a < 5 * defenderSp; a++) {
    const column = combatColumn(crt, a, defenderSp);
    if (typeof column !== 'number') continue;
    const list = out.get(column) ?? [];
    list.push({ attackerSp: a, odds: odds(crt, a, defenderSp) });
    out.set(column, list);
  }
  return out;
}

/**
 * Breaches of "a higher column is never worse for the attacker's chance to win" for one defender size.
 * `everyRatio`: every ratio inside the higher column is compared with every ratio of every lower one;
 * otherwise only the higher column's own ratio (its first attacker size), which is what can be asked
 * of forces under 8 SP, where one SP is 13-25% of the force and rounding to whole SP rules.
 */
function winBreaches(crt: Crt, defenderSp: number, everyRatio: boolean): string[] {
  const cols = byColumn(crt, defenderSp);
  const keys = [...cols.keys()].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 1; i < keys.length; i++) {
    const lower = keys.slice(0, i).flatMap((k) => cols.get(k)!);
    const higher = everyRatio ? cols.get(keys[i]!)! : [cols.get(keys[i]!)![0]!];
    const bestWins = Math.max(...lower.map((x) => x.odds.wins));
    const fewestLosses = Math.min(...lower.map((x) => x.odds.losses));
    for (const h of higher)
      if (h.odds.wins < bestWins || h.odds.losses > fewestLosses)
        out.push(
          `${h.attackerSp}:${defenderSp} (${keys[i]}%) wins ${h.odds.wins}/6, loses ${h.odds.losses}/6; a lower column wins ${bestWins}/6 or loses only ${fewestLosses}/6`,
        );
  }
  return out;
}

/** Breaches of "the expected SP margin grows with odds" at each column's own ratio (its first attacker size). */
function marginBreaches(crt: Crt, defenderSp: number): string[] {
  const cols = byColumn(crt, defenderSp);
  const keys = [...cols.keys()].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 1; i < keys.length; i++) {
    const lo = cols.get(keys[i - 1]!)![0]!;
    const hi = cols.get(keys[i]!)![0]!;
    // From 1:1 upwards the margin must strictly grow; below, where the attacker cannot lose more than
    // its small force has, it must at least not fall.
    const grows = keys[i]! >= 100 ? hi.odds.margin > lo.odds.margin : hi.odds.margin >= lo.odds.margin;
    if (!grows)
      out.push(
        `${hi.attackerSp}:${defenderSp} (${keys[i]}%) margin ${hi.odds.margin.toFixed(2)} vs ${lo.attackerSp}:${defenderSp} (${keys[i - 1]}%) ${lo.odds.margin.toFixed(2)}`,
      );
  }
  return out;
}

function allWinBreaches(crt: Crt): string[] {
  const out: string[] = [];
  for (let d = 4; d <= 40; d++) out.push(...winBreaches(crt, d, d >= 8));
  return out;
}

function allMarginBreaches(crt: Crt): string[] {
  const out: string[] = [];
  for (let d = 10; d <= 40; d++) out.push(...marginBreaches(crt, d));
  return out;
}

/** The table as it stood before issue 20's re-shaping (git 2c77ea5), to show the invariants can fail. */
const previousCells = [
  ['40L/0', '35/5', '35/5', '30/10', '25/10', '20/10', '20/15', '15/15'],
  ['35/5', '35/5', '30/10', '30/10', '25/15', '20/15', '15/15', '15/20'],
  ['35/5', '30/10', '30/10', '25/15', '20/15', '20/20', '15/20', '10/20'],
  ['30/10', '30/10', '25/15', '25/15', '20/20', '15/20', '10/25', '10/25'],
  ['30/10', '25/15', '25/15', '20/20', '20/20', '15/25', '10/25', '10/30'],
  ['25/10', '25/15', '25/20', '20/20', '15/25', '15/25', '10/30', '5/35'],
  ['25/15', '20/15', '20/20', '20/25', '15/25', '10/30', '10/35', '5/40'],
  ['20/15', '20/20', '20/25', '15/25', '15/30', '10/35', '5/40', '5/50'],
  ['20/15', '20/20', '20/25', '15/30', '10/35', '10/40', '5/50', '5/P'],
  ['15/20', '15/25', '15/30', '10/30L', '10/40', '5/45L', '5/P', '0/P'],
];
const previousCrt = buildCrt(
  crtSchema.parse({ ...crtJson, rows: previousCells.map((cells, i) => ({ roll: i - 1, cells })) }),
);

/**
 * Breaches of "more SP never make an attack worse" beyond 4:1, where 9.47 gives no higher column: for
 * every defender of 1-40 SP, each attacker size from four times the defender up to 80 SP must win at
 * least as often, and lose no more often, as every smaller attacker at 4:1 or more.
 */
function bigArmyBreaches(crt: Crt): string[] {
  const out: string[] = [];
  for (let d = 1; d <= 40; d++) {
    let bestWins = -1;
    let fewestLosses = 7;
    for (let a = 4 * d; a <= 80; a++) {
      const o = odds(crt, a, d);
      if (o.wins < bestWins || o.losses > fewestLosses)
        out.push(`${a}:${d} wins ${o.wins}/6, loses ${o.losses}/6; a smaller attacker won ${bestWins}/6`);
      bestWins = Math.max(bestWins, o.wins);
      fewestLosses = Math.min(fewestLosses, o.losses);
    }
  }
  return out;
}

/** The 300% and 400% columns of rules version 2 (commit 3e294d6), before the big-army re-shaping. */
const version2Crt = buildCrt(
  crtSchema.parse({
    ...crtJson,
    rows: crtJson.rows.map((r, i) => ({
      roll: r.roll,
      cells: [
        ...r.cells.slice(0, 6),
        ['15/20', '10/25', '5/30', '5/35', '5/40', '5/40', '5/40', '5/45', '5/50', '5/P'][i]!,
        ['10/30', '10/35', '5/40', '5/40', '5/40', '5/50', '5/50', '0/50', '0/P', '0/P'][i]!,
      ],
    })),
  }),
);

describe('Combat Results Table invariants (9.6 read through 9.0 and 9.3)', () => {
  it("9.6: a higher odds column is never worse for the attacker's chance to win (9.0 score)", () => {
    expect(allWinBreaches(defaultCrt)).toEqual([]);
  });

  it("9.6: the attacker's expected SP margin grows with odds", () => {
    expect(allMarginBreaches(defaultCrt)).toEqual([]);
  });

  it('9.47: above 4:1 more SP never make an attack worse (rules version 3)', () => {
    expect(bigArmyBreaches(defaultCrt)).toEqual([]);
    // 36 SP against a corps of 3 with equal leaders: a win on every face (version 2: one face in 6).
    expect(odds(defaultCrt, 36, 3).wins).toBe(6);
    expect(odds(version2Crt, 36, 3).wins).toBe(1);
    expect(bigArmyBreaches(version2Crt).length).toBeGreaterThan(20);
  });

  it('9.6: both invariants fail on the table before issue 20 (they can fail)', () => {
    expect(allWinBreaches(previousCrt).length).toBeGreaterThan(50);
    expect(allMarginBreaches(previousCrt).length).toBeGreaterThan(20);
    // The case of issue 20: 30 SP against 20 did worse than 20 against 20.
    expect(odds(previousCrt, 30, 20).losses).toBeGreaterThan(odds(previousCrt, 20, 20).losses);
  });

  it('9.6: at 1:2 and below the attacker usually loses, at 3:2 it wins more than it loses, at 3:1 it clearly wins', () => {
    for (const d of [8, 12, 20, 30]) {
      expect(odds(defaultCrt, d / 2, d).losses).toBeGreaterThanOrEqual(4);
      expect(odds(defaultCrt, Math.ceil(d / 3), d).losses).toBeGreaterThanOrEqual(4);
      const even = odds(defaultCrt, (3 * d) / 2, d);
      expect(even.wins).toBeGreaterThan(even.losses);
      expect(odds(defaultCrt, 3 * d, d).wins).toBeGreaterThanOrEqual(5);
    }
  });

  it('9.6: the 1:1 column issue #16 calibrates against is unchanged (8:8 SP: wins 1, draws 3, loses 2)', () => {
    expect(defaultCrt.data.rows.map((r) => r.cells[3])).toEqual(previousCells.map((r) => r[3]));
    expect(odds(defaultCrt, 8, 8)).toMatchObject({ wins: 1, losses: 2 });
  });
});

describe('Combat Results Table cells (9.6)', () => {
  const pct = (s: NonNullable<ReturnType<typeof parseCell>>['attacker']) =>
    s.kind === 'loss' ? s.percent : 101;

  it('9.6: a better modified roll is never worse for the attacker in the same column', () => {
    for (const column of defaultCrt.columns)
      for (let roll = -1; roll < 8; roll++) {
        const here = defaultCrt.lookup(column, roll)!;
        const next = defaultCrt.lookup(column, roll + 1)!;
        expect(pct(next.attacker), `${column}% roll ${roll + 1}`).toBeLessThanOrEqual(pct(here.attacker));
        expect(pct(next.defender), `${column}% roll ${roll + 1}`).toBeGreaterThanOrEqual(pct(here.defender));
      }
  });

  it('9.6: a higher column is never worse for the attacker at the same modified roll', () => {
    const cols = defaultCrt.columns;
    for (let roll = -1; roll <= 8; roll++)
      for (let i = 1; i < cols.length; i++) {
        const lower = defaultCrt.lookup(cols[i - 1]!, roll)!;
        const higher = defaultCrt.lookup(cols[i]!, roll)!;
        expect(pct(higher.attacker), `${cols[i]}% roll ${roll}`).toBeLessThanOrEqual(pct(lower.attacker));
        expect(pct(higher.defender), `${cols[i]}% roll ${roll}`).toBeGreaterThanOrEqual(pct(lower.defender));
      }
  });

  it('9.6: every reconstructed column carries its rationale', () => {
    const notes = defaultCrt.data.columnNotes ?? [];
    expect(notes.map((n) => n.column)).toEqual([...defaultCrt.columns]);
  });
});

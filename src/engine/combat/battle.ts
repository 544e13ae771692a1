// Resolving one battle: 9.0 procedure, 9.3 losses, 9.4 results (L, P, extraction, leftovers), victor.
import type { CombatResult, Crt, SideResult } from '../tables/crt.js';
import { percentageLoss } from '../tables/percentage-loss.js';
import { combatCommander, combatValues, lowestRankedLeader } from './commander.js';
import { combatColumn, modifiedCombatRoll } from './odds.js';
import {
  type CombatForce,
  type CombatLeader,
  type RuleViolation,
  type Side,
  totalSp,
  violation,
} from './types.js';

export interface BattleInput {
  attacker: CombatForce;
  defender: CombatForce;
  /** The attacker's die roll (1-6). */
  die: number;
  /** 9.22: the battle hex is a Mountain hex. */
  mountain: boolean;
  crt: Crt;
  /** 9.45: the order in which each side gives up SP by nationality; default: largest contingent first. */
  extractionOrder?: Partial<Record<Side, readonly string[]>>;
}

/** What one side lost in a battle. */
export interface SideOutcome {
  side: Side;
  result: SideResult;
  /** SP eliminated by the combat result (9.32), by nationality. */
  eliminated: Record<string, number>;
  /** SP taken by the enemy as prisoners (victor's difference, or the whole force on P), by nationality. */
  captured: Record<string, number>;
  /** 9.44: leader killed in action (removed for good). */
  killed: string[];
  /** Leaders captured (P result, or left without SP per 9.46). */
  capturedLeaders: string[];
  /** SP and leaders still in the hex afterwards. */
  remainingSp: Record<string, number>;
  remainingLeaders: CombatLeader[];
  /** Total used to decide the victor: enemy SP eliminated + own commander's Initiative. */
  score: number;
}

export interface BattleOutcome {
  column: number;
  /** The attacker's die before modifiers, when the battle was decided by the CRT. */
  die?: number;
  modifiedRoll: number;
  result: CombatResult;
  attacker: SideOutcome;
  defender: SideOutcome;
  /** Winning side, or 'draw' (equal scores). */
  victor: Side | 'draw';
  /** Prisoners granted to the victor (score difference), before 9.45 limits. */
  prisonersDue: number;
  /** 9.51: the side that must retreat its remnants, if any remain. */
  mustRetreat: Side | undefined;
  /** 9.46: depots of this side left in the hex fall to the enemy (10.46 decides after the retreat). */
  depotsLost: Side[];
  /** Issue #16: the battle was fought out on a Leuthen tactical map (column and roll are then 0). */
  tactical?: boolean;
}

/**
 * 9.45: removes `count` SP from a force as fully as possible, following `order` (nationalities); the
 * excess is ignored. Default order: repeatedly from the currently largest contingent (ties by name).
 */
export function extractLosses(
  sp: Readonly<Record<string, number>>,
  count: number,
  order?: readonly string[],
): { taken: Record<string, number>; remaining: Record<string, number> } {
  const remaining: Record<string, number> = { ...sp };
  const taken: Record<string, number> = {};
  let left = Math.min(count, totalSp(sp));
  if (order) {
    const seq = [
      ...order,
      ...Object.keys(remaining)
        .filter((n) => !order.includes(n))
        .sort(),
    ];
    for (const n of seq) {
      const t = Math.min(left, remaining[n] ?? 0);
      if (t > 0) {
        remaining[n] = (remaining[n] ?? 0) - t;
        taken[n] = (taken[n] ?? 0) + t;
        left -= t;
      }
    }
  } else {
    while (left > 0) {
      const [n] = Object.entries(remaining)
        .filter(([, v]) => v > 0)
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
      remaining[n] = remaining[n]! - 1;
      taken[n] = (taken[n] ?? 0) + 1;
      left--;
    }
  }
  return { taken, remaining };
}

function addInto(target: Record<string, number>, more: Record<string, number>): void {
  for (const [n, v] of Object.entries(more)) target[n] = (target[n] ?? 0) + v;
}

interface Working {
  force: CombatForce;
  out: SideOutcome;
}

/** Resolves a battle the instant an attack is committed (9.0). Returns a violation for illegal attacks. */
export function resolveBattle(input: BattleInput): BattleOutcome | RuleViolation {
  const { attacker, defender, crt } = input;
  if (attacker.side === defender.side) return violation('9.11', 'a side cannot attack itself');
  if (attacker.demoralized) return violation('9.14', 'a demoralized force may not attack');
  if (!Number.isInteger(input.die) || input.die < 1 || input.die > 6)
    return violation('9.0', `die roll ${input.die} is not 1-6`);
  const column = combatColumn(crt, totalSp(attacker.sp), totalSp(defender.sp));
  if (typeof column !== 'number') return column;
  const modifiedRoll = modifiedCombatRoll(
    input.die,
    combatValues(attacker).attack,
    combatValues(defender).defence,
    input.mountain,
  );
  const result = crt.lookup(column, modifiedRoll)!;

  const make = (force: CombatForce, r: SideResult): Working => ({
    force,
    out: {
      side: force.side,
      result: r,
      eliminated: {},
      captured: {},
      killed: [],
      capturedLeaders: [],
      remainingSp: { ...force.sp },
      remainingLeaders: [...force.leaders],
      score: 0,
    },
  });
  const a = make(attacker, result.attacker);
  const d = make(defender, result.defender);
  const sides: [Working, Working] = [a, d];
  const order = (w: Working) => input.extractionOrder?.[w.force.side];

  // 9.32/9.42: percentage losses are read against each force's strength at the start of the battle.
  for (const w of sides) {
    const r = w.out.result;
    if (r.kind === 'loss') {
      const n = percentageLoss(r.percent, totalSp(w.force.sp));
      const { taken, remaining } = extractLosses(w.out.remainingSp, n, order(w));
      w.out.eliminated = taken;
      w.out.remainingSp = remaining;
      // 9.44: the L leader dies at once, before the victor is decided.
      if (r.leaderKilled) {
        const victim = lowestRankedLeader(w.out.remainingLeaders);
        if (victim) {
          w.out.killed.push(victim.id);
          w.out.remainingLeaders = w.out.remainingLeaders.filter((l) => l.id !== victim.id);
        }
      }
    } else {
      // 9.43: the whole force (leaders included, 14.0) becomes prisoners.
      w.out.captured = { ...w.out.remainingSp };
      w.out.remainingSp = Object.fromEntries(Object.keys(w.out.remainingSp).map((n) => [n, 0]));
      w.out.capturedLeaders = w.out.remainingLeaders.map((l) => l.id);
      w.out.remainingLeaders = [];
    }
  }

  // Victor (9.0): enemy SP eliminated (P captures count, docs/rulings.md 9.43) + own commander Initiative.
  const removedBy = (enemy: Working) => totalSp(enemy.out.eliminated) + totalSp(enemy.out.captured);
  const initiativeAfterLosses = (w: Working) =>
    w.out.remainingLeaders.length === 0
      ? 0
      : combatValues({ ...w.force, sp: w.force.sp, leaders: w.out.remainingLeaders }).initiative;
  a.out.score = removedBy(d) + initiativeAfterLosses(a);
  d.out.score = removedBy(a) + initiativeAfterLosses(d);
  let victor: Side | 'draw' = 'draw';
  if (result.attacker.kind === 'captured' && result.defender.kind !== 'captured') victor = defender.side;
  else if (result.defender.kind === 'captured' && result.attacker.kind !== 'captured') victor = attacker.side;
  else if (a.out.score !== d.out.score) victor = a.out.score > d.out.score ? attacker.side : defender.side;

  let prisonersDue = 0;
  if (victor !== 'draw') {
    const loser = victor === attacker.side ? d : a;
    if (loser.out.result.kind !== 'captured') {
      prisonersDue = Math.abs(a.out.score - d.out.score);
      // 9.45: prisoners too are extracted as fully as possible; excess ignored.
      const { taken, remaining } = extractLosses(loser.out.remainingSp, prisonersDue, order(loser));
      addInto(loser.out.captured, taken);
      loser.out.remainingSp = remaining;
    }
  }

  // 9.46: a side left with leaders (and depots) but no SP loses them if an enemy SP survived.
  const depotsLost: Side[] = [];
  for (const [w, enemy] of [
    [a, d],
    [d, a],
  ] as const) {
    if (totalSp(w.out.remainingSp) === 0 && totalSp(enemy.out.remainingSp) > 0) {
      w.out.capturedLeaders.push(...w.out.remainingLeaders.map((l) => l.id));
      w.out.remainingLeaders = [];
      depotsLost.push(w.force.side);
    }
  }

  let mustRetreat: Side | undefined;
  if (victor !== 'draw') {
    const loser = victor === attacker.side ? d : a;
    if (totalSp(loser.out.remainingSp) > 0 || loser.out.remainingLeaders.length > 0)
      mustRetreat = loser.force.side;
  }
  return {
    column,
    die: input.die,
    modifiedRoll,
    result,
    attacker: a.out,
    defender: d.out,
    victor,
    prisonersDue,
    mustRetreat,
    depotsLost,
  };
}

/** 9.0 procedure: which side holds the first option to attack in a hex; `tieDice` when Initiatives are equal. */
export function firstAttackOption(
  allied: CombatForce,
  coalition: CombatForce,
  tieDice?: { 'prussian-allied': number; coalition: number },
): Side | 'roll' | 'reroll' {
  const ia = combatValues(allied).initiative;
  const ic = combatValues(coalition).initiative;
  if (ia !== ic) return ia > ic ? 'prussian-allied' : 'coalition';
  if (!tieDice) return 'roll';
  if (tieDice['prussian-allied'] === tieDice.coalition) return 'reroll';
  return tieDice['prussian-allied'] > tieDice.coalition ? 'prussian-allied' : 'coalition';
}

export { combatCommander };

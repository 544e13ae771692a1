// Tactical end state -> strategic battle outcome (issue #16, design 5.6): the value the Combat
// Phase's outcome code (src/engine/combat/outcome.ts) applies exactly as it applies a table result.
// Pure: the leader-fate dice come from the caller (the campaign's RNG).

import {
  type BattleOutcome,
  type CombatForce,
  combatValues,
  extractLosses,
  type SideOutcome,
  totalSp,
} from '../../engine/index.js';
import type { Side } from '../schema.js';
import type { Over } from '../state.js';
import { type BridgeData, bridgeData } from './data.js';
import { type TacticalSetup, tacticalSide } from './forces.js';

/** What the conversion reads of a finished battle (a TacState has all of it). */
export interface TacticalEnd {
  units: readonly {
    id: string;
    side: Side;
    cp: number;
    cpStart: number;
    eliminated: boolean;
    routed: boolean;
  }[];
  leaders: readonly { id: string; side: Side; eliminated: boolean }[];
  over: Pick<Over, 'winner' | 'reason'> | null;
}

export interface OutcomeInput {
  setup: TacticalSetup;
  end: TacticalEnd;
  /** The strategic forces as committed (the same ones converted by toTacticalSetup). */
  attacker: CombatForce;
  defender: CombatForce;
  /** One d6 (1-6) per fallen leader, in the order asked (design 5.6 step 5). */
  rollD6: () => number;
  data?: BridgeData;
}

const halfUp = (x: number) => Math.floor(x + 0.5);

/** True when the battle ended because a side broke (withdrawal level, fallen commander), not on time. */
export function brokeOrWithdrew(over: Pick<Over, 'winner' | 'reason'>): boolean {
  return over.winner !== null && !over.reason.startsWith('end of turn');
}

export function toStrategicOutcome(input: OutcomeInput): BattleOutcome {
  const d = input.data ?? bridgeData;
  const { setup, end } = input;
  if (!end.over) throw new Error('bridge: the battle is not over');
  const natOf = new Map(setup.units.map((u) => [u.id, u.nationality]));
  const forces = [input.attacker, input.defender] as const;
  const sides = forces.map((f) => tacticalSide(f.side)) as [Side, Side];

  // Who broke: decided before captures, since only the loser's routed units are taken.
  const broke = brokeOrWithdrew(end.over) ? end.over.winner : null;

  const lostCp = (side: Side, captured: boolean, loser: Side | null) => {
    const out: Record<string, number> = {};
    for (const u of end.units) {
      if (u.side !== side) continue;
      const nat = natOf.get(u.id);
      if (!nat) continue;
      let cp: number;
      if (captured)
        cp = d.outcome.capturedRoutedOfLoser && loser === side && u.routed && !u.eliminated ? u.cp : 0;
      else cp = u.cpStart - (u.eliminated ? 0 : u.cp);
      if (cp > 0) out[nat] = (out[nat] ?? 0) + cp;
    }
    return out;
  };

  const make = (force: CombatForce, side: Side, loserIfBroke: Side | null): SideOutcome => {
    const present = setup.spPresent[side] ?? force.sp;
    const remainingSp: Record<string, number> = { ...force.sp };
    const eliminated: Record<string, number> = {};
    const captured: Record<string, number> = {};
    const killedCp = lostCp(side, false, loserIfBroke);
    const takenCp = lostCp(side, true, loserIfBroke);
    for (const nat of Object.keys(force.sp)) {
      const cap = Math.min(force.sp[nat] ?? 0, present[nat] ?? 0);
      const e = Math.min(cap, halfUp((killedCp[nat] ?? 0) / d.cpPerSp.value));
      const c = Math.min(cap - e, halfUp((takenCp[nat] ?? 0) / d.cpPerSp.value));
      if (e > 0) eliminated[nat] = e;
      if (c > 0) captured[nat] = c;
      remainingSp[nat] = (force.sp[nat] ?? 0) - e - c;
    }
    return {
      side: force.side,
      result: {
        kind: 'loss',
        percent: totalSp(force.sp) ? Math.round((totalSp(eliminated) / totalSp(force.sp)) * 20) * 5 : 0,
        leaderKilled: false,
      },
      eliminated,
      captured,
      killed: [],
      capturedLeaders: [],
      remainingSp,
      remainingLeaders: [...force.leaders],
      score: 0,
    };
  };

  const loserIfBroke = broke ? (broke === sides[0] ? sides[1] : sides[0]) : null;
  const a = make(input.attacker, sides[0], loserIfBroke);
  const b = make(input.defender, sides[1], loserIfBroke);

  // 9.0 score: enemy SP removed + own commander's Initiative (after losses; demoralized: 0).
  const removed = (o: SideOutcome) => totalSp(o.eliminated) + totalSp(o.captured);
  const init = (f: CombatForce, leaders: SideOutcome['remainingLeaders']) =>
    leaders.length ? combatValues({ ...f, leaders }).initiative : 0;

  // Leader fates (design 5.6 step 5): a strategic leader whose counter fell. The victor must be
  // known for "captured if his side lost", so decide it first on the score before fates (fates
  // only remove the leader; his Initiative still counted in the battle he fought).
  a.score = removed(b) + init(input.attacker, a.remainingLeaders);
  b.score = removed(a) + init(input.defender, b.remainingLeaders);
  let victor: BattleOutcome['victor'];
  if (broke) victor = broke === sides[0] ? input.attacker.side : input.defender.side;
  else {
    // Nightfall with neither army broken (ruling "Draw band", docs/tactical-rulings.md): the 9.0
    // totals are compared before the CP -> SP rounding, and a lead smaller than the draw margin
    // counts as equal totals, a draw. The table's draws come from its 5 % steps; without the band a
    // single CP (a quarter SP, rounded up) decided battles that neither army had lost.
    const exact = (force: CombatForce, enemy: Side, leaders: SideOutcome['remainingLeaders']) =>
      Object.values(lostCp(enemy, false, null)).reduce((x, y) => x + y, 0) / d.cpPerSp.value +
      init(force, leaders);
    const ea = exact(input.attacker, sides[1], a.remainingLeaders);
    const eb = exact(input.defender, sides[0], b.remainingLeaders);
    if (ea === eb || Math.abs(ea - eb) < d.outcome.drawMargin) victor = 'draw';
    else victor = ea > eb ? input.attacker.side : input.defender.side;
  }

  const fallen = new Set(end.leaders.filter((l) => l.eliminated).map((l) => l.id));
  for (const [o, force] of [
    [a, input.attacker],
    [b, input.defender],
  ] as const) {
    const side = tacticalSide(force.side);
    const lost = victor !== 'draw' && victor !== force.side;
    for (const l of setup.leaders) {
      if (l.side !== side || !l.strategicId || !fallen.has(l.id)) continue;
      if (!force.leaders.some((x) => x.id === l.strategicId)) continue;
      const die = input.rollD6();
      if (die <= d.leaderFates.killedMax) o.killed.push(l.strategicId);
      else if (lost) o.capturedLeaders.push(l.strategicId);
    }
    const gone = new Set([...o.killed, ...o.capturedLeaders]);
    o.remainingLeaders = o.remainingLeaders.filter((l) => !gone.has(l.id));
    if (o.killed.length && o.result.kind === 'loss') o.result = { ...o.result, leaderKilled: true };
  }

  // 9.0 / 9.45: the loser yields the score difference as prisoners, as fully as possible.
  let prisonersDue = 0;
  if (victor !== 'draw') {
    const loser = victor === input.attacker.side ? b : a;
    const winner = victor === input.attacker.side ? a : b;
    prisonersDue = Math.max(0, winner.score - loser.score);
    const { taken, remaining } = extractLosses(loser.remainingSp, prisonersDue);
    for (const [n, v] of Object.entries(taken)) loser.captured[n] = (loser.captured[n] ?? 0) + v;
    loser.remainingSp = remaining;
  }

  // 9.46: a side left with leaders but no SP loses them (and its depots) if an enemy SP survived.
  const depotsLost: BattleOutcome['depotsLost'] = [];
  for (const [o, e] of [
    [a, b],
    [b, a],
  ] as const) {
    if (totalSp(o.remainingSp) === 0 && totalSp(e.remainingSp) > 0) {
      o.capturedLeaders.push(...o.remainingLeaders.map((l) => l.id));
      o.remainingLeaders = [];
      depotsLost.push(o.side);
    }
  }
  let mustRetreat: BattleOutcome['mustRetreat'];
  if (victor !== 'draw') {
    const loser = victor === input.attacker.side ? b : a;
    if (totalSp(loser.remainingSp) > 0 || loser.remainingLeaders.length > 0) mustRetreat = loser.side;
  }
  return {
    column: 0,
    modifiedRoll: 0,
    result: { attacker: a.result, defender: b.result },
    attacker: a,
    defender: b,
    victor,
    prisonersDue,
    mustRetreat,
    depotsLost,
    tactical: true,
  };
}

// The orders a side gives during an activation (or a strategic turn, or the barrage / command
// phases): validation (pure; returns the RuleError naming the case) and execution. legal.ts
// offers exactly the orders these validators accept.
import { type RuleError, rollD6, ruleError } from '../../kernel/index.js';
import type { Env } from '../env.js';
import { type Ctx, ev } from '../events.js';
import { type Vertex, vertexTurns } from '../hex.js';
import type { Activation, Side, TacState, UnitState } from '../state.js';
import { otherSide } from '../state.js';
import {
  commandBlocked,
  distance,
  effMorale,
  effTerrain,
  enemyIn,
  enterCost,
  flanksOf,
  frontHexes,
  hasLos,
  isArtillery,
  isCavalry,
  isLight,
  leaderOf,
  mayEnter,
  mayStackInto,
  moveClass,
  moveHexes,
  rearHexes,
  terrainRow,
  unitOf,
  unitsAt,
  zocOf,
} from './board.js';
import { batteryCanFireAt, loneBattery, resolveBreach, resolveFire } from './combat.js';
import { dCheck, disorganize, displaceLeaders } from './effects.js';
import { runTasks } from './tasks.js';

const err = ruleError;

/** The activation in progress for `side`, if any. */
export function activationOf(s: TacState, side: Side): Activation | undefined {
  return s.activation && s.activation.side === side ? s.activation : undefined;
}

/** Whether `u` may act now for `side` (5, 8.3, Scenario 1), else the RuleError. */
export function unitMayAct(
  s: TacState,
  side: Side,
  u: UnitState | undefined,
  formation?: string,
): RuleError | undefined {
  if (!u) return err('input', 'unknown-unit', 'No such unit.');
  if (u.side !== side) return err('5', 'not-yours', `${u.name} is not a ${side} unit.`);
  if (formation !== undefined && u.formation !== formation)
    return err('5', 'not-your-formation', `${u.name} does not belong to your formation.`);
  const a = activationOf(s, side);
  if (!a) return err('5', 'not-active', `No ${side} formation is active now.`);
  if (!a.formations.includes(u.formation))
    return err('5', 'formation-not-active', `${u.name}'s formation is not the active one.`);
  if (a.failed.includes(u.formation))
    return err(
      '8.3',
      'activation-failed',
      `${u.name}'s formation failed its activation check: its units may not act this turn.`,
    );
  if (u.blockedThrough >= s.turn && s.phase !== 'strategic')
    return err(
      'Scenario 1',
      'blocked',
      `${u.name} set up on or north of the blocked row and may not act before turn ${u.blockedThrough + 1}.`,
    );
  if (u.eliminated) return err('input', 'eliminated', `${u.name} is eliminated.`);
  return undefined;
}

/** 7.1 / 9.2 / Scenario 2: the MP a unit may spend in this activation. */
export function allowance(s: TacState, u: UnitState): number {
  if (s.phase === 'strategic') return u.ma * (s.strategicRules?.maMultiplier ?? 1);
  const a = s.activation;
  if (a && !a.inCommand.includes(u.id)) return Math.ceil(u.ma / 2);
  return u.ma;
}

function finishedCheck(a: Activation, u: UnitState, s: TacState): RuleError | undefined {
  if (a.finished.includes(u.id))
    return err(
      '7.1',
      'finished',
      `${u.name} has finished moving (a unit completes its move before another moves).`,
    );
  // Strategic turns all have turn 0: there the activation record alone tells who moved.
  if (s.phase !== 'strategic' && u.movedTurn === s.turn && a.current !== u.id && !(u.id in a.mp))
    return err('5', 'moved', `${u.name} has already moved this turn.`);
  return undefined;
}

/**
 * What a move and a facing change both require of the unit (5, 7.1, 12.4): it may act, its
 * formation is still moving, it is on the map, not routed, did not fire in the Barrage Phase, and
 * has not finished moving. The unit and the activation, else the RuleError.
 */
function mayMoveNow(
  s: TacState,
  side: Side,
  unitId: string,
  formation?: string,
): RuleError | { unit: UnitState & { hex: string }; a: Activation } {
  const u = unitOf(s, unitId);
  const e = unitMayAct(s, side, u, formation);
  if (e) return e;
  const unit = u!;
  const a = s.activation!;
  if (a.stage !== 'move')
    return err('5', 'combat-stage', 'The formation has begun its combat: movement is over (5).');
  if (unit.hex === null) return err('input', 'off-map', `${unit.name} is not on the map.`);
  if (unit.routed) return err('12.4', 'routed', `${unit.name} is routed and may not move voluntarily.`);
  if (isArtillery(unit) && unit.barrageTurn === s.turn)
    return err('7.1', 'fired-in-barrage', `${unit.name} fired in the Barrage Phase and may not move.`);
  const f = finishedCheck(a, unit, s);
  if (f) return f;
  return { unit: unit as UnitState & { hex: string }, a };
}

/** Scenario 2: no unit may come closer than the close range to an enemy unit it can see. */
function tooClose(s: TacState, env: Env, side: Side, hex: string): boolean {
  if (s.phase !== 'strategic' || !s.strategicRules) return false;
  const r = s.strategicRules.closeRange;
  return s.units.some(
    (e) =>
      e.side !== side &&
      !e.eliminated &&
      e.hex !== null &&
      distance(e.hex, hex) < r &&
      hasLos(s, env, e.hex, hex),
  );
}

/** Scenario 2: an enemy unit within the close range (three hexes or less) sees `hex`. */
function seenWithin(s: TacState, env: Env, side: Side, hex: string): boolean {
  const r = s.strategicRules?.closeRange ?? 3;
  return s.units.some(
    (e) =>
      e.side !== side &&
      !e.eliminated &&
      e.hex !== null &&
      distance(e.hex, hex) <= r &&
      hasLos(s, env, e.hex, hex),
  );
}

export interface MovePlan {
  cost: number;
  kind: 'move' | 'withdraw' | 'disengage';
  stop: boolean;
}

/** 7.1, 7.3, 6.1, 9.2, 3: may `u` move into `to` now? */
export function checkMove(
  s: TacState,
  env: Env,
  side: Side,
  unitId: string,
  to: string,
  formation?: string,
): RuleError | MovePlan {
  const ready = mayMoveNow(s, side, unitId, formation);
  if ('rule' in ready) return ready;
  const { unit, a } = ready;
  if (a.withdrew.includes(unit.id))
    return err('7.3', 'withdrew', `${unit.name} withdrew and may only change facing.`);
  if (!env.map.has(to)) return err('input', 'off-map', `Hex ${to} is not on the map.`);
  if (distance(unit.hex, to) !== 1)
    return err('7.1', 'not-adjacent', `${to} is not adjacent to ${unit.name} (${unit.hex}).`);
  const cost = enterCost(s, env, moveClass(unit), unit.hex, to);
  if (cost === null)
    return err(
      '7.1',
      'prohibited',
      `${unit.name} may not enter ${to} (${effTerrain(s, env, to)}; Terrain Table).`,
    );
  if (enemyIn(s, side, to)) return err('7.1', 'enemy', `${to} holds an enemy unit.`);
  if (!mayStackInto(s, unit, to))
    return err('3', 'stacking', `${unit.name} may not stack with the units in ${to} (3).`);
  if (tooClose(s, env, side, to))
    return err(
      'Scenario 2',
      'too-close',
      `In a strategic turn no unit may come within ${s.strategicRules!.closeRange - 1} hexes of an enemy it can see.`,
    );
  const enemyZoc = zocOf(s, env, otherSide(side));
  const inZoc = enemyZoc.has(unit.hex);
  const spent = a.mp[unit.id] ?? 0;
  const allow = allowance(s, unit);
  const inCommand = a.inCommand.includes(unit.id) || s.phase === 'strategic';
  if (!inCommand) {
    const leader = formationLeaderHex(s, unit.formation);
    if (leader !== null && distance(to, leader) > distance(unit.hex, leader))
      return err(
        '9.2',
        'away-from-leader',
        `${unit.name} is out of command and may not move away from its leader.`,
      );
  }
  let plan: MovePlan;
  const front = moveHexes(env, unit);
  if (inZoc) {
    if (front.includes(to)) {
      if (enemyZoc.has(to))
        return err(
          '6.1',
          'zoc-to-zoc',
          `${unit.name} may not move directly from one enemy ZOC hex to another.`,
        );
      plan = { cost: cost + 1, kind: 'move', stop: false };
    } else if (rearHexes(env, unit).includes(to)) {
      if (enemyZoc.has(to))
        return err(
          '6.1',
          'zoc-to-zoc',
          `${unit.name} may not withdraw into another enemy ZOC hex (6.1, 7.3).`,
        );
      plan = { cost: Math.ceil(unit.ma / 2) + cost, kind: 'withdraw', stop: false };
    } else
      return err(
        '7.3',
        'zoc-exit',
        `${unit.name} is in an enemy ZOC: it may leave only into a front hex or withdraw into a rear hex (7.3).`,
      );
    if (!inCommand) plan = { ...plan, cost: allow, kind: 'disengage' };
  } else {
    if (!front.includes(to))
      return err(
        '7.1',
        'not-front',
        `${unit.name} may move only into its two front hexes (7.1); ${to} is not one.`,
      );
    plan = { cost, kind: 'move', stop: false };
  }
  if (enemyZoc.has(to)) plan.stop = true;
  // Scenario 2: the doubled strategic move ends once the unit is within three hexes of an enemy it can see.
  if (s.phase === 'strategic' && seenWithin(s, env, side, to)) plan.stop = true;
  if (spent > 0 && spent + plan.cost > allow)
    return err(
      '7.1',
      'no-mp',
      `${unit.name} has ${Math.max(0, allow - spent)} MP left; entering ${to} costs ${plan.cost}.`,
    );
  return plan;
}

export function formationLeaderHex(s: TacState, formation: string): string | null {
  const f = s.formations.find((x) => x.id === formation);
  const l = f?.leader ? leaderOf(s, f.leader) : undefined;
  return l && !l.eliminated ? l.hex : null;
}

function setCurrent(a: Activation, id: string): void {
  if (a.current && a.current !== id && !a.finished.includes(a.current)) a.finished.push(a.current);
  a.current = id;
}

export function doMove(c: Ctx, side: Side, unitId: string, to: string, plan: MovePlan): void {
  const { s, env } = c;
  const u = unitOf(s, unitId)!;
  const a = s.activation!;
  setCurrent(a, u.id);
  const from = u.hex!;
  const allow = allowance(s, u);
  a.mp[u.id] = plan.stop ? Math.max(allow, (a.mp[u.id] ?? 0) + plan.cost) : (a.mp[u.id] ?? 0) + plan.cost;
  u.hex = to;
  u.movedTurn = s.turn;
  // 11.2: a charge needs two hexes straight through clear terrain.
  const clear =
    effTerrain(s, env, to) === 'clear' &&
    effTerrain(s, env, from) === 'clear' &&
    env.map.hexsideFeatures(from, to).every((x) => x === 'road');
  a.charge[u.id] = clear ? (a.charge[u.id] ?? 0) + 1 : 0;
  if (plan.kind === 'withdraw' || plan.kind === 'disengage') a.withdrew.push(u.id);
  c.events.push(
    ev(
      'move',
      `${u.name} ${plan.kind === 'move' ? 'moves' : 'withdraws'} ${from} -> ${to} (${plan.cost} MP).`,
      { unit: u.id, from, to, cost: plan.cost },
    ),
  );
  displaceLeaders(c, to, otherSide(side));
  if (plan.kind !== 'move' && flanksOf(s, env, otherSide(side)).has(to)) {
    // 7.3 follows the retreat rules: withdrawing into an enemy flank hex may disorganize (11.6).
    const die = rollD6(s);
    if (die + effMorale(s, env, u) <= 4) disorganize(c, u, '7.3 / 11.6: withdrawal into an enemy flank hex');
  }
  // 12.6 (ruling Terrain Table): non-light troops check on entering woods or a town.
  if (terrainRow(s, env, to).entryCheck && !isLight(u) && !isArtillery(u))
    dCheck(c, u, `entering ${effTerrain(s, env, to)} (12.6)`);
  runTasks(c);
}

/** 7.2: facing change: 1 MP a vertex, 2 in an enemy ZOC with a Facing check. */
export function checkFace(
  s: TacState,
  env: Env,
  side: Side,
  unitId: string,
  facing: number,
  formation?: string,
): RuleError | { cost: number; zoc: boolean } {
  const ready = mayMoveNow(s, side, unitId, formation);
  if ('rule' in ready) return ready;
  const { unit, a } = ready;
  const turns = vertexTurns(unit.facing as Vertex, facing as Vertex);
  if (turns === 0) return err('7.2', 'same-facing', `${unit.name} already faces that way.`);
  const zoc = zocOf(s, env, otherSide(side)).has(unit.hex);
  const cost = turns * (zoc ? 2 : 1);
  const spent = a.mp[unit.id] ?? 0;
  if (spent + cost > allowance(s, unit))
    return err(
      '7.2',
      'no-mp',
      `${unit.name} has ${Math.max(0, allowance(s, unit) - spent)} MP left; turning costs ${cost}.`,
    );
  return { cost, zoc };
}

export function doFace(c: Ctx, unitId: string, facing: number, plan: { cost: number; zoc: boolean }): void {
  const { s, env } = c;
  const u = unitOf(s, unitId)!;
  const a = s.activation!;
  setCurrent(a, u.id);
  a.mp[u.id] = (a.mp[u.id] ?? 0) + plan.cost;
  a.charge[u.id] = 0;
  u.movedTurn = s.turn;
  const old = u.facing;
  u.facing = facing;
  c.events.push(
    ev('face', `${u.name} turns from vertex ${old} to ${facing} (${plan.cost} MP).`, { unit: u.id, facing }),
  );
  if (plan.zoc) {
    const die = rollD6(s);
    const r = die + effMorale(s, env, u);
    c.events.push(
      ev('facing-check', `${u.name} Facing check in an enemy ZOC: d6 ${die} + morale = ${r} (7.2).`, {
        unit: u.id,
        die,
      }),
    );
    if (r <= 5) disorganize(c, u, '7.2 Facing check');
  }
  runTasks(c);
}

/** Scenario 2: a unit enters at its entry hex, first of its column, paying the hex's MP. */
export function checkEnter(
  s: TacState,
  env: Env,
  side: Side,
  unitId: string,
  formation?: string,
): RuleError | { cost: number } {
  const u = unitOf(s, unitId);
  const e = unitMayAct(s, side, u, formation);
  if (e) return e;
  const unit = u!;
  const a = s.activation!;
  if (a.stage !== 'move')
    return err('5', 'combat-stage', 'The formation has begun its combat: movement is over (5).');
  if (unit.hex !== null || !unit.entry)
    return err('Scenario 2', 'not-off-map', `${unit.name} is not waiting to enter.`);
  const ahead = s.units.some(
    (x) =>
      x.entry?.hex === unit.entry!.hex &&
      x.hex === null &&
      !x.eliminated &&
      x.movedTurn === null &&
      x.entry.order < unit.entry!.order,
  );
  if (ahead)
    return err(
      'Scenario 2',
      'column-order',
      `${unit.name} enters behind the units ahead of it in its column at ${unit.entry.hex}.`,
    );
  const hex = unit.entry.hex;
  const cost = terrainRow(s, env, hex).mp[moveClass(unit)];
  if (cost === null) return err('7.1', 'prohibited', `${unit.name} may not enter ${hex}.`);
  if (enemyIn(s, side, hex)) return err('7.1', 'enemy', `${hex} holds an enemy unit.`);
  if (!mayStackInto(s, unit, hex)) return err('3', 'stacking', `${hex} is full (3): the column waits.`);
  if (tooClose(s, env, side, hex))
    return err('Scenario 2', 'too-close', 'The entry hex is too close to a seen enemy.');
  if (cost > allowance(s, unit))
    return err('Scenario 2', 'no-mp', `${unit.name} lacks the MP to enter this turn.`);
  return { cost };
}

export function doEnter(c: Ctx, unitId: string, facing: number, cost: number): void {
  const { s } = c;
  const u = unitOf(s, unitId)!;
  const a = s.activation!;
  setCurrent(a, u.id);
  u.hex = u.entry!.hex;
  u.facing = facing;
  u.movedTurn = s.turn;
  a.mp[u.id] = cost;
  a.charge[u.id] = 0;
  if (!a.inCommand.includes(u.id)) a.inCommand.push(u.id);
  c.events.push(ev('enter', `${u.name} enters the map at ${u.hex}.`, { unit: u.id, hex: u.hex }));
}

/** 7.4 (C-in-C, Command Phase) / 9 (formation leader, with his activation): one hex. */
export function checkLeaderMove(
  s: TacState,
  env: Env,
  side: Side,
  leaderId: string,
  to: string,
  formation?: string,
): RuleError | { cost: number } {
  const l = leaderOf(s, leaderId);
  if (!l || l.eliminated || l.hex === null)
    return err('input', 'unknown-leader', 'No such leader on the map.');
  if (l.side !== side) return err('9', 'not-yours', `${l.name} is not yours.`);
  if (formation !== undefined && l.formation !== formation)
    return err('9', 'not-your-formation', `${l.name} is not your formation's leader.`);
  if (!env.map.has(to) || distance(l.hex, to) !== 1)
    return err('7.4', 'not-adjacent', `${to} is not adjacent to ${l.name}.`);
  if (enemyIn(s, side, to)) return err('7.4', 'enemy', `${to} holds an enemy unit.`);
  if (commandBlocked(s, env, side).has(to))
    return err(
      '7.4',
      'enemy-front',
      `${l.name} may not enter an enemy front or flank hex unless a friendly unit is there (7.4, 6.1).`,
    );
  const moved = s.leaderMoves[l.id] ?? 0;
  if (l.role === 'cinc') {
    if (s.phase !== 'command')
      return err('7.4', 'not-command-phase', 'A Commander in chief moves in the Command Phase (4.D, 7.4).');
    if (s.doneSides.includes(side)) return err('4', 'done', 'You have finished the Command Phase.');
    if (moved + 1 > s.leaderRules.cincMoveHexes)
      return err('7.4', 'too-far', `${l.name} has moved his ${s.leaderRules.cincMoveHexes} hexes.`);
    return { cost: 1 };
  }
  const a = activationOf(s, side);
  if (!a || l.formation === null || !a.formations.includes(l.formation))
    return err('9', 'not-active', `${l.name}'s formation is not active.`);
  if (a.failed.includes(l.formation))
    return err('8.3', 'activation-failed', `${l.name} failed the activation check.`);
  if (a.stage !== 'move')
    return err('5', 'combat-stage', 'The formation has begun its combat: movement is over (5).');
  if (l.blockedThrough >= s.turn)
    return err('Scenario 1', 'blocked', `${l.name} may not act before turn ${l.blockedThrough + 1}.`);
  const cost = enterCost(s, env, 'cavalry', l.hex, to);
  if (cost === null) return err('9', 'prohibited', `${l.name} moves like cavalry and may not enter ${to}.`);
  if (moved > 0 && moved + cost > l.ma) return err('9', 'no-mp', `${l.name} has ${l.ma - moved} MP left.`);
  return { cost };
}

export function doLeaderMove(c: Ctx, leaderId: string, to: string, cost: number): void {
  const l = leaderOf(c.s, leaderId)!;
  const from = l.hex;
  l.hex = to;
  c.s.leaderMoves[l.id] = (c.s.leaderMoves[l.id] ?? 0) + cost;
  c.events.push(ev('leader-move', `${l.name} rides ${from} -> ${to}.`, { leader: l.id, from, to }));
}

/** 10.1 / 11.1: may `unitId` fire at `targetId` now? */
export function checkFire(
  s: TacState,
  env: Env,
  side: Side,
  unitId: string,
  targetId: string,
  formation?: string,
): RuleError | undefined {
  const u = unitOf(s, unitId);
  const t = unitOf(s, targetId);
  if (!u || u.side !== side || u.eliminated || u.hex === null)
    return err('input', 'unknown-unit', 'No such unit of yours on the map.');
  if (formation !== undefined && u.formation !== formation)
    return err('5', 'not-your-formation', `${u.name} does not belong to your formation.`);
  if (!t || t.side === side || t.eliminated || t.hex === null)
    return err('input', 'unknown-target', 'No such enemy unit on the map.');
  if (s.phase === 'barrage') {
    if (s.actingSide !== side)
      return err('4.B', 'not-your-barrage', 'It is not your turn to fire in the Barrage Phase.');
    if (!isArtillery(u)) return err('4.B', 'not-artillery', 'Only batteries fire in the Barrage Phase.');
    if (u.barrageTurn === s.turn) return err('10.1', 'fired', `${u.name} has fired in this Barrage Phase.`);
  } else {
    const e = unitMayAct(s, side, u, formation);
    if (e) return e;
    if (!s.activation!.inCommand.includes(u.id))
      return err('9.2', 'out-of-command', `${u.name} is out of command and may not attack.`);
    if (u.routed) return err('12.4', 'routed', `${u.name} is routed and may not attack.`);
    if (u.attackedTurn === s.turn) return err('5', 'attacked', `${u.name} has already attacked this turn.`);
    if (isArtillery(u) && u.barrageTurn === s.turn)
      return err('5', 'initial-fire', `${u.name} fired in the Barrage Phase (Initial Fire marker).`);
  }
  const foot = unitsAt(s, t.hex).filter((x) => x.side === t.side && !isArtillery(x));
  if (isArtillery(t) && foot.length)
    return err(
      '10.3',
      'stacked-battery',
      `${t.name} is stacked with ${foot[0]!.name}: fire at that unit (10.3).`,
    );
  if (isArtillery(u)) {
    if (loneBattery(s, t))
      return err('10.2', 'lone-artillery', 'Artillery may not fire at enemy artillery alone in a hex.');
    if (distance(u.hex, t.hex) > env.tables.fire.artillery.maxRange)
      return err('10.2', 'range', `${t.name} is beyond ${env.tables.fire.artillery.maxRange} hexes.`);
    if (!batteryCanFireAt(s, env, u, t.hex))
      return err('10.2', 'no-los', `${u.name} has no line of sight through its front hexes to ${t.name}.`);
    return undefined;
  }
  if (!frontHexes(s, env, u).includes(t.hex))
    return err('11.1', 'not-front', `${t.name} is not in a front hex of ${u.name}.`);
  return undefined;
}

export function doFire(c: Ctx, unitId: string, targetId: string): void {
  const { s } = c;
  const u = unitOf(s, unitId)!;
  const t = unitOf(s, targetId)!;
  const targetHex = t.hex!;
  if (s.phase === 'barrage') u.barrageTurn = s.turn;
  else {
    s.activation!.stage = 'combat';
    u.attackedTurn = s.turn;
    if (s.activation!.current) setCurrent(s.activation!, u.id);
  }
  resolveFire(c, u, t, s.phase === 'barrage' ? 'barrage' : 'fire combat');
  // 11.7: after fire that eliminates the target, the firer may advance (batteries never advance).
  if (t.eliminated && !isArtillery(u))
    s.tasks.push({ kind: 'advance', side: u.side, hexes: [targetHex], units: [u.id] });
  runTasks(c);
}

/** Ruling Breaching: a battery fires at a walled hex (as its fire for the phase). */
export function checkBreach(
  s: TacState,
  env: Env,
  side: Side,
  unitId: string,
  hex: string,
  formation?: string,
): RuleError | undefined {
  const u = unitOf(s, unitId);
  if (!u || u.side !== side || u.eliminated || u.hex === null || !isArtillery(u))
    return err('input', 'unknown-unit', 'No such battery of yours on the map.');
  if (formation !== undefined && u.formation !== formation)
    return err('5', 'not-your-formation', `${u.name} does not belong to your formation.`);
  if (!env.map.has(hex) || env.map.terrain(hex) !== 'churchyard' || s.breached.includes(hex))
    return err('Breaching', 'not-walled', `${hex} is not an unbreached walled hex.`);
  if (s.phase === 'barrage') {
    if (s.actingSide !== side) return err('4.B', 'not-your-barrage', 'It is not your turn to fire.');
    if (u.barrageTurn === s.turn) return err('10.1', 'fired', `${u.name} has fired in this Barrage Phase.`);
  } else {
    const e = unitMayAct(s, side, u, formation);
    if (e) return e;
    if (!s.activation!.inCommand.includes(u.id))
      return err('9.2', 'out-of-command', `${u.name} is out of command and may not fire.`);
    if (u.attackedTurn === s.turn || u.barrageTurn === s.turn)
      return err('5', 'attacked', `${u.name} has already fired this turn.`);
  }
  if (!batteryCanFireAt(s, env, u, hex, env.tables.fire.breach.maxRange))
    return err('Breaching', 'range', `${hex} is out of breaching range or sight.`);
  return undefined;
}

export function doBreach(c: Ctx, unitId: string, hex: string): void {
  const { s } = c;
  const u = unitOf(s, unitId)!;
  if (s.phase === 'barrage') u.barrageTurn = s.turn;
  else {
    s.activation!.stage = 'combat';
    u.attackedTurn = s.turn;
  }
  resolveBreach(c, u, hex);
}

/** 11.2: may these attackers shock these defenders? */
export function checkShock(
  s: TacState,
  env: Env,
  side: Side,
  attackerIds: string[],
  defenderIds: string[],
  formation?: string,
): RuleError | undefined {
  if (new Set(attackerIds).size !== attackerIds.length || new Set(defenderIds).size !== defenderIds.length)
    return err('input', 'duplicate', 'A unit is listed twice.');
  if (attackerIds.length > 1 && defenderIds.length > 1)
    return err('11.2', 'many-vs-many', 'Several units may not attack several enemy units together (11.2).');
  for (const id of attackerIds) {
    const u = unitOf(s, id);
    const e = unitMayAct(s, side, u, formation);
    if (e) return e;
    if (u!.hex === null) return err('input', 'off-map', `${u!.name} is not on the map.`);
    if (isArtillery(u!))
      return err(
        '10',
        'artillery-shock',
        `${u!.name} is a battery: batteries fire, they do not shock (ruling 10).`,
      );
    if (!s.activation!.inCommand.includes(id))
      return err('9.2', 'out-of-command', `${u!.name} is out of command and may not attack.`);
    if (u!.routed) return err('12.4', 'routed', `${u!.name} is routed and may not attack.`);
    if (u!.attackedTurn === s.turn)
      return err('11.2', 'attacked', `${u!.name} has already attacked this turn.`);
  }
  for (const id of defenderIds) {
    const d = unitOf(s, id);
    if (!d || d.side === side || d.eliminated || d.hex === null)
      return err('input', 'unknown-target', 'No such enemy unit on the map.');
    if (s.activation!.defended.includes(id))
      return err(
        '11.2',
        'attacked-this-segment',
        `${d.name} has already been attacked by this activation (11.2).`,
      );
    const foot = unitsAt(s, d.hex).filter((x) => x.side === d.side && !isArtillery(x));
    if (isArtillery(d) && foot.length)
      return err(
        '10.3',
        'stacked-battery',
        `${d.name} is stacked with ${foot[0]!.name}: attack that unit (10.3).`,
      );
    for (const aid of attackerIds) {
      const a = unitOf(s, aid)!;
      if (!frontHexes(s, env, a).includes(d.hex))
        return err('11', 'not-in-zoc', `${d.name} is not in a front hex of ${a.name} (11, ruling 11).`);
      if (isCavalry(a) && !mayEnter(s, env, 'cavalry', a.hex!, d.hex))
        return err(
          '11.2',
          'cavalry-terrain',
          `${a.name} is cavalry and may not attack into terrain it could not enter.`,
        );
    }
  }
  return undefined;
}

export function doShock(c: Ctx, attackerIds: string[], defenderIds: string[]): void {
  const { s, env } = c;
  const a = s.activation!;
  a.stage = 'combat';
  const side = a.side;
  for (const id of attackerIds) unitOf(s, id)!.attackedTurn = s.turn;
  a.defended.push(...defenderIds);
  const plan = {
    side,
    attackers: attackerIds,
    defenders: defenderIds,
    attackerHexes: attackerIds.map((id) => unitOf(s, id)!.hex!),
    defenderHexes: [...new Set(defenderIds.map((id) => unitOf(s, id)!.hex!))],
  };
  // 11 / 10.1: reaction fire before the shock: attacked infantry, and defending batteries in range.
  const defSide = otherSide(side);
  const reactors = new Set<string>();
  for (const id of defenderIds) {
    const d = unitOf(s, id)!;
    if (d.arm === 'infantry' || d.arm === 'light-infantry' || isArtillery(d)) reactors.add(d.id);
  }
  for (const b of s.units)
    if (
      b.side === defSide &&
      isArtillery(b) &&
      !b.eliminated &&
      b.hex !== null &&
      attackerIds.some((id) => batteryCanFireAt(s, env, b, unitOf(s, id)!.hex!))
    )
      reactors.add(b.id);
  c.events.push(
    ev(
      'shock-declared',
      `${attackerIds.map((id) => unitOf(s, id)!.name).join(' + ')} attack ${defenderIds.map((id) => unitOf(s, id)!.name).join(' + ')} (11.2).`,
      { attackers: attackerIds, defenders: defenderIds },
    ),
  );
  s.tasks.push(
    ...[...reactors].sort().map((r) => ({ kind: 'reaction' as const, attack: plan, reactor: r })),
    { kind: 'shock', attack: plan },
  );
  runTasks(c);
}

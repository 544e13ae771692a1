// The retreat after a battle (9.5): roll the retreat allowance, plan the legal ends (retreat.ts),
// capture a trapped force (rulings 9.52), ask the loser when there is a choice, and carry it out
// (9.52, 9.55-9.57, 8.31, 12.23 example).

import { adjacentHexes } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import { ev, toSides } from '../events.js';
import { rollDie } from '../rng.js';
import { entryForbidden } from '../rules/scenario-rules.js';
import { computeSupply, distanceToSources } from '../rules/supply.js';
import { isRuleError, stepCost } from '../rules/terrain.js';
import {
  addLedger,
  addSp,
  fortressAt,
  garrisonSide,
  isWinterTurn,
  otherSide,
  sideLeadersAt,
  sideOccupies,
  sideSp,
} from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, RuleError, Side } from '../types.js';
import { type CombatHookState, finishHex } from './actions.js';
import { combatValues } from './commander.js';
import { forceInHex } from './forces.js';
import { captureLeader, loseDepot } from './outcome.js';
import { planRetreat, type RetreatBoard, type RetreatOption } from './retreat.js';

/** The retreat board for `side` leaving `from` (9.52, 9.54, scenario movement bans). */
export function retreatBoard(
  state: GameState,
  map: StrategicMap,
  side: Side,
  nats: Nationality[],
): RetreatBoard {
  const supply = computeSupply(state, map, side);
  const dist = distanceToSources(state, map, supply);
  const enemy = otherSide(side);
  return {
    neighbours: (hex) => adjacentHexes(hex).filter((n) => map.onMap(n)),
    terrainCost: (from, to) => {
      const c = stepCost(map, from, to);
      if (isRuleError(c)) return null;
      if (nats.some((n) => entryForbidden(state, map, n, to))) return null;
      return c.mp;
    },
    enemyOccupied: (hex) => sideOccupies(state, hex, enemy),
    inSupply: (hex) => supply.supplied.has(hex),
    distanceToSupply: (hex) => dist.get(hex) ?? Number.POSITIVE_INFINITY,
  };
}

/**
 * 9.51: the loser's retreat begins: a die for its allowance, then the legal ends of the retreat.
 * `draw` (12.23 example): after a drawn battle at a besieged fortress the besieged side's survivors
 * may stay, go back inside, or retreat out of the hex; nothing is captured or demoralized.
 */
export function startRetreat(
  state: GameState,
  map: StrategicMap,
  hex: HexId,
  side: Side,
  h: CombatHookState,
  events: GameEvent[],
  draw = false,
): RuleError | undefined {
  const force = forceInHex(state, hex, side);
  const nats = Object.keys(force.sp) as Nationality[];
  const die = rollDie(state);
  // 9.51, 9.53, 9.57, 11.13: Initiative of the whole force's commander; zero if leaderless or demoralized.
  const initiative = combatValues(force).initiative;
  const f = fortressAt(state, map, hex);
  const plan = planRetreat(retreatBoard(state, map, side, nats), {
    from: hex,
    die,
    initiative,
    winter: isWinterTurn(state.turn),
    // 12.23 example: survivors may go back into the fortress unless the enemy holds it (12.13).
    mayReenterFortress: f !== undefined && garrisonSide(state, hex) !== otherSide(side),
  });
  if ('error' in plan) return { rule: plan.rule, code: 'retreat', message: plan.error };
  if (draw) {
    const options = [{ to: hex, path: [] as HexId[] }, ...(plan.trapped ? [] : plan.options.map(optionJson))];
    events.push(
      ev(
        'draw-withdrawal-roll',
        `After the draw at ${hex} the survivors of the sortie may stay, go back into the fortress or withdraw (die ${die}: ${plan.allowance} MP).`,
        toSides('prussian-allied', 'coalition'),
        { hex, die, allowance: plan.allowance },
      ),
    );
    h.stage = 'retreat';
    h.retreat = { hex, side, die, allowance: plan.allowance, options, draw: true };
    return undefined;
  }
  events.push(
    ev(
      'retreat-roll',
      `The defeated force at ${hex} rolls ${die}: ${plan.allowance} MP of retreat.`,
      toSides('prussian-allied', 'coalition'),
      { hex, die, allowance: plan.allowance },
    ),
  );
  if (plan.trapped) {
    // docs/rulings.md 9.52: nowhere to go: the force is captured.
    const captor = otherSide(side);
    for (const [nat, n] of Object.entries(force.sp)) {
      addSp(state, hex, nat as Nationality, 'out', -n);
      addLedger(state.ledger.prisoners[captor], nat as Nationality, n);
    }
    for (const l of force.leaders) captureLeader(state, l.id, captor);
    loseDepot(state, hex, side);
    events.push(
      ev(
        'retreat-trapped',
        `The defeated force at ${hex} has no line of retreat and is captured.`,
        toSides('prussian-allied', 'coalition'),
        { hex },
      ),
    );
    finishHex(h, hex);
    return undefined;
  }
  const options = plan.options.map(optionJson);
  if (options.length === 1) {
    carryOutRetreat(state, hex, side, options[0]!, events);
    finishHex(h, hex);
    return undefined;
  }
  h.stage = 'retreat';
  h.retreat = { hex, side, die, allowance: plan.allowance, options };
  return undefined;
}

function optionJson(o: RetreatOption): { to: HexId | 'fortress'; path: HexId[] } {
  return o.kind === 'fortress' ? { to: 'fortress', path: [] } : { to: o.to, path: o.path.hexes };
}

/** Moves the whole defeated force (9.52, 9.57), leaves depots (9.56), demoralizes it at the end (9.55). */
export function carryOutRetreat(
  state: GameState,
  hex: HexId,
  side: Side,
  opt: { to: HexId | 'fortress'; path: HexId[] },
  events: GameEvent[],
  draw = false,
): void {
  if (draw) {
    withdrawAfterDraw(state, hex, side, opt, events);
    return;
  }
  const dest = moveSurvivors(state, hex, side, opt);
  if (opt.to !== 'fortress' && !sideOccupies(state, hex, side))
    state.demoralized[side] = state.demoralized[side].filter((x) => x !== hex);
  if (!state.demoralized[side].includes(dest)) state.demoralized[side].push(dest);
  events.push(
    ev(
      'retreat',
      opt.to === 'fortress'
        ? `The defeated force at ${hex} falls back into the fortress, demoralized.`
        : `The defeated force at ${hex} retreats to ${dest}, demoralized.`,
      toSides('prussian-allied', 'coalition'),
      { hex, to: opt.to, path: opt.path },
    ),
  );
  events.push(ev('retreat-public', `A defeated force left ${hex}.`, { to: 'all' }, { hex }));
}

/**
 * Moves a side's force out of `hex` along a retreat or withdrawal path (or into its fortress), the
 * same after a defeat and after a draw: enemy leaders standing alone on the path are captured
 * (8.31); depots stay behind and fall to an enemy left alone in the hex (9.56, 10.46). The hex
 * the force ends in.
 */
function moveSurvivors(
  state: GameState,
  hex: HexId,
  side: Side,
  opt: { to: HexId | 'fortress'; path: HexId[] },
): HexId {
  const force = forceInHex(state, hex, side);
  const enemy = otherSide(side);
  const dest = opt.to === 'fortress' ? hex : opt.to;
  const where = opt.to === 'fortress' ? 'in' : 'out';
  if (Object.values(force.sp).some((n) => n > 0))
    for (const step of opt.path) {
      if (sideSp(state, step, enemy) > 0) continue;
      for (const l of sideLeadersAt(state, step, enemy, 'out')) captureLeader(state, l.id, side);
    }
  for (const [nat, n] of Object.entries(force.sp)) {
    addSp(state, hex, nat as Nationality, 'out', -n);
    addSp(state, dest, nat as Nationality, where, n);
  }
  for (const l of force.leaders) {
    const ls = state.leaders[l.id]!;
    ls.hex = dest;
    ls.inside = where === 'in';
  }
  if (sideSp(state, hex, side, 'out') === 0 && sideSp(state, hex, enemy, 'out') > 0)
    loseDepot(state, hex, side);
  return dest;
}

/** 12.23 example after a draw: the survivors stay, go back in, or withdraw, not demoralized (11.0). */
function withdrawAfterDraw(
  state: GameState,
  hex: HexId,
  side: Side,
  opt: { to: HexId | 'fortress'; path: HexId[] },
  events: GameEvent[],
): void {
  if (opt.to === hex) {
    events.push(
      ev(
        'draw-stay',
        `The survivors at ${hex} stay outside the fortress.`,
        toSides('prussian-allied', 'coalition'),
        {
          hex,
        },
      ),
    );
    return;
  }
  const dest = moveSurvivors(state, hex, side, opt);
  events.push(
    ev(
      'draw-withdrawal',
      opt.to === 'fortress'
        ? `The survivors at ${hex} go back into the fortress.`
        : `The survivors at ${hex} withdraw to ${dest}.`,
      toSides('prussian-allied', 'coalition'),
      { hex, to: opt.to, path: opt.path },
    ),
  );
  if (opt.to !== 'fortress')
    events.push(ev('retreat-public', `A force left ${hex}.`, { to: 'all' }, { hex }));
}

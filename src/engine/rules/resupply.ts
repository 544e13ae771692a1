// 10.52-10.53: a leader rated 0 or 1 for Initiative, unsupplied when his side's movement phase
// starts, has to finish that phase supplied when he is able to. Recorded when the phase begins (movement.mustResupply); checked
// when such a leader's force ends its move, and, in the March Phase, before the seat may say `done`
// while such a leader could still move back into supply.
import type { StrategicMap } from '../../map/types.js';
import { effectiveInitiative, sideOf } from '../state.js';
import type { ActiveForce, GameState, HexId, LeaderState, RuleError, Seat, Side } from '../types.js';
import { marchDestinations, takeCap } from './destinations.js';
import { canStartMove, movementAllowance, unmovedSp } from './movement.js';
import { computeSupply } from './supply.js';

/** Leaders of `side` obliged to regain supply this phase (10.52, 10.53; 11.13 counts demoralized as 0). */
export function leadersOutOfSupply(state: GameState, map: StrategicMap, side: Side): string[] {
  const supply = computeSupply(state, map, side);
  return Object.values(state.leaders)
    .filter(
      (l) =>
        l.status === 'map' &&
        l.hex &&
        !l.inside &&
        sideOf(state, l.nationality) === side &&
        effectiveInitiative(state, l) <= 1 &&
        !supply.supplied.has(l.hex),
    )
    .map((l) => l.id)
    .sort();
}

/**
 * 10.52-10.53: the supplied hexes a leader obliged to regain supply must march to (moving as `f`,
 * or about to move carrying `sp`), or undefined when he is not obliged or no legal march reaches
 * supply.
 */
export function resupplyTargets(
  state: GameState,
  map: StrategicMap,
  l: LeaderState,
  f: ActiveForce | undefined,
  sp: number,
): Set<HexId> | undefined {
  if (!(state.movement.mustResupply ?? []).includes(l.id)) return undefined;
  const supplied = computeSupply(state, map, sideOf(state, l.nationality)).supplied;
  if (supplied.has(f?.hex ?? l.hex!)) return undefined;
  const mp = f
    ? f.mpLeft
    : state.phase === 'march'
      ? movementAllowance(state.movement.roll ?? 0, effectiveInitiative(state, l), state.turn)
      : 0;
  return marchDestinations(state, map, l, f, mp, sp, supplied).length > 0 ? supplied : undefined;
}

/** 10.52: refuse to end this force's move out of supply while supply is within reach. */
export function resupplyFinishError(
  state: GameState,
  map: StrategicMap,
  f: ActiveForce,
): RuleError | undefined {
  const l = state.leaders[f.leader];
  if (!l || !resupplyTargets(state, map, l, f, f.sp)) return undefined;
  return {
    rule: l.initiative <= 0 ? '10.52' : '10.53',
    code: 'must-regain-supply',
    message: `${l.name} began this phase out of supply and can still reach a supplied hex: his move must end in supply.`,
  };
}

/** 10.52: in the March Phase, a seat may not finish while an obliged leader could still regain supply. */
export function resupplyDoneError(state: GameState, map: StrategicMap, seat: Seat): RuleError | undefined {
  if (state.phase !== 'march') return undefined;
  for (const id of state.movement.mustResupply ?? []) {
    const l = state.leaders[id];
    if (!l || l.nationality !== seat || canStartMove(state, seat, l)) continue;
    const cap = takeCap(state, l, unmovedSp(state, l.hex!, l.nationality));
    if (cap !== null && resupplyTargets(state, map, l, undefined, cap))
      return {
        rule: l.initiative <= 0 ? '10.52' : '10.53',
        code: 'must-regain-supply',
        message: `${l.name} is out of supply and can reach a supplied hex this phase: move him first (or move a lower-ranked leader, which bypasses him).`,
      };
  }
  return undefined;
}

// 10.52-10.53: a leader rated 0 or 1 for Initiative, unsupplied when his side's movement phase
// starts, has to finish that phase supplied when he is able to. Recorded when the phase begins (movement.mustResupply); checked
// when such a leader's force ends its move, and, in the March Phase, before the seat may say `done`
// while such a leader could still move back into supply.
import type { StrategicMap } from '../../map/types.js';
import { effectiveInitiative, isDemoralizedAt, sideOf } from '../state.js';
import type { ActiveForce, GameState, HexId, LeaderState, RuleError, Seat, Side } from '../types.js';
import { marchDestinations, takeCap } from './destinations.js';
import { canStartMove, movementAllowance, unmovedSp } from './movement.js';
import { computeSupply, distanceToSources } from './supply.js';

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
  const info = computeSupply(state, map, sideOf(state, l.nationality));
  const here = f?.hex ?? l.hex!;
  if (info.supplied.has(here)) return undefined;
  const mp = f
    ? f.mpLeft
    : state.phase === 'march'
      ? movementAllowance(state.movement.roll ?? 0, effectiveInitiative(state, l), state.turn)
      : 0;
  if (mp <= 0) return undefined;
  const dests = marchDestinations(state, map, l, f, mp, sp);
  const ends = dests.map((d) => d.path.at(-1)!);
  if (ends.some((h) => info.supplied.has(h))) return info.supplied;
  // No supplied hex in reach: he must end as close as he can get to the nearest friendly source.
  const dist = distanceToSources(state, map, info);
  const far = 1000;
  let best = dist.get(here) ?? far;
  for (const h of ends) best = Math.min(best, dist.get(h) ?? far);
  if (best >= (dist.get(here) ?? far)) return undefined;
  return new Set(ends.filter((h) => (dist.get(h) ?? far) === best));
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
    message: `${l.name} began this phase out of supply: his move must end in supply, or as close to a friendly source as he can get.`,
  };
}

/** Whether an obliged leader who has not moved could still march back toward supply now (10.52-10.53). */
function obligedCanMove(state: GameState, map: StrategicMap, l: LeaderState): boolean {
  if (canStartMove(state, l.nationality, l)) return false;
  const avail = unmovedSp(state, l.hex!, l.nationality);
  // 11.12: a demoralized force moves whole.
  const cap = isDemoralizedAt(state, l.hex!, sideOf(state, l.nationality)) ? avail : takeCap(state, l, avail);
  return cap !== null && resupplyTargets(state, map, l, undefined, cap) !== undefined;
}

/** 10.52: in the March Phase, a seat may not finish while an obliged leader could still regain supply. */
export function resupplyDoneError(state: GameState, map: StrategicMap, seat: Seat): RuleError | undefined {
  if (state.phase !== 'march') return undefined;
  for (const id of state.movement.mustResupply ?? []) {
    const l = state.leaders[id];
    if (!l || l.nationality !== seat || !obligedCanMove(state, map, l)) continue;
    return {
      rule: l.initiative <= 0 ? '10.52' : '10.53',
      code: 'must-regain-supply',
      message: `${l.name} is out of supply and must move back into supply, or toward it as far as he can: move him first.`,
    };
  }
  return undefined;
}

/**
 * 10.52-10.53 with 5.34 (rulings): in the March Phase, a leader may not begin a move that would
 * bypass a higher-ranked leader of his nationality who is obliged to regain supply and still can.
 */
export function resupplyBypassError(
  state: GameState,
  map: StrategicMap,
  l: LeaderState,
): RuleError | undefined {
  if (state.phase !== 'march') return undefined;
  for (const id of state.movement.mustResupply ?? []) {
    const o = state.leaders[id];
    if (!o || o.id === l.id || o.nationality !== l.nationality || o.rank >= l.rank) continue;
    if (!obligedCanMove(state, map, o)) continue;
    return {
      rule: o.initiative <= 0 ? '10.52' : '10.53',
      code: 'must-regain-supply-first',
      message: `${o.name} began this phase out of supply and must move back into supply first: moving ${l.name} now would bypass him (5.34).`,
    };
  }
  return undefined;
}

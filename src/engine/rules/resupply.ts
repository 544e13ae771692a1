// 10.52-10.53: a leader rated 0 or 1 for Initiative, unsupplied when his side's movement phase
// starts, has to finish that phase supplied when he is able to. Recorded when the phase begins (movement.mustResupply); checked
// when such a leader's force ends its move, and, in the March Phase, before the seat may say `done`
// while such a leader could still move back into supply.
import type { StrategicMap } from '../../map/types.js';
import { effectiveInitiative, sideOf } from '../state.js';
import type { ActiveForce, GameState, LeaderState, RuleError, Seat, Side } from '../types.js';
import { canStartMove, movementAllowance } from './movement.js';
import { reachable, reachQueryFor } from './reach.js';
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

function canReachSupply(
  state: GameState,
  map: StrategicMap,
  l: LeaderState,
  f: ActiveForce | undefined,
  mp: number,
) {
  const supplied = computeSupply(state, map, sideOf(state, l.nationality)).supplied;
  if (supplied.has(f?.hex ?? l.hex!)) return false;
  for (const h of reachable(state, map, reachQueryFor(state, map, l, f, mp)).keys())
    if (supplied.has(h)) return true;
  return false;
}

/** Is this leader (moving as `f`, or about to move) obliged to end in supply, and still able to? */
export function obligedToResupply(
  state: GameState,
  map: StrategicMap,
  l: LeaderState,
  f?: ActiveForce,
): boolean {
  if (!(state.movement.mustResupply ?? []).includes(l.id)) return false;
  const mp = f
    ? f.mpLeft
    : state.phase === 'march'
      ? movementAllowance(state.movement.roll ?? 0, effectiveInitiative(state, l), state.turn)
      : 0;
  return canReachSupply(state, map, l, f, mp);
}

/** 10.52: refuse to end this force's move out of supply while supply is within reach. */
export function resupplyFinishError(
  state: GameState,
  map: StrategicMap,
  f: ActiveForce,
): RuleError | undefined {
  const l = state.leaders[f.leader];
  if (!l || !obligedToResupply(state, map, l, f)) return undefined;
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
    if (obligedToResupply(state, map, l))
      return {
        rule: l.initiative <= 0 ? '10.52' : '10.53',
        code: 'must-regain-supply',
        message: `${l.name} is out of supply and can reach a supplied hex this phase: move him first (or move a lower-ranked leader, which bypasses him).`,
      };
  }
  return undefined;
}

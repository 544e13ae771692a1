// 10.4 depots: creation and completion (10.41-10.44, 10.49), removal of an unfinished depot left
// with fewer than ten SP (10.42), capture (10.46), voluntary destruction (10.47). One depot per
// hex (7.0).
import type { StrategicMap } from '../../map/types.js';
import { ev, toSides } from '../events.js';
import { fortressAt, garrisonSide, nationSp, otherSide, sideOf, sideSp } from '../state.js';
import type { GameEvent, GameState, HexId, RuleError, Seat, Side } from '../types.js';
import { computeSupply, type SupplyInfo } from './supply.js';

/** 10.42: a depot is begun only where at least ten friendly SP stand. */
export const DEPOT_MIN_SP = 10;

function err(rule: string, code: string, message: string): RuleError {
  return { rule, code, message };
}

/** 10.41 / 10.43: at the start of a side's Depot Creation Phase, finish the depots begun earlier. */
export function completeDepots(state: GameState, map: StrategicMap, side: Side, events: GameEvent[]): void {
  const supply = computeSupply(state, map, side);
  for (const d of Object.values(state.depots)) {
    if (d.status !== 'building' || sideOf(state, d.owner) !== side || d.placedTurn >= state.turn) continue;
    if (!supply.supplied.has(d.hex)) {
      events.push(
        ev(
          'depot-stalled',
          `The depot at ${d.hex} cannot be finished: no supply path reaches it.`,
          toSides(side),
        ),
      );
      continue;
    }
    d.status = 'complete';
    events.push(ev('depot-complete', `The depot at ${d.hex} is complete.`, undefined, { hex: d.hex }));
  }
}

/** Why `seat` may not begin a depot in `hex` now, or undefined when it may (10.41-10.44). */
export function depotBuildError(
  state: GameState,
  map: StrategicMap,
  seat: Seat,
  hex: HexId,
  supply: SupplyInfo,
): RuleError | undefined {
  const side = sideOf(state, seat);
  if (state.phase !== 'depot' || state.phasing !== side)
    return err('10.41', 'not-depot-phase', 'Depots are begun only in your own Depot Creation Phase.');
  if (!map.onMap(hex)) return err('5.44', 'off-map', `Hex ${hex} is not on the map.`);
  if (state.depots[hex])
    return err('10.44', 'depot-there', `There is already a depot at ${hex} (one per hex, 7.0).`);
  if (fortressAt(state, map, hex) && garrisonSide(state, hex) === side)
    return err(
      '10.44',
      'friendly-fortress',
      `No depot may be built in ${hex}: a friendly garrison holds its fortress.`,
    );
  if (nationSp(state, hex, seat).out <= 0)
    return err('10.13', 'no-own-sp', `No ${seat} SP stand at ${hex} to build the depot.`);
  const sp = sideSp(state, hex, side, 'out');
  if (sp < DEPOT_MIN_SP)
    return err(
      '10.42',
      'too-few-sp',
      `A depot needs ${DEPOT_MIN_SP} friendly SP in the hex; ${hex} has ${sp}.`,
    );
  if (!supply.supplied.has(hex))
    return err('10.43', 'unsupplied', `No unblocked friendly supply path reaches ${hex}.`);
  return undefined;
}

export function buildDepot(state: GameState, seat: Seat, hex: HexId, events: GameEvent[]): void {
  state.depots[hex] = { hex, owner: seat, status: 'building', placedTurn: state.turn };
  events.push(ev('depot-begun', `A ${seat} depot is begun at ${hex}.`, undefined, { hex }));
}

/** 10.47: destroy a depot the seat's side controls, in a friendly Movement Phase. */
export function destroyDepotError(state: GameState, seat: Seat, hex: HexId): RuleError | undefined {
  const side = sideOf(state, seat);
  const friendlyMovement =
    (state.phase === 'march' && state.phasing === side) ||
    (state.phase === 'forcemarch' && state.phasing !== side);
  if (!friendlyMovement)
    return err('10.47', 'not-movement-phase', 'Depots are destroyed only in a friendly Movement Phase.');
  const d = state.depots[hex];
  if (!d) return err('10.47', 'no-depot', `There is no depot at ${hex}.`);
  if (sideOf(state, d.owner) !== side)
    return err('10.47', 'not-yours', `The depot at ${hex} is not yours (10.13).`);
  return undefined;
}

export function destroyDepot(state: GameState, hex: HexId, events: GameEvent[]): void {
  delete state.depots[hex];
  events.push(ev('depot-destroyed', `The depot at ${hex} is destroyed by its owner.`, undefined, { hex }));
}

/** 10.42 and 10.46, checked after every step. */
export function depotHousekeeping(state: GameState, events: GameEvent[]): void {
  for (const d of Object.values(state.depots)) {
    const side = sideOf(state, d.owner);
    const own = sideSp(state, d.hex, side);
    const enemy = sideSp(state, d.hex, otherSide(side));
    if (d.status === 'building' && sideSp(state, d.hex, side, 'out') < DEPOT_MIN_SP) {
      delete state.depots[d.hex];
      // The removal shows on the map; its reason (a bound on the SP left) is the owner's side's.
      events.push(
        ev('depot-removed', `The unfinished depot at ${d.hex} is removed.`, undefined, { hex: d.hex }),
      );
      events.push(
        ev(
          'depot-removed-reason',
          `Your unfinished depot at ${d.hex} is removed: fewer than ten SP of its side remain there (10.42).`,
          toSides(side),
          { hex: d.hex },
        ),
      );
      continue;
    }
    if (own === 0 && enemy > 0) {
      if (d.status === 'building') {
        delete state.depots[d.hex];
        events.push(ev('depot-removed', `The unfinished depot at ${d.hex} is destroyed by the enemy.`));
      } else {
        // 10.13: the captor's units now sit on top of it; the predominant enemy nationality takes it.
        const hf = state.forces[d.hex] ?? {};
        let best: [string, number] = ['', -1];
        for (const [n, s] of Object.entries(hf)) {
          if (state.seatSide[n as Seat] === side || !s) continue;
          if (s.out + s.in > best[1]) best = [n, s.out + s.in];
        }
        d.owner = best[0] as Seat;
        delete d.offMapLink;
        events.push(ev('depot-captured', `The depot at ${d.hex} is captured.`, undefined, { hex: d.hex }));
      }
    }
  }
}

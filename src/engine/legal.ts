// legalActions(state, seat): the concrete actions a seat may submit now. Marches are enumerated as
// one action per leader and reachable destination, along a cheapest legal path, carrying as many
// SP as 5.37 allows; `done` ends the seat's step.
import type { StrategicMap } from '../map/types.js';
import type { Action } from './actions.js';
import { engineMap } from './map-env.js';
import { marchAllowance } from './phases/machine.js';
import { moduleFor } from './phases/registry.js';
import { depotBuildError, destroyDepotError } from './rules/depots.js';
import { marchDestinations, takeCap } from './rules/destinations.js';
import { campBuildError } from './rules/fortified-camp.js';
import { activeForceOf, canStartMove, unmovedSp } from './rules/movement.js';
import {
  resupplyBypassError,
  resupplyDoneError,
  resupplyFinishError,
  resupplyTargets,
} from './rules/resupply.js';
import { computeSupply } from './rules/supply.js';
import {
  effectiveInitiative,
  fortressAt,
  garrisonSide,
  isDemoralizedAt,
  isWinterTurn,
  nationSp,
  otherSide,
  sideOf,
} from './state.js';
import type { GameState, HexId, Seat } from './types.js';

export function pendingSeats(state: GameState): Seat[] {
  return state.over ? [] : [...state.pending];
}

function garrisonActions(state: GameState, map: StrategicMap, seat: Seat): Action[] {
  const out: Action[] = [];
  const side = sideOf(state, seat);
  const winter = isWinterTurn(state.turn);
  const hexes = new Set<HexId>();
  for (const [hex, hf] of Object.entries(state.forces)) if (hf[seat]) hexes.add(hex);
  for (const l of Object.values(state.leaders))
    if (l.status === 'map' && l.nationality === seat && l.hex) hexes.add(l.hex);
  for (const hex of [...hexes].sort()) {
    if (!fortressAt(state, map, hex)) continue;
    const ns = nationSp(state, hex, seat);
    const outside = Object.values(state.leaders).filter(
      (l) =>
        l.status === 'map' &&
        l.hex === hex &&
        l.nationality === seat &&
        !l.inside &&
        !activeForceOf(state, l.id),
    );
    const inside = Object.values(state.leaders).filter(
      (l) =>
        l.status === 'map' &&
        l.hex === hex &&
        l.nationality === seat &&
        l.inside &&
        !state.movement.bypassed.includes(l.id),
    );
    const canIn =
      garrisonSide(state, hex) !== otherSide(side) &&
      !state.besieged.includes(hex) &&
      !isDemoralizedAt(state, hex, side);
    const inSp =
      ns.out -
      state.movement.active
        .filter((a) => a.hex === hex && a.nationality === seat)
        .reduce((n, a) => n + a.sp, 0);
    if (canIn && (inSp > 0 || outside.length > 0))
      out.push({
        type: 'garrison',
        hex,
        direction: 'in',
        sp: Math.max(0, inSp),
        leaders: outside.map((l) => l.id),
      });
    if (!winter && (ns.in > 0 || inside.length > 0))
      out.push({ type: 'garrison', hex, direction: 'out', sp: ns.in, leaders: inside.map((l) => l.id) });
  }
  return out;
}

export function legalActions(state: GameState, seat: Seat, map: StrategicMap = engineMap()): Action[] {
  if (state.over || !state.pending.includes(seat)) return [];
  const mod = moduleFor(state.phase);
  if (mod) return mod.legal(state, seat, map);
  const out: Action[] = [];
  if (state.phase === 'depot') {
    const supply = computeSupply(state, map, sideOf(state, seat));
    for (const hex of Object.keys(state.forces).sort())
      if (!depotBuildError(state, map, seat, hex, supply)) out.push({ type: 'depot-build', hex });
    for (const hex of Object.keys(state.forces).sort())
      if (!campBuildError(state, map, seat, hex)) out.push({ type: 'camp-build', hex });
    out.push({ type: 'done' });
    return out;
  }
  if (state.phase === 'march' || state.phase === 'forcemarch') {
    const leaders = Object.values(state.leaders)
      .filter((l) => l.nationality === seat && l.status === 'map')
      .sort((a, b) => a.rank - b.rank);
    // 10.52: a moving force obliged to regain supply must go on until it does.
    const obliged = state.movement.active.find(
      (a) => a.nationality === seat && resupplyFinishError(state, map, a),
    );
    if (obliged) {
      const l = state.leaders[obliged.leader]!;
      for (const d of marchDestinations(
        state,
        map,
        l,
        obliged,
        obliged.mpLeft,
        obliged.sp,
        resupplyTargets(state, map, l, obliged, obliged.sp),
      ))
        out.push({ type: 'march', leader: l.id, path: d.path, ...(d.overwhelm ? { overwhelm: true } : {}) });
      return out;
    }
    for (const l of leaders) {
      const f = activeForceOf(state, l.id);
      if (f) {
        for (const d of marchDestinations(
          state,
          map,
          l,
          f,
          f.mpLeft,
          f.sp,
          resupplyTargets(state, map, l, f, f.sp),
        ))
          out.push({
            type: 'march',
            leader: l.id,
            path: d.path,
            ...(d.overwhelm ? { overwhelm: true } : {}),
          });
        out.push({ type: 'halt' });
        continue;
      }
      // Only the seat's other forces whose move has not begun (another action ends the active one).
      const startErr = canStartMove(state, seat, l) ?? resupplyBypassError(state, map, l);
      if (startErr) continue;
      const side = sideOf(state, l.nationality);
      const demoralized = isDemoralizedAt(state, l.hex!, side);
      // 11.12: a demoralized force moves whole, so its SP are not a choice (no `take`).
      const avail = unmovedSp(state, l.hex!, l.nationality);
      const cap = demoralized ? avail : takeCap(state, l, avail);
      if (cap === null) continue;
      const take = !demoralized && cap > 0 ? { take: { sp: cap } } : {};
      if (state.phase === 'forcemarch') {
        if (demoralized) continue; // 11.18
        out.push({ type: 'forcemarch', leader: l.id, ...take });
        continue;
      }
      const mp = marchAllowance(state, effectiveInitiative(state, l));
      for (const d of marchDestinations(
        state,
        map,
        l,
        undefined,
        mp,
        cap,
        resupplyTargets(state, map, l, undefined, cap),
      ))
        out.push({
          type: 'march',
          leader: l.id,
          path: d.path,
          ...take,
          ...(d.overwhelm ? { overwhelm: true } : {}),
        });
    }
    out.push(...garrisonActions(state, map, seat));
    for (const d of Object.values(state.depots))
      if (!destroyDepotError(state, seat, d.hex) && d.owner === seat)
        out.push({ type: 'depot-destroy', hex: d.hex });
    if (!resupplyDoneError(state, map, seat)) out.push({ type: 'done' });
    return out;
  }
  out.push({ type: 'done' });
  return out;
}

// The destinations a leader's force may march to now (one cheapest legal path each), and how many
// SP it may pick up without breaking 5.37. Shared by legalActions and the 10.52 obligation.
import type { StrategicMap } from '../../map/types.js';
import { nationSp, otherSide, sideOf } from '../state.js';
import type { ActiveForce, GameState, HexId, LeaderState } from '../types.js';
import { NATIONALITIES } from '../types.js';
import { check537, commandExcess, hypotheticalMove } from './movement.js';
import { reachable, reachQueryFor } from './reach.js';

/**
 * Largest SP a leader may take from its hex without breaking 5.37 wherever it goes (worst case:
 * an empty destination), or null when no pick-up satisfies 5.37.
 */
export function takeCap(state: GameState, l: LeaderState, avail: number): number | null {
  if (l.nationality === 'prussia') return avail;
  const before = commandExcess(state, l.nationality);
  for (let x = avail; x >= 0; x--)
    if (!check537(state, hypotheticalMove(state, l, undefined, EMPTY_HEX, x), l.nationality, before))
      return x;
  return null;
}

/** A hex id off every map, standing for "an empty destination". */
const EMPTY_HEX: HexId = '0000';

export function marchDestinations(
  state: GameState,
  map: StrategicMap,
  l: LeaderState,
  f: ActiveForce | undefined,
  mp: number,
  sp: number,
  onlyTo?: Set<HexId>,
): Array<{ path: HexId[]; overwhelm: boolean }> {
  const side = sideOf(state, l.nationality);
  const q = reachQueryFor(state, map, l, f, mp);
  const demoralized = q.demoralized;
  let reach = reachable(state, map, q);
  if (onlyTo) reach = new Map([...reach].filter(([h]) => onlyTo.has(h)));
  const enemy = otherSide(side);
  const out: Array<{ path: HexId[]; overwhelm: boolean }> = [];
  const nat = l.nationality;
  const before = nat === 'prussia' ? undefined : commandExcess(state, nat);
  // 5.37 reads a destination only through the leaders, active forces and SP of the nationality in
  // it: wherever none stand, the verdict is the same, so it is asked once (most destinations are
  // such hexes, and asking each was a twentieth of a top-level campaign's time).
  const occupied = new Set<HexId>();
  if (before) {
    for (const x of Object.values(state.leaders))
      if (x.status === 'map' && x.nationality === nat && x.hex) occupied.add(x.hex);
    for (const a of state.movement.active) if (a.nationality === nat) occupied.add(a.hex);
  }
  let emptyVerdict: boolean | undefined;
  const breaks537 = (dest: HexId): boolean => {
    if (!before) return false;
    const ask = () =>
      check537(state, hypotheticalMove(state, l, f, dest, f ? f.sp : sp), nat, before) !== undefined;
    const s = nationSp(state, dest, nat);
    if (occupied.has(dest) || s.out !== 0 || s.in !== 0) return ask();
    emptyVerdict ??= ask();
    return emptyVerdict;
  };
  for (const [dest, r] of [...reach.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    // 5.37 at the destination, exactly as apply() checks it after the march.
    if (breaks537(dest)) continue;
    out.push({ path: r.path, overwhelm: false });
    // 5.5: offer an Overwhelming Attack where enemy SP stand outside the fortress, unless this force
    // already attempted one there (5.58).
    if (!demoralized && sp > 0 && !f?.overwhelmedAt.includes(dest)) {
      let enemyOut = 0;
      for (const n of NATIONALITIES)
        if (state.seatSide[n] === enemy) enemyOut += nationSp(state, dest, n).out;
      if (enemyOut > 0) out.push({ path: r.path, overwhelm: true });
    }
  }
  return out;
}

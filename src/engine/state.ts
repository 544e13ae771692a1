// Small queries and updates over GameState shared by the rules modules. Updates mutate the state
// they are given: callers (apply) always work on a private copy.

import type { StrategicMap } from '../map/types.js';
import { combatCommander, supremeCommander as supremeOf } from './combat/commander.js';
import type { GameState, HexId, LeaderState, Nationality, NationSp, Seat, Side } from './types.js';
import { NATIONALITIES } from './types.js';

export function otherSide(side: Side): Side {
  return side === 'prussian-allied' ? 'coalition' : 'prussian-allied';
}

export function sideOf(state: GameState, nat: Nationality): Side {
  return state.seatSide[nat];
}

export function seatsOf(state: GameState, side: Side): Seat[] {
  return NATIONALITIES.filter((n) => state.seatSide[n] === side);
}

export function nationSp(state: GameState, hex: HexId, nat: Nationality): NationSp {
  return state.forces[hex]?.[nat] ?? { out: 0, in: 0 };
}

/** Add (or with a negative delta remove) SP of a nationality in a hex; tidies empty entries. */
export function addSp(
  state: GameState,
  hex: HexId,
  nat: Nationality,
  where: 'out' | 'in',
  delta: number,
): void {
  const hf = state.forces[hex] ?? {};
  const cur = hf[nat] ?? { out: 0, in: 0 };
  const next = { ...cur, [where]: cur[where] + delta };
  if (next[where] < 0) throw new Error(`engine bug: negative SP ${nat} at ${hex}`);
  if (next.out === 0 && next.in === 0) delete hf[nat];
  else hf[nat] = next;
  if (Object.keys(hf).length === 0) delete state.forces[hex];
  else state.forces[hex] = hf;
}

/** SP of a side in a hex (outside, inside or both). */
export function sideSp(
  state: GameState,
  hex: HexId,
  side: Side,
  where: 'out' | 'in' | 'all' = 'all',
): number {
  let n = 0;
  const hf = state.forces[hex];
  if (!hf) return 0;
  for (const nat of NATIONALITIES) {
    const s = hf[nat];
    if (!s || state.seatSide[nat] !== side) continue;
    n += where === 'out' ? s.out : where === 'in' ? s.in : s.out + s.in;
  }
  return n;
}

export function leadersAt(state: GameState, hex: HexId, filter?: (l: LeaderState) => boolean): LeaderState[] {
  return Object.values(state.leaders)
    .filter((l) => l.status === 'map' && l.hex === hex && (!filter || filter(l)))
    .sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
}

export function sideLeadersAt(state: GameState, hex: HexId, side: Side, where: 'out' | 'in' | 'all' = 'all') {
  return leadersAt(
    state,
    hex,
    (l) => state.seatSide[l.nationality] === side && (where === 'all' || l.inside === (where === 'in')),
  );
}

/** Any unit (combat or leader) of the side in the hex. */
export function sideOccupies(state: GameState, hex: HexId, side: Side): boolean {
  return sideSp(state, hex, side) > 0 || sideLeadersAt(state, hex, side).length > 0;
}

/** Hexes where a side has any unit. */
export function occupiedHexes(state: GameState, side: Side): HexId[] {
  const out = new Set<HexId>();
  for (const hex of Object.keys(state.forces)) if (sideSp(state, hex, side) > 0) out.add(hex);
  for (const l of Object.values(state.leaders))
    if (l.status === 'map' && l.hex && state.seatSide[l.nationality] === side) out.add(l.hex);
  return [...out].sort();
}

/** 8.12: the supreme commander of a nationality: its lowest rank number on the map (combat/commander.ts). */
export function supremeCommander(state: GameState, nat: Nationality): LeaderState | undefined {
  return supremeOf(
    Object.values(state.leaders).filter((l) => l.status === 'map'),
    nat,
  );
}

/**
 * 8.23: commander of a side's units in a hex (outside the fortress unless `where` says otherwise),
 * by the one implementation in combat/commander.ts: the best-ranked leader of the predominant
 * nationality that has a leader there; equal SP: the best-ranked leader; equal rank numbers too:
 * the ablest of the tied leaders (docs/rulings.md 8.23, full ties).
 */
export function commanderOf(
  state: GameState,
  hex: HexId,
  side: Side,
  where: 'out' | 'in' = 'out',
): LeaderState | undefined {
  const leaders = sideLeadersAt(state, hex, side, where);
  if (leaders.length === 0) return undefined;
  const hf = state.forces[hex] ?? {};
  const sp: Record<string, number> = {};
  for (const nat of NATIONALITIES) {
    if (state.seatSide[nat] !== side) continue;
    const n = hf[nat]?.[where] ?? 0;
    if (n > 0) sp[nat] = n;
  }
  return combatCommander({ sp, leaders });
}

/** 11.13: a demoralized leader has Initiative 0 for movement, combat and supply. */
export function isDemoralizedAt(state: GameState, hex: HexId, side: Side): boolean {
  return state.demoralized[side].includes(hex);
}

export function effectiveInitiative(state: GameState, leader: LeaderState): number {
  if (leader.hex && !leader.inside && isDemoralizedAt(state, leader.hex, state.seatSide[leader.nationality]))
    return 0;
  return leader.initiative;
}

/**
 * Fortress at a hex as the scenario sees it: 1756 special rule D keeps only the fortresses of the
 * listed regions for all purposes (rulings 18.0 / 1756 D).
 */
export function fortressAt(state: GameState, map: StrategicMap, hex: HexId) {
  const f = map.onMap(hex) ? map.fortress(hex) : undefined;
  if (!f) return undefined;
  const regions = state.rules.fortressRegions;
  if (regions && !regions.includes(f.region)) return undefined;
  return f;
}

/** Side whose SP garrison the fortress in this hex (12.13: never both), or undefined. */
export function garrisonSide(state: GameState, hex: HexId): Side | undefined {
  if (sideSp(state, hex, 'prussian-allied', 'in') > 0) return 'prussian-allied';
  if (sideSp(state, hex, 'coalition', 'in') > 0) return 'coalition';
  return undefined;
}

export function totalSpOnMap(state: GameState, nat: Nationality): number {
  let n = 0;
  for (const hf of Object.values(state.forces)) {
    const s = hf[nat];
    if (s) n += s.out + s.in;
  }
  return n;
}

export function addLedger(rec: Partial<Record<Nationality, number>>, nat: Nationality, n: number): void {
  rec[nat] = (rec[nat] ?? 0) + n;
}

export function isWinterTurn(turn: number): boolean {
  return turn >= 16;
}

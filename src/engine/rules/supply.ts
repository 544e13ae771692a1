// 10.1-10.3 supply: sources (garrisoned fortresses and operative depots, 10.11-10.12), path length
// by the nationality of the source (10.22: 5 hexes Prussian-Allied, 4 Coalition; the source hex is
// not counted, the supplied hex is), blocking by enemy combat units (10.31) and, for the
// Prussian-Allied side, by Austrian Zones of Control (10.32).

import { adjacentHexes } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import { fortressAt, otherSide, sideSp } from '../state.js';
import type { GameState, HexId, Side } from '../types.js';
import { hexsideOpen } from './terrain.js';
import { austrianZoc } from './zoc.js';

/** 10.22 maximum supply path length by the side of the source. */
export const SUPPLY_PATH_LENGTH: Record<Side, number> = { 'prussian-allied': 5, coalition: 4 };

export interface SupplyInfo {
  side: Side;
  /** Hexes into which a supply path can be traced (units there are supplied). */
  supplied: Set<HexId>;
  /** Garrisoned fortresses usable as sources (10.11). */
  fortresses: HexId[];
  /** Depots meeting all three conditions of 10.12. */
  operativeDepots: HexId[];
}

/** 10.31 / 10.32: may a path of `side` be traced OUT of `hex`? */
function canTraceOut(state: GameState, hex: HexId, side: Side, zoc: Set<HexId> | null): boolean {
  if (sideSp(state, hex, otherSide(side)) > 0) return false;
  if (zoc?.has(hex)) return false;
  return true;
}

/**
 * The neighbours a supply path may step into from `hex` (10.24: on the map, not sea or lake, across
 * an open hexside). They depend on the map alone, so each hex's list is worked out once per map.
 */
const stepsByMap = new WeakMap<StrategicMap, Map<HexId, HexId[]>>();
function supplySteps(map: StrategicMap, hex: HexId): HexId[] {
  let table = stepsByMap.get(map);
  if (!table) {
    table = new Map();
    stepsByMap.set(map, table);
  }
  let steps = table.get(hex);
  if (!steps) {
    steps = adjacentHexes(hex).filter((n) => {
      if (!map.onMap(n)) return false;
      const t = map.terrain(n);
      return t !== 'sea' && t !== 'lake' && hexsideOpen(map, hex, n);
    });
    table.set(hex, steps);
  }
  return steps;
}

/**
 * Multi-source breadth-first trace of paths of at most `len` hexes (10.22 counting). With `dist`
 * given, the trace goes on from an earlier one with more sources: a hex already reached is entered
 * again only when a new source brings it closer, so the result is the trace from all the sources
 * at once (10.12 C grows the network one depot at a time, and tracing it anew each time was the
 * largest cost of supply).
 */
function trace(
  state: GameState,
  map: StrategicMap,
  side: Side,
  sources: HexId[],
  len: number,
  zoc: Set<HexId> | null,
  dist: Map<HexId, number> = new Map(),
): Map<HexId, number> {
  const queue: HexId[] = [];
  for (const s of sources) {
    if (dist.get(s) !== 0) {
      dist.set(s, 0);
      queue.push(s);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const hex = queue[i]!;
    const d = dist.get(hex)!;
    if (d >= len) continue;
    if (!canTraceOut(state, hex, side, zoc)) continue;
    for (const n of supplySteps(map, hex)) {
      const seen = dist.get(n);
      if (seen !== undefined && seen <= d + 1) continue;
      dist.set(n, d + 1);
      queue.push(n);
    }
  }
  return dist;
}

/**
 * Supply is asked for many times per state (housekeeping for both sides after every step, then the
 * view and the legal lists, attrition, depots, reach...), and the state is a fresh clone each step.
 * So the result is shared by the content it depends on, not by object identity: a key made of
 * everything computeSupply reads (forces, leaders on the map for the Austrian ZOC, depots, seat
 * sides, the fortress regions) and the side. The table is per map and small (MAX_CACHED entries,
 * oldest dropped first), never an unbounded memo. Callers treat the result as read-only.
 */
const MAX_CACHED = 8;
const cache = new WeakMap<StrategicMap, Map<string, SupplyInfo>>();

/** Everything computeSupply (with austrianZoc, fortressAt and sideSp) reads from the state. */
export function supplyKey(state: GameState, side: Side): string {
  let k = `${side}|${state.rules.fortressRegions?.join(',') ?? '*'}|`;
  for (const [seat, s] of Object.entries(state.seatSide)) k += `${seat}=${s},`;
  k += '|';
  for (const [hex, hf] of Object.entries(state.forces)) {
    k += hex;
    for (const [nat, sp] of Object.entries(hf)) if (sp) k += `${nat}${sp.out}/${sp.in}`;
    k += ';';
  }
  k += '|';
  for (const l of Object.values(state.leaders))
    if (l.status === 'map') k += `${l.id}${l.nationality}@${l.hex}${l.inside ? 'i' : ''};`;
  k += '|';
  for (const d of Object.values(state.depots))
    k += `${d.hex}${d.owner}${d.status}${d.offMapLink ? 'L' : ''};`;
  return k;
}

export function computeSupply(state: GameState, map: StrategicMap, side: Side): SupplyInfo {
  let table = cache.get(map);
  if (!table) {
    table = new Map();
    cache.set(map, table);
  }
  const key = supplyKey(state, side);
  const hit = table.get(key);
  if (hit) return hit;
  const info = computeSupplyUncached(state, map, side);
  table.set(key, info);
  if (table.size > MAX_CACHED) table.delete(table.keys().next().value!);
  return info;
}

/** 10.1-10.3 computed from scratch (computeSupply shares the result between callers). */
export function computeSupplyUncached(state: GameState, map: StrategicMap, side: Side): SupplyInfo {
  const zoc = side === 'prussian-allied' && state.seatSide.austria !== side ? austrianZoc(state, map) : null;
  const len = SUPPLY_PATH_LENGTH[side];
  // 10.11: a fortress is a source only with at least one friendly SP inside.
  const fortresses = Object.keys(state.forces)
    .filter((hex) => fortressAt(state, map, hex) && sideSp(state, hex, side, 'in') > 0)
    .sort();
  const candidates = Object.values(state.depots).filter(
    (d) => d.status === 'complete' && state.seatSide[d.owner] === side,
  );
  // 1757 special: the Russian depot linked to an off-map fortress is operative by itself.
  const operative = new Set<HexId>(candidates.filter((d) => d.offMapLink).map((d) => d.hex));
  // 10.12 C: grow the network from the garrisoned fortresses until no depot joins.
  const reach = trace(state, map, side, [...fortresses, ...operative], len, zoc);
  for (;;) {
    const joined: HexId[] = [];
    for (const d of candidates) {
      if (operative.has(d.hex)) continue;
      // 10.12 B: at least one friendly SP in the depot's hex; 10.43: an unblocked path into it.
      if (sideSp(state, d.hex, side) > 0 && reach.has(d.hex)) {
        operative.add(d.hex);
        joined.push(d.hex);
      }
    }
    if (joined.length === 0) break;
    trace(state, map, side, joined, len, zoc, reach);
  }
  return { side, supplied: new Set(reach.keys()), fortresses, operativeDepots: [...operative].sort() };
}

/** Hexes reachable by a supply path of `side` from its current sources (10.43 "supplied hex"). */
export function isSupplied(info: SupplyInfo, hex: HexId): boolean {
  return info.supplied.has(hex);
}

/** Hex distance by supply-path steps from the nearest source (for 10.52 "toward the nearest source"). */
export function distanceToSources(
  state: GameState,
  map: StrategicMap,
  info: SupplyInfo,
  maxSteps = 60,
): Map<HexId, number> {
  return trace(state, map, info.side, [...info.fortresses, ...info.operativeDepots], maxSteps, null);
}

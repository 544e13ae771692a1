// Map questions the autopilot asks: march distances (MP over terrain, 5.4 / 5.6) and which hexes its
// side can supply (10.1-10.3), computed from the Board (the seat's view), never from the state.
// The map never changes, so its step costs are compiled once into arrays (fast enough for a whole
// campaign in well under the bench budget).

import type { HexId, Side } from '../engine/index.js';
import { hexsideOpen, isRuleError, stepCost } from '../engine/index.js';
import { adjacentHexes } from '../map/hex.js';
import type { StrategicMap } from '../map/types.js';
import { type Board, otherSideOf } from './board.js';

/** 10.22: supply path length by the side of the source. */
export const SUPPLY_LENGTH: Record<Side, number> = { 'prussian-allied': 5, coalition: 4 };

/** A read-only distance table: MP (or steps) per hex, undefined when unreachable. */
export interface DistanceField {
  get(hex: HexId): number | undefined;
}

interface Graph {
  ids: HexId[];
  index: Map<HexId, number>;
  /** Forward march edges: from i, to[k] at cost[k] for k in [start[i], start[i+1]). */
  fStart: Int32Array;
  fTo: Int32Array;
  fCost: Int32Array;
  /** Reverse march edges (who can step into i, at what cost). */
  rStart: Int32Array;
  rFrom: Int32Array;
  rCost: Int32Array;
  /** Supply edges (10.24): open hexside into an enterable hex. */
  sStart: Int32Array;
  sTo: Int32Array;
}

const graphs = new WeakMap<StrategicMap, Graph>();

function csr(n: number, edges: Array<[number, number, number]>) {
  const start = new Int32Array(n + 1);
  for (const [a] of edges) start[a + 1]! += 1;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const to = new Int32Array(edges.length);
  const cost = new Int32Array(edges.length);
  const fill = start.slice(0, n);
  for (const [a, b, c] of edges) {
    const k = fill[a]!++;
    to[k] = b;
    cost[k] = c;
  }
  return { start, to, cost };
}

function graphOf(map: StrategicMap): Graph {
  const hit = graphs.get(map);
  if (hit) return hit;
  const ids: HexId[] = [];
  for (let r = 0; r < map.rows + 2; r++)
    for (let c = 0; c < map.cols + 2; c++) {
      const id = `${String(r).padStart(2, '0')}${String(c).padStart(2, '0')}`;
      if (map.onMap(id)) ids.push(id);
    }
  const index = new Map(ids.map((h, i) => [h, i]));
  const fwd: Array<[number, number, number]> = [];
  const rev: Array<[number, number, number]> = [];
  const sup: Array<[number, number, number]> = [];
  ids.forEach((h, i) => {
    for (const n of adjacentHexes(h)) {
      const j = index.get(n);
      if (j === undefined) continue;
      const step = stepCost(map, h, n);
      if (!isRuleError(step)) {
        fwd.push([i, j, step.mp]);
        rev.push([j, i, step.mp]);
      }
      const t = map.terrain(n);
      if (t !== 'sea' && t !== 'lake' && hexsideOpen(map, h, n)) sup.push([i, j, 1]);
    }
  });
  const f = csr(ids.length, fwd);
  const r = csr(ids.length, rev);
  const s = csr(ids.length, sup);
  const g: Graph = {
    ids,
    index,
    fStart: f.start,
    fTo: f.to,
    fCost: f.cost,
    rStart: r.start,
    rFrom: r.to,
    rCost: r.cost,
    sStart: s.start,
    sTo: s.to,
  };
  graphs.set(map, g);
  return g;
}

class ArrayField implements DistanceField {
  constructor(
    private readonly g: Graph,
    private readonly d: Int32Array,
  ) {}
  get(hex: HexId): number | undefined {
    const i = this.g.index.get(hex);
    if (i === undefined) return undefined;
    const v = this.d[i]!;
    return v < 0 ? undefined : v;
  }
}

/** Bucket-queue Dijkstra over small integer costs; -1 marks unreachable. */
function dijkstra(g: Graph, src: number, start: Int32Array, to: Int32Array, cost: Int32Array, max: number) {
  const n = g.ids.length;
  const dist = new Int32Array(n).fill(-1);
  dist[src] = 0;
  const buckets: number[][] = [[src]];
  for (let d = 0; d < buckets.length && d <= max; d++) {
    const bucket = buckets[d];
    if (!bucket) continue;
    for (const i of bucket) {
      if (dist[i] !== d) continue;
      for (let k = start[i]!; k < start[i + 1]!; k++) {
        const j = to[k]!;
        const nd = d + cost[k]!;
        if (nd > max) continue;
        const cur = dist[j]!;
        if (cur >= 0 && cur <= nd) continue;
        dist[j] = nd;
        const b = buckets[nd];
        if (b) b.push(j);
        else buckets[nd] = [j];
      }
    }
  }
  return dist;
}

const toCache = new WeakMap<StrategicMap, Map<HexId, DistanceField>>();
const fromCache = new WeakMap<StrategicMap, Map<string, DistanceField>>();
const EMPTY: DistanceField = { get: () => undefined };

/** MP needed to march from every hex to `goal` over open terrain (enemy surcharges ignored). Cached. */
export function marchDistanceTo(map: StrategicMap, goal: HexId): DistanceField {
  let per = toCache.get(map);
  if (!per) {
    per = new Map();
    toCache.set(map, per);
  }
  const hit = per.get(goal);
  if (hit) return hit;
  const g = graphOf(map);
  const i = g.index.get(goal);
  const field = i === undefined ? EMPTY : new ArrayField(g, dijkstra(g, i, g.rStart, g.rFrom, g.rCost, 1e9));
  per.set(goal, field);
  return field;
}

/** MP needed to march from `from` to every hex within `maxMp`. Cached. */
export function marchDistanceFrom(map: StrategicMap, from: HexId, maxMp: number): DistanceField {
  let per = fromCache.get(map);
  if (!per) {
    per = new Map();
    fromCache.set(map, per);
  }
  const key = `${from}|${maxMp}`;
  const hit = per.get(key);
  if (hit) return hit;
  const g = graphOf(map);
  const i = g.index.get(from);
  const field = i === undefined ? EMPTY : new ArrayField(g, dijkstra(g, i, g.fStart, g.fTo, g.fCost, maxMp));
  per.set(key, field);
  return field;
}

export function marchDistance(map: StrategicMap, from: HexId, to: HexId): number {
  return marchDistanceTo(map, to).get(from) ?? Number.POSITIVE_INFINITY;
}

const stepCache = new WeakMap<StrategicMap, Map<string, Map<HexId, number>>>();

/**
 * Supply-path steps (10.24) from `from`, ignoring units, up to `max`: where a depot built at `from`
 * could carry supply. Cached per map (the map never changes).
 */
export function supplySteps(map: StrategicMap, from: HexId, max: number): Map<HexId, number> {
  let byMap = stepCache.get(map);
  if (!byMap) {
    byMap = new Map();
    stepCache.set(map, byMap);
  }
  const key = `${from}:${max}`;
  const hit = byMap.get(key);
  if (hit) return hit;
  const g = graphOf(map);
  const out = new Map<HexId, number>();
  const i0 = g.index.get(from);
  if (i0 !== undefined) {
    const depth = new Map<number, number>([[i0, 0]]);
    const queue = [i0];
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q]!;
      const d = depth.get(i)!;
      out.set(g.ids[i]!, d);
      if (d >= max) continue;
      for (let k = g.sStart[i]!; k < g.sStart[i + 1]!; k++) {
        const j = g.sTo[k]!;
        if (depth.has(j)) continue;
        depth.set(j, d + 1);
        queue.push(j);
      }
    }
  }
  byMap.set(key, out);
  return out;
}

export interface SupplyPicture {
  /** Hexes the side can trace supply into (10.2). */
  supplied: Set<HexId>;
  /** Supply-path steps from the nearest source (only for supplied hexes). */
  depth: Map<HexId, number>;
  sources: HexId[];
}

/** Austrian Zone of Control as far as the board shows it (6.1-6.3). */
function austrianZoc(board: Board, austrianSide: Side): Set<HexId> {
  const zoc = new Set<HexId>();
  const stacks = austrianSide === board.side ? board.friends : board.enemies;
  const other = austrianSide === board.side ? board.enemies : board.friends;
  for (const [hex, s] of stacks) {
    const hasAustrianOut =
      austrianSide === board.side
        ? (s.outByNat.austria ?? 0) > 0
        : s.natsOut
          ? s.natsOut.includes('austria')
          : s.leaders.some((l) => l.nationality === 'austria' && !l.inside) ||
            (s.hasCombat && (s.out ?? 1) > 0);
    if (!hasAustrianOut || other.has(hex)) continue;
    for (const n of adjacentHexes(hex)) {
      if (!board.map.onMap(n) || board.map.terrain(n) === 'sea') continue;
      if (!hexsideOpen(board.map, hex, n) || other.has(n)) continue;
      zoc.add(n);
    }
  }
  return zoc;
}

/**
 * Which hexes `side` can supply (10.11-10.12, 10.31-10.32), from what the board shows. Enemy stacks
 * with combat units block paths out of their hex; depots join the network only if linked (10.12 C).
 */
export function supplyPicture(
  board: Board,
  side: Side = board.side,
  /** A depot hex to count as left empty (10.12 B: it feeds nothing once nobody stands in it). */
  emptied?: HexId,
): SupplyPicture {
  const g = graphOf(board.map);
  const own = side === board.side ? board.friends : board.enemies;
  const foe = side === board.side ? board.enemies : board.friends;
  const austrianSide = board.seatSide.austria;
  const zoc =
    side === 'prussian-allied' && austrianSide && austrianSide !== side
      ? austrianZoc(board, austrianSide)
      : null;
  const len = SUPPLY_LENGTH[side];
  const blocked = new Uint8Array(g.ids.length);
  for (const [hex, s] of foe) {
    const i = g.index.get(hex);
    if (i !== undefined && s.hasCombat) blocked[i] = 1;
  }
  if (zoc)
    for (const hex of zoc) {
      const i = g.index.get(hex);
      if (i !== undefined) blocked[i] = 1;
    }
  const sources: number[] = [];
  for (const [hex, s] of own) {
    if (!board.map.fortress(hex)) continue;
    if ((s.in ?? 0) > 0 || (s.in === null && s.garrisoned)) sources.push(g.index.get(hex) ?? -1);
  }
  // 1757 4B: the Russian depot linked to an off-map fortress is a source by itself, manned or not.
  // (Until 28 Nov 2026 the picture left it out: the Russian army that arrives on it in 1757 saw
  // itself out of supply in East Prussia and stood at 3340 for the rest of the year.)
  for (const d of board.depots)
    if (d.linked && d.side === side && d.status === 'complete') sources.push(g.index.get(d.hex) ?? -1);
  // 10.12 B: a depot is operative only with at least one friendly SP in its hex; a leader alone keeps
  // nothing. Our own strengths are shown; the enemy's are hidden, but its combat units are seen.
  const manned = (hex: HexId) => {
    const s = own.get(hex);
    if (!s) return false;
    return side === board.side ? (s.out ?? 0) + (s.in ?? 0) > 0 : s.hasCombat;
  };
  const depots = board.depots
    .filter(
      (d) => !d.linked && d.side === side && d.status === 'complete' && manned(d.hex) && d.hex !== emptied,
    )
    .map((d) => g.index.get(d.hex) ?? -1)
    .filter((i) => i >= 0);
  const depth = new Int32Array(g.ids.length);
  const trace = (srcs: number[]) => {
    depth.fill(-1);
    const queue: number[] = [];
    for (const s of srcs)
      if (s >= 0 && depth[s] === -1) {
        depth[s] = 0;
        queue.push(s);
      }
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q]!;
      const d = depth[i]!;
      if (d >= len || blocked[i]) continue;
      for (let k = g.sStart[i]!; k < g.sStart[i + 1]!; k++) {
        const j = g.sTo[k]!;
        if (depth[j] !== -1) continue;
        depth[j] = d + 1;
        queue.push(j);
      }
    }
  };
  const used = [...sources];
  trace(used);
  for (;;) {
    const add = depots.filter((d) => !used.includes(d) && depth[d] !== -1);
    if (add.length === 0) break;
    used.push(...add);
    trace(used);
  }
  const supplied = new Set<HexId>();
  const depthMap = new Map<HexId, number>();
  for (let i = 0; i < g.ids.length; i++)
    if (depth[i]! >= 0) {
      supplied.add(g.ids[i]!);
      depthMap.set(g.ids[i]!, depth[i]!);
    }
  return { supplied, depth: depthMap, sources: used.map((i) => g.ids[i]!) };
}

export { otherSideOf };

// Hex grid geometry for the strategic map (pure): the one home of hex arithmetic for the engine,
// the autopilot, the map tools and the renderers. A hex id is `RRCC`: row counted from the
// south, column from the west; rows run east-west and even rows sit half a hex further east
// than odd rows (map-facts.md). Internally we use "doubled" coordinates: x = 2*col (+1 on even
// rows), y = row, so east/west neighbours differ by 2 in x and diagonal neighbours by 1.
// Hot loops use the memoised tables (adjacentHexes, neighbours) instead of parsing ids each time.
import type { HexId } from './types.js';

export interface RowCol {
  row: number;
  col: number;
}

export type Direction = 'NE' | 'E' | 'SE' | 'SW' | 'W' | 'NW';
export const DIRECTIONS: readonly Direction[] = ['NE', 'E', 'SE', 'SW', 'W', 'NW'];

/** Largest grid we build (rows 01..38, columns 01..50); ids are two digits each. */
export const MAX_ROWS = 38;
export const MAX_COLS = 50;

const HEX_RE = /^(\d{2})(\d{2})$/;

export type ParseResult = { ok: true; value: RowCol } | { ok: false; error: string };

/** Parse an `RRCC` id. Accepts any two-digit row/column >= 1; bounds are the map's business. */
export function parseHex(id: string): ParseResult {
  const m = HEX_RE.exec(id);
  if (!m) return { ok: false, error: `hex "${id}" is not four digits RRCC` };
  const row = Number(m[1]);
  const col = Number(m[2]);
  if (row < 1 || col < 1) return { ok: false, error: `hex "${id}" has a zero row or column` };
  return { ok: true, value: { row, col } };
}

/** Parse or throw: for ids known to be well formed (map data, tests). */
export function rc(id: HexId): RowCol {
  const p = parseHex(id);
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

/** The row number of an id (no validation: NaN for a malformed one). */
export function rowOf(id: HexId): number {
  return Number(id.slice(0, 2));
}

/** The column number of an id (no validation: NaN for a malformed one). */
export function columnOf(id: HexId): number {
  return Number(id.slice(2, 4));
}

export function formatHex(row: number, col: number): HexId {
  return `${String(row).padStart(2, '0')}${String(col).padStart(2, '0')}`;
}

export function isValidHex(id: string, rows = MAX_ROWS, cols = MAX_COLS): boolean {
  const p = parseHex(id);
  return p.ok && p.value.row <= rows && p.value.col <= cols;
}

/** Doubled x coordinate: even rows are shifted half a hex east. */
export function doubledX(row: number, col: number): number {
  return 2 * col + (row % 2 === 0 ? 1 : 0);
}

const OFFSETS: Record<Direction, { even: [number, number]; odd: [number, number] }> = {
  // [dRow, dCol] per map-facts.md
  NE: { even: [1, 1], odd: [1, 0] },
  NW: { even: [1, 0], odd: [1, -1] },
  E: { even: [0, 1], odd: [0, 1] },
  W: { even: [0, -1], odd: [0, -1] },
  SE: { even: [-1, 1], odd: [-1, 0] },
  SW: { even: [-1, 0], odd: [-1, -1] },
};

/** The hex in a direction, or undefined when it falls outside rows/cols (default: full grid). */
export function neighbour(id: HexId, dir: Direction, rows = MAX_ROWS, cols = MAX_COLS): HexId | undefined {
  const { row, col } = rc(id);
  const [dr, dc] = OFFSETS[dir][row % 2 === 0 ? 'even' : 'odd'];
  const r = row + dr;
  const c = col + dc;
  if (r < 1 || c < 1 || r > rows || c > cols) return undefined;
  return formatHex(r, c);
}

const neighbourTable = new Map<string, readonly HexId[]>();

/**
 * All on-grid neighbours, in direction order NE, E, SE, SW, W, NW. Memoised per hex and grid size:
 * the returned array is shared, never mutate it.
 */
export function neighbours(id: HexId, rows = MAX_ROWS, cols = MAX_COLS): HexId[] {
  const key = `${id}:${rows}:${cols}`;
  let out = neighbourTable.get(key);
  if (!out) {
    const list: HexId[] = [];
    for (const d of DIRECTIONS) {
      const n = neighbour(id, d, rows, cols);
      if (n) list.push(n);
    }
    out = Object.freeze(list);
    neighbourTable.set(key, out);
  }
  return out as HexId[];
}

/**
 * The order the rules engine's searches (reach, supply, ZOC, retreat) visit a hex's neighbours:
 * NE, NW, E, W, SE, SW. It differs from the clockwise DIRECTIONS on purpose: the engine's path and
 * retreat tie-breaks, and so every stored game and golden, depend on it. Change it only with a
 * re-recorded replay fixture and a note naming the games that change.
 */
export const SEARCH_ORDER: readonly Direction[] = ['NE', 'NW', 'E', 'W', 'SE', 'SW'];

const adjacentTable = new Map<string, readonly HexId[]>();

/**
 * The six hexes around `id` in SEARCH_ORDER, including ids off the map (rows and columns 0-99;
 * callers check `onMap`). Memoised per hex: the returned array is shared and frozen.
 */
export function adjacentHexes(id: HexId): readonly HexId[] {
  let out = adjacentTable.get(id);
  if (!out) {
    const row = Number(id.slice(0, 2));
    const col = Number(id.slice(2, 4));
    const parity = row % 2 === 0 ? 'even' : 'odd';
    const list: HexId[] = [];
    for (const d of SEARCH_ORDER) {
      const [dr, dc] = OFFSETS[d][parity];
      const r = row + dr;
      const c = col + dc;
      if (r >= 0 && r <= 99 && c >= 0 && c <= 99) list.push(formatHex(r, c));
    }
    out = Object.freeze(list);
    adjacentTable.set(id, out);
  }
  return out;
}

/** Whether two hexes share a hexside. */
export function isAdjacent(a: HexId, b: HexId): boolean {
  return adjacentHexes(a).includes(b);
}

/** Direction from a to an adjacent b, or undefined when not adjacent. */
export function directionTo(a: HexId, b: HexId): Direction | undefined {
  for (const d of DIRECTIONS) if (neighbour(a, d, 99, 99) === b) return d;
  return undefined;
}

export function areAdjacent(a: HexId, b: HexId): boolean {
  return directionTo(a, b) !== undefined;
}

/** Canonical, order-independent key of the hexside between two hexes: "lower/higher". */
export function hexsideKey(a: HexId, b: HexId): string {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

export function parseHexsideKey(key: string): [HexId, HexId] | undefined {
  const m = /^(\d{4})\/(\d{4})$/.exec(key);
  if (!m || !areAdjacent(m[1]!, m[2]!)) return undefined;
  return [m[1]!, m[2]!];
}

/** Hex distance (number of steps). */
export function distance(a: HexId, b: HexId): number {
  const p = rc(a);
  const q = rc(b);
  const dy = Math.abs(p.row - q.row);
  const dx = Math.abs(doubledX(p.row, p.col) - doubledX(q.row, q.col));
  return dy + Math.max(0, (dx - dy) / 2);
}

/** Hexes at exactly distance n from centre (n = 0 gives the centre), clipped to the grid. */
export function ring(centre: HexId, n: number, rows = MAX_ROWS, cols = MAX_COLS): HexId[] {
  if (n === 0) return [centre];
  const { row } = rc(centre);
  const out: HexId[] = [];
  for (let r = Math.max(1, row - n); r <= Math.min(rows, row + n); r++) {
    for (let c = 1; c <= cols; c++) {
      const h = formatHex(r, c);
      if (distance(centre, h) === n) out.push(h);
    }
  }
  return out;
}

/** Hexes within distance n of centre (inclusive), clipped to the grid. */
export function within(centre: HexId, n: number, rows = MAX_ROWS, cols = MAX_COLS): HexId[] {
  const out: HexId[] = [];
  for (let k = 0; k <= n; k++) out.push(...ring(centre, k, rows, cols));
  return out;
}

/** Cost of stepping from one hex into an adjacent one; `undefined` or Infinity = forbidden. */
export type StepCost = (from: HexId, to: HexId) => number | undefined;

export interface PathResult {
  path: HexId[];
  cost: number;
}

/**
 * Cheapest path (Dijkstra) from `from` to `to` with a caller-supplied step cost. `maxCost` prunes
 * the search. Ties are broken deterministically by hex id. Undefined when unreachable.
 */
export function cheapestPath(
  from: HexId,
  to: HexId,
  cost: StepCost,
  opts: { maxCost?: number; rows?: number; cols?: number } = {},
): PathResult | undefined {
  const all = reachable(from, cost, opts);
  const c = all.cost.get(to);
  if (c === undefined) return undefined;
  const path: HexId[] = [to];
  let cur = to;
  while (cur !== from) {
    cur = all.prev.get(cur)!;
    path.push(cur);
  }
  return { path: path.reverse(), cost: c };
}

/** Every hex reachable from `from` within maxCost, with its cheapest cost and predecessor. */
export function reachable(
  from: HexId,
  cost: StepCost,
  opts: { maxCost?: number; rows?: number; cols?: number } = {},
): { cost: Map<HexId, number>; prev: Map<HexId, HexId> } {
  const maxCost = opts.maxCost ?? Number.POSITIVE_INFINITY;
  const rows = opts.rows ?? MAX_ROWS;
  const cols = opts.cols ?? MAX_COLS;
  const best = new Map<HexId, number>([[from, 0]]);
  const prev = new Map<HexId, HexId>();
  const done = new Set<HexId>();
  // Small grids (<2000 hexes): a sorted frontier array is simple and deterministic.
  let frontier: Array<[number, HexId]> = [[0, from]];
  while (frontier.length > 0) {
    frontier.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    const [c, h] = frontier.shift()!;
    if (done.has(h)) continue;
    done.add(h);
    for (const n of neighbours(h, rows, cols)) {
      if (done.has(n)) continue;
      const step = cost(h, n);
      if (step === undefined || !Number.isFinite(step) || step < 0) continue;
      const nc = c + step;
      if (nc > maxCost) continue;
      const old = best.get(n);
      if (old === undefined || nc < old) {
        best.set(n, nc);
        prev.set(n, h);
        frontier.push([nc, n]);
      }
    }
    if (frontier.length > 4096) frontier = frontier.filter(([, x]) => !done.has(x));
  }
  return { cost: best, prev };
}

/** Breadth-first path counting steps only (each allowed step costs 1). */
export function bfsPath(
  from: HexId,
  to: HexId,
  allowed: (from: HexId, to: HexId) => boolean,
  opts: { maxSteps?: number; rows?: number; cols?: number } = {},
): HexId[] | undefined {
  const r = cheapestPath(from, to, (a, b) => (allowed(a, b) ? 1 : undefined), {
    maxCost: opts.maxSteps,
    rows: opts.rows,
    cols: opts.cols,
  });
  return r?.path;
}

// ---- Planar geometry (unit = hex size: centre-to-corner distance = 1) -------------------

export const SQRT3 = Math.sqrt(3);

/**
 * Continuous "hex space" position of a hex centre: x grows east (one column = sqrt(3)), y grows
 * north (one row = 1.5). Even rows are offset half a column east.
 */
export function hexCentre(id: HexId): { x: number; y: number } {
  const { row, col } = rc(id);
  return { x: (doubledX(row, col) * SQRT3) / 2, y: row * 1.5 };
}

/** Fractional (row, col) "map units" of a hex centre, the frame of the georeference. */
export function hexToRowCol(id: HexId): { row: number; col: number } {
  const { row, col } = rc(id);
  return { row, col: col + (row % 2 === 0 ? 0.5 : 0) };
}

/** Hex containing a fractional (row, col) map position (inverse of hexToRowCol). */
export function rowColToHex(row: number, col: number): HexId | undefined {
  return pointToHex((2 * col * SQRT3) / 2, row * 1.5);
}

/** The hex whose area contains the planar point (x, y) in hex space; undefined if row/col < 1. */
export function pointToHex(x: number, y: number): HexId | undefined {
  // Candidate rows around y, nearest centre wins (Voronoi of centres = hex cells).
  const r0 = Math.round(y / 1.5);
  let best: HexId | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (let r = r0 - 1; r <= r0 + 1; r++) {
    if (r < 1 || r > 99) continue;
    const shift = r % 2 === 0 ? 1 : 0;
    const c0 = Math.round(((2 * x) / SQRT3 - shift) / 2);
    for (let c = c0 - 1; c <= c0 + 1; c++) {
      if (c < 1 || c > 99) continue;
      const cx = ((2 * c + shift) * SQRT3) / 2;
      const cy = r * 1.5;
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = formatHex(r, c);
      }
    }
  }
  return best;
}

/** The six corners of a pointy-topped hex in hex space, starting at the top, clockwise. */
export function hexCorners(id: HexId): Array<{ x: number; y: number }> {
  const { x, y } = hexCentre(id);
  const out: Array<{ x: number; y: number }> = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 2 - (i * Math.PI) / 3;
    out.push({ x: x + Math.cos(a), y: y + Math.sin(a) });
  }
  return out;
}

/** The two end points of the hexside between adjacent hexes a and b, in hex space. */
export function hexsideEndpoints(a: HexId, b: HexId): [{ x: number; y: number }, { x: number; y: number }] {
  const ca = hexCentre(a);
  const cb = hexCentre(b);
  const mx = (ca.x + cb.x) / 2;
  const my = (ca.y + cb.y) / 2;
  // The edge is perpendicular to the centre line, length 1, centred on the midpoint.
  const dx = cb.x - ca.x;
  const dy = cb.y - ca.y;
  const len = Math.hypot(dx, dy);
  const px = -dy / len / 2;
  const py = dx / len / 2;
  return [
    { x: mx + px, y: my + py },
    { x: mx - px, y: my - py },
  ];
}

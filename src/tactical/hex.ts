// Hex geometry of the Leuthen battlefield (pure). Ids are `XXYY` as printed in the Leuthen rules:
// XX is a column of flat-topped hexes on the printed sheet, YY the row inside it. Orientation (see
// docs/tactical-rulings.md, "Map orientation"): XX grows southward, YY grows westward, and an even
// column's hex r sits half a hex toward row r-1 (east) of an odd column's hex r. So
// (odd c, r) touches (c+1, r) and (c+1, r+1); (even c, r) touches (c+1, r-1) and (c+1, r); and the
// scenario 2 entry hexes 0919-1020-1119-1220-1319-1420 form one connected west edge.
//
// Drawn north-up, each column is a horizontal strip of pointy-topped hexes. World coordinates used
// for drawing and rasterising: x grows east, y grows south, one unit = one hex across the flats
// (350 m, Leuthen 0.2). Internally the grid is "odd-q" axial: q = col, r = row - (col - col%2)/2.
//
// Hexside directions are numbered 0-5 clockwise: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW. A facing is a
// VERTEX 0-5; vertex i lies between hexside directions i and i+1 (0 = ENE, 1 = ESE, 2 = S,
// 3 = WSW, 4 = WNW, 5 = N). Arcs per unit class follow Leuthen 2.

export type TacHexId = string;
export type Dir = 0 | 1 | 2 | 3 | 4 | 5;
export type Vertex = 0 | 1 | 2 | 3 | 4 | 5;

export const DIRS: readonly Dir[] = [0, 1, 2, 3, 4, 5];
export const VERTICES: readonly Vertex[] = [0, 1, 2, 3, 4, 5];
export const DIR_NAMES = ['NE', 'E', 'SE', 'SW', 'W', 'NW'] as const;
export const VERTEX_NAMES = ['ENE', 'ESE', 'S', 'WSW', 'WNW', 'N'] as const;

export interface ColRow {
  col: number;
  row: number;
}

const HEX_RE = /^(\d{2})(\d{2})$/;

export type ParseHexResult = { ok: true; value: ColRow } | { ok: false; error: string };

/** Parse an `XXYY` id. Any two-digit column/row >= 1 is accepted; bounds are the map's business. */
export function parseTacHex(id: string): ParseHexResult {
  const m = HEX_RE.exec(id);
  if (!m) return { ok: false, error: `hex "${id}" is not four digits XXYY` };
  const col = Number(m[1]);
  const row = Number(m[2]);
  if (col < 1 || row < 1) return { ok: false, error: `hex "${id}" has a zero column or row` };
  return { ok: true, value: { col, row } };
}

export function isTacHexId(id: string): boolean {
  return parseTacHex(id).ok;
}

/** Parse or throw, for ids known to be well formed (map data, tests). */
export function colRow(id: TacHexId): ColRow {
  const p = parseTacHex(id);
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

export function formatTacHex(col: number, row: number): TacHexId {
  return `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

// --- axial / cube ---------------------------------------------------------------------------

export interface Axial {
  q: number;
  r: number;
}

// Ids are parsed on every distance and step: a cache keeps the hot paths (legal actions, the
// autopilot, line of sight) off the regular expression. Bounded by the 99 x 99 possible ids.
const axialCache = new Map<string, Axial>();

export function toAxial(id: TacHexId): Axial {
  const hit = axialCache.get(id);
  if (hit) return hit;
  const { col, row } = colRow(id);
  const a = Object.freeze({ q: col, r: row - (col - (col & 1)) / 2 });
  axialCache.set(id, a);
  return a;
}

/** The id of an axial position, or undefined when it falls outside 01..99. */
export function fromAxial(a: Axial): TacHexId | undefined {
  const col = a.q;
  const row = a.r + (col - (col & 1)) / 2;
  if (col < 1 || row < 1 || col > 99 || row > 99) return undefined;
  return formatTacHex(col, row);
}

/** Axial step per direction 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW (the same for both column parities). */
const AXIAL_STEP: readonly [number, number][] = [
  [-1, 0],
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
];

/** The hex one step in direction d (whatever the map's extent), or undefined off 01..99. */
export function step(id: TacHexId, d: Dir): TacHexId | undefined {
  const a = toAxial(id);
  const [dq, dr] = AXIAL_STEP[d]!;
  return fromAxial({ q: a.q + dq, r: a.r + dr });
}

/**
 * The six neighbours in direction order 0-5 (NE, E, SE, SW, W, NW). Entries are undefined where a
 * neighbour would fall outside 01..99; a map filters to its own hexes (TacticalMap.neighbours).
 */
export function neighbours(id: TacHexId): (TacHexId | undefined)[] {
  return DIRS.map((d) => step(id, d));
}

/** The direction from a to an adjacent b, or undefined when they are not adjacent. */
export function directionTo(a: TacHexId, b: TacHexId): Dir | undefined {
  const p = toAxial(a);
  const q = toAxial(b);
  const dq = q.q - p.q;
  const dr = q.r - p.r;
  for (const d of DIRS) {
    const s = AXIAL_STEP[d]!;
    if (s[0] === dq && s[1] === dr) return d;
  }
  return undefined;
}

export function areAdjacent(a: TacHexId, b: TacHexId): boolean {
  return directionTo(a, b) !== undefined;
}

export function opposite(d: Dir): Dir {
  return ((d + 3) % 6) as Dir;
}

/** Canonical order-independent key of the hexside between two hexes: "lower/higher". */
export function hexsideKey(a: TacHexId, b: TacHexId): string {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

/** Number of hex steps between two hexes. */
export function distance(a: TacHexId, b: TacHexId): number {
  const p = toAxial(a);
  const q = toAxial(b);
  const dq = p.q - q.q;
  const dr = p.r - q.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** All ids (within 01..99) at distance <= n of centre, centre first, then by distance and id. */
export function hexesWithin(centre: TacHexId, n: number): TacHexId[] {
  const c = toAxial(centre);
  const out: TacHexId[] = [];
  for (let dq = -n; dq <= n; dq++) {
    for (let dr = Math.max(-n, -dq - n); dr <= Math.min(n, -dq + n); dr++) {
      const id = fromAxial({ q: c.q + dq, r: c.r + dr });
      if (id) out.push(id);
    }
  }
  return out.sort((x, y) => distance(centre, x) - distance(centre, y) || (x < y ? -1 : x > y ? 1 : 0));
}

// --- lines (line of sight, Leuthen 10.2) -----------------------------------------------------

function cubeRound(q: number, r: number): Axial {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq + 0, r: rr + 0 };
}

function lineWithNudge(a: TacHexId, b: TacHexId, sign: 1 | -1): TacHexId[] {
  const p = toAxial(a);
  const q = toAxial(b);
  const n = distance(a, b);
  const eq = 1e-6 * sign;
  const er = 2e-6 * sign;
  const out: TacHexId[] = [];
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    const h = cubeRound(p.q + (q.q - p.q) * t + eq, p.r + (q.r - p.r) * t + er);
    const id = fromAxial(h);
    if (id) out.push(id);
  }
  return out;
}

/**
 * The hexes a straight line from a's centre to b's centre passes through, a and b included, one
 * per step (length distance + 1). Where the line runs exactly along a hexside the hex on one fixed
 * side is taken; use lineSteps when both matter.
 */
export function hexLine(a: TacHexId, b: TacHexId): TacHexId[] {
  return lineWithNudge(a, b, 1);
}

/**
 * The line from a to b as steps: each step holds one hex, or two when the line runs exactly along
 * the hexside between them (Leuthen 10.2 leaves such "hex edge" cases to the rules layer).
 */
export function lineSteps(a: TacHexId, b: TacHexId): TacHexId[][] {
  const x = lineWithNudge(a, b, 1);
  const y = lineWithNudge(a, b, -1);
  return x.map((h, i) => (h === y[i] ? [h] : [h, y[i]!].sort()));
}

// --- facing (Leuthen 2) ----------------------------------------------------------------------

/** The unit classes whose arcs differ (Leuthen 2). Light troops use their parent arm's class. */
export type ArcClass = 'infantry' | 'cavalry' | 'artillery' | 'infantry-in-town' | 'leader';

export interface Arcs {
  front: Dir[];
  flank: Dir[];
  rear: Dir[];
}

const mod6 = (n: number): Dir => (((n % 6) + 6) % 6) as Dir;

/** The two hexside directions that meet at vertex v: v and v+1. */
export function vertexSides(v: Vertex): [Dir, Dir] {
  return [mod6(v), mod6(v + 1)];
}

/**
 * Front/flank/rear hexside directions for a unit facing vertex v (Leuthen 2): infantry 2 front
 * (v, v+1), 2 flank (v+2, v-1), 2 rear (v+3, v+4); cavalry 4 front (v-1 .. v+2) and 2 rear;
 * artillery and infantry in a town all six front; leaders have no arcs (their facing does not
 * matter).
 */
export function arcDirections(cls: ArcClass, v: Vertex): Arcs {
  switch (cls) {
    case 'infantry':
      return {
        front: [mod6(v), mod6(v + 1)],
        flank: [mod6(v + 2), mod6(v + 5)],
        rear: [mod6(v + 3), mod6(v + 4)],
      };
    case 'cavalry':
      return {
        front: [mod6(v + 5), mod6(v), mod6(v + 1), mod6(v + 2)],
        flank: [],
        rear: [mod6(v + 3), mod6(v + 4)],
      };
    case 'artillery':
    case 'infantry-in-town':
      return { front: [...DIRS], flank: [], rear: [] };
    case 'leader':
      return { front: [], flank: [], rear: [] };
  }
}

export interface ArcHexes {
  front: TacHexId[];
  flank: TacHexId[];
  rear: TacHexId[];
}

/** The front/flank/rear hexes (ids within 01..99, direction order) of a unit at hex facing v. */
export function arcHexes(hex: TacHexId, cls: ArcClass, v: Vertex): ArcHexes {
  const a = arcDirections(cls, v);
  const ids = (ds: Dir[]) => ds.map((d) => step(hex, d)).filter((h): h is TacHexId => h !== undefined);
  return { front: ids(a.front), flank: ids(a.flank), rear: ids(a.rear) };
}

export type ArcName = 'front' | 'flank' | 'rear';

/** Which arc of a unit at `hex` facing v the adjacent hex `other` lies in; undefined if not adjacent or no arc. */
export function arcOf(hex: TacHexId, cls: ArcClass, v: Vertex, other: TacHexId): ArcName | undefined {
  const d = directionTo(hex, other);
  if (d === undefined) return undefined;
  const a = arcDirections(cls, v);
  if (a.front.includes(d)) return 'front';
  if (a.flank.includes(d)) return 'flank';
  if (a.rear.includes(d)) return 'rear';
  return undefined;
}

/** Number of vertex steps (0-3) to turn from facing a to facing b (Leuthen 7.2 costs per vertex). */
export function vertexTurns(a: Vertex, b: Vertex): number {
  const d = Math.abs(a - b) % 6;
  return Math.min(d, 6 - d);
}

/** Vertex v turned by `by` vertex steps (positive = clockwise). */
export function rotateVertex(v: Vertex, by: number): Vertex {
  return mod6(v + by) as Vertex;
}

// --- drawing and rasterising -----------------------------------------------------------------

export const SQRT3 = Math.sqrt(3);
/** Distance between adjacent columns in world units (hex widths): sqrt(3)/2. */
export const COLUMN_SPACING = SQRT3 / 2;
/** Centre-to-corner radius of a hex one unit across the flats. */
export const HEX_RADIUS = 1 / SQRT3;
/** Metres per world unit (one hex across the flats, Leuthen 0.2). */
export const METRES_PER_HEX = 350;

export interface Point {
  x: number;
  y: number;
}

/** Centre of a hex in world units: x east (= -row, +0.5 in even columns), y south (col * sqrt(3)/2). */
export function hexCentre(id: TacHexId): Point {
  const { col, row } = colRow(id);
  return { x: -row + (col % 2 === 0 ? 0.5 : 0), y: col * COLUMN_SPACING };
}

/** The six corners of a hex (pointy-top, north-up), clockwise from the ENE corner (vertex 0). */
export function hexCorners(id: TacHexId, radius = HEX_RADIUS): Point[] {
  const c = hexCentre(id);
  return VERTICES.map((v) => {
    const p = vertexOffset(v, radius);
    return { x: c.x + p.x, y: c.y + p.y };
  });
}

/** Offset from a hex centre to vertex v at the given radius (x east, y south). */
export function vertexOffset(v: Vertex, radius = HEX_RADIUS): Point {
  // vertex 0 at 30 deg above east, clockwise (y south): angle = 30 - 60 v degrees.
  const a = ((30 - 60 * v) * Math.PI) / 180;
  return { x: radius * Math.cos(a), y: -radius * Math.sin(a) };
}

/** Unit vector from a hex centre toward its neighbour in direction d (x east, y south). */
export function directionVector(d: Dir): Point {
  const a = ((60 - 60 * d) * Math.PI) / 180;
  return { x: Math.cos(a), y: -Math.sin(a) };
}

/** The hex (within 01..99) containing a world point, or undefined outside that range. */
export function pointToTacHex(p: Point): TacHexId | undefined {
  const q = p.y / COLUMN_SPACING;
  const r = -p.x - q / 2 + 0.5;
  return fromAxial(cubeRound(q, r));
}

/** The two corners shared by hex a and its neighbour in direction d (for drawing hexside features). */
export function hexsideSegment(id: TacHexId, d: Dir): [Point, Point] {
  const c = hexCentre(id);
  const v1 = vertexOffset(mod6(d + 5) as Vertex);
  const v2 = vertexOffset(d as Vertex);
  return [
    { x: c.x + v1.x, y: c.y + v1.y },
    { x: c.x + v2.x, y: c.y + v2.y },
  ];
}

// A tactical battlefield map (pure): the zod schema of assets/tactical/maps/<id>/map.json (written
// by scripts/build-tactical-map.ts), a loader that names the offending field, and lookups with
// precomputed tables (on-map neighbours, hexside features, edge distances) for the rules layer.
import { z } from 'zod';
import { foldName } from '../kernel/names.js';
import {
  colRow,
  DIRS,
  type Dir,
  directionTo,
  formatTacHex,
  hexsideKey,
  parseTacHex,
  step,
  type TacHexId,
} from './hex.js';

export const TERRAINS = ['clear', 'village', 'woods', 'marsh', 'churchyard'] as const;
export type Terrain = (typeof TERRAINS)[number];

export const HEXSIDE_FEATURES = ['stream', 'bridge', 'ford', 'abatis', 'road'] as const;
export type HexsideFeature = (typeof HEXSIDE_FEATURES)[number];

export const LABEL_KINDS = ['village', 'height', 'wood', 'marsh', 'stream', 'other'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export type Compass = 'west' | 'east';
export type MapSide = 'prussia' | 'austria';

const hexId = z.string().regex(/^\d{4}$/, 'expected a hex id XXYY (four digits)');
const range = z
  .object({ from: z.number().int().min(1).max(99), to: z.number().int().min(1).max(99) })
  .refine((r) => r.from <= r.to, { message: 'from must not exceed to' });

export const tacticalHexSchema = z.object({
  id: hexId,
  terrain: z.enum(TERRAINS),
  /** Hill level 0 (plain), 1 or 2. */
  elevation: z.number().int().min(0).max(2),
  /** Village or height name carried by this hex. */
  name: z.string().min(1).optional(),
  /** Feature ids (features.json) that produced this hex. */
  from: z.array(z.string().min(1)).optional(),
});

export const tacticalHexsideSchema = z.object({
  a: hexId,
  b: hexId,
  features: z.array(z.enum(HEXSIDE_FEATURES)).min(1),
  /** Feature ids that produced this hexside. */
  from: z.array(z.string().min(1)).optional(),
});

export const tacticalLabelSchema = z.object({
  name: z.string().min(1),
  hex: hexId,
  kind: z.enum(LABEL_KINDS),
});

export const tacticalMapSchema = z.object({
  format: z.literal(1),
  id: z.string().regex(/^[a-z0-9-]+$/, 'expected a lower-case id such as "leuthen"'),
  name: z.string().min(1),
  provenance: z.enum(['rulebook', 'reconstructed', 'generated']),
  rationale: z.string().min(1),
  /** Where the source features came from (citations), free text lines. */
  sources: z.array(z.string()).optional(),
  /** Metres across one hex's flats (Leuthen 0.2: 350). */
  hexMetres: z.number().positive().optional(),
  columns: range,
  rows: range,
  hexes: z.array(tacticalHexSchema).min(1),
  hexsides: z.array(tacticalHexsideSchema),
  labels: z.array(tacticalLabelSchema),
  edges: z.object({ prussia: z.enum(['west', 'east']), austria: z.enum(['west', 'east']) }),
  /** Build metadata (feature file hash, counts); free form, not read by the rules. */
  build: z.record(z.string(), z.unknown()).optional(),
});

export type TacticalMapFile = z.infer<typeof tacticalMapSchema>;
export type TacticalHex = z.infer<typeof tacticalHexSchema>;
export type TacticalLabel = z.infer<typeof tacticalLabelSchema>;

export interface TacticalMap {
  readonly data: TacticalMapFile;
  readonly id: string;
  readonly name: string;
  /** Every hex id on the map, column by column from the north, rows east to west. */
  hexes(): readonly TacHexId[];
  has(hex: string): boolean;
  hex(hex: TacHexId): TacticalHex | undefined;
  /** Terrain of an on-map hex (throws for an off-map id: a caller bug, check `has` first). */
  terrain(hex: TacHexId): Terrain;
  elevation(hex: TacHexId): number;
  /** The village or height name a hex carries, if any. */
  hexName(hex: TacHexId): string | undefined;
  /** The on-map neighbour in direction d, if any. */
  neighbourIn(hex: TacHexId, d: Dir): TacHexId | undefined;
  /** On-map neighbours in direction order 0-5 (off-map ones skipped). */
  neighbours(hex: TacHexId): readonly TacHexId[];
  /** Features on the hexside between two adjacent hexes (empty when none or not adjacent). */
  hexsideFeatures(a: TacHexId, b: TacHexId): readonly HexsideFeature[];
  hasHexsideFeature(a: TacHexId, b: TacHexId, f: HexsideFeature): boolean;
  /** Every hexside carrying a feature: key "lower/higher" -> features. */
  hexsides(): ReadonlyMap<string, readonly HexsideFeature[]>;
  /** Edge hexes of a compass side: per column, the highest row (west) or the lowest (east). */
  edgeHexes(side: Compass): readonly TacHexId[];
  isEdge(hex: TacHexId, side: Compass): boolean;
  /** The compass edge that is a side's friendly edge (Leuthen 12.4: west Prussian, east Austrian). */
  friendlyEdge(side: MapSide): Compass;
  /** Hex steps (terrain ignored) from a hex to the nearest hex of an edge; 0 on the edge. */
  stepsToEdge(hex: TacHexId, side: Compass): number;
  /** The label (if any) naming a place; matches names case- and accent-insensitively. */
  findLabel(name: string): TacticalLabel | undefined;
  labels(): readonly TacticalLabel[];
  /** Dense index of a hex (0..hexes().length-1) for per-hex arrays; -1 off the map. */
  indexOf(hex: string): number;
}

export type TacticalMapResult = { ok: true; map: TacticalMap } | { ok: false; error: string };

/** Fold case and accents: "Sagschütz" and "sagschutz" compare equal (one home: kernel/names.ts). */
export { foldName };

function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '(root)';
}

function fail(error: string): TacticalMapResult {
  return { ok: false, error: `tactical map: ${error}` };
}

/** Validate raw map data (parsed JSON) and build the map; errors come back as values naming the field. */
export function tacticalMapFromData(raw: unknown): TacticalMapResult {
  const parsed = tacticalMapSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
    return fail(`${issuePath(issue.path)}: ${issue.message}${more}`);
  }
  const data = parsed.data;
  const { columns, rows } = data;

  const byId = new Map<TacHexId, TacticalHex>();
  for (let i = 0; i < data.hexes.length; i++) {
    const h = data.hexes[i]!;
    const p = parseTacHex(h.id);
    if (!p.ok) return fail(`hexes[${i}].id: ${p.error}`);
    const { col, row } = p.value;
    if (col < columns.from || col > columns.to)
      return fail(`hexes[${i}].id: hex ${h.id} column ${col} outside columns ${columns.from}-${columns.to}`);
    if (row < rows.from || row > rows.to)
      return fail(`hexes[${i}].id: hex ${h.id} row ${row} outside rows ${rows.from}-${rows.to}`);
    if (byId.has(h.id)) return fail(`hexes[${i}].id: hex ${h.id} listed twice`);
    byId.set(h.id, h);
  }

  const sides = new Map<string, HexsideFeature[]>();
  for (let i = 0; i < data.hexsides.length; i++) {
    const s = data.hexsides[i]!;
    for (const k of ['a', 'b'] as const) {
      if (!byId.has(s[k])) return fail(`hexsides[${i}].${k}: hex ${s[k]} is not on the map`);
    }
    if (directionTo(s.a, s.b) === undefined)
      return fail(`hexsides[${i}]: ${s.a} and ${s.b} are not adjacent`);
    const key = hexsideKey(s.a, s.b);
    if (sides.has(key)) return fail(`hexsides[${i}]: hexside ${key} listed twice`);
    if (new Set(s.features).size !== s.features.length)
      return fail(`hexsides[${i}].features: a feature is repeated on ${key}`);
    sides.set(key, [...s.features]);
  }

  for (let i = 0; i < data.labels.length; i++) {
    const l = data.labels[i]!;
    if (!byId.has(l.hex)) return fail(`labels[${i}].hex: hex ${l.hex} (${l.name}) is not on the map`);
  }
  if (data.edges.prussia === data.edges.austria)
    return fail('edges: prussia and austria need different edges');

  // Dense order: column by column, rows ascending.
  const ids = [...byId.keys()].sort((a, b) => {
    const p = colRow(a);
    const q = colRow(b);
    return p.col - q.col || p.row - q.row;
  });
  const index = new Map<TacHexId, number>(ids.map((id, i) => [id, i]));

  const nbrIn: (TacHexId | undefined)[][] = ids.map((id) =>
    DIRS.map((d) => {
      const n = step(id, d);
      return n !== undefined && byId.has(n) ? n : undefined;
    }),
  );
  const nbrs: TacHexId[][] = nbrIn.map((row) => row.filter((h): h is TacHexId => h !== undefined));

  // Edges: per column, the extreme rows present.
  const colMin = new Map<number, number>();
  const colMax = new Map<number, number>();
  for (const id of ids) {
    const { col, row } = colRow(id);
    colMin.set(col, Math.min(colMin.get(col) ?? row, row));
    colMax.set(col, Math.max(colMax.get(col) ?? row, row));
  }
  const edge: Record<Compass, TacHexId[]> = {
    west: [...colMax].map(([c, r]) => formatTacHex(c, r)),
    east: [...colMin].map(([c, r]) => formatTacHex(c, r)),
  };
  const edgeSet: Record<Compass, Set<TacHexId>> = { west: new Set(edge.west), east: new Set(edge.east) };

  // Multi-source BFS from each edge over on-map adjacency.
  const bfs = (sources: readonly TacHexId[]): Int32Array => {
    const dist = new Int32Array(ids.length).fill(-1);
    const queue: number[] = [];
    for (const s of sources) {
      const i = index.get(s)!;
      dist[i] = 0;
      queue.push(i);
    }
    for (let h = 0; h < queue.length; h++) {
      const i = queue[h]!;
      for (const n of nbrs[i]!) {
        const j = index.get(n)!;
        if (dist[j] === -1) {
          dist[j] = dist[i]! + 1;
          queue.push(j);
        }
      }
    }
    return dist;
  };
  const edgeDist: Record<Compass, Int32Array> = { west: bfs(edge.west), east: bfs(edge.east) };

  const labelByName = new Map<string, TacticalLabel>();
  for (const l of data.labels) if (!labelByName.has(foldName(l.name))) labelByName.set(foldName(l.name), l);

  const mustGet = (hex: TacHexId): TacticalHex => {
    const h = byId.get(hex);
    if (!h) throw new Error(`tactical map ${data.id}: hex ${hex} is not on the map`);
    return h;
  };
  const mustIndex = (hex: TacHexId): number => {
    const i = index.get(hex);
    if (i === undefined) throw new Error(`tactical map ${data.id}: hex ${hex} is not on the map`);
    return i;
  };
  const noFeatures: readonly HexsideFeature[] = Object.freeze([]);

  const map: TacticalMap = {
    data,
    id: data.id,
    name: data.name,
    hexes: () => ids,
    has: (hex) => byId.has(hex),
    hex: (hex) => byId.get(hex),
    terrain: (hex) => mustGet(hex).terrain,
    elevation: (hex) => mustGet(hex).elevation,
    hexName: (hex) => byId.get(hex)?.name,
    neighbourIn: (hex, d) => nbrIn[mustIndex(hex)]![d],
    neighbours: (hex) => nbrs[mustIndex(hex)]!,
    hexsideFeatures: (a, b) => sides.get(hexsideKey(a, b)) ?? noFeatures,
    hasHexsideFeature: (a, b, f) => sides.get(hexsideKey(a, b))?.includes(f) ?? false,
    hexsides: () => sides,
    edgeHexes: (side) => edge[side],
    isEdge: (hex, side) => edgeSet[side].has(hex),
    friendlyEdge: (side) => data.edges[side],
    stepsToEdge: (hex, side) => edgeDist[side][mustIndex(hex)]!,
    findLabel: (name) => labelByName.get(foldName(name)),
    labels: () => data.labels,
    indexOf: (hex) => index.get(hex) ?? -1,
  };
  return { ok: true, map };
}

/** As tacticalMapFromData, throwing an Error carrying the message (for data known to be good). */
export function loadTacticalMap(raw: unknown): TacticalMap {
  const r = tacticalMapFromData(raw);
  if (!r.ok) throw new Error(r.error);
  return r.map;
}

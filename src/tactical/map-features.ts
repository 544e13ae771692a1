// The battlefield feature file (assets/tactical/maps/<id>/src/features.json) and its deterministic
// rasterisation to the XXYY hex grid (pure; scripts/build-tactical-map.ts does the file I/O).
// Geometry is in km east (x) and north (y) of a local origin; the grid anchor maps km to hexes.
import { z } from 'zod';
import {
  COLUMN_SPACING,
  DIRS,
  formatTacHex,
  hexCentre,
  hexLine,
  hexsideKey,
  type Point,
  pointToTacHex,
  step,
  type TacHexId,
} from './hex.js';
import type { HexsideFeature, TacticalMapFile, Terrain } from './map.js';

const pt = z.tuple([z.number(), z.number()]);
const geometry = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ellipse'),
    cx: z.number(),
    cy: z.number(),
    rx: z.number().positive(),
    ry: z.number().positive(),
  }),
  z.object({ type: z.literal('polygon'), points: z.array(pt).min(3) }),
  z.object({ type: z.literal('polyline'), points: z.array(pt).min(2) }),
]);

export const FEATURE_KINDS = [
  'village',
  'churchyard',
  'woods',
  'marsh',
  'hill',
  'stream',
  'road',
  'abatis',
] as const;
export const CONFIDENCES = ['surveyed', 'plan', 'text', 'guess'] as const;

export const featureSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.enum(FEATURE_KINDS),
  name: z.string().min(1).optional(),
  modern: z.string().min(1).optional(),
  level: z.number().int().min(1).max(2).optional(),
  geometry,
  source: z.array(z.string()).min(1),
  confidence: z.enum(CONFIDENCES),
  note: z.string().optional(),
});

export const featureFileSchema = z.object({
  format: z.literal(1),
  id: z.string(),
  name: z.string(),
  frame: z.string(),
  hexMetres: z.number().positive(),
  grid: z.object({
    columns: z.object({ from: z.number().int(), to: z.number().int() }),
    rowsOdd: z.object({ from: z.number().int(), to: z.number().int() }),
    rowsEven: z.object({ from: z.number().int(), to: z.number().int() }),
    anchor: z.string(),
    /** km east of the origin where the odd-column row `rowsOdd.to` (the west edge) lies. */
    westEdgeRowAtKm: z.number(),
    /** km north of the origin where column 14 lies. */
    column14AtKmNorth: z.number(),
  }),
  sources: z.record(z.string(), z.string()),
  features: z.array(featureSchema),
});

export type Feature = z.infer<typeof featureSchema>;
export type FeatureFile = z.infer<typeof featureFileSchema>;
export type Geometry = Feature['geometry'];

/** Parse a feature file; unknown source keys are an error naming the feature. */
export function parseFeatureFile(
  raw: unknown,
): { ok: true; file: FeatureFile } | { ok: false; error: string } {
  const p = featureFileSchema.safeParse(raw);
  if (!p.success) {
    const i = p.error.issues[0]!;
    return { ok: false, error: `features: ${i.path.join('.')}: ${i.message}` };
  }
  const ids = new Set<string>();
  for (const f of p.data.features) {
    if (ids.has(f.id)) return { ok: false, error: `features: feature id ${f.id} is repeated` };
    ids.add(f.id);
    for (const s of f.source)
      if (!(s in p.data.sources))
        return { ok: false, error: `features: ${f.id} cites unknown source "${s}"` };
    if (f.kind === 'hill' && f.level === undefined)
      return { ok: false, error: `features: hill ${f.id} has no level` };
    const line = f.kind === 'stream' || f.kind === 'road' || f.kind === 'abatis';
    if (line !== (f.geometry.type === 'polyline'))
      return {
        ok: false,
        error: `features: ${f.id} (${f.kind}) has the wrong geometry type ${f.geometry.type}`,
      };
  }
  return { ok: true, file: p.data };
}

// --- projection km <-> hex world units ---------------------------------------------------------

export interface Projection {
  toWorld(km: Point): Point;
  toKm(world: Point): Point;
}

/** The grid anchor: west-edge row at a km easting, column 14 at a km northing. */
export function projection(file: FeatureFile): Projection {
  const k = file.hexMetres / 1000;
  const westRow = file.grid.rowsOdd.to;
  // world x of an odd column's row r is -r; world y of column c is c * COLUMN_SPACING.
  const x0 = -westRow - file.grid.westEdgeRowAtKm / k;
  const y0 = 14 * COLUMN_SPACING + file.grid.column14AtKmNorth / k;
  return {
    toWorld: (p) => ({ x: x0 + p.x / k, y: y0 - p.y / k }),
    toKm: (w) => ({ x: (w.x - x0) * k, y: (y0 - w.y) * k }),
  };
}

// --- geometry helpers -----------------------------------------------------------------------

export function insideArea(g: Geometry, p: Point): boolean {
  if (g.type === 'ellipse') {
    const dx = (p.x - g.cx) / g.rx;
    const dy = (p.y - g.cy) / g.ry;
    return dx * dx + dy * dy <= 1;
  }
  if (g.type === 'polygon') {
    let inside = false;
    const pts = g.points;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i]!;
      const [xj, yj] = pts[j]!;
      if (yi > p.y !== yj > p.y && p.x < ((xj - xi) * (p.y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }
  return false;
}

/** Centre of an area feature (ellipse centre or polygon vertex mean) or a polyline's middle vertex. */
export function featureCentre(g: Geometry): Point {
  if (g.type === 'ellipse') return { x: g.cx, y: g.cy };
  if (g.type === 'polygon') {
    const n = g.points.length;
    return {
      x: g.points.reduce((s, q) => s + q[0], 0) / n,
      y: g.points.reduce((s, q) => s + q[1], 0) / n,
    };
  }
  const m = g.points[Math.floor(g.points.length / 2)]!;
  return { x: m[0], y: m[1] };
}

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const o = (p: Point, q: Point, r: Point) => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const d1 = o(c, d, a);
  const d2 = o(c, d, b);
  const d3 = o(a, b, c);
  const d4 = o(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

// --- rasterisation --------------------------------------------------------------------------

/** Every hex id of the grid the feature file describes, column by column. */
export function gridHexes(file: FeatureFile): TacHexId[] {
  const out: TacHexId[] = [];
  const { columns, rowsOdd, rowsEven } = file.grid;
  for (let c = columns.from; c <= columns.to; c++) {
    const r = c % 2 === 0 ? rowsEven : rowsOdd;
    for (let row = r.from; row <= r.to; row++) out.push(formatTacHex(c, row));
  }
  return out;
}

const AREA_PRIORITY: Terrain[] = ['churchyard', 'village', 'woods', 'marsh'];
const SAMPLE_RADIUS = 0.3; // world units (hex widths) for the six outer samples

function samplePoints(hex: TacHexId): Point[] {
  const c = hexCentre(hex);
  const pts = [c];
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3;
    pts.push({ x: c.x + SAMPLE_RADIUS * Math.cos(a), y: c.y + SAMPLE_RADIUS * Math.sin(a) });
  }
  return pts;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Rasterise the features to a map file (deterministic: sorted outputs, no clock).
 * Terrain: a hex takes an area kind covering at least 4 of 7 sample points (priority churchyard,
 * village, woods, marsh); the hex holding a village's or churchyard's centre always takes it.
 * Elevation: the highest hill level covering the centre (and at least 4 samples for level 2).
 * Streams and abatis mark every hexside whose centre-to-centre segment they cross; roads mark the
 * hexsides between consecutive hexes of their traced path; a road over a stream adds a bridge.
 */
export function rasterise(file: FeatureFile, meta: { featuresHash: string }): TacticalMapFile {
  const proj = projection(file);
  const hexes = gridHexes(file);
  const onMap = new Set(hexes);
  const kmHex = (p: Point) => pointToTacHex(proj.toWorld(p));

  const areas = file.features.filter((f) => f.geometry.type !== 'polyline');
  const forced = new Map<TacHexId, Feature>();
  for (const f of areas) {
    if (f.kind !== 'village' && f.kind !== 'churchyard') continue;
    const h = kmHex(featureCentre(f.geometry));
    if (h && onMap.has(h)) {
      const prev = forced.get(h);
      if (!prev || f.kind === 'churchyard') forced.set(h, f);
    }
  }

  const outHexes: TacticalMapFile['hexes'] = [];
  for (const id of hexes) {
    const samples = samplePoints(id).map((w) => proj.toKm(w));
    const from = new Set<string>();
    let terrain: Terrain = 'clear';
    let name: string | undefined;
    const f0 = forced.get(id);
    if (f0) {
      terrain = f0.kind as Terrain;
      name = f0.name;
      from.add(f0.id);
    } else {
      outer: for (const kind of AREA_PRIORITY) {
        for (const f of areas) {
          if (f.kind !== kind) continue;
          const hits = samples.filter((p) => insideArea(f.geometry, p)).length;
          if (hits >= 4) {
            terrain = kind;
            if (kind === 'village' || kind === 'churchyard') name = f.name;
            from.add(f.id);
            break outer;
          }
        }
      }
    }
    let elevation = 0;
    const centre = samples[0]!;
    for (const f of areas) {
      if (f.kind !== 'hill') continue;
      const lvl = f.level ?? 1;
      if (lvl <= elevation || !insideArea(f.geometry, centre)) continue;
      if (lvl === 2 && samples.filter((p) => insideArea(f.geometry, p)).length < 4) continue;
      elevation = lvl;
    }
    if (elevation > 0) {
      for (const f of areas)
        if (f.kind === 'hill' && (f.level ?? 1) <= elevation && insideArea(f.geometry, centre))
          from.add(f.id);
    }
    const hex: TacticalMapFile['hexes'][number] = { id, terrain, elevation };
    if (name) hex.name = name;
    if (from.size) hex.from = [...from].sort();
    outHexes.push(hex);
  }

  // Hexsides.
  const sideFeatures = new Map<string, Set<HexsideFeature>>();
  const sideFrom = new Map<string, Set<string>>();
  const mark = (a: TacHexId, b: TacHexId, feat: HexsideFeature, fid: string) => {
    const k = hexsideKey(a, b);
    if (!sideFeatures.has(k)) sideFeatures.set(k, new Set());
    if (!sideFrom.has(k)) sideFrom.set(k, new Set());
    sideFeatures.get(k)!.add(feat);
    sideFrom.get(k)!.add(fid);
  };
  const lines = file.features.filter((f) => f.geometry.type === 'polyline');
  for (const f of lines) {
    if (f.geometry.type !== 'polyline') continue;
    const pts = f.geometry.points.map(([x, y]) => proj.toWorld({ x, y }));
    if (f.kind === 'stream' || f.kind === 'abatis') {
      for (const a of hexes) {
        for (const d of DIRS) {
          const b = step(a, d);
          if (!b || !onMap.has(b) || b < a) continue;
          const ca = hexCentre(a);
          const cb = hexCentre(b);
          for (let i = 0; i + 1 < pts.length; i++) {
            if (segmentsCross(ca, cb, pts[i]!, pts[i + 1]!)) {
              mark(a, b, f.kind, f.id);
              break;
            }
          }
        }
      }
    } else if (f.kind === 'road') {
      // Trace the polyline finely; consecutive on-map hexes get a road hexside.
      const path: TacHexId[] = [];
      for (let i = 0; i + 1 < pts.length; i++) {
        const p = pts[i]!;
        const q = pts[i + 1]!;
        const n = Math.max(1, Math.ceil(Math.hypot(q.x - p.x, q.y - p.y) * 8));
        for (let s = 0; s <= n; s++) {
          const h = pointToTacHex({ x: p.x + ((q.x - p.x) * s) / n, y: p.y + ((q.y - p.y) * s) / n });
          if (h && onMap.has(h) && path.at(-1) !== h) path.push(h);
        }
      }
      for (let i = 0; i + 1 < path.length; i++) {
        const seg = hexLine(path[i]!, path[i + 1]!);
        for (let j = 0; j + 1 < seg.length; j++)
          if (onMap.has(seg[j]!) && onMap.has(seg[j + 1]!)) mark(seg[j]!, seg[j + 1]!, 'road', f.id);
      }
    }
  }
  for (const feats of sideFeatures.values())
    if (feats.has('road') && feats.has('stream')) feats.add('bridge');
  const order: HexsideFeature[] = ['stream', 'bridge', 'ford', 'abatis', 'road'];
  const outSides: TacticalMapFile['hexsides'] = [...sideFeatures.keys()].sort().map((k) => {
    const [a, b] = k.split('/') as [string, string];
    return {
      a,
      b,
      features: order.filter((x) => sideFeatures.get(k)!.has(x)),
      from: [...sideFrom.get(k)!].sort(),
    };
  });

  // Labels: named villages (centre hex), heights (centre hex), named woods/marsh/streams.
  const labels: TacticalMapFile['labels'] = [];
  const seen = new Set<string>();
  for (const f of file.features) {
    if (!f.name || f.kind === 'churchyard' || f.kind === 'road' || f.kind === 'abatis') continue;
    const c = featureCentre(f.geometry);
    const h = kmHex(c);
    if (!h || !onMap.has(h) || seen.has(f.name)) continue;
    seen.add(f.name);
    const kind =
      f.kind === 'village' ? 'village' : f.kind === 'hill' ? 'height' : f.kind === 'woods' ? 'wood' : f.kind;
    labels.push({ name: f.name, hex: h, kind: kind as TacticalMapFile['labels'][number]['kind'] });
  }

  return {
    format: 1,
    id: file.id,
    name: file.name,
    provenance: 'reconstructed',
    rationale:
      'Rebuilt from a feature file of villages, heights, woods, marsh, brooks, roads and the abatis (each cited, with a confidence) by scripts/build-tactical-map.ts; the hex numbering keeps the Leuthen rules references (docs/tactical-rulings.md, map section).',
    sources: Object.entries(file.sources).map(([k, v]) => `${k}: ${v}`),
    hexMetres: file.hexMetres,
    columns: { from: file.grid.columns.from, to: file.grid.columns.to },
    rows: {
      from: Math.min(file.grid.rowsOdd.from, file.grid.rowsEven.from),
      to: Math.max(file.grid.rowsOdd.to, file.grid.rowsEven.to),
    },
    hexes: outHexes,
    hexsides: outSides,
    labels,
    edges: { prussia: 'west', austria: 'east' },
    build: {
      script: 'scripts/build-tactical-map.ts',
      features: `assets/tactical/maps/${file.id}/src/features.json`,
      featuresSha256: meta.featuresHash,
      anchor: file.grid.anchor,
      kmPerHex: round6(file.hexMetres / 1000),
    },
  };
}

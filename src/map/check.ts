// Invariants of the strategic map (used by `ftg map check` and test/map). Pure: returns the
// violations as values, plus the counts the check command prints.

import ridgesData from '../../assets/map/src/ridges.json' with { type: 'json' };
import roadsData from '../../assets/map/src/roads.json' with { type: 'json' };
import { movementCostAcross, supplyMayCross } from './costs.js';
import { bfsPath, distance, hexsideEndpoints, hexsideKey, neighbours, reachable } from './hex.js';
import type { LoadedMap } from './strategic-map.js';
import type { HexId, HexTerrain } from './types.js';

/** The 35 printed fortress hexes of map-facts.md, plus Bremen (2711, see docs/rulings.md). */
export const PRINTED_FORTRESSES: Readonly<Record<HexId, string>> = {
  '0231': 'Vienna',
  '0406': 'Strasbourg',
  '0631': 'Brunn',
  '0703': 'Metz',
  '0816': 'Nuremberg',
  '0834': 'Olmutz',
  '1108': 'Mainz',
  '1125': 'Prague',
  '1210': 'Frankfurt',
  '1230': 'Koniggratz',
  '1306': 'Coblenz',
  '1434': 'Neisse',
  '1532': 'Glatz',
  '1604': 'Cologne',
  '1623': 'Dresden',
  '1631': 'Schweidnitz',
  '1634': 'Brieg',
  '1702': 'Roermond',
  '1733': 'Breslau',
  '1804': 'Dusseldorf',
  '1821': 'Torgau',
  '1901': 'Venlo',
  '2030': 'Glogau',
  '2104': 'Wesel',
  '2206': 'Munster',
  '2217': 'Magdeburg',
  '2310': 'Minden',
  '2413': 'Hanover',
  '2426': 'Kustrin',
  '2522': 'Berlin',
  '2925': 'Stettin',
  '3011': 'Stade',
  '3321': 'Stralsund',
  '3330': 'Kolberg',
  '3741': 'Konigsberg',
};
export const BREMEN_HEX = '2711';

/** Fortresses that must touch a hexside of their river (map-facts.md). */
export const RIVER_FORTRESSES: Readonly<Record<string, readonly HexId[]>> = {
  Elbe: ['1623', '1821', '2217'],
  Oder: ['2030', '1733', '1634', '2426', '2925'],
  Moldau: ['1125'],
  Rhine: ['1604', '1804', '2104', '1306', '1108'],
  Danube: ['0231'],
  Moselle: ['0703'],
  Maas: ['1702', '1901'],
};

/** Hexsides an erratum says were printed as river by mistake: they must stay clear. */
export const ERRATUM_CLEAR_HEXSIDES: ReadonlyArray<[HexId, HexId]> = [
  ['1730', '1630'],
  ['1730', '1731'],
  ['1731', '1830'],
];

/** Rivers the campaigns need (map-facts.md "Terrain the rules need"). */
export const REQUIRED_RIVERS = [
  'Rhine',
  'Main',
  'Lahn',
  'Weser',
  'Ems',
  'Elbe',
  'Saale',
  'Mulde',
  'Havel',
  'Spree',
  'Oder',
  'Warta',
  'Netze',
  'Lusatian Neisse',
  'Glatz Neisse',
  'Vistula',
  'Pregel',
  'Moldau',
  'Eger',
  'Iser',
  'March',
  'Danube',
  'Moselle',
  'Maas',
] as const;

/** The ridges that carry mountain hexsides (ridges.json; a `regionsOnly` line draws none). */
export const RIDGES: readonly string[] = ridgesData.ridges
  .filter((r) => !('regionsOnly' in r && r.regionsOnly))
  .map((r) => r.name);

/** A historical road over a ridge (assets/map/src/roads.json): the map needs a pass near `at`. */
export interface RidgeRoad {
  pass: string;
  ridge: string;
  road: string;
  at: readonly [number, number];
  source: string;
}
export const RIDGE_ROADS: readonly RidgeRoad[] = roadsData.roads.map((r) => ({
  pass: r.pass,
  ridge: r.ridge,
  road: r.road,
  at: [r.at[0]!, r.at[1]!] as const,
  source: r.source,
}));
/** How far (in hexes) a ridge's pass may lie from the hex where a road crossed the ridge. */
export const MAX_PASS_DISTANCE: number = roadsData.maxPassDistance;

export interface MapCheckInput {
  /** Hexes the scenarios name (deployments, reinforcements): each must be land. */
  scenarioHexes?: readonly HexId[];
  /** Hexes of one-SP garrisons: each must be a fortress. */
  garrisonHexes?: readonly HexId[];
}

export interface MapCounts {
  hexesByTerrain: Record<HexTerrain, number>;
  riverHexsidesByRiver: Record<string, number>;
  mountainHexsides: number;
  passes: number;
  /** Passes per ridge (map.json records the ridge each pass crosses). */
  passesByRidge: Record<string, number>;
  fortresses: number;
  hexesByRegion: Record<string, number>;
}

export interface MapCheckResult {
  violations: string[];
  counts: MapCounts;
}

function riverSides(map: LoadedMap, river: string): string[] {
  return [...map.hexsides().entries()]
    .filter(([, fs]) => fs.some((f) => f.kind === 'river' && f.river === river))
    .map(([k]) => k);
}

function vertexKey(p: { x: number; y: number }): string {
  return `${Math.round(p.x * 1000)},${Math.round(p.y * 1000)}`;
}

/** Number of connected pieces of a set of hexsides (joined where they share a hex corner). */
export function hexsideComponents(keys: readonly string[]): number {
  const parent = new Map<string, string>();
  const find = (v: string): string => {
    let r = v;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(v, r);
    return r;
  };
  const union = (a: string, b: string) => {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(find(a), find(b));
  };
  for (const k of keys) {
    const [a, b] = k.split('/') as [HexId, HexId];
    const [p, q] = hexsideEndpoints(a, b);
    union(vertexKey(p), vertexKey(q));
  }
  const roots = new Set<string>();
  for (const v of parent.keys()) roots.add(find(v));
  return roots.size;
}

/** Every invariant the map must satisfy; an empty list means the map is sound. */
export function checkMap(map: LoadedMap, input: MapCheckInput = {}): MapCheckResult {
  const v: string[] = [];
  const hexes = map.hexes();
  const hexesByTerrain: Record<HexTerrain, number> = { clear: 0, mountain: 0, sea: 0, lake: 0 };
  const hexesByRegion: Record<string, number> = {};
  for (const h of hexes) {
    hexesByTerrain[map.terrain(h)]++;
    hexesByRegion[map.region(h)] = (hexesByRegion[map.region(h)] ?? 0) + 1;
  }
  if (map.rows !== 38 || map.cols !== 50) v.push(`grid is ${map.rows}x${map.cols}, expected 38x50`);

  // Fortresses on their printed hexes.
  for (const [hex, name] of Object.entries(PRINTED_FORTRESSES)) {
    const f = map.fortress(hex);
    if (!f) v.push(`fortress ${name} missing from its printed hex ${hex}`);
    else if (f.name !== name) v.push(`hex ${hex} holds fortress ${f.name}, expected ${name}`);
    if (!map.isLand(hex)) v.push(`fortress ${name} (${hex}) is not on land`);
  }
  for (const f of map.fortresses()) {
    if (!(f.hex in PRINTED_FORTRESSES) && f.hex !== BREMEN_HEX)
      v.push(`unexpected fortress ${f.name} at ${f.hex}`);
    if (map.region(f.hex) !== f.region)
      v.push(`fortress ${f.name}: hex region ${map.region(f.hex)} != ${f.region}`);
  }
  const byRiver: Record<string, number> = {};
  for (const r of Object.keys(map.data.rivers).sort()) byRiver[r] = riverSides(map, r).length;

  // Rivers present and continuous.
  for (const r of REQUIRED_RIVERS) {
    const sides = riverSides(map, r);
    if (sides.length === 0) v.push(`river ${r} has no hexsides`);
    else {
      const parts = hexsideComponents(sides);
      if (parts !== 1) v.push(`river ${r} is broken into ${parts} pieces`);
    }
  }
  // River fortresses keep their river.
  for (const [river, list] of Object.entries(RIVER_FORTRESSES)) {
    for (const hex of list) {
      const touches = map
        .neighbours(hex)
        .some((n) => map.hexside(hex, n).some((f) => f.kind === 'river' && f.river === river));
      if (!touches) v.push(`${map.fortress(hex)?.name ?? hex} (${hex}) does not touch the ${river}`);
    }
  }
  // Erratum hexsides stay clear.
  for (const [a, b] of ERRATUM_CLEAR_HEXSIDES) {
    if (map.hexside(a, b).some((f) => f.kind === 'river'))
      v.push(`erratum hexside ${hexsideKey(a, b)} carries a river`);
  }
  // Mountain hexsides with passes ring Bohemia: the Dresden-Prague road needs a pass (10.31 example:
  // a 5-hex supply path from Dresden reaches Prague), and without passes the shortest way is long.
  const viaPasses = bfsPath('1623', '1125', (a, b) => supplyMayCross(map, a, b), { maxSteps: 5 });
  if (!viaPasses) v.push('no supply path of 5 hexes from Dresden (1623) to Prague (1125) (10.31 example)');
  const noPass = (a: HexId, b: HexId) =>
    supplyMayCross(map, a, b) && !map.hexside(a, b).some((f) => f.kind === 'pass');
  for (const [from, to] of [
    ['1623', '1125'],
    ['1631', '1230'],
    ['1532', '1230'],
  ] as const) {
    const p = bfsPath(from, to, noPass, { maxSteps: 8 });
    if (p)
      v.push(
        `${from} reaches ${to} in ${p.length - 1} hexes without crossing a pass: the Bohemian ring leaks`,
      );
  }
  const passes = [...map.hexsides().values()].filter((fs) => fs.some((f) => f.kind === 'pass')).length;
  const mountains = [...map.hexsides().values()].filter((fs) => fs.some((f) => f.kind === 'mountain')).length;
  if (passes < 6) v.push(`only ${passes} passes`);
  // Every ridge has a pass within MAX_PASS_DISTANCE hexes of each place a historical road crossed it
  // (5.45: armies cross ridges only at passes, and the passes are where the roads went).
  const passSides = new Map<string, Array<[HexId, HexId]>>();
  const passesByRidge: Record<string, number> = {};
  for (const p of map.data.passes) {
    const [a, b] = p.hexside.split('/') as [HexId, HexId];
    if (!map.hexside(a, b).some((f) => f.kind === 'pass')) continue;
    const ridge = p.ridge ?? '(no ridge)';
    passSides.set(ridge, [...(passSides.get(ridge) ?? []), [a, b]]);
    passesByRidge[ridge] = (passesByRidge[ridge] ?? 0) + 1;
  }
  for (const ridge of RIDGES) {
    if (!RIDGE_ROADS.some((r) => r.ridge === ridge)) v.push(`ridge ${ridge} has no historical road crossing`);
  }
  for (const road of RIDGE_ROADS) {
    const hex = map.geoToHex(road.at[0], road.at[1]);
    if (!hex) {
      v.push(`${road.pass}: the road crossing of the ${road.ridge} lies off the map`);
      continue;
    }
    const near = (passSides.get(road.ridge) ?? []).some(
      ([a, b]) => Math.min(distance(hex, a), distance(hex, b)) <= MAX_PASS_DISTANCE,
    );
    if (!near)
      v.push(
        `${road.ridge}: no pass within ${MAX_PASS_DISTANCE} hex of ${hex}, where the road crossed it (${road.pass})`,
      );
  }
  // Coasts: every land hex beside a sea hex has an all-sea hexside there (5.45).
  let coast = 0;
  for (const h of hexes) {
    if (!map.isLand(h)) continue;
    for (const n of neighbours(h, map.rows, map.cols)) {
      if (map.terrain(n) !== 'sea') continue;
      coast++;
      if (!map.hexside(h, n).some((f) => f.kind === 'sea'))
        v.push(`coast hexside ${hexsideKey(h, n)} is not all-sea`);
    }
  }
  if (coast < 50) v.push(`only ${coast} coastal hexsides: Baltic/North Sea coast missing?`);
  // Baltic and North Sea.
  for (const [hex, what] of [
    ['3520', 'Baltic off Rugen'],
    ['3630', 'Baltic off Pomerania'],
    ['3305', 'North Sea'],
  ] as const) {
    if (map.terrain(hex) !== 'sea') v.push(`${hex} (${what}) is not sea`);
  }
  // West of the Rhine / east of the Elbe, as the fortresses sit.
  for (const h of ['0406', '0703', '1108', '1306', '1604', '1702', '1901'])
    if (!map.westOfRhine(h)) v.push(`${map.fortress(h)?.name} (${h}) should be west of the Rhine`);
  for (const h of ['1804', '2104', '1210', '2206', '2413', '0816'])
    if (map.westOfRhine(h)) v.push(`${map.fortress(h)?.name} (${h}) should not be west of the Rhine`);
  for (const h of ['2522', '2426', '2925', '1733', '3741'])
    if (!map.eastOfElbe(h)) v.push(`${map.fortress(h)?.name} (${h}) should be east of the Elbe`);
  for (const h of ['2413', '3011', '1811', '2310', '1720'])
    if (map.eastOfElbe(h)) v.push(`${h} should not be east of the Elbe`);
  // Scenario hexes.
  for (const h of input.scenarioHexes ?? []) {
    if (!map.onMap(h)) v.push(`scenario hex ${h} is off the map`);
    else if (!map.isLand(h)) v.push(`scenario hex ${h} is ${map.terrain(h)}, not land`);
  }
  // Every fortress and scenario hex can be reached overland from Berlin (no stranded islands).
  const overland = reachable('2522', (a, b) => (movementCostAcross(map, a, b).ok ? 1 : undefined), {
    rows: map.rows,
    cols: map.cols,
  }).cost;
  for (const h of [...map.fortresses().map((f) => f.hex), ...(input.scenarioHexes ?? [])]) {
    if (map.onMap(h) && map.isLand(h) && !overland.has(h))
      v.push(`${h} cannot be reached overland from Berlin (2522)`);
  }
  for (const h of input.garrisonHexes ?? []) {
    if (!map.fortress(h)) v.push(`one-SP garrison hex ${h} is not a fortress`);
  }
  return {
    violations: v,
    counts: {
      hexesByTerrain,
      riverHexsidesByRiver: byRiver,
      mountainHexsides: mountains,
      passes,
      passesByRidge,
      fortresses: map.fortresses().length,
      hexesByRegion,
    },
  };
}

// Battlefields for campaign battles (issue #16, design 5.2): the historical map when the strategic
// hex has one (bridge.json historicalFields: Leuthen in 1732), otherwise a field generated
// deterministically from a seed (drawn from the campaign's RNG) and the strategic context. Valid by
// construction: every draw is checked (room to deploy, both edges reachable by every arm,
// objectives on both halves) and re-drawn with seed + 1 until it holds.

import palettesJson from '../../../assets/tactical/generator/palettes.json' with { type: 'json' };
import { createRng, type RngState, randomInt } from '../../kernel/index.js';
import { formatTacHex, neighbours } from '../hex.js';
import { loadTacticalMap, type TacticalMap, type TacticalMapFile, type Terrain } from '../map.js';
import { defaultTables } from '../tables/index.js';
import { bridgeData } from './data.js';

export type Edge = 'west' | 'east';

/** What the generator reads of the strategic situation (fieldContext builds it from the map). */
export interface FieldContext {
  /** The strategic hex of the battle. */
  hex: string;
  region: string;
  /** The strategic hex is a mountain hex. */
  mountain: boolean;
  /** A river runs along one of the hex's hexsides. */
  river: boolean;
  /** Mountain hexsides of the hex (heights on the field's flanks). */
  mountainSides: number;
  /** A town or fortress in the hex: a large village on the defender's half (the fortress itself stays strategic). */
  town?: string;
  /** 16.x: a winter turn (marsh frozen). */
  winter: boolean;
  /** The tactical side that attacks (the Prussian-Allied side plays "prussia"). */
  attacker: 'prussia' | 'austria';
  /** The edge the attacker came from (design 5.2 arrivedVia); the defender holds the other. */
  attackerEdge: Edge;
  /** Counters (units) of each side, for the size and the deployment room. */
  counters: { attacker: number; defender: number };
}

interface Palette {
  villagesPer100: number;
  woodShare: number;
  hillsPer100: number;
  marshShare: number;
  streamChance: number;
  maxElevation: number;
}
const P = palettesJson as unknown as {
  size: {
    columnsPerCounter: number;
    minColumns: number;
    maxColumns: number;
    rowsPerColumn: number;
    minRows: number;
    maxRows: number;
  };
  default: Palette;
  regions: Record<string, Palette>;
  mountain: Palette;
  defenderPosition: { elevation: number };
  crossings: { min: number; max: number };
};

/** Each side's deployment rows on a generated field of `rows` rows: its third at its friendly edge. */
function deploymentZones(rows: number): Record<Edge, number[]> {
  const third = Math.max(3, Math.floor(rows / 3));
  return {
    west: Array.from({ length: third }, (_, i) => rows - i),
    east: Array.from({ length: third }, (_, i) => i + 1),
  };
}

/** The historical map for a strategic hex, if bridge.json lists one. */
export function historicalField(hex: string): string | undefined {
  return bridgeData.historicalFields.find((f) => f.hex === hex)?.map;
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

export interface GeneratedField {
  map: TacticalMap;
  /** The seed that produced a valid field (the asked one, or a later one after re-draws). */
  seed: number;
  /** Rows of each side's deployment zone (its third of the field). */
  zones: Record<Edge, number[]>;
  objectives: { hex: string; name: string; vp: number }[];
}

/** Design 5.2: a deterministic field; the same seed and context always give the same map. */
export function generateField(ctx: FieldContext, seed: number): GeneratedField {
  for (let k = 0; k < 50; k++) {
    const f = drawField(ctx, seed + k);
    if (validateField(f, ctx).length === 0) return f;
  }
  throw new Error(`no valid battlefield for ${ctx.hex} from seed ${seed}`);
}

function drawField(ctx: FieldContext, seed: number): GeneratedField {
  const rng: RngState = createRng(seed);
  const r = (n: number) => randomInt(rng, n);
  const pal = ctx.mountain ? P.mountain : (P.regions[ctx.region] ?? P.default);
  const big = Math.max(ctx.counters.attacker, ctx.counters.defender);
  const cols = Math.round(clamp(big * P.size.columnsPerCounter, P.size.minColumns, P.size.maxColumns));
  const rows = Math.round(clamp(cols * P.size.rowsPerColumn, P.size.minRows, P.size.maxRows));
  const id = (c: number, rr: number) => formatTacHex(c, rr);
  const on = (h: string | undefined): h is string => {
    if (!h) return false;
    const c = Number(h.slice(0, 2));
    const rr = Number(h.slice(2));
    return c >= 1 && c <= cols && rr >= 1 && rr <= rows;
  };
  const terrain = new Map<string, Terrain>();
  const elev = new Map<string, number>();
  const names = new Map<string, string>();
  const all: string[] = [];
  for (let c = 1; c <= cols; c++)
    for (let rr = 1; rr <= rows; rr++) {
      all.push(id(c, rr));
      terrain.set(id(c, rr), 'clear');
      elev.set(id(c, rr), 0);
    }
  const n = all.length;
  const blob = (size: number, paint: (h: string) => void) => {
    let h = all[r(n)]!;
    for (let i = 0; i < size; i++) {
      paint(h);
      const next = neighbours(h).filter(on);
      h = next[r(next.length)] ?? h;
    }
  };
  // Heights: a few hillocks (level 1), a level-2 core where the palette allows; mountain hexsides
  // put heights on the field's flanks (north and south columns).
  const hills = Math.max(1, Math.round((pal.hillsPer100 * n) / 100));
  const heightNames: string[] = [];
  for (let i = 0; i < hills; i++) {
    const start = all[r(n)]!;
    const core = pal.maxElevation >= 2 && r(2) === 0 ? 2 : 1;
    elev.set(start, core);
    for (const h of neighbours(start).filter(on)) elev.set(h, Math.max(elev.get(h)!, 1));
    const name = `Height ${i + 1}`;
    names.set(start, name);
    heightNames.push(start);
  }
  for (let s = 0; s < ctx.mountainSides; s++) {
    const c = s % 2 === 0 ? 1 : cols;
    for (let rr = 1; rr <= rows; rr++) elev.set(id(c, rr), Math.max(elev.get(id(c, rr))!, 1));
  }
  // Woods and marsh as wandering blobs; winter freezes marsh (design 5.2): drawn as clear ground.
  const woodHexes = Math.round(pal.woodShare * n);
  while ([...terrain.values()].filter((t) => t === 'woods').length < woodHexes)
    blob(4 + r(5), (h) => terrain.set(h, 'woods'));
  if (!ctx.winter) {
    const marshHexes = Math.round(pal.marshShare * n);
    while ([...terrain.values()].filter((t) => t === 'marsh').length < marshHexes)
      blob(2 + r(3), (h) => terrain.set(h, 'marsh'));
  }
  // Villages: single hexes (clear ground cleared around them is not needed by the rules).
  const villages = Math.max(2, Math.round((pal.villagesPer100 * n) / 100));
  const villageHexes: string[] = [];
  for (let i = 0; i < villages; i++) {
    const h = all[r(n)]!;
    if (terrain.get(h) === 'village') continue;
    terrain.set(h, 'village');
    names.set(h, `Village ${villageHexes.length + 1}`);
    villageHexes.push(h);
  }
  // A town or fortress of the strategic hex: a large village (3 hexes) on the defender's half.
  const defEdge: Edge = ctx.attackerEdge === 'west' ? 'east' : 'west';
  const westRow = (k: number) => rows - k; // rows grow westward
  const half = (edge: Edge) =>
    edge === 'west' ? { lo: Math.ceil(rows / 2) + 1, hi: rows - 1 } : { lo: 2, hi: Math.floor(rows / 2) };
  if (ctx.town) {
    const hf = half(defEdge);
    const c = 2 + r(cols - 3);
    const rr = hf.lo + r(Math.max(1, hf.hi - hf.lo));
    const centre = id(c, rr);
    terrain.set(centre, 'village');
    names.set(centre, ctx.town);
    villageHexes.unshift(centre);
    for (const h of neighbours(centre).filter(on).slice(0, 2)) terrain.set(h, 'village');
  }
  void westRow;
  // The defender's position (palettes.json defenderPosition): the defender chose the ground it was
  // attacked on (9.0), so its deployment zone stands at least a level above the plain (7.1, 11.1,
  // 11.3: the attacker climbs, fires and shocks uphill).
  const zones = deploymentZones(rows);
  for (const h of all)
    if (zones[defEdge].includes(Number(h.slice(2))))
      elev.set(h, Math.max(elev.get(h)!, P.defenderPosition.elevation));
  // Stream (design 5.2): across the field between two rows, north to south, with 1-3 crossings.
  const hexsides: TacticalMapFile['hexsides'] = [];
  const streamRow = ctx.river || r(100) < pal.streamChance * 100 ? 3 + r(Math.max(1, rows - 6)) : 0;
  if (streamRow) {
    const pairs: [string, string][] = [];
    for (let c = 1; c <= cols; c++) {
      const h = id(c, streamRow);
      for (const nb of neighbours(h).filter(on))
        if (Number(nb.slice(2)) === streamRow + 1) pairs.push([h, nb]);
    }
    const crossings = P.crossings.min + r(P.crossings.max - P.crossings.min + 1);
    const cross = new Set<number>();
    while (cross.size < Math.min(crossings, pairs.length)) cross.add(r(pairs.length));
    pairs.forEach(([a, b], i) => {
      hexsides.push({
        a: a < b ? a : b,
        b: a < b ? b : a,
        features: cross.has(i) ? ['stream', r(2) === 0 ? 'bridge' : 'ford'] : ['stream'],
      });
    });
  }
  // Objectives: the 2-4 villages or heights nearest the centre line, worth 1-3 by kind.
  const mid = (rows + 1) / 2;
  const places = [...villageHexes, ...heightNames]
    .filter((h, i, a) => a.indexOf(h) === i)
    .sort(
      (a, b) => Math.abs(Number(a.slice(2)) - mid) - Math.abs(Number(b.slice(2)) - mid) || (a < b ? -1 : 1),
    );
  const objectives: GeneratedField['objectives'] = [];
  for (const h of places.slice(0, 4))
    objectives.push({
      hex: h,
      name: names.get(h) ?? h,
      vp: terrain.get(h) === 'village' ? (h === villageHexes[0] && ctx.town ? 3 : 2) : 1,
    });

  const data: TacticalMapFile = {
    format: 1,
    id: `gen-${ctx.hex}-${seed >>> 0}`,
    name: `Battlefield near strategic hex ${ctx.hex}`,
    provenance: 'generated',
    rationale: `Generated from seed ${seed} for a campaign battle in strategic hex ${ctx.hex} (${ctx.region}${ctx.mountain ? ', mountain' : ''}${ctx.river ? ', river' : ''}${ctx.town ? `, ${ctx.town}` : ''}${ctx.winter ? ', winter' : ''}); palettes in assets/tactical/generator/palettes.json.`,
    hexMetres: 350,
    columns: { from: 1, to: cols },
    rows: { from: 1, to: rows },
    hexes: all.map((h) => ({
      id: h,
      terrain: terrain.get(h)!,
      elevation: elev.get(h)!,
      ...(names.has(h) ? { name: names.get(h)! } : {}),
    })),
    hexsides,
    labels: [...names.entries()].map(([hex, name]) => ({
      name,
      hex,
      kind: terrain.get(hex) === 'village' ? ('village' as const) : ('height' as const),
    })),
    edges:
      (ctx.attacker === 'prussia') === (ctx.attackerEdge === 'west')
        ? { prussia: 'west', austria: 'east' }
        : { prussia: 'east', austria: 'west' },
  };
  return { map: loadTacticalMap(data), seed, zones, objectives };
}

/** Hexes where a counter of every arm may stand (artillery cannot enter woods or marsh). */
export function deployable(map: TacticalMap, hex: string): boolean {
  const t = defaultTables.terrain.terrain[map.terrain(hex)]?.mp;
  return !!t && t.infantry !== null && t.cavalry !== null && t.artillery !== null;
}

/** The validity checks of design 5.2; empty when the field is good. */
export function validateField(f: GeneratedField, ctx: FieldContext): string[] {
  const errors: string[] = [];
  const { map } = f;
  const rowOf = (h: string) => Number(h.slice(2));
  const defEdge: Edge = ctx.attackerEdge === 'west' ? 'east' : 'west';
  for (const [edge, need] of [
    [ctx.attackerEdge, ctx.counters.attacker],
    [defEdge, ctx.counters.defender],
  ] as const) {
    const room = map.hexes().filter((h) => f.zones[edge].includes(rowOf(h)) && deployable(map, h)).length;
    if (room < need) errors.push(`the ${edge} deployment zone has room for ${room} counters, ${need} needed`);
  }
  // Both edges reachable by every arm from the other side's zone (no barrier spans the field).
  for (const cls of ['infantry', 'cavalry', 'artillery'] as const) {
    for (const from of ['west', 'east'] as const) {
      const to: Edge = from === 'west' ? 'east' : 'west';
      const pass = (h: string) => defaultTables.terrain.terrain[map.terrain(h)]?.mp[cls] !== null;
      const seen = new Set(map.hexes().filter((h) => f.zones[from].includes(rowOf(h)) && pass(h)));
      const queue = [...seen];
      while (queue.length) {
        const h = queue.pop()!;
        for (const nb of map.neighbours(h)) {
          if (seen.has(nb) || !pass(nb)) continue;
          seen.add(nb);
          queue.push(nb);
        }
      }
      if (!map.edgeHexes(to).some((h) => seen.has(h)))
        errors.push(`${cls} cannot reach the ${to} edge from the ${from}`);
    }
  }
  const mid = (map.data.rows.to + 1) / 2;
  const west = f.objectives.some((o) => rowOf(o.hex) >= mid);
  const east = f.objectives.some((o) => rowOf(o.hex) <= mid);
  if (f.objectives.length < 2 || !west || !east)
    errors.push('objectives must lie on both halves of the field');
  return errors;
}

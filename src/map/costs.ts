// Movement Point cost of one step on the strategic map (5.41-5.45), with every number read from
// assets/map/terrain-effects.json so a player with the printed Terrain Effects Chart can swap it.
import effects from '../../assets/map/terrain-effects.json' with { type: 'json' };
import { areAdjacent } from './hex.js';
import type { HexId, StrategicMap } from './types.js';

export type MoveCost = { ok: true; mp: number } | { ok: false; error: string };

export const TERRAIN_EFFECTS = effects;

/**
 * MP to move from `from` into the adjacent hex `to`. Costs add up (5.41): the hex's entry cost,
 * +1 per river hexside, +1 for a pass (5.54), +1 if enemy combat units occupy `to` (5.43).
 * Mountain hexsides without a pass, sea and lake hexsides, and water hexes forbid the step (5.45).
 */
export function movementCostAcross(
  map: StrategicMap,
  from: HexId,
  to: HexId,
  opts: { enemyInTarget?: boolean } = {},
): MoveCost {
  if (!map.onMap(from) || !map.onMap(to))
    return { ok: false, error: `5.44: ${!map.onMap(from) ? from : to} is off the map` };
  if (!areAdjacent(from, to)) return { ok: false, error: `${from} and ${to} are not adjacent` };
  const target = map.terrain(to);
  if ((effects.impassableHexes as string[]).includes(target))
    return { ok: false, error: `5.45: ${to} is a ${target} hex` };
  const features = map.hexside(from, to);
  const hasPass = features.some((f) => f.kind === 'pass');
  for (const f of features) {
    if (f.kind === 'mountain' && !hasPass)
      return { ok: false, error: `5.45: mountain hexside ${from}/${to} without a pass` };
    if ((f.kind === 'sea' || f.kind === 'lake') && (effects.impassableHexsides as string[]).includes(f.kind))
      return { ok: false, error: `5.45: ${f.kind === 'sea' ? 'all-sea' : 'lake'} hexside ${from}/${to}` };
  }
  const e = effects.entries;
  let mp = target === 'mountain' ? e.mountainHex.mp : e.clearHex.mp;
  mp += features.filter((f) => f.kind === 'river').length > 0 ? e.riverHexside.mp : 0;
  if (hasPass) mp += e.passHexside.mp;
  if (opts.enemyInTarget) mp += e.enemyOccupied.mp;
  return { ok: true, mp };
}

/** May a supply path cross this hexside (10.24)? Passes yes; mountain, sea and lake hexsides no. */
export function supplyMayCross(map: StrategicMap, from: HexId, to: HexId): boolean {
  if (!map.onMap(from) || !map.onMap(to) || !areAdjacent(from, to)) return false;
  const t = map.terrain(to);
  if (t === 'sea' || t === 'lake') return false;
  const features = map.hexside(from, to);
  const hasPass = features.some((f) => f.kind === 'pass');
  return !features.some((f) => f.kind === 'sea' || f.kind === 'lake' || (f.kind === 'mountain' && !hasPass));
}

/**
 * Does a Zone of Control extend from `from` into the adjacent `to` (6.21)? Not into all-sea hexes,
 * and not through all-sea, lake or mountain hexsides unless a pass crosses the mountain hexside.
 */
export function zocMayExtend(map: StrategicMap, from: HexId, to: HexId): boolean {
  if (!map.onMap(from) || !map.onMap(to) || !areAdjacent(from, to)) return false;
  if (map.terrain(to) === 'sea') return false;
  const features = map.hexside(from, to);
  const hasPass = features.some((f) => f.kind === 'pass');
  return !features.some((f) => f.kind === 'sea' || f.kind === 'lake' || (f.kind === 'mountain' && !hasPass));
}

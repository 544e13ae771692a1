// The committed battlefield maps, loaded and validated once (pure: JSON imports only).
import leuthenJson from '../../assets/tactical/maps/leuthen/map.json' with { type: 'json' };
import { loadTacticalMap, type TacticalMap } from './map.js';

const cache = new Map<string, TacticalMap>();
const RAW: Record<string, unknown> = { leuthen: leuthenJson };

export const TACTICAL_MAP_IDS = Object.keys(RAW);

/** A committed map by id ("leuthen"); throws on an unknown id. */
export function tacticalMap(id = 'leuthen'): TacticalMap {
  let m = cache.get(id);
  if (!m) {
    const raw = RAW[id];
    if (!raw) throw new Error(`unknown tactical map "${id}" (known: ${TACTICAL_MAP_IDS.join(', ')})`);
    m = loadTacticalMap(raw);
    cache.set(id, m);
  }
  return m;
}

/** Makes a map built at run time (a generated campaign battlefield, issue #16) known by its id. */
export function addTacticalMap(map: TacticalMap): void {
  cache.set(map.id, map);
}

/** The Leuthen 1757 battlefield. */
export function leuthenMap(): TacticalMap {
  return tacticalMap('leuthen');
}

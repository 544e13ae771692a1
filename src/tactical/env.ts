// What the engine needs besides the state: the battlefield map (held by id) and the tables. Pure:
// maps are registered by the caller (CLI, service, tests) after loading them; nothing here reads files.
import type { TacticalMap } from './map.js';
import { defaultTables, type Tables } from './tables/index.js';

export interface Env {
  map: TacticalMap;
  tables: Tables;
}

const maps = new Map<string, TacticalMap>();
let loader: ((id: string) => TacticalMap | undefined) | undefined;

/** Register a map under its id (tests use small fixture maps). */
export function useTacticalMap(map: TacticalMap): void {
  maps.set(map.id, map);
}

/** A loader asked for maps not registered yet (the CLI reads assets/tactical/maps/<id>/map.json). */
export function setTacticalMapLoader(f: (id: string) => TacticalMap | undefined): void {
  loader = f;
}

export function tacticalMap(id: string): TacticalMap | undefined {
  let m = maps.get(id);
  if (!m && loader) {
    m = loader(id);
    if (m) maps.set(id, m);
  }
  return m;
}

export function envFor(mapId: string, tables: Tables = defaultTables): Env | undefined {
  const map = tacticalMap(mapId);
  return map ? { map, tables } : undefined;
}

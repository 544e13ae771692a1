// The committed Leuthen scenarios (tac-oob data), loaded once through the engine's parser against
// the rebuilt map (pure: JSON imports only). The CLI also accepts a path; it reads the file itself.
import ratingsJson from '../../../assets/tactical/ratings.json' with { type: 'json' };
import leuthen1 from '../../../scenarios/tactical/leuthen-1.json' with { type: 'json' };
import leuthen2 from '../../../scenarios/tactical/leuthen-2.json' with { type: 'json' };
import type { TacticalMap } from '../../tactical/map.js';
import { tacticalMap } from '../../tactical/maps.js';
import { type LoadedScenario, parseScenario } from '../../tactical/scenario.js';

const RAW: Record<string, unknown> = { 'leuthen-1': leuthen1, 'leuthen-2': leuthen2 };
export const TACTICAL_SCENARIO_IDS = Object.keys(RAW);

export type LoadResult =
  | { ok: true; loaded: LoadedScenario; map: TacticalMap }
  | { ok: false; error: string };

/** Parse a scenario (raw JSON) against its map; errors name the field. */
export function loadTacticalScenario(raw: unknown, ratings: unknown = ratingsJson): LoadResult {
  const mapId = (raw as { map?: unknown } | null)?.map;
  let map: TacticalMap;
  try {
    map = tacticalMap(typeof mapId === 'string' ? mapId : 'leuthen');
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const p = parseScenario(raw, ratings, (h) => map.has(h));
  if (!p.ok) return { ok: false, error: p.errors.join('; ') };
  return { ok: true, loaded: p.value, map };
}

/** A committed scenario by id (leuthen-1, leuthen-2). */
export function tacticalScenario(id: string): LoadResult {
  const raw = RAW[id];
  if (!raw)
    return {
      ok: false,
      error: `unknown battle scenario "${id}" (known: ${TACTICAL_SCENARIO_IDS.join(', ')})`,
    };
  return loadTacticalScenario(raw);
}

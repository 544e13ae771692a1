// Loading a Leuthen battle for the `ftg battle` subcommands: a scenario by id (scenarios/tactical)
// or path, or a saved state (--from), with the battlefield map registered for the pure engine.
// Errors come back as one clear line naming the file and field; nothing throws.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TacState } from '../tactical/index.js';
import { parseScenario, setupBattle, useTacticalMap } from '../tactical/index.js';
import { tacticalMap as committedMap } from '../tactical/maps.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Parses `--dice 4,2,6`: d6 and d10 faces 0-9; undefined when absent; a string on error. */
export function parseDice(arg: string | undefined): number[] | string | undefined {
  if (arg === undefined) return undefined;
  const parts = arg.split(',').map((x) => x.trim());
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d$/.test(p)) return `--dice takes die faces 0-9 separated by commas, got "${arg}"`;
    out.push(Number(p));
  }
  return out;
}

export function registerMap(id: string): string | undefined {
  try {
    useTacticalMap(committedMap(id));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** A fresh battle from a scenario id or path. */
export function setupFromScenario(
  scenarioArg: string,
  seed: number,
  dice: number[] = [],
): { ok: true; state: TacState } | { ok: false; error: string } {
  const path = existsSync(scenarioArg)
    ? scenarioArg
    : join(ROOT, 'scenarios/tactical', `${scenarioArg}.json`);
  if (!existsSync(path))
    return {
      ok: false,
      error: `unknown scenario "${scenarioArg}" (an id under scenarios/tactical such as leuthen-1, or a path)`,
    };
  let raw: unknown;
  let ratings: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
    ratings = JSON.parse(readFileSync(join(ROOT, 'assets/tactical/ratings.json'), 'utf8'));
  } catch (e) {
    return { ok: false, error: `cannot read scenario ${path}: ${(e as Error).message}` };
  }
  const mapId = (raw as { map?: unknown } | null)?.map;
  if (typeof mapId !== 'string')
    return { ok: false, error: `scenario ${path}: map: expected the id of a battlefield map` };
  const e = registerMap(mapId);
  if (e) return { ok: false, error: `scenario ${path}: map: ${e}` };
  const map = committedMap(mapId);
  const loaded = parseScenario(raw, ratings, (h) => map.has(h));
  if (!loaded.ok) return { ok: false, error: `${path}: ${loaded.errors.join('; ')}` };
  const s = setupBattle(loaded.value, map, seed, { dice });
  if (!s.ok) return { ok: false, error: `${path}: ${s.errors.join('; ')}` };
  return { ok: true, state: s.state };
}

/** A saved state (JSON written by `ftg battle play --out`). */
export function loadState(path: string): { ok: true; state: TacState } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return { ok: false, error: `cannot read state ${path}: ${(e as Error).message}` };
  }
  const s = raw as Partial<TacState> | null;
  if (
    s?.kind !== 'tactical' ||
    typeof s.map !== 'string' ||
    !Array.isArray(s.units) ||
    typeof s.rng !== 'object'
  )
    return {
      ok: false,
      error: `${path}: not a saved battle state (kind "tactical" with map, units and rng expected)`,
    };
  const e = registerMap(s.map);
  if (e) return { ok: false, error: `${path}: map: ${e}` };
  return { ok: true, state: s as TacState };
}

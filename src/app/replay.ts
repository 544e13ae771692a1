// Rebuild a game from its action log: setup(scenario, seed, options) and then every logged action
// in version order. With `verify`, each stored snapshot and the stored current state must equal
// the rebuilt state at that version. A game records the rules and map version it was started under
// (src/engine/version.ts); when this build's differ, differences are expected and the report says
// so (`versionsDiffer`) instead of calling them a mismatch.
import type { Db } from '../db/client.js';
import { actionLog, getGame, snapshotList } from '../db/game-repository.js';
import type { GameRow } from '../db/schema.js';
import { engineForKind, versionsForKind } from './engine-kind.js';
import { type Action, type EngineVersions, FIRST_VERSIONS, type RulesEngine } from './engine-port.js';

export interface ReplayReport {
  ok: boolean;
  gameId: string;
  actions: number;
  version: number;
  state: unknown;
  /** Problems found, each naming the version where it appeared. */
  problems: string[];
  /** The versions the game recorded (version 1 when it predates the record) and this build's. */
  versions: { recorded: EngineVersions; build: EngineVersions };
  /** The game was played under other rules or another map than this build's: not verifiable. */
  versionsDiffer: boolean;
}

/** The rules and map version a stored game was started under (null columns: version 1). */
export function recordedVersions(game: Pick<GameRow, 'rulesVersion' | 'mapVersion'>): EngineVersions {
  return {
    rules: game.rulesVersion ?? FIRST_VERSIONS.rules,
    map: game.mapVersion ?? FIRST_VERSIONS.map,
  };
}

/** "recorded under rules v1 (map v1), this build is rules v2 (map v1)" */
export function versionsLine(v: ReplayReport['versions']): string {
  return `recorded under rules v${v.recorded.rules} (map v${v.recorded.map}), this build is rules v${v.build.rules} (map v${v.build.map})`;
}

/** Stable JSON (keys sorted) so two equal states compare equal regardless of key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Parse a JSON column; corrupt text is a reported problem, not an exception. */
function parseStored(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: (e as Error).message.slice(0, 120) };
  }
}

export function replayGame(
  db: Db,
  engine: RulesEngine<unknown>,
  gameId: string,
  verify = true,
): ReplayReport {
  const game = getGame(db, gameId);
  if (!game)
    return {
      ok: false,
      gameId,
      actions: 0,
      version: 0,
      state: null,
      problems: [`no game ${gameId}`],
      versions: { recorded: FIRST_VERSIONS, build: versionsForKind(engine, 'campaign') },
      versionsDiffer: false,
    };
  const versions = { recorded: recordedVersions(game), build: versionsForKind(engine, game.kind) };
  const versionsDiffer =
    versions.recorded.rules !== versions.build.rules || versions.recorded.map !== versions.build.map;
  const problems: string[] = [];
  const log = actionLog(db, gameId);
  const snapshots = new Map(snapshotList(db, gameId).map((s) => [s.version, s.state]));
  let version = 0;
  let state: unknown = null;
  const stop = (problem: string): ReplayReport => ({
    ok: false,
    gameId,
    actions: log.length,
    version,
    state,
    problems: [...problems, problem],
    versions,
    versionsDiffer,
  });
  const options = parseStored(game.options);
  if (!options.ok) return stop(`the game's stored options are not valid JSON (${options.error})`);
  try {
    state = engineForKind(engine, game.kind).setup(
      game.scenario,
      game.seed,
      options.value as Record<string, unknown>,
    );
  } catch (e) {
    return stop(`the scenario cannot be set up: ${(e as Error).message.slice(0, 200)}`);
  }
  for (const row of log) {
    if (row.version !== version + 1) {
      problems.push(`version ${version + 1}: missing from the log (next logged is ${row.version})`);
      break;
    }
    const action = parseStored(row.action);
    if (!action.ok) {
      problems.push(`version ${row.version}: the logged action is not valid JSON (${action.error})`);
      break;
    }
    const r = engine.apply(state, row.seat, action.value as Action);
    if (!r.ok) {
      problems.push(
        `version ${row.version}: the engine now refuses the logged action (${r.error.rule}: ${r.error.message})`,
      );
      break;
    }
    state = r.state;
    version = row.version;
    const snap = snapshots.get(version);
    if (verify && snap !== undefined) {
      const stored = parseStored(snap);
      if (!stored.ok) problems.push(`version ${version}: the snapshot is not valid JSON (${stored.error})`);
      else if (canonicalJson(stored.value) !== canonicalJson(state))
        problems.push(`version ${version}: the snapshot differs from the replayed state`);
    }
  }
  if (verify && problems.length === 0) {
    const stored = game.state === null ? null : parseStored(game.state);
    if (version !== game.version)
      problems.push(`the log ends at version ${version} but the game is at ${game.version}`);
    else if (stored && !stored.ok)
      problems.push(`version ${version}: the stored state is not valid JSON (${stored.error})`);
    else if (stored?.ok && canonicalJson(stored.value) !== canonicalJson(state)) {
      problems.push(`version ${version}: the stored state differs from the replayed state`);
    }
  }
  return {
    ok: problems.length === 0 && !versionsDiffer,
    gameId,
    actions: log.length,
    version,
    state,
    problems,
    versions,
    versionsDiffer,
  };
}

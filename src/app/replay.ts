// Rebuild a game from its action log: setup(scenario, seed, options) and then every logged action
// in version order. With `verify`, each stored snapshot and the stored current state must equal
// the rebuilt state at that version.
import type { Db } from '../db/client.js';
import { actionLog, getGame, snapshotList } from '../db/game-repository.js';
import type { Action, RulesEngine } from './engine-port.js';

export interface ReplayReport {
  ok: boolean;
  gameId: string;
  actions: number;
  version: number;
  state: unknown;
  /** Problems found, each naming the version where it appeared. */
  problems: string[];
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

export function replayGame(
  db: Db,
  engine: RulesEngine<unknown>,
  gameId: string,
  verify = true,
): ReplayReport {
  const game = getGame(db, gameId);
  if (!game)
    return { ok: false, gameId, actions: 0, version: 0, state: null, problems: [`no game ${gameId}`] };
  const problems: string[] = [];
  const log = actionLog(db, gameId);
  const snapshots = new Map(snapshotList(db, gameId).map((s) => [s.version, s.state]));
  let state = engine.setup(game.scenario, game.seed, JSON.parse(game.options));
  let version = 0;
  for (const row of log) {
    if (row.version !== version + 1) {
      problems.push(`version ${version + 1}: missing from the log (next logged is ${row.version})`);
      break;
    }
    const r = engine.apply(state, row.seat, JSON.parse(row.action) as Action);
    if (!r.ok) {
      problems.push(
        `version ${row.version}: the engine now refuses the logged action (${r.error.rule}: ${r.error.message})`,
      );
      break;
    }
    state = r.state;
    version = row.version;
    const snap = snapshots.get(version);
    if (verify && snap !== undefined && canonicalJson(JSON.parse(snap)) !== canonicalJson(state)) {
      problems.push(`version ${version}: the snapshot differs from the replayed state`);
    }
  }
  if (verify && problems.length === 0) {
    if (version !== game.version)
      problems.push(`the log ends at version ${version} but the game is at ${game.version}`);
    else if (game.state !== null && canonicalJson(JSON.parse(game.state)) !== canonicalJson(state)) {
      problems.push(`version ${version}: the stored state differs from the replayed state`);
    }
  }
  return { ok: problems.length === 0, gameId, actions: log.length, version, state, problems };
}

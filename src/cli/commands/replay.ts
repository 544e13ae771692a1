// `ftg replay --db FILE --game ID [--verify]`: rebuild a game from its action log; with --verify,
// check every snapshot and the stored state against the rebuilt one (exit 1 on a mismatch, 3 when the
// game was recorded under another rules or map version than this build plays: not verifiable).
import { parseCommandArgs } from '../options.js';

export const summary = 'Rebuild a game from its action log and check it against the stored state';

const HELP = `Usage: ftg replay --db FILE --game ID [--verify] [--json] [--engine MODULE]

  --db FILE        the SQLite database (default: DATABASE_PATH from the environment)
  --game ID        the game to rebuild
  --verify         compare snapshots and the stored state with the replay; exit 1 on a mismatch,
                   exit 3 when the game was recorded under other rules/map versions than this build
  --json           print the rebuilt state as JSON
  --engine MODULE  a module exporting a RulesEngine (default: the real engine's adapter)`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('replay', HELP, {
    args,
    options: {
      db: { type: 'string' },
      game: { type: 'string' },
      verify: { type: 'boolean' },
      json: { type: 'boolean' },
      engine: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const { values } = parsed;
  if (!values.game) {
    console.error(`ftg replay: --game is required\n${HELP}`);
    return 2;
  }
  const path = values.db ?? (await import('../../config/index.js')).loadConfig().DATABASE_PATH;
  const { existsSync } = await import('node:fs');
  if (path !== ':memory:' && !existsSync(path)) {
    console.error(`ftg replay: no database at ${path}`);
    return 2;
  }
  const { loadEngine } = await import('../../app/engine-loader.js');
  const loaded = await loadEngine(values.engine);
  if (!loaded.ok) {
    console.error(`ftg replay: ${loaded.message}`);
    return 2;
  }
  const { openDatabase } = await import('../../db/client.js');
  const { replayGame, versionsLine } = await import('../../app/replay.js');
  const { clip } = await import('../../app/result.js');
  let handle: ReturnType<typeof openDatabase>;
  try {
    handle = openDatabase(path, { migrate: false });
    handle.sqlite.prepare('select id from games limit 1').all();
  } catch (e) {
    const why = /not a database/i.test((e as Error).message)
      ? 'not an SQLite database'
      : /no such table/i.test((e as Error).message)
        ? 'an SQLite file without the games table (not a Soldier-King database)'
        : clip((e as Error).message, 200);
    console.error(`ftg replay: cannot read ${clip(path, 120)}: ${why}`);
    return 2;
  }
  try {
    const report = replayGame(handle.db, loaded.engine, values.game, values.verify === true);
    if (values.json) console.log(JSON.stringify(report.state));
    console.log(`game ${report.gameId}: ${report.actions} action(s) replayed to version ${report.version}`);
    if (report.problems.some((p) => p.startsWith('no game'))) {
      for (const p of report.problems) console.error(`  ${p}`);
      return 1;
    }
    if (values.verify && report.versionsDiffer) {
      // Not a mismatch: the game was played under other rules, so this build may replay it otherwise.
      for (const p of report.problems) console.error(`  under this build: ${p}`);
      console.log(`NOT VERIFIED: ${versionsLine(report.versions)}`);
      return 3;
    }
    for (const p of report.problems) console.error(`  ${p}`);
    if (values.verify) console.log(report.ok ? 'verified: replay matches the stored state' : 'MISMATCH');
    return values.verify && !report.ok ? 1 : 0;
  } finally {
    handle.close();
  }
}

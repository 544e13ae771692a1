// `ftg standings --db FILE --guild ID [--rebuild] [--table players|nations|sides] [--json]`: the
// standings of a server from its stored games (issue 21). Finished campaigns not yet recorded are
// recorded from their action logs; --rebuild re-records every one of them from the logs.
import { parseCommandArgs } from '../options.js';

export const summary =
  'Standings of a server from its stored games (--rebuild re-records them from the logs)';

const HELP = `Usage: ftg standings --db FILE --guild ID [--rebuild] [--table players|nations|sides] [--json]

  --db FILE     the SQLite database (default: DATABASE_PATH from the environment)
  --guild ID    the Discord server whose campaigns count
  --rebuild     re-record every finished campaign of the server from its action log
  --table T     players (default), nations or sides
  --json        print the standings as JSON`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('standings', HELP, {
    args,
    options: {
      db: { type: 'string' },
      guild: { type: 'string' },
      rebuild: { type: 'boolean' },
      table: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const { values } = parsed;
  if (!values.guild) {
    console.error(`ftg standings: --guild is required\n${HELP}`);
    return 2;
  }
  const table = values.table ?? 'players';
  if (!['players', 'nations', 'sides'].includes(table)) {
    console.error('ftg standings: --table is players, nations or sides');
    return 2;
  }
  const path = values.db ?? (await import('../../config/index.js')).loadConfig().DATABASE_PATH;
  const { existsSync } = await import('node:fs');
  if (path !== ':memory:' && !existsSync(path)) {
    console.error(`ftg standings: no database at ${path}`);
    return 2;
  }
  const { openDatabase } = await import('../../db/client.js');
  const { engine } = await import('../../app/engines.js');
  const { rebuildRecords, storedRecords, syncRecords } = await import('../../app/standings/record.js');
  const { computeStandings } = await import('../../app/standings/standings.js');
  const handle = openDatabase(path);
  try {
    const n = values.rebuild
      ? rebuildRecords(handle.db, engine, values.guild, Date.now())
      : syncRecords(handle.db, engine, values.guild, Date.now());
    const r = storedRecords(handle.db, values.guild);
    const st = computeStandings(r.results, r.players, r.battles);
    if (values.json) {
      console.log(JSON.stringify(st));
      return 0;
    }
    console.log(`${n} campaign(s) ${values.rebuild ? 're-recorded' : 'newly recorded'} from their logs`);
    console.log(`${st.campaigns} campaign(s), ${st.battles} battle(s) counted; ${st.abandoned} abandoned`);
    const lines =
      table === 'players'
        ? [...st.players, ...(st.autopilot ? [st.autopilot] : [])]
        : table === 'nations'
          ? [...st.nations, ...st.nationsAutopilot.map((l) => ({ ...l, key: `${l.key} (autopilot)` }))]
          : st.sides;
    const t = (x: (typeof lines)[number]['campaigns']) =>
      `${x.played} ${x.won}-${x.drawn}-${x.lost} +${x.bonus} ${x.points} pts ${x.score}%`;
    for (const l of lines)
      console.log(
        `${String(l.rank).padStart(3)} ${l.key.padEnd(24)} campaigns ${t(l.campaigns)} | battles ${t(l.battles)}`,
      );
    return 0;
  } finally {
    handle.close();
  }
}

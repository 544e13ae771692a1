// `ftg db migrate [--db FILE]`: apply pending migrations to the database (also done at start-up).
import type { ParseArgsConfig } from 'node:util';
import { parseCommandArgs } from '../options.js';

export const summary = 'Database administration: `db migrate` applies pending migrations';

const HELP = `Usage: ftg db migrate [--db FILE]

  --db FILE   the SQLite database (default: DATABASE_PATH from the environment)`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('db', HELP, parseOptions(args));
  if (!parsed.ok) return parsed.exit;
  const { values, positionals } = parsed;
  if (positionals[0] !== 'migrate' || positionals.length !== 1) {
    console.error(`ftg db: unknown subcommand "${positionals.join(' ')}"\n${HELP}`);
    return 2;
  }
  const path = values.db ?? (await import('../../config/index.js')).loadConfig().DATABASE_PATH;
  const { openDatabase } = await import('../../db/client.js');
  try {
    const handle = openDatabase(path, { migrate: false });
    const before = countApplied(handle.sqlite);
    const { applyMigrations } = await import('../../db/client.js');
    applyMigrations(handle.db);
    const after = countApplied(handle.sqlite);
    handle.close();
    console.log(`${path}: ${after - before} migration(s) applied, ${after} in total`);
    return 0;
  } catch (e) {
    console.error(`ftg db migrate: ${path}: ${(e as Error).message}`);
    return 1;
  }
}

function parseOptions(args: string[]) {
  return {
    args,
    allowPositionals: true,
    options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  } satisfies ParseArgsConfig;
}

function countApplied(sqlite: import('better-sqlite3').Database): number {
  const exists = sqlite
    .prepare("select 1 from sqlite_master where type='table' and name='__drizzle_migrations'")
    .get();
  if (!exists) return 0;
  return (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
}

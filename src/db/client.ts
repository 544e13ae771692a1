// Opens a SQLite database file with the settings the service relies on and applies migrations.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema>;
/** The database or an open transaction on it (repository writes that join a caller's transaction). */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));

export interface OpenOptions {
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
  migrationsFolder?: string;
  /** How long a writer waits for another connection's lock before failing (default 5 s). */
  busyTimeoutMs?: number;
}

/** Open (creating if needed) the database at `path`, in WAL mode, with a busy timeout. */
export function openDatabase(path: string, options: OpenOptions = {}): DbHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema });
  if (options.migrate !== false) applyMigrations(db, options.migrationsFolder);
  return { db, sqlite, close: () => sqlite.close() };
}

/** Apply every migration not yet recorded in the database; a no-op when up to date. */
export function applyMigrations(db: Db, migrationsFolder = MIGRATIONS_FOLDER): void {
  migrate(db, { migrationsFolder });
}

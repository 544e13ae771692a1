import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import journal from '../../migrations/meta/_journal.json' with { type: 'json' };
import { applyMigrations, type DbHandle, openDatabase } from '../../src/db/client.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-db-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const tables = (h: DbHandle) =>
  (
    h.sqlite.prepare("select name from sqlite_master where type='table' order by name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);

describe('migrations', () => {
  it('apply cleanly to an empty database', () => {
    const h = openDatabase(join(dir, 'a.sqlite'));
    expect(tables(h)).toEqual(
      expect.arrayContaining(['actions', 'deadlines', 'games', 'outbox', 'published', 'seats', 'snapshots']),
    );
    h.close();
  });

  it('re-applying to an up-to-date database changes nothing', () => {
    const path = join(dir, 'b.sqlite');
    const h = openDatabase(path);
    h.sqlite
      .prepare(
        "insert into games (id, guild_id, channel_id, created_by, scenario, seed, created_at, updated_at) values ('g1','g','c','u','count',1,0,0)",
      )
      .run();
    const applied = h.sqlite.prepare('select count(*) as n from __drizzle_migrations').get();
    applyMigrations(h.db);
    h.close();
    const again = openDatabase(path);
    expect(again.sqlite.prepare('select count(*) as n from __drizzle_migrations').get()).toEqual(applied);
    expect(again.sqlite.prepare('select id from games').all()).toEqual([{ id: 'g1' }]);
    again.close();
  });

  it('opens in WAL mode with a busy timeout and foreign keys on', () => {
    const h = openDatabase(join(dir, 'c.sqlite'), { busyTimeoutMs: 1234 });
    expect(h.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(h.sqlite.pragma('busy_timeout', { simple: true })).toBe(1234);
    expect(h.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    h.close();
  });

  it('can open without migrating (an empty file stays empty)', () => {
    const path = join(dir, 'd.sqlite');
    openDatabase(path, { migrate: false }).close();
    const raw = new Database(path);
    expect(raw.prepare("select count(*) as n from sqlite_master where type='table'").get()).toEqual({ n: 0 });
    raw.close();
  });
});

describe('upgrading a database from the previous migration', () => {
  it('0000 -> latest: the fixture database gains the events column and keeps its game, which still replays', async () => {
    const { readFileSync } = await import('node:fs');
    const { replayGame } = await import('../../src/app/replay.js');
    const { countingEngine } = await import('../app/support/counting-engine.js');
    const path = join(dir, 'old.sqlite');
    const raw = new Database(path);
    raw.exec(readFileSync(join(import.meta.dirname, 'fixtures/schema-0000.sql'), 'utf8'));
    expect(raw.prepare('select count(*) as n from __drizzle_migrations').get()).toEqual({ n: 1 });
    raw.close();
    const h = openDatabase(path);
    expect(h.sqlite.prepare('select count(*) as n from __drizzle_migrations').get()).toEqual({
      n: journal.entries.length,
    });
    expect(h.sqlite.prepare('select version, events from actions order by version').all()).toEqual([
      { version: 1, events: '[]' },
      { version: 2, events: '[]' },
      { version: 3, events: '[]' },
    ]);
    const report = replayGame(h.db, countingEngine(), 'g0000');
    expect(report.problems).toEqual([]);
    expect(report.version).toBe(3);
    h.close();
  });
});

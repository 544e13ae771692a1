import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import journal from '../../migrations/meta/_journal.json' with { type: 'json' };
import { run as runDb } from '../../src/cli/commands/db.js';
import { run as runReplay } from '../../src/cli/commands/replay.js';
import { run as runWorker } from '../../src/cli/commands/worker.js';
import { openDatabase } from '../../src/db/client.js';
import { type Harness, makeHarness, startedGame } from './support/harness.js';

/** Every committed migration (helpers add theirs in parallel; the count follows the journal). */
const MIGRATIONS = journal.entries.length;
const engineModule = join(import.meta.dirname, 'fixtures/counting-engine-module.ts');

let out: string[];
let err: string[];
beforeEach(() => {
  out = [];
  err = [];
  vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(String(s)));
  vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(String(s)));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ftg db migrate', () => {
  it('applies the migrations to a new file, then finds nothing left to apply', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftg-cli-'));
    const path = join(dir, 'new.sqlite');
    expect(await runDb(['migrate', '--db', path])).toBe(0);
    expect(out.at(-1)).toBe(`${path}: ${MIGRATIONS} migration(s) applied, ${MIGRATIONS} in total`);
    expect(await runDb(['migrate', '--db', path])).toBe(0);
    expect(out.at(-1)).toBe(`${path}: 0 migration(s) applied, ${MIGRATIONS} in total`);
    expect(await runDb(['upgrade', '--db', path])).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('ftg replay', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await makeHarness();
  });
  afterEach(async () => {
    await h.cleanup();
  });

  it('--verify passes for an intact game and fails (exit 1) when the stored state was altered', async () => {
    const id = await startedGame(h);
    await h.runtime.service.submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'add' } });
    await h.runtime.service.submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    const args = ['--db', h.dbPath, '--game', id, '--verify', '--engine', engineModule];
    expect(await runReplay(args)).toBe(0);
    expect(out).toContain('verified: replay matches the stored state');
    const other = openDatabase(h.dbPath, { migrate: false });
    other.sqlite.prepare(`update games set state = json_set(state, '$.totals.prussia', 1000)`).run();
    other.close();
    expect(await runReplay(args)).toBe(1);
    expect(err).toContain('  version 2: the stored state differs from the replayed state');
  });

  it('names a missing game, a missing database and a missing --game', async () => {
    expect(await runReplay(['--db', h.dbPath, '--game', 'nope', '--engine', engineModule])).toBe(1);
    expect(err).toContain('  no game nope');
    expect(
      await runReplay(['--db', join(h.dir, 'absent.sqlite'), '--game', 'x', '--engine', engineModule]),
    ).toBe(2);
    expect(await runReplay(['--db', h.dbPath])).toBe(2);
  });
});

describe('ftg worker', () => {
  it('refuses bad options before connecting to anything', async () => {
    expect(
      await runWorker(['--db', 'x.sqlite', '--redis', 'redis://127.0.0.1:6379', '--kinds', 'resolve,cook']),
    ).toBe(2);
    expect(err[0]).toMatch(/unknown job kind\(s\) cook/);
    expect(
      await runWorker(['--db', 'x.sqlite', '--redis', 'redis://127.0.0.1:6379', '--kinds', 'publish']),
    ).toBe(2);
    expect(
      await runWorker(['--db', 'x.sqlite', '--redis', 'redis://127.0.0.1:6379', '--concurrency', '0']),
    ).toBe(2);
  });
});

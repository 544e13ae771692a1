// Every game stored before a change must still replay to the same states (issue #13): the games
// in fixtures/games.json were recorded by scripts/record-replay-fixture.ts through the service's
// engine adapter; here they are loaded into a fresh database and checked with `ftg replay --verify`
// (each snapshot and the stored final state against the rebuilt one).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run as runReplay } from '../../src/cli/commands/replay.js';
import { openDatabase } from '../../src/db/client.js';
import { actions, games, seats, snapshots } from '../../src/db/schema.js';

interface Dump {
  games: (typeof games.$inferInsert)[];
  seats: (typeof seats.$inferInsert)[];
  actions: (typeof actions.$inferInsert)[];
  snapshots: (typeof snapshots.$inferInsert)[];
}

const dump = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/games.json'), 'utf8')) as Dump;
let dir: string;
let path: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-replay-fixture-'));
  path = join(dir, 'games.sqlite');
  const h = openDatabase(path);
  h.db.transaction((tx) => {
    for (const g of dump.games) tx.insert(games).values(g).run();
    for (const s of dump.seats) tx.insert(seats).values(s).run();
    for (const a of dump.actions) tx.insert(actions).values(a).run();
    for (const s of dump.snapshots) tx.insert(snapshots).values(s).run();
  });
  h.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stored games replay unchanged (ftg replay --verify)', () => {
  it('the fixture holds games with snapshots and fought battles', () => {
    expect(dump.games.length).toBeGreaterThanOrEqual(5);
    expect(dump.snapshots.length).toBeGreaterThan(10);
    const types = new Set(dump.actions.map((a) => (JSON.parse(a.action) as { type: string }).type));
    for (const t of ['march', 'forcemarch', 'combat-attack', 'combat-retreat', 'siege-resolve', 'timeout'])
      expect(types).toContain(t);
  });

  for (const g of dump.games) {
    it(`${g.id} (${g.scenario}, seed ${g.seed}) replays to every snapshot and its stored state`, async () => {
      const out: string[] = [];
      const err: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(String(s)));
      const error = vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(String(s)));
      try {
        const code = await runReplay(['--db', path, '--game', g.id, '--verify']);
        expect(err).toEqual([]);
        expect(out.at(-1)).toBe('verified: replay matches the stored state');
        expect(code).toBe(0);
      } finally {
        log.mockRestore();
        error.mockRestore();
      }
    });
  }
});

// A stored game records the rules and map version it was started under (games.rules_version /
// map_version, src/engine/version.ts), so `ftg replay --verify` of a game played under other rules
// says so (exit 3) instead of reporting a false mismatch, and verifies normally when they are equal.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine as campaignEngine } from '../../src/app/engine-adapter.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { engine as kinded } from '../../src/app/engines.js';
import { run as runReplay } from '../../src/cli/commands/replay.js';
import { openDatabase } from '../../src/db/client.js';
import { getGame } from '../../src/db/game-repository.js';
import { actions, games, seats, snapshots } from '../../src/db/schema.js';
import { MAP_VERSION, RULES_VERSION } from '../../src/engine/index.js';
import { countingEngine } from '../app/support/counting-engine.js';
import { makeHarness } from '../app/support/harness.js';

interface Dump {
  games: (typeof games.$inferInsert)[];
  seats: (typeof seats.$inferInsert)[];
  actions: (typeof actions.$inferInsert)[];
  snapshots: (typeof snapshots.$inferInsert)[];
}

const dump = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/games.json'), 'utf8')) as Dump;
const first = dump.games[0] as typeof games.$inferInsert;
let dir: string;
let path: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-replay-versions-'));
  path = join(dir, 'games.sqlite');
  const h = openDatabase(path);
  h.db.transaction((tx) => {
    // The same stored game three times: as recorded (no versions: before they were recorded), with
    // this build's versions, and under an older rules version with its stored state tampered with.
    for (const [id, rules, map] of [
      [first.id, null, null],
      ['gsamevers', RULES_VERSION, MAP_VERSION],
      ['goldrules', RULES_VERSION - 1, MAP_VERSION],
      ['goldmap', RULES_VERSION, MAP_VERSION + 1],
    ] as const) {
      tx.insert(games)
        .values({
          ...first,
          id,
          rulesVersion: rules,
          mapVersion: map,
          ...(id === 'goldrules' ? { state: '{"tampered":true}' } : {}),
        })
        .run();
      for (const s of dump.seats.filter((x) => x.gameId === first.id))
        tx.insert(seats)
          .values({ ...s, gameId: id })
          .run();
      for (const a of dump.actions.filter((x) => x.gameId === first.id))
        tx.insert(actions)
          .values({ ...a, gameId: id })
          .run();
      for (const s of dump.snapshots.filter((x) => x.gameId === first.id))
        tx.insert(snapshots)
          .values({ ...s, gameId: id })
          .run();
    }
  });
  h.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function replay(gameId: string): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(String(s)));
  const error = vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(String(s)));
  try {
    const code = await runReplay(['--db', path, '--game', gameId, '--verify']);
    return { code, out, err };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('rules and map versions of stored games', () => {
  it('this build plays rules and map version 1 or later; the adapters declare them', () => {
    expect(RULES_VERSION).toBeGreaterThanOrEqual(1);
    expect(campaignEngine.versions).toEqual({ rules: RULES_VERSION, map: MAP_VERSION });
  });

  it('a game stored before versions were recorded counts as version 1 (rules v2 re-shaped the 9.6 CRT)', async () => {
    // This build plays rules v2 or later, so a game with no recorded versions is reported as one of
    // rules v1, not verified and not a mismatch (the fixture itself was played under this build).
    expect(RULES_VERSION).toBeGreaterThanOrEqual(2);
    const r = await replay(first.id);
    expect(r.out.at(-1)).toBe(
      `NOT VERIFIED: recorded under rules v1 (map v1), this build is rules v${RULES_VERSION} (map v${MAP_VERSION})`,
    );
    expect(r.out).not.toContain('MISMATCH');
    expect(r.code).toBe(3);
  });

  it('a game recorded under the same versions verifies normally', async () => {
    const r = await replay('gsamevers');
    expect(r.err).toEqual([]);
    expect(r.out.at(-1)).toBe('verified: replay matches the stored state');
    expect(r.code).toBe(0);
  });

  it('a game recorded under other rules is reported as such (exit 3), not as a mismatch', async () => {
    const r = await replay('goldrules');
    expect(r.out.at(-1)).toBe(
      `NOT VERIFIED: recorded under rules v${RULES_VERSION - 1} (map v${MAP_VERSION}), this build is rules v${RULES_VERSION} (map v${MAP_VERSION})`,
    );
    expect(r.out).not.toContain('MISMATCH');
    // The difference the replay found is still shown, labelled as this build's.
    expect(r.err.join('\n')).toMatch(/under this build: version \d+: the stored state differs/);
    expect(r.code).toBe(3);
  });

  it('a game recorded on another map version is reported too (exit 3)', async () => {
    const r = await replay('goldmap');
    expect(r.out.at(-1)).toMatch(/^NOT VERIFIED: recorded under rules v\d+ \(map v2\), this build is/);
    expect(r.code).toBe(3);
  });

  it('a mismatch under the same versions still fails with exit 1', async () => {
    const h = openDatabase(path);
    h.db.update(games).set({ state: '{"tampered":true}' }).where(eq(games.id, 'gsamevers')).run();
    h.close();
    const r = await replay('gsamevers');
    expect(r.out.at(-1)).toBe('MISMATCH');
    expect(r.code).toBe(1);
  });
});

describe('the service records the versions when a game starts', () => {
  it('from the engine of the game kind (campaign: the strategic engine; battle: the tactical)', () => {
    expect(kinded.forKind('campaign').versions).toEqual({ rules: RULES_VERSION, map: MAP_VERSION });
    expect(kinded.forKind('battle').versions?.rules).toBeGreaterThanOrEqual(1);
  });

  it('writes rules_version and map_version at start; an engine that declares none records version 1', async () => {
    for (const [engine, expected] of [
      [{ ...countingEngine(), versions: { rules: 7, map: 3 } }, [7, 3]],
      [countingEngine(), [1, 1]],
    ] as const) {
      const h = await makeHarness({}, engine as RulesEngine<unknown>);
      try {
        const c = h.runtime.service.createGame({
          guildId: 'g',
          channelId: 'c',
          userId: 'u1',
          scenario: 'count',
        });
        if (!c.ok) throw new Error('create failed');
        expect(getGame(h.handle.db, c.gameId)?.rulesVersion).toBeNull();
        h.runtime.service.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' });
        expect((await h.runtime.service.start({ gameId: c.gameId, userId: 'u1' })).ok).toBe(true);
        const row = getGame(h.handle.db, c.gameId);
        expect([row?.rulesVersion, row?.mapVersion]).toEqual(expected);
      } finally {
        await h.cleanup();
      }
    }
  });
});

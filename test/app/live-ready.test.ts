// Issue 15, live mode: the Ready list is stored by the service, so a restart (a new runtime on the
// same SQLite file) remembers who pressed Ready; the last human's Ready shortens the deadlines once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import { engine } from '../../src/app/engines.js';
import { MemoryPublisher } from '../../src/app/publisher.js';
import { type Runtime, startRuntime } from '../../src/app/runtime.js';
import { type DbHandle, openDatabase } from '../../src/db/client.js';
import { getGame } from '../../src/db/game-repository.js';

let dir: string;
let dbPath: string;
let handle: DbHandle;
let rt: Runtime | undefined;
const clock = new ManualClock(Date.UTC(2026, 4, 1));
const start = () => startRuntime({ db: handle.db, engine, clock, publisher: new MemoryPublisher() });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-live-'));
  dbPath = join(dir, 'b.sqlite');
  handle = openDatabase(dbPath);
});
afterEach(async () => {
  await rt?.close();
  rt = undefined;
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

it('live mode: the Ready list survives a restart; the last Ready shortens the deadlines once', async () => {
  rt = await start();
  const c = rt.service.createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: 'leuthen-1' });
  if (!c.ok) throw new Error(c.error.message);
  const gameId = c.gameId;
  rt.service.joinSeat({ gameId, seat: 'prussia', userId: 'u1' });
  rt.service.joinSeat({ gameId, seat: 'austria', userId: 'u2' });
  const settingsBefore = getGame(handle.db, gameId)!.settings;
  const live = { gameId, liveDeadlineMs: 300_000 };
  // Someone without a seat may not press Ready; nothing is stored.
  const stranger = rt.service.pressReady({ ...live, userId: 'u9' });
  expect(stranger.ok || stranger.error.code).toBe('not-seat-holder');
  const first = rt.service.pressReady({ ...live, userId: 'u1' });
  expect(first.ok && { ready: first.ready, missing: first.missing, wentLive: first.wentLive }).toEqual({
    ready: ['u1'],
    missing: ['u2'],
    wentLive: false,
  });
  expect(getGame(handle.db, gameId)!.settings).toBe(settingsBefore);

  // The bot restarts: a new runtime (and a new connection) on the same file.
  await rt.close();
  handle.close();
  handle = openDatabase(dbPath);
  rt = await start();
  const second = rt.service.pressReady({ ...live, userId: 'u2' });
  expect(second.ok && { ready: second.ready, missing: second.missing, wentLive: second.wentLive }).toEqual({
    ready: ['u1', 'u2'],
    missing: [],
    wentLive: true,
  });
  const settings = JSON.parse(getGame(handle.db, gameId)!.settings);
  expect(settings.deadlineMs).toEqual({ phase: 300_000, prompt: 300_000 });
  expect(settings.reminderBeforeMs).toEqual({ phase: 150_000, prompt: 150_000 });
  // Pressing again changes nothing and does not announce live mode a second time.
  const again = rt.service.pressReady({ ...live, userId: 'u2' });
  expect(again.ok && again.wentLive).toBe(false);
  // An unknown game and a deadline under a minute are refused.
  expect(rt.service.pressReady({ ...live, gameId: 'gnothere', userId: 'u1' }).ok).toBe(false);
  expect(rt.service.pressReady({ ...live, liveDeadlineMs: 10, userId: 'u1' }).ok).toBe(false);
});

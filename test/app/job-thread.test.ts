// #19.1: in the single-process default the autopilot runs in a worker thread, not on the thread
// that answers interactions. The main thread's engine here refuses to play autopilot at all; the
// game still finishes, so the autopilot ran in the job thread (its own engine and connection).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/app/clock.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { MemoryPublisher } from '../../src/app/publisher.js';
import { type Runtime, startRuntime } from '../../src/app/runtime.js';
import { type DbHandle, openDatabase } from '../../src/db/client.js';
import { actionLog, getGame } from '../../src/db/game-repository.js';
import { until } from '../queue/support.js';
import { countingEngine } from './support/counting-engine.js';

let dir: string;
let handle: DbHandle;
let rt: Runtime | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-thread-'));
  handle = openDatabase(join(dir, 'g.sqlite'));
});
afterEach(async () => {
  await rt?.close();
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

it('resolve jobs (the autopilot) run in the job thread; publishing stays on the main thread', async () => {
  const engine = countingEngine({
    onAutopilot: () => {
      throw new Error('the autopilot must not run on the main thread');
    },
  }) as RulesEngine<unknown>;
  const publisher = new MemoryPublisher();
  rt = await startRuntime({
    db: handle.db,
    engine,
    clock: systemClock,
    publisher,
    jobThread: {
      dbPath: join(dir, 'g.sqlite'),
      engineModule: join(import.meta.dirname, 'fixtures/counting-engine-module.ts'),
    },
  });
  const c = rt.service.createGame({
    guildId: 'g',
    channelId: 'c',
    userId: 'u1',
    scenario: 'duel',
    seed: 1,
    options: { rounds: 1 },
  });
  if (!c.ok) throw new Error(c.error.message);
  rt.service.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' });
  await rt.service.start({ gameId: c.gameId, userId: 'u1' });
  await until(() => getGame(handle.db, c.gameId)!.resolvedVersion === 0, 15_000, 'the first resolve');
  const r = await rt.service.submit({
    gameId: c.gameId,
    seat: 'prussia',
    userId: 'u1',
    action: { type: 'done' },
  });
  expect(r.ok).toBe(true);
  await until(() => getGame(handle.db, c.gameId)!.status === 'over', 15_000, 'the autopilot to finish');
  expect(actionLog(handle.db, c.gameId).map((a) => a.actor)).toEqual(['player', 'autopilot', 'autopilot']);
  await until(() => publisher.sent.some((m) => m.version === 3), 15_000, 'the final update');
  expect(publisher.sent.filter((m) => m.version === 0).map((m) => m.target.kind)).toEqual(['channel', 'dm']);
}, 40_000);

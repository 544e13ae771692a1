// #19.1: in the single-process default the autopilot runs in a worker thread, not on the thread
// that answers interactions. The main thread's engine here refuses to play autopilot at all; the
// game still finishes, so the autopilot ran in the job thread (its own engine and connection).
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

it.each([1, 2])(
  'resolve jobs (the autopilot) run in the job threads (%i); publishing stays on the main thread',
  async (threads) => {
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
        threads,
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
    // The opening update is posted before the move: once the game has left a step, that step's
    // update is stale and posts nothing by design (step-resolver buildMessages), so submitting
    // before the publish lane has run made this test depend on the machine's speed.
    await until(
      () => publisher.sent.filter((m) => m.version === 0).length >= 2,
      15_000,
      'the opening update',
    );
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
    expect(publisher.sent.filter((m) => m.version === 0).map((m) => m.target.kind)).toEqual([
      'channel',
      'dm',
    ]);
  },
  40_000,
);

// #19 item 4: the pool. Two games whose seats are on the autopilot; the engine in the threads is
// test/app/fixtures/pool-engine-module.ts.
async function twoAutopilotGames(
  mode: 'rendezvous' | 'fail-once' | 'exit-once',
  log?: (msg: string, data?: Record<string, unknown>) => void,
  threads = 2,
) {
  const marks = join(dir, 'marks');
  mkdirSync(marks);
  process.env.FTG_TEST_POOL_DIR = marks;
  process.env.FTG_TEST_POOL_MODE = mode;
  try {
    rt = await startRuntime({
      db: handle.db,
      engine: countingEngine({
        onAutopilot: () => {
          throw new Error('the autopilot must not run on the main thread');
        },
      }) as RulesEngine<unknown>,
      clock: systemClock,
      publisher: new MemoryPublisher(),
      jobThread: {
        dbPath: join(dir, 'g.sqlite'),
        engineModule: join(import.meta.dirname, 'fixtures/pool-engine-module.ts'),
        threads,
      },
      ...(log ? { log } : {}),
    });
  } finally {
    delete process.env.FTG_TEST_POOL_DIR;
    delete process.env.FTG_TEST_POOL_MODE;
  }
  const ids: string[] = [];
  for (const user of ['u1', 'u2']) {
    // Prussia (side A, first to act) is left to the autopilot; the user holds Austria.
    const c = rt.service.createGame({
      guildId: 'g',
      channelId: `c-${user}`,
      userId: user,
      scenario: 'duel',
      seed: 1,
      options: { rounds: 1 },
    });
    if (!c.ok) throw new Error(c.error.message);
    rt.service.joinSeat({ gameId: c.gameId, seat: 'austria', userId: user });
    ids.push(c.gameId);
  }
  for (const [i, id] of ids.entries()) await rt.service.start({ gameId: id, userId: `u${i + 1}` });
  return { ids, marks };
}

const autopilotActions = (gameId: string) =>
  actionLog(handle.db, gameId).filter((a) => a.actor === 'autopilot').length;

it('two games: their autopilot jobs run at the same time, one on each job thread', async () => {
  const { ids, marks } = await twoAutopilotGames('rendezvous');
  await until(() => ids.every((id) => autopilotActions(id) === 2), 30_000, 'both autopilots');
  // Each thread's first autopilot call waited for the other thread's: both met.
  expect(readdirSync(marks).filter((f) => f.startsWith('met-'))).toHaveLength(2);
}, 60_000);

it('a job that fails in a thread is retried and does not hold up the pool', async () => {
  const failures: string[] = [];
  const { ids } = await twoAutopilotGames('fail-once', (msg) => failures.push(msg));
  await until(() => ids.every((id) => autopilotActions(id) === 2), 30_000, 'both autopilots');
  expect(failures.filter((m) => m === 'job failed').length).toBeGreaterThanOrEqual(1);
  for (const id of ids) {
    await until(() => getGame(handle.db, id)!.resolvedVersion === 2, 15_000, 'the step after the autopilot');
  }
  // Closing waits for what is running and stops the threads.
  await rt!.close();
  rt = undefined;
}, 60_000);

it('a job thread that dies is replaced: a one-thread pool goes on resolving both games', async () => {
  const logged: Array<[string, Record<string, unknown> | undefined]> = [];
  const { ids, marks } = await twoAutopilotGames('exit-once', (msg, data) => logged.push([msg, data]), 1);
  await until(() => ids.every((id) => autopilotActions(id) === 2), 30_000, 'both autopilots');
  expect(readdirSync(marks)).toContain('exited');
  const restarts = logged.filter(([m]) => m === 'job thread restarted');
  expect(restarts).toHaveLength(1);
  expect(String(restarts[0]?.[1]?.reason)).toMatch(/exited \(3\)/);
  for (const id of ids)
    await until(() => getGame(handle.db, id)!.resolvedVersion === 2, 15_000, 'the step after the autopilot');
}, 60_000);

// Shared set-up for service tests: a real SQLite file in a temp dir, a manual clock, a memory
// publisher and the embedded queue.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../../src/app/clock.js';
import type { RulesEngine } from '../../../src/app/engine-port.js';
import { MemoryPublisher } from '../../../src/app/publisher.js';
import { type Runtime, startRuntime } from '../../../src/app/runtime.js';
import { type DbHandle, openDatabase } from '../../../src/db/client.js';
import { type CountingHooks, countingEngine } from './counting-engine.js';

export interface Harness {
  dir: string;
  dbPath: string;
  handle: DbHandle;
  clock: ManualClock;
  publisher: MemoryPublisher;
  runtime: Runtime;
  engine: RulesEngine<unknown>;
  /** Let the embedded queue finish everything that is due. */
  settle(): Promise<void>;
  /** Advance the clock and let due jobs run. */
  advance(ms: number): Promise<void>;
  /** Simulate a restart: drop the runtime (and its timers), open a new one on the same file. */
  restart(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function makeHarness(
  hooks: CountingHooks = {},
  rulesEngine?: RulesEngine<unknown>,
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'ftg-svc-'));
  const dbPath = join(dir, 'game.sqlite');
  const clock = new ManualClock(1_000_000);
  const publisher = new MemoryPublisher();
  const engine = rulesEngine ?? (countingEngine(hooks) as RulesEngine<unknown>);
  const h: Harness = {
    dir,
    dbPath,
    handle: openDatabase(dbPath),
    clock,
    publisher,
    engine,
    runtime: undefined as unknown as Runtime,
    async settle() {
      // A job may enqueue further jobs; loop until the queue stays idle.
      for (let i = 0; i < 50; i++) {
        await h.runtime.embedded!.idle();
        await new Promise((r) => setImmediate(r));
        await h.runtime.embedded!.idle();
      }
    },
    async advance(ms: number) {
      const step = 60_000;
      for (let done = 0; done < ms; done += step) {
        clock.advance(Math.min(step, ms - done));
        await h.settle();
      }
    },
    async restart() {
      await h.runtime.close();
      h.handle.close();
      h.handle = openDatabase(dbPath);
      h.runtime = await startRuntime({ db: h.handle.db, engine, clock, publisher });
      await h.settle();
    },
    async cleanup() {
      await h.runtime.close();
      h.handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  h.runtime = await startRuntime({ db: h.handle.db, engine, clock, publisher });
  return h;
}

/** Create a 'count' game with prussia/hanover/austria/france held by u1..u4, and start it. */
export async function startedGame(
  h: Harness,
  settings: Record<string, unknown> = {},
  options = {},
): Promise<string> {
  const s = h.runtime.service;
  const created = s.createGame({
    guildId: 'guild',
    channelId: 'chan',
    userId: 'u1',
    scenario: 'count',
    seed: 42,
    settings,
    options,
  });
  if (!created.ok) throw new Error(created.error.message);
  const holders = { prussia: 'u1', hanover: 'u2', austria: 'u3', france: 'u4' };
  for (const [seat, userId] of Object.entries(holders)) {
    const r = s.joinSeat({ gameId: created.gameId, seat, userId });
    if (!r.ok) throw new Error(r.error.message);
  }
  const started = await s.start({ gameId: created.gameId, userId: 'u1' });
  if (!started.ok) throw new Error(started.error.message);
  await h.settle();
  return created.gameId;
}

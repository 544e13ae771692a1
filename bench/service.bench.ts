// Campaign service benchmark (run with tsx; `npm run bench -- service`):
//  1. step resolution latency: from the submit of the last seat of a step to the resolved step
//     stored (new step's deadline set, resolvedVersion caught up), in-process and on bullmq/Redis;
//  2. queue throughput on Redis: jobs per second through the workers, with enqueue->done latency.
// It uses the test suite's counting engine, so it measures the service, database and queue, not
// the rules. Redis: REDIS_URL or redis://127.0.0.1:6379; keys go under a throwaway prefix.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { systemClock } from '../src/app/clock.js';
import type { RulesEngine } from '../src/app/engine-port.js';
import { MemoryPublisher } from '../src/app/publisher.js';
import { type Runtime, startRuntime } from '../src/app/runtime.js';
import { openDatabase } from '../src/db/client.js';
import { getGame } from '../src/db/game-repository.js';
import { BullJobQueue, startWorkers } from '../src/queue/bullmq.js';
import { countingEngine } from '../test/app/support/counting-engine.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const JOBS = Number(process.env.BENCH_JOBS ?? 2000);

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `n=${s.length} median=${q(0.5).toFixed(2)}ms p95=${q(0.95).toFixed(2)}ms max=${s.at(-1)!.toFixed(2)}ms`;
}

async function waitFor(check: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('bench: timed out');
    await new Promise((r) => setImmediate(r));
  }
}

async function dropPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

async function stepLatency(label: string, redis: boolean, dir: string): Promise<void> {
  const handle = openDatabase(join(dir, `${label}.sqlite`));
  const prefix = `ftgbench-${randomBytes(4).toString('hex')}`;
  const runtime: Runtime = await startRuntime({
    db: handle.db,
    engine: countingEngine() as RulesEngine<unknown>,
    clock: systemClock,
    publisher: new MemoryPublisher(),
    ...(redis ? { redis: { url: REDIS_URL, prefix, workers: true } } : {}),
  });
  const s = runtime.service;
  const c = s.createGame({
    guildId: 'g',
    channelId: 'c',
    userId: 'u1',
    scenario: 'duel',
    seed: 1,
    options: { rounds: STEPS },
  });
  if (!c.ok) throw new Error(c.error.message);
  s.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' });
  s.joinSeat({ gameId: c.gameId, seat: 'austria', userId: 'u2' });
  await s.start({ gameId: c.gameId, userId: 'u1' });
  const samples: number[] = [];
  for (let i = 0; i < STEPS * 2; i++) {
    const [seat, userId] = i % 2 === 0 ? ['prussia', 'u1'] : ['austria', 'u2'];
    await waitFor(() => {
      const g = getGame(handle.db, c.gameId)!;
      return g.resolvedVersion === g.version;
    });
    const t0 = performance.now();
    const r = await s.submit({ gameId: c.gameId, seat, userId, action: { type: 'done' } });
    if (!r.ok) throw new Error(r.error.message);
    await waitFor(() => getGame(handle.db, c.gameId)!.resolvedVersion >= r.version);
    samples.push(performance.now() - t0);
  }
  console.log(`step resolution (${label}): ${stats(samples)}`);
  await runtime.close();
  handle.close();
  if (redis) await dropPrefix(prefix);
}

async function queueThroughput(dir: string): Promise<void> {
  const prefix = `ftgbench-${randomBytes(4).toString('hex')}`;
  const handle = openDatabase(join(dir, 'throughput.sqlite'));
  const queue = new BullJobQueue({ url: REDIS_URL, prefix });
  const enqueued = new Map<string, number>();
  const latencies: number[] = [];
  let done = 0;
  // A realistic no-op: each job reads its game row, as every processor does first.
  const group = startWorkers({
    url: REDIS_URL,
    prefix,
    concurrency: 8,
    kinds: ['resolve'],
    handler: async (job) => {
      getGame(handle.db, job.gameId);
      const t = enqueued.get(`${job.gameId}.${job.version}`);
      if (t !== undefined) latencies.push(performance.now() - t);
      done++;
    },
  });
  await Promise.all(group.workers.map((w) => w.waitUntilReady()));
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: JOBS }, (_, i) => {
      enqueued.set(`bench.${i}`, performance.now());
      return queue.enqueue({ kind: 'resolve', gameId: 'bench', version: i });
    }),
  );
  await waitFor(() => done >= JOBS);
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `queue throughput (bullmq, 1 worker process, concurrency 8): ${(JOBS / seconds).toFixed(0)} jobs/s`,
  );
  console.log(`queue enqueue->processed: ${stats(latencies)}`);
  await group.close();
  await queue.close();
  handle.close();
  await dropPrefix(prefix);
}

const dir = mkdtempSync(join(tmpdir(), 'ftg-bench-'));
try {
  await stepLatency('in-process', false, dir);
  await stepLatency('bullmq', true, dir);
  await queueThroughput(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

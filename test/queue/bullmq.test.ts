import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/app/clock.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { MemoryPublisher } from '../../src/app/publisher.js';
import { type Runtime, startRuntime } from '../../src/app/runtime.js';
import { type DbHandle, openDatabase } from '../../src/db/client.js';
import { actionLog, getGame } from '../../src/db/game-repository.js';
import { BullJobQueue, closeWithin, startWorkers } from '../../src/queue/bullmq.js';
import { jobId } from '../../src/queue/jobs.js';
import { countingEngine } from '../app/support/counting-engine.js';
import { dropPrefix, REDIS_URL, uniquePrefix, until } from './support.js';

let dir: string;
let handle: DbHandle;
let prefixes: string[];
let runtimes: Runtime[];
let children: ChildProcess[];
const engine = countingEngine() as RulesEngine<unknown>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-q-'));
  handle = openDatabase(join(dir, 'q.sqlite'));
  prefixes = [];
  runtimes = [];
  children = [];
});
afterEach(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const r of runtimes) await r.close();
  for (const p of prefixes) await dropPrefix(p);
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

async function runtime(o: {
  workers: boolean;
  prefix?: string;
  publisher?: MemoryPublisher;
}): Promise<Runtime> {
  const prefix = o.prefix ?? uniquePrefix();
  if (!prefixes.includes(prefix)) prefixes.push(prefix);
  const r = await startRuntime({
    db: handle.db,
    engine,
    clock: systemClock,
    publisher: o.publisher ?? new MemoryPublisher(),
    redis: { url: REDIS_URL, prefix, workers: o.workers, lockDurationMs: 2000, stalledIntervalMs: 500 },
  });
  runtimes.push(r);
  return r;
}

async function newGame(r: Runtime, scenario: string, settings: Record<string, unknown>, options = {}) {
  const c = r.service.createGame({
    guildId: 'g',
    channelId: 'c',
    userId: 'u1',
    scenario,
    seed: 3,
    settings,
    options,
  });
  if (!c.ok) throw new Error(c.error.message);
  const seats =
    scenario === 'duel' ? { prussia: 'u1' } : { prussia: 'u1', hanover: 'u2', austria: 'u3', france: 'u4' };
  for (const [seat, userId] of Object.entries(seats)) r.service.joinSeat({ gameId: c.gameId, seat, userId });
  const s = await r.service.start({ gameId: c.gameId, userId: 'u1' });
  if (!s.ok) throw new Error(s.error.message);
  return c.gameId;
}

describe('bullmq on Redis', () => {
  it('deadlines fire and reminders go only to the missing seats', async () => {
    const publisher = new MemoryPublisher();
    const r = await runtime({ workers: true, publisher });
    const id = await newGame(
      r,
      'count',
      { deadlineMs: { phase: 1200 }, reminderBeforeMs: { phase: 600 } },
      { rounds: 1 },
    );
    await until(() => getGame(handle.db, id)!.resolvedVersion === 0, 10_000, 'first resolve');
    const s = await r.service.submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    expect(s.ok).toBe(true);
    await until(() => getGame(handle.db, id)!.status === 'over', 15_000, 'the game to end by deadlines');
    const reminders = publisher.sent.filter((m) => m.topic === 'reminder' && m.version === 0);
    expect(reminders.map((m) => (m.target.kind === 'dm' ? m.target.userId : 'channel'))).toEqual(['u2']);
    const timeouts = actionLog(handle.db, id).filter((a) => a.actor === 'deadline');
    expect(timeouts.map((a) => a.seat)).toEqual(['hanover', 'austria', 'france']);
  });

  it('adding the same job twice keeps one job (ids derive from game, version and kind)', async () => {
    const prefix = uniquePrefix();
    prefixes.push(prefix);
    const q = new BullJobQueue({ url: REDIS_URL, prefix });
    const job = { kind: 'publish', gameId: 'gx', version: 4, topic: 'update' } as const;
    await q.enqueue(job);
    await q.enqueue(job);
    expect(jobId(job)).toBe('gx.4.publish-update');
    expect(await q.queue('publish').getJobCounts('waiting')).toEqual({ waiting: 1 });
    await q.close();
  });

  it('re-enqueueing a job that failed for good runs it again', async () => {
    const prefix = uniquePrefix();
    prefixes.push(prefix);
    const q = new BullJobQueue({ url: REDIS_URL, prefix });
    let broken = true;
    let ran = 0;
    const group = startWorkers({
      url: REDIS_URL,
      prefix,
      kinds: ['publish'],
      handler: async () => {
        if (broken) throw new Error('database away');
        ran++;
      },
    });
    const job = { kind: 'publish', gameId: 'gf', version: 1, topic: 'update' } as const;
    await q.enqueue(job);
    const bull = q.queue('publish');
    let state = '';
    const end = Date.now() + 20_000;
    while (state !== 'failed' && Date.now() < end) {
      state = await bull.getJobState(jobId(job));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('failed');
    broken = false;
    await q.enqueue(job);
    await until(() => ran === 1, 10_000, 'the revived job');
    await group.close();
    await q.close();
  }, 40_000);

  it('a restart resumes: unresolved steps are resolved and their deadlines fire, from the database alone', async () => {
    // The first service writes the game but its queue (and Redis data) is lost before any worker ran.
    const a = await runtime({ workers: false });
    const id = await newGame(
      a,
      'duel',
      { deadlineMs: { phase: 800 }, reminderBeforeMs: { phase: 0 } },
      { rounds: 1 },
    );
    expect(getGame(handle.db, id)!.resolvedVersion).toBe(-1);
    await a.close();
    runtimes = runtimes.filter((x) => x !== a);
    // The new service uses another prefix: nothing of the old queue survives, only the database.
    await runtime({ workers: true });
    await until(() => getGame(handle.db, id)!.status === 'over', 15_000, 'the game to resume and end');
    const log = actionLog(handle.db, id).map((x) => [x.seat, x.actor]);
    expect(log).toEqual([
      ['prussia', 'deadline'],
      ['austria', 'autopilot'],
      ['austria', 'autopilot'],
    ]);
  });
});

describe('Redis unreachable (#17.10)', () => {
  it('connection errors go to the logger, throttled, never as raw stacks on stderr', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logged: { msg: string; data: Record<string, unknown> }[] = [];
    const q = new BullJobQueue({
      url: 'redis://127.0.0.1:1',
      prefix: uniquePrefix(),
      onError: (msg, data) => logged.push({ msg, data }),
    });
    await until(() => logged.length > 0, 10_000, 'a logged connection error');
    await new Promise((r) => setTimeout(r, 500));
    expect(logged[0]).toEqual({
      msg: 'redis connection error',
      data: { source: 'queue', error: expect.stringMatching(/ECONNREFUSED/) },
    });
    // Three queues retry many times meanwhile; the same message is logged once per minute.
    expect(logged).toHaveLength(1);
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
    await Promise.race([q.close(), new Promise((r) => setTimeout(r, 1000))]);
  });
});

describe('closing while Redis is away', () => {
  it('closeWithin gives up after the wait and drops the connections instead of hanging', async () => {
    const dropped: string[] = [];
    const stuck = (name: string) => ({
      close: () => new Promise<void>(() => {}),
      disconnect: async () => void dropped.push(name),
    });
    const t = Date.now();
    expect(await closeWithin([stuck('queue'), stuck('worker')], 200)).toBe('disconnected');
    expect(Date.now() - t).toBeLessThan(2000);
    expect(dropped).toEqual(['queue', 'worker']);
    const fine = { close: async () => {}, disconnect: async () => void dropped.push('fine') };
    expect(await closeWithin([fine], 200)).toBe('closed');
    expect(dropped).toEqual(['queue', 'worker']);
  });
});

describe('Redis loses its data (#17.2)', () => {
  it('an update queued before the data loss is published from the outbox after the restart', async () => {
    const prefix = uniquePrefix();
    const producer = await runtime({ workers: false, prefix });
    // Workers for resolve and deadline only: the publish job waits in Redis, as when the Discord
    // side is down or busy.
    const group = startWorkers({
      url: REDIS_URL,
      prefix,
      kinds: ['resolve', 'deadline'],
      handler: producer.handler,
    });
    const id = await newGame(producer, 'duel', {}, { rounds: 1 });
    await until(() => getGame(handle.db, id)!.resolvedVersion === 0, 15_000, 'first resolve');
    const waiting = await (producer.queue as BullJobQueue).queue('publish').getJobCounts('waiting');
    expect(waiting).toEqual({ waiting: 1 });
    await group.close();
    await producer.close();
    runtimes = runtimes.filter((x) => x !== producer);
    // Redis loses everything under this prefix (FLUSHALL, scoped to the test's keys).
    await dropPrefix(prefix);
    const publisher = new MemoryPublisher();
    await runtime({ workers: true, prefix, publisher });
    await until(() => publisher.sent.length >= 2, 15_000, 'the update to be published again');
    expect(publisher.sent.map((m) => m.key)).toEqual([`${id}.0.update.channel`, `${id}.0.update.dm.prussia`]);
  }, 40_000);
});

describe('crash of a worker process', () => {
  function startChild(prefix: string, mode: 'hang' | 'hang-second' | 'normal', marker: string) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'fixtures/worker-child.ts'),
        join(dir, 'q.sqlite'),
        REDIS_URL,
        prefix,
        marker,
        mode,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    return new Promise<ChildProcess>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
      child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    });
  }

  it('a job whose worker is killed mid-way is retried by another worker and applied exactly once', async () => {
    const prefix = uniquePrefix();
    const marker = join(dir, 'marker');
    const producer = await runtime({ workers: false, prefix });
    // duel: prussia is human; austria, untaken, is played by the autopilot in side B's step.
    const id = await newGame(producer, 'duel', {}, { rounds: 2 });
    const first = await startChild(prefix, 'hang', marker);
    await until(() => getGame(handle.db, id)!.resolvedVersion === 0, 15_000, 'first resolve');
    await producer.service.submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    await until(() => existsSync(marker), 15_000, 'the worker to start the autopilot job');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(actionLog(handle.db, id).filter((a) => a.actor === 'autopilot')).toEqual([]);
    await startChild(prefix, 'normal', marker);
    await until(
      () => {
        const g = getGame(handle.db, id)!;
        return g.version === 3 && g.resolvedVersion === 3;
      },
      20_000,
      'the retried job',
    );
    const auto = actionLog(handle.db, id).filter((a) => a.actor === 'autopilot');
    expect(auto.map((a) => JSON.parse(a.action))).toEqual([{ type: 'add', n: 2 }, { type: 'done' }]);
    const pending = producer.service.pending({ gameId: id, userId: 'u1' });
    expect(pending.ok && pending.decisions[0]?.stepId).toBe('r2-A');
  }, 60_000);
  it('killed after its first commit, the retried job does not apply that action again', async () => {
    const prefix = uniquePrefix();
    const marker = join(dir, 'marker2');
    const producer = await runtime({ workers: false, prefix });
    const id = await newGame(producer, 'duel', {}, { rounds: 2 });
    const first = await startChild(prefix, 'hang-second', marker);
    await until(() => getGame(handle.db, id)!.resolvedVersion === 0, 15_000, 'first resolve');
    await producer.service.submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    await until(() => existsSync(marker), 15_000, 'the worker to commit the first autopilot action');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // The first autopilot action is already in the log when the worker dies.
    expect(actionLog(handle.db, id).filter((a) => a.actor === 'autopilot')).toHaveLength(1);
    await startChild(prefix, 'normal', marker);
    await until(() => getGame(handle.db, id)!.resolvedVersion === 3, 20_000, 'the retried job');
    const auto = actionLog(handle.db, id).filter((a) => a.actor === 'autopilot');
    expect(auto.map((a) => JSON.parse(a.action))).toEqual([{ type: 'add', n: 2 }, { type: 'done' }]);
  }, 60_000);
});

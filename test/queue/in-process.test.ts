import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import { InProcessQueue } from '../../src/queue/in-process.js';
import type { Job } from '../../src/queue/jobs.js';

const job = (version: number): Job => ({ kind: 'resolve', gameId: 'g1', version });
const flush = async (q: InProcessQueue) => {
  for (let i = 0; i < 5; i++) {
    await q.idle();
    await new Promise((r) => setImmediate(r));
  }
};

describe('in-process queue', () => {
  it('a job id already queued is not queued twice', async () => {
    const clock = new ManualClock();
    const q = new InProcessQueue({ clock });
    const ran: number[] = [];
    await q.enqueue(job(1));
    await q.enqueue(job(1));
    await q.enqueue(job(2));
    q.start(async (j) => void ran.push(j.version));
    await flush(q);
    expect(ran).toEqual([1, 2]);
  });

  it('delayed jobs wait for the clock', async () => {
    const clock = new ManualClock(1000);
    const q = new InProcessQueue({ clock });
    const ran: number[] = [];
    q.start(async (j) => void ran.push(j.version));
    await q.enqueue(job(1), { at: 1500 });
    await flush(q);
    expect(ran).toEqual([]);
    clock.advance(499);
    await flush(q);
    expect(ran).toEqual([]);
    clock.advance(1);
    await flush(q);
    expect(ran).toEqual([1]);
  });

  it('a failing job is retried after a back-off, then given up after the last attempt', async () => {
    const clock = new ManualClock();
    const errors: number[] = [];
    const q = new InProcessQueue({ clock, attempts: 3, onError: (_j, _e, attempt) => errors.push(attempt) });
    let calls = 0;
    q.start(async () => {
      calls++;
      throw new Error('boom');
    });
    await q.enqueue(job(1));
    await flush(q);
    expect(calls).toBe(1);
    clock.advance(99);
    await flush(q);
    expect(calls).toBe(1);
    clock.advance(1);
    await flush(q);
    expect(calls).toBe(2);
    clock.advance(200);
    await flush(q);
    expect(calls).toBe(3);
    clock.advance(10_000);
    await flush(q);
    expect(calls).toBe(3);
    expect(errors).toEqual([1, 2, 3]);
  });
});

// #19 item 4: lanes pulling from one queue (the job-thread pool), never two jobs of a game at once.
describe('in-process queue with lanes', () => {
  const resolve = (gameId: string, version: number): Job => ({ kind: 'resolve', gameId, version });
  const publish = (gameId: string, version: number): Job => ({
    kind: 'publish',
    gameId,
    version,
    topic: 'update',
  });
  const name = (j: Job) => `${j.gameId}.${j.version}.${j.kind}`;

  /** A handler whose jobs stay running until the test finishes them. */
  function gate() {
    const running = new Map<string, () => void>();
    const log: string[] = [];
    let fail = new Set<string>();
    const run = (j: Job) =>
      new Promise<void>((resolve, reject) => {
        const n = name(j);
        log.push(`start ${n}`);
        running.set(n, () => {
          running.delete(n);
          log.push(`end ${n}`);
          if (fail.has(n)) {
            fail.delete(n);
            reject(new Error(`${n} failed`));
          } else resolve();
        });
      });
    return {
      run,
      log,
      running: () => [...running.keys()].sort(),
      finish: (n: string) => {
        const f = running.get(n);
        if (!f) throw new Error(`${n} is not running (running: ${[...running.keys()].join(', ')})`);
        f();
      },
      failNext: (n: string) => {
        fail = new Set([...fail, n]);
      },
    };
  }
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  };

  it('two games run at once on a lane of two slots; a third waits for a free slot', async () => {
    const q = new InProcessQueue({ clock: new ManualClock() });
    const g = gate();
    q.start([{ accepts: () => true, slots: 2, run: g.run }]);
    await q.enqueue(resolve('a', 1));
    await q.enqueue(resolve('b', 1));
    await q.enqueue(resolve('c', 1));
    await settle();
    expect(g.running()).toEqual(['a.1.resolve', 'b.1.resolve']);
    expect(q.runningCount()).toBe(2);
    g.finish('b.1.resolve');
    await settle();
    expect(g.running()).toEqual(['a.1.resolve', 'c.1.resolve']);
    g.finish('a.1.resolve');
    g.finish('c.1.resolve');
    await q.idle();
    expect(q.runningCount()).toBe(0);
  });

  it('a game never has two jobs running; its next job goes first once it is free, in order', async () => {
    const q = new InProcessQueue({ clock: new ManualClock() });
    const g = gate();
    q.start([{ accepts: () => true, slots: 3, run: g.run }]);
    await q.enqueue(resolve('a', 1));
    await q.enqueue(resolve('a', 2));
    await q.enqueue(resolve('a', 3));
    await q.enqueue(resolve('b', 1));
    await settle();
    // Three slots, but a's later jobs wait for a.1.
    expect(g.running()).toEqual(['a.1.resolve', 'b.1.resolve']);
    await q.enqueue(resolve('c', 1));
    await settle();
    expect(g.running()).toEqual(['a.1.resolve', 'b.1.resolve', 'c.1.resolve']);
    await q.enqueue(resolve('d', 1));
    g.finish('a.1.resolve');
    await settle();
    // a.2 was queued before d.1, so it takes the freed slot.
    expect(g.running()).toEqual(['a.2.resolve', 'b.1.resolve', 'c.1.resolve']);
    g.finish('a.2.resolve');
    await settle();
    expect(g.running()).toEqual(['a.3.resolve', 'b.1.resolve', 'c.1.resolve']);
    for (const n of ['a.3.resolve', 'b.1.resolve', 'c.1.resolve']) g.finish(n);
    await settle();
    g.finish('d.1.resolve');
    await q.idle();
    const aOrder = g.log.filter((l) => l.includes(' a.'));
    expect(aOrder).toEqual([
      'start a.1.resolve',
      'end a.1.resolve',
      'start a.2.resolve',
      'end a.2.resolve',
      'start a.3.resolve',
      'end a.3.resolve',
    ]);
  });

  it("a job waiting for a full lane holds its game's later jobs in a free lane", async () => {
    const q = new InProcessQueue({ clock: new ManualClock() });
    const threads = gate();
    const main = gate();
    q.start([
      { accepts: (j) => j.kind !== 'publish', slots: 1, run: threads.run },
      { accepts: (j) => j.kind === 'publish', slots: 1, run: main.run },
    ]);
    await q.enqueue(resolve('a', 1));
    await q.enqueue(resolve('b', 1));
    await q.enqueue(publish('b', 0));
    await q.enqueue(publish('c', 0));
    await settle();
    // b's publish was queued after b's resolve, which waits for the busy thread lane.
    expect(threads.running()).toEqual(['a.1.resolve']);
    expect(main.running()).toEqual(['c.0.publish']);
    main.finish('c.0.publish');
    threads.finish('a.1.resolve');
    await settle();
    expect(threads.running()).toEqual(['b.1.resolve']);
    expect(main.running()).toEqual([]);
    threads.finish('b.1.resolve');
    await settle();
    expect(main.running()).toEqual(['b.0.publish']);
    main.finish('b.0.publish');
    await q.idle();
  });

  it('a failed job frees its slot and its game: other jobs go on and the job is retried', async () => {
    const clock = new ManualClock();
    const errors: string[] = [];
    const q = new InProcessQueue({ clock, onError: (j, e) => errors.push(`${name(j)}: ${String(e)}`) });
    const g = gate();
    q.start([{ accepts: () => true, slots: 2, run: g.run }]);
    g.failNext('a.1.resolve');
    await q.enqueue(resolve('a', 1));
    await q.enqueue(resolve('b', 1));
    await q.enqueue(resolve('a', 2));
    await settle();
    g.finish('a.1.resolve');
    await settle();
    expect(errors).toEqual(['a.1.resolve: Error: a.1.resolve failed']);
    expect(g.running()).toEqual(['a.2.resolve', 'b.1.resolve']);
    g.finish('a.2.resolve');
    g.finish('b.1.resolve');
    await q.idle();
    expect(q.delayedCount()).toBe(1);
    clock.advance(100);
    await settle();
    expect(g.running()).toEqual(['a.1.resolve']);
    g.finish('a.1.resolve');
    await q.idle();
    expect(g.log.filter((l) => l === 'start a.1.resolve')).toHaveLength(2);
  });

  it('close waits for the running jobs, drops the queued and delayed ones and takes no more', async () => {
    const clock = new ManualClock();
    const q = new InProcessQueue({ clock });
    const g = gate();
    q.start([{ accepts: () => true, slots: 2, run: g.run }]);
    await q.enqueue(resolve('a', 1));
    await q.enqueue(resolve('b', 1));
    await q.enqueue(resolve('c', 1));
    await q.enqueue(resolve('d', 1), { at: 500 });
    await settle();
    let closed = false;
    const closing = q.close().then(() => {
      closed = true;
    });
    await settle();
    expect(closed).toBe(false);
    g.finish('a.1.resolve');
    await settle();
    expect(closed).toBe(false);
    expect(g.running()).toEqual(['b.1.resolve']);
    g.finish('b.1.resolve');
    await closing;
    clock.advance(1000);
    await q.enqueue(resolve('e', 1));
    await settle();
    expect(g.log).toEqual(['start a.1.resolve', 'start b.1.resolve', 'end a.1.resolve', 'end b.1.resolve']);
  });
});

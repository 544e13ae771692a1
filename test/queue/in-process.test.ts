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

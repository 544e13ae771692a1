// The embedded runner used when no REDIS_URL is set: the same processors, run one job at a time
// in this process, never inside `enqueue` (a job starts on a later turn of the event loop). Delayed jobs wait on the injected clock. Like bullmq, a job id already queued
// or running is not queued again (once it is done the processors' own checks make a repeat a
// no-op), and a failing job is retried a few times with a growing delay.
import type { Clock } from '../app/clock.js';
import { type EnqueueOptions, type Job, type JobHandler, type JobQueue, jobId } from './jobs.js';

export interface InProcessOptions {
  clock: Clock;
  attempts?: number;
  onError?: (job: Job, error: unknown, attempt: number) => void;
}

export class InProcessQueue implements JobQueue {
  private handler: JobHandler | undefined;
  private readonly seen = new Set<string>();
  private readonly ready: { job: Job; attempt: number }[] = [];
  private readonly cancels = new Set<() => void>();
  private running = false;
  private pumpScheduled = false;
  private closed = false;
  private waiters: (() => void)[] = [];
  private delayed = 0;

  constructor(private readonly options: InProcessOptions) {}

  /** Attach the processors; jobs enqueued before this wait for it. */
  start(handler: JobHandler): void {
    this.handler = handler;
    setImmediate(() => this.pump());
  }

  async enqueue(job: Job, options: EnqueueOptions = {}): Promise<void> {
    if (this.closed) return;
    const id = jobId(job);
    if (this.seen.has(id)) return;
    this.seen.add(id);
    const at = options.at ?? 0;
    if (at > this.options.clock.now()) {
      this.delayed++;
      const cancel = this.options.clock.schedule(at, () => {
        this.cancels.delete(cancel);
        this.delayed--;
        this.push(job, 1);
      });
      this.cancels.add(cancel);
      return;
    }
    this.push(job, 1);
  }

  /** Resolves once no job is queued or running (delayed jobs do not count). */
  idle(): Promise<void> {
    if (!this.running && this.ready.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Jobs waiting on the clock. */
  delayedCount(): number {
    return this.delayed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
    this.ready.length = 0;
    await this.idle();
  }

  /** Back off before a retry (100 ms, 200 ms, 400 ms, ... on the queue's clock). */
  private retryLater(job: Job, attempt: number): void {
    if (this.closed) return;
    this.delayed++;
    const cancel = this.options.clock.schedule(this.options.clock.now() + 100 * 2 ** (attempt - 2), () => {
      this.cancels.delete(cancel);
      this.delayed--;
      this.push(job, attempt);
    });
    this.cancels.add(cancel);
  }

  private push(job: Job, attempt: number): void {
    if (this.closed) return;
    this.ready.push({ job, attempt });
    // Never start a job inside `enqueue`: the caller (an interaction) gets its answer first and the
    // job runs on a later turn of the event loop (#19.1).
    if (!this.pumpScheduled) {
      this.pumpScheduled = true;
      setImmediate(() => {
        this.pumpScheduled = false;
        this.pump();
      });
    }
  }

  private pump(): void {
    if (this.running || !this.handler) return;
    const next = this.ready.shift();
    if (!next) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
      return;
    }
    this.running = true;
    const handler = this.handler;
    void (async () => {
      try {
        await handler(next.job);
        this.seen.delete(jobId(next.job));
      } catch (error) {
        this.options.onError?.(next.job, error, next.attempt);
        if (next.attempt < (this.options.attempts ?? 5)) this.retryLater(next.job, next.attempt + 1);
        else this.seen.delete(jobId(next.job));
      } finally {
        this.running = false;
        setImmediate(() => this.pump());
      }
    })();
  }
}

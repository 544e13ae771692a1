// The embedded runner used when no REDIS_URL is set: the same processors, run one job at a time
// in this process. Delayed jobs wait on the injected clock. Like bullmq, a job id seen before is
// not queued again, and a failing job is retried a few times.
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
  private closed = false;
  private waiters: (() => void)[] = [];
  private delayed = 0;

  constructor(private readonly options: InProcessOptions) {}

  /** Attach the processors; jobs enqueued before this wait for it. */
  start(handler: JobHandler): void {
    this.handler = handler;
    this.pump();
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

  private push(job: Job, attempt: number): void {
    if (this.closed) return;
    this.ready.push({ job, attempt });
    this.pump();
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
      } catch (error) {
        this.options.onError?.(next.job, error, next.attempt);
        if (next.attempt < (this.options.attempts ?? 3))
          this.ready.push({ job: next.job, attempt: next.attempt + 1 });
      } finally {
        this.running = false;
        setImmediate(() => this.pump());
      }
    })();
  }
}

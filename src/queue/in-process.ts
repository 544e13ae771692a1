// The embedded runner used when no REDIS_URL is set: the same processors, run in this process,
// never inside `enqueue` (a job starts on a later turn of the event loop). Delayed jobs wait on
// the injected clock. Like bullmq, a job id already queued or running is not queued again (once it
// is done the processors' own checks make a repeat a no-op), and a failing job is retried a few
// times with a growing delay.
//
// Jobs run in lanes (#19 item 4): a lane takes the kinds it accepts, up to `slots` at a time (the
// job threads are one lane with a slot per thread). All lanes pull from one queue in order, like
// bullmq workers: any free slot takes the next due job it accepts. Unlike bullmq, two jobs of the
// same game never run at once: a job whose game is busy keeps its place and goes as soon as the
// game is free, and no later job of that game passes it, so each game's jobs run in the order
// they became due. Started with a plain handler, the queue is one lane of one slot (one job at a
// time, everything in turn).
import type { Clock } from '../app/clock.js';
import { type EnqueueOptions, type Job, type JobHandler, type JobQueue, jobId } from './jobs.js';

export interface InProcessOptions {
  clock: Clock;
  attempts?: number;
  onError?: (job: Job, error: unknown, attempt: number) => void;
  /** Told of every finished run: when the job became due, started and ended (performance.now()). */
  onRun?: (job: Job, times: { due: number; started: number; ended: number; ok: boolean }) => void;
}

/** Where jobs run: up to `slots` at a time, of the jobs `accepts` takes. */
export interface Lane {
  accepts(job: Job): boolean;
  slots: number;
  run: JobHandler;
}

interface Entry {
  job: Job;
  attempt: number;
  due: number;
}

export class InProcessQueue implements JobQueue {
  private lanes: { lane: Lane; busy: number }[] | undefined;
  private readonly seen = new Set<string>();
  private readonly ready: Entry[] = [];
  private readonly cancels = new Set<() => void>();
  /** Games with a job running (at most one each). */
  private readonly busyGames = new Set<string>();
  private running = 0;
  private pumpScheduled = false;
  private closed = false;
  private waiters: (() => void)[] = [];
  private delayed = 0;

  constructor(private readonly options: InProcessOptions) {}

  /** Attach the processors (or the lanes that run them); jobs enqueued before this wait for it. */
  start(handler: JobHandler | readonly Lane[]): void {
    const lanes = typeof handler === 'function' ? [{ accepts: () => true, slots: 1, run: handler }] : handler;
    if (lanes.length === 0 || lanes.some((l) => !(l.slots >= 1)))
      throw new Error('the in-process queue needs at least one lane with at least one slot');
    this.lanes = lanes.map((lane) => ({ lane, busy: 0 }));
    this.schedulePump();
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
    if (this.running === 0 && this.ready.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Jobs waiting on the clock. */
  delayedCount(): number {
    return this.delayed;
  }

  /** Jobs running now. */
  runningCount(): number {
    return this.running;
  }

  /** Stop taking jobs: drop what is queued or delayed and wait for the running jobs to finish. */
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
    this.ready.push({ job, attempt, due: performance.now() });
    // Never start a job inside `enqueue`: the caller (an interaction) gets its answer first and the
    // job runs on a later turn of the event loop (#19.1).
    this.schedulePump();
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Start every queued job that has a free slot and whose game is free, in queue order. */
  private pump(): void {
    const lanes = this.lanes;
    if (!lanes) return;
    // A game whose earliest queued job cannot start yet: its later jobs wait too (per-game order).
    const held = new Set<string>();
    for (let i = 0; i < this.ready.length; ) {
      if (lanes.every((l) => l.busy >= l.lane.slots)) break;
      const next = this.ready[i]!;
      const game = next.job.gameId;
      if (this.busyGames.has(game) || held.has(game)) {
        i++;
        continue;
      }
      const taker = lanes.find((l) => l.lane.accepts(next.job));
      if (!taker) {
        // No lane runs this kind: a wiring mistake; report it rather than hold the game forever.
        this.ready.splice(i, 1);
        this.seen.delete(jobId(next.job));
        this.options.onError?.(next.job, new Error(`no lane runs ${next.job.kind} jobs`), next.attempt);
        continue;
      }
      const lane = lanes.find((l) => l.busy < l.lane.slots && l.lane.accepts(next.job));
      if (!lane) {
        held.add(game);
        i++;
        continue;
      }
      this.ready.splice(i, 1);
      this.launch(lane, next);
    }
    if (this.running === 0 && this.ready.length === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
    }
  }

  private launch(slot: { lane: Lane; busy: number }, next: Entry): void {
    slot.busy++;
    this.running++;
    this.busyGames.add(next.job.gameId);
    const started = performance.now();
    let ok = false;
    void (async () => {
      try {
        await slot.lane.run(next.job);
        ok = true;
        this.seen.delete(jobId(next.job));
      } catch (error) {
        this.options.onError?.(next.job, error, next.attempt);
        if (next.attempt < (this.options.attempts ?? 5)) this.retryLater(next.job, next.attempt + 1);
        else this.seen.delete(jobId(next.job));
      } finally {
        this.options.onRun?.(next.job, { due: next.due, started, ended: performance.now(), ok });
        slot.busy--;
        this.running--;
        this.busyGames.delete(next.job.gameId);
        this.schedulePump();
      }
    })();
  }
}

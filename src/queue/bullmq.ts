// The Redis-backed queue (when REDIS_URL is set). Producers (the bot, the service) add jobs;
// workers, in this process or in separate `ftg worker` processes on any machine, run them with
// the same processors as the in-process runner. One queue per job kind so slow publishing never
// holds up step resolution.
import { type Job as BullJob, type ConnectionOptions, Queue, Worker } from 'bullmq';
import {
  type EnqueueOptions,
  JOB_KINDS,
  type Job,
  type JobHandler,
  type JobKind,
  type JobQueue,
  jobId,
} from './jobs.js';

export interface BullConfig {
  url: string;
  /** Redis key prefix; tests use a unique one each (default "ftg"). */
  prefix?: string;
  /**
   * Connection problems (Redis down, refused, reset). bullmq reconnects by itself; without a
   * listener it would print raw stacks, so they go here (throttled: see `throttledErrors`).
   */
  onError?: (message: string, data: Record<string, unknown>) => void;
}

/**
 * One log line per distinct error message per `everyMs` (default 60 s), with the number of repeats
 * suppressed meanwhile, so a Redis outage gives a readable trickle instead of a stack per retry.
 */
export function throttledErrors(
  onError: ((message: string, data: Record<string, unknown>) => void) | undefined,
  source: string,
  everyMs = 60_000,
  now: () => number = Date.now,
): (error: Error) => void {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (error) => {
    const text = String(error?.message ?? error).slice(0, 200);
    const seen = last.get(text);
    const t = now();
    if (seen && t - seen.at < everyMs) {
      seen.suppressed++;
      return;
    }
    last.set(text, { at: t, suppressed: 0 });
    onError?.('redis connection error', {
      source,
      error: text,
      ...(seen?.suppressed ? { repeated: seen.suppressed } : {}),
    });
  };
}

export function connectionFor(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null };
}

export function queueName(kind: JobKind): string {
  return `ftg-${kind}`;
}

const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 250 },
  // Completed jobs are kept a while so a duplicate add of the same id is ignored by Redis too.
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

export class BullJobQueue implements JobQueue {
  private readonly queues: Map<JobKind, Queue>;

  constructor(
    config: BullConfig,
    private readonly now: () => number = Date.now,
  ) {
    const connection = connectionFor(config.url);
    const report = throttledErrors(config.onError, 'queue');
    this.queues = new Map(
      JOB_KINDS.map((kind) => {
        const q = new Queue(queueName(kind), { connection, prefix: config.prefix ?? 'ftg' });
        q.on('error', report);
        return [kind, q];
      }),
    );
  }

  async enqueue(job: Job, options: EnqueueOptions = {}): Promise<void> {
    const delay = options.at === undefined ? 0 : Math.max(0, options.at - this.now());
    const added = await this.queue(job.kind).add(job.kind, job, { ...JOB_OPTIONS, jobId: jobId(job), delay });
    // An id already present is not added again. If that earlier job failed for good (say Redis or
    // the database was away), run it again: the processors skip work that is already done.
    if (await added.isFailed()) await added.retry('failed');
  }

  queue(kind: JobKind): Queue {
    const q = this.queues.get(kind);
    if (!q) throw new Error(`no queue for job kind ${kind}`);
    return q;
  }

  async close(): Promise<void> {
    await closeWithin([...this.queues.values()]);
  }

  /** Remove every key under this queue's prefix (tests clean up with this). */
  async obliterate(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.obliterate({ force: true })));
  }
}

export interface WorkerOptions extends BullConfig {
  handler: JobHandler;
  concurrency?: number;
  /** How long a job's lock lasts before another worker may take it over (default 30 s). */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  kinds?: readonly JobKind[];
  onFailed?: (job: Job | undefined, error: Error) => void;
}

export interface WorkerGroup {
  workers: Worker[];
  close(): Promise<void>;
}

/** Start one bullmq Worker per job kind, all calling `handler`. */
export function startWorkers(options: WorkerOptions): WorkerGroup {
  const connection = connectionFor(options.url);
  const report = throttledErrors(options.onError, 'worker');
  const workers = (options.kinds ?? JOB_KINDS).map((kind) => {
    const worker = new Worker(queueName(kind), (bullJob: BullJob) => options.handler(bullJob.data as Job), {
      connection,
      prefix: options.prefix ?? 'ftg',
      concurrency: options.concurrency ?? 1,
      ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
      ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
      maxStalledCount: 3,
    });
    worker.on('failed', (job, error) => options.onFailed?.(job?.data as Job | undefined, error));
    // Connection hiccups are retried by bullmq (reported, throttled); failures of jobs go to onFailed.
    worker.on('error', report);
    return worker;
  });
  return {
    workers,
    close: async () => {
      await closeWithin(workers);
    },
  };
}

/**
 * Close queues or workers cleanly, but within `ms`: with Redis unreachable a clean close never
 * finishes, so after the wait the connections are dropped (nothing is lost: the database is the
 * truth and start-up reconciliation re-enqueues what is due).
 */
export async function closeWithin(
  items: ReadonlyArray<{ close(): Promise<void>; disconnect(): Promise<void> }>,
  ms = 5000,
): Promise<'closed' | 'disconnected'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const closed = Promise.all(items.map((x) => x.close())).then(() => 'closed' as const);
  const r = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  if (r === 'closed') return 'closed';
  // Dropping the connections does not wait for Redis either.
  for (const x of items) void x.disconnect().catch(() => {});
  return 'disconnected';
}

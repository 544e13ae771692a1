// Wires a database, an engine, a clock, a publisher and a queue into a running service. With a
// Redis URL the jobs go to bullmq (workers may run here or as `ftg worker` processes elsewhere);
// without one, the embedded in-process runner runs them.

import type { Db } from '../db/client.js';
import { BullJobQueue, startWorkers, type WorkerGroup } from '../queue/bullmq.js';
import { type InProcessOptions, InProcessQueue } from '../queue/in-process.js';
import type { JobHandler, JobQueue } from '../queue/jobs.js';
import { CampaignService } from './campaign-service.js';
import type { Clock } from './clock.js';
import type { RulesEngine } from './engine-port.js';
import type { Publisher } from './publisher.js';
import { reconcile } from './reconcile.js';
import { type AutopilotSlice, createProcessors } from './step-resolver.js';
import { type JobThreads, startJobThreads } from './thread-runner.js';

export interface RuntimeOptions {
  db: Db;
  engine: RulesEngine<unknown>;
  clock: Clock;
  publisher: Publisher;
  redis?: {
    url: string;
    prefix?: string;
    workers: boolean;
    lockDurationMs?: number;
    stalledIntervalMs?: number;
  };
  log?: (msg: string, data?: Record<string, unknown>) => void;
  /** Autopilot work per job before it yields to other work (default DEFAULT_AUTOPILOT_SLICE). */
  autopilotSlice?: AutopilotSlice;
  /**
   * Without Redis: run `resolve` and `deadline` jobs (the autopilot) in worker threads, each with
   * its own connection to this database file and its own engine (#19.1). Publishing stays here.
   * `threads` (default DEFAULT_JOB_THREADS) pull from the one queue, never two for the same game
   * at once (#19 item 4); 1 runs every job in turn, publishing included, as before the pool.
   */
  jobThread?: { dbPath: string; engineModule?: string; threads?: number };
  /** Without Redis: told of every job run (the service bench's trace). */
  onJobRun?: InProcessOptions['onRun'];
}

/** Job threads without Redis: two, like the two worker processes the service bench measures. */
export const DEFAULT_JOB_THREADS = 2;

export interface Runtime {
  service: CampaignService;
  queue: JobQueue;
  handler: JobHandler;
  /** The in-process queue, when running embedded (tests wait on it). */
  embedded?: InProcessQueue;
  workers?: WorkerGroup;
  close(): Promise<void>;
}

export async function startRuntime(o: RuntimeOptions): Promise<Runtime> {
  let queue: JobQueue;
  let embedded: InProcessQueue | undefined;
  if (o.redis) {
    queue = new BullJobQueue(
      { url: o.redis.url, prefix: o.redis.prefix, onError: (msg, data) => o.log?.(msg, data) },
      () => o.clock.now(),
    );
  } else {
    embedded = new InProcessQueue({
      clock: o.clock,
      onError: (job, error, attempt) => o.log?.('job failed', { job, error: String(error), attempt }),
      ...(o.onJobRun ? { onRun: o.onJobRun } : {}),
    });
    queue = embedded;
  }
  const handler = createProcessors({
    db: o.db,
    engine: o.engine,
    clock: o.clock,
    queue,
    publisher: o.publisher,
    log: o.log,
    ...(o.autopilotSlice ? { autopilotSlice: o.autopilotSlice } : {}),
  });
  let workers: WorkerGroup | undefined;
  let threads: JobThreads | undefined;
  if (embedded && o.jobThread) {
    const q = embedded;
    const { threads: count, ...data } = o.jobThread;
    threads = await startJobThreads({
      data: { ...data, ...(o.autopilotSlice ? { autopilotSlice: o.autopilotSlice } : {}) },
      threads: count ?? DEFAULT_JOB_THREADS,
      enqueue: (job, options) => q.enqueue(job, options),
      log: o.log,
    });
    embedded.start(threads.lanes(handler));
  } else if (embedded) embedded.start(handler);
  else if (o.redis?.workers) {
    workers = startWorkers({
      url: o.redis.url,
      prefix: o.redis.prefix,
      handler,
      lockDurationMs: o.redis.lockDurationMs,
      stalledIntervalMs: o.redis.stalledIntervalMs,
      onFailed: (job, error) => o.log?.('job failed', { job, error: error.message }),
      onError: (msg, data) => o.log?.(msg, data),
    });
  }
  await reconcile(o.db, queue, o.clock.now());
  const service = new CampaignService({ db: o.db, engine: o.engine, clock: o.clock, queue });
  return {
    service,
    queue,
    handler,
    embedded,
    workers,
    close: async () => {
      await workers?.close();
      await queue.close();
      await threads?.close();
    },
  };
}

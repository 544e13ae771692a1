// Compute jobs (issue 19.5): the CPU-heavy, stateless work of the service (an autopilot decision, a
// picture) as bullmq jobs that carry everything they need. A compute worker (`ftg compute-worker`)
// needs only Redis: no database, no Discord token, no game store, so it can run on any machine. The
// single writer (the process that holds the SQLite file) sends the state or view with the job,
// waits for the answer (the job's return value) and commits it itself, so there is still exactly
// one writer and the database stays the truth.
import { type Job as BullJob, type ConnectionOptions, Queue, QueueEvents, Worker } from 'bullmq';
import { closeWithin, connectionFor, throttledErrors } from './bullmq.js';

export type ComputeJob =
  /** One autopilot action for `seat` of a game in `state` (the engine port's autopilot). */
  | { kind: 'decide'; state: unknown; seat: string; level: number }
  /** A picture of a view (the bot's map renderer); the answer is the encoded image, base64. */
  | { kind: 'render'; view: unknown; options: Record<string, unknown> };

export type ComputeAnswer =
  | { kind: 'decide'; action: unknown; worker: string }
  | { kind: 'render'; image: string | null; worker: string };

export type ComputeHandler = (job: ComputeJob) => Promise<ComputeAnswer> | ComputeAnswer;

export const COMPUTE_QUEUE = 'ftg-compute';

export interface ComputeConfig {
  url: string;
  prefix?: string;
  onError?: (message: string, data: Record<string, unknown>) => void;
}

/** The writer's side: add a compute job and wait for its answer. */
export class ComputeClient {
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly ready: Promise<void>;

  constructor(config: ComputeConfig) {
    const connection: ConnectionOptions = connectionFor(config.url);
    const prefix = config.prefix ?? 'ftg';
    const report = throttledErrors(config.onError, 'compute');
    this.queue = new Queue(COMPUTE_QUEUE, { connection, prefix });
    this.queue.on('error', report);
    // Each add and each wait listens for the queue's closing: many jobs in flight are normal here.
    this.queue.setMaxListeners(0);
    this.events = new QueueEvents(COMPUTE_QUEUE, { connection, prefix });
    this.events.on('error', report);
    this.events.setMaxListeners(0);
    this.ready = this.events.waitUntilReady().then(() => undefined);
  }

  /**
   * Run one job on whichever compute worker takes it. Rejects after `timeoutMs` (the caller then
   * computes locally or retries: compute jobs have no side effects, so running one twice is harmless).
   */
  async run(job: ComputeJob, timeoutMs = 30_000): Promise<ComputeAnswer> {
    await this.ready;
    const added = await this.queue.add(job.kind, job, {
      removeOnComplete: { age: 60, count: 1000 },
      removeOnFail: { age: 3600 },
    });
    return (await added.waitUntilFinished(this.events, timeoutMs)) as ComputeAnswer;
  }

  /** How many compute workers are connected now. */
  async workerCount(): Promise<number> {
    return (await this.queue.getWorkers()).length;
  }

  async close(): Promise<void> {
    await closeWithin([this.queue, this.events]);
  }

  /** Remove every key of the compute queue under this prefix (tests). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }
}

export interface ComputeWorkerOptions extends ComputeConfig {
  handler: ComputeHandler;
  concurrency?: number;
}

/** A compute worker: takes jobs from the compute queue and answers each with its return value. */
export function startComputeWorker(o: ComputeWorkerOptions): { worker: Worker; close(): Promise<void> } {
  const worker = new Worker(COMPUTE_QUEUE, async (j: BullJob) => o.handler(j.data as ComputeJob), {
    connection: connectionFor(o.url),
    prefix: o.prefix ?? 'ftg',
    concurrency: o.concurrency ?? 1,
  });
  worker.on('error', throttledErrors(o.onError, 'compute-worker'));
  return { worker, close: async () => void (await closeWithin([worker])) };
}

// The job thread (#19.1): in the single-process default, step follow-ups (the autopilot) and
// deadlines run here, in a worker thread with its own database connection and engine, so the
// main thread's event loop stays free for interactions. Publishing stays on the main thread (it
// needs the Discord client): jobs this thread enqueues are handed back to the main thread's queue.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/client.js';
import type { EnqueueOptions, Job } from '../queue/jobs.js';
import { systemClock } from './clock.js';
import { loadEngine } from './engine-loader.js';
import type { Publisher } from './publisher.js';
import { type AutopilotSlice, createProcessors } from './step-resolver.js';

export interface JobThreadData {
  dbPath: string;
  /** A module exporting the RulesEngine (default: the real engine's adapter). */
  engineModule?: string;
  autopilotSlice?: AutopilotSlice;
}

export type ToThread = { type: 'run'; id: number; job: Job } | { type: 'stop' };
export type FromThread =
  | { type: 'ready' }
  | { type: 'enqueue'; job: Job; options?: EnqueueOptions }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; error: string }
  | { type: 'log'; msg: string; data?: Record<string, unknown> };

const port = parentPort;
if (port) {
  const data = workerData as JobThreadData;
  const post = (m: FromThread) => port.postMessage(m);
  const handle = openDatabase(data.dbPath);
  const loaded = await loadEngine(data.engineModule);
  if (!loaded.ok) throw new Error(loaded.message);
  const publisher: Publisher = {
    publish: async () => {
      throw new Error('publishing runs on the main thread');
    },
  };
  const handler = createProcessors({
    db: handle.db,
    engine: loaded.engine,
    clock: systemClock,
    queue: {
      enqueue: async (job, options) => post({ type: 'enqueue', job, ...(options ? { options } : {}) }),
      close: async () => {},
    },
    publisher,
    log: (msg, d) => post({ type: 'log', msg, ...(d ? { data: d } : {}) }),
    ...(data.autopilotSlice ? { autopilotSlice: data.autopilotSlice } : {}),
  });
  port.on('message', (m: ToThread) => {
    if (m.type === 'stop') {
      handle.close();
      port.close();
      return;
    }
    handler(m.job).then(
      () => post({ type: 'done', id: m.id }),
      (e: unknown) => post({ type: 'failed', id: m.id, error: e instanceof Error ? e.message : String(e) }),
    );
  });
  post({ type: 'ready' });
}

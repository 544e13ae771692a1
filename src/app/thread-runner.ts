// The main-thread side of the job threads (job-thread.ts): a small pool of them runs `resolve` and
// `deadline` jobs, everything else (publishing) runs here. Each thread has its own database
// connection and engine; jobs a thread enqueues come back to `enqueue`. The in-process queue
// decides what runs when (one shared queue, one job per game at a time); the pool only hands each
// job to a thread that is free.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Lane } from '../queue/in-process.js';
import type { EnqueueOptions, Job, JobHandler } from '../queue/jobs.js';
import type { FromThread, JobThreadData, ToThread } from './job-thread.js';

/** The file URL of tsx's ESM register API (its `import` export), found from its package.json. */
function tsxEsmApi(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  const exportsMap = JSON.parse(readFileSync(pkg, 'utf8')).exports as Record<
    string,
    { import: { default: string } }
  >;
  return pathToFileURL(join(dirname(pkg), exportsMap['./esm/api']!.import.default)).href;
}

/**
 * Start a worker thread on a module of this source tree: a `.ts` module (tsx, tests) gets tsx's
 * loader registered inside the thread first; a built `.js` tree runs as is.
 */
export function startModuleWorker(tsModule: URL, workerData: unknown): Worker {
  const ts = new URL(import.meta.url).pathname.endsWith('.ts');
  const script = ts ? tsModule : new URL(tsModule.href.replace(/\.ts$/, '.js'));
  if (!ts) return new Worker(script, { workerData });
  return new Worker(
    `import(${JSON.stringify(tsxEsmApi())})` +
      `.then((m) => { m.register(); return import(${JSON.stringify(script.href)}); })`,
    { eval: true, workerData },
  );
}

/** The job threads: a pool that runs `resolve` and `deadline` jobs, one job per thread at a time. */
export interface JobThreads {
  /** Threads started. */
  readonly size: number;
  /** Run a job on an idle thread (the caller keeps at most `size` jobs in flight). */
  run(job: Job): Promise<void>;
  /**
   * The in-process queue's lanes: with one thread, one lane of one slot for every job, the thread
   * jobs there and publishing (`local`) here, one at a time as before the pool; with more, a lane
   * with a slot per thread for the thread jobs and a lane of one slot here for publishing, so a
   * picture being drawn never holds a thread's turn.
   */
  lanes(local: JobHandler): Lane[];
  close(): Promise<void>;
}

/** Job kinds the job threads run; the rest (publishing) needs the main thread's Discord client. */
export const runsInThread = (job: Job): boolean => job.kind !== 'publish';

interface OneThread {
  worker: Worker;
  busy: boolean;
  exited: Error | null;
  run(job: Job): Promise<void>;
}

async function startOne(o: {
  data: JobThreadData;
  enqueue: (job: Job, options?: EnqueueOptions) => Promise<void>;
  log?: (msg: string, data?: Record<string, unknown>) => void;
}): Promise<OneThread> {
  const worker = startModuleWorker(new URL('./job-thread.ts', import.meta.url), o.data);
  let seq = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: FromThread) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'enqueue') void o.enqueue(m.job, m.options);
      else if (m.type === 'log') o.log?.(m.msg, m.data);
      else {
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.type === 'done') w?.resolve();
        else w?.reject(new Error(m.error));
      }
    });
    worker.on('error', (e) => {
      thread.exited = e;
      reject(e);
      for (const w of waiting.values()) w.reject(e);
      waiting.clear();
    });
    worker.on('exit', (code) => {
      thread.exited ??= new Error(`the job thread exited (${code})`);
      reject(thread.exited);
      for (const w of waiting.values()) w.reject(thread.exited);
      waiting.clear();
    });
  });
  const thread: OneThread = {
    worker,
    busy: false,
    exited: null,
    run: (job) =>
      new Promise<void>((resolve, reject) => {
        if (thread.exited) return reject(thread.exited);
        const id = ++seq;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'run', id, job } satisfies ToThread);
      }),
  };
  await ready;
  return thread;
}

export async function startJobThreads(o: {
  data: JobThreadData;
  /** How many threads (default 1). */
  threads?: number;
  enqueue: (job: Job, options?: EnqueueOptions) => Promise<void>;
  log?: (msg: string, data?: Record<string, unknown>) => void;
}): Promise<JobThreads> {
  const n = o.threads ?? 1;
  if (!Number.isInteger(n) || n < 1) throw new Error(`job threads: expected a whole number >= 1, got ${n}`);
  const started = await Promise.allSettled(Array.from({ length: n }, () => startOne(o)));
  const threads = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(threads.map((t) => t.worker.terminate()));
    throw failed.reason;
  }
  let closing = false;
  // A thread that died (an uncaught error, process.exit in an engine module, out of memory) is
  // replaced when a job next needs it, so the pool never shrinks for good and a one-thread pool
  // never stops resolving games. A replacement that fails to start fails this job; the queue
  // retries it with back-off and the next attempt tries again.
  const revive = async (): Promise<OneThread | undefined> => {
    const i = threads.findIndex((t) => t.exited && !t.busy);
    const dead = threads[i];
    if (!dead || closing) return undefined;
    dead.busy = true;
    try {
      const fresh = await startOne(o);
      fresh.busy = true;
      threads[i] = fresh;
      o.log?.('job thread restarted', { reason: dead.exited?.message ?? 'exited' });
      return fresh;
    } finally {
      dead.busy = false;
    }
  };
  const run = async (job: Job): Promise<void> => {
    let thread = threads.find((t) => !t.busy && !t.exited);
    if (thread) thread.busy = true;
    else thread = await revive();
    if (!thread) {
      const dead = threads.filter((t) => t.exited).length;
      throw new Error(`no job thread is free (${threads.length} started, ${dead} exited)`);
    }
    try {
      await thread.run(job);
    } finally {
      thread.busy = false;
    }
  };
  return {
    size: n,
    run,
    lanes: (local) =>
      n === 1
        ? [{ accepts: () => true, slots: 1, run: (job) => (runsInThread(job) ? run(job) : local(job)) }]
        : [
            { accepts: runsInThread, slots: n, run },
            { accepts: (job) => !runsInThread(job), slots: 1, run: local },
          ],
    close: async () => {
      closing = true;
      for (const t of threads) if (!t.exited) t.worker.postMessage({ type: 'stop' } satisfies ToThread);
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}

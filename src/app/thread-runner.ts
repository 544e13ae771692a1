// The main-thread side of the job thread (job-thread.ts): runs `resolve` and `deadline` jobs there
// and everything else (publishing) here. Jobs the thread enqueues come back to `enqueue`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EnqueueOptions, Job, JobHandler } from '../queue/jobs.js';
import type { FromThread, JobThreadData, ToThread } from './job-thread.js';

export interface JobThread {
  /** Runs thread kinds in the thread and the rest with `local`. */
  handler(local: JobHandler): JobHandler;
  close(): Promise<void>;
}

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

export async function startJobThread(o: {
  data: JobThreadData;
  enqueue: (job: Job, options?: EnqueueOptions) => Promise<void>;
  log?: (msg: string, data?: Record<string, unknown>) => void;
}): Promise<JobThread> {
  const worker = startModuleWorker(new URL('./job-thread.ts', import.meta.url), o.data);
  let seq = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let exited: Error | null = null;
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
      exited = e;
      reject(e);
      for (const w of waiting.values()) w.reject(e);
      waiting.clear();
    });
    worker.on('exit', (code) => {
      exited ??= new Error(`the job thread exited (${code})`);
      for (const w of waiting.values()) w.reject(exited);
      waiting.clear();
    });
  });
  await ready;
  const run = (job: Job) =>
    new Promise<void>((resolve, reject) => {
      if (exited) return reject(exited);
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ type: 'run', id, job } satisfies ToThread);
    });
  return {
    handler: (local) => (job) => (job.kind === 'publish' ? local(job) : run(job)),
    close: async () => {
      if (!exited) worker.postMessage({ type: 'stop' } satisfies ToThread);
      await worker.terminate();
    },
  };
}

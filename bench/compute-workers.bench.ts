// Scale-out of the compute work (issue 19.5; `npm run bench -- compute`): autopilot decisions and
// pictures answered by 1, 2 and 4 `ftg compute-worker` processes that have only Redis. A writer
// keeps BENCH_INFLIGHT jobs in flight (default 16) for BENCH_SECONDS per configuration (default 15)
// from a set of real 1757 positions (the states of an autopilot game, all seats) and reports jobs per
// second and the answer latency p50/p95. One picture job in every ten. On this machine (2 cores)
// throughput can grow only up to two processes; the figure says how far one host goes and that
// adding processes costs nothing in correctness (every job carries its data).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { engine } from '../src/app/engines.js';
import { ComputeClient, type ComputeJob } from '../src/queue/compute.js';
import { dropPrefix } from './support/service-load.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 16);
const COUNTS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const ROOT = join(import.meta.dirname, '..');

/** Positions to decide on: a 1757 game advanced by the autopilot, every pending seat at each step. */
function positions(): ComputeJob[] {
  let state = engine.setup('1757', 11, {});
  const jobs: ComputeJob[] = [];
  for (let i = 0; i < 400 && jobs.length < 120 && !engine.isOver(state); i++) {
    const seat = engine.pendingSeats(state)[0];
    if (!seat) break;
    jobs.push({ kind: 'decide', state, seat, level: 2 });
    if (jobs.length % 10 === 0)
      jobs.push({ kind: 'render', view: engine.view(state, seat), options: { zoom: '1623', radius: 4 } });
    const action = engine.autopilot!(state, seat, 2);
    const r = engine.apply(state, seat, action);
    if (!r.ok) break;
    state = r.state;
  }
  return jobs;
}

function startWorker(prefix: string, cwd: string, name: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/ftg.mjs'), 'compute-worker', '--redis', REDIS_URL, '--prefix', prefix, '--name', name],
    {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`compute worker exited early (${code})`)));
  });
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}

const jobs = positions();
console.log(
  `compute workers: ${jobs.length} positions, ${INFLIGHT} in flight, ${SECONDS} s each; ` +
    `${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)}`,
);
for (const n of COUNTS) {
  const prefix = `ftgbench-${randomBytes(4).toString('hex')}`;
  const cwd = mkdtempSync(join(tmpdir(), 'ftg-compute-bench-'));
  const children = await Promise.all(Array.from({ length: n }, (_, i) => startWorker(prefix, cwd, `w${i}`)));
  const client = new ComputeClient({ url: REDIS_URL, prefix });
  // Warm-up: every worker builds its map tables and base layers once.
  await Promise.all(jobs.slice(0, 4 * n).map((j) => client.run(j, 120_000)));
  const latencies: number[] = [];
  const by = new Map<string, number>();
  let next = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: INFLIGHT }, async () => {
      while (Date.now() < end) {
        const job = jobs[next++ % jobs.length]!;
        const t0 = performance.now();
        const a = await client.run(job, 120_000);
        latencies.push(performance.now() - t0);
        by.set(a.worker, (by.get(a.worker) ?? 0) + 1);
      }
    }),
  );
  console.log(
    `  ${n} worker process(es): ${(latencies.length / SECONDS).toFixed(1)} jobs/s, ` +
      `latency p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms; ` +
      `jobs per worker ${[...by.values()].join('/')}; load ${loadavg()[0]!.toFixed(1)}`,
  );
  await client.close();
  for (const c of children) c.kill('SIGTERM');
  await dropPrefix(REDIS_URL, prefix);
  rmSync(cwd, { recursive: true, force: true });
}
process.exit(0);

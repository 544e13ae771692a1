// Service benchmark (#19 item 3; `npm run bench -- service`): the real engine, the autopilot and the
// real pictures. N 1757 campaigns run at once; in each, one seat (Prussia) is a scripted human who
// answers with a legal action a moment after it becomes their turn, every other seat is on the
// autopilot. Measured on the process that answers interactions:
//  - interaction acknowledgement: from the moment the human's click is due (a timer) to the
//    service's answer to `pending` + `submit` (so a blocked event loop counts);
//  - event-loop delay (perf_hooks.monitorEventLoopDelay), p50/p99/max;
//  - last submission -> public map posted: from the human's last submission before a public update
//    to the whole-map picture of that update drawn (Date.now(), across processes).
// Twice: the single-process default (in-process queue, autopilot in the job threads, pictures in the
// picture thread, as `ftg bot` without REDIS_URL) and bullmq with two worker processes (Redis at
// REDIS_URL or 127.0.0.1:6379, throwaway key prefix).
// BENCH_CAMPAIGNS (default 50), BENCH_SECONDS per mode (default 60), BENCH_MODES=inprocess,bullmq,
// BENCH_WORKERS (bullmq worker processes, default 2), BENCH_JOB_THREADS (in-process job threads,
// default 2; 1 runs every job in turn as before the pool), BENCH_STEP_RATE (human submissions per second
// across all campaigns, default 1: the issue's "one step-end per second"; 0 = as fast as they come).
// The campaigns are started and run until each waits for its human (at most BENCH_WARMUP seconds,
// default 120) before the clock starts: the figures are the steady state, not the opening burst.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { systemClock } from '../src/app/clock.js';
import type { RulesEngine } from '../src/app/engine-port.js';
import { engine } from '../src/app/engines.js';
import { DEFAULT_JOB_THREADS, type Runtime, startRuntime } from '../src/app/runtime.js';
import { createThreadedMapRenderer, warmMapRenderer } from '../src/bot/map-renderer.js';
import { openDatabase } from '../src/db/client.js';
import { getGame } from '../src/db/game-repository.js';
import { unsentOutbox } from '../src/db/outbox-repository.js';
import { dropPrefix, PicturePublisher, type Posted } from './support/service-load.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const MODES = (process.env.BENCH_MODES ?? 'inprocess,bullmq').split(',');
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const JOB_THREADS = Number(process.env.BENCH_JOB_THREADS ?? DEFAULT_JOB_THREADS);
const HUMAN = 'prussia';
const STEP_RATE = Number(process.env.BENCH_STEP_RATE ?? 1);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 120);
/** A file to write a trace to (JSON lines: jobs run, submissions, maps; in-process only). */
const TRACE = process.env.BENCH_TRACE;

function q(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : Number.NaN;
}
const ms = (x: number) => `${Math.round(x)} ms`;

interface Tally {
  acks: number[];
  mapLatency: number[];
  submits: number;
  maps: number;
  refused: number;
}

async function runMode(mode: 'inprocess' | 'bullmq', dir: string): Promise<void> {
  const dbPath = join(dir, `${mode}.sqlite`);
  const handle = openDatabase(dbPath);
  const prefix = `ftgbench-${randomBytes(4).toString('hex')}`;
  const tally: Tally = { acks: [], mapLatency: [], submits: 0, maps: 0, refused: 0 };
  // Last human submission per game not yet followed by a public map: [version, Date.now()].
  const lastSubmit = new Map<string, { version: number; at: number }>();
  const trace: string[] = [];
  const t = (perf: number) => Math.round(performance.timeOrigin + perf);
  const onMap = (p: Posted) => {
    if (TRACE) trace.push(JSON.stringify({ e: 'map', g: p.gameId, v: p.version, at: p.at }));
    tally.maps++;
    const s = lastSubmit.get(p.gameId);
    if (s && p.version >= s.version) {
      tally.mapLatency.push(p.at - s.at);
      lastSubmit.delete(p.gameId);
    }
  };
  let runtime: Runtime;
  let pictures: Awaited<ReturnType<typeof createThreadedMapRenderer>> | undefined;
  const children: ChildProcess[] = [];
  if (mode === 'inprocess') {
    pictures = await createThreadedMapRenderer();
    runtime = await startRuntime({
      db: handle.db,
      engine: engine as RulesEngine<unknown>,
      clock: systemClock,
      publisher: new PicturePublisher(pictures, onMap),
      jobThread: { dbPath, threads: JOB_THREADS },
      ...(TRACE
        ? {
            onJobRun: (job, x) =>
              trace.push(
                JSON.stringify({
                  e: 'job',
                  k: job.kind,
                  g: job.gameId,
                  v: job.version,
                  due: t(x.due),
                  start: t(x.started),
                  end: t(x.ended),
                  ok: x.ok,
                }),
              ),
          }
        : {}),
    });
  } else {
    runtime = await startRuntime({
      db: handle.db,
      engine: engine as RulesEngine<unknown>,
      clock: systemClock,
      publisher: new PicturePublisher(
        async () => null,
        () => {},
      ),
      redis: { url: REDIS_URL, prefix, workers: false },
    });
    for (let i = 0; i < WORKERS; i++) {
      const child = fork(
        join(import.meta.dirname, 'support/service-worker.ts'),
        [dbPath, REDIS_URL, prefix],
        {
          execArgv: ['--import', 'tsx'],
        },
      );
      await new Promise<void>((resolve) =>
        child.on('message', (m: Posted | { ready: true }) => ('ready' in m ? resolve() : onMap(m))),
      );
      children.push(child);
    }
  }
  const s = runtime.service;
  const games: string[] = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    const c = s.createGame({
      guildId: 'g',
      channelId: `c${i}`,
      userId: `u${i}`,
      scenario: '1757',
      seed: i + 1,
    });
    if (!c.ok) throw new Error(c.error.message);
    s.joinSeat({ gameId: c.gameId, seat: HUMAN, userId: `u${i}` });
    games.push(c.gameId);
  }
  const elu = monitorEventLoopDelay({ resolution: 10 });
  for (let i = 0; i < games.length; i++) await s.start({ gameId: games[i]!, userId: `u${i}` });
  if (pictures) {
    const v = s.view({ gameId: games[0]!, seat: 'public', userId: 'u0' });
    if (v.ok) await warmMapRenderer(pictures, v.view);
  }
  // Warm-up: every campaign opens with dozens of autopilot actions; wait until each one waits for
  // its human and its opening is published (no outbox row left unsent: a followed-up step's update
  // still queued to be drawn is part of the opening burst), so the measured time is the steady state.
  const warmStart = Date.now();
  const waiting = () =>
    games.filter((g, i) => {
      const p = s.pending({ gameId: g, userId: `u${i}` });
      const row = getGame(handle.db, g);
      return (
        p.ok &&
        p.decisions.some((d) => d.seat === HUMAN) &&
        row !== undefined &&
        row.resolvedVersion >= row.version
      );
    }).length;
  const warm = () => waiting() === games.length && unsentOutbox(handle.db).length === 0;
  while (!warm() && Date.now() - warmStart < WARMUP_S * 1000) await new Promise((r) => setTimeout(r, 500));
  const warmedIn = (Date.now() - warmStart) / 1000;
  const ready = waiting();
  const unsent = unsentOutbox(handle.db).length;
  tally.maps = 0;
  elu.enable();
  // The pace: at most STEP_RATE human submissions a second across all campaigns.
  let nextSlot = 0;
  const started = Date.now();
  const endPerf = performance.now() + SECONDS * 1000;
  /** Waits for this human's turn in the pace; false when it would fall after the measured time. */
  const slot = async (): Promise<boolean> => {
    if (!(STEP_RATE > 0)) return true;
    const now = performance.now();
    const at = Math.max(now, nextSlot);
    if (at >= endPerf) return false;
    nextSlot = at + 1000 / STEP_RATE;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
    return true;
  };
  const end = started + SECONDS * 1000;
  // Scripted humans: look at the game every 500 ms (a cheap version check); when it changed and it is
  // their turn, click 200-1200 ms later. The acknowledgement runs from the moment the click is due.
  let rng = 12345;
  const rand = () => {
    rng = (rng * 1103515245 + 12345) % 2 ** 31;
    return rng / 2 ** 31;
  };
  const humans = games.map(async (gameId, i) => {
    const userId = `u${i}`;
    let seen = -1;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, 500));
      const g = getGame(handle.db, gameId);
      if (g?.status !== 'active') continue;
      if (g.version === seen) continue;
      seen = g.version;
      const delay = 200 + rand() * 1000;
      await new Promise((r) => setTimeout(r, delay));
      if (!(await slot())) break;
      const due = performance.now();
      const p = s.pending({ gameId, userId });
      const d = p.ok ? p.decisions.find((x) => x.seat === HUMAN) : undefined;
      if (!d) {
        tally.acks.push(performance.now() - due);
        continue;
      }
      const action = d.legalActions.find((a) => a.type === 'done') ?? d.legalActions[0];
      if (!action) continue;
      const r = await s.submit({ gameId, seat: HUMAN, userId, action });
      tally.acks.push(performance.now() - due);
      tally.submits++;
      if (r.ok) {
        lastSubmit.set(gameId, { version: r.version, at: Date.now() });
        if (TRACE) trace.push(JSON.stringify({ e: 'submit', g: gameId, v: r.version, at: Date.now() }));
      } else tally.refused++;
      seen = -1;
    }
  });
  await Promise.all(humans);
  elu.disable();
  const seconds = (Date.now() - started) / 1000;
  const versions = games.map((g) => getGame(handle.db, g)?.version ?? 0).reduce((a, b) => a + b, 0);
  console.log(
    `service bench (${mode === 'inprocess' ? `in-process queue, ${JOB_THREADS} job thread${JOB_THREADS === 1 ? '' : 's'}, picture thread` : `bullmq, ${WORKERS} worker processes`}): ${CAMPAIGNS} campaigns, ${seconds.toFixed(0)} s, human submissions paced at ${STEP_RATE > 0 ? `${STEP_RATE}/s` : 'no limit'} (${(tally.submits / seconds).toFixed(2)}/s achieved); warm-up ${warmedIn.toFixed(0)} s (${ready} of ${CAMPAIGNS} waiting for their human, ${unsent} updates unpublished)`,
  );
  console.log(
    `  interaction ack (pending + submit): n=${tally.acks.length} p50 ${ms(q(tally.acks, 0.5))} p99 ${ms(q(tally.acks, 0.99))} max ${ms(Math.max(...tally.acks))}; target p99 < 300 ms`,
  );
  console.log(
    `  event-loop delay: p50 ${ms(elu.percentile(50) / 1e6)} p99 ${ms(elu.percentile(99) / 1e6)} max ${ms(elu.max / 1e6)}; target p99 < 50 ms`,
  );
  console.log(
    `  last submission -> public map drawn: n=${tally.mapLatency.length} p50 ${ms(q(tally.mapLatency, 0.5))} p95 ${ms(q(tally.mapLatency, 0.95))} p99 ${ms(q(tally.mapLatency, 0.99))} max ${ms(Math.max(...tally.mapLatency))}; target p95 < 1.5 s`,
  );
  console.log(
    `  machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the end; throughput: ${(versions / seconds).toFixed(1)} actions/s committed, ${(tally.maps / seconds).toFixed(2)} public maps/s, ${tally.submits} human submissions (${tally.refused} refused)`,
  );
  if (TRACE) writeFileSync(TRACE, `${trace.join('\n')}\n`);
  for (const c of children) c.send({ stop: true });
  await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
  await runtime.close();
  await pictures?.close();
  handle.close();
  if (mode === 'bullmq') await dropPrefix(REDIS_URL, prefix);
}

const dir = mkdtempSync(join(tmpdir(), 'ftg-bench-'));
try {
  for (const m of MODES) await runMode(m as 'inprocess' | 'bullmq', dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);

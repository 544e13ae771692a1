// Full-campaign benchmark (run with tsx; `npm run bench -- campaign`): the 1757 campaign, Turns 1-18,
// every seat on the standard autopilot, no rendering. Reports the median wall time of several
// seeded runs (target, issue 19: under 3 s), with the split between the engine (apply, views with their legal
// lists) and the autopilot's decisions.
import { decideWithReason } from '../src/autopilot/decide.js';
import { driverMap, playGame } from '../src/autopilot/driver.js';
import { createAutopilotRng } from '../src/autopilot/rng.js';
import { apply } from '../src/engine/apply.js';
import { setup } from '../src/engine/setup.js';
import { view } from '../src/engine/view.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 3000;
const map = driverMap();

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

// Warm-up: JIT and the autopilot's map tables.
playGame({ scenario: '1757', seed: 'warm-up', turns: 2, map });

const walls: number[] = [];
// CPU time of the process during each game (user + system): on a loaded, shared machine the wall
// time mostly measures the other tenants; CPU time is the figure to compare between versions.
const cpus: number[] = [];
let steps = 0;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = playGame({ scenario: '1757', seed: i + 1, map });
  walls.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpus.push((c.user + c.system) / 1000);
  steps = r.steps;
  if (r.state.turn < 18 && r.endedBy !== 'winter-quarters')
    console.log(`  note: run ${i + 1} ended early (${r.endedBy}) on turn ${r.state.turn}`);
}

// One instrumented run for the split.
let state = setup('1757', 1, { map });
const rng = createAutopilotRng('split');
const split = { apply: 0, view: 0, decide: 0 };
// Every accepted action's apply time (issue 19 item 4: one action < 2 ms median, < 20 ms p99).
const applies: number[] = [];
let n = 0;
while (!state.over && n < 200_000) {
  const seat = state.pending[0]!;
  let t = performance.now();
  const v = view(state, seat, [], map);
  split.view += performance.now() - t;
  t = performance.now();
  const d = decideWithReason(v, v.legal, rng, 'standard', map);
  split.decide += performance.now() - t;
  t = performance.now();
  let r = apply(state, seat, d.action, map);
  if (!r.ok) r = apply(state, seat, { type: 'done' }, map);
  const took = performance.now() - t;
  split.apply += took;
  if (r.ok) applies.push(took);
  if (!r.ok) break;
  state = r.state;
  n++;
}

const med = median(walls);
console.log(
  `campaign bench: 1757 Turns 1-18, all seats standard autopilot, no rendering, ${RUNS} seeds: median ${(med / 1000).toFixed(2)} s (min ${(Math.min(...walls) / 1000).toFixed(2)} s, max ${(Math.max(...walls) / 1000).toFixed(2)} s), ~${steps} decisions per game; target < ${TARGET_MS / 1000} s: ${med < TARGET_MS ? 'met' : 'NOT met'}`,
);
console.log(
  `  CPU time per game: median ${(median(cpus) / 1000).toFixed(2)} s (min ${(Math.min(...cpus) / 1000).toFixed(2)} s, max ${(Math.max(...cpus) / 1000).toFixed(2)} s)`,
);
console.log(
  `  split of one game (${n} decisions): engine apply ${(split.apply / 1000).toFixed(2)} s, engine view+legal ${(split.view / 1000).toFixed(2)} s, autopilot decide ${(split.decide / 1000).toFixed(2)} s`,
);
const sorted = [...applies].sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
console.log(
  `  one action applied (${sorted.length} actions): median ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms; target median < 2 ms and p99 < 20 ms: ${at(0.5) < 2 && at(0.99) < 20 ? 'met' : 'NOT met'}`,
);

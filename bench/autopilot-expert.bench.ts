// Top-level autopilot benchmark (issue 20 item 5; `npm run bench -- expert`): full 18-turn 1757
// campaigns with every seat on the expert autopilot, no rendering. Targets: a whole campaign under
// 5 s (CPU time of the process, since wall time on this shared host mostly measures the other
// tenants; wall time is printed too) and no single decision over 200 ms (the decision alone, view to action:
// CPU time around decideWithReason, the wall time printed beside it).
import { decideWithReason } from '../src/autopilot/decide.js';
import { driverMap } from '../src/autopilot/driver.js';
import { createAutopilotRng } from '../src/autopilot/rng.js';
import { apply } from '../src/engine/apply.js';
import { setup } from '../src/engine/setup.js';
import { view } from '../src/engine/view.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GAME_MS = 5000;
const DECISION_MS = 200;
const SCENARIO = (process.env.BENCH_SCENARIO ?? '1757') as '1757';
const map = driverMap();

function play(seed: number) {
  let state = setup(SCENARIO, seed, { map });
  const rngs = new Map<string, ReturnType<typeof createAutopilotRng>>();
  let worst = 0;
  let worstWall = 0;
  let worstAt = '';
  let decisions = 0;
  while (!state.over && decisions < 200_000) {
    const seat = state.pending[0];
    if (!seat) break;
    let rng = rngs.get(seat);
    if (!rng) {
      rng = createAutopilotRng(`${seed}:${seat}`);
      rngs.set(seat, rng);
    }
    const v = view(state, seat, [], map);
    const t = performance.now();
    const c0 = process.cpuUsage();
    const d = decideWithReason(v, v.legal, rng, 'expert', map);
    const c = process.cpuUsage(c0);
    const cpuMs = (c.user + c.system) / 1000;
    const ms = performance.now() - t;
    if (ms > worstWall) worstWall = ms;
    if (cpuMs > worst) {
      worst = cpuMs;
      worstAt = `turn ${state.turn} ${state.phase} ${seat}`;
    }
    let r = apply(state, seat, d.action, map);
    if (!r.ok) r = apply(state, seat, { type: 'done' }, map);
    if (!r.ok) r = apply(state, seat, { type: 'timeout' }, map);
    if (!r.ok) break;
    state = r.state;
    decisions++;
  }
  return { worst, worstWall, worstAt, decisions, turn: state.turn };
}

play(99); // warm-up: JIT and the autopilot's map tables
const cpus: number[] = [];
const walls: number[] = [];
let worst = 0;
let worstWall = 0;
let worstAt = '';
let decisions = 0;
for (let i = 0; i < RUNS; i++) {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const r = play(i + 1);
  walls.push(performance.now() - w0);
  const c = process.cpuUsage(c0);
  cpus.push((c.user + c.system) / 1000);
  decisions = r.decisions;
  worstWall = Math.max(worstWall, r.worstWall);
  if (r.worst > worst) {
    worst = r.worst;
    worstAt = `seed ${i + 1} ${r.worstAt}`;
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const cpu = median(cpus);
console.log(
  `expert autopilot bench: ${SCENARIO} Turns 1-18, every seat expert, ${RUNS} seeds, ~${decisions} decisions per game: CPU median ${(cpu / 1000).toFixed(2)} s (wall median ${(median(walls) / 1000).toFixed(2)} s); target < ${GAME_MS / 1000} s: ${cpu < GAME_MS ? 'met' : 'NOT met'}`,
);
console.log(
  `  slowest single decision: ${worst.toFixed(0)} ms CPU (${worstAt}; slowest wall ${worstWall.toFixed(0)} ms); target < ${DECISION_MS} ms: ${worst < DECISION_MS ? 'met' : 'NOT met'}`,
);

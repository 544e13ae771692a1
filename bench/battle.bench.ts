// Tactical engine benchmark (`npm run bench -- battle`): the Leuthen engine and autopilot alone, in
// one thread, with no service, no database, no Discord and no pictures. A whole
// autopilot-against-autopilot Leuthen (scenario 1, played to its end): median wall time and CPU time
// of several seeded runs (target under 2 s), with the split between the engine (legal actions,
// apply), the view and the autopilot; and one tactical action applied (median over the accepted
// actions of a battle, target under 2 ms; the autopilot's refused tries are counted, not timed).
// What a player of issue 15 waits for (interaction acknowledgement with 20 battles running, with
// pictures and the service) is measured by battle-discord.bench.ts, not here.
import { availableParallelism, loadavg } from 'node:os';
import { createAutopilotRng } from '../src/autopilot/rng.js';
import { decideTactical } from '../src/autopilot/tactical/decide.js';
import { playBattle, viewAsState } from '../src/autopilot/tactical/driver.js';
import { tacticalScenario } from '../src/autopilot/tactical/scenarios.js';
import { apply, isOver, legalActions, pendingSeats } from '../src/tactical/apply.js';
import { envFor, useTacticalMap } from '../src/tactical/env.js';
import { setupBattle } from '../src/tactical/setup.js';
import type { Side } from '../src/tactical/state.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BATTLE_TARGET_MS = 2000;
const ACTION_TARGET_MS = 2;

const sc = tacticalScenario('leuthen-1');
if (!sc.ok) throw new Error(sc.error);
const { loaded, map } = sc;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

playBattle({ loaded, map, seed: 999 }); // warm-up (JIT, caches)

const walls: number[] = [];
const cpus: number[] = [];
const stepsPerRun: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = playBattle({ loaded, map, seed: i + 1 });
  const c = process.cpuUsage(c0);
  walls.push(performance.now() - t0);
  cpus.push((c.user + c.system) / 1000);
  stepsPerRun.push(r.steps);
}

// One instrumented battle: the split, and every apply timed on its own.
const set = setupBattle(loaded, map, 1);
if (!set.ok) throw new Error(set.errors.join('; '));
useTacticalMap(map);
const env = envFor(map.id)!;
let state = set.state;
const rngs = { prussia: createAutopilotRng('1:prussia'), austria: createAutopilotRng('1:austria') };
const split = { legal: 0, view: 0, decide: 0, apply: 0 };
const applies: number[] = [];
let refused = 0;
while (!isOver(state)) {
  const seat = pendingSeats(state)[0]!;
  const side = seat as Side;
  let t = performance.now();
  const legal = legalActions(state, seat);
  split.legal += performance.now() - t;
  t = performance.now();
  const v = viewAsState(state, side);
  split.view += performance.now() - t;
  t = performance.now();
  const d = decideTactical(v, env, side, legal, rngs[side]);
  split.decide += performance.now() - t;
  t = performance.now();
  let r = apply(state, seat, d.action);
  if (!r.ok) {
    // The autopilot's choice was refused: the fallback's apply is the one timed (as the driver does).
    refused++;
    t = performance.now();
    r = apply(state, seat, legal.find((a) => a.type === 'done') ?? legal[0]!);
  }
  const dt = performance.now() - t;
  split.apply += dt;
  applies.push(dt);
  if (!r.ok) throw new Error(r.error.message);
  state = r.state;
}

const m = median(walls);
const a = median(applies);
const sum = Object.values(split).reduce((x, y) => x + y, 0);
console.log(
  `whole autopilot Leuthen (scenario 1, engine and autopilot only, median ${median(stepsPerRun)} actions): median ${m.toFixed(0)} ms wall over ${RUNS} runs (target < ${BATTLE_TARGET_MS} ms) ${m < BATTLE_TARGET_MS ? 'OK' : 'SLOW'}`,
);
console.log(
  `  CPU time of this process: median ${median(cpus).toFixed(0)} ms (wall time includes waiting for a shared CPU; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
);
console.log(
  `  split: legal actions ${((100 * split.legal) / sum).toFixed(0)}%, view ${((100 * split.view) / sum).toFixed(0)}%, autopilot ${((100 * split.decide) / sum).toFixed(0)}%, apply ${((100 * split.apply) / sum).toFixed(0)}%`,
);
console.log(
  `one tactical action applied: median ${a.toFixed(3)} ms, p95 ${[...applies].sort((x, y) => x - y)[Math.floor(applies.length * 0.95)]!.toFixed(3)} ms over ${applies.length} actions, ${refused} refused autopilot tries not timed (target < ${ACTION_TARGET_MS} ms) ${a < ACTION_TARGET_MS ? 'OK' : 'SLOW'}`,
);

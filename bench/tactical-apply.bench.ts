// Tactical engine benchmark (`npm run bench -- tactical-apply`): one action applied (target: median
// under 2 ms, issue 14) and one legal-action list, timed over random legal Leuthen games (both
// scenarios, a few seeds, every action of the game).
import { tacticalScenario } from '../src/autopilot/tactical/scenarios.js';
import { createRng, randomInt } from '../src/kernel/index.js';
import { apply, legalActions, pendingSeats } from '../src/tactical/apply.js';
import { setupBattle } from '../src/tactical/setup.js';

const SEEDS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 2;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const applyMs: number[] = [];
const legalMs: number[] = [];
for (const id of ['leuthen-1', 'leuthen-2']) {
  const l = tacticalScenario(id);
  if (!l.ok) throw new Error(l.error);
  for (let seed = 1; seed <= SEEDS; seed++) {
    const r0 = setupBattle(l.loaded, l.map, seed);
    if (!r0.ok) throw new Error(r0.errors.join('; '));
    let s = r0.state;
    const rng = createRng(`bench:${seed}`);
    while (!s.over) {
      const seat = pendingSeats(s)[0]!;
      let t = performance.now();
      const legal = legalActions(s, seat);
      legalMs.push(performance.now() - t);
      const rest = legal.filter((a) => a.type !== 'done');
      const a =
        rest.length && randomInt(rng, 10) < 8
          ? rest[randomInt(rng, rest.length)]!
          : legal[randomInt(rng, legal.length)]!;
      t = performance.now();
      const r = apply(s, seat, a);
      applyMs.push(performance.now() - t);
      if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.error.message}`);
      s = r.state;
    }
  }
}
const med = pct(applyMs, 0.5);
console.log(`tactical apply: ${applyMs.length} actions over ${SEEDS} seeds x 2 scenarios`);
console.log(
  `  apply  median ${med.toFixed(3)} ms, p90 ${pct(applyMs, 0.9).toFixed(3)} ms, max ${Math.max(...applyMs).toFixed(1)} ms (target median < ${TARGET_MS} ms: ${med < TARGET_MS ? 'met' : 'MISSED'})`,
);
console.log(`  legal  median ${pct(legalMs, 0.5).toFixed(3)} ms, p90 ${pct(legalMs, 0.9).toFixed(3)} ms`);

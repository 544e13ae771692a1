// Tactical render benchmark (`npm run bench -- tactical`): Leuthen pictures of the Scenario 1
// set-up, base layer cached after one warm-up. Reports median and p95 of draw + palette-PNG
// encoding and the PNG size, with the process CPU time beside it (wall time on a shared, loaded
// machine overstates the cost). Targets (issue 14): whole map under 100 ms, zoomed crop under 30 ms.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { renderTacticalMap, type TacticalRenderOptions } from '../src/render/tactical/draw.js';
import { modelFromScenario } from '../src/render/tactical/from-scenario.js';
import { leuthenMap } from '../src/tactical/maps.js';
import { scenarioSchema } from '../src/tactical/schema.js';

const N = Number(process.env.BENCH_RENDERS ?? 30);
const here = dirname(fileURLToPath(import.meta.url));
const scenario = scenarioSchema.parse(
  JSON.parse(readFileSync(join(here, '../scenarios/tactical/leuthen-1.json'), 'utf8')),
);
const map = leuthenMap();
const model = modelFromScenario(scenario);

function q(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

function run(label: string, opts: TacticalRenderOptions, target: number): boolean {
  renderTacticalMap(map, model, opts); // warm-up: fills the base-layer cache
  const t: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  let size = '';
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const pic = renderTacticalMap(map, model, opts);
    const c1 = process.cpuUsage(c0);
    t.push(performance.now() - t0);
    cpu.push((c1.user + c1.system) / 1000);
    bytes = Math.max(bytes, pic.png.length);
    size = `${pic.width}x${pic.height}`;
  }
  const med = q(t, 0.5);
  const ok = med < target;
  console.log(
    `${label.padEnd(12)} ${size.padEnd(10)} draw+png median=${med.toFixed(1)}ms p95=${q(t, 0.95).toFixed(1)}ms` +
      ` (cpu median ${q(cpu, 0.5).toFixed(1)}ms, load ${loadavg()[0]!.toFixed(1)})` +
      ` | png ${(bytes / 1024).toFixed(0)} KB | target median<${target}ms ${ok ? 'ok' : 'MISSED'}`,
  );
  return ok;
}

console.log(
  `tactical render bench: ${N} renders each, Leuthen scenario 1 set-up (${model.units.length} counters)`,
);
const full = run('full map', {}, 100);
const crop = run('crop r4', { center: '2806', radius: 4 }, 30);
if (!full || !crop) process.exitCode = 1;

// `npm run bench`: runs every bench/*.bench.ts in its own process (so one benchmark's caches
// and garbage do not colour the next) and prints their reports in order.
// `npm run bench -- render` runs only the benchmarks whose file name contains "render".
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

if (files.length === 0) {
  console.error(`bench: no benchmark matches ${filters.join(', ') || '(none present)'}`);
  process.exit(2);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, f)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`bench: ${f} exited with ${r.status ?? r.signal}`);
  }
}
process.exit(failed ? 1 : 0);

// One bullmq worker process of the service benchmark: the real engine (autopilot) and the real
// pictures, on the benchmark's database file; tells the parent when each public map is ready.
import { systemClock } from '../../src/app/clock.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { engine } from '../../src/app/engines.js';
import { startRuntime } from '../../src/app/runtime.js';
import { createMapRenderer } from '../../src/bot/map-renderer.js';
import { openDatabase } from '../../src/db/client.js';
import { PicturePublisher } from './service-load.js';

const [dbPath, url, prefix] = process.argv.slice(2) as [string, string, string];
const handle = openDatabase(dbPath);
const runtime = await startRuntime({
  db: handle.db,
  engine: engine as RulesEngine<unknown>,
  clock: systemClock,
  publisher: new PicturePublisher(createMapRenderer(), (p) => process.send?.(p)),
  redis: { url, prefix, workers: true },
});
process.send?.({ ready: true });
process.on('message', async (m: { stop?: boolean }) => {
  if (!m.stop) return;
  await runtime.close();
  handle.close();
  process.exit(0);
});

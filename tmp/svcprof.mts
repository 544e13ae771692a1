import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '/work/wt/lead/src/app/clock.js';
import { engine } from '/work/wt/lead/src/app/engines.js';
import { MemoryPublisher } from '/work/wt/lead/src/app/publisher.js';
import { startRuntime } from '/work/wt/lead/src/app/runtime.js';
import { openDatabase } from '/work/wt/lead/src/db/client.js';
import { getGame } from '/work/wt/lead/src/db/game-repository.js';
const dir = mkdtempSync(join(tmpdir(), 'svcprof-'));
const handle = openDatabase(join(dir, 'p.sqlite'));
const rt = await startRuntime({ db: handle.db, engine: engine as never, clock: systemClock, publisher: new MemoryPublisher() });
const s = rt.service;
const N = Number(process.env.N ?? 3);
const games: string[] = [];
for (let i = 0; i < N; i++) {
  const c = s.createGame({ guildId: 'g', channelId: `c${i}`, userId: 'u', scenario: '1757', seed: i + 1 });
  if (!c.ok) throw new Error(c.error.message);
  s.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u' });
  games.push(c.gameId);
}
const c0 = process.cpuUsage(); const t0 = performance.now();
for (const g of games) { const r = await s.start({ gameId: g, userId: "u" }); if (!r.ok) console.log(r.error); await s.setAutopilot({ gameId: g, seat: "prussia", level: 2, byUserId: "u" }); }
const SEC = Number(process.env.SEC ?? 15);
await new Promise((r) => setTimeout(r, SEC * 1000));
const c = process.cpuUsage(c0);
const versions = games.map((g) => getGame(handle.db, g)!.version).reduce((a, b) => a + b, 0);
console.log(`actions ${versions} in ${((performance.now() - t0) / 1000).toFixed(1)} s wall; CPU ${((c.user + c.system) / 1000).toFixed(0)} ms; CPU per action ${((c.user + c.system) / 1000 / versions).toFixed(2)} ms`);
await rt.close();
process.exit(0);

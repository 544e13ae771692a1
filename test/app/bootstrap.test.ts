import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startFromConfig } from '../../src/app/bootstrap.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { MemoryPublisher } from '../../src/app/publisher.js';
import { parseConfig } from '../../src/config/index.js';
import { countingEngine } from './support/counting-engine.js';

it('without REDIS_URL the service runs on the embedded queue and a migrated database file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ftg-boot-'));
  const parsed = parseConfig({ DATABASE_PATH: join(dir, 'data', 'db.sqlite'), LOG_LEVEL: 'silent' });
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const publisher = new MemoryPublisher();
  const rt = await startFromConfig({
    engine: countingEngine() as RulesEngine<unknown>,
    publisher,
    config: parsed.config,
  });
  expect(rt.embedded).toBeDefined();
  const c = rt.service.createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: 'duel' });
  if (!c.ok) throw new Error(c.error.message);
  rt.service.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' });
  await rt.service.start({ gameId: c.gameId, userId: 'u1' });
  await rt.embedded!.idle();
  await new Promise((r) => setImmediate(r));
  await rt.embedded!.idle();
  expect(publisher.sent.map((m) => m.target.kind)).toEqual(['channel', 'dm']);
  await rt.close();
  rmSync(dir, { recursive: true, force: true });
});

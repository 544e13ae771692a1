// Issue 13 item 5: the service is the bot's only door. The handlers' dependencies carry the service
// and the bot's own stores, never an engine or a database handle (the layer guard checks the
// imports; this checks what the running bot hands its handlers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, startBotHarness } from './support/bot-harness.js';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h.close();
});

describe('the bot reaches games through the service only', () => {
  it('#13.5: the handlers get no engine and no database, only the service', () => {
    const deps = h.bot.deps as unknown as Record<string, unknown>;
    expect(deps.service).toBe(h.bot.runtime.service);
    for (const key of ['engine', 'db']) expect(key in deps, key).toBe(false);
    // Nothing among the dependencies is an engine (an object that applies actions to states).
    for (const [key, value] of Object.entries(deps)) {
      const v = value as { apply?: unknown; legalActions?: unknown } | null;
      expect(typeof v?.apply === 'function' && typeof v?.legalActions === 'function', key).toBe(false);
    }
  });
});

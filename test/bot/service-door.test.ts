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

  it("#13.5: the directory's game rows carry no raw state, only whether the game has started", async () => {
    const deps = h.bot.deps;
    const c = h.bot.runtime.service.createGame({
      guildId: 'g-door',
      channelId: 'c-door',
      userId: 'u-door',
      scenario: 'toy',
      seed: 1,
    });
    if (!c.ok) throw new Error(c.error.message);
    expect(h.bot.runtime.service.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u-door' }).ok).toBe(
      true,
    );
    const before = deps.directory.game(c.gameId)!;
    expect('state' in before).toBe(false);
    expect(before.started).toBe(false);
    expect((await h.bot.runtime.service.start({ gameId: c.gameId, userId: 'u-door' })).ok).toBe(true);
    for (const row of [
      deps.directory.game(c.gameId)!,
      deps.directory.inChannel('g-door', 'c-door')!,
      deps.directory.latestInChannel('g-door', 'c-door')!,
      ...deps.directory.gamesOfUser('u-door'),
    ]) {
      expect(row.id).toBe(c.gameId);
      expect('state' in row).toBe(false);
      expect(row.started).toBe(true);
    }
  });
});

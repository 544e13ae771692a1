// The end of a scenario with the real engine: 1756 (turns 9-18), the creator holds Prussia and
// hands it to the autopilot with /campaign autopilot; every other seat is the autopilot. The
// campaign plays out and the channel gets the final update.
import { afterAll, describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { loadNames } from '../../src/bot/assets.js';
import { type BotHarness, startBotHarness, textOf } from './support/bot-harness.js';

let h: BotHarness | undefined;
afterAll(async () => {
  await h?.close();
});

describe('bot e2e with the real engine: a whole short scenario on autopilot', () => {
  it('1756 plays to the end; the last channel post says the campaign is over', async () => {
    const { engine } = await import('../../src/app/engine-adapter.js');
    h = await startBotHarness({ engine: engine as unknown as RulesEngine<unknown>, names: loadNames() });
    const g = h;
    const run = async (
      user: string,
      name: string,
      input: { sub?: string; options?: Record<string, string | number> },
    ) => {
      const reply = await g.standin
        .user(user)
        .slash(name, { channel: 'war', ...input })
        .reply({ timeoutMs: 30_000 });
      return reply;
    };
    await run('frederick', 'campaign', { sub: 'create', options: { scenario: '1756' } });
    await run('frederick', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    await run('frederick', 'campaign', { sub: 'start' });
    await g.settle();
    const refused = await run('maria', 'campaign', {
      sub: 'autopilot',
      options: { seat: 'prussia', level: 2 },
    });
    expect(refused.visibleTo).toEqual([g.standin.userId('maria')]);
    const handed = await run('frederick', 'campaign', {
      sub: 'autopilot',
      options: { seat: 'prussia', level: 2 },
    });
    expect(handed.content).toMatch(/Prussia is now played by the autopilot/);
    const status = () =>
      (g.handle.sqlite.prepare('select status from games').get() as { status: string }).status;
    for (let i = 0; i < 600 && status() !== 'over'; i++) await g.settle();
    expect(status()).toBe('over');
    await g.settle();
    const posts = g.standin.messagesIn('war').filter((m) => m.audience === 'channel' && m.embeds.length > 0);
    const last = posts.at(-1);
    expect(last && textOf(last)).toMatch(/The campaign is over/);
    expect(last && textOf(last)).toMatch(/Since the last update/);
    // 17.1: the real engine's final count reaches the channel as the victory table.
    expect(last && textOf(last)).toMatch(/Victory[\s\S]*(Prussian-Allied|Coalition)[\s\S]*Result: /);
    // The bot's own listing of forces never shows a strength (event texts are the engine's, which
    // may announce what the rules make public, e.g. 5.5 or arriving reinforcements).
    for (const m of posts) {
      const forces = m.embeds[0]?.fields?.find((f) => f.name === 'Forces on the map')?.value ?? '';
      expect(forces).not.toMatch(/\bSP\b/);
    }
  }, 240_000);
});

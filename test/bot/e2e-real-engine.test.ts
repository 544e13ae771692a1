// End to end with the real rules engine (src/app/engine-adapter.ts) and the real map renderer:
// the 1757 scenario, three players, a march chosen among the engine's legal marches, the phase
// handed on, and the public/private split of strengths checked on what each user received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { loadNames } from '../../src/bot/assets.js';
import { createMapRenderer } from '../../src/bot/map-renderer.js';
import type { RecordedMessage } from '../discord-standin/index.js';
import { type BotHarness, buttonsOf, startBotHarness, textOf } from './support/bot-harness.js';

let h: BotHarness;

async function slash(
  user: string,
  name: string,
  input: { sub?: string; options?: Record<string, string | number | boolean> } = {},
) {
  const handle = h.standin.user(user).slash(name, { channel: 'war', ...input });
  await handle.acknowledged({ timeoutMs: 5000 });
  const reply = await handle.reply({ timeoutMs: 15000 });
  await h.settle();
  return reply;
}

beforeAll(async () => {
  const { engine } = await import('../../src/app/engine-adapter.js');
  h = await startBotHarness({
    engine: engine as unknown as RulesEngine<unknown>,
    names: loadNames(),
    render: createMapRenderer(),
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('bot e2e with the real engine (1757)', () => {
  it('create, join, start: the public map image and embed carry no strength; DMs carry the seat’s own', async () => {
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: '1757' } });
    for (const [user, seat] of [
      ['frederick', 'prussia'],
      ['frederick', 'hanover'],
      ['maria', 'austria'],
      ['maria', 'empire'],
      ['elizabeth', 'france'],
      ['elizabeth', 'russia'],
      ['elizabeth', 'sweden'],
    ] as const) {
      await slash(user, 'campaign', { sub: 'join', options: { seat } });
    }
    await slash('frederick', 'campaign', { sub: 'start' });
    await h.settle();
    const update = h.standin.messagesIn('war').find((m) => m.origin === 'channel-message') as RecordedMessage;
    expect(textOf(update)).toMatch(/Turn 1 · prussian allied player-turn · march phase/);
    expect(textOf(update)).not.toMatch(/\d+\s*SP/);
    expect(update.attachments.map((a) => a.filename)).toEqual(['map.png']);
    const dm = h.standin
      .dmsOf('frederick')
      .find((m) => /^Prussia/.test(m.embeds[0]?.title ?? '')) as RecordedMessage;
    expect(textOf(dm)).toMatch(/Dresden \(1623\): 15 SP \(\+1 SP inside the fortress\) — Frederick II/);
    expect(textOf(dm)).toMatch(/\/march: \d+ legal orders to choose from/);
    expect(h.standin.dmsOf('maria').filter((m) => m.authorId === h.standin.botId)).toEqual([]);
  }, 60_000);

  it('a legal march from the engine, typed as a player would, previewed and confirmed', async () => {
    const pending = h.bot.runtime.service.pending({
      gameId: (h.handle.sqlite.prepare('select id from games').get() as { id: string }).id,
      userId: h.standin.userId('frederick'),
    });
    if (!pending.ok) throw new Error(pending.error.message);
    const prussia = pending.decisions.find((d) => d.seat === 'prussia');
    const march = prussia?.legalActions.find((a) => a.type === 'march' && a.leader === 'frederick') as
      | { leader: string; path: string[]; take?: { sp?: number } }
      | undefined;
    if (!march) throw new Error('no legal march for Frederick');
    const preview = await slash('frederick', 'march', {
      options: {
        leader: 'Frederick',
        path: march.path.join(', '),
        ...(march.take?.sp ? { take_sp: march.take.sp } : {}),
      },
    });
    expect(preview.visibleTo).toEqual([h.standin.userId('frederick')]);
    expect(textOf(preview)).toMatch(/Preview — Prussia/);
    // 5.41: MP per hex, from the engine; the allowance is the march roll + Initiative (5.1).
    const mpField = preview.embeds[0]?.fields?.find((f) => f.name === 'Movement points (5.41)');
    expect(mpField?.value.split('\n').length).toBe(march.path.length);
    expect(mpField?.value).toMatch(/: \d MP \(\d left\)/);
    expect(preview.attachments.map((a) => a.filename)).toEqual(['preview.png']);
    const confirm = buttonsOf(preview).find((b) => b.label === 'Confirm') as { id: string };
    const handle = h.standin.user('frederick').click(preview.id, confirm.id);
    const done = await handle.reply({ timeoutMs: 15000 });
    expect(textOf(done)).toMatch(/✅ Prussia: March frederick/);
    const illegal = await slash('frederick', 'march', {
      options: { leader: 'Frederick', path: march.path[0] as string },
    });
    expect(textOf(illegal)).toMatch(/⛔/);
    expect(textOf(illegal)).toMatch(/rule \d+\.\d+/);
  }, 60_000);

  it('finishing the Prussian-Allied March Phase hands over to the Coalition Force March Phase (4.2 A5)', async () => {
    await slash('frederick', 'done', { options: { seat: 'prussia' } });
    await slash('frederick', 'done', { options: { seat: 'hanover' } });
    await h.settle();
    const last = h.standin
      .messagesIn('war')
      .filter((m) => m.origin === 'channel-message')
      .at(-1) as RecordedMessage;
    expect(textOf(last)).toMatch(/forcemarch phase/);
    for (const m of h.standin.messagesIn('war').filter((x) => x.audience === 'channel')) {
      expect(textOf(m)).not.toMatch(/\b\d+\s*SP\b/);
    }
    const choices = await h.standin
      .user('maria')
      .autocomplete('forcemarch', { channel: 'war', focused: 'leader', options: { leader: '' } })
      .choices();
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.map((c) => c.name).join(' ')).not.toMatch(/Frederick|SP/);
  }, 60_000);
});

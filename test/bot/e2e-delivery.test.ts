// Delivery edge cases through the stand-in: closed DMs fall back to a private thread only the seat
// holder can see; a slow map render is deferred within Discord's 3 s and then filled in; /rule.
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { type BotHarness, startBotHarness, textOf } from './support/bot-harness.js';
import { HIDDEN_SP } from './support/toy-engine.js';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function slash(
  user: string,
  name: string,
  input: { sub?: string; options?: Record<string, string | number | boolean> } = {},
) {
  if (!h) throw new Error('no harness');
  const handle = h.standin.user(user).slash(name, { channel: 'war', ...input });
  const reply = await handle.reply({ timeoutMs: 5000 });
  await h.settle();
  return { handle, reply };
}

function tinyPng(): Buffer {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

describe('bot e2e: delivery', () => {
  it('DMs closed: the seat update goes to a private thread only its holder sees, with how to open DMs', async () => {
    h = await startBotHarness({ dmsClosed: ['maria'] });
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: 'toy' } });
    await slash('maria', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    await slash('frederick', 'campaign', { sub: 'join', options: { seat: 'austria' } });
    await slash('frederick', 'campaign', { sub: 'start' });
    await h.settle();
    const maria = h.standin.userId('maria');
    const frederick = h.standin.userId('frederick');
    expect(h.standin.dmsOf('maria').filter((m) => m.authorId === h?.standin.botId)).toEqual([]);
    const inThread = h.standin
      .seenBy('maria')
      .filter((m) => m.audience === 'channel' && m.visibleTo.length === 1);
    expect(inThread.map((m) => m.content).join('\n')).toMatch(/Privacy Settings/);
    const update = inThread.find((m) => /Prussia/.test(m.embeds[0]?.title ?? ''));
    expect(update).toBeDefined();
    expect(update?.visibleTo).toEqual([maria]);
    expect(update?.visibleTo).not.toContain(frederick);
    expect(textOf(update as never)).toContain(`${HIDDEN_SP.prussia} SP`);
  });

  it('a slow map render is deferred (acknowledged in time) and then delivered with the image', async () => {
    h = await startBotHarness({
      render: async () => {
        await new Promise((r) => setTimeout(r, 2200));
        return tinyPng();
      },
    });
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: 'toy' } });
    await slash('frederick', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    await slash('frederick', 'campaign', { sub: 'start' });
    const handle = h.standin
      .user('maria')
      .slash('campaign', { channel: 'war', sub: 'map', options: { zoom: 'Dresdn' } });
    const ack = await handle.acknowledged({ timeoutMs: 3000 });
    expect(ack).toBe(5); // DeferredChannelMessageWithSource
    const reply = await handle.reply({ timeoutMs: 8000 });
    expect(reply.audience).toBe('channel');
    expect(reply.attachments.map((a) => a.filename)).toEqual(['map.png']);
    for (const sp of Object.values(HIDDEN_SP))
      expect(textOf(reply)).not.toMatch(new RegExp(`\\b${sp}\\s*SP`));
  });

  it('/rule gives our summary of a case, privately; an unknown case is a private error', async () => {
    h = await startBotHarness();
    const { reply } = await slash('maria', 'rule', { options: { case: '5.41' } });
    expect(reply.visibleTo).toEqual([h.standin.userId('maria')]);
    expect(textOf(reply)).toMatch(/^5\.41 /m);
    const bad = await slash('maria', 'rule', { options: { case: 'banana' } });
    expect(textOf(bad.reply)).toMatch(/not a rule case/);
    const choices = await h.standin
      .user('maria')
      .autocomplete('rule', { channel: 'war', focused: 'case', options: { case: '5.4' } })
      .choices();
    expect(choices.map((c) => c.value)).toContain('5.41');
  });

  it('move_maps: the public map is posted after each confirmed move; settings, status, help, end', async () => {
    h = await startBotHarness({ render: async () => tinyPng() });
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: 'toy', move_maps: true } });
    await slash('frederick', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    await slash('frederick', 'campaign', { sub: 'start' });
    const before = h.standin.messagesIn('war').filter((m) => m.origin === 'channel-message').length;
    const { reply: preview } = await slash('frederick', 'march', {
      options: { leader: 'Keith', path: '1728' },
    });
    const confirm = (
      preview.components[0] as { components: Array<{ custom_id: string; label: string }> }
    ).components.find((b) => b.label === 'Confirm');
    await h.standin
      .user('frederick')
      .click(preview.id, confirm?.custom_id as string)
      .reply();
    await h.settle();
    const after = h.standin.messagesIn('war').filter((m) => m.origin === 'channel-message');
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.embeds[0]?.title).toBe('After the last move');
    expect(after.at(-1)?.attachments.map((a) => a.filename)).toEqual(['map.png']);

    const notAllowed = await slash('maria', 'campaign', { sub: 'settings', options: { move_maps: false } });
    expect(notAllowed.reply.visibleTo).toEqual([h.standin.userId('maria')]);
    const changed = await slash('frederick', 'campaign', {
      sub: 'settings',
      options: { deadline_hours: 48, move_maps: false },
    });
    expect(changed.reply.content).toMatch(/settings updated/);
    const shown = await slash('frederick', 'campaign', { sub: 'settings' });
    expect(shown.reply.content).toMatch(/48 h.*per-move maps: off/);
    const status = await slash('maria', 'campaign', { sub: 'status' });
    expect(textOf(status.reply)).toMatch(/Prussia: <@\d+>/);
    expect(textOf(status.reply)).toMatch(/Waiting for/);
    const help = await slash('frederick', 'help');
    expect(textOf(help.reply)).toMatch(/\/march moves a force/);
    const endRefused = await slash('maria', 'campaign', { sub: 'end' });
    expect(textOf(endRefused.reply)).toMatch(/Only server managers or the creator/);
    const ended = await slash('umpire', 'campaign', { sub: 'end' });
    expect(ended.reply.audience).toBe('channel');
    const gone = await slash('frederick', 'march', { options: { leader: 'Keith', path: '1728' } });
    expect(textOf(gone.reply)).toMatch(/no open campaign/);
  });

  it('concede needs every player of the side; a draw needs both sides; either closes the campaign', async () => {
    h = await startBotHarness();
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: 'toy' } });
    await slash('frederick', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    await slash('newcomer', 'campaign', { sub: 'join', options: { seat: 'hanover' } });
    await slash('maria', 'campaign', { sub: 'join', options: { seat: 'austria' } });
    await slash('frederick', 'campaign', { sub: 'start' });
    const outsider = await slash('umpire', 'campaign', { sub: 'concede' });
    expect(outsider.reply.visibleTo).toEqual([h.standin.userId('umpire')]);
    const first = await slash('frederick', 'campaign', { sub: 'concede' });
    expect(first.reply.content).toMatch(/waiting for the other Prussian-Allied players \(Hanover\)/);
    const offer = await slash('maria', 'campaign', { sub: 'draw' });
    expect(offer.reply.content).toMatch(/Coalition side .* offers a draw/);
    const last = await slash('newcomer', 'campaign', { sub: 'concede' });
    expect(last.reply.audience).toBe('channel');
    expect(last.reply.content).toMatch(/Prussian-Allied side concedes. The Coalition side wins/);
    const after = await slash('maria', 'campaign', { sub: 'draw' });
    expect(textOf(after.reply)).toMatch(/no open campaign/);
    const status = await slash('maria', 'campaign', { sub: 'status' });
    expect(status.reply.content).toMatch(/is abandoned/);
  });

  it('a draw agreed by both sides ends the campaign', async () => {
    h = await startBotHarness();
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: 'toy' } });
    await slash('frederick', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    await slash('maria', 'campaign', { sub: 'join', options: { seat: 'austria' } });
    await slash('frederick', 'campaign', { sub: 'start' });
    await slash('frederick', 'campaign', { sub: 'draw' });
    const agreed = await slash('maria', 'campaign', { sub: 'draw' });
    expect(agreed.reply.content).toMatch(/Both sides agree: the campaign ends in a draw/);
  });

  it('restart: open deadlines survive, an unconfirmed preview is gone and says so', async () => {
    h = await startBotHarness();
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: 'toy' } });
    await slash('frederick', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    await slash('maria', 'campaign', { sub: 'join', options: { seat: 'austria' } });
    await slash('frederick', 'campaign', { sub: 'start' });
    const { reply: preview } = await slash('frederick', 'march', {
      options: { leader: 'Keith', path: '1728' },
    });
    const harness = h;
    const version = () =>
      (harness.handle.sqlite.prepare('select version from games').get() as { version: number }).version;
    const before = version();
    await h.restart();
    const confirm = (
      preview.components[0] as { components: Array<{ custom_id: string; label: string }> }
    ).components.find((b) => b.label === 'Confirm');
    const late = await h.standin
      .user('frederick')
      .click(preview.id, confirm?.custom_id as string)
      .reply();
    expect(textOf(late)).toMatch(/expired or was already handled; give it again/);
    expect(version()).toBe(before);
    // The March Phase deadline set before the restart still fires: Prussia and Hanover time out.
    await h.advance(25 * 3_600_000);
    const updates = h.standin
      .messagesIn('war')
      .filter((m) => m.origin === 'channel-message' && m.embeds.length > 0);
    expect(textOf(updates.at(-1) as never)).toMatch(/ran out of time/);
  });
});

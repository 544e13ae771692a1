// /standings and /history end to end through the Discord stand-in with the real engine (issue 21):
// a campaign conceded, one ended in an agreed draw and one abandoned; the standings count the
// people apart from the autopilot and leave the abandoned campaign out; /history is private during
// play and tells everything, with the result, after the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { loadNames } from '../../src/bot/assets.js';
import { type BotHarness, startBotHarness, textOf } from './support/bot-harness.js';

let h: BotHarness;

async function slash(
  user: string,
  name: string,
  channel: string,
  input: { sub?: string; options?: Record<string, string | number> } = {},
) {
  const handle = h.standin.user(user).slash(name, { channel, ...input });
  const reply = await handle.reply({ timeoutMs: 60_000 });
  await h.settle();
  return reply;
}

const ids: string[] = [];
async function campaign(channel: string, scenario: string) {
  const created = await slash('frederick', 'campaign', channel, { sub: 'create', options: { scenario } });
  ids.push(/game `([^`]+)`/.exec(created.content)?.[1] ?? '');
  await slash('frederick', 'campaign', channel, { sub: 'join', options: { seat: 'prussia' } });
  await slash('maria', 'campaign', channel, { sub: 'join', options: { seat: 'austria' } });
  await slash('frederick', 'campaign', channel, { sub: 'start' });
}

beforeAll(async () => {
  const { engine } = await import('../../src/app/engine-adapter.js');
  h = await startBotHarness({ engine: engine as unknown as RulesEngine<unknown>, names: loadNames() });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('/standings and /history (issue 21)', () => {
  it('before any campaign ends there are no standings', async () => {
    const r = await slash('maria', 'standings', 'war');
    expect(r.content).toMatch(/No campaign has finished/);
  }, 60_000);

  it('/history during play answers privately with what the reader may know', async () => {
    await campaign('war', '1757');
    const mine = await slash('maria', 'history', 'war');
    expect(mine.visibleTo).toEqual([h.standin.userId('maria')]);
    expect(textOf(mine)).toMatch(/What your seats know so far|Nothing of note/);
    const outsider = await slash('umpire', 'history', 'war');
    expect(outsider.visibleTo).toEqual([h.standin.userId('umpire')]);
    // Battle reports go to the two sides only (9.0): an outsider never reads one during play.
    expect(textOf(outsider)).not.toMatch(/Battle at \d{4}: column/);
  }, 120_000);

  it('a conceded, a drawn and an abandoned campaign: standings per player, nation and side', async () => {
    await slash('frederick', 'campaign', 'war', { sub: 'concede' });
    // The channel is free again once a campaign ends.
    await campaign('war', '1758');
    await slash('frederick', 'campaign', 'war', { sub: 'draw' });
    await slash('maria', 'campaign', 'war', { sub: 'draw' });
    await campaign('other', '1759');
    await slash('frederick', 'campaign', 'other', { sub: 'end' });

    const players = await slash('umpire', 'standings', 'war');
    expect(players.audience).toBe('channel');
    const text = textOf(players);
    expect(text).toMatch(
      /2 campaign\(s\) and \d+ battle\(s\) counted; 1 abandoned campaign\(s\) not counted/,
    );
    const maria = h.standin.userId('maria');
    const frederick = h.standin.userId('frederick');
    // Maria: a win by concession (1757 went to Prussia historically: +1 bonus) and a draw.
    expect(text).toContain(`1. <@${maria}> · campaigns 2: 1-1-0 +1 = 4 pts (100%)`);
    expect(text).toContain(`2. <@${frederick}> · campaigns 2: 0-1-1 = 1 pts (25%)`);
    expect(text).toMatch(/\*\*Autopilot\*\* \(all its seats, counted apart\)\nAutopilot · campaigns 4:/);

    const nationsReply = await slash('umpire', 'standings', 'war', { options: { table: 'nations' } });
    // The table as a picture, under 400 KB.
    const pic = nationsReply.attachments.find((a) => a.filename === 'standings.png');
    expect(pic?.size).toBeGreaterThan(1000);
    expect(pic!.size).toBeLessThan(400_000);
    expect(Buffer.from(pic!.bytes).subarray(1, 4).toString()).toBe('PNG');
    const nations = textOf(nationsReply);
    expect(nations).toContain('1. Austria · campaigns 2: 1-1-0 +1 = 4 pts (100%)');
    expect(nations).toMatch(/Played by the autopilot/);
    const sides = textOf(await slash('umpire', 'standings', 'war', { options: { table: 'sides' } }));
    expect(sides).toMatch(/Coalition · campaigns 2: 1-1-0 \+1 = 4 pts/);
    expect(sides).toMatch(/Prussian-Allied · campaigns 2: 0-1-1 = 1 pts/);
  }, 180_000);

  it('/history after the end is for everyone, with the result', async () => {
    const r = await slash('umpire', 'history', 'war', { options: { game: ids[0]! } });
    expect(r.audience).toBe('channel');
    expect(textOf(r)).toMatch(/Coalition victory by concession/);
    // The VP of both sides by Game-Turn as a chart.
    expect(r.attachments.map((a) => a.filename)).toContain('vp-by-turn.png');
    const drawn = await slash('umpire', 'history', 'war', { options: { game: ids[1]! } });
    expect(textOf(drawn)).toMatch(/Both sides agreed a draw/);
    const unknown = await slash('umpire', 'history', 'war', { options: { game: 'nope' } });
    expect(unknown.visibleTo).toEqual([h.standin.userId('umpire')]);
    expect(unknown.content).toMatch(/There is no campaign nope/);
  }, 120_000);
});

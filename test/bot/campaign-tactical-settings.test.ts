// Issue 16 item 4: a campaign's tactical-battle settings from Discord (/campaign settings), through
// CampaignService.updateSettings (the bot never writes the games table): the mode, the minimum SP,
// the time budget (tactical turns) and how the autopilot's seats answer the offer. They are part of
// the set-up, so the service takes them only before the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { engine } from '../../src/app/engines.js';
import { loadNames } from '../../src/bot/assets.js';
import type { GameState } from '../../src/engine/types.js';
import type { RecordedMessage } from '../discord-standin/index.js';
import { type BotHarness, startBotHarness, textOf } from './support/bot-harness.js';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ engine: engine as unknown as RulesEngine<unknown>, names: loadNames() });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function slash(
  user: string,
  name: string,
  input: { sub?: string; options?: Record<string, string | number | boolean> } = {},
): Promise<RecordedMessage> {
  const handle = h.standin.user(user).slash(name, { channel: 'war', ...input });
  await handle.acknowledged({ timeoutMs: 5000 });
  const reply = await handle.reply({ timeoutMs: 20_000 });
  await h.settle();
  return reply;
}

describe('/campaign settings: tactical battles (issue 16)', () => {
  it('the creator sets mode, minimum SP, turns and the autopilot answer before the start; the game starts with them', async () => {
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: '1757' } });
    const shown = await slash('frederick', 'campaign', { sub: 'settings' });
    expect(textOf(shown)).toMatch(/tactical battles: offer, at least 6 SP a side/);
    const set = await slash('frederick', 'campaign', {
      sub: 'settings',
      options: { tactical: 'always', tactical_min_sp: 4, tactical_turns: 3, tactical_autopilot: 'decline' },
    });
    expect(textOf(set)).toMatch(/Campaign settings updated/);
    expect(textOf(await slash('frederick', 'campaign', { sub: 'settings' }))).toMatch(
      /tactical battles: always, at least 4 SP a side, at most 3 turns; the autopilot declines/,
    );
    const notYours = await slash('maria', 'campaign', { sub: 'settings', options: { tactical: 'off' } });
    expect(textOf(notYours)).toMatch(/⛔ Only the campaign creator/);
    expect(notYours.visibleTo).toEqual([h.standin.userId('maria')]);
    await slash('frederick', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    await slash('frederick', 'campaign', { sub: 'start' });
    const row = h.handle.sqlite.prepare('select state from games').get() as { state: string };
    const s = JSON.parse(row.state) as GameState;
    expect(s.tactical).toMatchObject({ mode: 'always', minSp: 4, maxTurns: 3 });
    // Part of the set-up: refused once the campaign runs, privately, with the service's reason.
    const late = await slash('frederick', 'campaign', { sub: 'settings', options: { tactical: 'off' } });
    expect(textOf(late)).toMatch(/⛔/);
    expect(late.visibleTo).toEqual([h.standin.userId('frederick')]);
  }, 60_000);
});

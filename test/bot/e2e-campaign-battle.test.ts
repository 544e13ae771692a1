// Issue 16 end to end through the Discord stand-in with the real engines: a 1757 campaign in which
// Prussia attacks at 1626 (an umpire's repair puts Koenigsegg's Austrians and Zastrow's
// Hanoverians next to Frederick there, and turns campaign battles on), both commanders accept the
// offer by button, and the battle is fought in a private thread: frederick (Prussia) and maria
// (Austria) give real orders, the Hanoverian formation is played by the autopilot, the deadlines
// and the autopilot finish it; the result is applied, the retreat follows and the campaign goes on.
// elizabeth (France, Russia, Sweden) is not in the battle: we check every message she could see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { engine } from '../../src/app/engines.js';
import { loadNames } from '../../src/bot/assets.js';
import type { GameState } from '../../src/engine/types.js';
import type { RecordedMessage } from '../discord-standin/index.js';
import {
  type BotHarness,
  buttonsOf,
  editEngineState,
  startBotHarness,
  textOf,
} from './support/bot-harness.js';

let h: BotHarness;
const HOUR = 3_600_000;
const HEX = '1626';
// The battle must end in an Austrian defeat (the last test follows maria's retreat by button), and
// many campaign battles end in a draw (docs/tactical-calibration.md): seed 6 gives one since the
// calibration of issue #16 changed the counters and the cavalry's deployment (seed 3 did before).
const SEED = Number(process.env.CAMPAIGN_BATTLE_SEED ?? 6);

beforeAll(async () => {
  h = await startBotHarness({ engine: engine as unknown as RulesEngine<unknown>, names: loadNames() });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const gameRow = () =>
  h.handle.sqlite.prepare("select * from games where kind = 'campaign'").get() as {
    id: string;
    state: string;
    version: number;
  };
const state = () => JSON.parse(gameRow().state) as GameState;
const stage = () => state().combat.hook.combat?.stage;

async function slash(
  user: string,
  name: string,
  input: { sub?: string; options?: Record<string, string | number | boolean>; channel?: string } = {},
): Promise<RecordedMessage> {
  const handle = h.standin.user(user).slash(name, { channel: 'war', ...input });
  await handle.acknowledged({ timeoutMs: 5000 });
  const reply = await handle.reply({ timeoutMs: 20_000 });
  await h.settle();
  return reply;
}

async function click(user: string, m: RecordedMessage, id: string): Promise<RecordedMessage> {
  const handle = h.standin.user(user).click(m.id, id);
  const reply = await handle.reply({ timeoutMs: 20_000 });
  await h.settle();
  return reply;
}

/** Clicks a decision button (by label), then Confirm on the preview it opens. */
async function decide(user: string, m: RecordedMessage, label: RegExp): Promise<RecordedMessage> {
  const b = buttonsOf(m).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label} on ${textOf(m)}`);
  const preview = await click(user, m, b.id);
  const confirm = buttonsOf(preview).find((x) => x.label === 'Confirm');
  if (!confirm) return preview;
  return click(user, preview, confirm.id);
}

const botDms = (user: string) => h.standin.dmsOf(user).filter((m) => m.authorId === h.standin.botId);
const latestDmWith = (user: string, label: RegExp) =>
  botDms(user)
    .filter((m) => buttonsOf(m).some((b) => label.test(b.label)))
    .at(-1);

let threadId = '';
/** How many messages elizabeth had seen before the attack (the set-up's are not about the battle). */
let seenBefore = 0;
/** ... and once the battle was over (after it, retreats and the next phases are ordinary campaign news). */
let seenAtEnd = 0;

describe('a campaign battle fought out in Discord (issue 16)', () => {
  it('set-up: 1757, three players, Prussia next to the Austrians at 1626, tactical battles offered', async () => {
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: '1757' } });
    for (const [user, seat] of [
      ['frederick', 'prussia'],
      ['frederick', 'hanover'],
      ['maria', 'austria'],
      ['maria', 'empire'],
      ['elizabeth', 'france'],
      ['elizabeth', 'russia'],
      ['elizabeth', 'sweden'],
    ] as const)
      await slash(user, 'campaign', { sub: 'join', options: { seat } });
    // A fixed seed (as an umpire would set it before the start): the same battle every run.
    h.handle.sqlite.prepare('update games set seed = ?').run(SEED);
    await slash('frederick', 'campaign', { sub: 'start' });
    // The umpire's repair: Koenigsegg's 9 SP and Zastrow with 2 Hanoverian SP stand with
    // Frederick's 8 SP at 1626. Campaign battles are offered by default (design 5.1: offer, 6 SP).
    editEngineState(h, (s) => {
      s.forces['1528'] = {};
      s.forces[HEX] = { prussia: { out: 8, in: 0 }, austria: { out: 9, in: 0 }, hanover: { out: 2, in: 0 } };
      s.forces['2211'] = { hanover: { out: 2, in: 0 } };
      s.leaders.koenigsegg!.hex = HEX;
      s.leaders.zastrow!.hex = HEX;
      s.leaders.frederick!.hex = HEX;
    });
    // The Hanoverian formation will be the autopilot's.
    expect(
      textOf(
        await slash('frederick', 'campaign', { sub: 'autopilot', options: { seat: 'hanover', level: 2 } }),
      ),
    ).toMatch(/autopilot/);
    await slash('frederick', 'done', { options: { seat: 'prussia' } });
    await h.settle();
    for (const [user, seat] of [
      ['maria', 'austria'],
      ['maria', 'empire'],
      ['elizabeth', 'france'],
      ['elizabeth', 'russia'],
      ['elizabeth', 'sweden'],
    ] as const) {
      if (state().pending.includes(seat as never)) await slash(user, 'done', { options: { seat } });
    }
    await h.settle();
    expect(state().phase).toBe('combat');
  }, 120_000);

  it('9.0 + issue 16: Prussia attacks; both commanders get the offer as buttons and accept; a stale offer button is refused', async () => {
    seenBefore = h.standin.seenBy('elizabeth').length;
    const option = latestDmWith('frederick', /Attack at/);
    expect(option).toBeDefined();
    expect(textOf(await decide('frederick', option!, new RegExp(`Attack at .*${HEX}`)))).toMatch(
      /✅ Prussia/,
    );
    expect(stage()).toBe('tactical-offer');
    const offerF = latestDmWith('frederick', /tactical map/);
    const offerM = latestDmWith('maria', /tactical map/);
    expect(offerF && offerM).toBeTruthy();
    for (const m of [offerF!, offerM!]) {
      expect(buttonsOf(m).map((b) => b.label)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/Fight the battle at .*1626.* out on the tactical map/),
          expect.stringMatching(/Decline/),
        ]),
      );
    }
    // elizabeth holds no seat in the battle: no offer reached her.
    expect(botDms('elizabeth').some((m) => /tactical/.test(textOf(m)))).toBe(false);
    expect(textOf(await decide('frederick', offerF!, /Fight the battle/))).toMatch(/✅ Prussia/);
    expect(textOf(await decide('maria', offerM!, /Fight the battle/))).toMatch(/✅ Austria/);
    expect(stage()).toBe('tactical');
    // The offer answered: its button is stale now.
    const stale = buttonsOf(offerM!).find((b) => /Fight the battle/.test(b.label))!;
    const refused = await click('maria', offerM!, stale.id);
    expect(textOf(refused)).toMatch(/⌛.*expired/);
    expect(refused.visibleTo).toEqual([h.standin.userId('maria')]);
    expect(stage()).toBe('tactical');
  }, 60_000);

  it('the battle gets a private thread with only its participants', async () => {
    const created = h.standin.events.filter((e) => e.kind === 'thread-create');
    expect(created.length).toBeGreaterThan(0);
    threadId = (created.at(-1) as { channelId: string }).channelId;
    const members = h.standin.events
      .filter((e) => e.kind === 'thread-member-add' && (e as { channelId: string }).channelId === threadId)
      .map((e) => (e as { userId: string }).userId);
    expect(new Set(members)).toEqual(new Set([h.standin.userId('frederick'), h.standin.userId('maria')]));
    const inThread = h.standin.messagesIn(threadId);
    expect(inThread.length).toBeGreaterThan(1);
    for (const m of inThread) expect(m.visibleTo).not.toContain(h.standin.userId('elizabeth'));
    // The thread names who plays what, and says how to give orders.
    expect(textOf(inThread[0]!)).toMatch(/fought out here on the tactical map/);
    expect(textOf(inThread[0]!)).toMatch(/Hanover, played by the autopilot\): Prussia — Zastrow/);
  }, 60_000);

  it('frederick and maria fight in the thread: deployment by button, orders previewed and confirmed, buttons', async () => {
    const uid = (u: string) => h.standin.userId(u);
    const latest = (u: string) =>
      h.standin
        .messagesIn(threadId)
        .filter((m) => m.content.includes(`<@${uid(u)}>`) && buttonsOf(m).length > 0)
        .at(-1);
    // Secret deployment (design 5.4): each commander takes the template by button.
    for (const u of ['frederick', 'maria']) {
      const m = latest(u)!;
      expect(m.visibleTo).not.toContain(uid('elizabeth'));
      const b = buttonsOf(m).find((x) => /Deploy as the template and commit/.test(x.label))!;
      expect(textOf(await click(u, m, b.id))).toMatch(/✅/);
    }
    expect(state().combat.hook.combat?.battle).toBeDefined();
    let orders = 0;
    let moved = false;
    const clicked: string[] = [];
    for (let i = 0; i < 40 && orders < 8 && stage() === 'tactical'; i++) {
      let acted = false;
      for (const u of ['frederick', 'maria']) {
        const m = latest(u);
        const p = h.bot.runtime.service.pending({ gameId: gameRow().id, userId: uid(u) });
        const d = p.ok ? p.decisions[0] : undefined;
        if (!m || !d) continue;
        const legal = d.legalActions.map((a) => a.order as { type: string; unit?: string; to?: string });
        const move = legal.find((a) => a.type === 'move');
        if (!moved && move) {
          // A move typed as a player would: /battle move in the thread, previewed, then confirmed.
          const preview = await slash(u, 'battle', {
            sub: 'move',
            channel: threadId,
            options: { unit: move.unit!, path: move.to! },
          });
          expect(preview.visibleTo).toEqual([uid(u)]);
          expect(textOf(preview)).toMatch(/Preview — (Prussia|Austria)/);
          expect(preview.attachments.map((a) => a.filename)).toEqual(['preview.png']);
          const ok = buttonsOf(preview).find((b) => b.label === 'Confirm')!;
          expect(textOf(await click(u, preview, ok.id))).toMatch(/✅/);
          moved = true;
          orders++;
          acted = true;
          continue;
        }
        const b = buttonsOf(m).find((x) => !/Done/.test(x.label)) ?? buttonsOf(m)[0]!;
        const r = await click(u, m, b.id);
        if (/✅/.test(textOf(r))) {
          clicked.push(`${u}: ${b.label}`);
          orders++;
          acted = true;
        }
      }
      if (!acted) break;
    }
    expect(clicked.some((c) => /^frederick: Activate/.test(c))).toBe(true);
    expect(clicked.some((c) => /^maria: Activate/.test(c))).toBe(true);
    expect(orders).toBeGreaterThanOrEqual(4);
    expect(moved).toBe(true);
  }, 120_000);

  it('the bot restarts mid-battle: the battle goes on in the same thread (the thread record is stored)', async () => {
    const threadsBefore = h.standin.events.filter((e) => e.kind === 'thread-create').length;
    const postedBefore = h.standin.messagesIn(threadId).length;
    await h.restart({ reopen: true });
    expect(stage()).toBe('tactical');
    // /battle status in the thread still finds its battle.
    const status = await slash('maria', 'battle', { sub: 'status', channel: threadId });
    expect(status.visibleTo).toEqual([h.standin.userId('maria')]);
    expect(textOf(status)).not.toMatch(/There is no battle in this thread|This battle is over/);
    // The next deadline's update goes into the same thread: no second thread is opened.
    for (let i = 0; i < 5 && h.standin.messagesIn(threadId).length === postedBefore; i++)
      await h.advance(3 * HOUR);
    expect(h.standin.messagesIn(threadId).length).toBeGreaterThan(postedBefore);
    expect(h.standin.events.filter((e) => e.kind === 'thread-create').length).toBe(threadsBefore);
  }, 120_000);

  it('in the thread: /help says what the battle waits on; /battle orders sets a standing order its side alone sees', async () => {
    const uid = (u: string) => h.standin.userId(u);
    expect(stage()).toBe('tactical');
    const help = await slash('maria', 'help', { channel: threadId });
    expect(help.visibleTo).toEqual([uid('maria')]);
    expect(textOf(help)).toMatch(/Turn \d|Waiting for/);
    expect(textOf(help)).toMatch(/\/battle status .* orders/);
    expect(textOf(help)).not.toMatch(/\/campaign create/);
    const set = await slash('maria', 'battle', {
      sub: 'orders',
      channel: threadId,
      options: { kind: 'retreat', subject: 'all', policy: 'edge' },
    });
    expect(set.visibleTo).toEqual([uid('maria')]);
    expect(textOf(set)).toMatch(/Standing order set: all units, retreat → edge/);
    expect(textOf(set)).toMatch(/Standing orders of Austria .*\n• all units: retreat → edge/);
    expect(stage()).toBe('tactical');
    // The other side does not see it; a bad policy is refused and changes nothing.
    const other = await slash('frederick', 'battle', { sub: 'orders', channel: threadId });
    expect(textOf(other)).toMatch(/Prussia has no standing orders/);
    const bad = await slash('maria', 'battle', {
      sub: 'orders',
      channel: threadId,
      options: { kind: 'retreat', subject: 'all', policy: 'sideways' },
    });
    expect(textOf(bad)).toMatch(/⛔/);
    const list = await slash('maria', 'battle', { sub: 'orders', channel: threadId });
    expect(textOf(list).match(/retreat → edge/g)).toHaveLength(1);
  }, 120_000);

  it('deadlines and the autopilot finish the battle; the thread says it is over; the result is applied and the retreat follows', async () => {
    const t0 = Date.now();
    let deadlines = 0;
    // frederick hands Prussia to the autopilot for the rest of the battle; maria lets her deadlines pass.
    expect(
      textOf(
        await slash('frederick', 'campaign', { sub: 'autopilot', options: { seat: 'prussia', level: 2 } }),
      ),
    ).toMatch(/autopilot/);
    // Each deadline plays the awaited formations' step with the tactical autopilot (as for any seat).
    for (; deadlines < 600 && stage() === 'tactical'; deadlines++) {
      await h.advance(3 * HOUR);
    }
    console.log(`battle finished after ${deadlines} deadlines, ${Date.now() - t0} ms`);
    expect(stage()).not.toBe('tactical');
    seenAtEnd = h.standin.seenBy('elizabeth').length;
    const thread = h.standin.messagesIn(threadId);
    const end = thread.find((m) => /🏁 The battle at .*1626.* is over/.test(m.content));
    expect(end).toBeDefined();
    expect(textOf(end!)).toMatch(/campaign goes on/);
    expect(textOf(end!)).toMatch(/Battle at .*1626.*: (Prussian-Allied victory|Coalition victory|a draw)/);
    // The campaign channel: the public lines only (a battle is being fought; the result).
    const channel = h.standin.messagesIn('war').map(textOf).join('\n');
    expect(channel).toMatch(/A battle is being fought at .*1626/);
    expect(channel).toMatch(
      /Battle at .*1626.*: (Prussian-Allied|Coalition) victory|Battle at .*1626.*: a draw/,
    );
    // The full report reaches the participants by DM, as for a table battle; it says how it was fought.
    const report = [...botDms('frederick'), ...botDms('maria')].find((m) =>
      m.embeds.some((e) => /^⚔️ Battle at .*1626/.test(e.title ?? '')),
    );
    expect(textOf(report!)).toMatch(/fought out on the tactical map/);
    expect(textOf(report!)).not.toMatch(/column of the Combat Results Table/);
    // 9.5: the loser retreats: maria answers her prompt by button; Prussia's autopilot answers its own.
    // (Whichever side loses: with the seed of this run it is Austria, and maria is asked.)
    if (process.env.CAMPAIGN_BATTLE_SEED === undefined) expect(stage()).toBe('retreat');
    if (stage() === 'retreat') {
      const ask = latestDmWith('maria', /Retreat/);
      expect(ask).toBeDefined();
      expect(textOf(await decide('maria', ask!, /Retreat/))).toMatch(/✅ Austria: Retreat/);
    }
    const news = [...h.standin.messagesIn('war'), ...botDms('frederick'), ...botDms('maria')]
      .map(textOf)
      .join('\n');
    if (process.env.SAVE_PICTURES) (await import('node:fs')).writeFileSync('/tmp/bot16-news.txt', news);
    expect(news).toMatch(/The defeated force at .*1626.* rolls \d: \d+ MP of retreat/);
    await h.advance(3 * HOUR);
    // The campaign goes on: the Combat Phase is over and the next phase's update is in the channel.
    expect(state().combat.hook.combat?.stage ?? 'done').not.toMatch(/tactical|retreat/);
    expect(state().phase).not.toBe('combat');
    const after = h.standin
      .messagesIn('war')
      .filter((m) => m.origin === 'channel-message')
      .at(-1)!;
    expect(textOf(after)).not.toMatch(/Combat Phase$/m);
  }, 400_000);

  it('elizabeth, not in the battle, saw nothing of it but the public lines', async () => {
    const eid = h.standin.userId('elizabeth');
    const seen = h.standin.seenBy('elizabeth').slice(seenBefore);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((m) => m.channelId === threadId)).toBe(false);
    for (const m of seen) {
      const t = textOf(m);
      // Nothing of the tactical game: no formations, combat points, tactical events or pictures.
      expect(t).not.toMatch(
        /Combat points|formation|infantry|cavalry|batter|activation|Rally Phase|deploy|thread/i,
      );
      expect(m.attachments.map((a) => a.filename)).not.toContain('battle-map.png');
    }
    // The strategic result reaches the Coalition seats as a table battle's does (9.0: both sides
    // learn the result and its report); nothing of the tactical game itself reached her.
    expect(seenAtEnd).toBeGreaterThan(seenBefore);
    // The public lines she did see.
    const lines = seen
      .filter((m) => m.audience === 'channel')
      .map(textOf)
      .join('\n');
    expect(lines).toMatch(/A battle is being fought at .*1626/);
    expect(lines).toMatch(/Battle at .*1626.*victory|Battle at .*1626.*a draw/);
    // And the thread's members: frederick and maria only.
    const thread = h.standin.messagesIn(threadId);
    expect(thread.every((m) => !m.visibleTo.includes(eid))).toBe(true);
    // The bot used only routes Discord has (private threads, member adds) and broke no limit.
    expect(h.standin.unknownRequests).toEqual([]);
    expect(h.standin.rejections()).toEqual([]);
    // Every battle picture is legible-sized and under 400 KB.
    const pics = h.standin.attachments({ channelId: threadId });
    expect(pics.length).toBeGreaterThan(1);
    for (const p of pics) expect(p.bytes.length).toBeLessThan(400 * 1024);
    const { writeFileSync } = await import('node:fs');
    const whole = pics.find((p) => p.filename === 'battle-map.png' && pics.indexOf(p) > 0) ?? pics[0]!;
    if (process.env.SAVE_PICTURES) {
      writeFileSync('/tmp/bot16-thread-map.png', whole.bytes);
      writeFileSync('/tmp/bot16-thread-last.png', pics.at(-1)!.bytes);
      writeFileSync('/tmp/bot16-thread.txt', thread.map(textOf).join('\n-----\n'));
    }
  }, 400_000);
});

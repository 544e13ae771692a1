// Issue 15: nothing slow inside an interaction. /battle map and an order's preview are acknowledged
// (deferred) before their picture is drawn; the picture comes from the bot's BattlePictures (the
// picture thread in `ftg bot`) and then fills the deferred reply. The picture thread draws the same
// bytes as the main thread.
import { InteractionResponseType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../src/app/engines.js';
import { type BattlePictures, inlineBattlePictures } from '../../src/bot/battle/pictures.js';
import { createThreadedMapRenderer } from '../../src/bot/map-renderer.js';
import type { GameRow } from '../../src/db/schema.js';
import { loadTacticalMap } from '../../src/tactical/map.js';
import { addTacticalMap, tacticalMap } from '../../src/tactical/maps.js';
import type { TacState } from '../../src/tactical/state.js';
import type { TacView } from '../../src/tactical/view.js';
import type { InteractionHandle } from '../discord-standin/interaction-handle.js';
import { type BotHarness, buttonsOf, startBotHarness, textOf } from './support/bot-harness.js';

let h: BotHarness;
// The interaction being answered, and what its state was when each picture began.
let current: InteractionHandle | undefined;
const calls: { title: string; acked: InteractionResponseType | undefined }[] = [];
let hold = false;
let release: (() => void) | undefined;
const ASKED = /^(The battlefield|Around|Preview)/;
const pictures: BattlePictures = async (view, o) => {
  if (ASKED.test(o.title)) {
    calls.push({ title: o.title, acked: current?.state.response?.type });
    if (hold) await new Promise<void>((r) => (release = r));
  }
  return inlineBattlePictures(view, o);
};

beforeAll(async () => {
  h = await startBotHarness({ engine, battlePictures: pictures });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const game = () =>
  h.handle.sqlite.prepare("select * from games where kind = 'battle'").get() as GameRow & {
    channel_id: string;
  };
const state = () => JSON.parse(game().state as string) as TacState;

async function slash(
  user: string,
  sub: string,
  options: Record<string, string | number> = {},
  channel?: string,
) {
  const handle = h.standin
    .user(user)
    .slash('battle', { channel: channel ?? game().channel_id, sub, options });
  await handle.acknowledged({ timeoutMs: 5000 });
  const reply = await handle.reply({ timeoutMs: 20_000 });
  await h.settle();
  return reply;
}

/** Sends a picture-making command with the picture held back; checks it was acknowledged first. */
async function heldBack(user: string, sub: string, options: Record<string, string | number>) {
  hold = true;
  release = undefined;
  const before = calls.length;
  current = h.standin.user(user).slash('battle', { channel: game().channel_id, sub, options });
  const ack = await current.acknowledged({ timeoutMs: 5000 });
  expect(ack).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  for (let i = 0; i < 500 && !release; i++) await new Promise((r) => setTimeout(r, 10));
  expect(calls.length).toBe(before + 1);
  // The picture began after the acknowledgement, and nothing was answered while it is drawn.
  expect(calls[before]!.acked).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  expect(current.followUps()).toEqual([]);
  hold = false;
  release!();
  const reply = await current.reply({ timeoutMs: 20_000 });
  expect(reply.visibleTo).toEqual([h.standin.userId(user)]);
  await h.settle();
  return reply;
}

describe('battle pictures are drawn after the acknowledgement (issue 15)', () => {
  it('/battle map: deferred first, then the picture fills the reply', async () => {
    await slash('frederick', 'create', { scenario: 'leuthen-1', deadline_minutes: 600 }, 'war');
    await slash('frederick', 'join', { seat: 'prussia' });
    h.handle.sqlite.prepare('update games set seed = 1 where id = ?').run(game().id);
    await slash('frederick', 'start');
    await h.settle();
    const whole = await heldBack('frederick', 'map', {});
    expect(whole.attachments.map((a) => a.filename)).toEqual(['battle-map.png']);
    const crop = await heldBack('frederick', 'map', { hex: '1510' });
    expect(textOf(crop)).toMatch(/around 1510/);
    // A refusal still answers the deferred reply, privately.
    const bad = await slash('frederick', 'map', { hex: '99' });
    expect(textOf(bad)).toMatch(/⛔ .*not a hex/);
  }, 60_000);

  it("an order's preview: deferred first, then the crop and the Confirm button", async () => {
    const uid = h.standin.userId('frederick');
    // Play Prussia's side decisions (as the autopilot would) until a formation may move.
    let move: { unit: string; to: string } | undefined;
    for (let i = 0; i < 200 && !move; i++) {
      const p = h.bot.runtime.service.pending({ gameId: game().id, userId: uid });
      const d = p.ok ? p.decisions[0] : undefined;
      if (!d) {
        await h.settle();
        continue;
      }
      const m = d.legalActions.find((a) => a.type === 'move');
      if (m) move = { unit: String(m.unit), to: String(m.to) };
      else
        await h.bot.runtime.service.submit({
          gameId: game().id,
          seat: d.seat,
          userId: uid,
          action: engine.autopilot!(state(), d.seat, 2),
        });
      await h.settle();
    }
    expect(move).toBeDefined();
    const preview = await heldBack('frederick', 'move', { unit: move!.unit, path: move!.to });
    expect(textOf(preview)).toMatch(/Preview/);
    expect(preview.attachments.map((a) => a.filename)).toEqual(['preview.png']);
    expect(buttonsOf(preview).map((b) => b.label)).toEqual(['Confirm', 'Cancel']);
  }, 120_000);

  it('the picture thread draws a battle picture byte for byte as the main thread does', async () => {
    const view = engine.view(engine.setup('leuthen-1', 1, {}), 'public') as TacView;
    const threaded = await createThreadedMapRenderer();
    try {
      const o = { title: 'Around 1510', center: '1510', radius: 3, highlights: ['1510'] };
      const [a, b] = await Promise.all([threaded.battle(view, o), inlineBattlePictures(view, o)]);
      expect(a).toBeInstanceOf(Buffer);
      expect(Buffer.compare(a as Buffer, b as Buffer)).toBe(0);
      // A field only this thread knows (a generated campaign field) is drawn here instead.
      addTacticalMap(loadTacticalMap({ ...tacticalMap('leuthen').data, id: 'generated-here' }));
      const generated = { ...view, map: 'generated-here' } as TacView;
      const c = await threaded.battle(generated, o);
      expect(Buffer.compare(c as Buffer, b as Buffer)).toBe(0);
    } finally {
      await threaded.close();
    }
  }, 60_000);
});

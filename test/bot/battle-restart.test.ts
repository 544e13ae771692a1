// Issue 15, recovery: the bot (client and runtime) is stopped mid-battle and started again on the
// same SQLite file, as after a crash. Live mode's Ready list survives it; a reminder that fell due
// while the bot was down is sent afterwards to the awaited holder only; the buttons of the step
// still pending work, an earlier step's are refused; a deadline that passed while down is applied
// once (a second restart applies nothing more) and the autopilot carries on; `ftg replay --verify`
// rebuilds the battle (player, autopilot and deadline actions) from the file.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine } from '../../src/app/engines.js';
import { decodeComponentId, stepTag } from '../../src/bot/custom-id.js';
import { actionKey } from '../../src/bot/orders.js';
import { run as runReplay } from '../../src/cli/commands/replay.js';
import type { GameRow } from '../../src/db/schema.js';
import type { TacState } from '../../src/tactical/state.js';
import type { RecordedMessage } from '../discord-standin/index.js';
import { type BotHarness, buttonsOf, startBotHarness, textOf } from './support/bot-harness.js';

let h: BotHarness;
const MINUTE = 60_000;
// frederick holds Prussia (the side and its formations); elizabeth one Austrian formation; the
// Austrian command and its other formations are on the autopilot.
const USERS = ['frederick', 'elizabeth'] as const;

beforeAll(async () => {
  h = await startBotHarness({ engine });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const game = () =>
  h.handle.sqlite.prepare("select * from games where kind = 'battle'").get() as GameRow & {
    channel_id: string;
    resolved_version: number;
  };
const state = () => JSON.parse(game().state as string) as TacState;
const thread = () => h.standin.messagesIn(game().channel_id).filter((m) => m.authorId === h.standin.botId);

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

async function click(user: string, m: RecordedMessage, id: string): Promise<RecordedMessage> {
  const reply = await h.standin.user(user).click(m.id, id).reply({ timeoutMs: 20_000 });
  await h.settle();
  return reply;
}

function awaited() {
  for (const user of USERS) {
    const p = h.bot.runtime.service.pending({ gameId: game().id, userId: h.standin.userId(user) });
    const d = p.ok ? p.decisions[0] : undefined;
    if (d) return { user, d };
  }
  return undefined;
}

/** Thread messages with buttons and the step their buttons are for. */
function buttonMessages() {
  return thread().flatMap((m) => {
    const b = buttonsOf(m)[0];
    const d = b && decodeComponentId(b.id);
    return d?.ok ? [{ m, step: d.id.step, userId: d.id.userId, seat: d.id.seat }] : [];
  });
}

const openDeadline = () =>
  h.handle.sqlite
    .prepare(
      'select * from deadlines where game_id = ? and closed_at is null and fired_at is null order by version desc',
    )
    .get(game().id) as
    | { id: number; step_id: string; due_at: number; remind_at: number | null; version: number }
    | undefined;

/** The humans play (as the autopilot would, through the service) until `done` holds. */
async function playUntil(done: () => boolean, limit = 400): Promise<void> {
  for (let i = 0; i < limit && !done(); i++) {
    const a = awaited();
    if (!a) {
      await h.settle();
      continue;
    }
    const r = await h.bot.runtime.service.submit({
      gameId: game().id,
      seat: a.d.seat,
      userId: h.standin.userId(a.user),
      action: engine.autopilot!(state(), a.d.seat, 2),
    });
    expect(r.ok).toBe(true);
    await h.settle();
  }
  expect(done()).toBe(true);
}

/** A human awaited in a step that began in live mode, with its buttons posted in the thread. */
function liveHumanStep() {
  const a = awaited();
  const dl = openDeadline();
  if (!a || !dl || dl.remind_at === null || dl.due_at - dl.remind_at !== 2.5 * MINUTE) return undefined;
  if (stepTag(a.d.stepId) !== stepTag(dl.step_id)) return undefined;
  const msg = buttonMessages().findLast(
    (x) => x.step === stepTag(a.d.stepId) && x.userId === h.standin.userId(a.user),
  );
  return msg ? { ...a, dl, msg } : undefined;
}

describe('a battle survives a restart of the bot (issue 15)', () => {
  it('live mode: Ready pressed before a restart still counts after it', async () => {
    await slash('frederick', 'create', { scenario: 'leuthen-1', deadline_minutes: 60 }, 'war');
    await slash('frederick', 'join', { seat: 'prussia' });
    await slash('elizabeth', 'join', { seat: 'austria:nadasdy-corps' });
    h.handle.sqlite.prepare('update games set seed = 1 where id = ?').run(game().id);
    await slash('frederick', 'start');
    expect(textOf(await slash('frederick', 'ready'))).toMatch(/waiting for <@/);
    await h.restart({ reopen: true });
    expect(textOf(await slash('elizabeth', 'ready'))).toMatch(/Live mode: everyone is ready/);
    expect(JSON.parse(game().settings).deadlineMs).toEqual({ phase: 5 * MINUTE, prompt: 5 * MINUTE });
  }, 60_000);

  it('after a restart: the reminder due meanwhile goes to the awaited holder only; pending buttons work, stale ones are refused', async () => {
    let step: ReturnType<typeof liveHumanStep>;
    await playUntil(() => {
      step = liveHumanStep();
      return !!step && buttonMessages().some((x) => x.step !== step!.msg.step);
    });
    const { user, d, msg } = step!;
    const stale = buttonMessages().find((x) => x.step !== msg.step)!;
    const before = thread().length;
    // Down for three minutes: past the reminder (2.5 min), not the deadline (5 min).
    await h.restart({ reopen: true, whileDown: () => h.clock.advance(3 * MINUTE) });
    const reminders = thread()
      .slice(before)
      .filter((m) => m.content.startsWith('⏰'));
    expect(reminders.length).toBe(1);
    expect(reminders[0]!.content).toContain(`<@${h.standin.userId(user)}>`);
    for (const other of USERS.filter((u) => u !== user))
      expect(reminders[0]!.content).not.toContain(`<@${h.standin.userId(other)}>`);
    // The pending step's button, posted before the restart, still works.
    const a = engine.autopilot!(state(), d.seat, 2);
    const buttons = buttonsOf(msg.m);
    const button = buttons.find((b) => b.id.endsWith(`:${actionKey(a)}`)) ?? buttons[0]!;
    const v = game().version;
    expect(textOf(await click(user, msg.m, button.id))).toMatch(/✅/);
    expect(game().version).toBeGreaterThan(v);
    // An earlier step's button is refused and changes nothing.
    const staleUser = USERS.find((u) => h.standin.userId(u) === stale.userId)!;
    const v2 = game().version;
    const refused = await click(staleUser, stale.m, buttonsOf(stale.m)[0]!.id);
    expect(textOf(refused)).toMatch(/⌛|expired/);
    expect(game().version).toBe(v2);
  }, 300_000);

  it('a deadline that passed while the bot was down is applied once; the autopilot carries on', async () => {
    let step: ReturnType<typeof liveHumanStep>;
    await playUntil(() => {
      step = liveHumanStep();
      return !!step;
    });
    const { dl, d } = step!;
    const v = game().version;
    const before = thread().length;
    const timeouts = () =>
      // A timeout's request id is `<seat>/deadline:<deadline id>`.
      h.handle.sqlite
        .prepare(
          'select version, seat, actor from actions where game_id = ? and request_id like ? order by version',
        )
        .all(game().id, `%/deadline:${dl.id}`) as { version: number; seat: string; actor: string }[];
    expect(timeouts()).toEqual([]);
    await h.restart({ reopen: true, whileDown: () => h.clock.advance(10 * MINUTE) });
    const applied = timeouts();
    expect(applied.length).toBeGreaterThan(0);
    expect(applied[0]).toMatchObject({ seat: d.seat, actor: 'deadline', version: v + 1 });
    const fired = h.handle.sqlite.prepare('select fired_at from deadlines where id = ?').get(dl.id) as {
      fired_at: number | null;
    };
    expect(fired.fired_at).not.toBeNull();
    // The deadline speaks for itself: no reminder of a step that is already over.
    expect(
      thread()
        .slice(before)
        .filter((m) => m.content.startsWith('⏰')),
    ).toEqual([]);
    // The autopilot (Austria's command and formations) carries on after the restart.
    const autopilotAfter = () =>
      (
        h.handle.sqlite
          .prepare(
            "select count(*) as n from actions where game_id = ? and actor = 'autopilot' and version > ?",
          )
          .get(game().id, v) as { n: number }
      ).n;
    await playUntil(() => autopilotAfter() > 0);
    // Another restart: the deadline is not applied again.
    const log = game().version;
    await h.restart({ reopen: true });
    expect(timeouts()).toEqual(applied);
    expect(game().version).toBe(log);
    expect(game().resolved_version).toBe(game().version);
  }, 300_000);

  it('ftg replay --verify rebuilds the battle from the file (player, autopilot and deadline actions)', async () => {
    const actors = (
      h.handle.sqlite.prepare('select distinct actor from actions where game_id = ?').all(game().id) as {
        actor: string;
      }[]
    ).map((r) => r.actor);
    expect(actors.sort()).toEqual(['autopilot', 'deadline', 'player']);
    const out: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((m: string) => void out.push(m));
    try {
      expect(await runReplay(['--db', h.handle.sqlite.name, '--game', game().id, '--verify'])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(out.join('\n')).toContain('verified: replay matches the stored state');
  }, 60_000);
});

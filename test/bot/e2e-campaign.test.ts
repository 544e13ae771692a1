// End to end through the Discord stand-in: the real discord.js client, router, publisher and
// campaign runtime, with a small scripted engine (support/toy-engine.ts) standing in for the
// rules engine. Three players: frederick (Prussia + Hanover), maria (Austria + Empire),
// elizabeth (France + Russia + Sweden).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedMessage } from '../discord-standin/index.js';
import { type BotHarness, buttonsOf, startBotHarness, textOf } from './support/bot-harness.js';
import { HIDDEN_SP } from './support/toy-engine.js';

let h: BotHarness;

async function slash(
  user: string,
  name: string,
  input: Parameters<ReturnType<BotHarness['standin']['user']>['slash']>[1] = {},
) {
  const handle = h.standin.user(user).slash(name, { channel: 'war', ...input });
  await handle.acknowledged();
  const reply = await handle.reply();
  await h.settle();
  return reply;
}

async function click(user: string, message: RecordedMessage, label: RegExp) {
  const b = buttonsOf(message).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label} on: ${textOf(message)}`);
  const handle = h.standin.user(user).click(message.id, b.id);
  await handle.acknowledged();
  const reply = await handle.reply();
  await h.settle();
  return reply;
}

function isPrivateTo(m: RecordedMessage, user: string): boolean {
  return m.visibleTo.length === 1 && m.visibleTo[0] === h.standin.userId(user);
}

function latestDm(user: string): RecordedMessage | undefined {
  return h.standin
    .dmsOf(user)
    .filter((m) => m.authorId === h.standin.botId)
    .at(-1);
}

/** A strength the viewer may not see: "37 SP" for Austria, etc. */
function leakedStrengths(text: string, allowed: string[] = []): string[] {
  return Object.entries(HIDDEN_SP)
    .filter(([seat]) => !allowed.includes(seat))
    .filter(([, sp]) => new RegExp(`\\b${sp}\\s*SP\\b`).test(text))
    .map(([seat]) => seat);
}

beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('bot e2e: a short campaign through the stand-in', () => {
  it('registers its commands with Discord', () => {
    const names = h.standin
      .commands()
      .map((c) => c.name)
      .sort();
    expect(names).toEqual(
      [
        'attack',
        'campaign',
        'depot',
        'done',
        'exchange',
        'forcemarch',
        'forces',
        'garrison',
        'help',
        'march',
        'retreat',
        'rule',
        'siege',
        'undo',
      ].sort(),
    );
  });

  it('create, join (several seats per user), start: public announcements, DMs to the seats that act', async () => {
    const created = await slash('frederick', 'campaign', {
      sub: 'create',
      options: { scenario: 'toy', deadline_hours: 24 },
    });
    expect(created.audience).toBe('channel');
    expect(created.content).toMatch(/Campaign \*\*toy\*\* created/);
    for (const [user, seats] of [
      ['frederick', ['prussia', 'hanover']],
      ['maria', ['austria', 'empire']],
      ['elizabeth', ['france', 'russia', 'sweden']],
    ] as const) {
      for (const seat of seats) {
        const r = await slash(user, 'campaign', { sub: 'join', options: { seat } });
        expect(r.content).toContain(`takes ${seat[0]?.toUpperCase()}${seat.slice(1)}`);
      }
    }
    const taken = await slash('maria', 'campaign', { sub: 'join', options: { seat: 'prussia' } });
    expect(isPrivateTo(taken, 'maria')).toBe(true);
    expect(taken.content).toMatch(/already held/);
    const notCreator = await slash('maria', 'campaign', { sub: 'start' });
    expect(isPrivateTo(notCreator, 'maria')).toBe(true);
    const started = await slash('frederick', 'campaign', { sub: 'start' });
    expect(started.content).toMatch(/The campaign begins/);
    await h.settle();
    const update = h.standin
      .messagesIn('war')
      .filter((m) => m.origin === 'channel-message')
      .at(-1);
    if (!update)
      throw new Error(
        `${JSON.stringify(h.handle.sqlite.prepare('select id,status,version,resolved_version from games').all())} ${JSON.stringify(h.handle.sqlite.prepare('select * from published').all())} no channel update; messages: ${h.standin
          .messagesIn('war')
          .map((m) => m.origin)
          .join(',')}\n${h.logs.join('\n')}`,
      );
    expect(update && textOf(update)).toMatch(/march phase/i);
    expect(update && textOf(update)).toMatch(/Waiting for/);
    expect(update && textOf(update)).toMatch(/<t:\d+:R>/);
    // The phasing side's seats (Prussia, Hanover) are DMed; both go to frederick, nobody else.
    const dms = h.standin.dmsOf('frederick').filter((m) => m.authorId === h.standin.botId);
    expect(dms.map((m) => m.embeds[0]?.title ?? '').join(' ')).toMatch(/Prussia/);
    expect(dms.map((m) => m.embeds[0]?.title ?? '').join(' ')).toMatch(/Hanover/);
    expect(h.standin.dmsOf('maria').filter((m) => m.authorId === h.standin.botId)).toEqual([]);
    // Frederick's Prussia DM shows his own strength, never an enemy's.
    const prussiaDm = dms.find((m) => /Prussia/.test(m.embeds[0]?.title ?? ''));
    expect(textOf(prussiaDm as RecordedMessage)).toContain(`${HIDDEN_SP.prussia} SP`);
    expect(leakedStrengths(textOf(prussiaDm as RecordedMessage), ['prussia'])).toEqual([]);
  });
});

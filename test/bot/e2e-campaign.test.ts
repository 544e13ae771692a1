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
  // A decision's choice opens its preview; Confirm sends it (one confirmation for every path).
  const confirm = /^Preview/.test(reply.embeds[0]?.title ?? '')
    ? buttonsOf(reply).find((x) => x.label === 'Confirm')
    : undefined;
  if (!confirm || label.test('Confirm')) return reply;
  const sent = h.standin.user(user).click(reply.id, confirm.id);
  await sent.acknowledged();
  const result = await sent.reply();
  await h.settle();
  return result;
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
        'battle',
        'campaign',
        'depot',
        'done',
        'exchange',
        'forcemarch',
        'forces',
        'garrison',
        'help',
        'history',
        'march',
        'retreat',
        'rule',
        'siege',
        'standings',
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
    // Forced dice, like --dice: force march 4, battle 2, siege 6.
    h.handle.sqlite
      .prepare('update games set options = ?')
      .run(JSON.stringify({ bot: { moveMaps: false }, dice: [4, 2, 6] }));
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
    expect(dms.flatMap((m) => m.embeds.map((e) => e.title ?? '')).join(' ')).toMatch(/Prussia/);
    expect(dms.flatMap((m) => m.embeds.map((e) => e.title ?? '')).join(' ')).toMatch(/Hanover/);
    expect(h.standin.dmsOf('maria').filter((m) => m.authorId === h.standin.botId)).toEqual([]);
    // Frederick's Prussia DM shows his own strength, never an enemy's.
    const prussiaDm = dms.find((m) => m.embeds.some((e) => /Prussia/.test(e.title ?? '')));
    expect(textOf(prussiaDm as RecordedMessage)).toContain(`${HIDDEN_SP.prussia} SP`);
    expect(leakedStrengths(textOf(prussiaDm as RecordedMessage), ['prussia', 'hanover'])).toEqual([]);
  });

  it('commands sent by DM act on the one campaign the user plays in', async () => {
    const dmChannel = (latestDm('frederick') as RecordedMessage).channelId;
    const handle = h.standin
      .user('frederick')
      .slash('forces', { channel: dmChannel, options: { seat: 'prussia' } });
    const reply = await handle.reply();
    expect(textOf(reply)).toContain(`${HIDDEN_SP.prussia} SP`);
    expect(reply.channelId).toBe(dmChannel);
  });

  it('bad inputs get private, specific errors and change nothing', async () => {
    const version = () =>
      (h.handle.sqlite.prepare('select version from games').get() as { version: number }).version;
    const before = version();
    const channelBefore = h.standin.messagesIn('war').filter((m) => m.audience === 'channel').length;
    const cases: Array<[string, string, Record<string, string | number | boolean>, RegExp]> = [
      ['frederick', 'march', { leader: 'Napoleon', path: '1730' }, /No leader of yours is called "Napoleon"/],
      ['frederick', 'march', { leader: 'Frederick', path: '9999' }, /off the map.*rule 5\.44/],
      ['frederick', 'march', { leader: 'Frederick', path: 'Atlantis' }, /No place is called "Atlantis"/],
      [
        'frederick',
        'march',
        { leader: 'Frederick', path: '17x9,,@@' },
        /No place is called|not a hex number/,
      ],
      ['frederick', 'depot', { hex: 'Torgau', seat: 'prussia' }, /Depot Creation Phase.*rule 10\.41/],
      ['maria', 'march', { leader: 'Daun', path: '1731' }, /nothing to do|has nothing/],
      ['maria', 'march', { leader: 'Frederick', path: '1731' }, /No leader of yours is called "Frederick"/],
      ['elizabeth', 'attack', { choice: 'garbage' }, /no attack option to decide now/],
      ['frederick', 'forcemarch', { leader: 'Keith' }, /Force March Phase.*rule 5\.2/],
      [
        'frederick',
        'march',
        { leader: 'Keith', path: '1728', fortress: 'enter', take_sp: 2 },
        /no fortress.*rule 12\.11/,
      ],
    ];
    for (const [user, name, options, expected] of cases) {
      const r = await slash(user, name, { options });
      expect(isPrivateTo(r, user), `${user} /${name} ${JSON.stringify(options)}`).toBe(true);
      expect(textOf(r)).toMatch(expected);
    }
    expect(version()).toBe(before);
    expect(h.standin.messagesIn('war').filter((m) => m.audience === 'channel').length).toBe(channelBefore);
  });

  it('leader autocomplete offers only my own leaders, never a strength', async () => {
    const handle = h.standin
      .user('frederick')
      .autocomplete('march', { channel: 'war', focused: 'leader', options: { leader: '' } });
    const choices = await handle.choices();
    const names = choices.map((c) => c.name).join(' | ');
    expect(names).toMatch(/Frederick/);
    expect(names).toMatch(/Ferdinand/);
    expect(names).not.toMatch(/Daun|Soubise|Fermor/);
    expect(names).not.toMatch(/\bSP\b|\d+\s*SP/);
    const maria = await h.standin
      .user('maria')
      .autocomplete('march', { channel: 'war', focused: 'leader', options: { leader: 'fr' } })
      .choices();
    expect(maria.map((c) => c.name).join(' ')).not.toMatch(/Frederick/);
  });

  it('5.5: a march with an overwhelming attack: private preview, Confirm, outcome only then', async () => {
    const preview = await slash('frederick', 'march', {
      options: { leader: 'Ferdinand', path: '1521', overwhelm: true },
    });
    expect(isPrivateTo(preview, 'frederick')).toBe(true);
    expect(textOf(preview)).toMatch(/Preview — Hanover/);
    expect(textOf(preview)).toMatch(/overwhelming attack/);
    expect(textOf(preview)).toMatch(/Decided only when you confirm/);
    expect(textOf(preview)).not.toMatch(/succeeds|fails/);
    expect(buttonsOf(preview).map((b) => b.label)).toEqual(['Confirm', 'Edit', 'Cancel']);
    const done = await click('frederick', preview, /Confirm/);
    expect(textOf(done)).toMatch(/✅ Hanover: March Ferdinand/);
    expect(textOf(done)).toMatch(/Overwhelming attack at 1521 succeeds/);
    expect(buttonsOf(done)).toEqual([]);
  });

  it('Cancel and /undo withdraw an order without sending it', async () => {
    const preview = await slash('frederick', 'march', { options: { leader: 'Frederick', path: 'Dresdn' } });
    expect(textOf(preview)).toMatch(/read as Dresden \(1730\)/);
    const cancelled = await click('frederick', preview, /Cancel/);
    expect(textOf(cancelled)).toMatch(/nothing was sent/);
    await slash('frederick', 'march', { options: { leader: 'Frederick', path: '1730' } });
    const undo = await slash('frederick', 'undo');
    expect(textOf(undo)).toMatch(/Withdrew 1 unconfirmed order/);
    const again = await slash('frederick', 'undo');
    expect(textOf(again)).toMatch(/no unconfirmed order/);
  });

  it('/done for each of my seats ends the March Phase; the channel gets the next phase', async () => {
    const mine = await slash('frederick', 'done');
    expect(textOf(mine)).toMatch(/add the seat option/);
    await slash('frederick', 'done', { options: { seat: 'prussia' } });
    const last = await slash('frederick', 'done', { options: { seat: 'hanover' } });
    expect(textOf(last)).toMatch(/✅ Hanover: Done: finish my part of this step/);
    const update = h.standin
      .messagesIn('war')
      .filter((m) => m.origin === 'channel-message')
      .at(-1) as RecordedMessage;
    expect(textOf(update)).toMatch(/force march phase/i);
    expect(textOf(update)).toMatch(/Overwhelming attack at 1521 succeeds/);
  });

  it('5.2: a force march: declared, die + Initiative revealed privately, then marched', async () => {
    const preview = await slash('frederick', 'forcemarch', { options: { leader: 'Keith' } });
    expect(textOf(preview)).toMatch(/Force march Keith/);
    const declared = await click('frederick', preview, /Confirm/);
    expect(textOf(declared)).toMatch(/die 4 \+ initiative 1 = 5 MP/);
    const tooFar = await slash('frederick', 'march', {
      options: { leader: 'Keith', path: '1728,1727,1726,1725,1724,1723' },
    });
    expect(textOf(tooFar)).toMatch(/5 MP.*rule 5\.36/);
    const march = await slash('frederick', 'march', {
      options: { leader: 'Keith', path: 'Torgau', take_sp: 5 },
    });
    expect(textOf(march)).toMatch(/Keith enters 1728 \(1 MP spent\)/);
    expect(textOf(march)).toMatch(/supply warning/i);
    const moved = await click('frederick', march, /Confirm/);
    expect(textOf(moved)).toMatch(/✅ Prussia/);
    await slash('frederick', 'done', { options: { seat: 'prussia' } });
    await slash('frederick', 'done', { options: { seat: 'hanover' } });
  });

  it('10.41: a depot is built in the Depot Phase', async () => {
    const preview = await slash('frederick', 'depot', { options: { hex: 'torgau', seat: 'prussia' } });
    expect(textOf(preview)).toMatch(/Build a depot at Torgau \(1728\)/);
    const built = await click('frederick', preview, /Confirm/);
    expect(textOf(built)).toMatch(/begins a depot at 1728/);
    await slash('frederick', 'done', { options: { seat: 'prussia' } });
    await slash('frederick', 'done', { options: { seat: 'hanover' } });
    const forces = await slash('frederick', 'forces', { options: { seat: 'prussia' } });
    expect(textOf(forces)).toMatch(/Depots[\s\S]*Torgau \(1728\) \(building\)/);
  });

  it('9.1: the attack option arrives as DM buttons to its seat only; a stranger cannot use them', async () => {
    const dm = latestDm('frederick') as RecordedMessage;
    expect(textOf(dm)).toMatch(/Prussia/);
    expect(
      buttonsOf(dm)
        .map((b) => b.label)
        .join(' | '),
    ).toMatch(/attack.*1730/);
    expect(h.standin.dmsOf('maria').some((m) => /attack/.test(textOf(m)))).toBe(false);
    // A forged click from maria on frederick's button (she cannot see it; we call the router's
    // handler directly with her id) is refused and changes nothing.
    const { handleComponent } = await import('../../src/bot/orders.js');
    const attackButton = buttonsOf(dm).find((b) => /^Attack at/.test(b.label)) as { id: string };
    const forged = await handleComponent(h.bot.deps, {
      userId: h.standin.userId('maria'),
      customId: attackButton.id,
    });
    expect(forged.content).toMatch(/belongs to another player/);
    const garbage = await handleComponent(h.bot.deps, {
      userId: h.standin.userId('maria'),
      customId: 'sk1:pick:../../etc:austria:1:0.0',
    });
    expect(garbage.content).toMatch(/not one of ours|damaged/);
    const declineButton = buttonsOf(dm).find((b) => /^Decline/.test(b.label)) as { id: string };
    const taken = await click('frederick', dm, /^Attack at/);
    // The same DM's other button is stale now: refused, nothing changes.
    const stale = await handleComponent(h.bot.deps, {
      userId: h.standin.userId('frederick'),
      customId: declineButton.id,
    });
    expect(stale.content).toMatch(/expired; nothing was done/);
    expect(textOf(taken)).toMatch(/✅ Prussia: Attack at Dresden/);
    expect(textOf(taken)).toMatch(/Battle forces at 1730: Prussia/);
    const report = h.standin
      .messagesIn('war')
      .filter((m) => m.origin === 'channel-message')
      .at(-1) as RecordedMessage;
    expect(textOf(report)).toMatch(/Battle at Dresden \(1730\)/);
    expect(leakedStrengths(textOf(report))).toEqual([]);
  });

  it('9.5: the loser chooses a retreat path by autocomplete, previewed then confirmed', async () => {
    const choices = await h.standin
      .user('maria')
      .autocomplete('retreat', { channel: 'war', focused: 'choice', options: { choice: '' } })
      .choices();
    expect(choices.length).toBe(2);
    expect(choices.map((c) => c.name).join(' ')).toMatch(/Austria: Retreat 1 hex NE to 1830, near Dresden/);
    const forged = await slash('maria', 'retreat', { options: { choice: 'austria.AAAAAAAAAAAA' } });
    expect(textOf(forged)).toMatch(/not one of the choices offered now/);
    const preview = await slash('maria', 'retreat', { options: { choice: choices[1]?.value as string } });
    expect(textOf(preview)).toMatch(/Preview — Austria/);
    const done = await click('maria', preview, /Confirm/);
    expect(textOf(done)).toMatch(/✅ Austria: Retreat from Dresden/);
  });

  it('13.33: a siege through the honours of war, each party prompted in turn by buttons', async () => {
    const siege = await slash('frederick', 'siege');
    expect(isPrivateTo(siege, 'frederick')).toBe(true);
    await click('frederick', siege, /Roll for the siege of Magdeburg/);
    const honours = latestDm('frederick') as RecordedMessage;
    expect(
      buttonsOf(honours)
        .map((b) => b.label)
        .join(' | '),
    ).toMatch(/Grant the honours of war at Magdeburg/);
    await click('frederick', honours, /Deny the honours/);
    const summons = latestDm('maria') as RecordedMessage;
    expect(summons.embeds[0]?.title).toMatch(/^Empire/);
    expect(
      buttonsOf(summons)
        .map((b) => b.label)
        .join(' | '),
    ).toMatch(/Surrender Magdeburg/);
    await click('maria', summons, /^Surrender Magdeburg/);
    // Each step's update reports what happened in the step before it.
    const updates = h.standin.messagesIn('war').filter((m) => m.origin === 'channel-message');
    expect(textOf(updates.at(-2) as RecordedMessage)).toMatch(/honours of war are denied/);
    expect(textOf(updates.at(-1) as RecordedMessage)).toMatch(/Magdeburg surrenders/);
  });

  it('14.x + deadline: the prisoner exchange reminder pings only the missing seat; at the deadline the autopilot decides', async () => {
    const dm = latestDm('maria') as RecordedMessage;
    expect(
      buttonsOf(dm)
        .map((b) => b.label)
        .join(' '),
    ).toMatch(/Carry out the prisoner exchange/);
    const elizabethBefore = h.standin.dmsOf('elizabeth').length;
    const frederickBefore = h.standin.dmsOf('frederick').length;
    await h.advance(95 * 60_000);
    const reminder = latestDm('maria') as RecordedMessage;
    expect(reminder.content).toMatch(/still has to act/);
    const pings = h.standin
      .messagesIn('war')
      .filter((m) => m.audience === 'channel' && m.content.startsWith('⏰'));
    expect(pings.length).toBe(1);
    const ping = pings[0] as RecordedMessage;
    expect(ping.content).toMatch(/⏰ <@\d+>: Austria's orders are still missing; the deadline is <t:\d+:R>/);
    expect(ping.content).toContain(`<@${h.standin.userId('maria')}>`);
    expect(ping.content).not.toContain(h.standin.userId('frederick'));
    expect(h.standin.dmsOf('elizabeth').length).toBe(elizabethBefore);
    expect(h.standin.dmsOf('frederick').length).toBe(frederickBefore);
    await h.advance(30 * 60_000);
    const update = h.standin
      .messagesIn('war')
      .filter((m) => m.origin === 'channel-message')
      .at(-1) as RecordedMessage;
    expect(textOf(update)).toMatch(/ran out of time/);
    expect(textOf(update)).toMatch(/Prisoners are exchanged/);
    expect(textOf(update)).toMatch(/march phase/i);
  });

  it('a server manager replaces a player; the old holder can no longer act for the seat', async () => {
    const refused = await slash('maria', 'campaign', {
      sub: 'replace',
      options: { seat: 'france', player: 'newcomer' },
    });
    expect(isPrivateTo(refused, 'maria')).toBe(true);
    const r = await slash('umpire', 'campaign', {
      sub: 'replace',
      options: { seat: 'france', player: 'newcomer' },
    });
    expect(r.audience).toBe('channel');
    const old = await slash('elizabeth', 'done', { options: { seat: 'france' } });
    expect(textOf(old)).toMatch(/You do not hold France/);
    const ok = await slash('newcomer', 'done', { options: { seat: 'france' } });
    expect(textOf(ok)).toMatch(/✅ France/);
  });

  it('the end of the scenario posts the victory table', async () => {
    for (const seat of ['austria', 'empire']) await slash('maria', 'done', { options: { seat } });
    for (const seat of ['russia', 'sweden']) await slash('elizabeth', 'done', { options: { seat } });
    const last = h.standin
      .messagesIn('war')
      .filter((m) => m.origin === 'channel-message')
      .at(-1) as RecordedMessage;
    expect(textOf(last)).toMatch(/campaign is over/i);
    expect(textOf(last)).toMatch(/Victory[\s\S]*Prussian-Allied: vp 12, level marginal victory/);
  });

  it('audit: no public message, embed, image text or autocomplete ever showed a hidden strength; DMs reached only holders', () => {
    const pub = h.standin.messagesIn('war').filter((m) => m.audience === 'channel');
    for (const m of pub) expect(leakedStrengths(textOf(m)), textOf(m)).toEqual([]);
    const holders: Record<string, string[]> = {
      frederick: ['Prussia', 'Hanover'],
      maria: ['Austria', 'Empire'],
      elizabeth: ['France', 'Russia', 'Sweden'],
      newcomer: ['France'],
    };
    for (const [user, seats] of Object.entries(holders)) {
      for (const m of h.standin.dmsOf(user).filter((x) => x.authorId === h.standin.botId)) {
        // A DM names its seat in the embed title, or (once a decision was clicked) in the result line.
        const heading = m.embeds[0]?.title ?? m.content.replace(/^✅ /, '');
        expect(
          seats.some((s) => heading.startsWith(s)),
          `${user} got "${heading}"`,
        ).toBe(true);
        expect(m.visibleTo).toEqual([h.standin.userId(user)]);
        const own = seats.map((s) => s.toLowerCase());
        // 9.x: a battle reveals both forces in that hex to the two sides; nothing else may show.
        const text = textOf(m)
          .split('\n')
          .filter((l) => !/Battle forces at/.test(l))
          .join('\n');
        expect(leakedStrengths(text, own)).toEqual([]);
      }
    }
    expect(h.standin.unknownRequests).toEqual([]);
    // Every payload the bot sent fit Discord's limits (the stand-in refuses what Discord would).
    expect(h.standin.rejections().map((r) => `${r.method} ${r.path}: ${r.code} ${r.message}`)).toEqual([]);
  });
});

// Issue 18, played through the stand-in with the real engine (1757) by three users: frederick
// (Prussia + Hanover), maria (Austria + Empire), elizabeth (France + Russia + Sweden). Each test
// asserts on what each user saw.
import { writeFileSync } from 'node:fs';
import { loadImage } from 'canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { loadNames } from '../../src/bot/assets.js';
import { createMapRenderer } from '../../src/bot/map-renderer.js';
import type { RecordedMessage } from '../discord-standin/index.js';
import {
  type BotHarness,
  buttonsOf,
  editEngineState,
  startBotHarness,
  textOf,
} from './support/bot-harness.js';

let g: BotHarness;
const gameId = () => (g.handle.sqlite.prepare('select id from games').get() as { id: string }).id;
const version = () =>
  (g.handle.sqlite.prepare('select version from games').get() as { version: number }).version;

async function cmd(
  user: string,
  name: string,
  input: { sub?: string; options?: Record<string, string | number | boolean> } = {},
) {
  const reply = await g.standin
    .user(user)
    .slash(name, { channel: 'war', ...input })
    .reply({ timeoutMs: 15000 });
  await g.settle();
  return reply;
}

/** Clicks a button and returns the interaction's handle (its reply and follow-ups). */
async function clickOn(user: string, message: RecordedMessage, label: RegExp) {
  const b = buttonsOf(message).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label} on: ${textOf(message)}`);
  const handle = g.standin.user(user).click(message.id, b.id);
  const reply = await handle.reply({ timeoutMs: 15000 });
  await g.settle();
  return { handle, reply };
}

function pendingSeats(user: string): string[] {
  const p = g.bot.runtime.service.pending({ gameId: gameId(), userId: g.standin.userId(user) });
  if (!p.ok) throw new Error(p.error.message);
  return p.decisions.map((d) => d.seat);
}

function lastDm(user: string, title: RegExp): RecordedMessage {
  const dm = g.standin
    .dmsOf(user)
    .filter((m) => m.authorId === g.standin.botId && m.embeds.some((e) => title.test(e.title ?? '')))
    .at(-1);
  if (!dm) throw new Error(`no DM ${title} for ${user}`);
  return dm;
}

beforeAll(async () => {
  const { engine } = await import('../../src/app/engine-adapter.js');
  g = await startBotHarness({
    engine: engine as unknown as RulesEngine<unknown>,
    names: loadNames(),
    render: createMapRenderer(),
  });
  await cmd('frederick', 'campaign', { sub: 'create', options: { scenario: '1757' } });
  for (const [user, seat] of [
    ['frederick', 'prussia'],
    ['frederick', 'hanover'],
    ['maria', 'austria'],
    ['maria', 'empire'],
    ['elizabeth', 'france'],
    ['elizabeth', 'russia'],
    ['elizabeth', 'sweden'],
  ] as const) {
    await cmd(user, 'campaign', { sub: 'join', options: { seat } });
  }
  await cmd('frederick', 'campaign', { sub: 'start' });
  await g.settle();
}, 60_000);
afterAll(async () => {
  // DUMP=1: write what each player saw, in order, for reading (and their pictures).
  if (process.env.DUMP && g)
    for (const u of ['frederick', 'maria', 'elizabeth']) {
      const seen = [
        ...g.standin.dmsOf(u).map((m) => ({ m, where: 'DM' })),
        ...g.standin.messagesIn('war', { visibleTo: g.standin.userId(u) }).map((m) => ({ m, where: '#war' })),
      ].sort((a, b) => (a.m.id < b.m.id ? -1 : 1));
      writeFileSync(
        `/tmp/botux/play-${u}.txt`,
        seen
          .map(
            ({ m, where }) =>
              `----- ${where} ${m.audience} ${m.attachments.map((a) => `${a.filename} ${a.size}B`).join(' ')}\n${textOf(m)}`,
          )
          .join('\n'),
      );
    }
  await g?.close();
});

describe('issue 18: play experience (1757, three players)', () => {
  let turnOneDm: RecordedMessage;

  it('2: /march without take_sp takes the whole stack; the preview says what moves and warns of 5.34; take_sp:0 warns of a leader alone', async () => {
    const p = g.bot.runtime.service.pending({ gameId: gameId(), userId: g.standin.userId('frederick') });
    if (!p.ok) throw new Error(p.error.message);
    const legal = p.decisions.find((d) => d.seat === 'prussia')?.legalActions ?? [];
    // A subordinate Prussian leader with SP, while Frederick (rank 1) may still move.
    const march = legal.find(
      (a) =>
        a.type === 'march' &&
        a.leader !== 'frederick' &&
        ((a.take as { sp?: number } | undefined)?.sp ?? 0) > 0,
    ) as { leader: string; path: string[]; take: { sp: number } } | undefined;
    if (!march) throw new Error('no legal march for a Prussian subordinate with SP');
    expect(legal.some((a) => a.type === 'march' && a.leader === 'frederick')).toBe(true);
    const preview = await cmd('frederick', 'march', {
      options: { leader: march.leader, path: march.path.join(', ') },
    });
    const field = (name: string) => preview.embeds[0]?.fields?.find((f) => f.name === name)?.value ?? '';
    expect(field('What moves')).toMatch(new RegExp(`with ${march.take.sp} SP`));
    expect(preview.embeds[0]?.description).toMatch(new RegExp(`taking ${march.take.sp} SP`));
    expect(field('⚠️ Warnings')).toMatch(
      /order of rank \(5\.34\).*Frederick II \(rank 1\) may no longer move in this phase/,
    );
    expect(field('Movement points (5.41)')).toMatch(/^Allowance: \d MP/);
    await clickOn('frederick', preview, /^Cancel$/);
    const alone = await cmd('frederick', 'march', {
      options: { leader: march.leader, path: march.path.join(', '), take_sp: 0 },
    });
    expect(alone.embeds[0]?.fields?.find((f) => f.name === 'What moves')?.value).toMatch(
      /⚠️ .* alone, with no strength points/,
    );
    await clickOn('frederick', alone, /^Cancel$/);
  });

  it("13: the DM states each leader's movement allowance for the March Phase", () => {
    const dm = lastDm('frederick', /^Prussia/);
    const field = dm.embeds
      .find((e) => /^Prussia/.test(e.title ?? ''))
      ?.fields?.find((f) => f.name === 'Movement allowance this phase (5.1)');
    expect(field?.value).toMatch(/Frederick II: \d MP \(roll \d \+ Initiative \d\)/);
    // Only his own leaders: Hanover's DM lists Hanoverians, never a Prussian.
    const hanover = lastDm('frederick', /^Hanover/)
      .embeds.find((e) => /^Hanover/.test(e.title ?? ''))
      ?.fields?.find((f) => f.name.startsWith('Movement allowance'));
    expect(hanover?.value ?? '').not.toMatch(/Frederick/);
  });

  it('15: /help for a player holding two seats names the seat on each Done button', async () => {
    const help = await cmd('frederick', 'help');
    const labels = buttonsOf(help).map((b) => b.label);
    expect(labels).toContain('Prussia: Done: finish my part of this step');
    expect(labels).toContain('Hanover: Done: finish my part of this step');
  });

  it("10: one DM per person per update: Frederick's two seats share one message, each with its forces, map and named buttons", () => {
    const dms = g.standin.dmsOf('frederick').filter((m) => m.authorId === g.standin.botId);
    expect(dms).toHaveLength(1);
    const dm = dms[0] as RecordedMessage;
    expect(dm.embeds.map((e) => e.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Prussia/), expect.stringMatching(/^Hanover/)]),
    );
    expect(dm.attachments.map((a) => a.filename).sort()).toEqual(['hanover.png', 'prussia.png']);
    expect(buttonsOf(dm).map((b) => b.label)).toEqual(
      expect.arrayContaining([
        'Prussia: Done: finish my part of this step',
        'Hanover: Done: finish my part of this step',
      ]),
    );
  });

  it('7: clicking Done on a DM keeps its forces list and map and adds the confirmation', async () => {
    turnOneDm = lastDm('frederick', /^Prussia/);
    const dm = lastDm('frederick', /^Hanover/);
    const embedsBefore = JSON.stringify(dm.embeds);
    const { reply } = await clickOn('frederick', dm, /^Hanover: Done/);
    expect(reply.id).toBe(dm.id);
    expect(reply.content).toMatch(/^✅ Hanover: Done/);
    // The reference information stays: the same forces lists and the same map pictures.
    expect(JSON.stringify(reply.embeds)).toBe(embedsBefore);
    expect(reply.attachments.map((a) => a.filename).sort()).toEqual(['hanover.png', 'prussia.png']);
    // Only Hanover's buttons go; Prussia's stay, and so does its line.
    expect(buttonsOf(reply).map((b) => b.label)).toEqual(['Prussia: Done: finish my part of this step']);
    expect(reply.content).toMatch(/\nPrussia: it is your turn to act\./);
  });

  it('1: a Done button from Turn 1 clicked in a later step expires privately and offers the current choice', async () => {
    await cmd('frederick', 'done', { options: { seat: 'prussia' } });
    // The Coalition's player-turn passes by deadline (autopilot) until Prussia must act again.
    for (let i = 0; i < 12 && !pendingSeats('frederick').includes('prussia'); i++)
      await g.advance(25 * 3_600_000);
    expect(pendingSeats('frederick')).toContain('prussia');
    const before = version();
    const { handle, reply } = await clickOn('frederick', turnOneDm, /^Prussia: Done/);
    // Nothing happened in the game; the answer is private and says why.
    expect(version()).toBe(before);
    expect(pendingSeats('frederick')).toContain('prussia');
    expect(reply.id).not.toBe(turnOneDm.id);
    expect(reply.visibleTo).toEqual([g.standin.userId('frederick')]);
    expect(reply.content).toMatch(/earlier step of the campaign and has expired; nothing was done/);
    // It offers the current step's choice, as fresh buttons that do work.
    expect(buttonsOf(reply).map((b) => b.label)).toContain('Done: finish my part of this step');
    // The old DM itself is untouched.
    expect(g.standin.dmsOf('frederick').find((m) => m.id === turnOneDm.id)?.content).toBe(turnOneDm.content);
    expect(handle.followUps().length).toBe(1);
  }, 120_000);

  it('11: a player whose step the deadline finished is told so in the next DM', () => {
    const told = g.standin
      .dmsOf('maria')
      .filter((m) => /^⌛ The deadline passed before (Austria|Empire) had finished/.test(m.content));
    expect(told.length).toBeGreaterThan(0);
    // Frederick finished his own steps himself before each deadline: never told so.
    expect(
      g.standin.dmsOf('frederick').some((m) => /The deadline passed before Prussia/.test(m.content)),
    ).toBe(false);
  });

  it('12: /rule 9.1, 13.1, 13.3, 14.1 say what the section rules, list their cases; 13.2 shows no file path', async () => {
    for (const [c, expected] of [
      ['9.1', /same hex as the enemy/],
      ['13.1', /finished, supplied depot of yours stands in its hex/],
      ['13.3', /Breach/],
      ['14.1', /SP for SP, leader for leader/],
    ] as const) {
      const r = await cmd('elizabeth', 'rule', { options: { case: c } });
      expect(r.visibleTo).toEqual([g.standin.userId('elizabeth')]);
      expect(r.embeds[0]?.description).toMatch(expected);
      expect(r.embeds[0]?.fields?.[0]?.name).toBe('In this section');
      expect(r.embeds[0]?.fields?.[0]?.value).toMatch(new RegExp(`\\*\\*${c.replace('.', '\\.')}1 `));
    }
    const table = await cmd('maria', 'rule', { options: { case: '13.2' } });
    expect(textOf(table)).not.toMatch(/assets\/|\.json/);
    expect(table.embeds[0]?.description).toMatch(/rolls one die/);
  });

  it('15: no message any of the three players saw speaks in engine ids', () => {
    const seen = ['frederick', 'maria', 'elizabeth'].flatMap((u) => [
      ...g.standin.dmsOf(u),
      ...g.standin.messagesIn('war', { visibleTo: g.standin.userId(u) }),
    ]);
    expect(seen.length).toBeGreaterThan(10);
    const nat = '(prussia|hanover|austria|france|russia|sweden|empire)';
    for (const m of seen) {
      const t = textOf(m);
      expect(t).not.toMatch(new RegExp(`\\b[Aa] ${nat}\\b`));
      expect(t).not.toMatch(new RegExp(`(^|[\\s(])${nat} (SP|force|depot|units|player-turn)\\b`));
      expect(t).not.toMatch(
        /leader\(s\)|\(none\)|prussian allied|\bcoalition\b|forcemarch phase|\bmarch phase/,
      );
    }
  });

  it("10: every picture any player got is under 400 KB; DMs show a crop of the seat's own front, the whole map comes on demand", async () => {
    const seen = ['frederick', 'maria', 'elizabeth'].flatMap((u) => [
      ...g.standin.dmsOf(u),
      ...g.standin.messagesIn('war', { visibleTo: g.standin.userId(u) }),
    ]);
    const pictures = seen.flatMap((m) => m.attachments);
    expect(pictures.length).toBeGreaterThan(5);
    for (const a of pictures) expect(a.size, a.filename).toBeLessThan(400_000);
    // A seat's DM map is a crop around its largest force, not the 2100-pixel whole map.
    const dm = lastDm('maria', /^Austria/);
    const crop = dm.attachments[0];
    if (!crop) throw new Error('no DM picture');
    const img = await loadImage(Buffer.from(crop.bytes));
    expect(img.width).toBeLessThan(1200);
    expect(dm.embeds[0]?.footer?.text).toMatch(/whole map: \/campaign map scope:mine/);
    if (process.env.DUMP) writeFileSync('/tmp/botux/dm-austria.png', Buffer.from(crop.bytes));
    // On demand, the whole map of her seats, still under the budget.
    const whole = await cmd('maria', 'campaign', { sub: 'map', options: { scope: 'mine' } });
    expect(whole.visibleTo).toEqual([g.standin.userId('maria')]);
    expect(whole.attachments.map((a) => a.filename).sort()).toEqual(['austria.jpg', 'empire.jpg']);
    for (const a of whole.attachments) expect(a.size).toBeLessThan(400_000);
  });

  it('11: after the Coalition concedes, the channel gets the Victory Points and /campaign status says how it ended', async () => {
    const first = await cmd('maria', 'campaign', { sub: 'concede' });
    expect(first.content).toMatch(/waiting for the other Coalition players/);
    const last = await cmd('elizabeth', 'campaign', { sub: 'concede' });
    expect(last.audience).toBe('channel');
    expect(last.content).toMatch(/The Prussian-Allied side wins the campaign by concession/);
    expect(last.content).toMatch(
      /Victory Points when it ended \(17\.0\)\*\*: Prussian-Allied \d+ · Coalition \d+/,
    );
    const status = await cmd('frederick', 'campaign', { sub: 'status' });
    expect(status.content).toMatch(
      /ended\. Prussian-Allied victory by concession \(VP Prussian-Allied \d+, Coalition \d+\)/,
    );
    expect(status.content).not.toMatch(/abandoned/);
  });

  it('every request fit Discord limits (nothing refused by the stand-in)', () => {
    expect(g.standin.rejections().map((r) => `${r.method} ${r.path}: ${r.code} ${r.message}`)).toEqual([]);
    expect(g.standin.unknownRequests).toEqual([]);
  });
});

describe('issue 18.5: supply is said one way, and previews check what /done will check (10.52-10.53)', () => {
  let h: BotHarness;
  beforeAll(async () => {
    const { engine } = await import('../../src/app/engine-adapter.js');
    h = await startBotHarness({ engine: engine as unknown as RulesEngine<unknown>, names: loadNames() });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('a leader alone out of supply is named in /forces, and a preview warns that /done will be refused until he moves', async () => {
    const slash = async (
      user: string,
      name: string,
      input: { sub?: string; options?: Record<string, string | number | boolean> },
    ) => {
      const reply = await h.standin
        .user(user)
        .slash(name, { channel: 'war', ...input })
        .reply({ timeoutMs: 15000 });
      await h.settle();
      return reply;
    };
    await slash('frederick', 'campaign', { sub: 'create', options: { scenario: '1757' } });
    for (const [user, seat] of [
      ['frederick', 'prussia'],
      ['frederick', 'hanover'],
      ['maria', 'austria'],
      ['elizabeth', 'russia'],
    ] as const)
      await slash(user, 'campaign', { sub: 'join', options: { seat } });
    await slash('frederick', 'campaign', { sub: 'start' });
    // Maurice (Initiative 1) starts the March Phase alone at 1130, outside Prussian supply (10.52-10.53).
    editEngineState(h, (s) => {
      s.leaders.maurice!.hex = '1130';
      s.movement.mustResupply = ['maurice'];
    });
    const forces = await slash('frederick', 'forces', { options: { seat: 'prussia' } });
    const supply = forces.embeds[0]?.fields?.find((f) => f.name === 'Supply')?.value ?? '';
    expect(supply).toMatch(/Leaders out of supply: Maurice[^\n]* at 1130/);
    expect(supply).not.toMatch(/All your forces/);
    const p = h.bot.runtime.service.pending({
      gameId: (h.handle.sqlite.prepare('select id from games').get() as { id: string }).id,
      userId: h.standin.userId('frederick'),
    });
    if (!p.ok) throw new Error(p.error.message);
    const march = p.decisions
      .find((d) => d.seat === 'prussia')
      ?.legalActions.find((a) => a.type === 'march' && a.leader === 'frederick') as
      | { path: string[] }
      | undefined;
    if (!march) throw new Error('no legal march for Frederick');
    const preview = await slash('frederick', 'march', {
      options: { leader: 'Frederick', path: march.path.join(',') },
    });
    const warnings = preview.embeds[0]?.fields?.find((f) => f.name === '⚠️ Warnings')?.value ?? '';
    expect(warnings).toMatch(
      /After this order you still may not finish the phase with \/done: Maurice.* out of supply/,
    );
    expect(warnings).toMatch(/rule 10\.53/);
  }, 60_000);

  it('6: an army at an enemy fortress is told why it is not besieged, and what to do', async () => {
    const forces = async () =>
      (
        await h.standin
          .user('frederick')
          .slash('forces', { channel: 'war', options: { seat: 'prussia' } })
          .reply({ timeoutMs: 15000 })
      ).embeds[0]?.fields?.find((f) => f.name === 'Sieges (13.1)')?.value ?? '';
    // Keith with 12 SP outside the Austrian-garrisoned fortress at 1230, no depot there.
    editEngineState(h, (s) => {
      s.forces['1230'] = { austria: { out: 0, in: 1 }, prussia: { out: 12, in: 0 } };
      s.leaders.keith!.hex = '1230';
    });
    expect(await forces()).toMatch(
      /\(1230\): not besieged — no depot of your side here\. Begin one with \/depot/,
    );
    editEngineState(h, (s) => {
      s.depots['1230'] = { hex: '1230', owner: 'prussia', status: 'building', placedTurn: 1 };
    });
    expect(await forces()).toMatch(/\(1230\): not besieged yet — your depot here is still being built/);
    // Maria's view shows nothing of this (it is Prussia's own situation).
    const hers = await h.standin
      .user('maria')
      .slash('forces', { channel: 'war', options: { seat: 'austria' } })
      .reply({ timeoutMs: 15000 });
    expect(textOf(hers)).not.toMatch(/Sieges \(13\.1\)/);
    // At the siege step, /siege says the same instead of only "nothing to decide".
    const siege = await h.standin
      .user('frederick')
      .slash('siege', { channel: 'war' })
      .reply({ timeoutMs: 15000 });
    expect(siege.content).toMatch(/no siege decision to decide now[\s\S]*\(1230\): not besieged yet/);
  }, 60_000);
});

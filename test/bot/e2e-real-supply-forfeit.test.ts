// End to end with the real engine (1757, every die a 6): the supply the engine's View carries
// (10.0 supplied hexes, 10.61 out-of-supply stacks) and the side's VP estimate (17.0) reach the
// order preview, /forces and the DM; and 14.15: once Frederick is a prisoner the Prussian seat is
// offered a Forfeit button that asks for confirmation before the forfeit goes to the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { loadNames } from '../../src/bot/assets.js';
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

async function press(user: string, message: RecordedMessage, label: RegExp) {
  const b = buttonsOf(message).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label} on: ${textOf(message)}`);
  const reply = await g.standin.user(user).click(message.id, b.id).reply({ timeoutMs: 15000 });
  await g.settle();
  // A decision's choice opens its preview; Confirm sends it (one confirmation for every path).
  const confirm = /^Preview/.test(reply.embeds[0]?.title ?? '')
    ? buttonsOf(reply).find((x) => x.label === 'Confirm')
    : undefined;
  if (!confirm || label.test('Confirm')) return reply;
  const sent = await g.standin.user(user).click(reply.id, confirm.id).reply({ timeoutMs: 15000 });
  await g.settle();
  return sent;
}

beforeAll(async () => {
  const { engine } = await import('../../src/app/engine-adapter.js');
  g = await startBotHarness({ engine: engine as unknown as RulesEngine<unknown>, names: loadNames() });
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
  g.handle.sqlite.prepare('update games set options = ?').run(JSON.stringify({ dice: Array(40).fill(6) }));
  await cmd('frederick', 'campaign', { sub: 'start' });
}, 60_000);
afterAll(async () => {
  await g?.close();
});

describe('bot e2e with the real engine: supply, VP estimate and the 14.15 forfeit', () => {
  it('10.61: a march ending outside the supplied hexes is previewed with an attrition warning', async () => {
    const inSupply = await cmd('frederick', 'march', {
      options: { leader: 'Frederick', path: '1622, 1522', take_sp: 15 },
    });
    expect(textOf(inSupply)).not.toMatch(/out of supply/);
    await press('frederick', inSupply, /^Cancel$/);
    const preview = await cmd('frederick', 'march', {
      options: { leader: 'Frederick', path: '1622, 1522, 1421, 1321, 1320, 1219', take_sp: 15 },
    });
    const warn = preview.embeds[0]?.fields?.find((f) => f.name === '⚠️ Warnings');
    expect(warn?.value).toMatch(/ends out of supply at 1219: attrition risk \(10\.61\)/);
    const done = await press('frederick', preview, /^Confirm$/);
    expect(textOf(done)).toMatch(/✅ Prussia: March Frederick II/);
  }, 60_000);

  it('/forces lists the stacks out of supply (10.61) and the own VP estimate (17.0), privately', async () => {
    const forces = await cmd('frederick', 'forces', { options: { seat: 'prussia' } });
    expect(forces.visibleTo).toEqual([g.standin.userId('frederick')]);
    const fields = forces.embeds[0]?.fields ?? [];
    expect(fields.find((f) => f.name === 'Supply')?.value).toMatch(
      /^Out of supply: .*1219.* \(attrition, 10\.61\)$/m,
    );
    expect(fields.find((f) => f.name === 'Victory Points (17.0)')?.value).toMatch(
      /^Prussian-Allied: -?\d+ VP \(if the game ended now\)$/,
    );
    // Not offered while Frederick is free.
    expect(buttonsOf(forces).map((b) => b.label)).not.toContain('Forfeit the campaign (14.15)');
    // The Coalition's /forces shows its own estimate only, never the Prussian one.
    const coalition = await cmd('maria', 'forces', { options: { seat: 'austria' } });
    expect(coalition.embeds[0]?.fields?.find((f) => f.name === 'Victory Points (17.0)')?.value).toMatch(
      /^Coalition: -?\d+ VP/,
    );
    expect(textOf(coalition)).not.toMatch(/Prussian-Allied: -?\d+ VP/);
  }, 60_000);

  it('14.15: Frederick a prisoner: the DM offers Forfeit, asks again, and the forfeit ends the game', async () => {
    editEngineState(g, (s) => {
      const fritz = s.leaders.frederick;
      if (!fritz) throw new Error('no Frederick in 1757');
      fritz.status = 'captured';
      fritz.hex = null;
      fritz.inside = false;
      s.ledger.prisonerLeaders.coalition.push('frederick');
    });
    // The reminder DM (the Prussian seat is still pending in its March Phase) carries the button.
    await g.advance(22 * 3_600_000);
    const dm = g.standin
      .dmsOf('frederick')
      .filter((m) => m.authorId === g.standin.botId && m.embeds.some((e) => /^Prussia/.test(e.title ?? '')))
      .at(-1) as RecordedMessage;
    expect(textOf(dm)).toMatch(/Frederick is a prisoner/);
    // The DM shows the same private picture as /forces: supply (10.61) and the VP estimate (17.0).
    expect(textOf(dm)).toMatch(/Out of supply: .*1219.* \(attrition, 10\.61\)/);
    expect(textOf(dm)).toMatch(/Victory Points \(17\.0\)\nPrussian-Allied: -?\d+ VP/);
    // One DM covers both of Frederick's seats: each button names its seat.
    expect(buttonsOf(dm).map((b) => b.label)).toContain('Prussia: Forfeit the campaign (14.15)');
    for (const m of g.standin.dmsOf('maria')) expect(textOf(m)).not.toMatch(/Forfeit/);
    // First click: a confirmation; "No" withdraws and the game goes on.
    const ask = await press('frederick', dm, /^Prussia: Forfeit/);
    expect(textOf(ask)).toMatch(/Forfeit the campaign\? .*decisive Coalition victory \(14\.15\)/);
    const withdrawn = await press('frederick', ask, /^No, fight on$/);
    expect(textOf(withdrawn)).toMatch(/Forfeit withdrawn/);
    expect((g.handle.sqlite.prepare('select status from games').get() as { status: string }).status).toBe(
      'active',
    );
    // Prussia finishes its March Phase: it is no longer a seat that must act (Hanover still is),
    // yet the forfeit stays open (14.15: at any moment). From /forces this time: ask, then yes.
    await cmd('frederick', 'done', { options: { seat: 'prussia' } });
    const pending = g.bot.runtime.service.pending({
      gameId: gameId(),
      userId: g.standin.userId('frederick'),
    });
    expect(pending.ok && pending.decisions.map((d) => d.seat)).toEqual(['hanover']);
    const forces = await cmd('frederick', 'forces', { options: { seat: 'prussia' } });
    const ask2 = await press('frederick', forces, /^Forfeit/);
    const yes = await press('frederick', ask2, /^Yes, forfeit$/);
    expect(textOf(yes)).toMatch(/✅ Prussia: Forfeit the campaign \(14\.15\)/);
    expect((g.handle.sqlite.prepare('select status from games').get() as { status: string }).status).toBe(
      'over',
    );
    await g.settle();
    const last = g.standin
      .messagesIn('war')
      .filter((m) => m.audience === 'channel' && m.embeds.length > 0)
      .at(-1) as RecordedMessage;
    expect(textOf(last)).toMatch(/The campaign is over/);
    expect(textOf(last)).toMatch(/Result: Coalition decisive victory/);
  }, 60_000);

  it('a second forfeit once the game is over is refused', async () => {
    // The game is over now: a second forfeit is refused by the engine with the rule.
    const r = await g.bot.runtime.service.submit({
      gameId: gameId(),
      seat: 'prussia',
      userId: g.standin.userId('frederick'),
      action: { type: 'forfeit' },
    });
    expect(r.ok).toBe(false);
  });

  it('every request fit Discord limits', () => {
    expect(g.standin.rejections().map((r) => `${r.method} ${r.path}: ${r.code} ${r.message}`)).toEqual([]);
    expect(g.standin.unknownRequests).toEqual([]);
  });
});

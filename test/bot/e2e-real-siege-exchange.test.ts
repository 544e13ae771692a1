// End to end with the real rules engine through the Discord stand-in, for what the toy engine
// covered before: a replaced player (a server manager gives France to another user), a siege
// through the honours of war (13.33: breach, the garrison asks, the besieger denies, the garrison
// refuses and is stormed; each party prompted by DM buttons in turn; then the other two outcomes,
// honours granted and a surrender), a prisoner exchange (14.1,
// each side's choice by button) and a depot begun and completed (10.41).
//
// The situation is prepared in the stored state of a 1757 game, as an umpire's repair would: an
// Austrian 1 SP garrison in Torgau (1821), Glatz (1532) and Brieg (1634), each with 6 Prussian SP
// and a complete Prussian depot outside (13.12: so the fortress is besieged), 12 Prussian SP at 1522 (10.42: enough to begin a depot),
// prisoners on both sides and an exchange on turn 1 (1757 itself exchanges only at the end). The
// siege die is forced to 6 through state.rng.forced (the --dice mechanism) just before each roll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateOf } from '../../src/app/apply-action.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { loadNames } from '../../src/bot/assets.js';
import { getGame, getSeats } from '../../src/db/game-repository.js';
import type { GameState } from '../../src/engine/types.js';
import type { RecordedMessage } from '../discord-standin/index.js';
import {
  type BotHarness,
  buttonsOf,
  editEngineState,
  startBotHarness,
  textOf,
} from './support/bot-harness.js';

let g: BotHarness;
let engine: RulesEngine<unknown>;
const TORGAU = '1821';
const GLATZ = '1532';
const BRIEG = '1634';
const gameId = () => (g.handle.sqlite.prepare('select id from games').get() as { id: string }).id;
const state = () => stateOf(getGame(g.handle.db, gameId()) as never) as GameState;

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

function lastDm(user: string, title: RegExp): RecordedMessage {
  const dm = g.standin
    .dmsOf(user)
    .filter((m) => m.authorId === g.standin.botId && m.embeds.some((e) => title.test(e.title ?? '')))
    .at(-1);
  if (!dm) throw new Error(`no DM to ${user} titled ${title}`);
  return dm;
}

/**
 * Moves the game on through the service, as the seats' holders would with /done (or by
 * declining an attack option), until `until` holds. Returns the number of actions sent.
 */
async function passUntil(until: (s: GameState) => boolean, max = 80): Promise<number> {
  for (let i = 0; i < max; i++) {
    const s = state();
    if (until(s)) return i;
    const seat = engine.pendingSeats(s)[0];
    if (!seat) throw new Error(`nobody to act at t${s.turn} ${s.phasing} ${s.phase}`);
    const legal = engine.legalActions(s, seat);
    const action =
      legal.find((a) => a.type === 'done') ??
      legal.find((a) => a.type === 'combat-decline') ??
      (legal[0] as (typeof legal)[number]);
    const holder = getSeats(g.handle.db, gameId()).find((r) => r.seat === seat)?.userId as string;
    const r = await g.bot.runtime.service.submit({ gameId: gameId(), seat, userId: holder, action });
    if (!r.ok) throw new Error(`${seat} ${JSON.stringify(action)}: ${r.error.message}`);
    await g.settle();
  }
  throw new Error('passUntil: too many actions');
}

const channelUpdates = () =>
  g.standin.messagesIn('war').filter((m) => m.origin === 'channel-message' && m.embeds.length > 0);

beforeAll(async () => {
  engine = (await import('../../src/app/engine-adapter.js')).engine as unknown as RulesEngine<unknown>;
  g = await startBotHarness({ engine, names: loadNames() });
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
  editEngineState(g, (s) => {
    s.forces[TORGAU] = { austria: { out: 0, in: 1 }, prussia: { out: 6, in: 0 } };
    s.depots[TORGAU] = { hex: TORGAU, owner: 'prussia', status: 'complete', placedTurn: 1 };
    // Two more besieged fortresses for the other two outcomes of 13.33: honours, surrender.
    for (const hex of [GLATZ, BRIEG]) {
      s.forces[hex] = { austria: { out: 0, in: 1 }, prussia: { out: 6, in: 0 } };
      s.depots[hex] = { hex, owner: 'prussia', status: 'complete', placedTurn: 1 };
    }
    s.forces['1522'] = { prussia: { out: 12, in: 0 } };
    s.rules.prisonerExchange = [{ a: ['austria'], b: ['prussia'], turns: [1] }];
    s.ledger.prisoners['prussian-allied'] = { austria: 3 };
    s.ledger.prisoners.coalition = { prussia: 2 };
  });
}, 60_000);
afterAll(async () => {
  await g?.close();
});

describe('bot e2e with the real engine: replaced player, siege and honours of war, exchange, depot', () => {
  it('a server manager replaces a seat holder: the new holder acts, the old one is refused', async () => {
    await cmd('frederick', 'done', { options: { seat: 'prussia' } });
    await cmd('frederick', 'done', { options: { seat: 'hanover' } });
    expect(state().phase).toBe('forcemarch');
    expect(engine.pendingSeats(state())).toContain('france');
    const refused = await cmd('maria', 'campaign', {
      sub: 'replace',
      options: { seat: 'france', player: 'newcomer' },
    });
    expect(refused.visibleTo).toEqual([g.standin.userId('maria')]);
    const r = await cmd('umpire', 'campaign', {
      sub: 'replace',
      options: { seat: 'france', player: 'newcomer' },
    });
    expect(r.audience).toBe('channel');
    const old = await cmd('elizabeth', 'done', { options: { seat: 'france' } });
    expect(textOf(old)).toMatch(/You do not hold France/);
    expect(engine.pendingSeats(state())).toContain('france');
    const ok = await cmd('newcomer', 'done', { options: { seat: 'france' } });
    expect(textOf(ok)).toMatch(/✅ France: Done: finish my part of this step/);
    expect(engine.pendingSeats(state())).not.toContain('france');
    // The old holder's /forces no longer lists France.
    const forces = await cmd('elizabeth', 'forces', { options: { seat: 'france' } });
    expect(textOf(forces)).toMatch(/You do not hold France/);
  }, 60_000);

  it('13.33: breach, honours asked; the besieger denies by button, the garrison refuses by button: stormed', async () => {
    await passUntil((s) => s.phase === 'siege');
    const roll = lastDm('frederick', /^Prussia/);
    expect(buttonsOf(roll).map((b) => b.label)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Roll for the siege of Torgau \(1821\)/)]),
    );
    // --dice: the next die shows 6; no leader inside, so the modified roll is 6: a breach (13.2).
    editEngineState(g, (s) => {
      s.rng.forced = [6];
    });
    const mariaBefore = g.standin.dmsOf('maria').length;
    const othersBefore = ['elizabeth', 'newcomer'].map((u) => g.standin.dmsOf(u).length);
    const rolled = await press('frederick', roll, /^Roll for the siege of Torgau/);
    expect(textOf(rolled)).toMatch(/Siege of Torgau: die 6, modified 6: breach/);
    expect(textOf(rolled)).toMatch(/Torgau is breached; its garrison asks for the honours of war/);
    // The besieger (Prussia) is asked next, by DM buttons; the garrison's owner is not yet.
    const honours = lastDm('frederick', /^Prussia/);
    expect(honours.id).not.toBe(roll.id);
    const labels = buttonsOf(honours).map((b) => b.label);
    expect(labels).toContain('Grant the honours of war at Torgau (1821)');
    expect(labels).toContain('Deny the honours of war at Torgau (1821) and demand surrender');
    expect(
      g.standin
        .dmsOf('maria')
        .slice(mariaBefore)
        .some((m) => buttonsOf(m).length > 0),
    ).toBe(false);
    // After the resolution the garrison's owner, whose forces were involved, gets its private
    // update (no decision yet); seats with nothing at Torgau get nothing.
    const involved = g.standin.dmsOf('maria').slice(mariaBefore);
    expect(involved.map((m) => m.embeds[0]?.title)).toEqual(['Austria — Campaign update']);
    expect(involved[0]?.content).toMatch(/your forces were involved/);
    expect(textOf(involved[0] as RecordedMessage)).toMatch(/Torgau is breached/);
    expect(['elizabeth', 'newcomer'].map((u) => g.standin.dmsOf(u).length)).toEqual(othersBefore);
    const denied = await press('frederick', honours, /^Deny the honours/);
    expect(textOf(denied)).toMatch(/honours of war are denied; the garrison is summoned to surrender/);
    // Now the garrison's owner (Austria) is asked.
    const summons = lastDm('maria', /^Austria/);
    expect(buttonsOf(summons).map((b) => b.label)).toEqual(
      expect.arrayContaining([
        'Surrender Torgau (1821)',
        'Refuse to surrender Torgau (1821) (it is stormed)',
      ]),
    );
    const stormed = await press('maria', summons, /^Refuse to surrender/);
    expect(textOf(stormed)).toMatch(/Torgau is stormed: it falls/);
    const s = state();
    expect(s.forces[TORGAU]?.austria?.in ?? 0).toBe(0);
    expect(s.forces[TORGAU]?.prussia?.in ?? 0).toBeGreaterThan(0);
    const all = channelUpdates().map(textOf).join('\n');
    expect(all).toMatch(/Torgau is breached/);
    expect(all).toMatch(/honours of war are denied/);
    expect(all).toMatch(/Torgau is stormed: it falls/);
  }, 60_000);

  it('13.33: the besieger grants the honours at Glatz (the garrison marches out); Brieg, denied, surrenders', async () => {
    const force6 = () =>
      editEngineState(g, (st) => {
        st.rng.forced = [6];
      });
    // Prussia still has two sieges to roll: a fresh DM offers both.
    const next = lastDm('frederick', /^Prussia/);
    expect(buttonsOf(next).map((b) => b.label)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Roll for the siege of Glatz/),
        expect.stringMatching(/^Roll for the siege of Brieg/),
      ]),
    );
    force6();
    await press('frederick', next, /^Roll for the siege of Glatz/);
    const honours = lastDm('frederick', /^Prussia/);
    const granted = await press('frederick', honours, /^Grant the honours of war at Glatz/);
    expect(textOf(granted)).toMatch(/Glatz: the garrison marches out with the honours of war/);
    expect(state().forces[GLATZ]?.austria?.in ?? 0).toBe(0);
    const prisonersBefore = state().ledger.prisoners['prussian-allied'].austria ?? 0;
    force6();
    await press('frederick', lastDm('frederick', /^Prussia/), /^Roll for the siege of Brieg/);
    await press('frederick', lastDm('frederick', /^Prussia/), /^Deny the honours/);
    const surrendered = await press('maria', lastDm('maria', /^Austria/), /^Surrender Brieg/);
    expect(textOf(surrendered)).toMatch(/Brieg surrenders; its garrison is taken prisoner/);
    expect(state().ledger.prisoners['prussian-allied'].austria ?? 0).toBe(prisonersBefore + 1);
  }, 60_000);

  it('14.1: the prisoner exchange: each side is asked by button, then the prisoners return', async () => {
    await passUntil((s) => s.phase === 'prisoner-exchange');
    expect(engine.pendingSeats(state()).sort()).toEqual(['austria', 'prussia']);
    const austria = lastDm('maria', /^Austria/);
    const done = await press('maria', austria, /^Carry out the prisoner exchange/);
    expect(textOf(done)).toMatch(/✅ Austria: Carry out the prisoner exchange/);
    const prussia = lastDm('frederick', /^Prussia/);
    const last = await press('frederick', prussia, /^Carry out the prisoner exchange/);
    expect(textOf(last)).toMatch(/2 Austrian SP return from captivity to \d{4}/);
    expect(textOf(last)).toMatch(/2 Prussian SP return from captivity to \d{4}/);
    expect(state().turn).toBe(2);
    expect(state().ledger.prisoners.coalition.prussia ?? 0).toBe(0);
    expect(channelUpdates().map(textOf).join('\n')).toMatch(/return from captivity/);
  }, 60_000);

  it('10.41: a depot is begun in the Depot Creation Phase and completed at the next one', async () => {
    expect(state().phase).toBe('depot');
    // Issue 18.13: autocomplete offers exactly the hexes where Prussia may begin a depot now.
    const legalHexes = (engine.legalActions(state(), 'prussia') as Array<{ type: string; hex?: string }>)
      .filter((a) => a.type === 'depot-build')
      .map((a) => a.hex as string)
      .sort();
    const choices = await g.standin
      .user('frederick')
      .autocomplete('depot', { channel: 'war', focused: 'hex', options: { hex: '', seat: 'prussia' } })
      .choices();
    expect(choices.map((c) => c.value).sort()).toEqual(legalHexes.slice(0, 25));
    const preview = await cmd('frederick', 'depot', { options: { hex: '1522', seat: 'prussia' } });
    expect(textOf(preview)).toMatch(/Build a depot at 1522/);
    const built = await press('frederick', preview, /^Confirm$/);
    expect(textOf(built)).toMatch(/A Prussian depot is begun at 1522/);
    const forces = await cmd('frederick', 'forces', { options: { seat: 'prussia' } });
    expect(textOf(forces)).toMatch(/Depots[\s\S]*1522 \(building\)/);
    // On to the next Prussian-Allied Depot Creation Phase (turn 3).
    await passUntil((s) => s.turn === 3 && s.phase !== 'reinforcement' && s.phase !== 'morale', 120);
    expect(state().depots['1522']?.status).toBe('complete');
    const later = await cmd('frederick', 'forces', { options: { seat: 'prussia' } });
    const depots = later.embeds[0]?.fields?.find((f) => f.name === 'Depots')?.value ?? '';
    expect(depots).toMatch(/1522/);
    expect(depots).not.toMatch(/1522 \(building\)/);
  }, 120_000);

  it('no hidden strength in any channel post; every request fit Discord limits', () => {
    for (const m of g.standin.messagesIn('war').filter((x) => x.audience === 'channel')) {
      const forces = m.embeds[0]?.fields?.find((f) => f.name === 'Forces on the map')?.value ?? '';
      expect(forces).not.toMatch(/\bSP\b/);
    }
    expect(g.standin.rejections().map((r) => `${r.method} ${r.path}: ${r.code} ${r.message}`)).toEqual([]);
    expect(g.standin.unknownRequests).toEqual([]);
  });
});

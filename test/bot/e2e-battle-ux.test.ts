// Issue 15, what players notice, end to end through the Discord stand-in with the real tactical
// engine, in an autopilot-heavy battle: frederick holds Prussia (its commander and all nine
// formations), elizabeth one Austrian formation, the autopilot the rest of Austria.
// - A readable thread: one message per step at most, edited when nothing new is to be shown, and
//   a budget of thread messages per turn (justified below).
// - Standing orders (/battle orders): set once, answered by the engine without a round trip,
//   shown to their own side only.
// - Shocks of several units, and a cavalry charge, by command with odds previewed before Confirm.
// - /help aware of the step, /rule for the Leuthen cases.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../src/app/engine-port.js';
import { engine } from '../../src/app/engines.js';
import { actionKey } from '../../src/bot/orders.js';
import { run as runReplay } from '../../src/cli/commands/replay.js';
import type { GameRow } from '../../src/db/schema.js';
import { neighbours } from '../../src/tactical/hex.js';
import type { TacState } from '../../src/tactical/state.js';
import type { RecordedMessage } from '../discord-standin/index.js';
import {
  type BotHarness,
  buttonsOf,
  editEngineState,
  startBotHarness,
  textOf,
} from './support/bot-harness.js';

let h: BotHarness;
const SEED = Number(process.env.BATTLE_SEED ?? 2);

beforeAll(async () => {
  h = await startBotHarness({ engine });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const game = () =>
  h.handle.sqlite.prepare("select * from games where kind = 'battle'").get() as GameRow & {
    channel_id: string;
  };
const state = () => JSON.parse(game().state as string) as TacState;
/** The thread as everyone sees it: the bot's own posts (not the private answers to commands). */
const thread = () =>
  h.standin
    .messagesIn(game().channel_id)
    .filter((m) => m.authorId === h.standin.botId && m.audience !== 'ephemeral' && m.interactionId === null);
/** Steps the service followed up (each posted one update and one "your decision" before). */
const steps = () =>
  (
    h.handle.sqlite.prepare('select count(*) as n from deadlines where game_id = ?').get(game().id) as {
      n: number;
    }
  ).n;

async function slash(
  user: string,
  sub: string,
  options: Record<string, string | number> = {},
  channel?: string,
  command = 'battle',
): Promise<RecordedMessage> {
  const handle = h.standin.user(user).slash(command, {
    channel: channel ?? game().channel_id,
    ...(command === 'battle' ? { sub } : {}),
    options,
  });
  await handle.acknowledged({ timeoutMs: 5000 });
  const reply = await handle.reply({ timeoutMs: 20_000 });
  await h.settle();
  return reply;
}

async function complete(
  user: string,
  sub: string,
  options: Record<string, string>,
  focused: string,
): Promise<{ name: string; value: string }[]> {
  const choices = await h.standin
    .user(user)
    .autocomplete('battle', { channel: game().channel_id, sub, options, focused })
    .choices();
  return choices.map((c) => ({ name: c.name, value: String(c.value) }));
}

async function click(user: string, m: RecordedMessage, id: string): Promise<RecordedMessage> {
  const handle = h.standin.user(user).click(m.id, id);
  const reply = await handle.reply({ timeoutMs: 20_000 });
  await h.settle();
  return handle.followUps()[0] ?? reply;
}

async function confirm(user: string, p: RecordedMessage): Promise<RecordedMessage> {
  const ok = buttonsOf(p).find((b) => b.label === 'Confirm');
  if (!ok) throw new Error(`no preview: ${textOf(p)}`);
  return click(user, p, ok.id);
}

function decisionOf(user: string) {
  const p = h.bot.runtime.service.pending({ gameId: game().id, userId: h.standin.userId(user) });
  if (!p.ok) throw new Error(p.error.message);
  return p.decisions[0];
}

/** Several units on one defender (11.2): legal now, or after one move of the activation. */
function findTogether(seat: string): { pre: Action[]; shock: Action } | undefined {
  const s = state();
  if (!s.activation) return undefined;
  const legal = (st: TacState) => engine.legalActions(st, seat) as Action[];
  const isTogether = (x: Action) =>
    x.type === 'shock' && (x.attackers as string[]).length > 1 && (x.defenders as string[]).length === 1;
  const now = legal(s);
  const direct = now.find(isTogether);
  if (direct) return { pre: [], shock: direct };
  if (!now.some((x) => x.type === 'shock')) return undefined;
  for (const m of now) {
    if (m.type !== 'move' || s.activation.stage !== 'move') continue;
    const r = engine.apply(s, seat, m);
    if (!r.ok) continue;
    const shock = legal(r.state as TacState).find(isTogether);
    if (shock) return { pre: [m], shock };
  }
  // The autopilot seldom brings two units on one enemy at once: as an umpire's repair would, put a
  // second unit of the activation next to the enemy one of its units may shock.
  const single = now.find((x) => x.type === 'shock' && (x.attackers as string[]).length === 1);
  if (!single) return undefined;
  const [x] = single.attackers as string[];
  const [e] = single.defenders as string[];
  const enemyHex = s.units.find((u) => u.id === e)!.hex!;
  const occupied = new Set(s.units.filter((u) => u.hex && !u.eliminated).map((u) => u.hex));
  for (const y of s.units) {
    if (y.id === x || y.arm !== 'infantry' || !s.activation.inCommand.includes(y.id) || y.hex === null)
      continue;
    if (y.attackedTurn === s.turn) continue;
    for (const hex of neighbours(enemyHex)) {
      if (!hex || occupied.has(hex)) continue;
      for (let facing = 0; facing < 6; facing++) {
        const t = structuredClone(s);
        const u = t.units.find((z) => z.id === y.id)!;
        u.hex = hex;
        u.facing = facing;
        const shock = legal(t).find(
          (z) =>
            isTogether(z) && (z.defenders as string[])[0] === e && (z.attackers as string[]).includes(y.id),
        );
        if (shock) {
          editEngineState(h, (st) => {
            const w = (st as unknown as TacState).units.find((z) => z.id === y.id)!;
            w.hex = hex;
            w.facing = facing;
          });
          return { pre: [], shock };
        }
      }
    }
  }
  return undefined;
}

/** A cavalry unit of the active formation that can move two hexes and then shock: a charge. */
function findCharge(seat: string): { unit: string; path: string[]; target: string } | undefined {
  const s = state();
  const a = s.activation;
  if (a?.stage !== 'move') return undefined;
  const legal = (st: TacState) => engine.legalActions(st, seat) as Action[];
  for (const first of legal(s)) {
    if (first.type !== 'move') continue;
    const u = s.units.find((x) => x.id === first.unit)!;
    if (u.arm !== 'cavalry' || (a.mp[u.id] ?? 0) > 0) continue;
    const one = engine.apply(s, seat, first);
    if (!one.ok) continue;
    for (const second of legal(one.state as TacState)) {
      if (second.type !== 'move' || second.unit !== u.id) continue;
      const two = engine.apply(one.state, seat, second);
      if (!two.ok) continue;
      const st = two.state as TacState;
      if ((st.activation?.charge[u.id] ?? 0) < 2) continue;
      const shock = legal(st).find(
        (x) =>
          x.type === 'shock' &&
          (x.attackers as string[]).join() === u.id &&
          (x.defenders as string[]).length === 1,
      );
      if (shock)
        return {
          unit: u.id,
          path: [String(first.to), String(second.to)],
          target: (shock.defenders as string[])[0]!,
        };
    }
  }
  return undefined;
}

describe('a readable Leuthen thread with standing orders (issue 15)', () => {
  it('create, join, start; standing orders set, refused, listed and kept from the enemy', async () => {
    await slash('frederick', 'create', { scenario: 'leuthen-1', deadline_minutes: 600 }, 'war');
    await slash('frederick', 'join', { seat: 'prussia' });
    await slash('elizabeth', 'join', { seat: 'austria:lucchese-corps' });
    h.handle.sqlite.prepare('update games set seed = ? where id = ?').run(SEED, game().id);
    expect(textOf(await slash('frederick', 'start'))).toMatch(/battle begins/);
    await h.settle();

    expect(textOf(await slash('frederick', 'orders'))).toMatch(/no standing orders/);
    // Autocomplete offers the user's own command only.
    const mine = await complete('frederick', 'orders', { kind: 'retreat', subject: '' }, 'subject');
    expect(mine.map((c) => c.value)).toContain('all');
    const austrian = new Set(
      state()
        .units.filter((u) => u.side === 'austria')
        .map((u) => u.id),
    );
    expect(mine.some((c) => austrian.has(c.value))).toBe(false);
    const hers = await complete('elizabeth', 'orders', { kind: 'reaction', subject: '' }, 'subject');
    const lucchese = new Set(
      state()
        .units.filter((u) => u.formation === 'lucchese-corps')
        .map((u) => u.id),
    );
    expect(
      hers
        .filter((c) => c.value !== 'all' && !c.value.endsWith('-corps'))
        .every((c) => lucchese.has(c.value)),
    ).toBe(true);
    const policies = await complete('frederick', 'orders', { kind: 'loss', policy: '' }, 'policy');
    expect(policies.map((c) => c.value)).toEqual(['strongest', 'weakest', 'clear']);

    for (const [kind, policy] of [
      ['retreat', 'edge'],
      ['displace', 'displace'],
      ['advance', 'advance'],
      ['loss', 'strongest'],
      ['reaction', 'fire'],
    ] as const) {
      const r = await slash('frederick', 'orders', { kind, subject: 'all', policy });
      expect(textOf(r)).toMatch(/✅ Standing order set/);
      expect(r.visibleTo).toEqual([h.standin.userId('frederick')]);
    }
    const wrong = await slash('frederick', 'orders', {
      kind: 'retreat',
      subject: [...austrian][0]!,
      policy: 'edge',
    });
    expect(textOf(wrong)).toMatch(/⛔ .*not under your command/);
    const bad = await slash('frederick', 'orders', { kind: 'loss', subject: 'all', policy: 'sometimes' });
    expect(textOf(bad)).toMatch(/⛔ .*strongest, weakest/);
    expect(
      textOf(await slash('elizabeth', 'orders', { kind: 'reaction', subject: 'all', policy: 'hold' })),
    ).toMatch(/✅/);
    // Engine state, set by engine actions: in the log, so a replay gives the same game.
    expect(state().standing).toHaveLength(6);
    const logged = h.handle.sqlite
      .prepare("select count(*) as n from actions where game_id = ? and action like '%standing-order%'")
      .get(game().id) as { n: number };
    expect(logged.n).toBe(6);
    // ftg replay --verify rebuilds the battle, standing orders included, from the action log.
    const out: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((m: string) => void out.push(m));
    try {
      expect(await runReplay(['--db', h.handle.sqlite.name, '--game', game().id, '--verify'])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(out.join('\n')).toContain('verified: replay matches the stored state');
    // /battle status shows each player their own side's orders only.
    const fs = textOf(await slash('frederick', 'status'));
    expect(fs).toMatch(/all units: retreat → edge/);
    expect(fs).not.toMatch(/reaction → hold/);
    const es = textOf(await slash('elizabeth', 'status'));
    expect(es).toMatch(/reaction → hold/);
    expect(es).not.toMatch(/retreat → edge/);
    // Nothing of it in the thread (the enemy reads the thread).
    expect(thread().some((m) => /standing order/i.test(textOf(m)) && !/answers/.test(textOf(m)))).toBe(false);
  }, 120_000);

  it('/help says what the battle waits on, for whom, with which commands; /rule reads the Leuthen cases', async () => {
    const who = ['frederick', 'elizabeth'].find((u) => decisionOf(u));
    expect(who).toBeDefined();
    const help = await slash(who!, 'help', {}, undefined, 'help');
    expect(textOf(help)).toMatch(/Waiting for .*<@\d+>/);
    expect(textOf(help)).toMatch(/You decide now/);
    expect(buttonsOf(help).length).toBeGreaterThan(0);
    const other = who === 'frederick' ? 'elizabeth' : 'frederick';
    expect(textOf(await slash(other, 'help', {}, undefined, 'help'))).toMatch(/Nothing waits for you/);
    const r = await slash('maria', 'rule', { case: '11.5' }, undefined, 'rule');
    expect(textOf(r)).toMatch(/Leuthen 1757 · 11.5 Shock results/);
    expect(textOf(await slash('maria', 'rule', { case: 'F9.3' }, undefined, 'rule'))).not.toMatch(/Leuthen/);
    expect(textOf(await slash('maria', 'rule', { case: 'L11.6' }, 'war', 'rule'))).toMatch(
      /Leuthen 1757 · 11.6 Retreats/,
    );
    expect(textOf(await slash('maria', 'rule', { case: '9.3' }, 'war', 'rule'))).not.toMatch(/Leuthen/);
    expect(textOf(await slash('maria', 'rule', { case: 'L13.2' }, 'war', 'rule'))).toMatch(
      /⛔ Leuthen 1757 has no case/,
    );
    const auto = await h.standin
      .user('maria')
      .autocomplete('rule', { channel: game().channel_id, options: { case: '11' }, focused: 'case' })
      .choices();
    expect(auto[0]?.value).toBe('L11');
  }, 60_000);

  const perTurn = new Map<number, number>();
  let prompted = 0;
  let multi = false;
  let charged = false;

  it('plays until fighting: one message per step at most, standing orders answer the prompts', async () => {
    const start = thread().length;
    const stepsAtStart = steps();
    let turnAt = { turn: state().turn, count: thread().length };
    const answered = () => thread().some((m) => /standing order answers/.test(textOf(m)));
    for (
      let i = 0;
      i < 5000 &&
      (state().turn < 3 || !multi || !charged || !answered()) &&
      state().turn < 8 &&
      !state().over;
      i++
    ) {
      if (state().turn !== turnAt.turn) {
        perTurn.set(turnAt.turn, thread().length - turnAt.count);
        turnAt = { turn: state().turn, count: thread().length };
      }
      const user = ['frederick', 'elizabeth'].find((u) => decisionOf(u));
      if (!user) {
        await h.settle();
        continue;
      }
      const d = decisionOf(user)!;
      const s = state();
      if (s.prompt) prompted++;
      const a = engine.autopilot!(s, d.seat, 2);
      // 11.2: several attackers on one defender, by command with odds in the preview.
      const found = !multi && user === 'frederick' ? findTogether(d.seat) : undefined;
      if (found) {
        for (const m of found.pre) {
          const r = await h.bot.runtime.service.submit({
            gameId: game().id,
            seat: d.seat,
            userId: h.standin.userId(user),
            action: m,
          });
          expect(r.ok).toBe(true);
        }
        const together = found.shock;
        const [first, ...others] = together.attackers as string[];
        const target = (together.defenders as string[])[0]!;
        const withChoices = await complete(user, 'shock', { unit: first!, target, with: '' }, 'with');
        expect(withChoices.map((c) => c.value)).toContain(others.join(', '));
        const p = await slash(user, 'shock', { unit: first!, target, with: others.join(', ') });
        expect(textOf(p)).toMatch(/Odds[\s\S]*CP\) against .*CP\): column/);
        expect(textOf(p)).toMatch(/dice are rolled only when you confirm/);
        expect(textOf(await confirm(user, p))).toMatch(/✅ .*Shock: .*,.* against/);
        multi = true;
        continue;
      }
      const charge = !charged && user === 'frederick' ? findCharge(d.seat) : undefined;
      if (charge) {
        const path = await complete(
          user,
          'charge',
          { unit: charge.unit, path: `${charge.path[0]}, ` },
          'path',
        );
        expect(path.map((c) => c.value)).toContain(charge.path.join(', '));
        const p = await slash(user, 'charge', {
          unit: charge.unit,
          path: charge.path.join(', '),
          target: charge.target,
        });
        expect(textOf(p)).toMatch(/A charge: 2 straight hexes/);
        expect(textOf(p)).toMatch(/Odds/);
        const r = await confirm(user, p);
        expect(textOf(r)).toMatch(/✅[\s\S]*Shock:/);
        charged = true;
        continue;
      }
      const msg = thread()
        .filter((m) => m.content.includes(`<@${h.standin.userId(user)}>`) && buttonsOf(m).length > 0)
        .at(-1);
      const button = msg && buttonsOf(msg).find((b) => b.id.endsWith(`:${actionKey(a)}`));
      if (button) {
        expect(textOf(await click(user, msg!, button.id))).toMatch(/✅/);
      } else {
        const r = await h.bot.runtime.service.submit({
          gameId: game().id,
          seat: d.seat,
          userId: h.standin.userId(user),
          action: a,
        });
        expect(r.ok).toBe(true);
        await h.settle();
      }
    }
    perTurn.set(turnAt.turn, thread().length - turnAt.count);
    expect(state().turn).toBeGreaterThanOrEqual(3);
    const all = thread().slice(start);
    const logged = (
      h.handle.sqlite.prepare('select events from actions where game_id = ?').all(game().id) as {
        events: string;
      }[]
    ).flatMap((r) => JSON.parse(r.events) as { type: string; side?: string; kind?: string }[]);
    const answers = logged.filter((e) => e.type === 'standing-answer');
    console.log(
      'prompts',
      logged.filter((e) => e.type === 'prompt').map((e) => `${e.side}:${e.kind}`),
      'standing answers',
      answers.map((e) => `${e.side}:${e.kind}`),
    );
    if (process.env.BATTLE_DUMP) {
      // For a person to read: the thread's text and its pictures (BATTLE_DUMP=/some/dir).
      const { writeFileSync } = await import('node:fs');
      const dir = process.env.BATTLE_DUMP;
      writeFileSync(
        `${dir}/thread.txt`,
        all.map((m) => `#${m.id}${m.editedAt ? ' (edited)' : ''}\n${textOf(m)}`).join('\n\n----\n'),
      );
      for (const m of all.slice(-12))
        for (const a of m.attachments) writeFileSync(`${dir}/${m.id}-${a.filename}`, a.bytes);
    }
    console.log('thread messages per turn', Object.fromEntries(perTurn), 'prompts asked', prompted, {
      multi,
      charged,
      total: all.length,
      steps: steps() - stepsAtStart,
    });
    // Prussia's prompts were all answered by its standing orders (only aides-de-camp, 9.4, ask).
    expect(prompted).toBe(0);
    expect(all.some((m) => /standing order answers/.test(textOf(m)))).toBe(true);
    expect(multi).toBe(true);
    expect(charged).toBe(true);
    // Budget per full turn: Prussia activates nine formations, each told in at most one message
    // (its result and the next choice share it); elizabeth's formation one more; the barrage, the
    // Command Phase and the turn's whole-map picture three more; two spare for an aide-de-camp
    // prompt or a deadline notice: 15. Before (one message per step and one per "your decision")
    // the same turn took about 60.
    const full = [...perTurn.keys()].filter((t) => t < state().turn);
    expect(full.length).toBeGreaterThanOrEqual(2);
    for (const t of full) expect(perTurn.get(t), `turn ${t}`).toBeLessThanOrEqual(15);
    // Pictures: a whole map when a turn begins, crops after activations, none mid-activation;
    // never two pictures in one message; each under 400 KB.
    expect(
      all.some((m) => /Turn 2 begins/.test(textOf(m)) && m.attachments[0]?.filename === 'battle-map.png'),
    ).toBe(true);
    expect(all.every((m) => m.attachments.length <= 1)).toBe(true);
    for (const a of h.standin.attachments()) expect(a.size).toBeLessThan(400_000);
  }, 600_000);
});

// Issue #16: campaign battles fought out on the tactical map through the service (real engines,
// real SQLite, the embedded queue): the offer, humans giving tactical orders, refusals, a deadline
// handing the awaited seat to the autopilot, the autopilot finishing the battle, hidden
// information in views and published messages, and `ftg replay --verify` over the whole log.
// 1761 with seed 11 (tactical offered, minSp 1 so the first battle of any size qualifies); Sweden, on
// the Coalition side, is not in the battle and is the outsider. Re-pinned (issue 20) from seed 1 when
// the estimate of hidden strengths changed, from seed 30 when the 300 %/400 % columns (rules version
// 3) and the leaders' care for enemy reach changed the games, and from seed 3 (Prussia attacking the
// Austrians at 0935 in Turn 8) when the autopilot learnt to halt a moving force before ending its
// March Phase (6 Dec 2026), and from seed 2 when the campaign levels learnt to grant the honours of
// war at a breach whose roll shows a commander inside (6 Dec 2026, third session); of seeds 1-12
// only seed 11 now brings such a battle to both cases here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engine } from '../../src/app/engines.js';
import { campaignStory } from '../../src/app/standings/story.js';
import { run as runReplay } from '../../src/cli/commands/replay.js';
import { actionLog, getGame } from '../../src/db/game-repository.js';
import type { GameState, View } from '../../src/engine/index.js';
import { type Harness, makeHarness } from './support/harness.js';

const HOUR = 3_600_000;
let h: Harness;
beforeEach(async () => {
  h = await makeHarness({}, engine);
});
afterEach(async () => {
  await h.cleanup();
});

const stateOf = (id: string) => JSON.parse(getGame(h.handle.db, id)!.state!) as GameState;
const events = (id: string) =>
  actionLog(h.handle.db, id).flatMap((a) =>
    (
      JSON.parse(a.events) as {
        type: string;
        text: string;
        visibility: unknown;
        data?: Record<string, unknown>;
      }[]
    ).map((e) => ({ ...e, version: a.version, actor: a.actor })),
  );

async function verifyReplay(id: string): Promise<string> {
  const out: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((m: string) => void out.push(m));
  try {
    expect(await runReplay(['--db', h.dbPath, '--game', id, '--verify'])).toBe(0);
  } finally {
    spy.mockRestore();
  }
  return out.join('\n');
}

/**
 * 1761, seed 11. Humans hold `humans` (seat -> user); they play the autopilot's own choices until
 * `stop` holds. The other seats are the autopilot's.
 */
async function campaign(humans: Record<string, string>, tactical: Record<string, unknown>) {
  const s = h.runtime.service;
  const c = s.createGame({
    guildId: 'g',
    channelId: 'c',
    userId: 'u1',
    scenario: '1761',
    seed: 11,
    options: { tactical },
  });
  if (!c.ok) throw new Error(c.error.message);
  for (const [seat, userId] of Object.entries(humans))
    if (!s.joinSeat({ gameId: c.gameId, seat, userId }).ok) throw new Error(`join ${seat}`);
  if (!(await s.start({ gameId: c.gameId, userId: 'u1' })).ok) throw new Error('start');
  return c.gameId;
}

async function playHumansUntil(id: string, humans: Record<string, string>, stop: () => boolean) {
  for (let i = 0; i < 2000; i++) {
    await h.settle();
    if (stop()) return;
    const st = stateOf(id);
    const seat = engine.pendingSeats(st).find((x) => humans[x]);
    if (!seat) {
      const g = getGame(h.handle.db, id)!;
      const b = st.combat.hook.combat?.battle as
        | { session?: { tac?: { phase: string; prompt: unknown; over: unknown } } }
        | undefined;
      throw new Error(
        `nobody human to play: ${engine.pendingSeats(st).join(',')} (${g.status} v${g.version}, ${st.phase}, ${st.combat.hook.combat?.stage}, ${JSON.stringify(b?.session?.tac?.phase)} ${JSON.stringify(st.pending)})`,
      );
    }
    const r = await h.runtime.service.submit({
      gameId: id,
      seat,
      userId: humans[seat]!,
      action: engine.autopilot!(st, seat, 2),
    });
    if (!r.ok) throw new Error(`${seat}: ${r.error.message}`);
  }
  throw new Error('did not get there');
}

describe('campaign battles on the tactical map through the service (issue #16)', () => {
  it('autopilot commanders accept (default) and fight it out; the battle result is applied; replay --verify passes', async () => {
    const humans = { sweden: 'u1' };
    const id = await campaign(humans, { mode: 'offer', minSp: 1, maxTurns: 2 });
    await playHumansUntil(id, humans, () => events(id).some((e) => e.type === 'battle' && e.data?.tactical));
    const ev = events(id);
    const offer = ev.find((e) => e.type === 'tactical-offer')!;
    // The offer went to the two commanding seats (the battle's participants here), one per side.
    const parts = (offer.visibility as { seats: string[] }).seats;
    expect(parts).toHaveLength(2);
    expect(parts).not.toContain('sweden');
    const answers = actionLog(h.handle.db, id).filter((a) => JSON.parse(a.action).type === 'combat-tactical');
    expect(answers.map((a) => [a.seat, a.actor, JSON.parse(a.action).accept]).sort()).toEqual(
      [...parts].sort().map((p) => [p, 'autopilot', true]),
    );
    const orders = actionLog(h.handle.db, id).filter(
      (a) => JSON.parse(a.action).type === 'combat-tactical-order',
    );
    expect(orders.length).toBeGreaterThan(20);
    expect(new Set(orders.map((a) => a.seat))).toEqual(new Set(parts));
    // The tactical events went to the two participants only; the public got the two lines.
    for (const e of ev.filter((x) => x.type.startsWith('tactical:')))
      expect(e.visibility).toEqual(expect.objectContaining({ seats: expect.any(Array) }));
    expect(
      ev
        .filter((x) => x.type.startsWith('tactical:'))
        .every((x) => (x.visibility as { seats: string[] }).seats.every((s) => parts.includes(s))),
    ).toBe(true);
    const hex = (offer.data as { hex: string }).hex;
    const pub = ev.filter((e) => e.type === 'battle-public' && e.text.includes(hex)).map((e) => e.text);
    expect(pub).toEqual([`A battle is being fought at ${hex}.`, `A battle was fought at ${hex}.`]);
    // The game went on after the battle (the retreat and the rest of the phase), to Sweden's step.
    await h.settle();
    expect(stateOf(id).combat.hook.combat?.stage).not.toBe('tactical');
    expect(await verifyReplay(id)).toContain('verified: replay matches the stored state');
  }, 240_000);

  it('humans accept and give orders; refusals leak nothing and change nothing; a deadline plays the awaited step; the autopilot finishes', async () => {
    // Every seat is a person's (they play the autopilot's choices until the first offer).
    const humans: Record<string, string> = Object.fromEntries(
      (engine.seats('1761') ?? []).map((seat, i) => [seat, i === 0 ? 'u1' : `u-${seat}`]),
    );
    const id = await campaign(humans, { mode: 'offer', minSp: 1, maxTurns: 2 });
    const s = h.runtime.service;
    await playHumansUntil(id, humans, () => stateOf(id).combat.hook.combat?.stage === 'tactical-offer');
    const hex = stateOf(id).combat.hook.combat!.tactical!.hex;
    const parts = engine.pendingSeats(stateOf(id));
    expect(parts).toHaveLength(2);
    for (const seat of parts)
      expect(
        (
          await s.submit({
            gameId: id,
            seat,
            userId: humans[seat]!,
            action: { type: 'combat-tactical', hex, accept: true },
          })
        ).ok,
      ).toBe(true);
    // The outsider: a seat not in the battle, an ally of one side if there is one.
    const all = engine.seats('1761') ?? [];
    const sides = stateOf(id).seatSide;
    const outsider =
      all.find((x) => !parts.includes(x) && sides[x as 'prussia'] === sides[parts[1] as 'prussia']) ??
      all.find((x) => !parts.includes(x))!;
    const outsiderUser = humans[outsider]!;
    await h.settle();
    let st = stateOf(id);
    expect(st.combat.hook.combat?.stage).toBe('tactical');
    expect(String(engine.step(st).id)).toMatch(/combat\.tactical@\d{4}#/);

    // Views: the participants see the battle from their side; the outsider and the public only that it is underway.
    const p0 = parts[0]!;
    const vh = s.view({ gameId: id, seat: p0, userId: humans[p0]! });
    const part = vh.ok ? (vh.view as View).combat?.tactical : undefined;
    expect(part && 'view' in part && (part.view as { viewer: string }).viewer).toBe(
      sides[p0 as 'prussia'] === 'prussian-allied' ? 'prussia' : 'austria',
    );
    for (const [seat, user] of [
      [outsider, outsiderUser],
      ['public', 'u1'],
    ] as const) {
      const v = s.view({ gameId: id, seat, userId: user });
      expect(v.ok && (v.view as View).combat).toEqual({ tactical: { hex, underway: true } });
    }

    // An illegal order: refused naming the Leuthen case, nothing stored.
    const seat = engine.pendingSeats(st)[0]!;
    const user = humans[seat]!;
    const legal = engine.legalActions(st, seat) as { type: string; as: string }[];
    const version = getGame(h.handle.db, id)!.version;
    const bad = await s.submit({
      gameId: id,
      seat,
      userId: user,
      action: { type: 'combat-tactical-order', hex, as: legal[0]!.as, order: { type: 'choose', value: 'x' } },
    });
    expect(!bad.ok && bad.error.message).toMatch(/Leuthen 4|decision/);
    expect(getGame(h.handle.db, id)!.version).toBe(version);
    // An outsider's order: refused without a word about the battle.
    const out = await s.submit({
      gameId: id,
      seat: outsider,
      userId: outsiderUser,
      action: { type: 'combat-tactical-order', hex, as: 'austria', order: { type: 'done' } },
    });
    expect(out.ok).toBe(false);
    expect(!out.ok && out.error.message).not.toMatch(new RegExp(`${hex}|formation|tactical`));
    // A stale order (made for an earlier version): refused.
    const stale = await s.submit({
      gameId: id,
      seat,
      userId: user,
      action: legal[0]!,
      expectedVersion: version - 1,
    });
    expect(!stale.ok && stale.error.code).toBe('stale');
    // A legal order: applied.
    const good = await s.submit({
      gameId: id,
      seat,
      userId: user,
      action: legal[0]!,
      expectedVersion: version,
    });
    expect(good.ok).toBe(true);
    await h.settle();

    // Nobody answers: at the deadline the autopilot plays the awaited seat's step, then waits again.
    st = stateOf(id);
    const stepBefore = engine.step(st).id;
    const before = getGame(h.handle.db, id)!.version;
    await h.advance(2 * HOUR + 60_000);
    const timeouts = actionLog(h.handle.db, id).filter((a) => a.actor === 'deadline' && a.version > before);
    expect(timeouts.length).toBeGreaterThan(0);
    expect(events(id).some((e) => e.type === 'tactical-timeout' && e.version > before)).toBe(true);
    st = stateOf(id);
    expect(engine.step(st).id).not.toBe(stepBefore);

    // The two commanders go to the autopilot: it fights the battle to the end; the campaign goes on.
    for (const seat of parts)
      expect((await s.setAutopilot({ gameId: id, seat, level: 2, byUserId: 'u1' })).ok).toBe(true);
    const others = Object.fromEntries(Object.entries(humans).filter(([seat]) => !parts.includes(seat)));
    await playHumansUntil(id, others, () => events(id).some((e) => e.type === 'battle' && e.data?.tactical));
    await h.settle();
    expect(stateOf(id).combat.hook.combat?.stage).not.toBe('tactical');

    // Published messages: the channel and the outsider's DMs carry nothing of the battle but its public lines.
    for (const m of h.publisher.sent) {
      const isOutsider =
        m.target.kind === 'channel' || (m.target.kind === 'dm' && m.target.userId === outsiderUser);
      if (!isOutsider) continue;
      const text = JSON.stringify({ view: m.view, events: m.events });
      expect(text).not.toMatch(/"tactical:|combat\.tactical@|"units":\[\{"id"/);
      const v = m.view as View | undefined;
      if (v?.combat) expect(v.combat).toEqual({ tactical: { hex, underway: true } });
    }
    expect(
      h.publisher.sent.some(
        (m) =>
          m.target.kind === 'dm' &&
          m.target.userId === humans[p0] &&
          JSON.stringify(m.events).includes('tactical:'),
      ),
    ).toBe(true);

    // Events: what the outsider's seat was told of the battle is what a table battle tells it (9.0:
    // the 'battle' report to both sides, the public lines), and the report carries nothing a table
    // report does not (no tactical unit, turn or victory points).
    const toOutsider = events(id).filter(
      (e) =>
        e.visibility === 'public' ||
        (e.visibility as { seats?: string[] }).seats?.includes(outsider as string),
    );
    // A depot at the hex (the autopilot's army builds one there in this game, 10.41) is public
    // campaign news, not news of the battle.
    const aboutBattle = toOutsider.filter(
      (e) => (e.data as { hex?: string } | undefined)?.hex === hex && !e.type.startsWith('depot-'),
    );
    expect([...new Set(aboutBattle.map((e) => e.type))].sort()).toEqual(['battle', 'battle-public']);
    const report = aboutBattle.find((e) => e.type === 'battle')!.data!;
    const TABLE_KEYS = [
      'hex',
      'column',
      'die',
      'modifiedRoll',
      'tactical',
      'victor',
      'mustRetreat',
      'attacker',
      'defender',
      'prisonersDue',
    ];
    for (const k of Object.keys(report)) expect(TABLE_KEYS).toContain(k);
    const SIDE_KEYS = [
      'side',
      'result',
      'eliminated',
      'captured',
      'killed',
      'capturedLeaders',
      'remainingSp',
      'score',
      'leaders',
    ];
    for (const side of [report.attacker, report.defender])
      for (const k of Object.keys(side as object)) expect(SIDE_KEYS).toContain(k);
    // Logs: the campaign's story (/history) as the outsider reads it during play names the battle
    // only by its public lines and the strategic result.
    const story = campaignStory(h.handle.db, engine as never, id, { seats: [outsider] })
      .flatMap((c) => c.lines)
      .filter((l) => l.includes(hex));
    expect(story.length).toBeGreaterThan(0);
    for (const line of story)
      expect(line).toMatch(
        /^(A battle is being fought at \d{4}\.|Battle at \d{4}: fought out on the tactical map\. (A draw|(Prussian-Allied|Coalition) victory)\.)$/,
      );
    expect(await verifyReplay(id)).toContain('verified: replay matches the stored state');
  }, 300_000);

  it('settings: new campaigns offer (6 SP); changed before the start through updateSettings, fixed after; bad values refused', async () => {
    const s = h.runtime.service;
    const c = s.createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: '1757', seed: 1 });
    if (!c.ok) throw new Error(c.error.message);
    const first = s.settings({ gameId: c.gameId });
    expect(first.ok && first.tactical).toEqual({ mode: 'offer', minSp: 6 });
    const changed = s.updateSettings({
      gameId: c.gameId,
      userId: 'u1',
      change: { tactical: { mode: 'always', maxTurns: 8, autopilot: { austria: 'decline' } } },
    });
    expect(changed.ok).toBe(true);
    const now = s.settings({ gameId: c.gameId });
    expect(now.ok && now.tactical).toEqual({
      mode: 'always',
      minSp: 6,
      maxTurns: 8,
      autopilot: { austria: 'decline' },
    });
    const bad = s.updateSettings({
      gameId: c.gameId,
      userId: 'u1',
      change: { tactical: { mode: 'sometimes' as never } },
    });
    expect(!bad.ok && bad.error.message).toMatch(/tactical\.mode/);
    const badCreate = s.createGame({
      guildId: 'g',
      channelId: 'c2',
      userId: 'u1',
      scenario: '1757',
      options: { tactical: { minSp: 0 } },
    });
    expect(!badCreate.ok && badCreate.error.message).toMatch(/tactical\.minSp/);
    s.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' });
    expect((await s.start({ gameId: c.gameId, userId: 'u1' })).ok).toBe(true);
    expect(stateOf(c.gameId).tactical).toEqual({
      mode: 'always',
      minSp: 6,
      maxTurns: 8,
      autopilot: { austria: 'decline' },
    });
    const late = s.updateSettings({ gameId: c.gameId, userId: 'u1', change: { tactical: { mode: 'off' } } });
    expect(!late.ok && late.error.code).toBe('wrong-status');
  });
});

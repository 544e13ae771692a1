import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { gameDeadlines } from '../../src/db/deadline-repository.js';
import { actionLog, getGame, getSeats } from '../../src/db/game-repository.js';
import { countingEngine } from './support/counting-engine.js';
import { type Harness, makeHarness, startedGame } from './support/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});
afterEach(async () => {
  await h.cleanup();
});

const svc = () => h.runtime.service;

describe('creating and seating', () => {
  it('rejects an unknown scenario and bad settings, storing nothing', () => {
    const bad = svc().createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: 'nope' });
    expect(bad).toEqual({
      ok: false,
      error: { code: 'unknown-scenario', message: 'There is no scenario "nope".' },
    });
    const badSettings = svc().createGame({
      guildId: 'g',
      channelId: 'c',
      userId: 'u1',
      scenario: 'count',
      settings: { timeoutPolicy: 'sleep' as never },
    });
    expect(badSettings.ok).toBe(false);
    if (!badSettings.ok) expect(badSettings.error.message).toMatch(/timeoutPolicy/);
    expect(h.handle.sqlite.prepare('select count(*) as n from games').get()).toEqual({ n: 0 });
  });

  it('gives each seat to one player; only the holder may leave; only the creator or holder may replace', () => {
    const c = svc().createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: 'count' });
    if (!c.ok) throw new Error('create failed');
    expect(c.seats).toEqual(['prussia', 'hanover', 'austria', 'france']);
    expect(svc().joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' }).ok).toBe(true);
    const taken = svc().joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u2' });
    expect(taken.ok ? null : taken.error.code).toBe('seat-taken');
    const unknown = svc().joinSeat({ gameId: c.gameId, seat: 'spain', userId: 'u2' });
    expect(unknown.ok ? null : unknown.error.message).toBe('This game has no seat "spain".');
    const leave = svc().leaveSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u2' });
    expect(leave.ok ? null : leave.error.code).toBe('not-seat-holder');
    const replace = svc().replacePlayer({
      gameId: c.gameId,
      seat: 'prussia',
      newUserId: 'u9',
      byUserId: 'u5',
    });
    expect(replace.ok ? null : replace.error.code).toBe('not-game-owner');
    expect(
      svc().replacePlayer({ gameId: c.gameId, seat: 'prussia', newUserId: 'u9', byUserId: 'u1' }).ok,
    ).toBe(true);
    expect(getSeats(h.handle.db, c.gameId).find((s) => s.seat === 'prussia')?.userId).toBe('u9');
    expect(svc().leaveSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u9' }).ok).toBe(true);
    expect(getSeats(h.handle.db, c.gameId).find((s) => s.seat === 'prussia')?.userId).toBeNull();
  });

  it('only the creator starts, once; seats nobody took go to the autopilot', async () => {
    const c = svc().createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: 'duel', seed: 7 });
    if (!c.ok) throw new Error('create failed');
    const empty = await svc().start({ gameId: c.gameId, userId: 'u1' });
    expect(empty.ok ? null : empty.error.message).toBe('Nobody holds a seat yet.');
    svc().joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u2' });
    const notOwner = await svc().start({ gameId: c.gameId, userId: 'u2' });
    expect(notOwner.ok ? null : notOwner.error.code).toBe('not-game-owner');
    expect((await svc().start({ gameId: c.gameId, userId: 'u1' })).ok).toBe(true);
    const again = await svc().start({ gameId: c.gameId, userId: 'u1' });
    expect(again.ok ? null : again.error.code).toBe('wrong-status');
    expect(getSeats(h.handle.db, c.gameId).find((s) => s.seat === 'austria')?.autopilot).toBe(2);
  });
});

describe('submitting actions', () => {
  it('refuses actions from a non-holder, a forged timeout, an off-step seat and a rule violation, changing nothing', async () => {
    const id = await startedGame(h);
    const notHolder = await svc().submit({
      gameId: id,
      seat: 'prussia',
      userId: 'u2',
      action: { type: 'done' },
    });
    expect(notHolder.ok ? null : notHolder.error).toEqual({
      code: 'not-seat-holder',
      message: 'You do not hold prussia.',
    });
    const forged = await svc().submit({
      gameId: id,
      seat: 'prussia',
      userId: 'u1',
      action: { type: 'timeout', seat: 'hanover' },
    });
    expect(forged.ok ? null : forged.error.code).toBe('invalid-input');
    const offStep = await svc().submit({
      gameId: id,
      seat: 'austria',
      userId: 'u3',
      action: { type: 'done' },
    });
    expect(offStep.ok ? null : offStep.error.message).toBe(
      'austria has nothing to decide now (waiting for prussia, hanover).',
    );
    const illegal = await svc().submit({
      gameId: id,
      seat: 'prussia',
      userId: 'u1',
      action: { type: 'add', n: 99 },
    });
    expect(illegal.ok ? null : illegal.error).toMatchObject({ code: 'rule-violation', rule: 'C.2' });
    const shapeless = await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: 'attack' });
    expect(shapeless.ok ? null : shapeless.error.code).toBe('invalid-input');
    expect(getGame(h.handle.db, id)?.version).toBe(0);
    expect(actionLog(h.handle.db, id)).toEqual([]);
  });

  it('returns only the events the seat may see and logs the action with its version', async () => {
    const id = await startedGame(h);
    const r = await svc().submit({
      gameId: id,
      seat: 'prussia',
      userId: 'u1',
      action: { type: 'add', n: 3 },
    });
    expect(r.ok && r.version).toBe(1);
    expect(r.ok && r.events).toEqual([
      { type: 'added', visibility: { seats: ['prussia'] }, seat: 'prussia', n: 3 },
    ]);
    const log = actionLog(h.handle.db, id);
    expect(log.map((a) => [a.version, a.seat, a.actor, a.userId, JSON.parse(a.action)])).toEqual([
      [1, 'prussia', 'player', 'u1', { type: 'add', n: 3 }],
    ]);
    const view = svc().view({ gameId: id, seat: 'prussia', userId: 'u1' });
    expect(view.ok && view.view).toMatchObject({ total: 3 });
    const spy = svc().view({ gameId: id, seat: 'prussia', userId: 'u3' });
    expect(spy.ok ? null : spy.error.code).toBe('not-seat-holder');
  });

  it('simultaneous seats: each seat of the side submits on its own and the step ends when all are done', async () => {
    const id = await startedGame(h);
    const p1 = svc().pending({ gameId: id, userId: 'u1' });
    const p2 = svc().pending({ gameId: id, userId: 'u2' });
    expect(p1.ok && p1.decisions.map((d) => [d.seat, d.stepId])).toEqual([['prussia', 'r1-A']]);
    expect(p2.ok && p2.decisions.map((d) => d.seat)).toEqual(['hanover']);
    expect(p2.ok && p2.decisions[0]?.dueAt).toBe(h.clock.now() + 24 * 3_600_000);
    await svc().submit({ gameId: id, seat: 'hanover', userId: 'u2', action: { type: 'add', n: 2 } });
    await svc().submit({ gameId: id, seat: 'hanover', userId: 'u2', action: { type: 'done' } });
    const still = svc().pending({ gameId: id, userId: 'u1' });
    expect(still.ok && still.decisions[0]?.stepId).toBe('r1-A');
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    await h.settle();
    const p3 = svc().pending({ gameId: id, userId: 'u3' });
    expect(p3.ok && p3.decisions.map((d) => [d.seat, d.stepId])).toEqual([['austria', 'r1-B']]);
    // The new step has its own deadline; the old one is closed.
    const dls = gameDeadlines(h.handle.db, id);
    expect(dls.map((d) => [d.stepId, d.closedAt !== null])).toEqual([
      ['r1-A', true],
      ['r1-B', false],
    ]);
    // The update DMs go to the seats that must act in the new step, and to hanover, whose own
    // event (hidden from the others) happened in the step that ended.
    const update = h.publisher.sent.filter((m) => m.topic === 'update' && m.version === 3);
    const byTarget = Object.fromEntries(
      update.map((m) => [m.target.kind === 'dm' ? m.target.userId : 'channel', m.events.map((e) => e.type)]),
    );
    expect(byTarget).toEqual({
      channel: ['done', 'done', 'step-ended'],
      u2: ['added', 'done', 'done', 'step-ended'],
      u3: ['done', 'done', 'step-ended'],
      u4: ['done', 'done', 'step-ended'],
    });
    expect(getGame(h.handle.db, id)?.resolvedVersion).toBe(3);
  });

  it('after a resolution the private update goes to the seats that act next and to those the engine calls involved, nobody else', async () => {
    await h.cleanup();
    const base = countingEngine() as RulesEngine<unknown>;
    // Only Prussia is involved in what happened; Hanover saw a private event but is not involved.
    h = await makeHarness({}, { ...base, involved: (_s, seat) => seat === 'prussia' });
    const id = await startedGame(h);
    await svc().submit({ gameId: id, seat: 'hanover', userId: 'u2', action: { type: 'add', n: 2 } });
    await svc().submit({ gameId: id, seat: 'hanover', userId: 'u2', action: { type: 'done' } });
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    await h.settle();
    const update = h.publisher.sent.filter((m) => m.topic === 'update' && m.version === 3);
    expect(update.map((m) => (m.target.kind === 'dm' ? m.target.seat : 'channel')).sort()).toEqual([
      'austria',
      'channel',
      'france',
      'prussia',
    ]);
  });

  it('abandoning: only the creator; afterwards actions are refused', async () => {
    const id = await startedGame(h);
    const r = svc().end({ gameId: id, userId: 'u2' });
    expect(r.ok ? null : r.error.code).toBe('not-game-owner');
    expect(svc().end({ gameId: id, userId: 'u1' }).ok).toBe(true);
    const after = await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    expect(after.ok ? null : after.error.message).toBe('The game is abandoned, not in progress.');
  });

  it('an unknown or malformed game id is a clear error', async () => {
    const r = await svc().submit({
      gameId: 'no such:game',
      seat: 'prussia',
      userId: 'u1',
      action: { type: 'done' },
    });
    expect(r.ok ? null : r.error).toEqual({
      code: 'unknown-game',
      message: 'There is no game no such:game.',
    });
  });

  it('the autopilot plays seats handed to it, and its actions are logged as such', async () => {
    const id = await startedGame(h);
    expect((await svc().setAutopilot({ gameId: id, seat: 'hanover', level: 2, byUserId: 'u1' })).ok).toBe(
      true,
    );
    await h.settle();
    const log = actionLog(h.handle.db, id).map((a) => [a.seat, a.actor, JSON.parse(a.action)]);
    expect(log).toEqual([
      ['hanover', 'autopilot', { type: 'add', n: 2 }],
      ['hanover', 'autopilot', { type: 'done' }],
    ]);
  });

  it('the game ends when the engine says so and its state is stored as over', async () => {
    await h.cleanup();
    h = await makeHarness();
    const id = await startedGame(h, {}, { rounds: 1 });
    for (const [seat, userId] of [
      ['prussia', 'u1'],
      ['hanover', 'u2'],
      ['austria', 'u3'],
      ['france', 'u4'],
    ] as const) {
      const r = await svc().submit({ gameId: id, seat, userId, action: { type: 'done' } });
      expect(r.ok).toBe(true);
    }
    await h.settle();
    const g = getGame(h.handle.db, id);
    expect(g?.status).toBe('over');
    expect(g?.resolvedVersion).toBe(4);
    expect(gameDeadlines(h.handle.db, id).every((d) => d.closedAt !== null)).toBe(true);
  });
});

describe('optimistic concurrency inside the service', () => {
  it('a submission that loses the race is re-validated against the new state and applied on top', async () => {
    await h.cleanup();
    let other: (() => Promise<unknown>) | undefined;
    let fired = false;
    h = await makeHarness({
      onApply: (seat) => {
        // While prussia's action is being computed, hanover's lands through the same database.
        if (seat === 'prussia' && !fired && other) {
          fired = true;
          void other();
        }
      },
    });
    const id = await startedGame(h);
    other = () => svc().submit({ gameId: id, seat: 'hanover', userId: 'u2', action: { type: 'add', n: 5 } });
    const r = await svc().submit({
      gameId: id,
      seat: 'prussia',
      userId: 'u1',
      action: { type: 'add', n: 1 },
    });
    expect(r.ok && r.version).toBe(2);
    expect(r.ok && r.attempts).toBe(2);
    expect(actionLog(h.handle.db, id).map((a) => [a.version, a.seat])).toEqual([
      [1, 'hanover'],
      [2, 'prussia'],
    ]);
  });

  it('a submission that is no longer legal after the winner applied is rejected with the reason', async () => {
    await h.cleanup();
    let other: (() => Promise<unknown>) | undefined;
    let fired = false;
    h = await makeHarness({
      onApply: (seat, action) => {
        if (seat === 'prussia' && action.type === 'done' && !fired && other) {
          fired = true;
          void other();
        }
      },
    });
    const id = await startedGame(h);
    // A double click: the same seat sends `done` twice; the second copy lands first.
    other = () => svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    const r = await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    expect(r.ok ? null : r.error).toEqual({
      code: 'not-pending',
      message: 'prussia has nothing to decide now (waiting for hanover).',
    });
    expect(actionLog(h.handle.db, id)).toHaveLength(1);
  });
});

it('the counting engine is deterministic (same seed and actions, same state)', () => {
  const e = countingEngine();
  const run = () => {
    let s = e.setup('count', 9, {});
    for (const a of [{ type: 'add' }, { type: 'add' }, { type: 'done' }]) {
      const r = e.apply(s, 'prussia', a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    return s;
  };
  expect(run()).toEqual(run());
});

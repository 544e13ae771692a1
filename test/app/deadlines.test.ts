import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyWithRetry } from '../../src/app/apply-action.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { gameDeadlines } from '../../src/db/deadline-repository.js';
import { actionLog, getGame } from '../../src/db/game-repository.js';
import { type Harness, makeHarness, startedGame } from './support/harness.js';

const HOUR = 3_600_000;
let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});
afterEach(async () => {
  await h.cleanup();
});
const svc = () => h.runtime.service;

const dmUsers = (topic: string) =>
  h.publisher.sent
    .filter((m) => m.topic === topic && m.target.kind === 'dm')
    .map((m) => (m.target.kind === 'dm' ? m.target.userId : ''));

describe('deadlines', () => {
  it('reminds only the seats still missing, then times them out at the deadline (policy autopilot)', async () => {
    const id = await startedGame(h);
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    await h.advance(20 * HOUR);
    expect(dmUsers('reminder')).toEqual([]);
    await h.advance(1 * HOUR); // 21 h: three hours before the 24 h deadline
    expect(dmUsers('reminder')).toEqual(['u2']);
    await h.advance(2 * HOUR);
    expect(actionLog(h.handle.db, id).filter((a) => a.actor === 'deadline')).toEqual([]);
    await h.advance(1 * HOUR);
    const timeouts = actionLog(h.handle.db, id).filter((a) => a.actor === 'deadline');
    expect(timeouts.map((a) => [a.seat, JSON.parse(a.action)])).toEqual([
      ['hanover', { type: 'timeout', seat: 'hanover' }],
    ]);
    const pending = svc().pending({ gameId: id, userId: 'u3' });
    expect(pending.ok && pending.decisions[0]?.stepId).toBe('r1-B');
    expect(dmUsers('reminder')).toEqual(['u2']);
  });

  it('a yes/no prompt gets the shorter deadline', async () => {
    const id = await startedGame(h, {}, { promptForB: true });
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    await svc().submit({ gameId: id, seat: 'hanover', userId: 'u2', action: { type: 'done' } });
    await h.settle();
    const open = gameDeadlines(h.handle.db, id).find((d) => d.closedAt === null);
    expect(open?.kind).toBe('prompt');
    expect(open && open.dueAt - h.clock.now()).toBe(2 * HOUR);
    await h.advance(2 * HOUR);
    expect(
      actionLog(h.handle.db, id)
        .filter((a) => a.actor === 'deadline')
        .map((a) => a.seat),
    ).toEqual(['austria', 'france']);
  });

  it('per-game deadlines override the defaults', async () => {
    const id = await startedGame(h, { deadlineMs: { phase: 10 * 60_000 }, reminderBeforeMs: { phase: 0 } });
    await h.advance(9 * 60_000);
    expect(getGame(h.handle.db, id)?.version).toBe(0);
    await h.advance(60_000);
    expect(getGame(h.handle.db, id)?.version).toBe(2);
    expect(dmUsers('reminder')).toEqual([]);
  });

  it("policy 'wait': the deadline passing is announced and nothing is played for the missing seats", async () => {
    const id = await startedGame(h, { timeoutPolicy: 'wait' });
    await h.advance(25 * HOUR);
    expect(getGame(h.handle.db, id)?.version).toBe(0);
    expect(h.publisher.sent.filter((m) => m.topic === 'deadline-passed').map((m) => m.target.kind)).toEqual([
      'channel',
    ]);
    // A late answer is still accepted.
    const late = await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    expect(late.ok).toBe(true);
  });

  it('a step that ends early closes its deadline, which then never fires', async () => {
    const id = await startedGame(h);
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    await svc().submit({ gameId: id, seat: 'hanover', userId: 'u2', action: { type: 'done' } });
    await h.settle();
    await svc().submit({ gameId: id, seat: 'austria', userId: 'u3', action: { type: 'done' } });
    await h.advance(24 * HOUR);
    // Only france's step deadline fired; r1-A's deadline was closed when its step ended.
    const dls = gameDeadlines(h.handle.db, id);
    expect(dls.find((d) => d.stepId === 'r1-A')?.firedAt).toBeNull();
    expect(
      actionLog(h.handle.db, id)
        .filter((a) => a.actor === 'deadline')
        .map((a) => a.seat),
    ).toEqual(['france']);
  });
});

describe('restart and duplicate delivery', () => {
  it('a restart re-arms pending deadlines and they still fire once', async () => {
    const id = await startedGame(h);
    await h.advance(HOUR);
    await h.restart();
    await h.advance(23 * HOUR);
    const timeouts = actionLog(h.handle.db, id).filter((a) => a.actor === 'deadline');
    expect(timeouts.map((a) => a.seat)).toEqual(['prussia', 'hanover']);
    // Reminders were not sent twice, even though both runtimes had one scheduled.
    expect(dmUsers('reminder').sort()).toEqual(['u1', 'u2']);
  });

  it('a restart resolves a step whose follow-up was lost in a crash', async () => {
    const id = await startedGame(h);
    // Simulate a crash right after a commit: the step changes in the database but no job is queued.
    for (const seat of ['prussia', 'hanover']) {
      const r = applyWithRetry(
        { db: h.handle.db, engine: h.engine, clock: h.clock },
        { gameId: id, seat, actor: 'player', userId: null, prepare: () => ({ type: 'done' }) },
      );
      expect(r.ok).toBe(true);
    }
    expect(getGame(h.handle.db, id)?.resolvedVersion).toBe(0);
    await h.restart();
    expect(getGame(h.handle.db, id)?.resolvedVersion).toBe(2);
    expect(gameDeadlines(h.handle.db, id).find((d) => d.closedAt === null)?.stepId).toBe('r1-B');
  });

  it('delivering the same resolve, deadline and publish jobs again is a no-op', async () => {
    const id = await startedGame(h);
    await h.advance(24 * HOUR);
    const before = {
      log: actionLog(h.handle.db, id).length,
      sent: h.publisher.sent.length,
      deadlines: gameDeadlines(h.handle.db, id),
    };
    const first = before.deadlines[0]!;
    const run = h.runtime.handler;
    await run({ kind: 'resolve', gameId: id, version: 0 });
    await run({ kind: 'resolve', gameId: id, version: 2 });
    await run({ kind: 'deadline', gameId: id, version: 0, deadlineId: first.id, phase: 'fire' });
    await run({ kind: 'deadline', gameId: id, version: 0, deadlineId: first.id, phase: 'remind' });
    await run({ kind: 'publish', gameId: id, version: 0, topic: 'update' });
    await run({ kind: 'publish', gameId: id, version: 0, topic: 'reminder', seats: ['prussia', 'hanover'] });
    await h.settle();
    expect(actionLog(h.handle.db, id)).toHaveLength(before.log);
    expect(h.publisher.sent).toHaveLength(before.sent);
    expect(gameDeadlines(h.handle.db, id)).toEqual(before.deadlines);
  });

  it('re-resolving a step already followed up (at a later version of the same step) posts nothing', async () => {
    const id = await startedGame(h);
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'add', n: 1 } });
    // A same-step action carries the follow-up forward.
    expect(getGame(h.handle.db, id)?.resolvedVersion).toBe(1);
    const sent = h.publisher.sent.length;
    h.handle.sqlite.prepare('update games set resolved_version = 0').run();
    await h.runtime.handler({ kind: 'resolve', gameId: id, version: 1 });
    await h.settle();
    expect(h.publisher.sent).toHaveLength(sent);
    expect(getGame(h.handle.db, id)?.resolvedVersion).toBe(1);
    expect(gameDeadlines(h.handle.db, id)).toHaveLength(1);
  });

  it('a published update is not posted again after a restart', async () => {
    const id = await startedGame(h);
    const posted = h.publisher.sent.filter((m) => m.gameId === id).length;
    expect(posted).toBe(3); // the channel and the two seats that must act
    await h.restart();
    await h.runtime.handler({ kind: 'publish', gameId: id, version: 0, topic: 'update' });
    expect(h.publisher.sent.filter((m) => m.gameId === id)).toHaveLength(posted);
  });
});

describe('publishing', () => {
  it('a publisher failure is retried and each message is posted once', async () => {
    let failNext = true;
    const realPublish = h.publisher.publish.bind(h.publisher);
    h.publisher.publish = async (m) => {
      // The DM fails once after the channel message went out.
      if (m.target.kind === 'dm' && failNext) {
        failNext = false;
        throw new Error('discord is down');
      }
      return realPublish(m);
    };
    const id = await startedGame(h);
    await h.advance(1000);
    const keys = h.publisher.sent.filter((m) => m.gameId === id).map((m) => m.key);
    expect(keys.sort()).toEqual([
      `${id}.0.update.channel`,
      `${id}.0.update.dm.hanover`,
      `${id}.0.update.dm.prussia`,
    ]);
  });
});

describe('a clock jump past a deadline', () => {
  /** One seat, five steps in a row: each `done` or timeout starts the next step, for the same seat. */
  const relay: RulesEngine<{ n: number }> = {
    seats: (scenario) => (scenario === 'relay' ? ['prussia'] : undefined),
    setup: () => ({ n: 0 }),
    apply(state, _seat, action) {
      if (action.type !== 'done' && action.type !== 'timeout')
        return { ok: false, error: { rule: 'R', code: 'bad', message: 'done only' } };
      return { ok: true, state: { n: state.n + 1 }, events: [{ type: action.type, visibility: 'public' }] };
    },
    legalActions: (state) => (state.n < 5 ? [{ type: 'done' }] : []),
    pendingSeats: (state) => (state.n < 5 ? ['prussia'] : []),
    view: (state) => ({ n: state.n }),
    isOver: (state) => state.n >= 5,
    step: (state) => ({ id: `s${state.n}`, kind: 'phase' }),
  };

  it('a reminder belongs to its step: once that step timed out it is dropped, never sent to the next step', async () => {
    await h.cleanup();
    h = await makeHarness({}, relay as RulesEngine<unknown>);
    const created = svc().createGame({
      guildId: 'g',
      channelId: 'c',
      userId: 'u1',
      scenario: 'relay',
      seed: 1,
    });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.gameId;
    expect(svc().joinSeat({ gameId: id, seat: 'prussia', userId: 'u1' }).ok).toBe(true);
    expect((await svc().start({ gameId: id, userId: 'u1' })).ok).toBe(true);
    await h.settle();
    // The clock jumps 25 h at once: the step's reminder (21 h) and its deadline (24 h) are both due.
    h.clock.advance(25 * HOUR);
    await h.settle();
    expect(getGame(h.handle.db, id)?.version).toBe(1);
    // No reminder for step s0 reached the seat, which is now pending in s1 with its own deadline.
    expect(h.publisher.sent.filter((m) => m.topic === 'reminder')).toEqual([]);
    // A queue may also deliver the s0 reminder's publish job only now (another order, a retry): it
    // belongs to s0, which has moved on, so it posts nothing to s1's seat.
    await h.runtime.queue.enqueue({
      kind: 'publish',
      gameId: id,
      version: 0,
      topic: 'reminder',
      seats: ['prussia'],
    });
    await h.settle();
    expect(h.publisher.sent.filter((m) => m.topic === 'reminder')).toEqual([]);
    // The next step's own reminder comes at its time, with its deadline.
    const s1 = gameDeadlines(h.handle.db, id).find((d) => d.stepId === 's1');
    await h.advance(21 * HOUR);
    const reminders = h.publisher.sent.filter((m) => m.topic === 'reminder');
    expect(reminders.map((m) => [m.version, m.dueAt])).toEqual([[1, s1?.dueAt]]);
    expect(s1?.dueAt).toBeTypeOf('number');
  });
});

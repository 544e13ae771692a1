// #17.3: submission is idempotent. A repeated request id answers with the first result and applies
// nothing; an expected version refuses an action once the game has moved past it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { actionLog, getGame } from '../../src/db/game-repository.js';
import { type Harness, makeHarness, startedGame } from './support/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});
afterEach(async () => {
  await h.cleanup();
});
const svc = () => h.runtime.service;
const add1 = { type: 'add', n: 1 };
const totals = (id: string) =>
  (JSON.parse(getGame(h.handle.db, id)!.state!) as { totals: Record<string, number> }).totals;

describe('idempotent submission (#17.3)', () => {
  it('five concurrent identical submits with one request id apply once and all answer ok', async () => {
    const id = await startedGame(h);
    const rs = await Promise.all(
      Array.from({ length: 5 }, () =>
        svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: add1, requestId: 'btn-7' }),
      ),
    );
    expect(rs.map((r) => r.ok && r.version)).toEqual([1, 1, 1, 1, 1]);
    expect(rs.map((r) => r.ok && r.duplicate)).toEqual([false, true, true, true, true]);
    expect(actionLog(h.handle.db, id)).toHaveLength(1);
    expect(totals(id).prussia).toBe(1);
    // The answer repeats the first call's events.
    const first = rs[0]!;
    const last = rs[4]!;
    expect(first.ok && last.ok && last.events).toEqual(first.ok && first.events);
  });

  it('five concurrent identical submits with the same expected version: one applies, four are stale', async () => {
    const id = await startedGame(h);
    const rs = await Promise.all(
      Array.from({ length: 5 }, () =>
        svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: add1, expectedVersion: 0 }),
      ),
    );
    expect(rs.filter((r) => r.ok)).toHaveLength(1);
    expect(rs.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual([
      'stale',
      'stale',
      'stale',
      'stale',
    ]);
    expect(totals(id).prussia).toBe(1);
    expect(getGame(h.handle.db, id)!.version).toBe(1);
  });

  it('request ids are per seat, and a new id applies again (a repeatable action is still repeatable)', async () => {
    const id = await startedGame(h);
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: add1, requestId: 'a' });
    await svc().submit({ gameId: id, seat: 'hanover', userId: 'u2', action: add1, requestId: 'a' });
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: add1, requestId: 'b' });
    expect(totals(id)).toMatchObject({ prussia: 2, hanover: 1 });
  });

  it('a malformed request id or expected version is refused, state unchanged', async () => {
    const id = await startedGame(h);
    const bad = [
      { requestId: '' },
      { requestId: 'x'.repeat(101) },
      { requestId: 'with space' },
      { expectedVersion: -1 },
      { expectedVersion: 1.5 },
    ];
    for (const extra of bad) {
      const r = await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: add1, ...extra });
      expect(!r.ok && r.error.code).toBe('invalid-input');
    }
    expect(getGame(h.handle.db, id)!.version).toBe(0);
  });

  it('a deadline times each seat out under one request id per seat and deadline', async () => {
    const id = await startedGame(h, { deadlineMs: { phase: 60_000 }, reminderBeforeMs: { phase: 0 } });
    await h.advance(60_000);
    const timeouts = actionLog(h.handle.db, id).filter((a) => a.actor === 'deadline');
    expect(timeouts.map((a) => a.requestId)).toEqual([
      expect.stringMatching(/^prussia\/deadline:\d+$/),
      expect.stringMatching(/^hanover\/deadline:\d+$/),
    ]);
  });
});

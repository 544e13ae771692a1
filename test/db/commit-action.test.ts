import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replayGame } from '../../src/app/replay.js';
import { type DbHandle, openDatabase } from '../../src/db/client.js';
import {
  actionLog,
  commitAction,
  getGame,
  insertGame,
  snapshotList,
  startGame,
} from '../../src/db/game-repository.js';
import { countingEngine } from '../app/support/counting-engine.js';

let dir: string;
let a: DbHandle;
let b: DbHandle;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-db-'));
  const path = join(dir, 'x.sqlite');
  a = openDatabase(path);
  b = openDatabase(path);
  insertGame(a.db, {
    id: 'g1',
    guildId: 'g',
    channelId: 'c',
    createdBy: 'u1',
    scenario: 'count',
    seed: 5,
    options: {},
    settings: { snapshotEvery: 2 },
    seats: ['prussia', 'hanover', 'austria', 'france'],
    at: 0,
  });
  startGame(a.db, 'g1', countingEngine().setup('count', 5, {}), 0);
});
afterEach(() => {
  a.close();
  b.close();
  rmSync(dir, { recursive: true, force: true });
});

const commit = (h: DbHandle, expectedVersion: number, n: number, newState: unknown = { n }) =>
  commitAction(h.db, {
    gameId: 'g1',
    expectedVersion,
    seat: 'prussia',
    actor: 'player',
    userId: 'u1',
    action: { type: 'add', n },
    newState,
    over: false,
    at: 1,
    snapshotEvery: 2,
  });

describe('commitAction (optimistic concurrency)', () => {
  it('two commits from the same version on two connections: exactly one applies', () => {
    expect(commit(a, 0, 1)).toEqual({ ok: true, version: 1 });
    expect(commit(b, 0, 2)).toEqual({ ok: false, reason: 'conflict' });
    expect(actionLog(a.db, 'g1').map((r) => JSON.parse(r.action).n)).toEqual([1]);
    expect(JSON.parse(getGame(b.db, 'g1')!.state!)).toEqual({ n: 1 });
  });

  it('a snapshot is stored with every Nth version, in the same transaction', () => {
    commit(a, 0, 1);
    commit(a, 1, 1);
    commit(a, 2, 1);
    expect(snapshotList(a.db, 'g1').map((s) => s.version)).toEqual([2]);
  });

  it('the action log is append-only: rewriting a logged action is refused by the database', () => {
    commit(a, 0, 1);
    expect(() => a.sqlite.prepare(`update actions set action = '{"type":"add","n":9}'`).run()).toThrow(
      'the action log is append-only',
    );
    expect(JSON.parse(actionLog(a.db, 'g1')[0]!.action)).toEqual({ type: 'add', n: 1 });
  });

  it('refuses to commit to a game that is not active', () => {
    a.sqlite.prepare("update games set status='abandoned'").run();
    expect(commit(a, 0, 1)).toEqual({ ok: false, reason: 'conflict' });
    expect(actionLog(a.db, 'g1')).toEqual([]);
  });
});

describe('replay', () => {
  const engine = countingEngine();
  const applyAndCommit = (seat: string, action: { type: string; n?: number }) => {
    const g = getGame(a.db, 'g1')!;
    const r = engine.apply(JSON.parse(g.state!), seat, action);
    if (!r.ok) throw new Error(r.error.message);
    return commitAction(a.db, {
      gameId: 'g1',
      expectedVersion: g.version,
      seat,
      actor: 'player',
      userId: null,
      action,
      newState: r.state,
      over: false,
      at: 1,
      snapshotEvery: 2,
    });
  };

  it('rebuilds the stored state from the log, checking snapshots on the way', () => {
    applyAndCommit('prussia', { type: 'add' });
    applyAndCommit('hanover', { type: 'add', n: 4 });
    applyAndCommit('prussia', { type: 'done' });
    const r = replayGame(a.db, engine, 'g1');
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.version).toBe(3);
  });

  it('reports a stored state that does not match the log', () => {
    applyAndCommit('prussia', { type: 'add', n: 1 });
    a.sqlite.prepare(`update games set state = json_set(state, '$.totals.prussia', 99)`).run();
    const r = replayGame(a.db, engine, 'g1');
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual(['version 1: the stored state differs from the replayed state']);
  });

  it('reports a corrupted snapshot', () => {
    applyAndCommit('prussia', { type: 'add', n: 1 });
    applyAndCommit('prussia', { type: 'add', n: 1 });
    a.sqlite.prepare(`update snapshots set state = json_set(state, '$.round', 7)`).run();
    expect(replayGame(a.db, engine, 'g1').problems).toEqual([
      'version 2: the snapshot differs from the replayed state',
    ]);
  });
});

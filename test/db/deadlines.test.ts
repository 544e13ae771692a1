import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../../src/db/client.js';
import { ensureDeadline, gameDeadlines, markFired } from '../../src/db/deadline-repository.js';
import { insertGame } from '../../src/db/game-repository.js';

let dir: string;
let h: DbHandle;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-dl-'));
  h = openDatabase(join(dir, 'd.sqlite'));
  insertGame(h.db, {
    id: 'g1',
    guildId: 'g',
    channelId: 'c',
    createdBy: 'u',
    scenario: 'count',
    seed: 1,
    options: {},
    settings: {},
    seats: ['prussia'],
    at: 0,
  });
});
afterEach(() => {
  h.close();
  rmSync(dir, { recursive: true, force: true });
});

const dl = (stepId: string, version: number) => ({
  gameId: 'g1',
  stepId,
  version,
  kind: 'phase',
  dueAt: 100,
  remindAt: null,
});

it('a step keeps its deadline across versions; a new step closes the old one, fired or not', () => {
  const a = ensureDeadline(h.db, dl('X', 0), 1);
  expect(a.created).toBe(true);
  const again = ensureDeadline(h.db, dl('X', 3), 2);
  expect(again).toEqual({ deadline: a.deadline, created: false });
  markFired(h.db, a.deadline.id, 5);
  const b = ensureDeadline(h.db, dl('Y', 4), 6);
  expect(b.created).toBe(true);
  // The engine may name a later step like an earlier one; it still gets a fresh deadline.
  const c = ensureDeadline(h.db, dl('X', 9), 7);
  expect(c.created).toBe(true);
  expect(c.deadline.id).not.toBe(a.deadline.id);
  expect(gameDeadlines(h.db, 'g1').map((d) => [d.stepId, d.version, d.closedAt])).toEqual([
    ['X', 0, 6],
    ['Y', 4, 7],
    ['X', 9, null],
  ]);
});

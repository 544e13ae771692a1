// Issue 16: the campaign battle threads are kept in the database, so a restarted bot (a new
// BattleThreads over a reopened SQLite file) still finds a battle's thread, its members and the
// updates already posted, and posts the next ones into the same thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DbBattleThreadStore } from '../../src/app/battle-threads.js';
import { BattleThreads, POSTED_KEPT } from '../../src/bot/battle/threads.js';
import { type DbHandle, openDatabase } from '../../src/db/client.js';

let dir: string;
let path: string;
let h: DbHandle;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-threads-'));
  path = join(dir, 'bot.sqlite');
  h = openDatabase(path);
  for (const id of ['g1', 'g2'])
    h.sqlite
      .prepare(
        "insert into games (id, guild_id, channel_id, created_by, scenario, seed, created_at, updated_at) values (?,'g','c','u','1757',1,0,0)",
      )
      .run(id);
});
afterEach(() => {
  h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The bot restarts: the database is closed and reopened, the thread record is built anew. */
function restart(): BattleThreads {
  h.close();
  h = openDatabase(path);
  return new BattleThreads(new DbBattleThreadStore(h.db, () => 2));
}

describe('campaign battle threads survive a restart (issue 16)', () => {
  it('the open thread, its members and its posted updates are found again after a restart', () => {
    const before = new BattleThreads(new DbBattleThreadStore(h.db, () => 1));
    const t = before.add('g1', '1626', 'thread-1');
    before.addMember(t, 'u-frederick');
    before.addMember(t, 'u-maria');
    expect(before.markPosted(t, '12:update')).toBe(true);
    expect(before.markPosted(t, '12:update')).toBe(false);

    const after = restart();
    const again = after.open('g1', '1626');
    expect(again?.threadId).toBe('thread-1');
    expect([...again!.members].sort()).toEqual(['u-frederick', 'u-maria']);
    // An update posted before the restart is not posted twice; a new one is.
    expect(after.markPosted(again!, '12:update')).toBe(false);
    expect(after.markPosted(again!, '13:update')).toBe(true);
    // /battle commands in the thread find their battle.
    expect(after.inThread('thread-1')?.hex).toBe('1626');
    expect(after.openOf('g1').map((x) => x.threadId)).toEqual(['thread-1']);
    // Other games and hexes have no thread.
    expect(after.open('g1', '1627')).toBeUndefined();
    expect(after.openOf('g2')).toEqual([]);
    expect(after.inThread('thread-unknown')).toBeUndefined();
  });

  it('a battle that ended stays ended after a restart; a later battle at the hex gets its own thread', () => {
    const before = new BattleThreads(new DbBattleThreadStore(h.db, () => 1));
    const t = before.add('g1', '1626', 'thread-1');
    before.close(t);
    expect(before.open('g1', '1626')).toBeUndefined();

    const after = restart();
    expect(after.open('g1', '1626')).toBeUndefined();
    expect(after.openOf('g1')).toEqual([]);
    expect(after.inThread('thread-1')?.open).toBe(false);
    const next = after.add('g1', '1626', 'thread-2');
    expect(after.open('g1', '1626')?.threadId).toBe('thread-2');
    expect(next.open).toBe(true);
    expect(restart().inThread('thread-1')?.open).toBe(false);
  });

  it('a long battle: the stored record keeps only the latest posted updates', () => {
    const before = new BattleThreads(new DbBattleThreadStore(h.db, () => 1));
    const t = before.add('g1', '1626', 'thread-1');
    for (let v = 1; v <= POSTED_KEPT + 50; v++) expect(before.markPosted(t, `${v}:update`)).toBe(true);
    const again = restart().inThread('thread-1')!;
    expect(again.posted.size).toBe(POSTED_KEPT);
    expect(again.posted.has(`${POSTED_KEPT + 50}:update`)).toBe(true);
    expect(again.posted.has('1:update')).toBe(false);
  });

  it('without a store (unit tests of the publisher) the record is kept in memory as before', () => {
    const mem = new BattleThreads();
    const t = mem.add('g1', '1626', 'thread-1');
    mem.addMember(t, 'u1');
    expect(mem.open('g1', '1626')?.members.has('u1')).toBe(true);
    mem.close(t);
    expect(mem.open('g1', '1626')).toBeUndefined();
    expect(mem.inThread('thread-1')?.open).toBe(false);
  });
});

// Campaign battle threads (issue 16): which private thread shows which battle fought out on the
// tactical map. Written and read by the app's BattleThreadStore for the bot, so a restart keeps them.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { type BattleThreadRow, battleThreads } from './schema.js';

export interface StoredBattleThread {
  threadId: string;
  gameId: string;
  hex: string;
  open: boolean;
  members: string[];
  posted: string[];
}

const strings = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

const fromRow = (r: BattleThreadRow): StoredBattleThread => ({
  threadId: r.threadId,
  gameId: r.gameId,
  hex: r.hex,
  open: r.open === 1,
  members: strings(r.members),
  posted: strings(r.posted),
});

/** Records a new thread for a battle; a battle has one open thread (an older one is closed). */
export function insertBattleThread(db: DbOrTx, t: StoredBattleThread, at: number): void {
  db.update(battleThreads)
    .set({ open: 0 })
    .where(and(eq(battleThreads.gameId, t.gameId), eq(battleThreads.hex, t.hex)))
    .run();
  db.insert(battleThreads)
    .values({
      threadId: t.threadId,
      gameId: t.gameId,
      hex: t.hex,
      open: t.open ? 1 : 0,
      members: JSON.stringify(t.members),
      posted: JSON.stringify(t.posted),
      createdAt: at,
    })
    .onConflictDoNothing()
    .run();
}

export function updateBattleThread(
  db: DbOrTx,
  threadId: string,
  patch: Partial<Pick<StoredBattleThread, 'open' | 'members' | 'posted'>>,
): void {
  const set: Partial<Pick<BattleThreadRow, 'open' | 'members' | 'posted'>> = {};
  if (patch.open !== undefined) set.open = patch.open ? 1 : 0;
  if (patch.members) set.members = JSON.stringify(patch.members);
  if (patch.posted) set.posted = JSON.stringify(patch.posted);
  if (Object.keys(set).length === 0) return;
  db.update(battleThreads).set(set).where(eq(battleThreads.threadId, threadId)).run();
}

/** The open thread of the battle at `hex`, if any (the newest). */
export function openBattleThread(db: DbOrTx, gameId: string, hex: string): StoredBattleThread | undefined {
  const r = db
    .select()
    .from(battleThreads)
    .where(and(eq(battleThreads.gameId, gameId), eq(battleThreads.hex, hex), eq(battleThreads.open, 1)))
    .orderBy(desc(battleThreads.createdAt))
    .get();
  return r ? fromRow(r) : undefined;
}

export function openBattleThreadsOf(db: DbOrTx, gameId: string): StoredBattleThread[] {
  return db
    .select()
    .from(battleThreads)
    .where(and(eq(battleThreads.gameId, gameId), eq(battleThreads.open, 1)))
    .all()
    .map(fromRow);
}

export function battleThreadById(db: DbOrTx, threadId: string): StoredBattleThread | undefined {
  const r = db.select().from(battleThreads).where(eq(battleThreads.threadId, threadId)).get();
  return r ? fromRow(r) : undefined;
}

// Deadlines of steps and the record of published messages.
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.js';
import { type DeadlineRow, deadlines, published } from './schema.js';

export interface NewDeadline {
  gameId: string;
  stepId: string;
  version: number;
  kind: string;
  dueAt: number;
  remindAt: number | null;
}

/** The open (neither fired nor closed) deadline of a game, if any. */
export function openDeadlineOf(db: Db, gameId: string): DeadlineRow | undefined {
  return db
    .select()
    .from(deadlines)
    .where(and(eq(deadlines.gameId, gameId), isNull(deadlines.firedAt), isNull(deadlines.closedAt)))
    .get();
}

/**
 * The deadline of the current step: kept if the step already has one (fired or not), otherwise
 * every earlier deadline of the game is closed (its step is over) and a new one is created, so a
 * step id the engine uses again later gets a fresh deadline. Safe to call twice.
 */
export function ensureDeadline(
  db: Db,
  d: NewDeadline,
  at: number,
): { deadline: DeadlineRow; created: boolean } {
  return db.transaction(
    (tx) => {
      const current = tx
        .select()
        .from(deadlines)
        .where(
          and(eq(deadlines.gameId, d.gameId), eq(deadlines.stepId, d.stepId), isNull(deadlines.closedAt)),
        )
        .get();
      if (current) return { deadline: current, created: false };
      tx.update(deadlines)
        .set({ closedAt: at })
        .where(and(eq(deadlines.gameId, d.gameId), isNull(deadlines.closedAt)))
        .run();
      const inserted = tx.insert(deadlines).values(d).onConflictDoNothing().run();
      const deadline = tx
        .select()
        .from(deadlines)
        .where(and(eq(deadlines.gameId, d.gameId), eq(deadlines.version, d.version)))
        .get()!;
      return { deadline, created: inserted.changes === 1 };
    },
    { behavior: 'immediate' },
  );
}

export function getDeadlineById(db: Db, id: number): DeadlineRow | undefined {
  return db.select().from(deadlines).where(eq(deadlines.id, id)).get();
}

export function gameDeadlines(db: Db, gameId: string): DeadlineRow[] {
  return db.select().from(deadlines).where(eq(deadlines.gameId, gameId)).all();
}

/** Deadlines neither fired nor closed, across all games. */
export function openDeadlines(db: Db): DeadlineRow[] {
  return db
    .select()
    .from(deadlines)
    .where(and(isNull(deadlines.firedAt), isNull(deadlines.closedAt)))
    .all();
}

export function markFired(db: DbOrTx, id: number, at: number): boolean {
  const r = db
    .update(deadlines)
    .set({ firedAt: at })
    .where(and(eq(deadlines.id, id), isNull(deadlines.firedAt)))
    .run();
  return r.changes === 1;
}

/** Claim the reminder of a deadline; only one caller ever gets true. */
export function claimReminder(db: DbOrTx, id: number, at: number): boolean {
  const r = db
    .update(deadlines)
    .set({ remindedAt: at })
    .where(
      and(
        eq(deadlines.id, id),
        isNull(deadlines.remindedAt),
        isNull(deadlines.firedAt),
        isNull(deadlines.closedAt),
        lte(deadlines.remindAt, at),
      ),
    )
    .run();
  return r.changes === 1;
}

export function closeDeadline(db: Db, id: number, at: number): void {
  db.update(deadlines)
    .set({ closedAt: at })
    .where(and(eq(deadlines.id, id), isNull(deadlines.closedAt)))
    .run();
}

/** Close every deadline of a game not closed yet (the game ended). */
export function closeAllDeadlines(db: Db, gameId: string, at: number): void {
  db.update(deadlines)
    .set({ closedAt: at })
    .where(and(eq(deadlines.gameId, gameId), isNull(deadlines.closedAt)))
    .run();
}

export function wasPublished(db: Db, key: string): boolean {
  return db.select({ key: published.key }).from(published).where(eq(published.key, key)).get() !== undefined;
}

export function recordPublished(
  db: Db,
  row: { key: string; gameId: string; version: number; target: string; messageId: string | null; at: number },
): void {
  db.insert(published).values(row).onConflictDoNothing().run();
}

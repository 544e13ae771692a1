// The outbox of what must be published (see schema.ts `outbox`). Rows are written inside the
// transaction of the change that calls for them; the publish job marks them sent once every
// message is recorded in `published`; reconciliation re-publishes the unsent ones.
import { and, asc, eq, isNotNull, isNull, lt, notExists } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.js';
import { type OutboxRow, outbox, published } from './schema.js';

export interface OutboxEntry {
  gameId: string;
  version: number;
  topic: 'update' | 'reminder' | 'deadline-passed';
  seats?: string[];
}

export function outboxKey(e: Pick<OutboxEntry, 'gameId' | 'version' | 'topic'>): string {
  return `${e.gameId}.${e.version}.${e.topic}`;
}

/** Add a row (inside the caller's transaction); a row already there is kept as it is. */
export function addToOutbox(tx: DbOrTx, e: OutboxEntry, at: number): void {
  tx.insert(outbox)
    .values({
      key: outboxKey(e),
      gameId: e.gameId,
      version: e.version,
      topic: e.topic,
      seats: e.seats ? JSON.stringify(e.seats) : null,
      createdAt: at,
    })
    .onConflictDoNothing()
    .run();
}

export function markOutboxSent(db: Db, key: string, at: number): void {
  db.update(outbox)
    .set({ sentAt: at })
    .where(and(eq(outbox.key, key), isNull(outbox.sentAt)))
    .run();
}

export function getOutboxRow(db: Db, key: string): OutboxRow | undefined {
  return db.select().from(outbox).where(eq(outbox.key, key)).get();
}

/** Rows not yet published, oldest first. */
export function unsentOutbox(db: Db): OutboxRow[] {
  return db.select().from(outbox).where(isNull(outbox.sentAt)).orderBy(asc(outbox.createdAt)).all();
}

export function entryOf(row: OutboxRow): OutboxEntry {
  return {
    gameId: row.gameId,
    version: row.version,
    topic: row.topic as OutboxEntry['topic'],
    ...(row.seats ? { seats: JSON.parse(row.seats) as string[] } : {}),
  };
}

/**
 * Start-up housekeeping: the outbox and the `published` ledger grow by a few rows per step and were
 * never emptied. A row delivered more than `before` ago can go: its publish job finished long since
 * (queue jobs live seconds to minutes; deadlines fire through new outbox rows). Published rows of a
 * game+version whose outbox row is still unsent are kept, so a pending re-publish never posts twice.
 * Returns how many rows of each table were deleted.
 */
export function pruneDelivered(db: Db, before: number): { outbox: number; published: number } {
  return db.transaction(
    (tx) => {
      const o = tx
        .delete(outbox)
        .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, before)))
        .run();
      const p = tx
        .delete(published)
        .where(
          and(
            lt(published.at, before),
            notExists(
              tx
                .select({ k: outbox.key })
                .from(outbox)
                .where(
                  and(
                    eq(outbox.gameId, published.gameId),
                    eq(outbox.version, published.version),
                    isNull(outbox.sentAt),
                  ),
                ),
            ),
          ),
        )
        .run();
      return { outbox: o.changes, published: p.changes };
    },
    { behavior: 'immediate' },
  );
}

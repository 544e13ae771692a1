// The outbox of what must be published (see schema.ts `outbox`). Rows are written inside the
// transaction of the change that calls for them; the publish job marks them sent once every
// message is recorded in `published`; reconciliation re-publishes the unsent ones.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.js';
import { type OutboxRow, outbox } from './schema.js';

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

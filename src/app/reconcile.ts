// On start-up the database is reconciled with the queue: steps whose follow-up never ran are
// resolved again and every open deadline is scheduled again (jobs already queued are ignored by
// their ids, and the processors skip work already done). Outbox rows not yet sent are published
// again: an update queued before the queue lost its data (Redis flushed, a crash) still goes out.
// Delivered outbox and ledger rows older than the retention are deleted (pruneDelivered).

import type { Db } from '../db/client.js';
import { openDeadlines } from '../db/deadline-repository.js';
import { unresolvedGames } from '../db/game-repository.js';
import { entryOf, pruneDelivered, unsentOutbox } from '../db/outbox-repository.js';
import type { JobQueue } from '../queue/jobs.js';
import { publishFromOutbox, scheduleDeadline } from './step-resolver.js';

/** How long delivered outbox rows and the record of posted messages are kept (14 days). */
export const DELIVERED_RETENTION_MS = 14 * 24 * 3_600_000;

export async function reconcile(
  db: Db,
  queue: JobQueue,
  now: number = Date.now(),
): Promise<{ resolves: number; deadlines: number; publishes: number; pruned: number }> {
  const pruned = pruneDelivered(db, now - DELIVERED_RETENTION_MS);
  const games = unresolvedGames(db);
  for (const g of games) await queue.enqueue({ kind: 'resolve', gameId: g.id, version: g.version });
  const open = openDeadlines(db);
  for (const d of open) await scheduleDeadline(queue, d);
  const unsent = unsentOutbox(db);
  for (const row of unsent) await publishFromOutbox(db, queue, entryOf(row));
  return {
    resolves: games.length,
    deadlines: open.length,
    publishes: unsent.length,
    pruned: pruned.outbox + pruned.published,
  };
}

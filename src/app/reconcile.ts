// On start-up the database is reconciled with the queue: steps whose follow-up never ran are
// resolved again and every open deadline is scheduled again (jobs already queued are ignored by
// their ids, and the processors skip work already done). Outbox rows not yet sent are published
// again: an update queued before the queue lost its data (Redis flushed, a crash) still goes out.

import type { Db } from '../db/client.js';
import { openDeadlines } from '../db/deadline-repository.js';
import { unresolvedGames } from '../db/game-repository.js';
import { entryOf, unsentOutbox } from '../db/outbox-repository.js';
import type { JobQueue } from '../queue/jobs.js';
import { publishFromOutbox, scheduleDeadline } from './step-resolver.js';

export async function reconcile(
  db: Db,
  queue: JobQueue,
): Promise<{ resolves: number; deadlines: number; publishes: number }> {
  const games = unresolvedGames(db);
  for (const g of games) await queue.enqueue({ kind: 'resolve', gameId: g.id, version: g.version });
  const open = openDeadlines(db);
  for (const d of open) await scheduleDeadline(queue, d);
  const unsent = unsentOutbox(db);
  for (const row of unsent) await publishFromOutbox(db, queue, entryOf(row));
  return { resolves: games.length, deadlines: open.length, publishes: unsent.length };
}

// Live mode's Ready list (issue 15): who of a game's players pressed Ready, in the database so a
// restart keeps it. Written only by the service (CampaignService.pressReady).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { liveReady } from './schema.js';

/** Notes that the user is ready; false when they already were. */
export function addReady(db: DbOrTx, gameId: string, userId: string, at: number): boolean {
  const r = db.insert(liveReady).values({ gameId, userId, at }).onConflictDoNothing().run();
  return r.changes > 0;
}

export function readyUsers(db: DbOrTx, gameId: string): string[] {
  return db
    .select({ userId: liveReady.userId })
    .from(liveReady)
    .where(eq(liveReady.gameId, gameId))
    .all()
    .map((r) => r.userId);
}

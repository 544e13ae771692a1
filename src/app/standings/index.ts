// What the bot asks of the campaign records (issue 21): standings of a server and the story of a
// campaign. Finished campaigns are recorded on demand (syncRecords), so a record never depends on
// a hook having run when the game ended.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { getGame } from '../../db/game-repository.js';
import { type CampaignResultRow, campaignResults } from '../../db/schema.js';
import type { RulesEngine } from '../engine-port.js';
import { recordCampaign, type StoredRecords, storedRecords, syncRecords } from './record.js';
import { computeStandings, type Standings } from './standings.js';
import { campaignStory, type StoryChapter, type StoryViewer } from './story.js';

export type { Standings, StoredRecords, StoryChapter, StoryViewer };

export interface CampaignRecords {
  /** Records any finished campaign of the server not yet recorded, then scores them all. */
  standings(guildId: string): { standings: Standings; records: StoredRecords };
  /** The record of one finished campaign (recorded now if needed); undefined while it runs. */
  result(gameId: string): CampaignResultRow | undefined;
  story(gameId: string, viewer: StoryViewer): StoryChapter[];
}

export function createRecords(db: Db, engine: RulesEngine<unknown>, now: () => number): CampaignRecords {
  return {
    standings(guildId) {
      syncRecords(db, engine, guildId, now());
      const records = storedRecords(db, guildId);
      return { standings: computeStandings(records.results, records.players, records.battles), records };
    },
    result(gameId) {
      const game = getGame(db, gameId);
      if (!game || (game.status !== 'over' && game.status !== 'abandoned')) return undefined;
      const stored = db.select().from(campaignResults).where(eq(campaignResults.gameId, gameId)).get();
      if (stored?.recorded === 1) return stored;
      return recordCampaign(db, engine, gameId, now())?.result;
    },
    story(gameId, viewer) {
      return campaignStory(db, engine, gameId, viewer);
    },
  };
}

// How a campaign ended, noted when it ends (issue 21). A concession or an agreed draw is settled
// outside the engine, so it is the one fact of a campaign's record that the action log lacks; the
// rest of the record is rebuilt from the log by src/app/standings/record.ts.
import type { Db } from './client.js';
import { getGame } from './game-repository.js';
import { campaignResults } from './schema.js';

export type EndedBy = 'game-over' | 'conceded' | 'draw-agreed' | 'abandoned';
export interface Ending {
  endedBy: EndedBy;
  /** For a concession: the side that conceded (a battle game's sides are 'prussia' | 'austria'). */
  concededSide?: 'prussian-allied' | 'coalition' | 'prussia' | 'austria';
}

/** Notes the ending; the record's figures are filled in (from the log) by recordCampaign later. */
export function noteEnding(db: Db, gameId: string, ending: Ending, at: number): void {
  const game = getGame(db, gameId);
  if (!game) return;
  const concededSide = ending.endedBy === 'conceded' ? (ending.concededSide ?? null) : null;
  db.insert(campaignResults)
    .values({
      gameId,
      guildId: game.guildId,
      scenario: game.scenario,
      endedBy: ending.endedBy,
      concededSide,
      recorded: 0,
      endedAt: at,
    })
    .onConflictDoUpdate({
      target: campaignResults.gameId,
      set: { endedBy: ending.endedBy, concededSide, recorded: 0, endedAt: at },
    })
    .run();
}

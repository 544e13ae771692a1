// Which campaign lives in a channel, and which seats a user holds: the read side of the service's
// tables for the bot (read-only: everything that changes a game goes through CampaignService).
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { games, type SeatRow, type GameRow as StoredGame, seats } from '../db/schema.js';
import { type PresentationOptions, presentationOf } from './settings.js';

/**
 * A stored game as the bot reads it (the bot does not import src/db): every column but the raw
 * state, which only the service and the engines read (issue 13 item 5: the service is the only
 * door; a seat's view comes from `CampaignService.view`). `started` says whether it has a state.
 */
export type GameRow = Omit<StoredGame, 'state'> & { started: boolean };
export type { SeatRow };

const { state: _state, ...listed } = getTableColumns(games);
const columns = { ...listed, started: sql<boolean>`${games.state} is not null`.mapWith(Boolean) };

export type BotOptions = PresentationOptions;

export class CampaignDirectory {
  constructor(private readonly db: Db) {}

  /** The open (setup or active) campaign of a channel or thread. */
  inChannel(guildId: string | null, channelId: string): GameRow | undefined {
    if (!guildId) return undefined;
    return this.db
      .select(columns)
      .from(games)
      .where(
        and(
          eq(games.guildId, guildId),
          eq(games.channelId, channelId),
          inArray(games.status, ['setup', 'active']),
        ),
      )
      .orderBy(desc(games.createdAt))
      .get();
  }

  /** The latest campaign of a channel whatever its status (for /campaign status after the end). */
  latestInChannel(guildId: string | null, channelId: string): GameRow | undefined {
    if (!guildId) return undefined;
    return this.db
      .select(columns)
      .from(games)
      .where(and(eq(games.guildId, guildId), eq(games.channelId, channelId)))
      .orderBy(desc(games.createdAt))
      .get();
  }

  game(gameId: string): GameRow | undefined {
    return this.db.select(columns).from(games).where(eq(games.id, gameId)).get();
  }

  seats(gameId: string): SeatRow[] {
    return this.db.select().from(seats).where(eq(seats.gameId, gameId)).all();
  }

  /** Open campaigns in which the user holds at least one seat (for commands sent by DM). */
  gamesOfUser(userId: string): GameRow[] {
    const held = this.db.select().from(seats).where(eq(seats.userId, userId)).all();
    const ids = [...new Set(held.map((s) => s.gameId))];
    if (ids.length === 0) return [];
    return this.db
      .select(columns)
      .from(games)
      .where(and(inArray(games.id, ids), inArray(games.status, ['setup', 'active'])))
      .all();
  }

  botOptions(game: GameRow): BotOptions {
    return presentationOf(game.options);
  }
}

// Which campaign lives in a channel, and which seats a user holds. Reads the service's tables
// (read-only, except the bot-owned presentation settings kept in the game's options).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { parseSettings } from '../app/settings.js';
import type { Db } from '../db/client.js';
import { type GameRow, games, type SeatRow, seats } from '../db/schema.js';

export interface BotOptions {
  /** Post the public map after every move, not only after each phase. */
  moveMaps: boolean;
}

export class CampaignDirectory {
  constructor(private readonly db: Db) {}

  /** The open (setup or active) campaign of a channel or thread. */
  inChannel(guildId: string | null, channelId: string): GameRow | undefined {
    if (!guildId) return undefined;
    return this.db
      .select()
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
      .select()
      .from(games)
      .where(and(eq(games.guildId, guildId), eq(games.channelId, channelId)))
      .orderBy(desc(games.createdAt))
      .get();
  }

  game(gameId: string): GameRow | undefined {
    return this.db.select().from(games).where(eq(games.id, gameId)).get();
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
      .select()
      .from(games)
      .where(and(inArray(games.id, ids), inArray(games.status, ['setup', 'active'])))
      .all();
  }

  botOptions(game: GameRow): BotOptions {
    const options = JSON.parse(game.options) as { bot?: Partial<BotOptions> };
    return { moveMaps: options.bot?.moveMaps === true };
  }

  /** Change deadlines / timeout policy / per-move maps; validated like at creation. */
  updateSettings(
    gameId: string,
    change: {
      deadlineHours?: number;
      /** Live battles (issue 15): every step, activation or prompt, gets this many minutes. */
      deadlineMinutes?: number;
      timeoutPolicy?: 'autopilot' | 'wait';
      moveMaps?: boolean;
    },
  ): { ok: true } | { ok: false; message: string } {
    const game = this.game(gameId);
    if (!game) return { ok: false, message: `There is no game ${gameId}.` };
    const current = JSON.parse(game.settings) as Record<string, unknown>;
    const next: Record<string, unknown> = { ...current };
    if (change.deadlineHours !== undefined) {
      const deadline = (current.deadlineMs ?? {}) as Record<string, unknown>;
      next.deadlineMs = { ...deadline, phase: Math.round(change.deadlineHours * 3_600_000) };
    }
    if (change.deadlineMinutes !== undefined) {
      const ms = Math.round(change.deadlineMinutes * 60_000);
      next.deadlineMs = { phase: ms, prompt: ms };
      next.reminderBeforeMs = { phase: Math.floor(ms / 2), prompt: Math.floor(ms / 2) };
    }
    if (change.timeoutPolicy !== undefined) next.timeoutPolicy = change.timeoutPolicy;
    const parsed = parseSettings(next);
    if (!parsed.ok) return { ok: false, message: parsed.message };
    const options = JSON.parse(game.options) as Record<string, unknown>;
    if (change.moveMaps !== undefined) {
      options.bot = { ...((options.bot as object | undefined) ?? {}), moveMaps: change.moveMaps };
    }
    this.db
      .update(games)
      .set({ settings: JSON.stringify(parsed.settings), options: JSON.stringify(options) })
      .where(eq(games.id, gameId))
      .run();
    return { ok: true };
  }
}

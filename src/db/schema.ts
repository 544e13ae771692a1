// The single source of truth for the database layout; migrations/ is generated from this file
// with `npm run db:generate` (drizzle-kit) and committed.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** One campaign in one Discord channel. `state` is the engine state as JSON, `version` our own counter. */
export const games = sqliteTable(
  'games',
  {
    id: text('id').primaryKey(),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    createdBy: text('created_by').notNull(),
    /** 'campaign' (the strategic engine) | 'battle' (a Leuthen tactical battle, issue 15). */
    kind: text('kind').notNull().default('campaign'),
    scenario: text('scenario').notNull(),
    seed: integer('seed').notNull(),
    /** Engine options, JSON, passed to setup. */
    options: text('options').notNull().default('{}'),
    /** Service settings (deadlines per step kind, reminders, timeout policy, snapshot interval), JSON. */
    settings: text('settings').notNull().default('{}'),
    /** 'setup' | 'active' | 'over' | 'abandoned' */
    status: text('status').notNull().default('setup'),
    state: text('state'),
    /** Number of actions applied since start; every accepted action bumps it by exactly one. */
    version: integer('version').notNull().default(0),
    /** Highest version whose step follow-up (autopilot, deadline, publish) has been done; -1 = none. */
    resolvedVersion: integer('resolved_version').notNull().default(-1),
    /**
     * The engine's rules and map version when the game started (src/engine/version.ts); null for
     * games started before they were recorded (= version 1). `ftg replay --verify` compares them.
     */
    rulesVersion: integer('rules_version'),
    mapVersion: integer('map_version'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('games_status_idx').on(t.status), index('games_channel_idx').on(t.guildId, t.channelId)],
);

/** A nationality in a game and who holds it. `autopilot` 0 = a human plays it, >= 1 = autopilot level. */
export const seats = sqliteTable(
  'seats',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: text('seat').notNull(),
    userId: text('user_id'),
    autopilot: integer('autopilot').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index('seats_user_idx').on(t.userId)],
);

/**
 * Append-only log of accepted actions. `version` is the game version the action produced, so the
 * primary key makes it impossible for two actions to claim the same version.
 */
export const actions = sqliteTable(
  'actions',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    seat: text('seat').notNull(),
    /** 'player' | 'autopilot' | 'deadline' */
    actor: text('actor').notNull(),
    userId: text('user_id'),
    action: text('action').notNull(),
    /** The events the engine reported for this action (JSON array, each with its visibility tag). */
    events: text('events').notNull().default('[]'),
    at: integer('at').notNull(),
    /**
     * The caller's idempotency key (a button press, a deadline's timeout, an autopilot turn): an
     * action sent again with the same key is answered with the first one's result, not applied again.
     */
    requestId: text('request_id'),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.version] }),
    uniqueIndex('actions_request_idx').on(t.gameId, t.requestId),
  ],
);

/** Full state every N actions, so a replay can start part-way and be checked part-way. */
export const snapshots = sqliteTable(
  'snapshots',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    state: text('state').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.version] })],
);

/**
 * The deadline of one step of one game. A step keeps its deadline across the versions its seats
 * add; a new one is made (keyed by the version the step was first resolved at) when the step changes.
 */
export const deadlines = sqliteTable(
  'deadlines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    /** Game version when the step began. */
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    dueAt: integer('due_at').notNull(),
    remindAt: integer('remind_at'),
    remindedAt: integer('reminded_at'),
    firedAt: integer('fired_at'),
    /** Set when the step ended before its deadline (everyone answered). */
    closedAt: integer('closed_at'),
  },
  (t) => [
    uniqueIndex('deadlines_version_idx').on(t.gameId, t.version),
    index('deadlines_open_idx').on(t.firedAt, t.closedAt, t.dueAt),
  ],
);

/** Messages already posted, keyed so a restart or a retried job does not post twice. */
export const published = sqliteTable(
  'published',
  {
    key: text('key').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    target: text('target').notNull(),
    messageId: text('message_id'),
    at: integer('at').notNull().default(sql`0`),
  },
  (t) => [index('published_game_idx').on(t.gameId, t.version)],
);

/**
 * The outbox: what must be published, written in the same transaction as the change that calls
 * for it (a step's follow-up, a reminder claimed, a deadline fired). A row stays unsent until every
 * message it stands for is recorded in `published`; start-up reconciliation publishes unsent rows
 * again, so losing the queue (Redis data, a crash) never loses an update.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    /** `<game>.<version>.<topic>`, also the publish job's id base: one row per update. */
    key: text('key').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** 'update' | 'reminder' | 'deadline-passed' */
    topic: text('topic').notNull(),
    /** For reminders: the seats to remind (JSON array), else null. */
    seats: text('seats'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [index('outbox_unsent_idx').on(t.sentAt, t.createdAt)],
);

/**
 * The record of a finished campaign (issue 21). `endedBy` and `concededSide` are the only facts not
 * in the action log (concessions and agreed draws are settled outside the engine); everything else is
 * recomputed from the log by src/app/standings/record.ts, so the row can always be rebuilt.
 */
export const campaignResults = sqliteTable(
  'campaign_results',
  {
    gameId: text('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    guildId: text('guild_id').notNull(),
    scenario: text('scenario').notNull(),
    /** 'game-over' | 'conceded' | 'draw-agreed' | 'abandoned' */
    endedBy: text('ended_by').notNull(),
    concededSide: text('conceded_side'),
    /** 0 until the replay has filled in the figures below. */
    recorded: integer('recorded').notNull().default(0),
    /** 'prussian-allied' | 'coalition' | 'draw'; null for an abandoned campaign (no result). */
    winner: text('winner'),
    /** 17.1 level ('marginal' | 'substantive' | 'decisive' | 'draw' | 'pyrrhic'), or 'concession' | 'agreed' | 'abandoned'. */
    level: text('level'),
    vpAllied: integer('vp_allied').notNull().default(0),
    vpCoalition: integer('vp_coalition').notNull().default(0),
    spLostAllied: integer('sp_lost_allied').notNull().default(0),
    spLostCoalition: integer('sp_lost_coalition').notNull().default(0),
    lastTurn: integer('last_turn').notNull().default(0),
    /** JSON: [{turn, allied, coalition}] VP totals (17.0) at the start of each Game-Turn and at the end. */
    vpByTurn: text('vp_by_turn').notNull().default('[]'),
    /** Whether the scenario year's historical outcome was reversed (the campaign bonus point). */
    reversal: integer('reversal').notNull().default(0),
    endedAt: integer('ended_at').notNull(),
  },
  (t) => [index('campaign_results_guild_idx').on(t.guildId)],
);

/** Who held each seat of a finished campaign: one row per person (or the autopilot) per seat. */
export const campaignPlayers = sqliteTable(
  'campaign_players',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: text('seat').notNull(),
    /** A Discord user id, or 'autopilot'. */
    player: text('player').notNull(),
    side: text('side').notNull(),
    /** Actions this player sent for the seat. */
    actions: integer('actions').notNull().default(0),
    /** 1 if the player held the seat when the campaign ended. */
    heldAtEnd: integer('held_at_end').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat, t.player] }),
    index('campaign_players_player_idx').on(t.player),
  ],
);

/** Every battle (9.0) of a campaign, recorded from the action log. */
export const battleResults = sqliteTable(
  'battle_results',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The game version of the action that fought it. */
    version: integer('version').notNull(),
    hex: text('hex').notNull(),
    turn: integer('turn').notNull(),
    /** "late August 1757" (assets/calendar.json). */
    date: text('date').notNull(),
    attackerSide: text('attacker_side').notNull(),
    /** JSON arrays of the nationalities with SP in the battle. */
    attackerNations: text('attacker_nations').notNull(),
    defenderNations: text('defender_nations').notNull(),
    attackerCommander: text('attacker_commander'),
    defenderCommander: text('defender_commander'),
    /** The CRT odds column (e.g. 150 for 150%) and the modified die roll. */
    odds: integer('odds').notNull(),
    roll: integer('roll').notNull(),
    /** 'prussian-allied' | 'coalition' | 'draw' */
    victor: text('victor').notNull(),
    attackerSpLost: integer('attacker_sp_lost').notNull(),
    defenderSpLost: integer('defender_sp_lost').notNull(),
    /** The named historical battle it stands for (assets/history/battles.json), if any. */
    historical: text('historical'),
    reversal: integer('reversal').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.version, t.hex] })],
);

/**
 * Live mode (issue 15): who of a game's players pressed Ready. Once every human holder has, the
 * game's deadlines shrink to minutes. Kept here (not in the bot's memory) so a restart remembers it.
 */
export const liveReady = sqliteTable(
  'live_ready',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

/**
 * Campaign battles fought out on the tactical map (issue 16): which private thread of the campaign
 * channel shows which battle, who was added to it and which updates it already carries. Kept here
 * (not in the bot's memory) so a restarted bot goes on posting into the same thread.
 */
export const battleThreads = sqliteTable(
  'battle_threads',
  {
    threadId: text('thread_id').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    hex: text('hex').notNull(),
    /** 1 while the battle is fought; 0 once it ended (the thread stays). */
    open: integer('open').notNull().default(1),
    /** JSON array of the user ids added to the thread. */
    members: text('members').notNull().default('[]'),
    /** JSON array of the updates already posted (`version:topic`). */
    posted: text('posted').notNull().default('[]'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('battle_threads_game_idx').on(t.gameId, t.hex, t.open)],
);

export type CampaignResultRow = typeof campaignResults.$inferSelect;
export type CampaignPlayerRow = typeof campaignPlayers.$inferSelect;
export type BattleResultRow = typeof battleResults.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type BattleThreadRow = typeof battleThreads.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;
export type DeadlineRow = typeof deadlines.$inferSelect;

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

export type OutboxRow = typeof outbox.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;
export type DeadlineRow = typeof deadlines.$inferSelect;

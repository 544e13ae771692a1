// Reads and writes of games, seats, the action log and snapshots. Every accepted action goes
// through `commitAction`, which is the optimistic-concurrency guard: the update only matches the
// row while it still holds the version the caller read.
import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.js';
import { actions, type GameRow, games, type SeatRow, seats, snapshots } from './schema.js';

export type GameStatus = 'setup' | 'active' | 'over' | 'abandoned';

export interface NewGame {
  id: string;
  guildId: string;
  channelId: string;
  createdBy: string;
  /** 'campaign' (default) or 'battle'. */
  kind?: string;
  scenario: string;
  seed: number;
  options: Record<string, unknown>;
  settings: unknown;
  seats: string[];
  at: number;
}

export function insertGame(db: Db, g: NewGame): void {
  db.transaction(
    (tx) => {
      tx.insert(games)
        .values({
          id: g.id,
          guildId: g.guildId,
          channelId: g.channelId,
          createdBy: g.createdBy,
          kind: g.kind ?? 'campaign',
          scenario: g.scenario,
          seed: g.seed,
          options: JSON.stringify(g.options),
          settings: JSON.stringify(g.settings),
          status: 'setup',
          createdAt: g.at,
          updatedAt: g.at,
        })
        .run();
      for (const seat of g.seats) tx.insert(seats).values({ gameId: g.id, seat }).run();
    },
    { behavior: 'immediate' },
  );
}

// The three reads every interaction and job makes, prepared once per connection: building the
// query and compiling its SQL on each call cost more than the read itself (issue 15's bench).
function preparedReads(db: Db) {
  return {
    game: db
      .select()
      .from(games)
      .where(eq(games.id, sql.placeholder('id')))
      .prepare(),
    seats: db
      .select()
      .from(seats)
      .where(eq(seats.gameId, sql.placeholder('gameId')))
      .prepare(),
    seat: db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, sql.placeholder('gameId')), eq(seats.seat, sql.placeholder('seat'))))
      .prepare(),
    // The write path of every action (issue 19: the autopilot commits dozens per step; building
    // these per call was about a fifth of an autopilot action's CPU in the service).
    byRequestId: db
      .select()
      .from(actions)
      .where(
        and(
          eq(actions.gameId, sql.placeholder('gameId')),
          eq(actions.requestId, sql.placeholder('requestId')),
        ),
      )
      .prepare(),
    commitState: db
      .update(games)
      .set({
        state: sql`${sql.placeholder('state')}`,
        version: sql`${sql.placeholder('version')}`,
        status: sql`${sql.placeholder('status')}`,
        updatedAt: sql`${sql.placeholder('at')}`,
      })
      .where(
        and(
          eq(games.id, sql.placeholder('id')),
          eq(games.version, sql.placeholder('expected')),
          eq(games.status, 'active'),
        ),
      )
      .prepare(),
    logAction: db
      .insert(actions)
      .values({
        gameId: sql.placeholder('gameId'),
        version: sql`${sql.placeholder('version')}`,
        seat: sql.placeholder('seat'),
        actor: sql.placeholder('actor'),
        userId: sql.placeholder('userId'),
        action: sql.placeholder('action'),
        events: sql.placeholder('events'),
        at: sql.placeholder('at'),
        requestId: sql.placeholder('requestId'),
      })
      .prepare(),
  };
}
const reads = new WeakMap<Db, ReturnType<typeof preparedReads>>();
function readsOf(db: Db): ReturnType<typeof preparedReads> {
  let r = reads.get(db);
  if (!r) {
    r = preparedReads(db);
    reads.set(db, r);
  }
  return r;
}

export function getGame(db: Db, id: string): GameRow | undefined {
  return readsOf(db).game.get({ id });
}

export function getSeats(db: Db, gameId: string): SeatRow[] {
  return readsOf(db).seats.all({ gameId });
}

export function getSeat(db: Db, gameId: string, seat: string): SeatRow | undefined {
  return readsOf(db).seat.get({ gameId, seat });
}

/** Set a seat's holder; `expectedUser` guards against two people claiming it at once. */
export function setSeatHolder(
  db: Db,
  gameId: string,
  seat: string,
  userId: string | null,
  expectedUser: string | null,
): boolean {
  const holderMatches = expectedUser === null ? sql`${seats.userId} IS NULL` : eq(seats.userId, expectedUser);
  const r = db
    .update(seats)
    .set({ userId })
    .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat), holderMatches))
    .run();
  return r.changes === 1;
}

export function setSeatAutopilot(db: Db, gameId: string, seat: string, level: number): void {
  db.update(seats)
    .set({ autopilot: level })
    .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
    .run();
}

/**
 * Move a game from setup to active with its initial state (version 0), recording the rules and map
 * version the engine set it up under.
 */
export function startGame(
  db: Db,
  gameId: string,
  state: unknown,
  at: number,
  versions?: { rules: number; map: number },
): boolean {
  const r = db
    .update(games)
    .set({
      status: 'active',
      state: JSON.stringify(state),
      version: 0,
      resolvedVersion: -1,
      updatedAt: at,
      ...(versions ? { rulesVersion: versions.rules, mapVersion: versions.map } : {}),
    })
    .where(and(eq(games.id, gameId), eq(games.status, 'setup')))
    .run();
  return r.changes === 1;
}

export function setStatus(
  db: Db,
  gameId: string,
  status: GameStatus,
  from: GameStatus[],
  at: number,
): boolean {
  const r = db
    .update(games)
    .set({ status, updatedAt: at })
    .where(and(eq(games.id, gameId), sql`${games.status} IN ${from}`))
    .run();
  return r.changes === 1;
}

/**
 * Store a game's settings and options (the service validated them). `updated_at` is left alone: the
 * standings read it as the time a game ended.
 */
export function setGameSettings(
  db: DbOrTx,
  gameId: string,
  settings: unknown,
  options: Record<string, unknown>,
): boolean {
  const r = db
    .update(games)
    .set({ settings: JSON.stringify(settings), options: JSON.stringify(options) })
    .where(eq(games.id, gameId))
    .run();
  return r.changes === 1;
}

export interface CommitInput {
  gameId: string;
  /** The version the new state was computed from. */
  expectedVersion: number;
  seat: string;
  actor: 'player' | 'autopilot' | 'deadline';
  userId: string | null;
  action: unknown;
  /** The engine's events for this action, stored with it. */
  events?: unknown[];
  newState: unknown;
  over: boolean;
  at: number;
  /** Store a snapshot whenever the new version is a multiple of this (0 = never). */
  snapshotEvery: number;
  /** The caller's idempotency key (unique per game); a key already logged commits nothing. */
  requestId?: string;
}

export type CommitResult = { ok: true; version: number } | { ok: false; reason: 'conflict' | 'duplicate' };

/**
 * Write the log row, the new state and any snapshot in one transaction, only if the game still
 * holds `expectedVersion` and is active. Two commits from the same version can never both succeed.
 */
export function commitAction(db: Db, c: CommitInput): CommitResult {
  const version = c.expectedVersion + 1;
  const stateJson = JSON.stringify(c.newState);
  const q = readsOf(db);
  return db.transaction(
    (tx): CommitResult => {
      // The prepared statements run on the same connection, so inside this transaction.
      if (c.requestId !== undefined && q.byRequestId.get({ gameId: c.gameId, requestId: c.requestId }))
        return { ok: false, reason: 'duplicate' };
      const r = q.commitState.run({
        state: stateJson,
        version,
        status: c.over ? 'over' : 'active',
        at: c.at,
        id: c.gameId,
        expected: c.expectedVersion,
      });
      if (r.changes !== 1) return { ok: false, reason: 'conflict' };
      q.logAction.run({
        gameId: c.gameId,
        version,
        seat: c.seat,
        actor: c.actor,
        userId: c.userId,
        action: JSON.stringify(c.action),
        events: JSON.stringify(c.events ?? []),
        at: c.at,
        requestId: c.requestId ?? null,
      });
      if (c.snapshotEvery > 0 && version % c.snapshotEvery === 0) {
        tx.insert(snapshots).values({ gameId: c.gameId, version, state: stateJson, at: c.at }).run();
      }
      return { ok: true, version };
    },
    { behavior: 'immediate' },
  );
}

/** The logged action sent with this idempotency key, if any. */
export function findByRequestId(db: Db, gameId: string, requestId: string) {
  return readsOf(db).byRequestId.get({ gameId, requestId });
}

/** Record that the follow-up of the game as of `version` is done (never moves backwards). */
export function markResolved(db: DbOrTx, gameId: string, version: number): boolean {
  const r = db
    .update(games)
    .set({ resolvedVersion: version })
    .where(and(eq(games.id, gameId), lt(games.resolvedVersion, version)))
    .run();
  return r.changes === 1;
}

/**
 * An action that kept the game in the same step needs no follow-up of its own: if the version it
 * started from was followed up, so is the new one.
 */
export function carryResolved(db: Db, gameId: string, from: number, to: number): boolean {
  const r = db
    .update(games)
    .set({ resolvedVersion: to })
    .where(and(eq(games.id, gameId), eq(games.resolvedVersion, from)))
    .run();
  return r.changes === 1;
}

export function actionLog(db: Db, gameId: string, afterVersion = 0) {
  return db
    .select()
    .from(actions)
    .where(and(eq(actions.gameId, gameId), gt(actions.version, afterVersion)))
    .orderBy(asc(actions.version))
    .all();
}

export function snapshotList(db: Db, gameId: string) {
  return db
    .select()
    .from(snapshots)
    .where(eq(snapshots.gameId, gameId))
    .orderBy(asc(snapshots.version))
    .all();
}

/** Active games whose latest version has not been followed up (resolve jobs lost in a crash). */
export function unresolvedGames(db: Db): { id: string; version: number }[] {
  return db
    .select({ id: games.id, version: games.version })
    .from(games)
    .where(and(eq(games.status, 'active'), lt(games.resolvedVersion, games.version)))
    .all();
}

/** The stored events of the actions with afterVersion < version <= upToVersion, in order. */
export function eventsBetween(db: Db, gameId: string, afterVersion: number, upToVersion: number): unknown[] {
  return db
    .select({ events: actions.events })
    .from(actions)
    .where(
      and(eq(actions.gameId, gameId), gt(actions.version, afterVersion), lte(actions.version, upToVersion)),
    )
    .orderBy(asc(actions.version))
    .all()
    .flatMap((r) => JSON.parse(r.events) as unknown[]);
}

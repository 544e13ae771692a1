// Apply one action to a game with optimistic concurrency: read the state and version, let the
// engine compute the next state, and commit only if nobody else committed in between. On a
// conflict the action is re-validated against the newer state (the precheck and the engine run
// again), so it either applies on top of the winner or is rejected with the reason.
import type { Db } from '../db/client.js';
import { commitAction, findByRequestId, getGame } from '../db/game-repository.js';
import type { GameRow } from '../db/schema.js';
import type { Clock } from './clock.js';
import type { Action, EngineEvent, RulesEngine, Seat } from './engine-port.js';
import { clip, fail, type Result, type ServiceError } from './result.js';
import { type GameSettings, parseSettings } from './settings.js';

export interface ApplyDeps {
  db: Db;
  engine: RulesEngine<unknown>;
  clock: Clock;
  /** Commit attempts before giving up on a very busy game (default 25). */
  maxAttempts?: number;
}

export interface ApplyRequest {
  gameId: string;
  seat: Seat;
  actor: 'player' | 'autopilot' | 'deadline';
  userId: string | null;
  /** Builds the action from the current state, or returns why it must not be sent (checked on every attempt). */
  prepare: (state: unknown, game: GameRow) => Action | ServiceError;
  /**
   * Idempotency key, unique per game and seat: if an action with it is already logged, that
   * action's result is returned (`duplicate`) and nothing is applied again.
   */
  requestId?: string;
  /** Apply only while the game is at this version; otherwise refuse with 'stale'. */
  expectedVersion?: number;
}

export interface Applied {
  version: number;
  before: unknown;
  state: unknown;
  events: EngineEvent[];
  action: Action;
  attempts: number;
  /** The request id was already logged: this is the earlier action's result, nothing was applied. */
  duplicate: boolean;
}

export function settingsOf(game: GameRow): GameSettings {
  const parsed = parseSettings(JSON.parse(game.settings));
  if (!parsed.ok) throw new Error(`game ${game.id}: stored settings are invalid: ${parsed.message}`);
  return parsed.settings;
}

// Parsed battle states, by game (issue 15): a battle's state is read several times per interaction
// and per published message (view, pending seats, legal actions), and parsing it was the largest
// single cost on the bot's main thread. The tactical engine never changes the state it is given
// (apply and view work on clones), so one parsed object is shared for as long as the stored text is
// the same. Campaign states are parsed on each call as before.
const parsedBattles = new Map<string, { text: string; state: unknown }>();
const PARSED_BATTLES_KEPT = 64;

export function stateOf(game: GameRow): unknown {
  if (game.state === null) throw new Error(`game ${game.id} has no state yet`);
  if (game.kind !== 'battle') return JSON.parse(game.state);
  const hit = parsedBattles.get(game.id);
  if (hit && hit.text === game.state) return hit.state;
  const state: unknown = JSON.parse(game.state);
  parsedBattles.delete(game.id);
  parsedBattles.set(game.id, { text: game.state, state });
  if (parsedBattles.size > PARSED_BATTLES_KEPT) parsedBattles.delete(parsedBattles.keys().next().value!);
  return state;
}

export function applyWithRetry(deps: ApplyDeps, req: ApplyRequest): Result<Applied> {
  const max = deps.maxAttempts ?? 25;
  for (let attempt = 1; attempt <= max; attempt++) {
    const game = getGame(deps.db, req.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(req.gameId)}.`);
    const key = req.requestId === undefined ? undefined : `${req.seat}/${req.requestId}`;
    const earlier = key === undefined ? undefined : findByRequestId(deps.db, req.gameId, key);
    if (earlier && game.state !== null) {
      const state = stateOf(game);
      return {
        ok: true,
        version: earlier.version,
        before: state,
        state,
        events: JSON.parse(earlier.events) as EngineEvent[],
        action: JSON.parse(earlier.action) as Action,
        attempts: attempt,
        duplicate: true,
      };
    }
    if (game.status !== 'active') return fail('wrong-status', `The game is ${game.status}, not in progress.`);
    const state = stateOf(game);
    if (req.expectedVersion !== undefined && game.version !== req.expectedVersion) {
      return fail(
        'stale',
        `The game has moved on since you decided (version ${req.expectedVersion}, now ${game.version}); nothing was sent. Look again and resend if it still applies.`,
      );
    }
    const action = req.prepare(state, game);
    if (!('type' in action) || typeof action.type !== 'string')
      return { ok: false, error: action as ServiceError };
    const r = deps.engine.apply(state, req.seat, action);
    if (!r.ok) return fail('rule-violation', `${r.error.rule}: ${r.error.message}`, r.error.rule);
    const committed = commitAction(deps.db, {
      gameId: req.gameId,
      expectedVersion: game.version,
      seat: req.seat,
      actor: req.actor,
      userId: req.userId,
      action,
      events: r.events,
      newState: r.state,
      over: deps.engine.isOver(r.state),
      at: deps.clock.now(),
      snapshotEvery: settingsOf(game).snapshotEvery,
      ...(key === undefined ? {} : { requestId: key }),
    });
    if (committed.ok) {
      return {
        ok: true,
        version: committed.version,
        before: state,
        state: r.state,
        events: r.events,
        action,
        attempts: attempt,
        duplicate: false,
      };
    }
  }
  return fail('conflict', 'The game is very busy right now; please send your action again.');
}

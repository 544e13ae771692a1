// The campaign service: the only place that joins the rules engine, the database and the queue.
// Every operation returns a Result with a player-readable message instead of throwing for bad
// input, and changes nothing when it fails. Only a seat's holder may act for that seat.
import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/client.js';
import { closeAllDeadlines, openDeadlineOf } from '../db/deadline-repository.js';
import {
  carryResolved,
  getGame,
  getSeat,
  getSeats,
  insertGame,
  setGameSettings,
  setSeatAutopilot,
  setSeatHolder,
  setStatus,
  startGame,
} from '../db/game-repository.js';
import { addReady, readyUsers } from '../db/live-repository.js';
import type { GameRow } from '../db/schema.js';
import { type Ending, noteEnding } from '../db/standings-repository.js';
import type { TacticalSettings } from '../engine/index.js';
import { GAME_ID_PATTERN, type JobQueue } from '../queue/jobs.js';
import { applyWithRetry, stateOf } from './apply-action.js';
import { type BattleSeat, battleSeatsIn } from './battle-view.js';
import type { Clock } from './clock.js';
import {
  engineForKind,
  type GameKind,
  isGameKind,
  type KindedEngine,
  versionsForKind,
} from './engine-kind.js';
import {
  type Action,
  type EngineEvent,
  isStep,
  type RuleError,
  type RulesEngine,
  type Seat,
} from './engine-port.js';
import { type DryRunResult, dryRunOrders, type Preview, previewOrders } from './preview.js';
import { clip, fail, type Result, refusal } from './result.js';
import {
  changeSettings,
  type GameSettings,
  type GameSettingsInput,
  type PresentationOptions,
  parseSettings,
  presentationOf,
  type SettingsChange,
} from './settings.js';
import { visibleTo } from './step-resolver.js';
import { DEFAULT_TACTICAL, tacticalSettingsOf, tacticalSettingsProblem } from './tactical-settings.js';

/** Actions a seat may send outside its own step (the engine still decides). */
const ANY_TIME = new Set(['forfeit', 'standing-order']);
export interface ServiceDeps {
  db: Db;
  engine: RulesEngine<unknown>;
  clock: Clock;
  queue: JobQueue;
  newGameId?: () => string;
  newSeed?: () => number;
  maxAttempts?: number;
}

export interface CreateGameInput {
  guildId: string;
  channelId: string;
  userId: string;
  scenario: string;
  /** 'campaign' or 'battle'; by default the kind the scenario id makes (issue 15). */
  kind?: string;
  seed?: number;
  options?: Record<string, unknown>;
  settings?: GameSettingsInput;
}

export interface Decision {
  seat: Seat;
  stepId: string;
  kind: string;
  legalActions: Action[];
  dueAt: number | null;
}

const MAX_ACTION_BYTES = 16_384;
const REQUEST_ID_PATTERN = /^[\x21-\x7e]{1,100}$/;

/** Seats nobody took when the game starts get this autopilot level (0 = human; 1-3 = autopilot). */
export const DEFAULT_AUTOPILOT_LEVEL = 2;

/** The kind of game a scenario makes: the engine says, if it hosts several kinds; else a campaign. */
function kindOfScenario(engine: RulesEngine<unknown>, scenario: string): string {
  const k = engine as Partial<KindedEngine>;
  return (typeof k.kindOf === 'function' ? k.kindOf(scenario) : undefined) ?? 'campaign';
}

export class CampaignService {
  constructor(private readonly deps: ServiceDeps) {}

  private game(gameId: string): GameRow | undefined {
    if (typeof gameId !== 'string' || !GAME_ID_PATTERN.test(gameId)) return undefined;
    return getGame(this.deps.db, gameId);
  }

  createGame(input: CreateGameInput): Result<{ gameId: string; seats: Seat[]; kind: GameKind }> {
    for (const key of ['guildId', 'channelId', 'userId', 'scenario'] as const) {
      if (typeof input[key] !== 'string' || input[key].length === 0) {
        return fail('invalid-input', `Creating a game needs a ${key}.`);
      }
    }
    const kind = input.kind ?? kindOfScenario(this.deps.engine, input.scenario);
    if (!isGameKind(kind)) return fail('invalid-input', 'A game is a campaign or a battle.');
    const seats = engineForKind(this.deps.engine, kind).seats(input.scenario);
    if (!seats || seats.length === 0)
      return fail('unknown-scenario', `There is no scenario "${clip(input.scenario)}".`);
    const settings = parseSettings(input.settings);
    if (!settings.ok) return fail('invalid-input', settings.message);
    const seed = input.seed ?? (this.deps.newSeed ? this.deps.newSeed() : randomInt(0, 2 ** 31 - 1));
    if (!Number.isSafeInteger(seed)) return fail('invalid-input', 'The seed must be a whole number.');
    const gameId = this.deps.newGameId ? this.deps.newGameId() : `g${randomBytes(6).toString('hex')}`;
    if (!GAME_ID_PATTERN.test(gameId)) return fail('invalid-input', `Game id "${gameId}" is not allowed.`);
    // Issue #16: a new campaign offers tactical battles unless told otherwise; the setting is stored
    // with the options, so a replay sets the game up exactly as it began.
    const options = input.options ?? {};
    if (kind === 'campaign') {
      const problem = options.tactical === undefined ? undefined : tacticalSettingsProblem(options.tactical);
      if (problem) return fail('invalid-input', problem);
      if (options.tactical === undefined) options.tactical = { ...DEFAULT_TACTICAL };
    }
    insertGame(this.deps.db, {
      id: gameId,
      guildId: input.guildId,
      channelId: input.channelId,
      createdBy: input.userId,
      kind,
      scenario: input.scenario,
      seed,
      options,
      settings: settings.settings,
      seats,
      at: this.deps.clock.now(),
    });
    return { ok: true, gameId, seats, kind };
  }

  joinSeat(input: { gameId: string; seat: Seat; userId: string }): Result<{ seat: Seat }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (game.status !== 'setup' && game.status !== 'active') {
      return fail('wrong-status', `The game is ${game.status}; seats can no longer be taken.`);
    }
    const seat = getSeat(this.deps.db, game.id, input.seat);
    if (!seat) return fail('unknown-seat', `This game has no seat "${clip(input.seat)}".`);
    if (seat.userId === input.userId) return fail('seat-taken', `You already hold ${input.seat}.`);
    if (seat.userId !== null) return fail('seat-taken', `${input.seat} is already held by another player.`);
    if (!setSeatHolder(this.deps.db, game.id, input.seat, input.userId, null)) {
      return fail('seat-taken', `${input.seat} was just taken by another player.`);
    }
    setSeatAutopilot(this.deps.db, game.id, input.seat, 0);
    return { ok: true, seat: input.seat };
  }

  leaveSeat(input: { gameId: string; seat: Seat; userId: string }): Result<{ seat: Seat }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    const seat = getSeat(this.deps.db, game.id, input.seat);
    if (!seat) return fail('unknown-seat', `This game has no seat "${clip(input.seat)}".`);
    if (seat.userId !== input.userId) return fail('not-seat-holder', `You do not hold ${input.seat}.`);
    if (!setSeatHolder(this.deps.db, game.id, input.seat, null, input.userId)) {
      return fail('conflict', `${input.seat} changed hands meanwhile; nothing was done.`);
    }
    return { ok: true, seat: input.seat };
  }

  /** The game's creator (or the seat's current holder) gives a seat to another player. */
  replacePlayer(input: {
    gameId: string;
    seat: Seat;
    newUserId: string;
    byUserId: string;
  }): Result<{ seat: Seat }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (game.status !== 'setup' && game.status !== 'active')
      return fail('wrong-status', `The game is ${game.status}.`);
    const seat = getSeat(this.deps.db, game.id, input.seat);
    if (!seat) return fail('unknown-seat', `This game has no seat "${clip(input.seat)}".`);
    if (input.byUserId !== game.createdBy && input.byUserId !== seat.userId) {
      return fail(
        'not-game-owner',
        'Only the game creator or the seat holder can hand a seat to someone else.',
      );
    }
    if (typeof input.newUserId !== 'string' || input.newUserId.length === 0) {
      return fail('invalid-input', 'Name the player who takes the seat.');
    }
    if (!setSeatHolder(this.deps.db, game.id, input.seat, input.newUserId, seat.userId)) {
      return fail('conflict', `${input.seat} changed hands meanwhile; nothing was done.`);
    }
    setSeatAutopilot(this.deps.db, game.id, input.seat, 0);
    return { ok: true, seat: input.seat };
  }

  /** The creator hands a seat to the autopilot (level >= 1) or back to its holder (0). */
  async setAutopilot(input: {
    gameId: string;
    seat: Seat;
    level: number;
    byUserId: string;
  }): Promise<Result<{ seat: Seat }>> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (input.byUserId !== game.createdBy)
      return fail('not-game-owner', 'Only the game creator can set the autopilot.');
    if (!Number.isInteger(input.level) || input.level < 0 || input.level > 3) {
      return fail('invalid-input', 'The autopilot level is 0 (off) to 3.');
    }
    if (!getSeat(this.deps.db, game.id, input.seat))
      return fail('unknown-seat', `This game has no seat "${clip(input.seat)}".`);
    setSeatAutopilot(this.deps.db, game.id, input.seat, input.level);
    if (game.status === 'active' && input.level > 0) await this.afterChange(game.id);
    return { ok: true, seat: input.seat };
  }

  /** The creator starts the game; seats nobody took are played by the autopilot. */
  async start(input: { gameId: string; userId: string }): Promise<Result<{ version: number }>> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (input.userId !== game.createdBy) return fail('not-game-owner', 'Only the game creator can start it.');
    if (game.status !== 'setup')
      return fail('wrong-status', `The game is ${game.status}; it can only be started once.`);
    const seats = getSeats(this.deps.db, game.id);
    if (!seats.some((s) => s.userId !== null)) return fail('wrong-status', 'Nobody holds a seat yet.');
    let state: unknown;
    try {
      state = engineForKind(this.deps.engine, game.kind).setup(
        game.scenario,
        game.seed,
        JSON.parse(game.options),
      );
    } catch (e) {
      return fail('invalid-input', `The scenario could not be set up: ${(e as Error).message}`);
    }
    for (const s of seats)
      if (s.userId === null && s.autopilot === 0)
        setSeatAutopilot(this.deps.db, game.id, s.seat, DEFAULT_AUTOPILOT_LEVEL);
    const versions = versionsForKind(this.deps.engine, game.kind);
    if (!startGame(this.deps.db, game.id, state, this.deps.clock.now(), versions)) {
      return fail('wrong-status', 'The game was started meanwhile.');
    }
    await this.deps.queue.enqueue({ kind: 'resolve', gameId: game.id, version: 0 });
    return { ok: true, version: 0 };
  }

  /**
   * A seat's holder sends an action. `requestId` makes the call idempotent: sent again (a double
   * click, a retry) with the same id, it answers with the first call's result and applies nothing.
   * `expectedVersion` applies the action only while the game is still at the version the player
   * decided on (refused as 'stale' otherwise).
   */
  async submit(input: {
    gameId: string;
    seat: Seat;
    userId: string;
    action: unknown;
    requestId?: string;
    expectedVersion?: number;
  }): Promise<Result<{ version: number; events: EngineEvent[]; attempts: number; duplicate: boolean }>> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (
      input.requestId !== undefined &&
      (typeof input.requestId !== 'string' || !REQUEST_ID_PATTERN.test(input.requestId))
    ) {
      return fail('invalid-input', 'A request id is 1 to 100 printable characters.');
    }
    if (
      input.expectedVersion !== undefined &&
      (!Number.isSafeInteger(input.expectedVersion) || input.expectedVersion < 0)
    ) {
      return fail('invalid-input', 'The expected version must be a whole number, 0 or more.');
    }
    const action = input.action as Action;
    if (typeof action !== 'object' || action === null || typeof action.type !== 'string') {
      return fail('invalid-input', 'An action must be an object with a "type".');
    }
    if (action.type === 'timeout') return fail('invalid-input', 'Only the deadline can send a timeout.');
    if (JSON.stringify(action).length > MAX_ACTION_BYTES)
      return fail('invalid-input', 'That action is too large.');
    const seat = getSeat(this.deps.db, game.id, input.seat);
    if (!seat) return fail('unknown-seat', `This game has no seat "${clip(input.seat)}".`);
    if (seat.userId !== input.userId) return fail('not-seat-holder', `You do not hold ${input.seat}.`);
    const r = applyWithRetry(
      { ...this.deps },
      {
        gameId: game.id,
        seat: input.seat,
        actor: 'player',
        userId: input.userId,
        ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
        ...(input.expectedVersion === undefined ? {} : { expectedVersion: input.expectedVersion }),
        prepare: (state) => {
          const pending = this.deps.engine.pendingSeats(state);
          // 14.15: a forfeit is open at any moment, not only in the seat's own step; so is a
          // battle's standing order (issue 15). The engine decides whether it is allowed.
          if (!ANY_TIME.has(action.type) && !pending.includes(input.seat)) {
            const waiting = pending.length ? `waiting for ${pending.join(', ')}` : 'nobody has to act';
            return refusal('not-pending', `${input.seat} has nothing to decide now (${waiting}).`);
          }
          return action;
        },
      },
    );
    if (!r.ok) return r;
    if (r.duplicate) {
      // The first call did the follow-up; this one only repeats its answer.
    } else if (
      this.deps.engine.isOver(r.state) ||
      this.deps.engine.step(r.before).id !== this.deps.engine.step(r.state).id
    ) {
      await this.deps.queue.enqueue({ kind: 'resolve', gameId: game.id, version: r.version });
    } else {
      carryResolved(this.deps.db, game.id, r.version - 1, r.version);
    }
    return {
      ok: true,
      version: r.version,
      events: r.events.filter((e) => visibleTo(input.seat, e)),
      attempts: r.attempts,
      duplicate: r.duplicate,
    };
  }

  /** A seat went to the autopilot: its moves are made by a job, never on the interaction path (#19.1). */
  private async afterChange(gameId: string): Promise<void> {
    const game = getGame(this.deps.db, gameId);
    if (game?.status !== 'active') return;
    await this.deps.queue.enqueue({
      kind: 'resolve',
      gameId,
      version: game.version,
      tag: `autopilot${this.deps.clock.now()}`,
    });
  }

  /** What a seat's holder (or, with 'public', anyone) may see. */
  view(input: {
    gameId: string;
    seat: Seat | 'public';
    userId: string;
  }): Result<{ version: number; view: unknown }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (game.state === null) return fail('wrong-status', 'The game has not started yet.');
    if (input.seat !== 'public') {
      const seat = getSeat(this.deps.db, game.id, input.seat);
      if (!seat) return fail('unknown-seat', `This game has no seat "${clip(input.seat)}".`);
      if (seat.userId !== input.userId) return fail('not-seat-holder', `You do not hold ${input.seat}.`);
    }
    return { ok: true, version: game.version, view: this.deps.engine.view(stateOf(game), input.seat) };
  }

  /** A started game whose `seat` the user holds (previews and dry runs), or the refusal. */
  private heldStartedGame(
    input: { gameId: string; seat: Seat; userId: string },
    notStarted: string,
  ): { ok: true; game: GameRow } | { ok: false; error: RuleError } {
    const game = this.game(input.gameId);
    if (!game || game.state === null)
      return { ok: false, error: { rule: 'service', code: 'not-started', message: notStarted } };
    const seat = getSeat(this.deps.db, game.id, input.seat);
    if (!seat)
      return {
        ok: false,
        error: {
          rule: 'service',
          code: 'unknown-seat',
          message: `This game has no seat "${clip(input.seat)}".`,
        },
      };
    if (seat.userId !== input.userId)
      return {
        ok: false,
        error: { rule: 'service', code: 'not-seat-holder', message: `You do not hold ${input.seat}.` },
      };
    return { ok: true, game };
  }

  /**
   * A seat's holder checks orders without committing them (the preview before Confirm): `before`,
   * the main `action` and `after` are applied to a copy of the game; what comes back is only what the
   * seat may see, and nothing for orders that roll dice or reveal (preview.ts).
   */
  preview(input: {
    gameId: string;
    seat: Seat;
    userId: string;
    action: Action;
    before?: Action[];
    after?: Action[];
    /** Also return the public view after the orders (deterministic orders only). */
    publicView?: boolean;
  }): Preview {
    const held = this.heldStartedGame(input, 'The campaign has not started.');
    if (!held.ok) return held;
    const { game } = held;
    const orders = {
      action: input.action,
      ...(input.before ? { before: input.before } : {}),
      ...(input.after ? { after: input.after } : {}),
      ...(input.publicView ? { publicView: true } : {}),
    };
    return previewOrders(
      engineForKind(this.deps.engine, game.kind),
      stateOf(game),
      game.version,
      input.seat,
      orders,
    );
  }

  /**
   * A seat's holder checks a sequence of battle orders without committing them (a /battle order's
   * preview, issue 15): the view after them (the seat's, or the public one), withheld when a die
   * rolled on the way, and the orders the seat may give next (preview.ts dryRunOrders).
   */
  dryRun(input: {
    gameId: string;
    seat: Seat;
    userId: string;
    orders: Action[];
    viewer: 'seat' | 'public';
    /** Also list the seat's legal orders after these (autocomplete of an order being typed). */
    legal?: boolean;
  }): DryRunResult {
    const held = this.heldStartedGame(input, 'The game has not started.');
    if (!held.ok) return held;
    const { game } = held;
    return dryRunOrders(
      engineForKind(this.deps.engine, game.kind),
      stateOf(game),
      input.seat,
      input.orders,
      input.viewer,
      input.legal === true,
    );
  }

  /**
   * The campaign seats taking part in the battle fought on the tactical map at `hex` (issue 16), for
   * the battle's thread: who holds which tactical seats, which are awaited, and the battle as both
   * sides may see it (never one side's secrets). Empty when no such battle is underway.
   */
  battleSeats(input: { gameId: string; hex: string }): BattleSeat[] {
    const game = this.game(input.gameId);
    if (!game || game.state === null) return [];
    return battleSeatsIn(this.deps.engine, stateOf(game), getSeats(this.deps.db, game.id), input.hex);
  }

  /** The seats the current step waits for (public: every player may know whom the game waits for). */
  pendingSeats(input: { gameId: string }): Seat[] {
    const game = this.game(input.gameId);
    if (!game?.state || game.status !== 'active') return [];
    try {
      return this.deps.engine.pendingSeats(stateOf(game));
    } catch {
      return [];
    }
  }

  /** The decisions waiting for this user, one per seat they hold that must act now. */
  pending(input: { gameId: string; userId: string }): Result<{ version: number; decisions: Decision[] }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (game.status !== 'active') return { ok: true, version: game.version, decisions: [] };
    const state = stateOf(game);
    const step = this.deps.engine.step(state);
    const pending = new Set(this.deps.engine.pendingSeats(state));
    const deadline = openDeadlineOf(this.deps.db, game.id);
    const dueAt = deadline && isStep(step, deadline.stepId) ? deadline.dueAt : null;
    const decisions = getSeats(this.deps.db, game.id)
      .filter((s) => s.userId === input.userId && pending.has(s.seat))
      .map((s) => ({
        seat: s.seat,
        stepId: step.id,
        kind: step.kind,
        legalActions: this.deps.engine.legalActions(state, s.seat),
        dueAt,
      }));
    return { ok: true, version: game.version, decisions };
  }

  /** The settings a game runs with (deadlines, timeout policy, ...) and the bot's presentation options. */
  settings(input: {
    gameId: string;
  }): Result<{ settings: GameSettings; presentation: PresentationOptions; tactical?: TacticalSettings }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    const parsed = parseSettings(JSON.parse(game.settings));
    if (!parsed.ok) return fail('invalid-input', parsed.message);
    const tactical = game.kind === 'campaign' ? tacticalSettingsOf(JSON.parse(game.options)) : undefined;
    return {
      ok: true,
      settings: parsed.settings,
      presentation: presentationOf(game.options),
      // Issue #16: the campaign's tactical battles (absent: a game stored before the setting: off).
      ...(tactical ? { tactical } : {}),
    };
  }

  /**
   * Changes a game's settings (deadlines, timeout policy, presentation), validated like at creation;
   * nothing changes when any part is invalid. Allowed to the game's creator, to a server manager
   * (`isManager`: the caller vouches for the permission, which only Discord knows), or to a seat
   * holder carrying a change every human player agreed to (`agreed`, e.g. live battle deadlines).
   */
  updateSettings(input: {
    gameId: string;
    userId: string;
    isManager?: boolean;
    agreed?: boolean;
    change: SettingsChange;
  }): Result<{ settings: GameSettings; presentation: PresentationOptions }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    const holds = () => getSeats(this.deps.db, game.id).some((s) => s.userId === input.userId);
    if (input.userId !== game.createdBy && input.isManager !== true && !(input.agreed === true && holds())) {
      return fail('not-game-owner', 'Only the campaign creator or a server manager can change the settings.');
    }
    if (input.change?.tactical !== undefined && game.status !== 'setup')
      return fail(
        'wrong-status',
        'Tactical battle settings are fixed when the campaign starts (they are part of its set-up).',
      );
    if (input.change?.tactical !== undefined && game.kind !== 'campaign')
      return fail('invalid-input', 'Tactical battle settings belong to campaigns.');
    const changed = changeSettings(game.settings, game.options, input.change ?? {});
    if (!changed.ok) return fail('invalid-input', changed.message);
    setGameSettings(this.deps.db, game.id, changed.settings, changed.options);
    return {
      ok: true,
      settings: changed.settings,
      presentation: presentationOf(JSON.stringify(changed.options)),
    };
  }

  /**
   * Live mode (issue 15): a player of the game says they are at the table now. The Ready list is
   * stored, so a restart keeps it. When the last human holder presses Ready, every later step
   * (activation or prompt) gets `liveDeadlineMs`, reminded half-way; the step open now keeps its
   * deadline. Returns who is ready, who is still missing, and whether this press made it live.
   */
  pressReady(input: {
    gameId: string;
    userId: string;
    liveDeadlineMs: number;
  }): Result<{ ready: string[]; missing: string[]; wentLive: boolean }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (game.status !== 'setup' && game.status !== 'active')
      return fail('wrong-status', `The game is ${game.status}.`);
    if (!Number.isSafeInteger(input.liveDeadlineMs) || input.liveDeadlineMs < 60_000)
      return fail('invalid-input', 'A live deadline is at least one minute.');
    const humans = new Set(
      getSeats(this.deps.db, game.id)
        .filter((s) => s.userId !== null && s.autopilot === 0)
        .map((s) => s.userId as string),
    );
    if (!humans.has(input.userId))
      return fail(
        'not-seat-holder',
        'Only a player of this game (a seat not on the autopilot) can press Ready.',
      );
    const ms = input.liveDeadlineMs;
    const now = this.deps.clock.now();
    return this.deps.db.transaction(
      (tx) => {
        const added = addReady(tx, game.id, input.userId, now);
        const ready = new Set(readyUsers(tx, game.id));
        const missing = [...humans].filter((u) => !ready.has(u));
        const wentLive = added && missing.length === 0;
        if (wentLive) {
          const changed = changeSettings(game.settings, game.options, { deadlineMinutes: ms / 60_000 });
          if (!changed.ok) throw new Error(changed.message);
          setGameSettings(tx, game.id, changed.settings, changed.options);
        }
        return {
          ok: true as const,
          ready: [...humans].filter((u) => ready.has(u)).sort(),
          missing,
          wentLive,
        };
      },
      { behavior: 'immediate' },
    );
  }

  /**
   * Live mode and the open deadline of a game, for a status line (issue 15): which human players
   * pressed Ready, who has not, whether the game is live, and when the open step is due. Only user
   * ids of the game's own players, which its channel already shows.
   */
  liveStatus(input: {
    gameId: string;
  }): Result<{ ready: string[]; missing: string[]; live: boolean; dueAt: number | null }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    const humans = [
      ...new Set(
        getSeats(this.deps.db, game.id)
          .filter((s) => s.userId !== null && s.autopilot === 0)
          .map((s) => s.userId as string),
      ),
    ].sort();
    const pressed = new Set(readyUsers(this.deps.db, game.id));
    const ready = humans.filter((u) => pressed.has(u));
    const missing = humans.filter((u) => !pressed.has(u));
    const open = game.status === 'active' ? openDeadlineOf(this.deps.db, game.id) : undefined;
    return {
      ok: true,
      ready,
      missing,
      live: humans.length > 0 && missing.length === 0,
      dueAt: open?.dueAt ?? null,
    };
  }

  /**
   * The creator abandons a game (status 'abandoned'); a finished game is already 'over'. `ending`
   * says why (a concession, an agreed draw) for the standings; without it the game was abandoned.
   */
  end(input: { gameId: string; userId: string; ending?: Ending }): Result<{ status: 'abandoned' }> {
    const game = this.game(input.gameId);
    if (!game) return fail('unknown-game', `There is no game ${clip(input.gameId)}.`);
    if (input.userId !== game.createdBy)
      return fail('not-game-owner', 'Only the game creator can abandon it.');
    if (!setStatus(this.deps.db, game.id, 'abandoned', ['setup', 'active'], this.deps.clock.now())) {
      return fail('wrong-status', `The game is already ${game.status}.`);
    }
    closeAllDeadlines(this.deps.db, game.id, this.deps.clock.now());
    noteEnding(this.deps.db, game.id, input.ending ?? { endedBy: 'abandoned' }, this.deps.clock.now());
    return { ok: true, status: 'abandoned' };
  }
}

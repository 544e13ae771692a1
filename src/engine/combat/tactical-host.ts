// The tactical-host seam (issue #16): how the Combat Phase fights a committed battle out on the
// tactical map without importing the tactical engine. The host application registers a
// TacticalHost (src/tactical/bridge/host.ts, through src/app/tactical.ts); the phase keeps the
// host's session (plain JSON: the whole tactical game) inside the campaign state, so one action
// log, one replay and one set of deadlines cover the campaign and its battles.
//
// The host sees tactical seats (`prussia`, `austria`, `<side>:<formation>`); the phase maps them to
// campaign seats with the table `seats` the host returns at the start (each nationality holds its
// own formations; the commander's nationality, 8.23, also holds the side seat).
import type { StrategicMap } from '../../map/types.js';
import type { GameState, RuleError, Seat } from '../types.js';
import type { BattleOutcome } from './battle.js';
import type { CommittedBattle } from './resolver.js';
import type { RuleViolation } from './types.js';

/** A tactical order: a plain JSON object with a `type` (the tactical engine validates it). */
export type TacticalOrder = { type: string } & Record<string, unknown>;

/** A tactical event as the phase passes it on: everyone in the battle, or one tactical side. */
export interface TacticalEvent {
  kind: string;
  text: string;
  /** 'all': every participant of the battle; a side: the seats holding that side's tactical seats. */
  to: 'all' | 'prussia' | 'austria';
  data?: Record<string, unknown>;
}

/** What the host returns when a battle starts. */
export interface TacticalStart {
  /** The tactical game (JSON-serializable), stored in the campaign state. */
  session: unknown;
  /** Tactical seat -> campaign seat (side seats and every formation seat). */
  seats: Record<string, Seat>;
  /** A short description for the participants (the field, the turn limit). */
  text: string;
}

/** Options the campaign's settings give the host when a battle starts. */
export interface TacticalStartOptions {
  /** Cap on the tactical game turns (the time budget); undefined: the bridge's own limit. */
  maxTurns?: number;
}

export interface TacticalHost {
  readonly id: string;
  /**
   * Converts and sets up the committed battle. `state` is the phase's private copy: the battle's
   * seed (and any set-up dice) come from its RNG, so a replay sets up the same battle.
   */
  start(
    state: GameState,
    battle: CommittedBattle,
    map: StrategicMap,
    options: TacticalStartOptions,
  ): TacticalStart | RuleViolation;
  /** Tactical seats awaited now ([] once the battle is over). */
  pending(session: unknown): string[];
  /** The orders a tactical seat may give now. */
  legal(session: unknown, seat: string): TacticalOrder[];
  /** Applies one order; never mutates `session`. */
  apply(
    session: unknown,
    seat: string,
    order: unknown,
  ): { ok: true; session: unknown; events: TacticalEvent[] } | { ok: false; error: RuleError };
  /** The tactical step (changes whenever the battle moves on). */
  step(session: unknown): string;
  isOver(session: unknown): boolean;
  /** The battle as one tactical side sees it (the tactical engine's allow-list view). */
  view(session: unknown, side: 'prussia' | 'austria'): unknown;
  /** The tactical autopilot's next order for `seat`, decided from that seat's side's view only. */
  autopilot(session: unknown, seat: string): TacticalOrder;
  /**
   * The battle is over: the strategic outcome (9.4), applied by the same code as a table result.
   * Leader fates roll the campaign's dice (rollDie(state)).
   */
  outcome(state: GameState, session: unknown): BattleOutcome;
}

let registered: TacticalHost | undefined;

/**
 * Registers the host the default Combat Phase uses (one registration for the whole process: the
 * host is stateless, every battle lives in its game's state). undefined: battles stay on the CRT.
 */
export function useTacticalHost(host: TacticalHost | undefined): void {
  registered = host;
}

export function tacticalHost(): TacticalHost | undefined {
  return registered;
}

/** The tactical side of a tactical seat (`austria:reserve` -> austria). */
export function tacticalSideOf(seat: string): 'prussia' | 'austria' | undefined {
  const side = seat.split(':')[0];
  return side === 'prussia' || side === 'austria' ? side : undefined;
}

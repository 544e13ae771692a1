// The slice of the rules engine the campaign service needs. The service is written against this
// port so it can be tested with a small fake engine; src/app/engine-adapter.ts binds the real
// src/engine to it. States and actions are plain JSON values: the service stores them as text.

export type Seat = string;

/** Any action a seat may send. The engine validates the shape; the service only reads `type`. */
export type Action = { type: string } & Record<string, unknown>;

/** Sent by a seat that has finished its part of the current step. */
export const DONE: Action = { type: 'done' };

/** The only way time enters the engine: the deadline of the current step passed for `seat`. */
export function timeoutAction(seat: Seat): Action {
  return { type: 'timeout', seat };
}

/** Who may see an event: everyone, or only the listed seats. */
export type Visibility = 'public' | { seats: Seat[] };

export interface EngineEvent {
  type: string;
  visibility: Visibility;
  [key: string]: unknown;
}

export interface RuleError {
  /** The rule case the action broke, e.g. "5.45", or "service" for a service-level check. */
  rule: string;
  message: string;
  code: string;
}

export type ApplyResult<S> = { ok: true; state: S; events: EngineEvent[] } | { ok: false; error: RuleError };

/**
 * What kind of decision the current step asks for. Phases get a long deadline, yes/no prompts
 * (the attack option, the honours of war) a short one.
 */
export type StepKind = 'phase' | 'prompt';

export interface StepInfo {
  /** Identifies the step; it changes whenever the game moves to another step. */
  id: string;
  kind: StepKind;
  /**
   * Ids this same step had under an earlier naming (stored deadlines of games running across an
   * upgrade still name it so): a stored step id matching one of them is this step.
   */
  aliases?: string[];
}

/** Whether a stored step id (a deadline's, a decision's) names the step the game is in now. */
export function isStep(step: StepInfo, stepId: string): boolean {
  return step.id === stepId || (step.aliases?.includes(stepId) ?? false);
}

/** A march's MP as the engine counts them: the MP it began with, and each hex's cost by rule case. */
export interface MarchCostsInfo {
  leader: string;
  allowance: number;
  steps: Array<{
    hex: string;
    cost: number;
    left: number;
    parts: Array<{ what: string; mp: number; rule: string }>;
  }>;
}

/** The rules and map a game is played under (stored per game; `ftg replay --verify` compares them). */
export interface EngineVersions {
  rules: number;
  map: number;
}

/** Games stored before versions were recorded count as this version of both. */
export const FIRST_VERSIONS: EngineVersions = { rules: 1, map: 1 };

export interface RulesEngine<S = unknown> {
  /** Optional: the rules and map version this build plays (absent: FIRST_VERSIONS). */
  versions?: EngineVersions;
  setup(scenario: string, seed: number, options: Record<string, unknown>): S;
  apply(state: S, seat: Seat, action: Action): ApplyResult<S>;
  legalActions(state: S, seat: Seat): Action[];
  /** Seats that must still act in the current step (each finishes with `done`). */
  pendingSeats(state: S): Seat[];
  view(state: S, seat: Seat | 'public'): unknown;
  isOver(state: S): boolean;
  step(state: S): StepInfo;
  /** Every seat (nationality) a scenario has, in display order. */
  seats(scenario: string): Seat[] | undefined;
  /**
   * Optional: whether an order's outcome depends on dice or hidden strength, so a preview must not
   * show it (without it, previews use the strategic engine's list: preview.ts).
   */
  rollsDice?(action: Action): boolean;
  /**
   * Optional: whether a die rolled between two states of the same game (`after` follows `before`):
   * a dry run then withholds the field after the orders (preview.ts dryRunOrders). Without it, no
   * dry run is withheld for dice.
   */
  diceRolled?(before: S, after: S): boolean;
  /** Optional: a march order's MP cost per hex with rule cases (the strategic engine's explainMarch). */
  explainMarch?(state: S, seat: Seat, action: Action): MarchCostsInfo | RuleError;
  /**
   * Optional autopilot: the next action for a seat held by the autopilot at `level` (>= 1).
   * Without one the service sends `done` for autopilot seats.
   */
  autopilot?(state: S, seat: Seat, level: number): Action;
  /**
   * Optional: whether these events (already filtered to what the seat may see) concern the seat's
   * own forces: they name its nationality, or a hex where it has units or leaders. The service
   * sends a private update after a resolution to every human seat involved, not only to the seats
   * that act next. Without it, a seat gets one when it may see a non-public event.
   */
  involved?(state: S, seat: Seat, events: EngineEvent[]): boolean;
}

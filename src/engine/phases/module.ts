// The shape of an interactive phase module. The interactive phases: the Combat Phase (9, combat/), the Siege Resolution Phase (13, siege/) and
// the Prisoner Exchange Phase (14, prisoners/). Each is a module with the kernel's PhaseModule shape
// (src/kernel/phase.ts), over this engine's state, closed action union, seats, events and map:
// - `actions`: the phase's zod schemas, exported by its actions.ts and listed in ../actions.ts, so
//   `apply` validates them like any core action and `ftg schema actions` prints them.
// - `enter(state, map)`: run once when the phase starts (state is a private copy; dice from rng.ts).
// - `pending(state)`: seats that must still act; [] lets the machine advance to the next phase.
// - `legal(state, seat, map)`: concrete actions for that seat now (the machine adds nothing).
// - `apply(state, seat, action, map)`: the new state and events, or a RuleError (the copy is then
//   discarded). `done` (and, in combat, `garrison`) from a seat is routed here too.
// - `timeout(state, map)`: the deadline passed: finish the phase with the defaults.
// Each phase keeps its own state between actions in its typed slot of state.combat.hook (PhaseSlots
// in types.ts); it may also use state.combat (fought, besiegersFought, committed), state.ledger,
// state.demoralized, state.movement.mustAttack (5.54), state.besieged, state.rules.prisonerExchange.
import type { PhaseModule, Step, StepResult } from '../../kernel/phase.js';
import type { StrategicMap } from '../../map/types.js';
import type { Action } from '../actions.js';
import type { GameEvent, GameState, Seat } from '../types.js';

/** An action routed to a phase module: any action of the closed union (the module refuses others). */
export type HookAction = Action;

export type HookStep = Step<GameState, GameEvent>;
export type HookResult = StepResult<GameState, GameEvent>;

/** The interactive phases run by a module instead of the core movement code. */
export type HookPhase = 'combat' | 'siege' | 'prisoner-exchange';

/** A strategic phase module: the kernel's PhaseModule over this engine's state, actions, seats and map. */
export interface PhaseHook
  extends Omit<PhaseModule<GameState, Action, Seat, GameEvent, unknown, StrategicMap>, 'phase'> {
  readonly phase: HookPhase;
  /**
   * The module's timeout may finish only the step waited on (the Combat Phase's tactical stage,
   * issue #16): the seats it leaves pending stay pending. Otherwise a timeout ends the phase.
   */
  readonly timeoutKeepsPending?: boolean;
  /** An action the module chooses for an autopilot seat itself (issue #16: tactical orders). */
  autopilot?(state: GameState, seat: Seat): Action | undefined;
}

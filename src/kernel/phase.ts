// The generic shape of an interactive phase, shared by both engines (the strategic campaign's
// Combat, Siege and Prisoner Exchange Phases; the Leuthen battle's phases). One module per phase,
// registered in one table by its engine; the engine's `apply` validates an action with the
// module's zod schemas, routes it to the module and advances when nobody is pending.
//
// Contract (every function is pure; `state` given to enter/apply/timeout is a private copy that
// the module may mutate and return; dice come from the kernel RNG held in the state; `ctx` is the
// engine's fixed environment, e.g. the strategic map or the battlefield, passed in, never global):
//   enter(state)               run once when the phase starts
//   pending(state)             seats that must still act; [] ends the phase
//   legal(state, seat)         the concrete actions that seat may submit now
//   apply(state, seat, action) the new state and events, or a RuleError (state unchanged)
//   timeout(state)             the deadline passed: finish with the defaults (decline everything)
//   view(state, seat)          what this phase adds to that seat's view (allow-list), if anything
//   step(state)                the named step the phase is in, e.g. `combat.option@2011`
import type { z } from 'zod';
import type { RuleError } from './errors.js';

/** Every action is a plain JSON object with a literal `type`. */
export interface ActionShape {
  type: string;
}

/** A successful transition: the new state and the events it produced. */
export interface Step<State, Event> {
  ok: true;
  state: State;
  events: Event[];
}

/** What `apply` returns: a Step, or the RuleError that forbids the action. */
export type StepResult<State, Event> = Step<State, Event> | { ok: false; error: RuleError };

/**
 * A named step: `<phase>.<sub-step>` with an optional `@<where>` (a hex, a battle id), e.g.
 * `combat.option@2011`, `siege.honours@1804`, `prisoner-exchange.offer`. It names the decision a
 * game waits on without hashing the state, so a stored game's step stays readable.
 */
export type StepName = `${string}.${string}`;

/** Build a StepName from its parts (`where` omitted when undefined or empty). */
export function stepName(phase: string, sub: string, where?: string | number): StepName {
  const at = where === undefined || where === '' ? '' : `@${where}`;
  return `${phase}.${sub}${at}`;
}

/** Split a StepName back into its parts (`where` undefined when absent). */
export function parseStepName(name: string): { phase: string; sub: string; where?: string } | undefined {
  const m = /^([^.@]+)\.([^@]+)(?:@(.+))?$/.exec(name);
  if (!m) return undefined;
  const [, phase = '', sub = '', where] = m;
  return where === undefined ? { phase, sub } : { phase, sub, where };
}

/**
 * One interactive phase. `State` is the engine's game state, `Action` the phase's own closed
 * action union, `Seat` the engine's seat type, `Event` its event type, `View` what the phase adds
 * to a seat's view, `Ctx` the fixed environment passed to the functions that need it.
 */
export interface PhaseModule<
  State,
  Action extends ActionShape,
  Seat extends string = string,
  Event = unknown,
  View = unknown,
  Ctx = void,
> {
  /** The phase this module runs (the key it is registered under). */
  readonly phase: string;
  /** zod schemas of the phase's actions (each a z.object with a literal `type`). */
  readonly actions: readonly z.ZodType<Action>[];
  enter(state: State, ctx: Ctx): Step<State, Event>;
  pending(state: State): Seat[];
  legal(state: State, seat: Seat, ctx: Ctx): Action[];
  apply(state: State, seat: Seat, action: Action, ctx: Ctx): StepResult<State, Event>;
  timeout(state: State, ctx: Ctx): Step<State, Event>;
  view?(state: State, seat: Seat | 'public', ctx: Ctx): View | undefined;
  step(state: State): StepName;
}

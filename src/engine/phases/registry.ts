// The one place the interactive phase modules are registered (4.2: A6/B6 Combat 9.0, A7/B7 Siege
// Resolution 13.0, C Prisoner Exchange 14.1). apply.ts validates an action against the closed union
// and routes it here when the phase has a module; legal.ts and the phase machine (enter) do the
// same. Adding a phase: write its module (see combat/ for the layout), list it here and its
// action schemas in ../actions.ts, and give it its place in machine.ts's sequence.
import type { StepName } from '../../kernel/phase.js';
import type { Action } from '../actions.js';
import { combatPhaseHook } from '../combat/phase.js';
import { prisonerExchangePhaseHook } from '../prisoners/phase.js';
import { siegePhaseHook } from '../siege/phase.js';
import type { GameState, PhaseName, Seat } from '../types.js';
import type { HookPhase, PhaseHook } from './module.js';

export const phaseModules: Readonly<Record<HookPhase, PhaseHook>> = {
  combat: combatPhaseHook,
  siege: siegePhaseHook,
  'prisoner-exchange': prisonerExchangePhaseHook,
};

/** The module that runs `phase`, or undefined for the phases the core code runs (movement, depots...). */
export function moduleFor(phase: PhaseName): PhaseHook | undefined {
  return Object.hasOwn(phaseModules, phase) ? phaseModules[phase as HookPhase] : undefined;
}

/**
 * Issue #16: the action a phase module chooses itself for an autopilot seat (the tactical offer's
 * answer, tactical orders), or undefined: the strategic autopilot decides from the seat's view.
 */
export function moduleAutopilot(state: GameState, seat: Seat): Action | undefined {
  if (state.over || !state.pending.includes(seat)) return undefined;
  return moduleFor(state.phase)?.autopilot?.(state, seat);
}

/**
 * The named step the game waits on: the module's own (`combat.option@2011`, `siege.honours@1125`,
 * `prisoner-exchange.choice`) or, in the other phases, the phase itself (`march.step`).
 */
export function stepOf(state: GameState): StepName {
  return moduleFor(state.phase)?.step(state) ?? `${state.phase}.step`;
}

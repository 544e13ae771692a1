// Public contract of the strategic rules engine (pure: no I/O, no clock, no Math.random).
//
//   setup(scenario | id, seed, options?)        -> GameState (plain JSON)
//   apply(state, seat, action)                  -> { ok: true, state, events } | { ok: false, error }
//   legalActions(state, seat)                   -> Action[]
//   pendingSeats(state)                         -> Seat[]
//   view(state, viewer, events?)                -> View (allow-list)
//   eventsFor(events, viewer, seatSide)         -> GameEvent[]
//   isOver(state), rollDie(state)
//
// The map comes from map-env.ts (`useMap` for tests; the committed map by default).
export type { Action, CoreAction } from './actions.js';
export { actionSchema, actionsJsonSchema } from './actions.js';
export { type ApplyResult, apply } from './apply.js';
export { eventsFor } from './events.js';
export { legalActions, pendingSeats } from './legal.js';
export { engineMap, setDefaultMapLoader, useMap } from './map-env.js';
export type { HookAction, PhaseHook } from './phases/module.js';
export { moduleFor, phaseModules, stepOf } from './phases/registry.js';
export { rollDie } from './rng.js';
export { forfeitAvailable } from './rules/forfeit.js';
export { isScenarioId, leaderRatings, loadScenario, parseScenario, type Scenario } from './scenario/index.js';
export { type SetupOptions, setup } from './setup.js';
export * from './types.js';
export { finalScore } from './victory/score.js';
export type { VictoryReport } from './victory/victory.js';
export { type View, view } from './view.js';

import type { GameState } from './types.js';

export function isOver(state: GameState): boolean {
  return state.over !== null;
}

// Public contract of the Leuthen 1757 tactical engine (pure: no I/O, clock, Math.random).
//
//   parseScenario(raw, ratings, hexExists?)   -> LoadedScenario | errors naming the field
//   setupBattle(loaded, map, seed, {dice})    -> TacState (plain JSON)
//   apply(state, seat, action)                -> { ok, state, events } | { ok: false, error: RuleError }
//   legalActions(state, seat), pendingSeats(state), view(state, seat), isOver(state), step(state)
//   tacticalEngine                            -> the app's RulesEngine port
export type { TacAction } from './actions.js';
export { tacticalActionSchema } from './actions.js';
export { apply, isOver, legalActions, pendingSeats, step, type TacApplyResult } from './apply.js';
export { registerBattleScenario, tacticalEngine } from './engine.js';
export { type Env, envFor, setTacticalMapLoader, tacticalMap, useTacticalMap } from './env.js';
export { eventsFor, type TacEvent } from './events.js';
export { prisonersLine } from './rules/aftermath.js';
export { type LoadedScenario, parseRatings, parseScenario } from './scenario.js';
export * from './schema.js';
export { type SetupOptions, setupBattle } from './setup.js';
export type * from './state.js';
export { type TacView, view } from './view.js';

// Public contract of the strategic rules engine (pure: no I/O, no clock, no Math.random).
//
//   setup(scenario | id, seed, options?)        -> GameState (plain JSON)
//   apply(state, seat, action)                  -> { ok: true, state, events } | { ok: false, error }
//   legalActions(state, seat)                   -> Action[]
//   pendingSeats(state)                         -> Seat[]
//   view(state, viewer, events?)                -> View (allow-list)
//   eventsFor(events, viewer, seatSide)         -> GameEvent[]
//   isOver(state), rollDie(state)
//   explainMarch(state, seat, march)            -> MarchCosts (MP per hex, with rule cases) | RuleError
//   RULES_VERSION, MAP_VERSION                  -> what a stored game records (version.ts)
//
// The map comes from map-env.ts (`useMap` for tests; the committed map by default).
//
// This file is the engine's whole public surface: code outside src/engine imports only from here
// (scripts/layer-guard.ts enforces it; tests may reach inside). Below the contract above: the
// action and view types the autopilot, render and app read; the combat seam the tactical bridge
// plugs into (BattleResolver, BattleOutcome, the CRT, the tactical host); the rule helpers the
// autopilot plans with; and the fuzz checks.
export type {
  Action,
  ActionType,
  CombatRetreatAction,
  CoreAction,
  DepotBuildAction,
  DepotDestroyAction,
  ForceMarchAction,
  GarrisonAction,
  MarchAction,
  SiegeHonoursAction,
  SiegeSurrenderAction,
} from './actions.js';
export { actionSchema, actionsJsonSchema } from './actions.js';
export { type ApplyResult, apply } from './apply.js';
export { type BattleOutcome, extractLosses, resolveBattle, type SideOutcome } from './combat/battle.js';
export { combatCommander, combatValues } from './combat/commander.js';
export type { BattleEventData, BattlePublicData, BattleSideReport } from './combat/outcome.js';
export { type BattleResolver, crtResolver } from './combat/resolver.js';
export {
  type TacticalEvent,
  type TacticalHost,
  type TacticalOrder,
  type TacticalStart,
  useTacticalHost,
} from './combat/tactical-host.js';
export { playTacticalAutopilot } from './combat/tactical-stage.js';
export {
  type CombatForce,
  type CombatLeader,
  isViolation,
  toCombatLeader,
  totalSp,
  violation,
} from './combat/types.js';
export { eventsFor } from './events.js';
export { checkInvariants, checkStep, deepFreeze, fuzzGame } from './fuzz.js';
export { legalActions, pendingSeats } from './legal.js';
export { engineMap, setDefaultMapLoader, useMap } from './map-env.js';
export { type CostPart, explainMarch, type MarchCosts, type MarchStepCost } from './march-costs.js';
export { GAME_TURN_PHASES, PLAYER_TURN } from './phases/machine.js';
export type { HookAction, PhaseHook } from './phases/module.js';
export { moduleAutopilot, moduleFor, phaseModules, stepOf } from './phases/registry.js';
export { nextUint32, rollDie } from './rng.js';
export { arrivalOf } from './rules/arrivals.js';
export { forfeitAvailable } from './rules/forfeit.js';
export { MAX_MA } from './rules/movement.js';
export { hexsideOpen, isRuleError, stepCost } from './rules/terrain.js';
export { isScenarioId, leaderRatings, loadScenario, parseScenario, type Scenario } from './scenario/index.js';
export { scenarioSchema } from './scenario/schema.js';
export { type SetupOptions, setup } from './setup.js';
export { rollSiege } from './siege/resolution.js';
export { isWinterTurn, sideOf } from './state.js';
export { defaultCrt } from './tables/crt.js';
export * from './types.js';
export { MAP_VERSION, RULES_VERSION } from './version.js';
export { finalScore } from './victory/score.js';
export { scenarioVictoryRules, scoreVictory, type VictoryReport } from './victory/victory.js';
export { type View, type ViewHex, type ViewLeader, type ViewStack, view } from './view.js';

import type { GameState } from './types.js';

export function isOver(state: GameState): boolean {
  return state.over !== null;
}

// Public surface of the autopilot (pure: sees only views, rolls only its own seeded RNG).
//
//   decide(view, legal, rng, level)            -> Action (one of `legal`, or a listed march
//                                                 taking one SP fewer: a depot guard, 5.35)
//   decideWithReason(...)                      -> { action, score, why }
//   autopilotAction(state, seat, level)        -> Action, for a game service holding the state
//   playGame(options)                          -> GameSummary (the local driver: demo, bench, tests)
import type { Action, GameState, Seat } from '../engine/index.js';
import type { StrategicMap } from '../map/types.js';
import { type Level, levelOf } from './decide.js';
import { autopilotStep } from './driver.js';
import { createAutopilotRng } from './rng.js';

export { type BatchSummary, batchMarkdown, runBatch } from './balance.js';
export {
  type Decision,
  decide,
  decideWithReason,
  isLevel,
  LEVELS,
  type Level,
  levelOf,
  type TryDecide,
  tryDecide,
} from './decide.js';
export { autopilotStep, type DriverOptions, type GameSummary, playGame, scoreGame } from './driver.js';
export { type AutopilotRng, createAutopilotRng } from './rng.js';

/**
 * One action for a seat held by the autopilot, for a service that stores the state: the view is
 * built here and the autopilot's RNG is seeded from the scenario, seat and state version, so
 * replaying the action log gives the same choices (the game's own dice are never touched).
 */
export function autopilotAction(
  state: GameState,
  seat: Seat,
  level: Level | number,
  map?: StrategicMap,
): Action {
  const lv = typeof level === 'number' ? levelOf(level) : level;
  const rng = createAutopilotRng(`${String(state.scenario)}:${seat}:${state.version}`);
  return autopilotStep(state, seat, rng, lv, map).action;
}

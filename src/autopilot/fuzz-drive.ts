// The fuzzer's autopilot game (#17.8): the autopilot plays every seat through the driver while the
// fuzzer's checks run on the way: invariants after every action, the deep-frozen state (the engine
// must not write to its input), and `checkStep` (views, events, refused probes, JSON round trip,
// victory points) on a sample of steps. An action the autopilot picked from the legal list and the
// engine then refused is a violation too (legal offered, then refused).

import type { GameState, Scenario, ScenarioId } from '../engine/index.js';
import { checkInvariants, checkStep, deepFreeze } from '../engine/index.js';
import { driverMap, playGame } from './driver.js';

export interface AutopilotFuzzResult {
  ok: boolean;
  scenario: string;
  seed: string;
  steps: number;
  turn: number;
  failures: string[];
}

export function fuzzAutopilotGame(o: {
  scenario: ScenarioId | Scenario;
  seed: number | string;
  /** Stop after this Game-Turn (default: the whole scenario). */
  turns?: number;
  checkEvery?: number;
  maxSteps?: number;
}): AutopilotFuzzResult {
  const map = driverMap();
  const checkEvery = o.checkEvery ?? 25;
  const failures: string[] = [];
  let prev: GameState | undefined;
  let steps = 0;
  let last: GameState | undefined;
  const scenario = typeof o.scenario === 'string' ? o.scenario : o.scenario.id;
  try {
    const summary = playGame({
      scenario: o.scenario,
      seed: o.seed,
      ...(o.turns ? { turns: o.turns } : {}),
      maxSteps: o.maxSteps ?? 50_000,
      map,
      onStep: ({ state, events }) => {
        steps++;
        last = deepFreeze(state);
        if (failures.length) return;
        failures.push(...checkInvariants(state).map((f) => `turn ${state.turn} ${state.phase}: ${f}`));
        if (checkEvery > 0 && steps % checkEvery === 0) {
          failures.push(
            ...checkStep(state, events, map, { prev }).map((f) => `turn ${state.turn} ${state.phase}: ${f}`),
          );
          prev = state;
        }
      },
    });
    for (const r of summary.refusals)
      failures.push(`autopilot: legal action refused at turn ${r.turn} ${r.phase} by ${r.seat}: ${r.error}`);
    if (summary.endedBy === 'step-limit') failures.push(`runaway: step limit after ${summary.steps} actions`);
  } catch (e) {
    failures.push(`the autopilot game threw after ${steps} actions: ${(e as Error).message}`);
  }
  return {
    ok: failures.length === 0,
    scenario,
    seed: String(o.seed),
    steps,
    turn: last?.turn ?? 0,
    failures,
  };
}

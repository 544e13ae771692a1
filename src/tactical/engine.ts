// The tactical engine behind the app's RulesEngine port (src/app/engine-port.ts), so the service
// can host a battle as a game. Scenarios are registered by the caller after loading their files.
import type { Action, EngineEvent, RulesEngine } from '../app/engine-port.js';
import { apply, isOver, legalActions, pendingSeats, step } from './apply.js';
import { useTacticalMap } from './env.js';
import { eventsFor } from './events.js';
import type { TacticalMap } from './map.js';
import type { LoadedScenario } from './scenario.js';
import { setupBattle } from './setup.js';
import type { TacState } from './state.js';
import { view } from './view.js';

const scenarios = new Map<string, { loaded: LoadedScenario; map: TacticalMap }>();

export function registerBattleScenario(loaded: LoadedScenario, map: TacticalMap): void {
  scenarios.set(loaded.data.id, { loaded, map });
  useTacticalMap(map);
}

export const tacticalEngine: RulesEngine<TacState> = {
  setup(scenario, seed, options) {
    const sc = scenarios.get(scenario);
    if (!sc) throw new Error(`unknown tactical scenario "${scenario}"`);
    const dice = Array.isArray(options.dice) ? (options.dice as number[]) : [];
    const r = setupBattle(sc.loaded, sc.map, seed, { dice });
    if (!r.ok) throw new Error(r.errors.join('; '));
    return r.state;
  },
  apply(state, seat, action: Action) {
    const r = apply(state, seat, action);
    return r.ok ? { ok: true, state: r.state, events: r.events as EngineEvent[] } : r;
  },
  legalActions: (state, seat) => legalActions(state, seat) as Action[],
  pendingSeats,
  view,
  isOver,
  step,
  seats: (scenario) => (scenarios.has(scenario) ? ['prussia', 'austria'] : undefined),
  involved(_state, seat, events) {
    return eventsFor(events as never, seat).length > 0;
  },
};

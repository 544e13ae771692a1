// Binds the Leuthen tactical engine (src/tactical) and its autopilot (src/autopilot/tactical) to
// the service's port, so the service hosts a battle as a game (issue 15). The committed scenarios
// (leuthen-1, leuthen-2) are registered here. Seats: the two sides and, below them, one seat per
// formation (`prussia:<formation>`): the side's seat (the commander-in-chief) takes the side
// decisions (initiative choice, which formation to activate, barrages, prompts); while a single
// formation is activated its seat gives the orders. A double activation stays with the side seat.
import { createAutopilotRng } from '../autopilot/rng.js';
import { decideTactical } from '../autopilot/tactical/decide.js';
import { viewAsState } from '../autopilot/tactical/driver.js';
import { TACTICAL_SCENARIO_IDS, tacticalScenario } from '../autopilot/tactical/scenarios.js';
import { rollsIn } from '../kernel/index.js';
import type { TacAction } from '../tactical/actions.js';
import { legalActions, pendingSeats } from '../tactical/apply.js';
import { registerBattleScenario, tacticalEngine } from '../tactical/engine.js';
import { envFor } from '../tactical/env.js';
import type { Side, TacState } from '../tactical/state.js';
import { TACTICAL_MAP_VERSION, TACTICAL_RULES_VERSION } from '../tactical/version.js';
import type { Action, EngineEvent, RulesEngine } from './engine-port.js';

const formationsOf = new Map<string, string[]>();
for (const id of TACTICAL_SCENARIO_IDS) {
  const r = tacticalScenario(id);
  if (!r.ok) throw new Error(`battle scenario ${id}: ${r.error}`);
  registerBattleScenario(r.loaded, r.map);
  formationsOf.set(
    id,
    r.loaded.data.formations.map((f: { id: string; side: string }) => `${f.side}:${f.id}`),
  );
}

export const BATTLE_SCENARIOS: readonly string[] = TACTICAL_SCENARIO_IDS;

/** The side a seat belongs to (`austria:reserve` -> austria). */
export function sideOfSeat(seat: string): Side {
  return seat.split(':')[0] as Side;
}

/** The seats the service should wait for: formation seats while one formation is activated. */
export function battlePendingSeats(state: TacState): string[] {
  const sides = pendingSeats(state);
  const a = state.activation;
  if (state.prompt || state.phase !== 'operations' || !a || a.formations.length !== 1) return sides;
  return sides.map((side) => (side === a.side ? `${side}:${a.formations[0]}` : side));
}

/**
 * The engine addresses a private event to a side (`austria`); the service matches event seats
 * exactly, so the side's formation seats (`austria:reserve`) are added, as the strategic adapter
 * turns a side into the seats of its nationalities. Without this the holder of a formation never
 * saw what its own side was told.
 */
export function withFormationSeats(e: EngineEvent, formationSeats: readonly string[]): EngineEvent {
  if (e.visibility === 'public') return e;
  const seats = new Set(e.visibility.seats);
  for (const f of formationSeats) if (seats.has(sideOfSeat(f))) seats.add(f);
  return seats.size === e.visibility.seats.length ? e : { ...e, visibility: { seats: [...seats] } };
}

export const battleEngine: RulesEngine<TacState> = {
  ...tacticalEngine,
  versions: { rules: TACTICAL_RULES_VERSION, map: TACTICAL_MAP_VERSION },
  seats(scenario) {
    const formations = formationsOf.get(scenario);
    return formations ? ['prussia', 'austria', ...formations] : undefined;
  },
  pendingSeats: battlePendingSeats,
  apply(state, seat, action) {
    const r = tacticalEngine.apply(state, seat, action);
    if (!r.ok) return r;
    return {
      ...r,
      events: r.events.map((e) => withFormationSeats(e, formationsOf.get(state.scenario) ?? [])),
    };
  },
  /** Fire and shock roll dice: a preview shows the field as it is, not after them. */
  rollsDice: (action) => action.type === 'fire' || action.type === 'shock',
  /** A Facing check on the way (7.2, 7.3, 12.6), a fire or a shock: the RNG counts every die. */
  diceRolled: (before, after) => rollsIn(after) !== rollsIn(before),
  view: (state, seat) => tacticalEngine.view(state, seat === 'public' ? 'public' : sideOfSeat(seat)),
  /** Level 1 holds its ground (the defaults, no orders); 2 and 3 play the tactical autopilot. */
  autopilot(state, seat, level) {
    const side = sideOfSeat(seat);
    const legal = legalActions(state, seat);
    if (legal.length === 0) return { type: 'done' };
    const env = envFor(state.map);
    if (!env) return { type: 'done' };
    // Deterministic: the autopilot's own dice are seeded from the game's position, not the clock.
    const rng = createAutopilotRng(`${state.version}:${seat}:${state.rng.rolls}`);
    const d = decideTactical(
      viewAsState(state, side),
      env,
      side,
      legal as TacAction[],
      rng,
      level <= 1 ? 'hold' : 'autopilot',
    );
    return d.action as unknown as Action;
  },
};

// Binds the real rules engine (src/engine) and autopilot (src/autopilot) to the service's port.
// The engine's events ({kind, text, vis, data}) are mapped to the port's {type, visibility}; side
// visibility becomes the seats of those sides in the game. Steps are named from the turn, the
// phasing side and the phase; in the phases run by hooks (combat, siege, prisoner exchange) each
// sub-decision (attack option, retreat, honours of war) is its own short 'prompt' step.
import { createHash } from 'node:crypto';
import { decide, type Level } from '../autopilot/decide.js';
import { createAutopilotRng } from '../autopilot/rng.js';
import {
  apply,
  type Action as EngineAction,
  type Seat as EngineSeat,
  type GameEvent,
  type GameState,
  isOver,
  isScenarioId,
  legalActions,
  loadScenario,
  NATIONALITIES,
  pendingSeats,
  setDefaultMapLoader,
  setup,
  view,
} from '../engine/index.js';
import { loadMap } from '../map/strategic-map.js';
import type { Action, EngineEvent, RulesEngine, StepInfo, Visibility } from './engine-port.js';
import { canonicalJson } from './replay.js';

// The engine reads the committed map unless something (a test) registered another one.
setDefaultMapLoader(() => loadMap());

const HOOK_PHASES = new Set(['combat', 'siege', 'prisoner-exchange']);

/** Autopilot level 1 plays passively, 2 and above play the standard autopilot. */
function levelName(level: number): Level {
  return level <= 1 ? 'passive' : 'standard';
}

function isSeat(seat: string): seat is EngineSeat {
  return (NATIONALITIES as readonly string[]).includes(seat);
}

function visibilityOf(e: GameEvent, state: GameState): Visibility {
  if (e.vis.to === 'all') return 'public';
  if (e.vis.to === 'seats') return { seats: [...e.vis.seats] };
  const sides = e.vis.sides;
  return { seats: NATIONALITIES.filter((n) => sides.includes(state.seatSide[n])) };
}

function toPortEvent(e: GameEvent, state: GameState): EngineEvent {
  return {
    type: e.kind,
    visibility: visibilityOf(e, state),
    text: e.text,
    ...(e.data ? { data: e.data } : {}),
  };
}

export const engine: RulesEngine<GameState> = {
  seats(scenario) {
    if (!isScenarioId(scenario)) return undefined;
    const sc = loadScenario(scenario);
    const present = new Set<string>([
      ...sc.setup.map((s) => s.nationality),
      ...sc.reinforcements.map((r) => r.nationality),
      ...Object.keys(sc.control ?? {}),
    ]);
    return NATIONALITIES.filter((n) => present.has(n));
  },
  setup(scenario, seed, options) {
    if (!isScenarioId(scenario)) throw new Error(`unknown scenario "${scenario}"`);
    const dice = Array.isArray(options.dice) ? (options.dice as number[]) : undefined;
    return setup(scenario, seed, dice ? { dice } : {});
  },
  apply(state, seat, action) {
    if (!isSeat(seat))
      return { ok: false, error: { rule: 'input', code: 'bad-seat', message: `Unknown seat "${seat}".` } };
    const r = apply(state, seat, action);
    if (!r.ok) return r;
    return { ok: true, state: r.state, events: r.events.map((e) => toPortEvent(e, r.state)) };
  },
  legalActions(state, seat) {
    return isSeat(seat) ? (legalActions(state, seat) as unknown as Action[]) : [];
  },
  pendingSeats: (state) => pendingSeats(state),
  view: (state, seat) =>
    seat === 'public' || isSeat(seat) ? view(state, seat as EngineSeat | 'public') : undefined,
  isOver: (state) => isOver(state),
  step(state): StepInfo {
    const base = `t${state.turn}.${state.phasing}.${state.phase}`;
    if (state.over) return { id: `over.t${state.over.turn}`, kind: 'phase' };
    if (!HOOK_PHASES.has(state.phase)) return { id: base, kind: 'phase' };
    const hook = createHash('sha1').update(canonicalJson(state.combat.hook)).digest('hex').slice(0, 12);
    return { id: `${base}.${hook}`, kind: 'prompt' };
  },
  autopilot(state, seat, level) {
    if (!isSeat(seat)) return { type: 'done' };
    const v = view(state, seat);
    // Deterministic: the autopilot's own dice are seeded from the game's position, not the clock.
    const rng = createAutopilotRng(`${state.version}:${seat}:${state.rng.rolls}`);
    return decide(v, v.legal, rng, levelName(level)) as EngineAction as unknown as Action;
  },
};

// Binds the real rules engine (src/engine) and autopilot (src/autopilot) to the service's port.
// The engine's events ({kind, text, vis, data}) are mapped to the port's {type, visibility}; side
// visibility becomes the seats of those sides in the game. Steps are named from the turn, the
// phasing side and the phase; in the phases run by modules (combat, siege, prisoner exchange) each
// sub-decision is its own short 'prompt' step, named by the module (`combat.option@2011`) and the
// seats asked: `t3.coalition.combat.option@2011/austria`. Games stored before the names carry
// deadlines with the old hashed ids (`t3.coalition.combat.<sha1 of the phase state>`): each step
// lists that id as an alias, so those deadlines still fire.
import { createHash } from 'node:crypto';
import { decide, type Level, levelOf } from '../autopilot/decide.js';
import { createAutopilotRng } from '../autopilot/rng.js';
import {
  apply,
  type Action as EngineAction,
  type Seat as EngineSeat,
  explainMarch,
  type GameEvent,
  type GameState,
  isOver,
  isScenarioId,
  legalActions,
  loadScenario,
  MAP_VERSION,
  moduleAutopilot,
  moduleFor,
  NATIONALITIES,
  pendingSeats,
  RULES_VERSION,
  setDefaultMapLoader,
  setup,
  stepOf,
  view,
} from '../engine/index.js';
import { rollsIn } from '../kernel/index.js';
import { loadMap } from '../map/strategic-map.js';
import type { Action, EngineEvent, RulesEngine, StepInfo, Visibility } from './engine-port.js';
import { canonicalJson } from './replay.js';
import { tacticalSettingsOf } from './tactical-settings.js';

// The engine reads the committed map unless something (a test) registered another one.
setDefaultMapLoader(() => loadMap());

/** Autopilot level 1 plays passively, 2 the standard autopilot, 3 the expert (autopilot/index.ts). */
function levelName(level: number): Level {
  return levelOf(level);
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

/**
 * Whether event data names the nationality (as a key or a value) or a hex (a four-digit string)
 * where `here` says the seat has forces now.
 */
function mentions(data: unknown, seat: string, here: (hex: string) => boolean, depth = 0): boolean {
  if (depth > 6 || data === null || data === undefined) return false;
  if (typeof data === 'string') return data === seat || (/^\d{4}$/.test(data) && here(data));
  if (Array.isArray(data)) return data.some((x) => mentions(x, seat, here, depth + 1));
  if (typeof data === 'object')
    return Object.entries(data as Record<string, unknown>).some(
      ([k, v]) => k === seat || mentions(v, seat, here, depth + 1),
    );
  return false;
}

export const engine: RulesEngine<GameState> = {
  versions: { rules: RULES_VERSION, map: MAP_VERSION },
  explainMarch: (state, seat, action) => explainMarch(state, seat as EngineSeat, action),
  /**
   * A die rolled on the way: the campaign's RNG or, in a battle fought on the tactical map, the
   * battle's (a Facing check while moving, 7.2 / 7.3 / 12.6): a dry run then withholds the field.
   */
  diceRolled: (before, after) => rollsIn(after) !== rollsIn(before),
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
    // Issue #16: the campaign's tactical setting as stored (games stored without one: off).
    const tactical = tacticalSettingsOf(options);
    return setup(scenario, seed, { ...(dice ? { dice } : {}), ...(tactical ? { tactical } : {}) });
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
    if (!moduleFor(state.phase)) return { id: base, kind: 'phase' };
    const asked = pendingSeats(state).join('+');
    const id = `t${state.turn}.${state.phasing}.${stepOf(state)}/${asked}`;
    // Issue #16: no game stored under the hashed names ever reached the tactical stage, and hashing
    // its state (the whole tactical game) on every look-up would be waste.
    if (state.combat.hook.combat?.stage === 'tactical') return { id, kind: 'prompt' };
    const legacy = createHash('sha1').update(canonicalJson(state.combat.hook)).digest('hex').slice(0, 12);
    return { id, kind: 'prompt', aliases: [`${base}.${legacy}`] };
  },
  involved(state, seat, events) {
    if (!isSeat(seat)) return false;
    const here = (hex: string) => {
      const f = state.forces[hex]?.[seat];
      if ((f?.out ?? 0) > 0 || (f?.in ?? 0) > 0) return true;
      return Object.values(state.leaders).some(
        (l) => l.status === 'map' && l.hex === hex && l.nationality === seat,
      );
    };
    return events.some((e) => {
      // A message addressed to this seat alone concerns it.
      if (e.visibility !== 'public' && e.visibility.seats.length === 1 && e.visibility.seats[0] === seat)
        return true;
      return mentions(e.data, seat, here);
    });
  },
  autopilot(state, seat, level) {
    if (!isSeat(seat)) return { type: 'done' };
    // Issue #16: the tactical offer's answer (the seat's setting) and tactical orders (the
    // tactical autopilot, from this seat's side's view) come from the phase module itself.
    const own = moduleAutopilot(state, seat);
    if (own) return own as unknown as Action;
    const v = view(state, seat);
    // Deterministic: the autopilot's own dice are seeded from the game's position, not the clock.
    const rng = createAutopilotRng(`${state.version}:${seat}:${state.rng.rolls}`);
    return decide(v, v.legal, rng, levelName(level)) as EngineAction as unknown as Action;
  },
};

// The local game driver: set up a scenario and, for each pending seat, ask its autopilot for an
// action on that seat's view, apply it, repeat until the game is over. The demo command, the bench
// and the tests reuse it. The driver is the referee: it holds the GameState; the autopilots only
// ever receive views.
import type {
  Action,
  GameEvent,
  GameState,
  Nationality,
  Scenario,
  ScenarioId,
  Seat,
  Side,
  TacticalSettings,
} from '../engine/index.js';
import {
  apply,
  engineMap,
  isWinterTurn,
  legalActions,
  moduleAutopilot,
  NATIONALITIES,
  pendingSeats,
  scenarioVictoryRules,
  scoreVictory,
  setup,
  stepOf,
  useMap,
  type VictoryReport,
  type View,
  view,
} from '../engine/index.js';
import { drive } from '../kernel/index.js';
import { loadMap } from '../map/strategic-map.js';
import type { StrategicMap } from '../map/types.js';
import { decideWithReason, type Level } from './decide.js';
import { countLosses, type LossCauses, noLosses } from './loss-census.js';
import { type AutopilotRng, createAutopilotRng, resumeAutopilotRng } from './rng.js';
import { countSiegeCuts, noCuts, type SiegeCuts } from './siege-census.js';

export interface StepInfo {
  seat: Seat;
  action: Action;
  why: string;
  events: GameEvent[];
  state: GameState;
}

export interface TurnInfo {
  /** The Game-Turn just finished. */
  turn: number;
  state: GameState;
  events: GameEvent[];
}

export interface DriverOptions {
  scenario: ScenarioId | Scenario;
  seed: number | string;
  /** One level for every seat, or per seat (default "standard"). */
  level?: Level | Partial<Record<Seat, Level>>;
  /** Stop after this Game-Turn (default: the scenario's last turn). */
  turns?: number;
  /** Die rolls fixed in advance (`--dice`). */
  dice?: number[];
  map?: StrategicMap;
  /** Safety net against a runaway game (default 200 000 steps). */
  maxSteps?: number;
  /**
   * Issue #16: the campaign's tactical setting (absent: off). Battles go to the tactical map only
   * where the host registered a tactical host (src/app/tactical.ts).
   */
  tactical?: Partial<TacticalSettings>;
  onStep?(info: StepInfo): void;
  onTurn?(info: TurnInfo): void;
  /**
   * Start from this state instead of the scenario's set-up (a recorded position, position.ts);
   * `scenario` and `seed` still name the game, and the autopilots' RNGs derive from `seed`.
   */
  from?: GameState;
  /** Stop before the first seat is asked in a state this accepts (ends by 'stop-when'). */
  stopWhen?(state: GameState): boolean;
  /** Every action the engine accepted, in order, with its seat (the game's action log). */
  log?: Array<[Seat, Action]>;
  /**
   * With `from`: each seat's autopilot RNG state word where the position was cut, so that the
   * autopilots go on exactly as in the recorded game (absent seats start fresh from `seed`).
   */
  rngStates?: Partial<Record<Seat, number>>;
}

export interface SideTally {
  /** SP eliminated (combat, attrition, storms; 17.0). */
  eliminated: number;
  /** SP still held as prisoners by the enemy at the end (14.17). */
  prisoners: number;
}

export interface GameSummary {
  state: GameState;
  steps: number;
  /** Actions the engine refused (should stay 0: the autopilot picks from the legal list). */
  refused: number;
  /** Steps the driver had to time out because the seats kept acting (should stay 0). */
  stalls: number;
  /** The first few refusals, for diagnosis. */
  refusals: Array<{ seat: Seat; turn: number; phase: string; action: Action; error: string }>;
  victory: VictoryReport;
  losses: Record<Side, SideTally>;
  /** How each side's SP were lost (loss-census.ts); what is left of `eliminated` fell in battle. */
  causes: Record<Side, LossCauses>;
  /** Sieges each side had on that ended for want of supply (siege-census.ts). */
  sieges: Record<Side, SiegeCuts>;
  /** Fortresses that changed hands during the game, in order. */
  captures: Array<{ hex: string; side: Side; turn: number }>;
  endedBy: 'last-turn' | 'winter-quarters' | 'forfeit' | 'turn-limit' | 'step-limit' | 'stop-when';
  /** Each seat's autopilot RNG state word at the end (for a recorded position to resume from). */
  rngStates: Partial<Record<Seat, number>>;
}

/** More actions than this in one step of one Player-Turn means a loop (a whole March Phase takes < 100). */
const STEP_ACTION_LIMIT = 600;

function levelFor(opt: DriverOptions['level'], seat: Seat): Level {
  if (!opt) return 'standard';
  if (typeof opt === 'string') return opt;
  return opt[seat] ?? 'standard';
}

/** The engine's map: the registered one, or the committed map. */
export function driverMap(map?: StrategicMap): StrategicMap {
  if (map) {
    useMap(map);
    return map;
  }
  try {
    return engineMap();
  } catch {
    const m = loadMap();
    useMap(m);
    return m;
  }
}

/** 17.0 result of a finished (or stopped) game, from the referee's full state. */
export function scoreGame(state: GameState, map: StrategicMap): VictoryReport {
  const garrison: Record<string, Side | undefined> = {};
  for (const f of map.fortresses()) {
    const hf = state.forces[f.hex];
    if (!hf) continue;
    for (const n of NATIONALITIES) if ((hf[n]?.in ?? 0) > 0) garrison[f.hex] = state.seatSide[n];
  }
  const eliminated: Record<Side, number> = { 'prussian-allied': 0, coalition: 0 };
  for (const [n, v] of Object.entries(state.ledger.eliminated))
    eliminated[state.seatSide[n as Nationality]] += v ?? 0;
  const prisoners: Record<Side, number> = { 'prussian-allied': 0, coalition: 0 };
  for (const holder of ['prussian-allied', 'coalition'] as const)
    for (const [n, v] of Object.entries(state.ledger.prisoners[holder]))
      prisoners[state.seatSide[n as Nationality]] += v ?? 0;
  const fortresses = map.fortresses();
  const rules = scenarioVictoryRules(String(state.scenario), fortresses);
  const counted = state.rules.fortressRegions as never;
  return scoreVictory({
    fortresses,
    garrison,
    eliminatedSp: eliminated,
    unexchangedPrisonerSp: prisoners,
    ...rules,
    ...(counted ? { countedRegions: counted } : {}),
    ...(state.rules.noControlFortresses ? { excludedFortressHexes: state.rules.noControlFortresses } : {}),
  });
}

/** Ask one seat's autopilot for its next action (what the game service calls for absent seats). */
export function autopilotStep(
  state: GameState,
  seat: Seat,
  rng: AutopilotRng,
  level: Level,
  map: StrategicMap = engineMap(),
): { action: Action; why: string; view: View } {
  const v = view(state, seat, [], map);
  const own = moduleAutopilot(state, seat);
  if (own) return { action: own, why: 'tactical', view: v };
  const d = decideWithReason(v, v.legal, rng, level, map);
  return { action: d.action, why: d.why, view: v };
}

export function playGame(opts: DriverOptions): GameSummary {
  const map = driverMap(opts.map);
  const initial =
    opts.from ??
    setup(opts.scenario, opts.seed, {
      map,
      ...(opts.dice ? { dice: opts.dice } : {}),
      ...(opts.tactical ? { tactical: opts.tactical } : {}),
    });
  const lastTurn = Math.min(opts.turns ?? initial.lastTurn, initial.lastTurn);
  const rngs = new Map<Seat, AutopilotRng>();
  const rngOf = (seat: Seat) => {
    let r = rngs.get(seat);
    if (!r) {
      const resumed = opts.rngStates?.[seat];
      r = resumed === undefined ? createAutopilotRng(`${opts.seed}:${seat}`) : resumeAutopilotRng(resumed);
      rngs.set(seat, r);
    }
    return r;
  };
  const captures: GameSummary['captures'] = [];
  const causes = noLosses();
  const sieges = noCuts();
  let refused = 0;
  let stalls = 0;
  let lastStepKey = '';
  let stepActions = 0;
  const refusals: GameSummary['refusals'] = [];
  let turnEvents: GameEvent[] = [];
  // The decision being tried (a refused one is replaced by the next) and the last refusal.
  let current: { action: Action; why: string } = { action: { type: 'done' }, why: '' };
  let lastError = '';
  let lastMessage = '';
  /** A seat's candidates, in the order the engine is asked (the one loop, src/kernel/drive.ts). */
  function* candidates(state: GameState, seat: Seat, level: Level): Generator<Action> {
    // Issue #16: the phase module's own choice first (the tactical offer's answer, tactical orders).
    const own = moduleAutopilot(state, seat);
    if (own) {
      current = { action: own, why: 'tactical' };
      yield own;
    }
    const v = view(state, seat, [], map);
    let legal = v.legal;
    current = decideWithReason(v, legal, rngOf(seat), level, map);
    yield current.action;
    // The autopilot only picks listed actions; should the engine still refuse one (a mismatch
    // between its legal list and its rules), record it and choose again without that action.
    for (let retry = 0; retry < 5; retry++) {
      refused++;
      if (refusals.length < 20)
        refusals.push({
          seat,
          turn: state.turn,
          phase: state.phase,
          action: current.action,
          error: lastError,
        });
      const bad = JSON.stringify(current.action);
      legal = legal.filter((a) => JSON.stringify(a) !== bad);
      if (legal.length === 0) break;
      current = decideWithReason(v, legal, rngOf(seat), level, map);
      yield current.action;
    }
    yield { type: 'done' };
    yield { type: 'timeout' };
  }
  const result = drive<GameState, Action, GameEvent>({
    state: initial,
    maxSteps: opts.maxSteps ?? 200_000,
    isOver: (state) => state.over !== null,
    apply: (state, seat, action) => apply(state, seat as Seat, action, map),
    next(state) {
      if (opts.stopWhen?.(state)) return { stop: 'stop-when' };
      // Safety net: a seat that keeps acting in one step (a loop between the autopilot and a rule)
      // is timed out, as the service's deadline would (time enters the engine only as an action).
      // (A battle fought on the tactical map, issue #16, is many steps of one phase: each counts.)
      const stepKey = `${state.turn}|${state.phasing}|${state.phase}|${stepOf(state)}`;
      if (stepKey !== lastStepKey) {
        lastStepKey = stepKey;
        stepActions = 0;
      } else if (++stepActions > STEP_ACTION_LIMIT) {
        const stalled = pendingSeats(state)[0] ?? 'prussia';
        const t = apply(state, stalled, { type: 'timeout' }, map);
        if (!t.ok) throw new Error(`driver: timeout refused: ${t.error.message}`);
        opts.log?.push([stalled, { type: 'timeout' }]);
        stalls++;
        stepActions = 0;
        return { state: t.state };
      }
      const seat = pendingSeats(state)[0];
      if (!seat) return { stop: 'step-limit' };
      return { seat, candidates: candidates(state, seat, levelFor(opts.level, seat)) };
    },
    refused(_state, _seat, _action, error) {
      lastError = `${error.rule}: ${error.message}`;
      lastMessage = error.message;
    },
    exhausted(_state, seat) {
      throw new Error(`driver: the engine refused even a timeout for ${seat}: ${lastMessage}`);
    },
    accepted({ before, state, seat, events, action: played }) {
      const { action, why } = current;
      opts.log?.push([seat as Seat, played]);
      for (const e of events)
        if (e.kind === 'fortress-captured' && e.data)
          captures.push({ hex: String(e.data.hex), side: e.data.side as Side, turn: before.turn });
      turnEvents.push(...events);
      countLosses(causes, events, state);
      countSiegeCuts(sieges, before, state);
      opts.onStep?.({ seat: seat as Seat, action, why, events, state });
      if (state.turn !== before.turn || state.over) {
        opts.onTurn?.({ turn: before.turn, state, events: turnEvents });
        turnEvents = [];
        if (!state.over && state.turn > lastTurn) return { stop: 'turn-limit' };
      }
      return undefined;
    },
  });
  const { state, steps } = result;
  const endedBy =
    result.stopped === 'step-limit' || result.stopped === 'turn-limit' || result.stopped === 'stop-when'
      ? result.stopped
      : undefined;
  const victory = scoreGame(state, map);
  const losses: Record<Side, SideTally> = {
    'prussian-allied': { eliminated: 0, prisoners: 0 },
    coalition: { eliminated: 0, prisoners: 0 },
  };
  for (const [n, v] of Object.entries(state.ledger.eliminated))
    losses[state.seatSide[n as Nationality]].eliminated += v ?? 0;
  for (const holder of ['prussian-allied', 'coalition'] as const)
    for (const [n, v] of Object.entries(state.ledger.prisoners[holder]))
      losses[state.seatSide[n as Nationality]].prisoners += v ?? 0;
  return {
    state,
    steps,
    refused,
    stalls,
    refusals,
    victory,
    losses,
    causes,
    sieges,
    captures,
    endedBy: endedBy ?? state.over?.reason ?? 'last-turn',
    rngStates: Object.fromEntries([...rngs].map(([seat, r]) => [seat, r.state])),
  };
}

export { isWinterTurn, legalActions };

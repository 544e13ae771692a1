// setup(): build the initial GameState of a scenario (18.0). The first automatic phases
// (reinforcement, morale recovery) run at once, so the returned state waits on real decisions.
import type { StrategicMap } from '../map/types.js';
import { engineMap } from './map-env.js';
import { enterPhase } from './phases/machine.js';
import { createRng } from './rng.js';
import { startOfTurnRules } from './rules/scenario-rules.js';
import { isScenarioId, leaderRatings, loadScenario, parseScenario, type Scenario } from './scenario/index.js';
import { addLedger, addSp } from './state.js';
import type {
  GameEvent,
  GameState,
  LeaderState,
  Nationality,
  ScenarioId,
  Side,
  TacticalSettings,
} from './types.js';
import { DEFAULT_SIDE, NATIONALITIES } from './types.js';

export interface SetupOptions {
  /** Die rolls fixed in advance (`--dice 4,2,6`). */
  dice?: number[];
  map?: StrategicMap;
  /** Issue #16: the campaign's tactical-battle setting (absent: off; given: offer / 6 SP unless set). */
  tactical?: Partial<TacticalSettings>;
}

export class SetupError extends Error {}

function makeLeader(id: string, nat: Nationality, rank: number): LeaderState {
  const r = leaderRatings().leaders[id];
  if (!r) throw new SetupError(`unknown leader "${id}" (add it to scenarios/leaders.json)`);
  return {
    id,
    name: r.name,
    nationality: nat,
    rank,
    initiative: r.initiative,
    attack: r.attack,
    defence: r.defence,
    status: 'pending',
    hex: null,
    inside: false,
  };
}

/** Build the initial state. Throws SetupError for an invalid scenario (not a rules violation). */
export function setup(
  scenario: Scenario | ScenarioId,
  seed: number | string,
  options: SetupOptions = {},
): GameState {
  let sc: Scenario;
  if (isScenarioId(scenario)) sc = loadScenario(scenario);
  else {
    const r = parseScenario(scenario);
    if (!r.ok) throw new SetupError(r.error);
    sc = r.value;
  }
  const map = options.map ?? engineMap();
  const seatSide = { ...DEFAULT_SIDE, ...(sc.control ?? {}) } as Record<Nationality, Side>;
  const state: GameState = {
    schema: 1,
    version: 0,
    scenario: sc.id,
    turn: sc.firstTurn,
    firstTurn: sc.firstTurn,
    lastTurn: sc.lastTurn,
    phasing: 'prussian-allied',
    phase: 'reinforcement',
    pending: [],
    seatSide,
    forces: {},
    leaders: {},
    depots: {},
    demoralized: { 'prussian-allied': [], coalition: [] },
    movement: { roll: null, moved: [], bypassed: [], movedSp: {}, active: [], mustAttack: [] },
    combat: { fought: [], besiegersFought: [], committed: [], hook: {} },
    ledger: {
      eliminated: {},
      removed: {},
      prisoners: { 'prussian-allied': {}, coalition: {} },
      prisonerLeaders: { 'prussian-allied': [], coalition: [] },
      entered: {},
    },
    reinforcements: [],
    rules: sc.rules,
    besieged: [],
    captured: {},
    fortressControl: {},
    rng: createRng(seed, options.dice ?? []),
    ...(options.tactical ? { tactical: { mode: 'offer', minSp: 6, ...options.tactical } } : {}),
    over: null,
  };

  // Hexes holding an explicit "+" (inside) entry: the other entries there stand outside.
  const explicitInside = new Set(
    sc.setup.filter((e) => e.position === 'inside').map((e) => `${e.nationality}@${e.hex}`),
  );
  for (const e of sc.setup) {
    if (!map.onMap(e.hex)) throw new SetupError(`scenario ${sc.id}: hex ${e.hex} is not on the map`);
    const fortress = map.fortress(e.hex) !== undefined && !!fortressOk(state, map, e.hex);
    const leaders = e.leaders ?? [];
    // 18.0: placement in a fortress hex is the owner's option; our default (rulings 18.0):
    // a pure garrison stands inside; a stack with leaders puts 1 SP inside and the rest outside.
    let inside = 0;
    if (fortress) {
      if (e.position === 'inside') inside = e.sp;
      else if (
        e.position === 'outside' ||
        explicitInside.has(`${e.nationality}@${e.hex}`) ||
        // 12.13: never both sides inside; with enemies in the hex, default placement is outside.
        sc.setup.some((o) => o.hex === e.hex && seatSide[o.nationality] !== seatSide[e.nationality])
      )
        inside = 0;
      else if (leaders.length === 0) inside = e.sp;
      else inside = Math.min(1, e.sp);
    }
    if (e.sp - inside > 0) addSp(state, e.hex, e.nationality, 'out', e.sp - inside);
    if (inside > 0) addSp(state, e.hex, e.nationality, 'in', inside);
    addLedger(state.ledger.entered, e.nationality, e.sp);
    for (const lp of leaders) {
      if (state.leaders[lp.id]) throw new SetupError(`scenario ${sc.id}: leader ${lp.id} placed twice`);
      const l = makeLeader(lp.id, e.nationality, lp.rank);
      l.status = 'map';
      l.hex = e.hex;
      // An explicit `+` (inside) entry puts its leaders inside with its SP (12.11).
      l.inside = fortress && e.position === 'inside';
      state.leaders[lp.id] = l;
    }
    if (e.depot) {
      if (state.depots[e.hex]) throw new SetupError(`scenario ${sc.id}: two depots in ${e.hex} (7.0)`);
      state.depots[e.hex] = { hex: e.hex, owner: e.nationality, status: 'complete', placedTurn: 0 };
    }
  }
  for (const r of sc.reinforcements) {
    if (!map.onMap(r.hex))
      throw new SetupError(`scenario ${sc.id}: reinforcement hex ${r.hex} is not on the map`);
    for (const lp of r.leaders) {
      if (state.leaders[lp.id]) throw new SetupError(`scenario ${sc.id}: leader ${lp.id} placed twice`);
      state.leaders[lp.id] = makeLeader(lp.id, r.nationality, lp.rank);
    }
    state.reinforcements.push({
      id: r.id,
      turn: r.turn,
      nationality: r.nationality,
      sp: r.sp,
      leaders: r.leaders.map((l) => l.id),
      hex: r.hex,
      depot: r.depot === 'off-map-link',
      uncertain: r.uncertain ?? false,
      arrived: false,
    });
  }
  for (const nat of NATIONALITIES) if (!(nat in seatSide)) throw new SetupError(`no side for ${nat}`);
  const events: GameEvent[] = [];
  // A scenario that starts after Turn 1 begins as a game that reached that turn: the scenario's
  // start-of-turn rules (1760 C, 1761 D, 1762 B-C) run for its first turn (rulings 18.0 (later start)).
  if (state.turn > 1) startOfTurnRules(state, map, events, true);
  return enterPhase(state, map, 'reinforcement', events);
}

function fortressOk(state: GameState, map: StrategicMap, hex: string): boolean {
  const f = map.fortress(hex);
  if (!f) return false;
  const regions = state.rules.fortressRegions;
  return !regions || regions.includes(f.region);
}

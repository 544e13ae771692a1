// 4.0 sequence of play as an explicit state machine. Each Game-Turn: the Prussian-Allied
// Player-Turn, then the Coalition Player-Turn (4.2 A, B), each of eight phases; then the Prisoner
// Exchange Phase on even turns (4.2 C) and the Game-Turn Indication Phase (4.2 D). Automatic phases
// resolve here; interactive ones set `state.pending` and wait for the seats' actions.
import type { StrategicMap } from '../../map/types.js';
import { ev } from '../events.js';
import { rollDie } from '../rng.js';
import { clearArrivals } from '../rules/arrivals.js';
import { attrition } from '../rules/attrition.js';
import { completeDepots, depotBuildError, depotHousekeeping } from '../rules/depots.js';
import { campBuildError, campHousekeeping, completeCamp } from '../rules/fortified-camp.js';
import { recoverMorale } from '../rules/morale.js';
import { movementAllowance } from '../rules/movement.js';
import { placeReinforcements } from '../rules/reinforcements.js';
import { leadersOutOfSupply } from '../rules/resupply.js';
import { startOfTurnRules } from '../rules/scenario-rules.js';
import { computeSupply } from '../rules/supply.js';
import {
  fortressAt,
  garrisonSide,
  isWinterTurn,
  otherSide,
  seatsOf,
  sideLeadersAt,
  sideOf,
  sideSp,
} from '../state.js';
import type { GameEvent, GameState, PhaseName, Seat, Side } from '../types.js';
import { phaseModules } from './registry.js';

/** 4.2: the eight phases of a Player-Turn, in order. */
export const PLAYER_TURN: readonly PhaseName[] = [
  'reinforcement',
  'morale',
  'depot',
  'march',
  'forcemarch',
  'combat',
  'siege',
  'attrition',
];

/** The side that acts in a phase (4.2 note: the non-phasing side acts in Force March and Attrition). */
export function actingSide(state: GameState, phase: PhaseName = state.phase): Side {
  return phase === 'forcemarch' || phase === 'attrition' ? otherSide(state.phasing) : state.phasing;
}

/** Every phase a game passes through, in order: both Player-Turns', then the Game-Turn's end (4.2 C). */
export const GAME_TURN_PHASES: readonly PhaseName[] = [...PLAYER_TURN, 'prisoner-exchange', 'turn-advance'];

function nextPhase(state: GameState): PhaseName {
  const i = PLAYER_TURN.indexOf(state.phase);
  if (i >= 0 && i < PLAYER_TURN.length - 1) return PLAYER_TURN[i + 1]!;
  if (state.phase === 'attrition') {
    if (state.phasing === 'prussian-allied') return 'reinforcement';
    // 4.2 C names even turns, but scenario rules override 14.11 (1760 A exchanges on turns 3, 9, 15):
    // the phase is visited every turn and the hook exchanges only on the turns the scenario lists.
    return 'prisoner-exchange';
  }
  if (state.phase === 'prisoner-exchange') return 'turn-advance';
  return 'reinforcement';
}

function resetMovement(state: GameState, roll: number | null): void {
  state.movement = {
    roll,
    moved: [],
    bypassed: [],
    movedSp: {},
    active: [],
    mustAttack: state.movement.mustAttack,
  };
}

/** Seats of a side with a leader that could move in a movement phase (16.22: not in winter quarters). */
function seatsWithMovableLeaders(state: GameState, side: Side, forceMarch: boolean): Seat[] {
  const out = new Set<Seat>();
  for (const l of Object.values(state.leaders)) {
    if (l.status !== 'map' || !l.hex || sideOf(state, l.nationality) !== side) continue;
    if (l.inside && isWinterTurn(state.turn)) continue;
    // 11.18: demoralized units never force march.
    if (forceMarch && !l.inside && state.demoralized[side].includes(l.hex)) continue;
    out.add(l.nationality);
  }
  return seatsOf(state, side).filter((s) => out.has(s));
}

function seatsThatCanBuildDepots(state: GameState, map: StrategicMap, side: Side): Seat[] {
  const supply = computeSupply(state, map, side);
  const seats = seatsOf(state, side);
  return seats.filter((seat) =>
    Object.keys(state.forces).some(
      (hex) =>
        depotBuildError(state, map, seat, hex, supply) === undefined ||
        !campBuildError(state, map, seat, hex),
    ),
  );
}

/** Derived state and instant rules, refreshed after every step (10.42, 10.46, 11.11, 13.12, 16.23). */
export function housekeeping(state: GameState, map: StrategicMap, events: GameEvent[]): void {
  depotHousekeeping(state, events);
  campHousekeeping(state, events);
  for (const side of ['prussian-allied', 'coalition'] as const) {
    state.demoralized[side] = state.demoralized[side].filter(
      (hex) => sideSp(state, hex, side, 'out') > 0 || sideLeadersAt(state, hex, side, 'out').length > 0,
    );
  }
  // Fortress control and captures (used by 1757/1758 5A/5C and by victory, 17.0).
  for (const f of map.fortresses()) {
    if (!fortressAt(state, map, f.hex)) continue;
    const g = garrisonSide(state, f.hex);
    if (!g) continue;
    const prev = state.fortressControl[f.hex];
    if (prev && prev !== g) {
      state.captured[f.hex] = g;
      events.push(
        ev('fortress-captured', `${f.name} (${f.hex}) changes hands.`, undefined, { hex: f.hex, side: g }),
      );
    }
    state.fortressControl[f.hex] = g;
  }
  // 13.12: besieged = enemy-garrisoned fortress with an operative depot of the other side in the hex.
  // Supply is traced only when a depot stands in an enemy-garrisoned fortress (a possible siege):
  // after most actions there is none, and tracing both sides' supply was a fifth of the engine's time.
  const besieged: string[] = [];
  const supply: Partial<Record<Side, ReturnType<typeof computeSupply>>> = {};
  for (const d of Object.values(state.depots)) {
    const side = sideOf(state, d.owner);
    const g = garrisonSide(state, d.hex);
    if (!g || g === side || !fortressAt(state, map, d.hex)) continue;
    supply[side] ??= computeSupply(state, map, side);
    if (supply[side].operativeDepots.includes(d.hex)) besieged.push(d.hex);
  }
  state.besieged = besieged.sort();
  // 16.23: in winter, the game ends once every combat unit on the map is in winter quarters.
  if (!state.over && isWinterTurn(state.turn)) {
    let outside = 0;
    let total = 0;
    for (const hf of Object.values(state.forces))
      for (const s of Object.values(hf)) {
        outside += s?.out ?? 0;
        total += (s?.out ?? 0) + (s?.in ?? 0);
      }
    if (total > 0 && outside === 0) {
      state.over = { reason: 'winter-quarters', turn: state.turn };
      state.pending = [];
      events.push(ev('game-over', 'Every combat unit is in winter quarters: the game ends (16.23).'));
    }
  }
}

/**
 * Enter `phase` and run automatic phases until one needs decisions (pending seats) or the game ends.
 * Mutates and returns `state`.
 */
export function enterPhase(
  state: GameState,
  map: StrategicMap,
  phase: PhaseName,
  events: GameEvent[],
): GameState {
  let next: PhaseName | null = phase;
  for (let guard = 0; next && guard < 200; guard++) {
    housekeeping(state, map, events);
    if (state.over) {
      state.pending = [];
      return state;
    }
    const p: PhaseName = next;
    state.phase = p;
    state.pending = [];
    next = null;
    switch (p) {
      case 'reinforcement':
        events.push(ev('phase', `Turn ${state.turn}: ${state.phasing} Player-Turn begins.`));
        placeReinforcements(state, state.phasing, events);
        next = 'morale';
        break;
      case 'morale':
        recoverMorale(state, state.phasing, events);
        next = 'depot';
        break;
      case 'depot':
        completeDepots(state, map, state.phasing, events);
        if (state.phasing === 'prussian-allied') completeCamp(state, events);
        state.pending = seatsThatCanBuildDepots(state, map, state.phasing);
        if (state.pending.length === 0) next = 'march';
        break;
      case 'march': {
        // 5.1: one March roll for the whole phase.
        const die = rollDie(state);
        resetMovement(state, die);
        // Issue #16: the phasing side moves again; where its forces came from before is history.
        clearArrivals(state, state.phasing);
        state.movement.mustResupply = leadersOutOfSupply(state, map, state.phasing);
        events.push(
          ev('march-roll', `March Phase (${state.phasing}): the die shows ${die}.`, undefined, { die }),
        );
        state.pending = seatsWithMovableLeaders(state, state.phasing, false);
        if (state.pending.length === 0) next = 'forcemarch';
        break;
      }
      case 'forcemarch':
        resetMovement(state, null);
        state.movement.mustResupply = leadersOutOfSupply(state, map, otherSide(state.phasing));
        state.pending = seatsWithMovableLeaders(state, otherSide(state.phasing), true);
        if (state.pending.length === 0) next = 'combat';
        break;
      case 'combat':
      case 'siege':
      case 'prisoner-exchange': {
        if (p === 'combat') state.combat = { fought: [], besiegersFought: [], committed: [], hook: {} };
        const hook = phaseModules[p];
        const r = hook.enter(state, map);
        state = r.state;
        events.push(...r.events);
        state.pending = hook.pending(state);
        if (state.pending.length === 0) next = nextPhase(state);
        if (p === 'combat' && state.pending.length === 0) state.movement.mustAttack = [];
        break;
      }
      case 'attrition':
        attrition(state, map, otherSide(state.phasing), events);
        next = nextPhase(state);
        if (state.phasing === 'prussian-allied') state.phasing = 'coalition';
        break;
      case 'turn-advance':
        // 4.2 D; 18.0: each scenario's last turn ends the game.
        if (state.turn >= state.lastTurn) {
          state.over = { reason: 'last-turn', turn: state.turn };
          events.push(ev('game-over', `Turn ${state.turn} was the last turn: the game ends.`));
          return state;
        }
        state.turn += 1;
        state.phasing = 'prussian-allied';
        events.push(ev('turn', `Game-Turn ${state.turn} begins.`, undefined, { turn: state.turn }));
        if (state.turn === 16)
          events.push(ev('winter', 'Winter: units inside fortresses enter winter quarters (16.21).'));
        startOfTurnRules(state, map, events);
        next = 'reinforcement';
        break;
    }
  }
  housekeeping(state, map, events);
  if (state.over) state.pending = [];
  return state;
}

/** Leave the current (finished) phase and run on to the next step that needs decisions. */
export function advance(state: GameState, map: StrategicMap, events: GameEvent[]): GameState {
  if (state.over) return state;
  const p = state.phase;
  if (p === 'combat') state.movement.mustAttack = [];
  const next = nextPhase(state);
  if (p === 'attrition' && state.phasing === 'prussian-allied') state.phasing = 'coalition';
  return enterPhase(state, map, next, events);
}

/** MA of a leader in the current March Phase (5.1, 16.11). */
export function marchAllowance(state: GameState, initiative: number): number {
  return movementAllowance(state.movement.roll ?? 0, initiative, state.turn);
}

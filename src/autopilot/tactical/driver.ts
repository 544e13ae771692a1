// The local battle driver: set up a Leuthen scenario and, for each pending seat, ask that side's
// player (autopilot, random legal play, or hold in place) for one action on that side's view,
// apply it, repeat until the battle is over. The battle demo, the balance runs, the bench and the
// tests reuse it. The driver is the referee: it holds the state; the players only see views.

import { drive } from '../../kernel/index.js';
import type { TacAction } from '../../tactical/actions.js';
import { apply, isOver, legalActions, pendingSeats } from '../../tactical/apply.js';
import { envFor, useTacticalMap } from '../../tactical/env.js';
import type { TacEvent } from '../../tactical/events.js';
import type { TacticalMap } from '../../tactical/map.js';
import type { LoadedScenario } from '../../tactical/scenario.js';
import { setupBattle } from '../../tactical/setup.js';
import type { Side, TacState } from '../../tactical/state.js';
import { view } from '../../tactical/view.js';
import { type AutopilotRng, createAutopilotRng } from '../rng.js';
import { decideTactical, type TacPolicy } from './decide.js';

export interface BattleStep {
  seat: string;
  action: TacAction;
  why: string;
  events: TacEvent[];
  state: TacState;
}

export interface BattleTurn {
  /** The game turn just finished (0: the strategic turns of scenario 2). */
  turn: number;
  state: TacState;
  events: TacEvent[];
}

export interface BattleOptions {
  loaded: LoadedScenario;
  map: TacticalMap;
  seed: number;
  policies?: Partial<Record<Side, TacPolicy>>;
  dice?: number[];
  /** Stop after this game turn (default: play to the end). */
  turns?: number;
  /** Safety net against a runaway battle (default 100 000 steps). */
  maxSteps?: number;
  onStep?(info: BattleStep): void;
  onTurn?(info: BattleTurn): void;
  /** An action the engine refused although it was listed as legal (an engine or autopilot bug). */
  onRefused?(info: { seat: string; action: TacAction; rule: string; message: string; state: TacState }): void;
}

export interface BattleSummary {
  state: TacState;
  steps: number;
  /** CP lost (eliminated or stepped down) by each side in the battle: killed and wounded. */
  lost: Record<Side, number>;
  /** CP taken prisoner in the aftermath (ruling Aftermath; 0 without one). */
  prisoners: Record<Side, number>;
  /** CP routed at the end. */
  routed: Record<Side, number>;
}

/**
 * The side's view, completed with the scenario's public data the view leaves out (the victory
 * objectives, the table of rules) so the rules' board helpers can read it. Nothing hidden is added:
 * the RNG is a dummy and off-map enemy units stay absent.
 */
export function viewAsState(s: TacState, side: Side): TacState {
  const v = view(s, side);
  return {
    ...s,
    rng: { s: [0, 0, 0, 0], forced: [], rolls: 0 },
    units: v.units as TacState['units'],
    leaders: v.leaders,
    prompt: (v.prompt && 'options' in v.prompt ? v.prompt : null) as TacState['prompt'],
    tasks: [],
  };
}

/** The player's choice, then the other legal actions ('done' first) should the engine refuse it. */
function* withFallbacks(choice: TacAction, legal: TacAction[]): Generator<TacAction> {
  yield choice;
  const rest = [...legal].sort((a, b) => Number(b.type === 'done') - Number(a.type === 'done'));
  for (const alt of rest) if (alt !== choice) yield alt;
}

export function playBattle(o: BattleOptions): BattleSummary {
  const set = setupBattle(o.loaded, o.map, o.seed, { dice: o.dice ?? [] });
  if (!set.ok) throw new Error(set.errors.join('; '));
  useTacticalMap(o.map);
  const env = envFor(o.map.id)!;
  let state = set.state;
  const rngs: Record<Side, AutopilotRng> = {
    prussia: createAutopilotRng(`${o.seed}:prussia`),
    austria: createAutopilotRng(`${o.seed}:austria`),
  };
  const policy = (side: Side): TacPolicy => o.policies?.[side] ?? 'autopilot';
  let turn = state.turn;
  let turnEvents: TacEvent[] = [];
  // The one game loop (src/kernel/drive.ts) plays; this is its policy: the first pending seat acts,
  // its player's choice first, then (a refused choice must not stall the battle) the other legal
  // actions in order, 'done' first, reported through onRefused.
  let d: ReturnType<typeof decideTactical> | undefined;
  let last: { rule: string; message: string } | undefined;
  const played = drive<TacState, TacAction, TacEvent>({
    state,
    maxSteps: o.maxSteps ?? 100_000,
    isOver,
    apply,
    next(st) {
      const seats = pendingSeats(st);
      if (!seats.length) throw new Error(`battle stuck: no pending seat in ${st.phase} (turn ${st.turn})`);
      const seat = seats[0]!;
      const side = seat.split(':')[0] as Side;
      const legal = legalActions(st, seat);
      if (!legal.length)
        throw new Error(`battle stuck: no legal action for ${seat} in ${st.phase} (turn ${st.turn})`);
      const chosen = decideTactical(viewAsState(st, side), env, side, legal, rngs[side], policy(side));
      d = chosen;
      return { seat, candidates: withFallbacks(chosen.action, legal) };
    },
    refused(st, seat, action, error) {
      if (action === d?.action)
        o.onRefused?.({ seat, action, rule: error.rule, message: error.message, state: st });
      last = error;
    },
    exhausted(_st, seat) {
      throw new Error(`${seat}: every legal action refused; last: ${last?.rule}: ${last?.message}`);
    },
    accepted({ state: st, seat, action, events }) {
      const why = action === d!.action ? d!.why : `fallback after a refused ${d!.action.type}`;
      turnEvents.push(...events);
      o.onStep?.({ seat, action, why, events, state: st });
      if (st.turn !== turn || isOver(st)) {
        o.onTurn?.({ turn, state: st, events: turnEvents });
        if (o.turns !== undefined && turn >= o.turns && !isOver(st)) return { stop: 'turns' };
        turn = st.turn;
        turnEvents = [];
      }
      return undefined;
    },
  });
  state = played.state;
  const steps = played.steps;
  if (!isOver(state) && !(o.turns !== undefined && state.turn > o.turns))
    throw new Error(`battle not over after ${steps} steps (turn ${state.turn}, ${state.phase})`);
  const lost = { prussia: state.ledger.prussia.cpLost, austria: state.ledger.austria.cpLost };
  const prisoners = {
    prussia: state.ledger.prussia.prisoners ?? 0,
    austria: state.ledger.austria.prisoners ?? 0,
  };
  const routed = { prussia: 0, austria: 0 };
  for (const u of state.units) if (u.routed && !u.eliminated) routed[u.side] += u.cp;
  return { state, steps, lost, prisoners, routed };
}

// A tiny deterministic game for testing the service: two sides take turns; in a side's step each
// of its seats may `add` to its own total (n given, or a die rolled from the state-held RNG) and
// then sends `done`; the step ends when all the side's seats are done or timed out. The game ends
// after `rounds` rounds. With `promptForB`, side B's steps are short yes/no-style prompts.
import type {
  Action,
  ApplyResult,
  EngineEvent,
  RulesEngine,
  Seat,
  StepInfo,
} from '../../../src/app/engine-port.js';

export interface CountingState {
  round: number;
  side: 'A' | 'B';
  rounds: number;
  promptForB: boolean;
  sides: { A: Seat[]; B: Seat[] };
  totals: Record<Seat, number>;
  done: Seat[];
  added: Seat[];
  timedOut: Seat[];
  rng: number;
}

export const SCENARIOS: Record<string, { A: Seat[]; B: Seat[] }> = {
  count: { A: ['prussia', 'hanover'], B: ['austria', 'france'] },
  duel: { A: ['prussia'], B: ['austria'] },
};

export interface CountingHooks {
  /** Called inside apply, before the new state is returned (tests use it to interleave). */
  onApply?: (seat: Seat, action: Action) => void;
  /** Called when the autopilot is asked for an action. */
  onAutopilot?: (seat: Seat) => void;
}

function nextRng(x: number): number {
  return (Math.imul(x, 1103515245) + 12345) >>> 0;
}

function pending(s: CountingState): Seat[] {
  if (s.round > s.rounds) return [];
  return s.sides[s.side].filter((seat) => !s.done.includes(seat));
}

function err(rule: string, message: string, code: string): ApplyResult<CountingState> {
  return { ok: false, error: { rule, message, code } };
}

export function countingEngine(hooks: CountingHooks = {}): RulesEngine<CountingState> {
  const engine: RulesEngine<CountingState> = {
    seats: (scenario) => {
      const sc = SCENARIOS[scenario];
      return sc ? [...sc.A, ...sc.B] : undefined;
    },
    setup(scenario, seed, options) {
      const sc = SCENARIOS[scenario];
      if (!sc) throw new Error(`unknown scenario ${scenario}`);
      const totals: Record<Seat, number> = {};
      for (const seat of [...sc.A, ...sc.B]) totals[seat] = 0;
      return {
        round: 1,
        side: 'A',
        rounds: typeof options.rounds === 'number' ? options.rounds : 3,
        promptForB: options.promptForB === true,
        sides: sc,
        totals,
        done: [],
        added: [],
        timedOut: [],
        rng: seed >>> 0,
      };
    },
    apply(state, seat, action) {
      hooks.onApply?.(seat, action);
      if (state.round > state.rounds) return err('C.0', 'the game is over', 'over');
      const actor = action.type === 'timeout' ? String(action.seat) : seat;
      if (!pending(state).includes(actor))
        return err('C.1', `${actor} does not act in this step`, 'not-pending');
      const s: CountingState = structuredClone(state);
      const events: EngineEvent[] = [];
      if (action.type === 'add') {
        let n = action.n;
        if (n === undefined) {
          s.rng = nextRng(s.rng);
          n = 1 + (s.rng % 6);
        }
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10) {
          return err('C.2', 'add takes a whole number from 1 to 10', 'bad-n');
        }
        s.totals[actor] = (s.totals[actor] ?? 0) + n;
        if (!s.added.includes(actor)) s.added.push(actor);
        events.push({ type: 'added', visibility: { seats: [actor] }, seat: actor, n });
      } else if (action.type === 'done' || action.type === 'timeout') {
        s.done.push(actor);
        if (action.type === 'timeout') s.timedOut.push(actor);
        events.push({ type: action.type, visibility: 'public', seat: actor });
      } else {
        return err('C.3', `unknown action ${action.type}`, 'unknown-action');
      }
      if (pending(s).length === 0) {
        events.push({ type: 'step-ended', visibility: 'public', step: `r${s.round}-${s.side}` });
        s.done = [];
        s.added = [];
        if (s.side === 'A') s.side = 'B';
        else {
          s.side = 'A';
          s.round += 1;
        }
      }
      return { ok: true, state: s, events };
    },
    legalActions(state, seat) {
      if (!pending(state).includes(seat)) return [];
      return [{ type: 'add', n: 1 }, { type: 'add', n: 2 }, { type: 'done' }];
    },
    pendingSeats: pending,
    view(state, seat) {
      const pub = { round: state.round, side: state.side, done: [...state.done] };
      return seat === 'public' ? pub : { ...pub, seat, total: state.totals[seat] ?? 0 };
    },
    isOver: (state) => state.round > state.rounds,
    step(state): StepInfo {
      return {
        id: state.round > state.rounds ? 'over' : `r${state.round}-${state.side}`,
        kind: state.side === 'B' && state.promptForB ? 'prompt' : 'phase',
      };
    },
    autopilot(state, seat, level) {
      hooks.onAutopilot?.(seat);
      return state.added.includes(seat) ? { type: 'done' } : { type: 'add', n: level };
    },
  };
  return engine;
}

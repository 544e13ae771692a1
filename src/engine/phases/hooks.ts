// Plug point for the Combat Phase (9), the Siege Resolution Phase (13) and the Prisoner Exchange
// Phase (14). The phase machine (phases/machine.ts) calls these hooks; the stubs below let each
// phase pass straight through (no battle, no siege, no exchange). E2 replaces the stub objects with
// real implementations living in src/engine/{combat,siege,prisoners,victory}/.
//
// Contract (keep stable):
// - `actions`: zod object schemas with a literal `type` field; they join the action union in
//   actions.ts, so `apply` validates them like any core action and `ftg schema actions` prints them.
// - `enter(state)`: run once when the phase starts. `state` is a private copy: the hook may mutate it
//   and return it. Dice come from `rollDie(state)` (rng.ts).
// - `pending(state)`: seats that must still act. When it returns [] (after enter or after an
//   apply/timeout), the machine advances to the next phase.
// - `legal(state, seat)`: concrete actions for that seat now (the machine adds nothing).
// - `apply(state, seat, action)`: `state` is a private copy; return the new state and events, or
//   a RuleError (then the machine discards the copy). `done` from a seat is routed here too.
// - `timeout(state)`: the deadline passed: finish the phase with defaults (decline everything).
// State the hooks may use: state.combat (fought, besiegersFought, committed, hook: free JSON),
// state.ledger (eliminated, removed, prisoners, prisonerLeaders), state.demoralized,
// state.movement.mustAttack (5.54), state.besieged, state.rules.prisonerExchange.
import type { z } from 'zod';
import { combatPhaseHook } from '../combat/phase.js';
import { prisonerExchangePhaseHook } from '../prisoners/phase.js';
import { siegePhaseHook } from '../siege/phase.js';
import { garrisonSide } from '../state.js';
import type { GameEvent, GameState, RuleError, Seat } from '../types.js';

export interface HookAction {
  type: string;
  [key: string]: unknown;
}

export type HookStep = { ok: true; state: GameState; events: GameEvent[] };
export type HookResult = HookStep | { ok: false; error: RuleError };

export interface PhaseHook {
  readonly phase: 'combat' | 'siege' | 'prisoner-exchange';
  readonly actions: readonly z.ZodObject<{ type: z.ZodLiteral<string> } & z.ZodRawShape>[];
  enter(state: GameState): HookStep;
  pending(state: GameState): Seat[];
  legal(state: GameState, seat: Seat): HookAction[];
  apply(state: GameState, seat: Seat, action: HookAction): HookResult;
  timeout(state: GameState): HookStep;
}

function passThrough(phase: PhaseHook['phase']): PhaseHook {
  return {
    phase,
    actions: [],
    enter: (state) => ({ ok: true, state, events: [] }),
    pending: () => [],
    legal: () => [],
    apply: () => ({
      ok: false,
      error: {
        rule: '4.2',
        code: 'phase-has-no-actions',
        message: `Nothing can be done in the ${phase} phase.`,
      },
    }),
    timeout: (state) => ({ ok: true, state, events: [] }),
  };
}

/** 4.2 A6/B6 Combat Phase (9.0): src/engine/combat/phase.ts. */
export const combatHook: PhaseHook = combatPhaseHook;
/** 4.2 A7/B7 Siege Resolution Phase (13.0): src/engine/siege/phase.ts. */
export const siegeHook: PhaseHook = siegePhaseHook;
/** 4.2 C Prisoner Exchange Phase (14.1): src/engine/prisoners/phase.ts. */
export const prisonerExchangeHook: PhaseHook = prisonerExchangePhaseHook;
/** The pass-through used before the real hooks existed (kept for tests of the machine). */
export const passThroughHook = passThrough;

export const phaseHooks = { combat: combatHook, siege: siegeHook, 'prisoner-exchange': prisonerExchangeHook };

/**
 * What the views reveal beyond the allow-list (view.ts): E2 may replace `reveal` to open up
 * forces during battles. The default reveals, to both sides, every force in a hex listed in
 * state.combat.committed (9.0: committed players examine both forces in that hex) and, during
 * Combat Phases, the besiegers' strength in each besieged hex (13.14).
 */
export interface ViewHook {
  reveal(state: GameState): Array<{ hex: string; side: 'prussian-allied' | 'coalition'; to: 'both' | 'all' }>;
}

export const viewHook: ViewHook = {
  reveal(state) {
    const out: Array<{ hex: string; side: 'prussian-allied' | 'coalition'; to: 'both' | 'all' }> = [];
    if (state.phase !== 'combat') return out;
    // 9.0: a committed battle opens both forces in that hex to the two players only, for this phase.
    for (const hex of state.combat.committed) {
      out.push({ hex, side: 'prussian-allied', to: 'both' }, { hex, side: 'coalition', to: 'both' });
    }
    // 13.14: the besiegers' strength is announced openly during every Combat Phase. The besiegers
    // are the garrison's enemies: never take the side from the depot, which may have changed hands
    // mid-phase (a sortie capturing it, 10.46) and would then open the garrison instead.
    for (const hex of state.besieged) {
      const garrison = garrisonSide(state, hex);
      if (!garrison) continue;
      out.push({ hex, side: garrison === 'coalition' ? 'prussian-allied' : 'coalition', to: 'all' });
    }
    return out;
  },
};

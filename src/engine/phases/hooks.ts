// The interactive phases: the Combat Phase (9, combat/), the Siege Resolution Phase (13, siege/) and
// the Prisoner Exchange Phase (14, prisoners/). Each is a module with the kernel's PhaseModule shape
// (src/kernel/phase.ts), over this engine's state, closed action union, seats, events and map:
// - `actions`: the phase's zod schemas, exported by its actions.ts and listed in ../actions.ts, so
//   `apply` validates them like any core action and `ftg schema actions` prints them.
// - `enter(state, map)`: run once when the phase starts (state is a private copy; dice from rng.ts).
// - `pending(state)`: seats that must still act; [] lets the machine advance to the next phase.
// - `legal(state, seat, map)`: concrete actions for that seat now (the machine adds nothing).
// - `apply(state, seat, action, map)`: the new state and events, or a RuleError (the copy is then
//   discarded). `done` (and, in combat, `garrison`) from a seat is routed here too.
// - `timeout(state, map)`: the deadline passed: finish the phase with the defaults.
// Each phase keeps its own state between actions in its typed slot of state.combat.hook (PhaseSlots
// in types.ts); it may also use state.combat (fought, besiegersFought, committed), state.ledger,
// state.demoralized, state.movement.mustAttack (5.54), state.besieged, state.rules.prisonerExchange.
import type { PhaseModule, Step, StepResult } from '../../kernel/phase.js';
import type { StrategicMap } from '../../map/types.js';
import type { Action } from '../actions.js';
import { combatPhaseHook } from '../combat/phase.js';
import { prisonerExchangePhaseHook } from '../prisoners/phase.js';
import { siegePhaseHook } from '../siege/phase.js';
import { garrisonSide } from '../state.js';
import type { GameEvent, GameState, Seat } from '../types.js';

/** An action routed to a phase module: any action of the closed union (the module refuses others). */
export type HookAction = Action;

export type HookStep = Step<GameState, GameEvent>;
export type HookResult = StepResult<GameState, GameEvent>;

/** The interactive phases run by a module instead of the core movement code. */
export type HookPhase = 'combat' | 'siege' | 'prisoner-exchange';

/** A strategic phase module: the kernel's PhaseModule over this engine's state, actions and seats. */
export interface PhaseHook
  extends Omit<PhaseModule<GameState, Action, Seat, GameEvent, unknown, StrategicMap>, 'step' | 'phase'> {
  readonly phase: HookPhase;
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

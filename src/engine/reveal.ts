// What the views reveal beyond their allow-list (view.ts): 9.0 committed battles and 13.14 besiegers.
import { garrisonSide } from './state.js';
import type { GameState } from './types.js';

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

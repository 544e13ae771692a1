// 15.1 reinforcements: placed in the phasing side's Reinforcement Phase of their turn, in the
// printed hex, outside any fortress, even in an enemy-occupied hex (15.12).
import { ev } from '../events.js';
import { addLedger, addSp, sideOf } from '../state.js';
import type { GameEvent, GameState, Side } from '../types.js';

export function placeReinforcements(state: GameState, side: Side, events: GameEvent[]): void {
  for (const r of state.reinforcements) {
    // An overdue group (a scenario file starting after its turn) arrives at the first chance.
    if (r.arrived || r.turn > state.turn || sideOf(state, r.nationality) !== side) continue;
    r.arrived = true;
    if (r.sp > 0) addSp(state, r.hex, r.nationality, 'out', r.sp);
    addLedger(state.ledger.entered, r.nationality, r.sp);
    for (const id of r.leaders) {
      const l = state.leaders[id];
      if (l?.status !== 'pending') continue;
      l.status = 'map';
      l.hex = r.hex;
      l.inside = false;
    }
    if (r.depot && !state.depots[r.hex])
      state.depots[r.hex] = {
        hex: r.hex,
        owner: r.nationality,
        status: 'complete',
        placedTurn: state.turn,
        offMapLink: true,
      };
    events.push(
      ev(
        'reinforcement',
        `Reinforcements ${r.id}: ${r.sp} ${r.nationality} SP${r.leaders.length ? ` with ${r.leaders.join(', ')}` : ''}${r.depot ? ' and a depot' : ''} arrive at ${r.hex}${r.uncertain ? ' (uncertain transcription)' : ''}.`,
        undefined,
        { id: r.id, hex: r.hex, nationality: r.nationality },
      ),
    );
  }
}

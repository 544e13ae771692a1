// 11.2 morale recovery: one die per demoralized force of the phasing side; die + the printed
// Initiative of its commander (11.13 note) of 7 or more removes the marker.
import { ev } from '../events.js';
import { rollDie } from '../rng.js';
import { commanderOf } from '../state.js';
import type { GameEvent, GameState, Side } from '../types.js';

export const MORALE_RECOVERY_TARGET = 7;

export function recoverMorale(state: GameState, side: Side, events: GameEvent[]): void {
  for (const hex of [...state.demoralized[side]].sort()) {
    const cmd = commanderOf(state, hex, side);
    const init = cmd?.initiative ?? 0;
    const die = rollDie(state);
    const ok = die + init >= MORALE_RECOVERY_TARGET;
    if (ok) state.demoralized[side] = state.demoralized[side].filter((h) => h !== hex);
    events.push(
      ev(
        ok ? 'morale-recovered' : 'morale-not-recovered',
        `Morale at ${hex}: die ${die} + Initiative ${init}${cmd ? ` (${cmd.name})` : ''} = ${die + init}: ${ok ? 'recovered' : 'still demoralized'}.`,
        undefined,
        { hex, die, initiative: init },
      ),
    );
  }
}

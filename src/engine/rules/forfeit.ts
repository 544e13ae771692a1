// 14.15: Frederick (the #1 Prussian leader) is never exchanged; once he is a prisoner the Allied
// player may forfeit, which ends the game as a decisive Coalition victory (scored in victory/).
import type { GameState, Seat } from '../types.js';

/** The id of the #1 ranked Prussian leader in this game, if the scenario has one. */
export function frederickId(state: GameState): string | undefined {
  return Object.values(state.leaders).find((l) => l.nationality === 'prussia' && l.rank === 1)?.id;
}

/**
 * Whether `seat` may forfeit now (ruling 14.15): the Prussian seat speaks for the Allied player,
 * at any moment while Frederick is held prisoner and the game is not over.
 */
export function forfeitAvailable(state: GameState, seat: Seat): boolean {
  if (state.over || seat !== 'prussia') return false;
  const id = frederickId(state);
  return id !== undefined && state.leaders[id]?.status === 'captured';
}

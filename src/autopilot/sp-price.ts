// What one more SP lost costs this seat's side in Victory Points (17.0 as ruled in docs/rulings.md):
// one VP for every SP eliminated or held prisoner, and for the Prussian-Allied side one more for
// each SP beyond twenty. The expert (`price`) charges its own losses by it.
//
// Why: the 1761 expert allies lost 30 SP a game against 22 for the standard level, and past twenty
// paid 17 VP more for them (docs/balance.md, "The price of an SP"). Only the count so far is used,
// not a forecast of the losses still to come: charging every SP from turn 1 as if the side would
// pass twenty turned Frederick away from the battles that win 1760 (tried, not kept).
import type { Board } from './board.js';

/** 17.0: beyond this many SP lost, each further Allied SP costs two VP. */
export const ALLIED_LOSS_THRESHOLD = 20;

/** SP this seat's side has lost so far as 17.0 counts them (eliminated, and prisoners not exchanged). */
export function lostSoFar(board: Board): number {
  return (board.eliminated[board.side] ?? 0) + (board.heldPrisoners ?? 0);
}

/**
 * VP beyond one a SP that losing `sp` more SP costs this seat's side (17.0): none for the Coalition;
 * for the allies, one for each of those SP that falls beyond the threshold.
 */
export function extraLossVp(board: Board, sp: number): number {
  if (board.side !== 'prussian-allied' || sp <= 0) return 0;
  const lost = lostSoFar(board);
  return Math.max(0, lost + sp - ALLIED_LOSS_THRESHOLD) - Math.max(0, lost - ALLIED_LOSS_THRESHOLD);
}

/**
 * Whether the expert counts the SP that winter takes from every force in the open (16.31) too dear
 * to campaign on: an army not besieging takes winter quarters a turn ahead and a depot keeps one
 * guard SP (plan.ts, decide.ts). For the allies once past twenty lost (two VP each); for the
 * Coalition always: its expert armies campaigning into the winter lost two SP a game more than the
 * standard level's and beat it in 43% of games, 50% with this (docs/balance.md, "Winter quarters").
 */
export function winterDear(board: Board): boolean {
  return board.side === 'coalition' || extraLossVp(board, 1) > 0;
}

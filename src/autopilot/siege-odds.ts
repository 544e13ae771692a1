// What one siege roll promises (13.0, 13.2, 13.32), read from the engine's reconstructed Siege
// Resolution Table (assets/tables/siege.json) with the garrison's modifier as the seat knows it.
// Public data and the view only.
//
// The counters inside a fortress hide who commands there (12.11), but every siege roll is announced
// with the die and the modified roll (13.0), so after one roll both players know what comes off
// each roll: the commander's Initiative. On the reconstructed table a modifier of 2 leaves no roll
// that breaches and half of them cost the besiegers an SP (13.32): an army that sits down before
// such a fortress loses its campaign (1760, hold against expert, seed 1: Daun's 33 SP rolled from
// turn 8 to 15 at Breslau under Kleist, Initiative 2, and lost four SP to sorties).
import type { HexId } from '../engine/index.js';
import { rollSiege } from '../engine/index.js';
import { type Board, otherSideOf } from './board.js';

export interface SiegeChances {
  /** Chance that one roll breaches (13.33 follows). */
  breach: number;
  /** Chance that one roll costs the besiegers an SP (13.32). */
  loss: number;
  /** The modifier each roll gets, when a roll announced it (absent: not yet known, 0 assumed). */
  known?: number;
}

function chances(modifier: number): { breach: number; loss: number } {
  let breach = 0;
  let loss = 0;
  for (let die = 1; die <= 6; die++) {
    const r = rollSiege({ die, garrisonInitiative: modifier, fortifiedCamp: false });
    if ('error' in r) continue;
    if (r.result === 'breach') breach += 1 / 6;
    else if (r.result === 'attacker-loss') loss += 1 / 6;
  }
  return { breach, loss };
}

/** Breach chance against a leaderless garrison: the yardstick a siege's worth is measured by. */
export const LEADERLESS_BREACH = chances(0).breach;

const byModifier = new Map<number, { breach: number; loss: number }>();

/**
 * Turns a roll's modifier is trusted. The commander it showed may walk out once the siege is lifted
 * (12.22) and no one sees who is inside (12.11): after this long without a roll the garrison counts
 * as unknown again, so an opponent cannot keep the autopilot away from a fortress for the rest of
 * the game by showing it a good commander once.
 */
export const SIEGE_MEMORY_TURNS = 4;

/**
 * The chances of one roll against the enemy garrison in `hex`: with the modifier the last announced
 * roll there showed while the enemy held it, in the last SIEGE_MEMORY_TURNS turns; else as against
 * a leaderless garrison (the first roll tells).
 */
export function siegeChances(board: Board, hex: HexId): SiegeChances {
  const seen = board.siegeModifiers?.get(hex);
  const known =
    seen && seen.garrison === otherSideOf(board.side) && board.turn - seen.turn <= SIEGE_MEMORY_TURNS
      ? seen.modifier
      : undefined;
  const m = known ?? 0;
  let c = byModifier.get(m);
  if (!c) {
    c = chances(m);
    byModifier.set(m, c);
  }
  return known === undefined ? { ...c } : { ...c, known };
}

/**
 * A siege of `hex` against one of a leaderless garrison: 1 as good, 0.5 when each roll breaches half
 * as often (twice the turns before it falls), 0 when no roll can breach.
 */
export function siegeWorth(board: Board, hex: HexId): number {
  return LEADERLESS_BREACH > 0 ? Math.min(1, siegeChances(board, hex).breach / LEADERLESS_BREACH) : 1;
}

// Which of our hexes an enemy could strike next turn, from public positions and this seat's own
// estimates of hidden strengths: a leader alone there is taken the moment an enemy combat unit
// enters (8.31), and a stack an enemy four times its strength reaches may be overrun whole (5.5).

import type { HexId } from '../engine/index.js';
import { type Board, estimateEnemyOut, friendSp } from './board.js';
import { marchDistanceFrom } from './geometry.js';

/**
 * MP an enemy combat stack may spend reaching a hex next turn: 5.1 caps the allowance at 6, and
 * entering a hex we occupy costs one more (5.41).
 */
export const ENEMY_REACH_MP = 5;

const reachCache = new WeakMap<Board, Map<string, boolean>>();

/** Whether an enemy combat stack estimated at `atLeast` SP or more could enter `hex` in its next March Phase. */
export function inEnemyReach(board: Board, hex: HexId, atLeast: number): boolean {
  let memo = reachCache.get(board);
  if (!memo) {
    memo = new Map();
    reachCache.set(board, memo);
  }
  const key = `${hex}|${atLeast}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let reached = false;
  for (const [eh, e] of board.enemies) {
    if (!e.hasCombat || estimateEnemyOut(e) < atLeast) continue;
    if ((marchDistanceFrom(board.map, eh, ENEMY_REACH_MP).get(hex) ?? 99) <= ENEMY_REACH_MP) {
      reached = true;
      break;
    }
  }
  memo.set(key, reached);
  return reached;
}

/**
 * Whether our force in `hex`, with `extra` SP more, could be taken next turn: with no SP by any
 * enemy combat unit that reaches it (8.31), otherwise by one four times as strong (5.5).
 */
export function overrunRisk(board: Board, hex: HexId, extra = 0): boolean {
  const ours = friendSp(board, hex, 'all') + extra;
  return inEnemyReach(board, hex, ours === 0 ? 0.5 : 4 * ours);
}

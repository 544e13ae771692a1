// `proof` (the expert): the depot line of a siege made ready for the winter.
//
// A siege is on only while the besiegers' depot in the fortress hex is supplied (13.12), and a
// field depot feeds only while an SP stands in it (10.12 B). The depots an army leaves early in
// the year keep a guard of one SP (decide.ts `depotGuardSp`), and the first winter Attrition Phase
// takes one SP from every force outside a fortress (16.31): the guard dies, the line feeds nothing
// and the siege is off with the army still before the fortress (1761 seed 7, the expert allies
// against hold: Frederick before Olmutz lost his line when the guard at 1235, left on turn 2, died
// on turn 16; docs/balance.md, "Siege lines in the first winter"). In the last March Phases before
// its side's first winter attrition, a subordinate of the besieging army marches back with the SP
// the thinnest such guard needs to outlast the winter's rolls.
import type { Action, HexId, MarchAction } from '../engine/index.js';
import { isWinterTurn } from '../engine/index.js';
import { type Board, friendSp } from './board.js';
import { keeps537 } from './command-limit.js';
import { type SupplyPicture, supplyPicture } from './geometry.js';
import { siegeWorth } from './siege-odds.js';
import { marchesBeforeWinter } from './winter-fetch.js';

/** A manned field depot a winter siege hangs on; its guard is thin while `have` < `need`. */
export interface LineGuard {
  /** The besieged fortress. */
  fort: HexId;
  /** The field depot on its line. */
  depot: HexId;
  /** SP the guard needs. */
  need: number;
  /** SP of the side outside there now. */
  have: number;
}

/**
 * SP a depot guard needs to keep a siege supplied up to its last roll: one for each winter
 * Attrition Phase of the side that comes before a siege roll of the side, and one to stand. The
 * Coalition's come in the Prussian player-turn, before its own Siege Phase (sequence of play A.8),
 * so each of its winter turns counts; the allies' come after theirs, so their last turn does not.
 */
export function winterGuardNeed(board: Board): number {
  let n = 0;
  for (let t = Math.max(board.turn, 1); t <= board.lastTurn; t++)
    if (isWinterTurn(t) && (board.side === 'coalition' || t < board.lastTurn)) n++;
  return 1 + n;
}

/**
 * The side's sieges that are on (13.12-13.13) with four SP or more before the fortress and a roll
 * worth making (siege-odds.ts), and for each the manned field depots of its line (emptied, the
 * fortress hex would no longer be supplied), with the SP their guards need (`winterGuardNeed`).
 * Only in the last March Phases before the side's first winter attrition (winter-fetch.ts); else
 * none. Reads the view only: own depots and SP, and the besieged flags every view shows.
 */
export function siegeLines(board: Board, supply: SupplyPicture): LineGuard[] {
  if (marchesBeforeWinter(board) === 0) return [];
  const sieges = [...(board.besieged ?? [])]
    .filter(
      (h) =>
        board.depots.some((d) => d.hex === h && d.side === board.side) &&
        friendSp(board, h, 'out') >= 4 &&
        siegeWorth(board, h) > 0 &&
        supply.supplied.has(h),
    )
    .sort();
  if (sieges.length === 0) return [];
  const need = winterGuardNeed(board);
  const out: LineGuard[] = [];
  for (const d of board.depots) {
    if (d.side !== board.side || d.status !== 'complete' || board.map.fortress(d.hex)) continue;
    if (board.enemies.has(d.hex)) continue;
    const have = friendSp(board, d.hex, 'out');
    if (have <= 0) continue;
    const after = supplyPicture(board, board.side, d.hex);
    for (const f of sieges) if (!after.supplied.has(f)) out.push({ fort: f, depot: d.hex, need, have });
  }
  return out.sort(
    (a, b) => a.have - b.have || a.depot.localeCompare(b.depot) || a.fort.localeCompare(b.fort),
  );
}

/** Whether `a` is the march `reinforce` plans for its leader. */
export function isReinforcement(
  a: MarchAction,
  reinforce: ReadonlyMap<string, { hex: HexId; sp: number; from: HexId }>,
): boolean {
  const r = reinforce.get(a.leader);
  return r !== undefined && a.path.at(-1) === r.hex && a.take?.sp === r.sp && !a.take.leaders?.length;
}

/**
 * The march of a subordinate sent back to a thin guard (`Plan.reinforce`): each listed march of his
 * that ends on the depot, taking just the SP the guard lacks (5.35) if 5.37 allows it.
 */
export function reinforceMarches(
  board: Board,
  legal: readonly Action[],
  reinforce: ReadonlyMap<string, { hex: HexId; sp: number; from: HexId }>,
): MarchAction[] {
  const out: MarchAction[] = [];
  if (reinforce.size === 0) return out;
  for (const a of legal) {
    if (a.type !== 'march' || a.overwhelm || a.stops?.length || board.active) continue;
    const r = reinforce.get(a.leader);
    if (!r || a.path.at(-1) !== r.hex || (a.take?.sp ?? 0) < r.sp) continue;
    if (!keeps537(board, a.leader, r.from, r.hex, r.sp)) continue;
    out.push({ type: 'march', leader: a.leader, path: a.path, take: { sp: r.sp } });
  }
  return out;
}

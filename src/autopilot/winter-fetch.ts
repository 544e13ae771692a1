// `fetch` (the expert): depot guards brought in before winter.
//
// An army that marches off a field depot leaves an SP on it (10.12 B: the depot feeds only while
// manned; decide.ts `splitMarches`). Such a guard has no leader, and SP without a leader cannot
// march (5.3), so when the armies go into winter quarters the guards stay where they stood and the
// first winter Attrition Phase takes each one (16.31): one VP each (17.0). In 1757-1762 the
// Coalition expert lost two to seven SP a game so (docs/balance.md, "Depot guards fetched in").
// A leader with no SP of his own to command, usually a subordinate walking to quarters he does not
// need (leaders suffer no attrition, 16.31), can march to such a guard, take it along (5.35) and
// bring it into a fortress (16.21) before the side's first winter Attrition Phase.
import type { Action, HexId, MarchAction } from '../engine/index.js';
import { isWinterTurn } from '../engine/index.js';
import { type Board, type BoardLeader, fortressHolder } from './board.js';
import { commandLimitHolds } from './command-limit.js';
import { type SupplyPicture, supplyPicture } from './geometry.js';

/** A guard this small is a depot guard, not a force with a purpose of its own. */
export const STRAY_SP = 3;

/**
 * The last turn whose March Phase still brings a force into winter quarters before its side's
 * first winter Attrition Phase. The Coalition's falls in the Prussian player-turn of the first
 * winter turn (sequence of play A.8, attrition of the non-phasing side), before its own March
 * Phase; the allies' comes after theirs.
 */
export function lastDryMarch(board: Board): number {
  let first = board.turn;
  while (first <= board.lastTurn && !isWinterTurn(first)) first++;
  return board.side === 'coalition' ? first - 1 : first;
}

/**
 * How many March Phases ahead of the first winter attrition guards are fetched: a leader needs one
 * to reach the guard and one to bring it in, and before that the armies still campaign on the
 * depots.
 */
export const FETCH_MARCHES = 3;

/**
 * March Phases left (this one included) before the side's first winter attrition, when that is at
 * most FETCH_MARCHES; otherwise 0.
 */
export function marchesBeforeWinter(board: Board): number {
  const last = lastDryMarch(board);
  const left = last - board.turn + 1;
  return left >= 1 && left <= FETCH_MARCHES && last < board.lastTurn ? left : 0;
}

/**
 * Hexes where this seat's SP stand outside on a complete field depot of its side with no leader of
 * the seat's nationality (but the one moving now): guards no one there can march away (5.3).
 */
export function strayGuards(board: Board): HexId[] {
  const out: HexId[] = [];
  for (const [hex, s] of board.friends) {
    const own = s.outByNat[board.seat] ?? 0;
    if (own <= 0 || own > STRAY_SP || board.enemies.has(hex) || board.map.fortress(hex)) continue;
    // A leader moving now (5.53 A) stands there only in passing.
    if (s.leaders.some((l) => l.nationality === board.seat && !l.inside && l.id !== board.active?.leader))
      continue;
    if (!board.depots.some((d) => d.hex === hex && d.side === board.side && d.status === 'complete'))
      continue;
    out.push(hex);
  }
  return out.sort();
}

/**
 * Whether a guard's depot still feeds a force that is not itself a depot guard: emptied, some own
 * hex with SP outside that is supplied now would not be (10.12 B, 10.22). Such a guard stays: an
 * army kept in the field by a siege (13.2) or on its way home needs it more than its one SP. A force
 * standing before a fortress of its side needs it no longer: it goes inside for the winter.
 */
export function depotNeeded(
  board: Board,
  hex: HexId,
  now: SupplyPicture,
  guards: ReadonlySet<HexId>,
): boolean {
  const after = supplyPicture(board, board.side, hex);
  for (const [h, s] of board.friends) {
    if (h === hex || guards.has(h) || (s.out ?? 0) <= 0) continue;
    // A force before an own fortress goes inside for the winter (16.21) before its attrition.
    if (board.map.fortress(h) && fortressHolder(board, h) === board.side) continue;
    if (now.supplied.has(h) && !after.supplied.has(h)) return true;
  }
  return false;
}

/**
 * Copies of the listed marches that pick up a fetchable depot guard on the way (5.35: at any hex of
 * the path, the start hex of a move being continued included, 5.53 A), for forces of this seat
 * before the first winter attrition. The supreme commander of a nationality and any Prussian leader
 * may (5.37 binds neither); a subordinate only with no SP of his own, so that the limit can be
 * checked as a move of the guard's SP to the march's end (`commandLimitHolds`).
 */
export function pickUps(
  board: Board,
  legal: readonly Action[],
  fetchable: ReadonlySet<HexId>,
): MarchAction[] {
  const out: MarchAction[] = [];
  if (fetchable.size === 0) return out;
  for (const a of legal) {
    if (a.type !== 'march' || a.overwhelm || a.stops?.length) continue;
    const active = board.active?.leader === a.leader ? board.active : null;
    if (board.active && !active) continue;
    let start: HexId | undefined;
    let mover: BoardLeader | undefined;
    for (const [h, s] of board.friends)
      for (const l of s.leaders)
        if (l.id === a.leader) {
          start = h;
          mover = l;
        }
    if (active) start = active.hex;
    const end = a.path.at(-1);
    if (!start || !mover || !end || mover.nationality !== board.seat) continue;
    const own = active ? active.sp + (a.take?.sp ?? 0) : (a.take?.sp ?? 0);
    // 5.37 binds subordinates only: the supreme commander may gather any SP of his nationality.
    const supreme = ![...board.friends.values()].some((s) =>
      s.leaders.some((l) => l.nationality === mover.nationality && l.rank < mover.rank),
    );
    if (own > 0 && mover.nationality !== 'prussia' && !supreme) continue;
    const stops: NonNullable<MarchAction['stops']> = [];
    let picked = 0;
    // The start hex counts only for a move being continued: a new move takes its start hex's SP
    // with `take`, which the listed marches already offer.
    const hexes = active ? [start, ...a.path] : a.path;
    for (const h of hexes) {
      if (!fetchable.has(h) || board.enemies.has(h)) continue;
      // The SP moving with a force that continues its move stand in its hex but are not a guard
      // to pick up (5.36: they have moved).
      const sp = (board.friends.get(h)?.outByNat[board.seat] ?? 0) - (active && h === start ? active.sp : 0);
      if (sp <= 0) continue;
      if (!supreme && !commandLimitHolds(board, a.leader, h, end, picked + sp)) continue;
      // One pick-up a march: the 5.37 check above models one SP move, not several.
      stops.push({ hex: h, pick: { sp } });
      picked += sp;
      break;
    }
    if (picked > 0) out.push({ ...a, stops });
  }
  return out;
}

/** SP a march picks up at its stops (5.35). */
export function pickedSp(a: MarchAction): number {
  let n = 0;
  for (const s of a.stops ?? []) n += s.pick?.sp ?? 0;
  return n;
}

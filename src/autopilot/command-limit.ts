// 5.37 on the seat's own forces: no subordinate of a nationality may command more of its SP than
// its supreme commander (Prussia is exempt). The engine refuses a march that breaks it; the
// autopilot checks it itself where it builds a march the engine did not list (a split march
// leaving a depot guard, decide.ts) and where it plans which army marches at all (campaign.ts): a
// supreme commander whose subordinate commands as many SP as he does cannot march without all of
// his (docs/rulings.md, 5.37: the SP inside his fortress count at rest, not once he marches off).
import type { HexId, Nationality } from '../engine/index.js';
import type { Board, BoardLeader } from './board.js';

/** SP of a nationality in a hex, inside and outside (all own SP are visible to the seat). */
function natSp(board: Board, hex: HexId, nat: Nationality): number {
  const s = board.friends.get(hex);
  return (s?.outByNat[nat] ?? 0) + (s?.inByNat[nat] ?? 0);
}

/** A hex id off every map: "a destination with no SP of the nationality" (as the engine uses). */
export const EMPTY_HEX: HexId = '0000';

/**
 * The command arithmetic of 5.37 alone: would moving `take` SP of leader `id` from `from` to `to`
 * (leaving the rest) make any subordinate command more SP of his nationality over the supreme
 * commander than before?
 */
export function commandLimitHolds(board: Board, id: string, from: HexId, to: HexId, take: number): boolean {
  let mover: BoardLeader | undefined;
  const all: Array<{ l: BoardLeader; hex: HexId }> = [];
  for (const [hex, s] of board.friends)
    for (const l of s.leaders) {
      if (l.id === id) mover = l;
      all.push({ l, hex });
    }
  if (!mover) return false;
  const nat = mover.nationality;
  if (nat === 'prussia') return true;
  const mine = all.filter((x) => x.l.nationality === nat);
  const sup = mine.reduce<(typeof mine)[number] | undefined>(
    (b, x) => (!b || x.l.rank < b.l.rank ? x : b),
    undefined,
  );
  if (!sup) return false;
  const full = natSp(board, from, nat);
  const excess = (after: boolean): Map<string, number> => {
    const sp = (h: HexId) => {
      let n = natSp(board, h, nat);
      if (after && h === from) n -= take;
      if (after && h === to) n += take;
      return n;
    };
    const hexOf = (x: (typeof mine)[number]) => (after && x.l.id === id ? to : x.hex);
    const supHex = hexOf(sup);
    const supSp = after && sup.l.id === id ? take : sp(supHex);
    const best = new Map<HexId, BoardLeader>();
    for (const x of mine) {
      const h = hexOf(x);
      if (h === supHex) continue;
      const b = best.get(h);
      if (!b || x.l.rank < b.rank) best.set(h, x.l);
    }
    const out = new Map<string, number>();
    for (const [h, l] of best) if (sp(h) - supSp > 0) out.set(l.id, sp(h) - supSp);
    return out;
  };
  if (take > full) return false;
  const before = excess(false);
  for (const [lid, e] of excess(true)) if (e > (before.get(lid) ?? 0)) return false;
  return true;
}

/**
 * 5.37 as the engine will judge a march the autopilot builds now: the command arithmetic, and no
 * split while another force of the nationality is still moving (it may be passing through the
 * supreme commander's hex, and the engine then counts his SP without it).
 */
export function keeps537(board: Board, id: string, from: HexId, to: HexId, take: number): boolean {
  if (board.active && board.active.leader !== id) {
    let other: BoardLeader | undefined;
    let mover: BoardLeader | undefined;
    for (const s of board.friends.values())
      for (const l of s.leaders) {
        if (l.id === board.active.leader) other = l;
        if (l.id === id) mover = l;
      }
    if (mover && mover.nationality !== 'prussia' && (!other || other.nationality === mover.nationality))
      return false;
  }
  return commandLimitHolds(board, id, from, to, take);
}

/**
 * Can this leader march off with `sp` of the SP he commands (the rest stays where it is)? Not a
 * supreme commander with SP of his inside the fortress while a subordinate elsewhere commands as
 * many as he does (1761: Daun's 21 SP outside Dresden and one inside against Loudoun's 22 at
 * Koniggratz), nor one who would leave a depot guard behind while a subordinate commands all but
 * one of his SP.
 */
export function canMarchOff(board: Board, id: string, hex: HexId, sp: number): boolean {
  return sp > 0 && commandLimitHolds(board, id, hex, EMPTY_HEX, sp);
}

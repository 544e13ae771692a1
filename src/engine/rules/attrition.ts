// Attrition Phase of the non-phasing side: 10.61 one SP per hex of unsupplied friendly units, and
// 16.31 in winter one SP more per force not in winter quarters (i.e. outside a fortress).
import type { StrategicMap } from '../../map/types.js';
import { ev, toSides } from '../events.js';
import { addLedger, addSp, isWinterTurn, otherSide, sideSp } from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, Side } from '../types.js';
import { NATIONALITIES } from '../types.js';
import { computeSupply } from './supply.js';

/** Remove one SP of `side` from a hex: outside first, from the largest nationality (rulings 10.61). */
function eliminateOne(state: GameState, hex: HexId, side: Side, preferOut: boolean): Nationality | undefined {
  const hf = state.forces[hex] ?? {};
  const order: Array<'out' | 'in'> = preferOut ? ['out', 'in'] : ['in', 'out'];
  for (const where of order) {
    let best: Nationality | undefined;
    let bestSp = 0;
    for (const nat of NATIONALITIES) {
      if (state.seatSide[nat] !== side) continue;
      const sp = hf[nat]?.[where] ?? 0;
      if (sp > bestSp) {
        best = nat;
        bestSp = sp;
      }
    }
    if (best) {
      addSp(state, hex, best, where, -1);
      addLedger(state.ledger.eliminated, best, 1);
      return best;
    }
  }
  return undefined;
}

export function attrition(state: GameState, map: StrategicMap, side: Side, events: GameEvent[]): void {
  const supply = computeSupply(state, map, side);
  const hexes = Object.keys(state.forces)
    .filter((h) => sideSp(state, h, side) > 0)
    .sort();
  const winter = isWinterTurn(state.turn);
  for (const hex of hexes) {
    if (!supply.supplied.has(hex)) {
      const nat = eliminateOne(state, hex, side, true);
      if (nat)
        events.push(
          ev('attrition-supply', `Out of supply at ${hex}: one ${nat} SP is lost.`, toSides(side), {
            hex,
            nat,
          }),
        );
    }
    // 16.31: units inside a fortress in winter are in winter quarters (16.21); the rest lose one SP.
    if (winter && sideSp(state, hex, side, 'out') > 0) {
      const nat = eliminateOne(state, hex, side, true);
      if (nat)
        events.push(
          ev('attrition-winter', `Winter attrition at ${hex}: one ${nat} SP is lost.`, toSides(side), {
            hex,
            nat,
          }),
        );
    }
  }
  events.push(
    ev('attrition-done', `Attrition Phase of the ${side} side resolved.`, toSides(side, otherSide(side))),
  );
}

// When a fortress is besieged: 13.11-13.13 (with 10.12 for an operative depot, 12.13 garrisons).
import type { Side } from '../combat/types.js';

export interface FortressHexFacts {
  /** Side whose units are inside the fortress (12.13: never both); undefined if ungarrisoned. */
  garrisonSide: Side | undefined;
  /** The depot in the hex, if any (7.0: at most one). */
  depot?: {
    /** 10.13: the side controlling the depot. */
    side: Side;
    /** 10.41: construction finished on a previous Depot Creation Phase. */
    complete: boolean;
    /** 10.43: a friendly supply path reaches the depot's hex. */
    supplied: boolean;
  };
  /** SP of each side in the hex outside the fortress (10.12 B: the depot needs a friendly SP with it). */
  outsideSp: Readonly<Record<Side, number>>;
}

/** 13.11-13.13: the side besieging this fortress right now, or undefined when it is not besieged. */
export function besiegingSide(f: FortressHexFacts): Side | undefined {
  const g = f.garrisonSide;
  const d = f.depot;
  if (!g || !d) return undefined; // 13.11: only enemy-garrisoned fortresses
  if (d.side === g) return undefined;
  if (!d.complete || !d.supplied) return undefined; // 13.12: completed and supplied
  if ((f.outsideSp[d.side] ?? 0) < 1) return undefined; // 10.12 B: operative only with a friendly SP
  return d.side;
}

export function isBesieged(f: FortressHexFacts): boolean {
  return besiegingSide(f) !== undefined;
}

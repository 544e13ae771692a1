// Hex-number arithmetic the engine needs (map-facts.md): `RRCC`, rows counted from the south,
// even rows shifted half a hex east. Kept here (pure, tiny) so the engine does not depend on the
// map module's helper names; it agrees with the map contract's adjacency.
import type { HexId } from './types.js';

export function parseHex(hex: HexId): { r: number; c: number } {
  return { r: Number(hex.slice(0, 2)), c: Number(hex.slice(2, 4)) };
}

export function hexId(r: number, c: number): HexId {
  return `${String(r).padStart(2, '0')}${String(c).padStart(2, '0')}`;
}

/** The six neighbours of a hex (may fall off the map; callers check `onMap`). */
export function neighbours(hex: HexId): HexId[] {
  const { r, c } = parseHex(hex);
  const out: Array<[number, number]> =
    r % 2 === 0
      ? [
          [r + 1, c + 1],
          [r + 1, c],
          [r, c + 1],
          [r, c - 1],
          [r - 1, c + 1],
          [r - 1, c],
        ]
      : [
          [r + 1, c],
          [r + 1, c - 1],
          [r, c + 1],
          [r, c - 1],
          [r - 1, c],
          [r - 1, c - 1],
        ];
  return out
    .filter(([rr, cc]) => rr >= 0 && rr <= 99 && cc >= 0 && cc <= 99)
    .map(([rr, cc]) => hexId(rr, cc));
}

export function isAdjacent(a: HexId, b: HexId): boolean {
  return neighbours(a).includes(b);
}

// 6.0 Zones of Control: only Austrian combat units have one, and it matters only to
// Prussian-Allied supply paths (6.11 second case, 10.32).

import { adjacentHexes } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import { otherSide, sideOccupies } from '../state.js';
import type { GameState, HexId } from '../types.js';
import { hexsideOpen } from './terrain.js';

/** The set of hexes in an Austrian Zone of Control. */
export function austrianZoc(state: GameState, map: StrategicMap): Set<HexId> {
  const zoc = new Set<HexId>();
  for (const [hex, hf] of Object.entries(state.forces)) {
    const a = hf.austria;
    // 6.33 / 12.5: Austrians inside a fortress have no ZOC; only those outside project one.
    if (!a || a.out <= 0) continue;
    const austriaSide = state.seatSide.austria;
    const enemy = otherSide(austriaSide);
    // 6.32: no ZOC out of a hex the enemy also occupies.
    if (sideOccupies(state, hex, enemy)) continue;
    for (const n of adjacentHexes(hex)) {
      if (!map.onMap(n)) continue;
      // 6.21: never into all-sea hexes, nor across sea, lake or unpassed mountain hexsides.
      if (map.terrain(n) === 'sea') continue;
      if (!hexsideOpen(map, hex, n)) continue;
      // 6.31: not into enemy-occupied hexes (friendly units there negate it).
      if (sideOccupies(state, n, enemy)) continue;
      zoc.add(n);
    }
  }
  return zoc;
}

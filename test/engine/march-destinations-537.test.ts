// 5.37 in the legal march destinations: marchDestinations asks the rule once for all the hexes that
// hold no leader, active force or SP of the marching nationality (destinations.ts), since the
// verdict cannot differ between such hexes. Checked here against asking it at every destination.
import { describe, expect, it } from 'vitest';
import { engineMap, setup } from '../../src/engine/index.js';
import { marchDestinations } from '../../src/engine/rules/destinations.js';
import { check537, commandExcess, hypotheticalMove } from '../../src/engine/rules/movement.js';
import { reachable, reachQueryFor } from '../../src/engine/rules/reach.js';
import { nationSp, supremeCommander } from '../../src/engine/state.js';
import type { GameState, LeaderState } from '../../src/engine/types.js';

const map = engineMap();
const SCENARIOS = ['1756', '1757', '1758', '1759', '1760', '1761', '1762'] as const;

/** The destinations 5.37 allows, asked at each one (the definition the shortcut must match). */
function oneByOne(state: GameState, l: LeaderState, sp: number): string[] {
  const before = commandExcess(state, l.nationality);
  const reach = reachable(state, map, reachQueryFor(state, map, l, undefined, 6));
  return [...reach.keys()]
    .filter((d) => !check537(state, hypotheticalMove(state, l, undefined, d, sp), l.nationality, before))
    .sort();
}

function compareAll(state: GameState): { leaders: number; refused: number } {
  let leaders = 0;
  let refused = 0;
  for (const l of Object.values(state.leaders)) {
    if (l.status !== 'map' || !l.hex || l.inside || l.nationality === 'prussia') continue;
    const sp = nationSp(state, l.hex, l.nationality).out;
    const fast = [
      ...new Set(marchDestinations(state, map, l, undefined, 6, sp).map((d) => d.path.at(-1))),
    ].sort();
    const slow = oneByOne(state, l, sp);
    expect(fast, `${l.id} at ${l.hex}`).toEqual(slow);
    leaders++;
    refused += reachable(state, map, reachQueryFor(state, map, l, undefined, 6)).size - slow.length;
  }
  return { leaders, refused };
}

describe('5.37: march destinations', () => {
  it('5.37: the destinations offered are those the rule allows one by one, in every scenario set-up', () => {
    let leaders = 0;
    for (const id of SCENARIOS) leaders += compareAll(setup(id, 1, { map })).leaders;
    expect(leaders).toBeGreaterThan(20);
  });

  it('5.37: the same with each supreme commander left with one SP, where the rule refuses marches', () => {
    let refused = 0;
    for (const id of SCENARIOS) {
      const s = setup(id, 1, { map });
      for (const nat of ['austria', 'russia', 'france', 'sweden', 'empire', 'hanover'] as const) {
        const sup = supremeCommander(s, nat);
        const here = sup?.hex ? s.forces[sup.hex]?.[nat] : undefined;
        if (here && here.out > 1) here.out = 1;
      }
      refused += compareAll(s).refused;
    }
    // The case the shortcut matters for: marches 5.37 forbids (to empty hexes and to others).
    expect(refused).toBeGreaterThan(0);
  });
});

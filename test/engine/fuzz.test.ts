// A short fuzz run inside `npm test`: every scenario, one seed, on the committed map. The full run
// is `npm run fuzz` (ftg fuzz).
import { describe, expect, it } from 'vitest';
import { checkInvariants, fuzzGame } from '../../src/engine/fuzz.js';
import { setup, useMap } from '../../src/engine/index.js';
import { SCENARIO_IDS } from '../../src/engine/types.js';
import { loadMap } from '../../src/map/strategic-map.js';

useMap(loadMap());

describe('fuzz: random legal play to the end of every scenario', () => {
  it.each(SCENARIO_IDS)(
    'scenario %s, seed 11: invariants hold, never stuck, ends, replays identically',
    (id) => {
      const r = fuzzGame({ scenario: id, seed: 11, doneBias: 0.75, actionsPerStep: 1 });
      expect(r.failures).toEqual([]);
      expect(r.over).not.toBeNull();
    },
  );

  it('checkInvariants can fail: a lost SP breaks conservation', () => {
    const s = setup('1757', 1);
    expect(checkInvariants(s)).toEqual([]);
    s.forces['1623']!.prussia!.out -= 1;
    expect(checkInvariants(s).join()).toContain('SP conservation for prussia');
  });
});

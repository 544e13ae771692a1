import { beforeEach, describe, expect, it } from 'vitest';
import { commanderOf, supremeCommander } from '../../src/engine/state.js';
import { act, ok, start, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

describe('8 leaders', () => {
  it('8.12: the supreme commander is the lowest rank number on the map', () => {
    const s = start([
      { nationality: 'austria', hex: '1125', sp: 5, leaders: [{ id: 'browne', rank: 3 }] },
      { nationality: 'austria', hex: '1230', sp: 5, leaders: [{ id: 'daun', rank: 2 }] },
      { nationality: 'prussia', hex: '1623', sp: 5 },
    ]);
    expect(supremeCommander(s, 'austria')?.id).toBe('daun');
    s.leaders.daun!.status = 'captured';
    s.leaders.daun!.hex = null;
    expect(supremeCommander(s, 'austria')?.id).toBe('browne');
  });

  it('8.23: a mixed stack is commanded by the best leader of the nationality with most SP', () => {
    const s = start([
      { nationality: 'austria', hex: '2030', sp: 4, leaders: [{ id: 'daun', rank: 2 }] },
      {
        nationality: 'russia',
        hex: '2030',
        sp: 9,
        leaders: [
          { id: 'fermor', rank: 2 },
          { id: 'tottleben', rank: 4 },
        ],
      },
      { nationality: 'prussia', hex: '1623', sp: 5 },
    ]);
    expect(commanderOf(s, '2030', 'coalition')?.id).toBe('fermor');
    s.forces['2030']!.austria!.out = 9;
    // Equal SP: the highest-ranked leader present (rank ties fall to the first by id).
    expect(commanderOf(s, '2030', 'coalition')?.id).toBe('daun');
  });

  it('10.49: several depots may be begun in one Depot Creation Phase', () => {
    const s = start([
      { nationality: 'prussia', hex: '1623', sp: 1 },
      { nationality: 'prussia', hex: '1624', sp: 10 },
      { nationality: 'prussia', hex: '1722', sp: 10 },
      { nationality: 'austria', hex: '0231', sp: 1 },
    ]);
    const a = ok(act(s, 'prussia', { type: 'depot-build', hex: '1624' }));
    const b = ok(act(a, 'prussia', { type: 'depot-build', hex: '1722' }));
    expect(Object.keys(b.depots).sort()).toEqual(['1624', '1722']);
  });
});

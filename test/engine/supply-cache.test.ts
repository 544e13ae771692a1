// Supply is shared between housekeeping, view and legal (issue 19 item 2): the shared result must
// follow the state's content, never its object identity, because the engine mutates its working
// copy in place within a step.
import { beforeEach, describe, expect, it } from 'vitest';
import { engineMap } from '../../src/engine/index.js';
import { computeSupply, computeSupplyUncached } from '../../src/engine/rules/supply.js';
import { start, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

describe('10.1-10.3 supply shared between callers', () => {
  it('10.11: emptying the fortress in place (same object) drops the supply the cache held', () => {
    const s = start([
      { nationality: 'prussia', hex: '1623', sp: 1, position: 'inside' },
      { nationality: 'austria', hex: '1125', sp: 1 },
    ]);
    const map = engineMap();
    expect(computeSupply(s, map, 'prussian-allied').supplied.has('1628')).toBe(true);
    s.forces['1623']!.prussia!.in = 0;
    expect(computeSupply(s, map, 'prussian-allied').supplied.size).toBe(0);
  });

  it('10.32: an Austrian unit moving next to the path (leaders and forces are in the key) changes it', () => {
    const s = start([
      { nationality: 'prussia', hex: '1623', sp: 1, position: 'inside' },
      { nationality: 'austria', hex: '1125', sp: 1 },
    ]);
    const map = engineMap();
    const before = computeSupply(s, map, 'prussian-allied');
    // Move the Austrian next to Dresden: its ZOC now blocks Prussian paths (10.32).
    s.forces['1624'] = s.forces['1125']!;
    delete s.forces['1125'];
    const after = computeSupply(s, map, 'prussian-allied');
    expect(after.supplied).toEqual(computeSupplyUncached(s, map, 'prussian-allied').supplied);
    expect([...after.supplied].sort()).not.toEqual([...before.supplied].sort());
  });

  it('a clone with the same content gets the same answer as a fresh computation', () => {
    const s = start([
      { nationality: 'prussia', hex: '1623', sp: 3, position: 'inside' },
      { nationality: 'austria', hex: '1125', sp: 2, position: 'inside' },
    ]);
    const map = engineMap();
    for (const side of ['prussian-allied', 'coalition'] as const) {
      const a = computeSupply(s, map, side);
      const b = computeSupply(structuredClone(s), map, side);
      expect(b).toBe(a);
      expect([...b.supplied]).toEqual([...computeSupplyUncached(s, map, side).supplied]);
    }
  });
});

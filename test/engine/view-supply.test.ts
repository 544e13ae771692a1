import { beforeEach, describe, expect, it } from 'vitest';
import { useMap } from '../../src/engine/map-env.js';
import { view } from '../../src/engine/view.js';
import { baseState, testMap } from './combat-fixtures.js';

const berlin = { hex: '0303', name: 'Berlin', vp: 10, region: 'brandenburg' as const };
const map = testMap({ fortresses: [berlin], size: 14 });
beforeEach(() => useMap(map));

describe('10.0 supply in the view', () => {
  function state() {
    return baseState({
      phase: 'march',
      forces: {
        '0303': { prussia: { out: 0, in: 1 } },
        '0305': { prussia: { out: 8, in: 0 } },
        '1212': { prussia: { out: 5, in: 0 } },
        '0707': { austria: { out: 6, in: 0 } },
      },
    });
  }

  it('10.22: own stacks within five hexes of a garrisoned fortress are supplied; one far away is flagged (10.61)', () => {
    const v = view(state(), 'prussia', [], map);
    expect(v.supply).toContain('0303');
    expect(v.supply).toContain('0305');
    expect(v.supply).not.toContain('1212');
    expect(v.outOfSupply).toEqual(['1212']);
    // Allies share the side's supply picture.
    expect(view(state(), 'hanover', [], map).outOfSupply).toEqual(['1212']);
  });

  it("10.11: the Coalition without a garrisoned fortress has no supply; neither the public nor the enemy learn the other side's picture", () => {
    const v = view(state(), 'austria', [], map);
    expect(v.supply).toEqual([]);
    expect(v.outOfSupply).toEqual(['0707']);
    expect(view(state(), 'public', [], map).supply).toBeUndefined();
    expect(JSON.stringify(v.outOfSupply)).not.toContain('1212');
  });
});

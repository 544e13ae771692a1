import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geoToHex, geoToRowCol, hexToGeo, rowColToGeo } from '../../src/map/georef.js';
import {
  areAdjacent,
  bfsPath,
  cheapestPath,
  DIRECTIONS,
  directionTo,
  distance,
  formatHex,
  hexCentre,
  hexsideKey,
  neighbour,
  neighbours,
  parseHex,
  parseHexsideKey,
  pointToHex,
  ring,
  within,
} from '../../src/map/hex.js';

const hexArb = fc
  .record({ row: fc.integer({ min: 1, max: 38 }), col: fc.integer({ min: 1, max: 50 }) })
  .map((p) => formatHex(p.row, p.col));

describe('hex ids', () => {
  it('parses and formats RRCC ids', () => {
    expect(parseHex('1623')).toEqual({ ok: true, value: { row: 16, col: 23 } });
    expect(formatHex(2, 31)).toBe('0231');
  });
  it('rejects malformed ids with a specific error', () => {
    for (const bad of ['162', '16234', 'ab12', '0012', '1200', '']) {
      const r = parseHex(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toContain(bad);
    }
  });
});

describe('stagger (map-facts: even rows half a hex east)', () => {
  it('1623 (Dresden) touches 1724', () => {
    expect(areAdjacent('1623', '1724')).toBe(true);
    expect(directionTo('1623', '1724')).toBe('NE');
  });
  it('1730 touches 1630, 1731 and 1830 (the erratum hexsides exist)', () => {
    expect(areAdjacent('1730', '1630')).toBe(true);
    expect(areAdjacent('1730', '1731')).toBe(true);
    expect(areAdjacent('1731', '1830')).toBe(true);
  });
  it('odd and even rows have the published neighbour offsets', () => {
    expect(neighbours('1623')).toEqual(['1724', '1624', '1524', '1523', '1622', '1723']);
    expect(neighbours('1730')).toEqual(['1830', '1731', '1630', '1629', '1729', '1829']);
  });
  it('does not treat 1623 and 1722 as adjacent', () => {
    expect(areAdjacent('1623', '1722')).toBe(false);
  });
  it('clips neighbours at the map edge', () => {
    expect(neighbours('0101')).toEqual(['0201', '0102']);
    expect(neighbour('3850', 'NE')).toBeUndefined();
  });
  it('adjacency is symmetric and every neighbour is at distance 1', () => {
    fc.assert(
      fc.property(hexArb, (h) => {
        for (const n of neighbours(h)) {
          expect(neighbours(n)).toContain(h);
          expect(distance(h, n)).toBe(1);
        }
      }),
    );
  });
  it('opposite directions undo each other', () => {
    const opposite = { NE: 'SW', E: 'W', SE: 'NW', SW: 'NE', W: 'E', NW: 'SE' } as const;
    for (const d of DIRECTIONS) expect(neighbour(neighbour('2020', d)!, opposite[d])).toBe('2020');
  });
});

describe('hexside keys', () => {
  it('are order-independent', () => {
    expect(hexsideKey('1730', '1630')).toBe(hexsideKey('1630', '1730'));
    expect(hexsideKey('1730', '1630')).toBe('1630/1730');
  });
  it('parse back only for adjacent hexes', () => {
    expect(parseHexsideKey('1630/1730')).toEqual(['1630', '1730']);
    expect(parseHexsideKey('1623/1722')).toBeUndefined();
    expect(parseHexsideKey('nonsense')).toBeUndefined();
  });
});

describe('distance, rings, paths', () => {
  it('measures hex steps', () => {
    expect(distance('1623', '1623')).toBe(0);
    expect(distance('1623', '1125')).toBe(5);
    expect(distance('0101', '0110')).toBe(9);
    expect(distance('0101', '1101')).toBe(10);
  });
  it('equals the breadth-first step count', () => {
    fc.assert(
      fc.property(hexArb, hexArb, (a, b) => {
        fc.pre(distance(a, b) <= 8);
        const p = bfsPath(a, b, () => true, { maxSteps: 8 });
        expect(p?.length).toBe(distance(a, b) + 1);
      }),
      { numRuns: 40 },
    );
  });
  it('satisfies the triangle inequality', () => {
    fc.assert(
      fc.property(hexArb, hexArb, hexArb, (a, b, c) => distance(a, c) <= distance(a, b) + distance(b, c)),
    );
  });
  it('rings hold 6n hexes away from the edge; within holds 1 + 3n(n+1)', () => {
    for (const n of [1, 2, 3]) {
      const r = ring('2020', n);
      expect(r).toHaveLength(6 * n);
      expect(r.every((h) => distance('2020', h) === n)).toBe(true);
      expect(within('2020', n)).toHaveLength(1 + 3 * n * (n + 1));
    }
    expect(ring('0101', 1)).toHaveLength(2);
  });
  it('cheapest path follows the caller cost and avoids forbidden steps', () => {
    const wall = new Set(['2021', '2121', '1921', '2221', '1821']);
    const cost = (_a: string, b: string) => (wall.has(b) ? undefined : 1);
    const p = cheapestPath('2020', '2022', cost)!;
    expect(p.path[0]).toBe('2020');
    expect(p.path[p.path.length - 1]).toBe('2022');
    expect(p.path.some((h) => wall.has(h))).toBe(false);
    expect(p.cost).toBeGreaterThan(2);
    const free = cheapestPath('2020', '2022', () => 1)!;
    expect(free.cost).toBe(2);
  });
  it('respects maxCost and reports unreachable as undefined', () => {
    expect(cheapestPath('2020', '2030', () => 1, { maxCost: 5 })).toBeUndefined();
    expect(cheapestPath('2020', '2030', () => undefined)).toBeUndefined();
  });
});

describe('planar geometry and georeference', () => {
  it('a hex centre lies in its own hex', () => {
    fc.assert(
      fc.property(hexArb, (h) => {
        const c = hexCentre(h);
        expect(pointToHex(c.x, c.y)).toBe(h);
      }),
    );
  });
  it('forward and inverse projections round-trip', () => {
    for (const [lat, lon] of [
      [51.05, 13.74],
      [48.21, 16.37],
      [54.71, 20.51],
    ] as const) {
      const { row, col } = geoToRowCol(lat, lon);
      const back = rowColToGeo(row, col);
      expect(back.lat).toBeCloseTo(lat, 6);
      expect(back.lon).toBeCloseTo(lon, 6);
    }
  });
  it('places Dresden within a hex of its printed 1623 and labels hexes back', () => {
    expect(distance(geoToHex(51.05, 13.74)!, '1623')).toBeLessThanOrEqual(1);
    const g = hexToGeo('1623');
    expect(g.lat).toBeGreaterThan(50.5);
    expect(g.lat).toBeLessThan(51.6);
    expect(g.lon).toBeGreaterThan(13);
    expect(g.lon).toBeLessThan(14.5);
  });
});

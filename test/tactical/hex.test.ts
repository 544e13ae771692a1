import { describe, expect, it } from 'vitest';
import {
  arcDirections,
  arcHexes,
  arcOf,
  areAdjacent,
  DIRS,
  directionTo,
  distance,
  hexCentre,
  hexCorners,
  hexesWithin,
  hexLine,
  hexsideSegment,
  lineSteps,
  neighbours,
  opposite,
  parseTacHex,
  pointToTacHex,
  step,
  VERTICES,
  vertexSides,
  vertexTurns,
} from '../../src/tactical/hex.js';

const ENTRY = ['0919', '1020', '1119', '1220', '1319', '1420'];

describe('tactical hex ids', () => {
  it('parses XXYY and rejects malformed ids', () => {
    expect(parseTacHex('0919')).toEqual({ ok: true, value: { col: 9, row: 19 } });
    expect(parseTacHex('919').ok).toBe(false);
    expect(parseTacHex('0019').ok).toBe(false);
    expect(parseTacHex('ab12').ok).toBe(false);
  });
});

describe('tactical neighbours (contract orientation)', () => {
  it('odd column c touches (c+1, r) and (c+1, r+1); even column touches (c+1, r-1) and (c+1, r)', () => {
    const odd = neighbours('0910');
    expect(odd).toContain('1010');
    expect(odd).toContain('1011');
    expect(odd).not.toContain('1009');
    const even = neighbours('1010');
    expect(even).toContain('1109');
    expect(even).toContain('1110');
    expect(even).not.toContain('1111');
  });

  it('lists neighbours in direction order NE, E, SE, SW, W, NW (north = lower column, east = lower row)', () => {
    expect(neighbours('0910')).toEqual(['0810', '0909', '1010', '1011', '0911', '0811']);
    expect(neighbours('1010')).toEqual(['0909', '1009', '1109', '1110', '1011', '0910']);
  });

  it('is symmetric: b is a neighbour of a in direction d iff a is a neighbour of b in the opposite direction', () => {
    for (let col = 2; col <= 30; col++) {
      for (let row = 2; row <= 19; row++) {
        const a = `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
        for (const d of DIRS) {
          const b = step(a, d)!;
          expect(directionTo(a, b)).toBe(d);
          expect(directionTo(b, a)).toBe(opposite(d));
          expect(step(b, opposite(d))).toBe(a);
          expect(distance(a, b)).toBe(1);
        }
      }
    }
  });

  it('scenario 2: the entry hexes 0919, 1020, 1119, 1220, 1319, 1420 form one connected chain', () => {
    for (let i = 0; i + 1 < ENTRY.length; i++) expect(areAdjacent(ENTRY[i]!, ENTRY[i + 1]!)).toBe(true);
    // and they run north to south along one straight-ish line (x within half a hex)
    const xs = ENTRY.map((h) => hexCentre(h).x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(0.5);
    const ys = ENTRY.map((h) => hexCentre(h).y);
    for (let i = 1; i < ys.length; i++) expect(ys[i]!).toBeGreaterThan(ys[i - 1]!);
  });

  it('neighbour centres are one unit apart and lie in the named compass direction', () => {
    const c = hexCentre('1010');
    const n = neighbours('1010').map((h) => hexCentre(h!));
    for (const p of n) expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeCloseTo(1, 9);
    expect(n[1]!.x).toBeGreaterThan(c.x); // E
    expect(n[1]!.y).toBeCloseTo(c.y, 9);
    expect(n[0]!.y).toBeLessThan(c.y); // NE is north
    expect(n[2]!.y).toBeGreaterThan(c.y); // SE is south
  });
});

describe('tactical distance and lines', () => {
  it('distance counts steps', () => {
    expect(distance('1010', '1010')).toBe(0);
    expect(distance('1010', '1013')).toBe(3);
    expect(distance('0919', '1420')).toBe(5);
    expect(distance('0101', '0301')).toBe(2);
  });

  it('hexesWithin gives 1 + 3n(n+1) hexes at distance <= n', () => {
    expect(hexesWithin('1010', 0)).toEqual(['1010']);
    expect(hexesWithin('1010', 2)).toHaveLength(19);
    for (const h of hexesWithin('1010', 3)) expect(distance('1010', h)).toBeLessThanOrEqual(3);
  });

  it('hexLine is a chain of adjacent hexes from a to b of length distance + 1', () => {
    const pairs: [string, string][] = [
      ['1010', '1014'],
      ['0919', '1420'],
      ['0505', '1212'],
      ['1203', '0617'],
    ];
    for (const [a, b] of pairs) {
      const line = hexLine(a, b);
      expect(line[0]).toBe(a);
      expect(line.at(-1)).toBe(b);
      expect(line).toHaveLength(distance(a, b) + 1);
      for (let i = 1; i < line.length; i++) expect(areAdjacent(line[i - 1]!, line[i]!)).toBe(true);
    }
  });

  it('lineSteps shows both hexes where the line runs along a hexside', () => {
    // 1010 -> 1210 (due south): along the hexside between 1109 and 1110 (a "vertex line")
    const steps = lineSteps('1010', '1210');
    expect(steps[0]).toEqual(['1010']);
    expect(steps[1]).toEqual(['1109', '1110']);
    expect(steps[2]).toEqual(['1210']);
    // a line through hex centres has single steps
    expect(lineSteps('1010', '1013').every((s) => s.length === 1)).toBe(true);
  });
});

describe('Leuthen 2: facing arcs', () => {
  it('a vertex lies between hexside directions v and v+1', () => {
    expect(vertexSides(0)).toEqual([0, 1]);
    expect(vertexSides(5)).toEqual([5, 0]);
  });

  it('2: infantry has two front, two flank and two rear hexes, all different', () => {
    for (const v of VERTICES) {
      const a = arcDirections('infantry', v);
      expect(a.front).toHaveLength(2);
      expect(a.flank).toHaveLength(2);
      expect(a.rear).toHaveLength(2);
      expect(new Set([...a.front, ...a.flank, ...a.rear]).size).toBe(6);
      expect(a.front).toEqual(vertexSides(v));
      // rear is opposite the front
      expect(a.rear.sort()).toEqual(a.front.map(opposite).sort());
    }
  });

  it('2: cavalry has four front and two rear hexes', () => {
    for (const v of VERTICES) {
      const a = arcDirections('cavalry', v);
      expect(a.front).toHaveLength(4);
      expect(a.flank).toHaveLength(0);
      expect(a.rear).toHaveLength(2);
      expect(new Set([...a.front, ...a.rear]).size).toBe(6);
      expect(a.rear).toEqual(arcDirections('infantry', v).rear);
    }
  });

  it('2: artillery and infantry in a town face all six hexes; leaders have no arcs', () => {
    expect(arcDirections('artillery', 3).front).toHaveLength(6);
    expect(arcDirections('infantry-in-town', 0).front).toHaveLength(6);
    expect(arcDirections('leader', 0)).toEqual({ front: [], flank: [], rear: [] });
  });

  it('2: an infantry unit at 1010 facing east-north-east (vertex 0) fronts 0909 and 1009', () => {
    const a = arcHexes('1010', 'infantry', 0);
    expect(a.front).toEqual(['0909', '1009']);
    expect(a.flank.sort()).toEqual(['0910', '1109'].sort());
    expect(a.rear.sort()).toEqual(['1011', '1110'].sort());
    expect(arcOf('1010', 'infantry', 0, '1009')).toBe('front');
    expect(arcOf('1010', 'infantry', 0, '1011')).toBe('rear');
    expect(arcOf('1010', 'infantry', 0, '1210')).toBeUndefined();
  });

  it('front hexes lie on the facing side of the hex (the vertex direction)', () => {
    for (const v of VERTICES) {
      const c = hexCentre('1010');
      const corner = hexCorners('1010')[v]!;
      const dir = { x: corner.x - c.x, y: corner.y - c.y };
      for (const h of arcHexes('1010', 'infantry', v).front) {
        const p = hexCentre(h);
        expect((p.x - c.x) * dir.x + (p.y - c.y) * dir.y).toBeGreaterThan(0);
      }
      for (const h of arcHexes('1010', 'infantry', v).rear) {
        const p = hexCentre(h);
        expect((p.x - c.x) * dir.x + (p.y - c.y) * dir.y).toBeLessThan(0);
      }
    }
  });

  it('7.2: turning costs are counted in vertices, at most three', () => {
    expect(vertexTurns(0, 0)).toBe(0);
    expect(vertexTurns(0, 1)).toBe(1);
    expect(vertexTurns(0, 5)).toBe(1);
    expect(vertexTurns(1, 4)).toBe(3);
  });
});

describe('drawing geometry', () => {
  it('pointToTacHex inverts hexCentre and picks the nearest hex', () => {
    for (const h of ['0101', '0919', '1020', '1420', '3201', '2710']) {
      const c = hexCentre(h);
      expect(pointToTacHex(c)).toBe(h);
      expect(pointToTacHex({ x: c.x + 0.3, y: c.y - 0.2 })).toBe(h);
    }
  });

  it('a hexside segment is shared by both hexes', () => {
    for (const d of DIRS) {
      const b = step('1010', d)!;
      const [p, q] = hexsideSegment('1010', d);
      const [r, s] = hexsideSegment(b, opposite(d));
      const same = (u: { x: number; y: number }, w: { x: number; y: number }) =>
        Math.abs(u.x - w.x) < 1e-9 && Math.abs(u.y - w.y) < 1e-9;
      expect((same(p, r) && same(q, s)) || (same(p, s) && same(q, r))).toBe(true);
    }
  });
});

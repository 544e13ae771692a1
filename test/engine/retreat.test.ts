import { describe, expect, it } from 'vitest';
import {
  chooseRetreat,
  planRetreat,
  type RetreatBoard,
  retreatAllowance,
  retreatPaths,
} from '../../src/engine/combat/retreat.js';

// A small board with the map's RRCC neighbour rule (map-facts.md): even rows sit half a hex east.
const id = (r: number, c: number) => `${String(r).padStart(2, '0')}${String(c).padStart(2, '0')}`;
function neighbours(hex: string, rows = 9, cols = 9): string[] {
  const r = Number(hex.slice(0, 2));
  const c = Number(hex.slice(2));
  const d =
    r % 2 === 0
      ? [
          [1, 1],
          [1, 0],
          [0, 1],
          [0, -1],
          [-1, 1],
          [-1, 0],
        ]
      : [
          [1, 0],
          [1, -1],
          [0, 1],
          [0, -1],
          [-1, 0],
          [-1, -1],
        ];
  return d
    .map(([dr, dc]) => [r + dr!, c + dc!] as const)
    .filter(([rr, cc]) => rr >= 1 && rr <= rows && cc >= 1 && cc <= cols)
    .map(([rr, cc]) => id(rr, cc));
}

interface BoardSpec {
  enemy?: string[];
  supplied?: string[];
  blocked?: string[]; // impassable hexes (sea, lake)
  river?: [string, string][];
  source?: string; // nearest supply source for the fallback
}
function board(spec: BoardSpec): RetreatBoard {
  const dist = (a: string, b: string) => {
    // cube distance on the offset grid
    const toCube = (h: string) => {
      const r = Number(h.slice(0, 2));
      const c = Number(h.slice(2));
      const x = c - (r + (r & 1)) / 2; // even rows shifted east
      return [x, r, -x - r] as const;
    };
    const [ax, ay, az] = toCube(a);
    const [bx, by, bz] = toCube(b);
    return Math.max(Math.abs(ax - bx), Math.abs(ay - by), Math.abs(az - bz));
  };
  return {
    neighbours: (h) => neighbours(h),
    terrainCost: (a, b) => {
      if (spec.blocked?.includes(b)) return null;
      const river = spec.river?.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
      return 1 + (river ? 1 : 0);
    },
    enemyOccupied: (h) => spec.enemy?.includes(h) ?? false,
    inSupply: (h) => spec.supplied?.includes(h) ?? false,
    distanceToSupply: (h) => (spec.source ? dist(h, spec.source) : Number.POSITIVE_INFINITY),
  };
}

describe('retreat allowance (9.51, 9.53, 11.13, 16.11)', () => {
  it('9.51: die + commander Initiative, never more than six', () => {
    expect(retreatAllowance(3, 2, false)).toBe(5);
    expect(retreatAllowance(5, 3, false)).toBe(6);
  });
  it('9.53: a force without a leader counts Initiative zero', () => {
    expect(retreatAllowance(2, 0, false)).toBe(2);
  });
  it('16.11: one less in a Winter Game-Turn', () => {
    expect(retreatAllowance(1, 0, true)).toBe(0);
    expect(retreatAllowance(6, 3, true)).toBe(5);
  });
});

describe('retreat paths (9.52, 9.54)', () => {
  it('9.52: the full allowance is spent: with 2 MP every path ends two hexes away', () => {
    const paths = retreatPaths(board({}), '0505', 2);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(p.hexes).toHaveLength(2);
  });

  it('9.52: a retreat never enters a hex twice nor returns to the battle hex', () => {
    for (const p of retreatPaths(board({}), '0505', 4)) {
      expect(new Set(p.hexes).size).toBe(p.hexes.length);
      expect(p.hexes).not.toContain('0505');
    }
  });

  it('9.52: passing through an enemy-occupied hex costs one more MP, and the retreat may not end there', () => {
    const b = board({ enemy: ['0506'] });
    const paths = retreatPaths(b, '0505', 2);
    expect(paths.some((p) => p.hexes[0] === '0506')).toBe(false); // 2 MP to enter, then stuck inside
    const three = retreatPaths(b, '0505', 3);
    const through = three.filter((p) => p.hexes[0] === '0506');
    expect(through.length).toBeGreaterThan(0);
    for (const p of through) {
      expect(p.cost).toBe(3);
      expect(p.enemyHexes).toBe(1);
    }
    for (const p of three) expect(b.enemyOccupied(p.hexes.at(-1)!)).toBe(false);
  });

  it('9.54: terrain costs apply (a river hexside costs +1) and impassable hexes are never entered', () => {
    const b = board({ river: [['0505', '0506']], blocked: ['0504'] });
    const paths = retreatPaths(b, '0505', 2);
    const viaRiver = paths.filter((p) => p.hexes[0] === '0506');
    expect(viaRiver.map((p) => p.hexes)).toEqual([['0506']]);
    expect(paths.some((p) => p.hexes.includes('0504'))).toBe(false);
  });

  it('9.52: a force stops short only when no further legal end can be reached', () => {
    // Corridor: 0502 is surrounded by blocked hexes except 0501 (battle) and 0503 (enemy).
    const b = board({
      enemy: ['0503'],
      blocked: ['0601', '0602', '0401', '0402', '0603', '0403', '0604', '0404'],
    });
    // From 0501 with 2 MP: 0502 (1 MP) then 0503 would cost 2 -> stop at 0502.
    const paths = retreatPaths(b, '0501', 2);
    expect(paths.map((p) => p.hexes)).toEqual([['0502']]);
  });
});

describe('retreat plan offered to the owner (9.52, 9.55, 12.23)', () => {
  it('9.52: retreats must end in supply when they can; the default is listed first', () => {
    const plan = planRetreat(board({ supplied: ['0705', '0305'], source: '0808' }), {
      from: '0505',
      die: 2,
      initiative: 0,
      winter: false,
      mayReenterFortress: false,
    });
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.basis).toBe('supply');
    expect(plan.options.map((o) => o.to).sort()).toEqual(['0305', '0705']);
    expect(plan.options[0]?.to).toBe('0705'); // nearer the supply source
  });

  it('9.52: when no end hex is in supply, the retreat goes as far as possible toward the nearest source', () => {
    const plan = planRetreat(board({ source: '0909' }), {
      from: '0505',
      die: 2,
      initiative: 0,
      winter: false,
      mayReenterFortress: false,
    });
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.basis).toBe('toward-supply');
    const d = plan.options.map((o) => (o.kind === 'path' ? o.distanceToSupply : -1));
    expect(new Set(d).size).toBe(1);
    expect(d[0]).toBe(4); // 0505 is 6 from 0909; two hexes of retreat bring it to 4
  });

  it('9.52: the owner may pick any offered end hex, and nothing else', () => {
    const plan = planRetreat(board({ supplied: ['0705', '0305'] }), {
      from: '0505',
      die: 2,
      initiative: 0,
      winter: false,
      mayReenterFortress: false,
    });
    if ('error' in plan) throw new Error(plan.error);
    expect(chooseRetreat(plan, '0305')).toMatchObject({ kind: 'path', to: '0305' });
    expect(chooseRetreat(plan, '0606')).toMatchObject({ rule: '9.52' });
    expect(chooseRetreat(plan, undefined)).toBe(plan.options[0]);
  });

  it('12.23 example: sortie survivors may retreat back into the fortress', () => {
    const plan = planRetreat(board({ supplied: ['0705'] }), {
      from: '0505',
      die: 2,
      initiative: 0,
      winter: false,
      mayReenterFortress: true,
    });
    if ('error' in plan) throw new Error(plan.error);
    expect(chooseRetreat(plan, 'fortress')).toEqual({ kind: 'fortress', to: '0505' });
  });

  it('9.52: a force with nowhere legal to go is reported trapped', () => {
    const all = neighbours('0505');
    const plan = planRetreat(board({ blocked: all }), {
      from: '0505',
      die: 3,
      initiative: 1,
      winter: false,
      mayReenterFortress: false,
    });
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.trapped).toBe(true);
    expect(chooseRetreat(plan, undefined)).toMatchObject({ rule: '9.52' });
  });

  it('9.51: a die outside 1-6 is refused', () => {
    expect(
      planRetreat(board({}), {
        from: '0505',
        die: 7,
        initiative: 0,
        winter: false,
        mayReenterFortress: false,
      }),
    ).toMatchObject({ rule: '9.51' });
  });
});

import { describe, expect, it } from 'vitest';
import crtJson from '../../assets/tactical/tables/crt.json' with { type: 'json' };
import {
  atLeastAsBad,
  crtLookup,
  crtSchema,
  defaultTables,
  oddsColumn,
  parseResult,
  TERRAINS,
} from '../../src/tactical/tables/index.js';

const { crt, terrain } = defaultTables;

describe('reconstructed tables', () => {
  it('11.5: every CRT cell uses only the result codes of 11.5', () => {
    for (const c of crt.cells) {
      expect(parseResult(c.attacker), c.attacker).toBeDefined();
      expect(parseResult(c.defender), c.defender).toBeDefined();
    }
    expect(parseResult('3D')).toBeUndefined();
    expect(parseResult('DX')).toBeUndefined();
    const bad = structuredClone(crtJson);
    bad.cells[0]!.defender = 'R3';
    expect(crtSchema.safeParse(bad).success).toBe(false);
  });

  it('11.3: the odds are rounded in favour of the defender', () => {
    expect(crt.columns[oddsColumn(5, 3)]!.label).toBe('3:2');
    expect(crt.columns[oddsColumn(5, 4)]!.label).toBe('1:1');
    expect(crt.columns[oddsColumn(2, 5)]!.label).toBe('1:3');
    expect(crt.columns[oddsColumn(3, 2)]!.label).toBe('3:2');
    expect(crt.columns[oddsColumn(20, 1)]!.label).toBe('5:1');
  });

  it('invariant: more odds or a better die is never worse for the attacker', () => {
    for (let col = 0; col < crt.columns.length; col++)
      for (let die = 1; die <= 6; die++)
        for (let m = -4; m <= 4; m++) {
          const here = crtLookup(col, die, m);
          for (const next of [
            crtLookup(col + 1, die, m),
            crtLookup(col, die + 1, m),
            crtLookup(col, die, m + 1),
          ]) {
            expect(atLeastAsBad(here.attacker, next.attacker), `${col}/${die}/${m} attacker`).toBe(true);
            expect(atLeastAsBad(next.defender, here.defender), `${col}/${die}/${m} defender`).toBe(true);
          }
        }
    // And odds monotone in strength: more attacking CP never gives a lower column.
    for (let a = 1; a < 20; a++)
      for (let d = 1; d < 10; d++) expect(oddsColumn(a + 1, d)).toBeGreaterThanOrEqual(oddsColumn(a, d));
  });

  it('invariant: better defensive terrain is never better for the attacker', () => {
    const order = [...TERRAINS].sort((x, y) => terrain.terrain[y].shockShift - terrain.terrain[x].shockShift);
    for (let i = 1; i < order.length; i++) {
      const weaker = terrain.terrain[order[i - 1]!];
      const stronger = terrain.terrain[order[i]!];
      expect(stronger.shockShift).toBeLessThanOrEqual(weaker.shockShift);
      for (let col = 0; col < crt.columns.length; col++)
        for (let die = 1; die <= 6; die++) {
          const w = crtLookup(col + weaker.shockShift, die, 0);
          const s = crtLookup(col + stronger.shockShift, die, 0);
          expect(atLeastAsBad(s.attacker, w.attacker)).toBe(true);
          expect(atLeastAsBad(w.defender, s.defender)).toBe(true);
        }
    }
    // Protection (11.1) goes with the shock shift: a terrain never protects less against fire while
    // being stronger against shock by two columns or more.
    for (const t of TERRAINS) expect(terrain.terrain[t].protection).toBeGreaterThanOrEqual(0);
    expect(terrain.terrain.village.protection).toBeGreaterThan(terrain.terrain.clear.protection);
  });

  it('7.1: every table value carries provenance and a rationale', () => {
    for (const t of TERRAINS) expect(terrain.terrain[t].rationale.length).toBeGreaterThan(10);
    for (const c of crt.cells) expect(c.rationale.length).toBeGreaterThan(3);
    for (const c of crt.columns) expect(c.provenance).toBeDefined();
    expect(defaultTables.fire.artillery.range.map((r) => r.distance)).toEqual([1, 2, 3]);
  });
});

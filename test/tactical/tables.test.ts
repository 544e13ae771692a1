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

describe('terrain prohibitions are the Terrain Table', () => {
  it('invariant: every prohibited move and every cavalry attack refusal matches the Terrain Table (7.1, 11.2)', async () => {
    const { battle, activate } = await import('./harness.js');
    const { checkMove, checkShock } = await import('../../src/tactical/rules/orders.js');
    const { envFor } = await import('../../src/tactical/env.js');
    const { TERRAINS: T } = await import('../../src/tactical/tables/index.js');
    const features = [[], ['stream'], ['stream', 'ford'], ['stream', 'bridge'], ['abatis']] as const;
    for (const terr of T)
      for (const f of features)
        for (const arm of ['infantry', 'cavalry', 'artillery'] as const) {
          const s0 = battle(
            [
              { id: 'u', side: 'prussia', formation: 'p-a', arm, hex: '0506', facing: 5 },
              { id: 'e', side: 'austria', formation: 'a-a', arm: 'infantry', hex: '0101', facing: 2 },
            ],
            {
              leaders: { 'pl-a': '0708' },
              map: {
                terrain: { '0406': terr },
                hexsides: f.length ? [{ a: '0506', b: '0406', features: [...f] }] : [],
              },
            },
          );
          const s = activate(s0, 'prussia', ['p-a']);
          const env = envFor(s.map)!;
          const row = terrain.terrain[terr];
          const side = (x: string) => terrain.hexsides[x as 'stream'];
          const crossing = f.includes('stream' as never)
            ? f.includes('bridge' as never)
              ? side('bridge')
              : f.includes('ford' as never)
                ? side('ford')
                : side('stream')
            : undefined;
          const allowed =
            row.mp[arm] !== null &&
            (crossing === undefined || crossing.mp[arm] !== null) &&
            (!f.includes('abatis' as never) || side('abatis').mp[arm] !== null);
          const r = checkMove(s, env, 'prussia', 'u', '0406');
          const refusedTerrain = typeof r === 'object' && 'rule' in r && r.code === 'prohibited';
          expect(refusedTerrain, `${arm} into ${terr} across ${f.join('+') || 'nothing'}`).toBe(!allowed);
          if (arm === 'cavalry') {
            const t = structuredClone(s);
            t.units.find((u) => u.id === 'e')!.hex = '0406';
            const e = checkShock(t, env, 'prussia', ['u'], ['e']);
            expect(e?.rule === '11.2', `cavalry attack into ${terr} across ${f.join('+')}`).toBe(!allowed);
          }
        }
  });
});

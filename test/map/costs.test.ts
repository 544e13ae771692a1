import { describe, expect, it } from 'vitest';
import { movementCostAcross, supplyMayCross, TERRAIN_EFFECTS, zocMayExtend } from '../../src/map/costs.js';
import { loadMap, mapFromData } from '../../src/map/strategic-map.js';
import { syntheticMapFile } from './synthetic.js';

const r = mapFromData(syntheticMapFile());
if (!r.ok) throw new Error(r.error);
const m = r.map;

describe('movementCostAcross (5.41-5.45, Terrain Effects Chart data)', () => {
  it('5.41: clear + river + enemy costs 3 MP', () => {
    expect(movementCostAcross(m, '0202', '0203', { enemyInTarget: true })).toEqual({ ok: true, mp: 3 });
  });
  it('5.41: the same rule on the committed map, crossing the Elbe into Dresden (1623)', () => {
    const map = loadMap();
    const across = map
      .neighbours('1623')
      .find(
        (n) =>
          map.hexside('1623', n).some((f) => f.kind === 'river' && f.river === 'Elbe') &&
          map.terrain('1623') === 'clear',
      );
    expect(across).toBeDefined();
    expect(movementCostAcross(map, across!, '1623', { enemyInTarget: true })).toEqual({ ok: true, mp: 3 });
  });
  it('5.41: a clear hex costs 1 MP; a river adds 1', () => {
    expect(movementCostAcross(m, '0302', '0303')).toEqual({ ok: true, mp: 1 });
    expect(movementCostAcross(m, '0202', '0203')).toEqual({ ok: true, mp: 2 });
  });
  it('5.43: entering an enemy-occupied hex adds 1; leaving one adds nothing', () => {
    expect(movementCostAcross(m, '0302', '0303', { enemyInTarget: true })).toEqual({ ok: true, mp: 2 });
  });
  it('5.45: a mountain hexside without a pass forbids the move', () => {
    expect(movementCostAcross(m, '0201', '0202')).toEqual({
      ok: false,
      error: '5.45: mountain hexside 0201/0202 without a pass',
    });
  });
  it('5.54: a mountain pass may be crossed for 1 extra MP', () => {
    expect(movementCostAcross(m, '0102', '0202')).toEqual({ ok: true, mp: 2 });
  });
  it('5.45: sea and lake hexes and hexsides forbid the move', () => {
    expect(movementCostAcross(m, '0301', '0401')).toEqual({ ok: false, error: '5.45: 0401 is a sea hex' });
    expect(movementCostAcross(m, '0204', '0205')).toEqual({ ok: false, error: '5.45: 0205 is a lake hex' });
    const strait = mapFromData(syntheticMapFile({ seaHexsides: ['0301/0302'] }));
    if (!strait.ok) throw new Error(strait.error);
    expect(movementCostAcross(strait.map, '0301', '0302')).toEqual({
      ok: false,
      error: '5.45: all-sea hexside 0301/0302',
    });
  });
  it('a mountain hex costs the chart value (reconstructed: 2 MP)', () => {
    expect(movementCostAcross(m, '0104', '0103')).toEqual({
      ok: true,
      mp: TERRAIN_EFFECTS.entries.mountainHex.mp,
    });
    expect(TERRAIN_EFFECTS.entries.mountainHex.mp).toBe(2);
  });
  it('returns errors for non-adjacent and off-map moves', () => {
    expect(movementCostAcross(m, '0101', '0103')).toEqual({
      ok: false,
      error: '0101 and 0103 are not adjacent',
    });
    expect(movementCostAcross(m, '0406', '0506')).toEqual({ ok: false, error: '5.44: 0506 is off the map' });
  });
  it('reads every number from terrain-effects.json, each with a provenance', () => {
    for (const e of Object.values(TERRAIN_EFFECTS.entries)) {
      expect(['rulebook', 'rulebook example', 'erratum', 'reconstructed']).toContain(e.provenance);
      expect(e.rationale.length).toBeGreaterThan(10);
    }
    expect(
      TERRAIN_EFFECTS.entries.riverHexside.mp +
        TERRAIN_EFFECTS.entries.enemyOccupied.mp +
        TERRAIN_EFFECTS.entries.clearHex.mp,
    ).toBe(3);
  });
});

describe('supplyMayCross (10.24)', () => {
  it('crosses passes and rivers but not mountain, sea or lake hexsides', () => {
    expect(supplyMayCross(m, '0102', '0202')).toBe(true);
    expect(supplyMayCross(m, '0202', '0203')).toBe(true);
    expect(supplyMayCross(m, '0201', '0202')).toBe(false);
    expect(supplyMayCross(m, '0301', '0401')).toBe(false);
    expect(supplyMayCross(m, '0204', '0205')).toBe(false);
  });
});

describe('zocMayExtend (6.21)', () => {
  it('extends through clear, river and pass hexsides', () => {
    expect(zocMayExtend(m, '0302', '0303')).toBe(true);
    expect(zocMayExtend(m, '0202', '0203')).toBe(true);
    expect(zocMayExtend(m, '0102', '0202')).toBe(true);
  });
  it('stops at all-sea hexes and at all-sea, lake and all-mountain hexsides', () => {
    expect(zocMayExtend(m, '0301', '0401')).toBe(false);
    expect(zocMayExtend(m, '0204', '0205')).toBe(false);
    expect(zocMayExtend(m, '0201', '0202')).toBe(false);
    expect(zocMayExtend(m, '0101', '0103')).toBe(false);
  });
});

// The ridges of the Empire (Harz, Thuringian Forest, Fichtelgebirge, Swabian Jura, Black Forest edge)
// and Upper Hungary as mountain country (issue 22): movement (5.45, 5.54), supply paths (10.24),
// Zones of Control (6.21), the historical-road invariant, and the scenario set-ups.
import { describe, expect, it } from 'vitest';
import { computeSupply } from '../../src/engine/rules/supply.js';
import { setup } from '../../src/engine/setup.js';
import { sideSp } from '../../src/engine/state.js';
import type { ScenarioId } from '../../src/engine/types.js';
import { checkMap, MAX_PASS_DISTANCE, RIDGE_ROADS, RIDGES } from '../../src/map/check.js';
import { movementCostAcross, supplyMayCross, zocMayExtend } from '../../src/map/costs.js';
import { bfsPath, rc } from '../../src/map/hex.js';
import type { MapFile } from '../../src/map/schema.js';
import { type LoadedMap, loadMap, mapFromData } from '../../src/map/strategic-map.js';

const m = loadMap();
const passOf = (name: string) => m.data.passes.find((p) => p.name === name);
const noPass = (a: string, b: string) =>
  supplyMayCross(m, a, b) && !m.hexside(a, b).some((f) => f.kind === 'pass');

function mutated(change: (d: MapFile) => void): LoadedMap {
  const data = structuredClone(m.data);
  change(data);
  const r = mapFromData(data);
  if (!r.ok) throw new Error(r.error);
  return r.map;
}

/** [ridge, pass, a hex pair across the pass, a hex pair across a plain ridge hexside]. */
const CROSSINGS = [
  ['Harz', 'Clausthal (Alte Harzstrasse)', ['2114', '2013'], ['2114', '2014']],
  ['Thuringian Forest', 'Oberhof', ['1515', '1414'], ['1415', '1414']],
  ['Fichtelgebirge', 'Berneck-Hof (Via Imperii)', ['1118', '1218'], ['1217', '1218']],
  ['Swabian Jura', 'Geislinger Steige', ['0513', '0412'], ['0512', '0412']],
  ['Black Forest', 'Kniebis', ['0307', '0308'], ['0407', '0308']],
] as const;

describe('the ridges of the Empire', () => {
  it('are drawn, each with its passes on its own hexsides', () => {
    for (const ridge of ['Harz', 'Thuringian Forest', 'Fichtelgebirge', 'Swabian Jura', 'Black Forest'])
      expect(RIDGES, ridge).toContain(ridge);
    const { counts } = checkMap(m);
    expect(counts.passesByRidge).toMatchObject({
      Harz: 2,
      'Thuringian Forest': 2,
      Fichtelgebirge: 1,
      'Swabian Jura': 2,
      'Black Forest': 3,
      'Bohemian Ring': 13,
      Carpathians: 2,
    });
  });
  it.each(CROSSINGS)(
    '5.45 / 5.54: the %s is crossed only at a pass (%s), for 1 extra MP',
    (_r, pass, [a, b], [c, d]) => {
      expect(passOf(pass)?.hexside).toBe([a, b].sort().join('/'));
      const across = movementCostAcross(m, a, b);
      expect(across.ok).toBe(true);
      // Entering a clear hex costs 1; the pass adds 1 (a mountain hex beyond costs its chart value).
      if (across.ok) expect(across.mp).toBe((m.terrain(b) === 'mountain' ? 2 : 1) + 1);
      expect(movementCostAcross(m, c, d)).toEqual({
        ok: false,
        error: `5.45: mountain hexside ${c}/${d} without a pass`,
      });
    },
  );
  it.each(CROSSINGS)(
    '6.21: a Zone of Control crosses the %s at its pass (%s), not elsewhere',
    (_r, _p, [a, b], [c, d]) => {
      expect(zocMayExtend(m, a, b)).toBe(true);
      expect(zocMayExtend(m, b, a)).toBe(true);
      expect(zocMayExtend(m, c, d)).toBe(false);
      expect(zocMayExtend(m, d, c)).toBe(false);
    },
  );
  it.each([
    ['Coburg (1215)', '1215', 'Saalfeld (1416)', '1416', 2],
    ['Bayreuth (1017)', '1017', 'Hof (1218)', '1218', 2],
    ['Stuttgart (0510)', '0510', 'Ulm (0313)', '0313', 5],
    ['Offenburg (0307)', '0307', 'Freudenstadt (0308)', '0308', 1],
    ['Osterode (2013)', '2013', 'Goslar (2114)', '2114', 1],
  ] as const)('10.24: a supply path from %s to %s runs through a pass', (_a, from, _b, to, steps) => {
    const p = bfsPath(from, to, (x, y) => supplyMayCross(m, x, y));
    expect(p && p.length - 1).toBe(steps);
    const viaPass = p!.some((h, i) => i > 0 && m.hexside(p![i - 1]!, h).some((f) => f.kind === 'pass'));
    expect(viaPass).toBe(true);
    // Without the passes the way round is longer.
    const round = bfsPath(from, to, noPass, { maxSteps: 30 });
    expect(round === undefined || round.length - 1 > steps).toBe(true);
  });
  it('10.24: the Franconia-Saxony roads cross the Thuringian Forest or the Fichtelgebirge at a pass', () => {
    // Nuremberg (0816) to Leipzig (1720): 9 hexes by the passes, 16 going round by Eisenach.
    expect(bfsPath('0816', '1720', (x, y) => supplyMayCross(m, x, y))!.length - 1).toBe(9);
    expect(bfsPath('0816', '1720', noPass, { maxSteps: 30 })!.length - 1).toBe(16);
  });
});

describe('Upper Hungary beyond the Jablunka is mountain country, not a ridge', () => {
  it('has no mountain hexside east of the Jablunka, and mountain hexes where the ridge ran', () => {
    const jablunka = passOf('Jablunka')!;
    expect(jablunka.ridge).toBe('Carpathians');
    const eastOf = (key: string) => key.split('/').every((h) => rc(h).col >= 41 && rc(h).row <= 11);
    expect(m.data.mountainHexsides.filter(eastOf)).toEqual([]);
    for (const h of ['0940', '0941', '0942', '0944', '0945', '0946', '0947', '0948', '0949'])
      expect(m.terrain(h), h).toBe('mountain');
  });
  it('5.45: the Polish side enters Upper Hungary at the mountain-hex cost, without a pass', () => {
    expect(movementCostAcross(m, '1040', '0941')).toEqual({ ok: true, mp: 2 });
    expect(zocMayExtend(m, '1040', '0941')).toBe(true);
    expect(supplyMayCross(m, '1040', '0941')).toBe(true);
  });
  it('keeps the Harz as a ridge with passes, not mountain hexes', () => {
    expect(m.terrain('2014')).toBe('clear');
    expect(m.terrain('2015')).toBe('clear');
  });
});

describe('every ridge has a pass near each historical road over it (ftg map check)', () => {
  it('the roads are data with a source, and the committed map satisfies the invariant', () => {
    expect(MAX_PASS_DISTANCE).toBe(1);
    for (const ridge of RIDGES)
      expect(
        RIDGE_ROADS.some((r) => r.ridge === ridge),
        ridge,
      ).toBe(true);
    for (const r of RIDGE_ROADS) {
      expect(r.source.length, r.pass).toBeGreaterThan(10);
      expect(RIDGES, r.pass).toContain(r.ridge);
    }
    expect(checkMap(m).violations).toEqual([]);
  });
  it('catches a ridge whose passes were dropped (the Swabian Jura made all-mountain)', () => {
    const keys = m.data.passes.filter((p) => p.ridge === 'Swabian Jura').map((p) => p.hexside);
    expect(keys).toHaveLength(2);
    const broken = mutated((d) => {
      d.passes = d.passes.filter((p) => !keys.includes(p.hexside));
      d.mountainHexsides = [...d.mountainHexsides, ...keys].sort();
    });
    const hex = m.geoToHex(48.6, 9.86);
    expect(checkMap(broken).violations).toContain(
      `Swabian Jura: no pass within 1 hex of ${hex}, where the road crossed it (Geislinger Steige)`,
    );
    expect(checkMap(broken).violations.filter((v) => v.startsWith('Swabian Jura:'))).toHaveLength(2);
  });
  it('catches a pass moved far from its road', () => {
    const broken = mutated((d) => {
      for (const p of d.passes) if (p.name === 'Oberhof') p.hexside = '1217/1317';
    });
    expect(checkMap(broken).violations.some((v) => v.includes('(Oberhof)'))).toBe(true);
  });
});

describe('18.0 set-ups: no force starts cut off by the new ridges', () => {
  const ids: ScenarioId[] = ['1756', '1757', '1758', '1759', '1760', '1761', '1762'];
  it.each(ids)('%s: every force on the map is in supply (10.24) and can move out of its hex (5.45)', (id) => {
    const state = setup(id, 1, { map: m });
    const hexes = Object.keys(state.forces);
    expect(hexes.length).toBeGreaterThan(5);
    for (const side of ['prussian-allied', 'coalition'] as const) {
      const supply = computeSupply(state, m, side);
      for (const hex of hexes) {
        if (sideSp(state, hex, side) === 0) continue;
        expect(supply.supplied.has(hex), `${id} ${side} at ${hex}`).toBe(true);
        expect(
          m.neighbours(hex).some((n) => movementCostAcross(m, hex, n).ok),
          `${id} ${side} at ${hex} can move`,
        ).toBe(true);
      }
    }
  });
});

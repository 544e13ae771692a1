import { describe, expect, it } from 'vitest';
import { scenarioHexLists } from '../../src/cli/commands/map.js';
import {
  checkMap,
  ERRATUM_CLEAR_HEXSIDES,
  hexsideComponents,
  PRINTED_FORTRESSES,
  RIVER_FORTRESSES,
} from '../../src/map/check.js';
import { supplyMayCross } from '../../src/map/costs.js';
import { bfsPath, hexsideKey, neighbours as neighboursOf } from '../../src/map/hex.js';
import type { MapFile } from '../../src/map/schema.js';
import { type LoadedMap, loadMap, mapFromData } from '../../src/map/strategic-map.js';
import fixture from './fixtures/scenario-hexes.json' with { type: 'json' };

const lists = scenarioHexLists(fixture);

function mutated(change: (d: MapFile) => void): LoadedMap {
  const data = structuredClone(loadMap().data);
  change(data);
  const r = mapFromData(data);
  if (!r.ok) throw new Error(r.error);
  return r.map;
}
function setTerrain(d: MapFile, hex: string, ch: string): void {
  const row = Number(hex.slice(0, 2));
  const col = Number(hex.slice(2));
  const i = d.rows - row;
  const s = d.terrain[i]!;
  d.terrain[i] = s.slice(0, col - 1) + ch + s.slice(col);
}

describe('the committed map satisfies every invariant', () => {
  it('has no violations, scenario hexes included', () => {
    expect(checkMap(loadMap(), lists).violations).toEqual([]);
  });
  it('holds all 35 printed fortresses on their hexes, plus Bremen (2711)', () => {
    const m = loadMap();
    for (const [hex, name] of Object.entries(PRINTED_FORTRESSES)) expect(m.fortress(hex)?.name).toBe(name);
    expect(m.fortress('2711')?.name).toBe('Bremen');
    expect(m.fortresses()).toHaveLength(36);
    for (const f of m.fortresses()) expect(f.vp).toBeGreaterThan(0);
  });
  it('keeps river fortresses on their river (the fortress hex touches a hexside of it)', () => {
    const m = loadMap();
    for (const [river, hexes] of Object.entries(RIVER_FORTRESSES)) {
      for (const hex of hexes) {
        const touching = m
          .neighbours(hex)
          .filter((n) => m.hexside(hex, n).some((f) => f.kind === 'river' && f.river === river));
        expect(touching.length, `${hex} on the ${river}`).toBeGreaterThan(0);
      }
    }
  });
  it('erratum: 1730/1630, 1730/1731 and 1731/1830 carry no river', () => {
    const m = loadMap();
    for (const [a, b] of ERRATUM_CLEAR_HEXSIDES)
      expect(m.hexside(a, b).filter((f) => f.kind === 'river')).toEqual([]);
  });
  it('each river is one continuous chain of hexsides', () => {
    const m = loadMap();
    for (const [river, keys] of Object.entries(m.data.rivers)) expect(hexsideComponents(keys), river).toBe(1);
  });
  it('18.0: every hex the scenarios name is land; every one-SP garrison sits in a fortress', () => {
    const m = loadMap();
    expect(lists.scenarioHexes.length).toBeGreaterThan(50);
    for (const h of lists.scenarioHexes) expect(m.isLand(h), h).toBe(true);
    for (const h of lists.garrisonHexes) expect(m.fortress(h), h).toBeDefined();
  });
  it('applies the transcription slips: 1760 "1424" is Neisse 1434, 1761/1762 "1107" is Mainz 1108', () => {
    expect(lists.garrisonHexes).toContain('1434');
    expect(lists.garrisonHexes).toContain('1108');
    expect(lists.garrisonHexes).not.toContain('1424');
    expect(lists.garrisonHexes).not.toContain('1107');
  });
  it('10.31 example: a 5-hex supply path runs from Dresden (1623) to Prague (1125) through a pass', () => {
    const m = loadMap();
    const p = bfsPath('1623', '1125', (a, b) => supplyMayCross(m, a, b), { maxSteps: 5 });
    expect(p).toBeDefined();
    const crossesPass = p!.some((h, i) => i > 0 && m.hexside(p![i - 1]!, h).some((f) => f.kind === 'pass'));
    expect(crossesPass).toBe(true);
  });
  it('5.45: the Bohemian ring has mountain hexsides and the Baltic coast all-sea hexsides', () => {
    const { counts } = checkMap(loadMap());
    expect(counts.mountainHexsides).toBeGreaterThan(40);
    expect(counts.passes).toBeGreaterThanOrEqual(10);
    const m = loadMap();
    expect(m.terrain('3520')).toBe('sea');
    expect(m.hexside('3321', '3421').some((f) => f.kind === 'sea') || m.terrain('3421') !== 'sea').toBe(true);
  });
});

describe('passes (5.54) sit on the historical crossings', () => {
  const byName = new Map(loadMap().data.passes.map((p) => [p.name, p.hexside]));
  it.each([
    ['Nollendorf/Peterswalde', 'saxony', 'bohemia'],
    ['Elbe valley', 'saxony', 'bohemia'],
    ['Gabel', 'saxony', 'bohemia'],
    ['Trautenau/Landeshut', 'silesia', 'bohemia'],
    ['Nachod', 'silesia', 'bohemia'],
    ['Mittelwalde (Glatz)', 'silesia', 'bohemia'],
    ['Eger', 'empire', 'bohemia'],
    ['Cham (Furth im Wald)', 'empire', 'bohemia'],
    ['Jablunka', 'moravia', 'hungary'],
  ])('%s joins %s and %s', (name, r1, r2) => {
    const m = loadMap();
    const key = byName.get(name);
    expect(key, name).toBeDefined();
    const regions = key!
      .split('/')
      .map((h) => m.region(h))
      .sort();
    expect(regions).toEqual([r1, r2].sort());
  });
  it('the Elbe valley pass is where the Elbe crosses the crest', () => {
    const m = loadMap();
    const [a, b] = byName.get('Elbe valley')!.split('/') as [string, string];
    const elbeNear = [a, b].some((h) =>
      m.neighbours(h).some((n) => m.hexside(h, n).some((f) => f.kind === 'river' && f.river === 'Elbe')),
    );
    expect(elbeNear).toBe(true);
  });
});

describe('the check catches broken maps', () => {
  it('a missing fortress', () => {
    const m = mutated((d) => {
      d.fortresses = d.fortresses.filter((f) => f.hex !== '1733');
    });
    expect(checkMap(m).violations).toContain('fortress Breslau missing from its printed hex 1733');
  });
  it('a fortress in the sea and a scenario hex in the sea', () => {
    const m = mutated((d) => setTerrain(d, '1729', '~'));
    expect(checkMap(m, lists).violations).toContain('scenario hex 1729 is sea, not land');
  });
  it('a river on an erratum hexside', () => {
    const m = mutated((d) => {
      d.rivers.Oder = [...d.rivers.Oder!, hexsideKey('1730', '1731')];
    });
    expect(checkMap(m).violations).toContain('erratum hexside 1730/1731 carries a river');
  });
  it('a river fortress off its river and a broken river', () => {
    const m = mutated((d) => {
      d.rivers.Elbe = d.rivers.Elbe!.filter((k) => !k.split('/').includes('1623'));
    });
    const v = checkMap(m).violations;
    expect(v).toContain('Dresden (1623) does not touch the Elbe');
    expect(v.some((x) => x.startsWith('river Elbe is broken into'))).toBe(true);
  });
  it('a fortress cut off from the mainland', () => {
    const m = mutated((d) => {
      d.seaHexsides = [...d.seaHexsides, ...neighboursOf('3741').map((n) => hexsideKey('3741', n))];
    });
    expect(checkMap(m).violations).toContain('3741 cannot be reached overland from Berlin (2522)');
  });
  it('a one-SP garrison hex without a fortress', () => {
    expect(checkMap(loadMap(), { garrisonHexes: ['1729'] }).violations).toEqual([
      'one-SP garrison hex 1729 is not a fortress',
    ]);
  });
  it('a Bohemian ring without its passes', () => {
    const m = mutated((d) => {
      d.mountainHexsides = [...d.mountainHexsides, ...d.passes.map((p) => p.hexside)].sort();
      d.passes = [];
    });
    const v = checkMap(m).violations;
    expect(v).toContain('no supply path of 5 hexes from Dresden (1623) to Prague (1125) (10.31 example)');
  });
  it('a ring with a gap', () => {
    const m = mutated((d) => {
      d.mountainHexsides = [];
    });
    expect(checkMap(m).violations.some((x) => x.includes('the Bohemian ring leaks'))).toBe(true);
  });
});

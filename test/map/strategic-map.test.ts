import { describe, expect, it } from 'vitest';
import { loadMap, mapFromData, normaliseName } from '../../src/map/strategic-map.js';
import { syntheticMapFile } from './synthetic.js';

describe('loadMap (the committed map)', () => {
  it('is memoised and covers rows 01-38 x columns 01-50 with terrain everywhere', () => {
    const m = loadMap();
    expect(loadMap()).toBe(m);
    expect(m.rows).toBe(38);
    expect(m.cols).toBe(50);
    expect(m.hexes()).toHaveLength(1900);
    for (const h of m.hexes()) expect(['clear', 'mountain', 'sea', 'lake']).toContain(m.terrain(h));
  });
  it('knows the fortresses by hex and by name, case- and accent-insensitively', () => {
    const m = loadMap();
    expect(m.fortress('1623')?.name).toBe('Dresden');
    expect(m.hexByName('dresden')).toBe('1623');
    expect(m.hexByName('KÖNIGGRÄTZ')).toBe('1230');
    expect(m.hexByName('Brünn')).toBe('0631');
    expect(m.hexByName('leipzig')).toBe('1720');
    expect(m.hexByName('Atlantis')).toBeUndefined();
  });
  it('answers hexside questions in either order', () => {
    const m = loadMap();
    for (const [k, fs] of m.hexsides()) {
      const [a, b] = k.split('/') as [string, string];
      expect(m.hexside(b, a)).toEqual(fs);
    }
    expect(m.hexside('1730', '1731')).toEqual([]);
  });
  it('asks "west of the Rhine" and "east of the Elbe" (18.0 special rules)', () => {
    const m = loadMap();
    expect(m.westOfRhine('1604')).toBe(true); // Cologne
    expect(m.westOfRhine('1804')).toBe(false); // Dusseldorf, right bank
    expect(m.eastOfElbe('2522')).toBe(true); // Berlin
    expect(m.eastOfElbe('2413')).toBe(false); // Hanover
  });
  it('gives every fortress its region and off-map hexes are not on the map', () => {
    const m = loadMap();
    expect(m.region('1623')).toBe('saxony');
    expect(m.region('1733')).toBe('silesia');
    expect(m.region('1125')).toBe('bohemia');
    expect(m.onMap('3901')).toBe(false);
    expect(m.onMap('0151')).toBe(false);
    expect(m.onMap('junk')).toBe(false);
  });
});

describe('lat/lon as the map draws it (the build warp)', () => {
  it('puts every fortress and town of the sources on its printed hex', async () => {
    const places = (await import('../../assets/map/src/places.json', { with: { type: 'json' } })).default;
    const m = loadMap();
    for (const p of [...places.fortresses, ...places.towns])
      expect(m.geoToHex(p.at[0]!, p.at[1]!), p.name).toBe(p.hex);
  });
  it('labels battlefields near their fortresses and inverts hex centres', () => {
    const m = loadMap();
    expect(m.geoToHex(51.1, 16.75)).toBe('1732'); // Leuthen, beside Breslau 1733
    expect(m.geoToHex(45, 10)).toBeUndefined(); // south of the map
    for (const h of ['1623', '0231', '3741', '2104']) {
      const g = m.hexToGeo(h);
      expect(m.geoToHex(g.lat, g.lon)).toBe(h);
    }
  });
});

describe('regions (1756) of the labelled towns and scenario hexes', () => {
  it.each([
    ['1720', 'saxony'],
    ['1521', 'saxony'],
    ['1121', 'bohemia'],
    ['1811', 'empire'],
    ['0519', 'empire'],
    ['2432', 'poland'],
    ['3436', 'poland'],
    ['2907', 'westphalia'],
    ['1626', 'saxony'],
    ['1729', 'silesia'],
    ['1129', 'bohemia'],
    ['2411', 'hanover'],
    ['3742', 'east-prussia'],
  ] as const)('%s lies in %s', (hex, region) => {
    expect(loadMap().region(hex)).toBe(region);
  });
});

describe('mapFromData (synthetic map)', () => {
  it('builds a map whose queries read the data', () => {
    const r = mapFromData(syntheticMapFile());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const m = r.map;
    expect(m.terrain('0103')).toBe('mountain');
    expect(m.terrain('0401')).toBe('sea');
    expect(m.terrain('0205')).toBe('lake');
    expect(m.hexside('0203', '0202')).toEqual([{ kind: 'river', river: 'Elbe' }]);
    expect(m.hexside('0202', '0102')).toEqual([{ kind: 'pass', name: 'Test pass' }]);
    expect(m.hexside('0201', '0202')).toEqual([{ kind: 'mountain' }]);
    // Land-water edges are water hexsides without being listed.
    expect(m.hexside('0301', '0401')).toEqual([{ kind: 'sea' }]);
    expect(m.hexside('0204', '0205')).toEqual([{ kind: 'lake' }]);
    expect(m.region('0403')).toBe('saxony');
    expect(m.hexByName('koniggratz')).toBe('0202');
  });
  it('returns a clear error and no map for a grid of the wrong size', () => {
    const r = mapFromData(syntheticMapFile({ terrain: ['~~..~~', '......', '....o.'] }));
    expect(r).toEqual({ ok: false, error: 'terrain: expected 4 rows, found 3' });
  });
  it('rejects unknown terrain and region characters', () => {
    const t = mapFromData(syntheticMapFile({ terrain: ['~~..~~', '..x...', '....o.', '..^...'] }));
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error).toContain('terrain: unknown character "x" at 0303');
    const g = mapFromData(syntheticMapFile({ regions: ['--SS--', 'SSSSSS', 'BBBB?B', 'BBBBBB'] }));
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.error).toContain('regions: unknown character "?" at 0205');
  });
  it('rejects a river hexside between hexes that do not touch', () => {
    const r = mapFromData(syntheticMapFile({ rivers: { Elbe: ['0202/0204'] } }));
    expect(r).toEqual({
      ok: false,
      error: 'river Elbe: hexside 0202/0204 is not between adjacent map hexes',
    });
  });
  it('rejects schema violations (negative VP) and two fortresses on one hex', () => {
    const f = syntheticMapFile().fortresses[0]!;
    expect(mapFromData(syntheticMapFile({ fortresses: [{ ...f, vp: -1 }] })).ok).toBe(false);
    const two = mapFromData(syntheticMapFile({ fortresses: [f, { ...f, name: 'Other' }] }));
    expect(two).toEqual({ ok: false, error: 'two fortresses on hex 0202' });
  });
});

describe('normaliseName', () => {
  it('folds accents, case and punctuation', () => {
    expect(normaliseName('  Olmütz ')).toBe('olmutz');
    expect(normaliseName("D'Estrées")).toBe('d estrees');
  });
});

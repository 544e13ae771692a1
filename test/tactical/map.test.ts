import { describe, expect, it } from 'vitest';
import { formatTacHex } from '../../src/tactical/hex.js';
import { loadTacticalMap, type TacticalMapFile, tacticalMapFromData } from '../../src/tactical/map.js';

/** A small synthetic battlefield: columns 8-15, rows 1-19 (odd) / 1-20 (even), as the Leuthen grid. */
function synthetic(): TacticalMapFile {
  const hexes: TacticalMapFile['hexes'] = [];
  for (let col = 8; col <= 15; col++) {
    const last = col % 2 === 0 ? 20 : 19;
    for (let row = 1; row <= last; row++)
      hexes.push({ id: formatTacHex(col, row), terrain: 'clear', elevation: 0 });
  }
  const set = (id: string, patch: Partial<TacticalMapFile['hexes'][number]>) => {
    const h = hexes.find((x) => x.id === id)!;
    Object.assign(h, patch);
  };
  set('1210', { terrain: 'village', name: 'Leuthen' });
  set('1211', { terrain: 'churchyard', name: 'Leuthen' });
  set('0905', { elevation: 2, name: 'Butterberg' });
  set('1403', { terrain: 'woods' });
  return {
    format: 1,
    id: 'test',
    name: 'Test field',
    provenance: 'reconstructed',
    rationale: 'synthetic test map',
    columns: { from: 8, to: 15 },
    rows: { from: 1, to: 20 },
    hexes,
    hexsides: [
      { a: '1010', b: '1011', features: ['stream'] },
      { a: '1109', b: '1010', features: ['stream', 'bridge', 'road'] },
    ],
    labels: [
      { name: 'Leuthen', hex: '1210', kind: 'village' },
      { name: 'Butterberg', hex: '0905', kind: 'height' },
    ],
    edges: { prussia: 'west', austria: 'east' },
  };
}

describe('tactical map loader', () => {
  it('loads a valid map and answers terrain, elevation, names and hexside lookups', () => {
    const m = loadTacticalMap(synthetic());
    expect(m.terrain('1210')).toBe('village');
    expect(m.terrain('1211')).toBe('churchyard');
    expect(m.terrain('1010')).toBe('clear');
    expect(m.elevation('0905')).toBe(2);
    expect(m.hexName('1210')).toBe('Leuthen');
    expect(m.hexsideFeatures('1011', '1010')).toEqual(['stream']);
    expect(m.hasHexsideFeature('1010', '1109', 'bridge')).toBe(true);
    expect(m.hasHexsideFeature('1010', '1109', 'abatis')).toBe(false);
    expect(m.hexsideFeatures('1010', '1012')).toEqual([]);
    expect(m.findLabel('leuthen')?.hex).toBe('1210');
    expect(m.has('0101')).toBe(false);
    expect(() => m.terrain('0101')).toThrow(/0101 is not on the map/);
  });

  it('neighbours stay on the map; the entry hexes are the west edge and both edges are found per column', () => {
    const m = loadTacticalMap(synthetic());
    expect(m.neighbours('0801')).not.toContain('0701');
    expect(m.neighbours('1010')).toHaveLength(6);
    expect(m.neighbourIn('0919', 4)).toBeUndefined(); // west of the west edge
    for (const h of ['0919', '1020', '1119', '1220', '1319', '1420']) {
      expect(m.isEdge(h, 'west')).toBe(true);
      expect(m.stepsToEdge(h, 'west')).toBe(0);
    }
    expect(m.edgeHexes('east')).toContain('0901');
    expect(m.stepsToEdge('1010', 'west')).toBe(10);
    expect(m.stepsToEdge('1001', 'west')).toBe(19);
    expect(m.friendlyEdge('prussia')).toBe('west');
    expect(m.indexOf('0801')).toBe(0);
    expect(m.indexOf('9999')).toBe(-1);
  });

  it('rejects a bad terrain naming the field', () => {
    const bad = synthetic() as unknown as { hexes: { terrain: string }[] };
    bad.hexes[3]!.terrain = 'swamp';
    const r = tacticalMapFromData(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^tactical map: hexes\[3\]\.terrain: /);
  });

  it('rejects an elevation above 2, a duplicate hex, an off-range hex and a missing field', () => {
    const e = synthetic();
    e.hexes[0]!.elevation = 3;
    expect(tacticalMapFromData(e)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/hexes\[0\]\.elevation/),
    });
    const d = synthetic();
    d.hexes.push({ ...d.hexes[0]! });
    expect(tacticalMapFromData(d)).toMatchObject({ ok: false, error: expect.stringMatching(/listed twice/) });
    const o = synthetic();
    o.hexes.push({ id: '1625', terrain: 'clear', elevation: 0 });
    expect(tacticalMapFromData(o)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/column 16 outside/),
    });
    const { edges: _e, ...noEdges } = synthetic();
    expect(tacticalMapFromData(noEdges)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^tactical map: edges/),
    });
  });

  it('rejects hexsides between non-adjacent or off-map hexes and labels off the map', () => {
    const a = synthetic();
    a.hexsides.push({ a: '1010', b: '1012', features: ['stream'] });
    expect(tacticalMapFromData(a)).toMatchObject({ ok: false, error: expect.stringMatching(/not adjacent/) });
    const b = synthetic();
    b.hexsides.push({ a: '0801', b: '0701', features: ['road'] });
    expect(tacticalMapFromData(b)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/hexsides\[2\]\.b: hex 0701/),
    });
    const c = synthetic();
    c.labels.push({ name: 'Nowhere', hex: '0101', kind: 'village' });
    expect(tacticalMapFromData(c)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/labels\[2\]\.hex/),
    });
    const d = synthetic();
    d.hexsides.push({ a: '1011', b: '1010', features: ['road'] });
    expect(tacticalMapFromData(d)).toMatchObject({ ok: false, error: expect.stringMatching(/listed twice/) });
  });
});

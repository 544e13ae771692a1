import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTacticalMapText, featuresPath, mapPath } from '../../scripts/build-tactical-map.js';
import { colRow } from '../../src/tactical/hex.js';
import { loadTacticalMap, type TacticalMapFile } from '../../src/tactical/map.js';
import { checkLeuthenMap } from '../../src/tactical/map-check.js';
import { type FeatureFile, parseFeatureFile } from '../../src/tactical/map-features.js';
import { leuthenMap } from '../../src/tactical/maps.js';

const featuresText = readFileSync(featuresPath('leuthen'), 'utf8');
const features = (parseFeatureFile(JSON.parse(featuresText)) as { ok: true; file: FeatureFile }).file;
const committed = readFileSync(mapPath('leuthen'), 'utf8');

describe('the Leuthen battlefield', () => {
  it('rebuilds byte-identical from its feature file', () => {
    expect(buildTacticalMapText(featuresText)).toBe(committed);
  });

  it('passes every map check (rules hexes, west edge, places, column 14, distances, streams, edges)', () => {
    const results = checkLeuthenMap(leuthenMap(), features);
    for (const r of results) expect(r, `${r.name}: ${r.detail}`).toMatchObject({ ok: true });
    expect(results.map((r) => r.name)).toContain('village-distances');
  });

  it('Scenario 1: column 14 lies between Frobelwitz and Leuthen', () => {
    const m = leuthenMap();
    expect(colRow(m.findLabel('Frobelwitz')!.hex).col).toBeLessThanOrEqual(14);
    expect(colRow(m.findLabel('Leuthen')!.hex).col).toBeGreaterThan(14);
  });

  it('every feature cites a known source and carries a confidence', () => {
    for (const f of features.features) {
      expect(f.source.length).toBeGreaterThan(0);
      expect(['surveyed', 'plan', 'text', 'guess']).toContain(f.confidence);
    }
  });

  it('each hex records the features that made it', () => {
    const m = leuthenMap();
    const lh = m.hex(m.findLabel('Leuthen')!.hex)!;
    expect(lh.from).toContain('leuthen');
  });
});

describe('map checks catch broken maps', () => {
  const base = JSON.parse(committed) as TacticalMapFile;
  const clone = () => JSON.parse(committed) as TacticalMapFile;
  const failing = (f: TacticalMapFile) =>
    checkLeuthenMap(loadTacticalMap(f), features)
      .filter((r) => !r.ok)
      .map((r) => r.name);

  it('a missing entry hex', () => {
    const f = clone();
    f.hexes = f.hexes.filter((h) => h.id !== '1220');
    f.hexsides = f.hexsides.filter((s) => s.a !== '1220' && s.b !== '1220');
    f.labels = f.labels.filter((l) => l.hex !== '1220');
    expect(failing(f)).toContain('rules-hexes-exist');
  });

  it('a village moved far from its feature', () => {
    const f = clone();
    const l = f.labels.find((x) => x.name === 'Borne')!;
    l.hex = '1110';
    f.hexes.find((h) => h.id === '1110')!.terrain = 'village';
    expect(failing(f)).toContain('village-distances');
  });

  it('a stream cutting a village', () => {
    const f = clone();
    const l = f.labels.find((x) => x.name === 'Leuthen')!.hex;
    const m = loadTacticalMap(base);
    const other = f.hexes.find(
      (h) => h.name === 'Leuthen' && h.terrain === 'village' && m.neighbours(l).includes(h.id),
    )!;
    f.hexsides = f.hexsides.filter((s) => !(new Set([s.a, s.b]).has(l) && new Set([s.a, s.b]).has(other.id)));
    f.hexsides.push({ a: l, b: other.id, features: ['stream'] });
    expect(failing(f)).toContain('no-stream-cuts-a-village');
  });

  it('a missing height label', () => {
    const f = clone();
    f.labels = f.labels.filter((x) => x.name !== 'Kiefernberg');
    expect(failing(f)).toContain('places-present');
  });
});

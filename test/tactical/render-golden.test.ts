// Golden images of tactical pictures: a fixed model (every marker kind) on a crop, and the base
// map, must match the stored PNGs within a small tolerance (pixelmatch discounts anti-aliasing;
// the font is shipped). Refresh after an intended change with
//   UPDATE_GOLDEN=1 npx vitest run test/tactical/render-golden.test.ts
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderTacticalMap, type TacticalRenderOptions } from '../../src/render/tactical/draw.js';
import { emptyModel, type TacticalRenderModel } from '../../src/render/tactical/model.js';
import { leuthenMap } from '../../src/tactical/maps.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';
const MAX_DIFF_PIXELS = 8;
const map = leuthenMap();

const scene: TacticalRenderModel = {
  title: 'Golden scene - turn 9 of 15',
  subtitle: 'Austrian view - operations',
  formations: [
    { id: 'colloredo-corps', side: 'austria', code: 'COL', name: 'Colloredo' },
    { id: 'arenberg-corps', side: 'austria', code: 'ARE', name: 'Arenberg' },
    { id: 'p-guard', side: 'prussia', code: 'GUA', name: 'Guard' },
    { id: 'forcade-corps', side: 'prussia', code: 'FOR', name: 'Forcade' },
  ],
  units: [
    {
      id: 'a',
      side: 'austria',
      formation: 'colloredo-corps',
      arm: 'infantry',
      hex: '2104',
      facing: 3,
      strength: 2,
      disorganized: true,
    },
    {
      id: 'b',
      side: 'austria',
      formation: 'colloredo-corps',
      arm: 'artillery',
      hex: '2104',
      facing: 3,
      strength: 3,
    },
    {
      id: 'c',
      side: 'austria',
      formation: 'arenberg-corps',
      arm: 'light-infantry',
      hex: '2004',
      facing: 2,
      strength: 1,
    },
    {
      id: 'd',
      side: 'prussia',
      formation: 'p-guard',
      arm: 'cavalry',
      hex: '2106',
      facing: 0,
      strength: 1,
      routed: true,
    },
    {
      id: 'e',
      side: 'prussia',
      formation: 'forcade-corps',
      arm: 'light-cavalry',
      hex: '2205',
      facing: 5,
      strength: 3,
    },
  ],
  leaders: [
    { id: 'charles', side: 'austria', name: 'Prince Charles', tag: 'Cha', hex: '2203', role: 'cinc' },
    {
      id: 'col',
      side: 'austria',
      name: 'Colloredo',
      hex: '2003',
      role: 'formation',
      formation: 'colloredo-corps',
      outOfCommand: true,
    },
  ],
  commandRanges: [{ hex: '2203', radius: 2, side: 'austria' }],
  linesOfFire: [
    { from: '2104', to: '2106' },
    { from: '2004', to: '2207', blocked: true },
  ],
  breached: ['2004'],
  waiting: [{ hex: '2107', side: 'prussia', count: 4 }],
};

function compare(name: string, model: TacticalRenderModel, opts: TacticalRenderOptions): number {
  const png = renderTacticalMap(map, model, opts).png;
  const file = join(dir, `${name}.png`);
  if (update || !existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, png);
    if (!update) throw new Error(`golden ${name}.png was missing and has been written; re-run the test`);
  }
  const want = PNG.sync.read(readFileSync(file));
  const got = PNG.sync.read(png);
  expect([got.width, got.height]).toEqual([want.width, want.height]);
  const out = new PNG({ width: want.width, height: want.height });
  const diff = pixelmatch(want.data, got.data, out.data, want.width, want.height, { threshold: 0.1 });
  if (diff > MAX_DIFF_PIXELS) {
    const dd = join(tmpdir(), 'ftg-tactical-golden');
    mkdirSync(dd, { recursive: true });
    writeFileSync(join(dd, `${name}.diff.png`), PNG.sync.write(out));
  }
  return diff;
}

describe('golden tactical pictures', () => {
  it(`a crop with every marker kind matches its golden within ${MAX_DIFF_PIXELS} pixels`, () => {
    expect(compare('tactical-scene', scene, { center: '2104', radius: 3, width: 600 })).toBeLessThanOrEqual(
      MAX_DIFF_PIXELS,
    );
  });

  it(`the base map at 500 px matches its golden within ${MAX_DIFF_PIXELS} pixels`, () => {
    expect(compare('tactical-base', emptyModel('Leuthen'), { width: 500 })).toBeLessThanOrEqual(
      MAX_DIFF_PIXELS,
    );
  });

  it('a changed strength is caught', () => {
    const changed = structuredClone(scene);
    changed.units[0]!.strength = 3;
    expect(compare('tactical-scene', changed, { center: '2104', radius: 3, width: 600 })).toBeGreaterThan(
      MAX_DIFF_PIXELS,
    );
  });
});

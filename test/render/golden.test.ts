// Golden-image regression: the fixed scene rendered whole, zoomed and as a battle inset must
// match the stored PNGs within a small tolerance. Refresh after an intended change with
//   UPDATE_GOLDEN=1 npx vitest run test/render/golden.test.ts
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { type RenderOptions, renderPicture, toPng } from '../../src/render/render-map.js';
import { goldenBase, goldenPicture } from './fixtures/golden-scene.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';
/**
 * Pixels allowed to differ beyond anti-aliasing (pixelmatch already discounts anti-aliased edge
 * pixels; the font is shipped). Small on purpose: one changed strength digit moves 12-17 pixels.
 */
const MAX_DIFF_PIXELS = 8;

function compare(name: string, opts: Omit<RenderOptions, 'base'>): { diff: number } {
  const r = renderPicture(goldenPicture(), { base: goldenBase, ...opts });
  if (!r.ok) throw new Error(r.error);
  const png = toPng(r.canvas);
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
    // the diff image goes to the system temp dir, never next to the goldens
    const dd = join(tmpdir(), 'ftg-render-golden');
    mkdirSync(dd, { recursive: true });
    writeFileSync(join(dd, `${name}.diff.png`), PNG.sync.write(out));
  }
  return { diff };
}

describe('golden images of the fixed scene', () => {
  for (const [name, opts] of [
    ['scene-full', { scale: 40 }],
    ['scene-zoom', { centre: '0606', radius: 2 }],
    [
      'scene-inset',
      { centre: '0606', radius: 1, legend: false, caption: 'Battle at Dresden (0606) · Turn 9' },
    ],
  ] as const) {
    it(`${name} matches its golden within ${MAX_DIFF_PIXELS} pixels`, () => {
      const { diff } = compare(name, opts);
      expect(diff).toBeLessThanOrEqual(MAX_DIFF_PIXELS);
    });
  }

  it('one changed strength digit is caught (the comparison can fail)', () => {
    const p = goldenPicture();
    p.stacks[0]!.strength = 16;
    const r = renderPicture(p, { base: goldenBase, scale: 40 });
    if (!r.ok) throw new Error(r.error);
    const want = PNG.sync.read(readFileSync(join(dir, 'scene-full.png')));
    const got = PNG.sync.read(toPng(r.canvas));
    const diff = pixelmatch(want.data, got.data, undefined, want.width, want.height, { threshold: 0.1 });
    expect(diff).toBeGreaterThan(MAX_DIFF_PIXELS);
  });
});

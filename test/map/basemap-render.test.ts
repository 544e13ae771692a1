import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { loadMap } from '../../src/map/strategic-map.js';
import { bannerHeight, basemapCanvas, basemapPng, cachedBasemap } from '../../src/render/basemap.js';
import { hexPixel } from '../../src/render/geometry.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('base-layer render (smoke)', () => {
  it('draws the full map as a PNG of the expected size', () => {
    const map = loadMap();
    const png = basemapPng(map, { scale: 8 });
    expect(png.subarray(0, 8).equals(SIGNATURE)).toBe(true);
    const img = PNG.sync.read(png);
    const { viewport } = cachedBasemap(map, { scale: 8 });
    expect(img.width).toBe(viewport.width);
    expect(img.height).toBe(viewport.height + bannerHeight(8));
  });
  it('draws a crop around a hex with the hex in the middle', () => {
    const map = loadMap();
    const base = cachedBasemap(map, { center: '1623', radius: 3, scale: 20 });
    const img = PNG.sync.read(base.canvas.toBuffer('image/png'));
    expect(img.width).toBe(base.viewport.width);
    expect(img.height).toBe(base.viewport.height);
    const p = hexPixel(base.viewport, map, '1623');
    expect(Math.abs(p.x - img.width / 2)).toBeLessThan(20);
    expect(Math.abs(p.y - img.height / 2)).toBeLessThan(20);
    // Dresden's fortress symbol is drawn in fortress red at the hex centre's ring.
    const i = (Math.round(p.y - 5) * img.width + Math.round(p.x)) * 4;
    expect(img.data[i]! > 100 && img.data[i + 1]! < 80).toBe(true);
  });
  it('caches per option set and hands out independent copies', () => {
    const map = loadMap();
    expect(cachedBasemap(map, { scale: 8 })).toBe(cachedBasemap(map, { scale: 8 }));
    const a = basemapCanvas(map, { scale: 8 });
    const b = basemapCanvas(map, { scale: 8 });
    expect(a.canvas).not.toBe(b.canvas);
    expect(a.canvas.width).toBe(b.canvas.width);
  });
});

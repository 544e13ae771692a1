// The map engineer's base layer (basemap.ts) behind the renderer's BaseLayer interface. The whole
// map is cached once per scale (basemap.ts's cache); zoom crops are kept here in a small
// least-recently-used cache per (centre, radius, scale), so a bot rendering many different zooms
// does not grow without bound. The renderer then draws only the per-view layers on top.
import type { CanvasRenderingContext2D } from 'canvas';
import type { LoadedMap } from '../map/strategic-map.js';
import type { BaseLayer, Crop } from './base-layer.js';
import { type Basemap, cachedBasemap, drawBasemap, renderBasemap } from './basemap.js';
import type { Viewport } from './layout.js';

function sameView(a: Viewport, b: Viewport): boolean {
  const eq = (x: number, y: number) => Math.abs(x - y) < 1e-6;
  return (
    eq(a.x0, b.x0) && eq(a.y0, b.y0) && eq(a.scale, b.scale) && a.width === b.width && a.height === b.height
  );
}

/** How many zoom crops stay cached (about 4 MB each at the default zoom size). */
export const CROP_CACHE_SIZE = 16;

export function campaignBase(map: LoadedMap): BaseLayer {
  const crops = new Map<string, Basemap>();
  const cropFor = (crop: Crop, scale: number): Basemap => {
    const key = `${crop.centre}/${crop.radius}/${scale}`;
    let b = crops.get(key);
    if (b) crops.delete(key);
    else
      b = renderBasemap(map, {
        center: crop.centre,
        radius: crop.radius,
        scale,
        legend: false,
        labels: false,
      });
    crops.set(key, b); // most recent last
    while (crops.size > CROP_CACHE_SIZE) crops.delete(crops.keys().next().value as string);
    return b;
  };
  return {
    grid: { rows: map.rows, cols: map.cols },
    draw(ctx: CanvasRenderingContext2D, vp: Viewport, crop?: Crop) {
      const cached = crop
        ? cropFor(crop, vp.scale)
        : cachedBasemap(map, { scale: vp.scale, legend: false, hexNumbers: false, labels: false });
      const cv = cached.viewport;
      if (!crop) {
        // whole map cached: copy the part under the viewport
        const sx = (vp.x0 - cv.x0) * vp.scale + cv.offsetX;
        const sy = (vp.y0 - cv.y0) * vp.scale + cv.offsetY;
        ctx.drawImage(
          cached.canvas,
          sx,
          sy,
          vp.width,
          vp.height,
          vp.offsetX,
          vp.offsetY,
          vp.width,
          vp.height,
        );
        return;
      }
      if (sameView(cv, vp)) {
        ctx.drawImage(
          cached.canvas,
          cv.offsetX,
          cv.offsetY,
          vp.width,
          vp.height,
          vp.offsetX,
          vp.offsetY,
          vp.width,
          vp.height,
        );
        return;
      }
      // a viewport the cache does not describe: draw directly (slower, still correct)
      drawBasemap(ctx, map, vp, { center: crop.centre, radius: crop.radius, scale: vp.scale, labels: false });
    },
    hexByName: (name) => map.hexByName(name),
    places: () => [
      ...map.fortresses().map((f) => ({ hex: f.hex, name: f.name, kind: 'fortress' as const })),
      ...map.towns().map((t) => ({ hex: t.hex, name: t.name, kind: 'town' as const })),
    ],
    fortressName: (hex) => map.fortress(hex)?.name,
    isFortress: (hex) => map.fortress(hex) !== undefined,
    isLand: (hex) => map.isLand(hex),
  };
}

// The map engineer's base layer (basemap.ts) behind the renderer's BaseLayer interface. The whole
// map is cached once per scale; zoom crops are cached per (centre, radius, scale) by basemap.ts's
// own cache. The renderer then draws only the per-view layers on top.
import type { CanvasRenderingContext2D } from 'canvas';
import type { LoadedMap } from '../map/strategic-map.js';
import type { BaseLayer, Crop } from './base-layer.js';
import { cachedBasemap, drawBasemap } from './basemap.js';
import type { Viewport } from './layout.js';

function sameView(a: Viewport, b: Viewport): boolean {
  const eq = (x: number, y: number) => Math.abs(x - y) < 1e-6;
  return (
    eq(a.x0, b.x0) && eq(a.y0, b.y0) && eq(a.scale, b.scale) && a.width === b.width && a.height === b.height
  );
}

export function campaignBase(map: LoadedMap): BaseLayer {
  return {
    grid: { rows: map.rows, cols: map.cols },
    draw(ctx: CanvasRenderingContext2D, vp: Viewport, crop?: Crop) {
      const cached = crop
        ? cachedBasemap(map, {
            center: crop.centre,
            radius: crop.radius,
            scale: vp.scale,
            legend: false,
            labels: false,
          })
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

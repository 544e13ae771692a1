// The map engineer's base layer (basemap.ts) behind the renderer's BaseLayer interface. The whole
// map is cached once per scale; zoom crops are cached per (centre, radius, scale) by basemap.ts's
// own cache. The renderer then draws only the per-view layers on top.
import type { CanvasRenderingContext2D } from 'canvas';
import type { LoadedMap } from '../map/strategic-map.js';
import type { HexId } from '../map/types.js';
import type { BaseLayer, Crop } from './base-layer.js';
import { cachedBasemap, drawBasemap } from './basemap.js';
import { font } from './fonts.js';
import { hexWorld } from './geometry.js';
import type { Box } from './labels.js';
import { inView, toPixel, type Viewport } from './layout.js';

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
        ? cachedBasemap(map, { center: crop.centre, radius: crop.radius, scale: vp.scale, legend: false })
        : cachedBasemap(map, { scale: vp.scale, legend: false, hexNumbers: false });
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
      drawBasemap(ctx, map, vp, { center: crop.centre, radius: crop.radius, scale: vp.scale });
    },
    labelBoxes(ctx, vp) {
      // Mirrors basemap.ts's placement: fortress names centred under the star, town names to
      // the right of the dot (sizes as drawn there).
      const s = vp.scale;
      const out: Box[] = [];
      const seen = (hex: HexId) => {
        const c = hexWorld(hex, map);
        return inView(vp, c) ? toPixel(vp, c) : undefined;
      };
      for (const f of map.fortresses()) {
        const c = seen(f.hex);
        if (!c) continue;
        const size = Math.max(8, s * 0.52);
        ctx.font = font(size, true);
        const w = ctx.measureText(f.name).width + size * 0.3;
        const ro = Math.max(4, s * 0.36);
        out.push({ x: c.x - w / 2, y: c.y + ro * 1.02, w, h: size * 1.15 });
      }
      for (const t of map.towns()) {
        const c = seen(t.hex);
        if (!c) continue;
        const size = Math.max(8, s * 0.48);
        ctx.font = font(size);
        const w = ctx.measureText(t.name).width + size * 0.3;
        out.push({ x: c.x + s * 0.22, y: c.y - size * 0.6, w, h: size * 1.2 });
      }
      return out;
    },
    fortressName: (hex) => map.fortress(hex)?.name,
    isFortress: (hex) => map.fortress(hex) !== undefined,
    isLand: (hex) => map.isLand(hex),
  };
}

// Pixel geometry of the strategic-map base layer. World units: hex size (centre to corner) = 1,
// x east, y DOWN (north at the top), row 1 at the bottom; the same convention and Viewport shape
// as src/render/layout.ts, so counters drawn with layout.ts land exactly on the base layer.
import { hexCentre as planeCentre, SQRT3 } from '../map/hex.js';
import type { HexId } from '../map/types.js';
import {
  type Grid as GridSize,
  fullViewport as layoutFullViewport,
  type Viewport as MapViewport,
  type Point as Pt,
  toPixel,
  zoomViewport,
} from './layout.js';

// The point, grid and viewport shapes are layout.ts's (one home): the names here are aliases.
export type { Grid as GridSize, Point as Pt, Viewport as MapViewport } from './layout.js';

/** src/map hex space (y north) to render world space (y down). */
export function planeToWorld(p: Pt, grid: GridSize): Pt {
  return { x: p.x - SQRT3 / 2, y: grid.rows * 1.5 + 1 - p.y };
}

export function hexWorld(hex: HexId, grid: GridSize): Pt {
  return planeToWorld(planeCentre(hex), grid);
}

// World size, pixel mapping and crops are layout.ts's: one implementation, so the base layer and
// the counters drawn over it can never drift apart.
export { toPixel, worldSize } from './layout.js';

export function hexPixel(vp: MapViewport, grid: GridSize, hex: HexId): Pt {
  return toPixel(vp, hexWorld(hex, grid));
}

/** The whole map at `scale` pixels per hex size, with a pixel margin around it. */
export function fullViewport(grid: GridSize, scale: number, margin = 0): MapViewport {
  return { ...layoutFullViewport(grid, scale, margin), offsetX: margin };
}

/** A crop centred on a hex showing about `radius` hexes each way, clamped to the map. */
export function cropViewport(grid: GridSize, centre: HexId, radius: number, scale: number): MapViewport {
  return zoomViewport(grid, centre, radius, scale);
}

/** Is a world point within the viewport (plus a margin in world units)? */
export function inViewport(vp: MapViewport, p: Pt, margin = 1.5): boolean {
  const w = vp.width / vp.scale;
  const h = vp.height / vp.scale;
  return (
    p.x >= vp.x0 - margin && p.x <= vp.x0 + w + margin && p.y >= vp.y0 - margin && p.y <= vp.y0 + h + margin
  );
}

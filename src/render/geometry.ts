// Pixel geometry of the strategic-map base layer. World units: hex size (centre to corner) = 1,
// x east, y DOWN (north at the top), row 1 at the bottom; the same convention and Viewport shape
// as src/render/layout.ts, so counters drawn with layout.ts land exactly on the base layer.
import { hexCentre as planeCentre, SQRT3 } from '../map/hex.js';
import type { HexId } from '../map/types.js';

export interface Pt {
  x: number;
  y: number;
}

/** Same fields as layout.ts's Viewport (structurally interchangeable). */
export interface MapViewport {
  x0: number;
  y0: number;
  /** Pixels per world unit (hex size in pixels). */
  scale: number;
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
}

export interface GridSize {
  rows: number;
  cols: number;
}

/** src/map hex space (y north) to render world space (y down). */
export function planeToWorld(p: Pt, grid: GridSize): Pt {
  return { x: p.x - SQRT3 / 2, y: grid.rows * 1.5 + 1 - p.y };
}

export function hexWorld(hex: HexId, grid: GridSize): Pt {
  return planeToWorld(planeCentre(hex), grid);
}

export function worldSize(grid: GridSize): { width: number; height: number } {
  return { width: ((2 * grid.cols + 1) * SQRT3) / 2, height: (grid.rows - 1) * 1.5 + 2 };
}

export function toPixel(vp: MapViewport, p: Pt): Pt {
  return { x: vp.offsetX + (p.x - vp.x0) * vp.scale, y: vp.offsetY + (p.y - vp.y0) * vp.scale };
}

export function hexPixel(vp: MapViewport, grid: GridSize, hex: HexId): Pt {
  return toPixel(vp, hexWorld(hex, grid));
}

/** The whole map at `scale` pixels per hex size, with a pixel margin around it. */
export function fullViewport(grid: GridSize, scale: number, margin = 0): MapViewport {
  const w = worldSize(grid);
  return {
    x0: 0,
    y0: 0,
    scale,
    width: Math.ceil(w.width * scale),
    height: Math.ceil(w.height * scale),
    offsetX: margin,
    offsetY: margin,
  };
}

/** A crop centred on a hex showing about `radius` hexes each way, clamped to the map. */
export function cropViewport(grid: GridSize, centre: HexId, radius: number, scale: number): MapViewport {
  const c = hexWorld(centre, grid);
  const w = worldSize(grid);
  const halfW = Math.min(w.width / 2, (radius + 0.5) * SQRT3 + 0.1);
  const halfH = Math.min(w.height / 2, radius * 1.5 + 1.1);
  const x0 = Math.min(Math.max(0, c.x - halfW), w.width - 2 * halfW);
  const y0 = Math.min(Math.max(0, c.y - halfH), w.height - 2 * halfH);
  return {
    x0,
    y0,
    scale,
    width: Math.round(2 * halfW * scale),
    height: Math.round(2 * halfH * scale),
    offsetX: 0,
    offsetY: 0,
  };
}

/** Is a world point within the viewport (plus a margin in world units)? */
export function inViewport(vp: MapViewport, p: Pt, margin = 1.5): boolean {
  const w = vp.width / vp.scale;
  const h = vp.height / vp.scale;
  return (
    p.x >= vp.x0 - margin && p.x <= vp.x0 + w + margin && p.y >= vp.y0 - margin && p.y <= vp.y0 + h + margin
  );
}

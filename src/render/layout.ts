// Pixel geometry of the strategic map for drawing: pointy-topped hexes, rows counted from the
// south, even rows shifted half a hex east (map-facts.md). World units have a hex "size"
// (centre to corner) of 1; a Viewport maps world units to canvas pixels.
import type { HexId } from '../engine/index.js';
import { doubledX } from '../map/hex.js';

const SQRT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

export interface Grid {
  rows: number;
  cols: number;
}

export interface Viewport {
  /** World coordinates of the canvas's top-left corner of the map area. */
  x0: number;
  y0: number;
  /** Pixels per world unit (= hex size in pixels). */
  scale: number;
  /** Map area in pixels. */
  width: number;
  height: number;
  /** Pixel offset of the map area inside the canvas (the banner sits above it). */
  offsetX: number;
  offsetY: number;
}

function parse(hex: HexId): { row: number; col: number } | undefined {
  const m = /^(\d{2})(\d{2})$/.exec(hex);
  if (!m) return undefined;
  return { row: Number(m[1]), col: Number(m[2]) };
}

/** World-unit centre of a hex (row 1 at the bottom). Undefined for a malformed id. */
export function hexCentre(hex: HexId, grid: Grid): Point | undefined {
  const p = parse(hex);
  if (!p) return undefined;
  const dx = doubledX(p.row, p.col);
  return { x: ((dx - 1) * SQRT3) / 2, y: (grid.rows - p.row) * 1.5 + 1 };
}

/** World size of the whole grid. */
export function worldSize(grid: Grid): { width: number; height: number } {
  return { width: ((2 * grid.cols + 1) * SQRT3) / 2, height: (grid.rows - 1) * 1.5 + 2 };
}

/** The six corners of a hex of size 1 around a centre, starting at the top, clockwise. */
export function hexCorners(c: Point, size = 1): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    out.push({ x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) });
  }
  return out;
}

/** Canvas pixel of a world point. */
export function toPixel(vp: Viewport, p: Point): Point {
  return { x: vp.offsetX + (p.x - vp.x0) * vp.scale, y: vp.offsetY + (p.y - vp.y0) * vp.scale };
}

/** Pixel centre of a hex in a viewport. */
export function hexPixel(vp: Viewport, grid: Grid, hex: HexId): Point | undefined {
  const c = hexCentre(hex, grid);
  return c ? toPixel(vp, c) : undefined;
}

/** A viewport showing the whole grid at `scale` pixels per hex size. */
export function fullViewport(grid: Grid, scale: number, offsetY = 0): Viewport {
  const w = worldSize(grid);
  return {
    x0: 0,
    y0: 0,
    scale,
    width: Math.ceil(w.width * scale),
    height: Math.ceil(w.height * scale),
    offsetX: 0,
    offsetY,
  };
}

/**
 * A viewport centred on a hex showing `radius` hexes around it, at `scale`; clamped to the grid
 * so the picture never shows empty space beyond the map edge when the map is big enough.
 */
export function zoomViewport(
  grid: Grid,
  centre: HexId,
  radius: number,
  scale: number,
  offsetY = 0,
): Viewport {
  const c = hexCentre(centre, grid) ?? { x: 0, y: 0 };
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
    offsetY,
  };
}

/** Is a world point inside the viewport (with a margin in world units)? */
export function inView(vp: Viewport, p: Point, margin = 1): boolean {
  const w = vp.width / vp.scale;
  const h = vp.height / vp.scale;
  return (
    p.x >= vp.x0 - margin && p.x <= vp.x0 + w + margin && p.y >= vp.y0 - margin && p.y <= vp.y0 + h + margin
  );
}

/** Trace a polyline (moveTo the first point, lineTo the rest) into any 2D path context. */
export function tracePath(
  ctx: { moveTo(x: number, y: number): void; lineTo(x: number, y: number): void },
  pts: readonly Point[],
): void {
  for (let i = 0; i < pts.length; i++) {
    const q = pts[i]!;
    if (i === 0) ctx.moveTo(q.x, q.y);
    else ctx.lineTo(q.x, q.y);
  }
}

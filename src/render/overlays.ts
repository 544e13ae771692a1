// Per-view overlays drawn between the base map and the counters: the supply area of the
// viewer's side (10.x) and the last phase's moves of the viewer's own forces.
import type { CanvasRenderingContext2D } from 'canvas';
import type { HexId } from '../engine/index.js';
import {
  type Grid,
  hexCentre,
  hexCorners,
  inView,
  type Point,
  toPixel,
  tracePath,
  type Viewport,
} from './layout.js';
import type { PictureMove } from './model.js';
import { NATION_STYLE, UI } from './palette.js';

/** Wash the hexes in supply and outline the edge of the supplied area. */
export function drawSupply(
  ctx: CanvasRenderingContext2D,
  vp: Viewport,
  grid: Grid,
  hexes: readonly HexId[],
): void {
  const set = new Set(hexes);
  ctx.fillStyle = UI.supplyWash;
  for (const hex of set) {
    const c = hexCentre(hex, grid);
    if (!c || !inView(vp, c)) continue;
    const corners = hexCorners(c).map((q) => toPixel(vp, q));
    ctx.beginPath();
    tracePath(ctx, corners);
    ctx.closePath();
    ctx.fill();
  }
  // Outline: edges between a supplied hex and one that is not, dotted so colour is not the only cue.
  ctx.strokeStyle = UI.supplyEdge;
  ctx.lineWidth = Math.max(1, vp.scale * 0.08);
  ctx.setLineDash([vp.scale * 0.12, vp.scale * 0.1]);
  ctx.beginPath();
  for (const hex of set) {
    const c = hexCentre(hex, grid);
    if (!c || !inView(vp, c)) continue;
    const corners = hexCorners(c);
    for (let i = 0; i < 6; i++) {
      const a = corners[i]!;
      const b = corners[(i + 1) % 6]!;
      // the neighbour across edge i: reflect the centre over the edge midpoint
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const other = { x: 2 * mid.x - c.x, y: 2 * mid.y - c.y };
      if (hasHexAt(set, grid, other)) continue;
      const pa = toPixel(vp, a);
      const pb = toPixel(vp, b);
      ctx.moveTo(pa.x, pa.y);
      ctx.lineTo(pb.x, pb.y);
    }
  }
  ctx.stroke();
  ctx.setLineDash([]);
}

function hasHexAt(set: Set<HexId>, grid: Grid, p: Point): boolean {
  const row = Math.round(grid.rows - (p.y - 1) / 1.5);
  const dx = Math.round((p.x * 2) / Math.sqrt(3) + 1);
  const col = (dx - (row % 2 === 0 ? 1 : 0)) / 2;
  if (!Number.isInteger(col) || row < 1 || col < 1) return false;
  return set.has(`${String(row).padStart(2, '0')}${String(col).padStart(2, '0')}`);
}

/** The viewer's last moves: a cased polyline through the hex centres with an arrowhead. */
export function drawMoves(
  ctx: CanvasRenderingContext2D,
  vp: Viewport,
  grid: Grid,
  moves: readonly PictureMove[],
): void {
  for (const m of moves) {
    const pts = m.path.map((h) => hexCentre(h, grid)).filter((p): p is Point => p !== undefined);
    if (pts.length < 2) continue;
    const px = pts.map((p) => toPixel(vp, p));
    const w = Math.max(2, vp.scale * 0.16);
    for (const [style, width] of [
      [UI.moveCasing, w * 2.2],
      [NATION_STYLE[m.nationality].fill, w],
    ] as const) {
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.lineJoin = 'round';
      ctx.lineCap = 'round';
      ctx.setLineDash(style === UI.moveCasing ? [] : [w * 2.2, w * 1.2]);
      ctx.beginPath();
      tracePath(ctx, px);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // start dot and arrowhead (drawn short of the centre so the counter does not hide it)
    const a = px[px.length - 2]!;
    const b = px[px.length - 1]!;
    const ang = Math.atan2(b.y - a.y, b.x - a.x);
    const tip = { x: b.x - Math.cos(ang) * vp.scale * 0.74, y: b.y - Math.sin(ang) * vp.scale * 0.74 };
    const L = Math.max(7, vp.scale * 0.55);
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y);
    ctx.lineTo(tip.x - L * Math.cos(ang - 0.45), tip.y - L * Math.sin(ang - 0.45));
    ctx.lineTo(tip.x - L * Math.cos(ang + 0.45), tip.y - L * Math.sin(ang + 0.45));
    ctx.closePath();
    ctx.fillStyle = NATION_STYLE[m.nationality].fill;
    ctx.fill();
    ctx.lineWidth = Math.max(1, vp.scale * 0.06);
    ctx.strokeStyle = UI.moveCasing;
    ctx.stroke();
    const s = px[0]!;
    ctx.beginPath();
    ctx.arc(s.x, s.y, w * 1.1, 0, Math.PI * 2);
    ctx.fillStyle = UI.moveCasing;
    ctx.fill();
    ctx.lineWidth = Math.max(1, w * 0.5);
    ctx.strokeStyle = NATION_STYLE[m.nationality].fill;
    ctx.stroke();
  }
}

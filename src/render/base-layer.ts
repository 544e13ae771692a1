// The base layer seen through the renderer: anything that can draw the static map (terrain,
// water, rivers, ridges, fortresses, towns) under a viewport. The map engineer's basemap
// (src/render/basemap.ts) is the real one; `simpleBase` is a plain stand-in drawn straight from
// the StrategicMap so the renderer works and is testable on its own. Both cache their pixels per
// scale, so only the per-view layers are drawn on each render.
import { type Canvas, type CanvasRenderingContext2D, createCanvas } from 'canvas';
import type { HexId } from '../engine/index.js';
import type { LoadedMap } from '../map/strategic-map.js';
import { font } from './fonts.js';
import type { Box } from './labels.js';
import {
  type Grid,
  hexCentre,
  hexCorners,
  type Point,
  tracePath,
  type Viewport,
  worldSize,
} from './layout.js';

export interface Crop {
  centre: HexId;
  radius: number;
}

export interface BaseLayer {
  readonly grid: Grid;
  /**
   * Draw the base map under a viewport into the canvas (at vp.offsetX/offsetY). `crop` names the
   * zoom the viewport was made for (zoomViewport(grid, centre, radius, scale)), if any.
   */
  draw(ctx: CanvasRenderingContext2D, vp: Viewport, crop?: Crop): void;
  /** Fortress name of a hex (for insets and label avoidance), if any. */
  fortressName(hex: HexId): string | undefined;
  /** Is the hex a fortress hex? */
  isFortress(hex: HexId): boolean;
  /** Is the hex land (counters never stand on water)? */
  isLand(hex: HexId): boolean;
  /** Pixel boxes of place names the base layer itself drew under a viewport (labels avoid them). */
  labelBoxes?(ctx: CanvasRenderingContext2D, vp: Viewport): Box[];
  /**
   * Place names the renderer should letter itself (the base left them out so they can be set
   * around the counters without collisions).
   */
  places?(): readonly Place[];
  /** A fortress or town by name (accent- and case-insensitive). */
  hexByName?(name: string): HexId | undefined;
}

export interface Place {
  hex: HexId;
  name: string;
  kind: 'fortress' | 'town';
}

const TERRAIN_FILL = {
  clear: '#EEE6CF',
  mountain: '#CDB892',
  sea: '#AFCFE3',
  lake: '#AFCFE3',
} as const;

/** The two corners two adjacent hexes share (world units), or undefined. */
export function sharedEdge(a: HexId, b: HexId, grid: Grid): [Point, Point] | undefined {
  const ca = hexCentre(a, grid);
  const cb = hexCentre(b, grid);
  if (!ca || !cb) return undefined;
  const pa = hexCorners(ca);
  const pb = hexCorners(cb);
  const shared = pa.filter((p) => pb.some((q) => Math.abs(p.x - q.x) < 1e-6 && Math.abs(p.y - q.y) < 1e-6));
  return shared.length === 2 ? [shared[0]!, shared[1]!] : undefined;
}

/** A plain base map drawn from the StrategicMap, cached per scale. */
export function simpleBase(map: LoadedMap): BaseLayer {
  const grid: Grid = { rows: map.rows, cols: map.cols };
  const cache = new Map<number, Canvas>();

  const paint = (scale: number): Canvas => {
    const ws = worldSize(grid);
    const cv = createCanvas(Math.ceil(ws.width * scale), Math.ceil(ws.height * scale));
    const ctx = cv.getContext('2d');
    ctx.fillStyle = TERRAIN_FILL.sea;
    ctx.fillRect(0, 0, cv.width, cv.height);
    const px = (p: Point): Point => ({ x: p.x * scale, y: p.y * scale });
    const hexPath = (hex: HexId, shrink = 1) => {
      const c = hexCentre(hex, grid)!;
      const corners = hexCorners(c, shrink).map(px);
      ctx.beginPath();
      tracePath(ctx, corners);
      ctx.closePath();
    };
    for (const hex of map.hexes()) {
      hexPath(hex);
      ctx.fillStyle = TERRAIN_FILL[map.terrain(hex)];
      ctx.fill();
      if (map.isLand(hex)) {
        ctx.strokeStyle = 'rgba(120, 100, 60, 0.28)';
        ctx.lineWidth = Math.max(0.5, scale * 0.04);
        ctx.stroke();
      }
      if (map.terrain(hex) === 'mountain') {
        const c = px(hexCentre(hex, grid)!);
        ctx.strokeStyle = 'rgba(90, 60, 30, 0.55)';
        ctx.lineWidth = Math.max(0.8, scale * 0.06);
        ctx.beginPath();
        ctx.moveTo(c.x - scale * 0.45, c.y + scale * 0.25);
        ctx.lineTo(c.x - scale * 0.15, c.y - scale * 0.2);
        ctx.lineTo(c.x + scale * 0.1, c.y + scale * 0.1);
        ctx.lineTo(c.x + scale * 0.3, c.y - scale * 0.12);
        ctx.lineTo(c.x + scale * 0.5, c.y + scale * 0.25);
        ctx.stroke();
      }
    }
    ctx.lineCap = 'round';
    for (const [key, features] of map.hexsides()) {
      const [a, b] = key.split('/') as [HexId, HexId];
      const edge = sharedEdge(a, b, grid);
      if (!edge) continue;
      const p = px(edge[0]);
      const q = px(edge[1]);
      const kinds = new Set(features.map((f) => f.kind));
      if (kinds.has('river')) {
        ctx.strokeStyle = '#2F6FB5';
        ctx.lineWidth = Math.max(1.2, scale * 0.13);
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(q.x, q.y);
        ctx.stroke();
      }
      if (kinds.has('mountain')) {
        ctx.strokeStyle = kinds.has('pass') ? '#8A6A44' : '#5A3B1C';
        ctx.lineWidth = Math.max(1.6, scale * 0.2);
        ctx.setLineDash(kinds.has('pass') ? [scale * 0.18, scale * 0.22] : []);
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(q.x, q.y);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
    for (const t of map.towns()) {
      const c = px(hexCentre(t.hex, grid)!);
      ctx.fillStyle = '#3A3226';
      ctx.beginPath();
      ctx.arc(c.x, c.y, Math.max(1.5, scale * 0.1), 0, Math.PI * 2);
      ctx.fill();
    }
    for (const f of map.fortresses()) {
      const c = px(hexCentre(f.hex, grid)!);
      const r = scale * 0.32;
      ctx.fillStyle = '#3A3226';
      ctx.beginPath();
      for (let i = 0; i < 10; i++) {
        const a = (Math.PI / 5) * i - Math.PI / 2;
        const rr = i % 2 === 0 ? r : r * 0.5;
        const x = c.x + rr * Math.cos(a);
        const y = c.y + rr * Math.sin(a);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.closePath();
      ctx.fill();
      // VP value in a small box at the star's upper right (names are lettered by the renderer)
      const vs = Math.max(7, scale * 0.42);
      ctx.fillStyle = '#1F4E79';
      ctx.fillRect(c.x + r * 0.75, c.y - r * 1.15, vs * (String(f.vp).length > 1 ? 1.35 : 0.95), vs);
      ctx.fillStyle = '#FFFFFF';
      ctx.font = font(vs * 0.82, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(
        String(f.vp),
        c.x + r * 0.75 + (vs * (String(f.vp).length > 1 ? 1.35 : 0.95)) / 2,
        c.y - r * 1.15 + vs / 2,
      );
    }
    return cv;
  };

  return {
    grid,
    draw(ctx, vp) {
      let cv = cache.get(vp.scale);
      if (!cv) {
        cv = paint(vp.scale);
        cache.set(vp.scale, cv);
      }
      const sx = vp.x0 * vp.scale;
      const sy = vp.y0 * vp.scale;
      ctx.drawImage(cv, sx, sy, vp.width, vp.height, vp.offsetX, vp.offsetY, vp.width, vp.height);
    },
    fortressName: (hex) => map.fortress(hex)?.name,
    isFortress: (hex) => map.fortress(hex) !== undefined,
    isLand: (hex) => map.isLand(hex),
    hexByName: (name) => map.hexByName(name),
    places: () => [
      ...map.fortresses().map((f) => ({ hex: f.hex, name: f.name, kind: 'fortress' as const })),
      ...map.towns().map((t) => ({ hex: t.hex, name: t.name, kind: 'town' as const })),
    ],
  };
}

// The strategic map's base layer: terrain, coasts, rivers, mountain hexsides and passes, region
// tints and borders, fortresses (name + VP), towns, hex numbers on zoomed crops. It draws into
// any canvas context through a viewport (see geometry.ts, same shape as layout.ts), so the
// per-seat campaign renderer can reuse it: draw the cached base, then counters on top.
import { type Canvas, type CanvasRenderingContext2D, createCanvas } from 'canvas';
import { hexCorners, hexsideEndpoints } from '../map/hex.js';
import type { LoadedMap } from '../map/strategic-map.js';
import type { HexId, RegionId } from '../map/types.js';
import { BASEMAP_COLOURS as C, REGION_LABEL, REGION_TINT } from './basemap-palette.js';
import { ensureFonts, font } from './fonts.js';
import {
  cropViewport,
  fullViewport,
  hexWorld,
  inViewport,
  type MapViewport,
  type Pt,
  planeToWorld,
  toPixel,
} from './geometry.js';

export interface BasemapOptions {
  /** Pixels per hex size (centre to corner). Default 16 for the full map, 30 for crops. */
  scale?: number;
  /** Crop around this hex... */
  center?: HexId;
  /** ...showing this many hexes each way (default 6). */
  radius?: number;
  /** Fortress and town names (default true). */
  labels?: boolean;
  /** Hex numbers (default: on when scale >= 24). */
  hexNumbers?: boolean;
  /** Region tint and region names (default true). */
  regions?: boolean;
  /** Title and legend on the full map (default true when not cropped). */
  legend?: boolean;
}

export interface Basemap {
  canvas: Canvas;
  viewport: MapViewport;
}

/** The viewport a set of options describes. */
export function basemapViewport(map: LoadedMap, opts: BasemapOptions = {}): MapViewport {
  if (opts.center) return cropViewport(map, opts.center, opts.radius ?? 6, opts.scale ?? 30);
  return fullViewport(map, opts.scale ?? 16, 0);
}

function worldCorners(map: LoadedMap, hex: HexId): Pt[] {
  return hexCorners(hex).map((p) => planeToWorld(p, map));
}

function sideWorld(map: LoadedMap, a: HexId, b: HexId): [Pt, Pt] {
  const [p, q] = hexsideEndpoints(a, b);
  return [planeToWorld(p, map), planeToWorld(q, map)];
}

function path(ctx: CanvasRenderingContext2D, pts: Pt[]): void {
  ctx.beginPath();
  pts.forEach((p, i) => {
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
  ctx.closePath();
}

function haloText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  size: number,
  bold = false,
) {
  ctx.font = font(size, bold);
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, size * 0.28);
  ctx.strokeStyle = C.halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = C.label;
  ctx.fillText(text, x, y);
}

/** Draw the base layer into ctx for the viewport. */
export function drawBasemap(
  ctx: CanvasRenderingContext2D,
  map: LoadedMap,
  vp: MapViewport,
  opts: BasemapOptions = {},
): void {
  ensureFonts();
  const s = vp.scale;
  const px = (p: Pt) => toPixel(vp, p);
  const labels = opts.labels ?? true;
  const hexNumbers = opts.hexNumbers ?? s >= 24;
  const regions = opts.regions ?? true;
  const visible = map.hexes().filter((h) => inViewport(vp, hexWorld(h, map)));

  ctx.save();
  ctx.beginPath();
  ctx.rect(vp.offsetX, vp.offsetY, vp.width, vp.height);
  ctx.clip();
  ctx.fillStyle = C.paper;
  ctx.fillRect(vp.offsetX, vp.offsetY, vp.width, vp.height);

  // Hex fills.
  for (const h of visible) {
    const t = map.terrain(h);
    path(ctx, worldCorners(map, h).map(px));
    ctx.fillStyle = t === 'sea' ? C.sea : t === 'lake' ? C.lake : t === 'mountain' ? C.mountain : C.clear;
    ctx.fill();
    if (regions && map.isLand(h) && map.region(h) !== 'other') {
      ctx.globalAlpha = 0.16;
      ctx.fillStyle = REGION_TINT[map.region(h)];
      ctx.fill();
      ctx.globalAlpha = 1;
    }
  }
  // Grid.
  ctx.strokeStyle = C.grid;
  ctx.lineWidth = Math.max(0.5, s / 28);
  for (const h of visible) {
    if (!map.isLand(h)) continue;
    path(ctx, worldCorners(map, h).map(px));
    ctx.stroke();
  }
  // Mountain hex marks: a few small peaks.
  ctx.strokeStyle = C.mountainMark;
  ctx.lineWidth = Math.max(0.8, s / 14);
  for (const h of visible) {
    if (map.terrain(h) !== 'mountain') continue;
    const c = px(hexWorld(h, map));
    for (const [dx, dy, k] of [
      [-0.35, 0.15, 0.8],
      [0.3, 0.2, 0.65],
      [0, -0.25, 1],
    ] as const) {
      const w = 0.28 * s * k;
      ctx.beginPath();
      ctx.moveTo(c.x + dx * s - w, c.y + dy * s + w * 0.6);
      ctx.lineTo(c.x + dx * s, c.y + dy * s - w * 0.6);
      ctx.lineTo(c.x + dx * s + w, c.y + dy * s + w * 0.6);
      ctx.stroke();
    }
  }

  const sides = [...map.hexsides().entries()].filter(([k]) => {
    const [a, b] = k.split('/') as [HexId, HexId];
    return inViewport(vp, hexWorld(a, map)) || inViewport(vp, hexWorld(b, map));
  });
  const seg = (k: string): [Pt, Pt] => {
    const [a, b] = k.split('/') as [HexId, HexId];
    const [p, q] = sideWorld(map, a, b);
    return [px(p), px(q)];
  };
  const line = (p: Pt, q: Pt) => {
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  };

  // Region borders (land-land hexsides between regions).
  if (regions) {
    ctx.strokeStyle = C.regionBorder;
    ctx.lineWidth = Math.max(1, s / 9);
    ctx.setLineDash([s * 0.25, s * 0.18]);
    for (const h of visible) {
      if (!map.isLand(h)) continue;
      for (const n of map.neighbours(h)) {
        if (n < h || !map.isLand(n) || map.region(n) === map.region(h)) continue;
        const [p, q] = sideWorld(map, h, n);
        line(px(p), px(q));
      }
    }
    ctx.setLineDash([]);
  }

  // Coasts and water hexsides.
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [k, fs] of sides) {
    const [p, q] = seg(k);
    const [a, b] = k.split('/') as [HexId, HexId];
    if (fs.some((f) => f.kind === 'sea' || f.kind === 'lake')) {
      const strait = map.isLand(a) && map.isLand(b);
      ctx.strokeStyle = strait ? C.seaDeep : C.coast;
      ctx.lineWidth = strait ? Math.max(2, s / 4) : Math.max(1, s / 10);
      line(p, q);
    }
  }
  // Rivers.
  ctx.strokeStyle = C.river;
  ctx.lineWidth = Math.max(1.5, s / 6.5);
  for (const [k, fs] of sides) if (fs.some((f) => f.kind === 'river')) line(...seg(k));
  // Mountain hexsides (with teeth) and passes (gap + red bars).
  for (const [k, fs] of sides) {
    const isPass = fs.some((f) => f.kind === 'pass');
    const isRidge = fs.some((f) => f.kind === 'mountain');
    if (!isPass && !isRidge) continue;
    const [p, q] = seg(k);
    const [a] = k.split('/') as [HexId, HexId];
    const ca = px(hexWorld(a, map));
    const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    ctx.strokeStyle = C.ridge;
    ctx.lineWidth = Math.max(2, s / 4.5);
    if (isRidge) {
      line(p, q);
      // Teeth on both sides of the crest.
      const nx = (ca.x - mid.x) / Math.hypot(ca.x - mid.x, ca.y - mid.y);
      const ny = (ca.y - mid.y) / Math.hypot(ca.x - mid.x, ca.y - mid.y);
      ctx.lineWidth = Math.max(1, s / 10);
      for (const t of [0.25, 0.5, 0.75]) {
        const bx = p.x + (q.x - p.x) * t;
        const by = p.y + (q.y - p.y) * t;
        line(
          { x: bx - nx * s * 0.16, y: by - ny * s * 0.16 },
          { x: bx + nx * s * 0.16, y: by + ny * s * 0.16 },
        );
      }
    } else {
      const g = 0.3;
      line(p, { x: p.x + (q.x - p.x) * g, y: p.y + (q.y - p.y) * g });
      line({ x: q.x + (p.x - q.x) * g, y: q.y + (p.y - q.y) * g }, q);
      ctx.strokeStyle = C.pass;
      ctx.lineWidth = Math.max(1.5, s / 8);
      const ux = (q.x - p.x) / Math.hypot(q.x - p.x, q.y - p.y);
      const uy = (q.y - p.y) / Math.hypot(q.x - p.x, q.y - p.y);
      for (const o of [-0.14, 0.14]) {
        const bx = mid.x + ux * o * s;
        const by = mid.y + uy * o * s;
        line(
          { x: bx - uy * s * 0.22, y: by + ux * s * 0.22 },
          { x: bx + uy * s * 0.22, y: by - ux * s * 0.22 },
        );
      }
    }
  }

  // Pass names on zoomed crops.
  if (labels && s >= 24) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const [k, fs] of sides) {
      const pass = fs.find((f) => f.kind === 'pass');
      if (pass?.kind !== 'pass' || !pass.name) continue;
      const [p, q] = seg(k);
      ctx.font = font(Math.max(7, s * 0.36));
      ctx.lineWidth = 3;
      ctx.strokeStyle = C.halo;
      ctx.strokeText(pass.name, (p.x + q.x) / 2, (p.y + q.y) / 2 + s * 0.42);
      ctx.fillStyle = C.pass;
      ctx.fillText(pass.name, (p.x + q.x) / 2, (p.y + q.y) / 2 + s * 0.42);
    }
  }

  // Region names (full map only, large and faint).
  if (regions && !opts.center) {
    const acc = new Map<RegionId, { x: number; y: number; n: number; hexes: HexId[] }>();
    for (const h of map.hexes()) {
      if (!map.isLand(h)) continue;
      const r = map.region(h);
      const w = hexWorld(h, map);
      const e = acc.get(r) ?? { x: 0, y: 0, n: 0, hexes: [] };
      e.x += w.x;
      e.y += w.y;
      e.n++;
      e.hexes.push(h);
      acc.set(r, e);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const [r, e] of [...acc.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!REGION_LABEL[r] || e.n < 6) continue;
      const cx = e.x / e.n;
      const cy = e.y / e.n;
      let best = e.hexes[0]!;
      let bd = Number.POSITIVE_INFINITY;
      for (const h of e.hexes) {
        if ([h, ...map.neighbours(h)].some((n) => map.fortress(n) || map.town(n))) continue;
        const w = hexWorld(h, map);
        const d = (w.x - cx) ** 2 + (w.y - cy) ** 2;
        if (d < bd) {
          bd = d;
          best = h;
        }
      }
      const p = px(hexWorld(best, map));
      ctx.font = font(Math.max(9, s * 0.75), true);
      ctx.fillStyle = 'rgba(90, 50, 70, 0.55)';
      // Keep the whole name inside the map area.
      const half = ctx.measureText(REGION_LABEL[r]).width / 2 + 4;
      const x = Math.min(Math.max(p.x, vp.offsetX + half), vp.offsetX + vp.width - half);
      ctx.fillText(REGION_LABEL[r], x, p.y);
    }
  }

  // Hex numbers.
  if (hexNumbers) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.font = font(Math.max(7, s * 0.3));
    ctx.fillStyle = C.hexNumber;
    for (const h of visible) {
      if (!map.isLand(h)) continue;
      const c = px(hexWorld(h, map));
      ctx.fillText(h, c.x, c.y - s * 0.82);
    }
  }

  // Towns.
  ctx.textBaseline = 'middle';
  for (const t of map.towns()) {
    if (!inViewport(vp, hexWorld(t.hex, map))) continue;
    const c = px(hexWorld(t.hex, map));
    ctx.fillStyle = C.town;
    ctx.beginPath();
    ctx.arc(c.x, c.y, Math.max(1.5, s * 0.12), 0, Math.PI * 2);
    ctx.fill();
    if (labels) {
      ctx.textAlign = 'left';
      haloText(ctx, t.name, c.x + s * 0.22, c.y, Math.max(8, s * 0.48));
    }
  }
  // Fortresses: bastioned star, name below, VP in a box.
  for (const f of map.fortresses()) {
    if (!inViewport(vp, hexWorld(f.hex, map))) continue;
    const c = px(hexWorld(f.hex, map));
    const ro = Math.max(4, s * 0.36);
    const ri = ro * 0.62;
    const star: Pt[] = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const r = i % 2 === 0 ? ro : ri;
      star.push({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) });
    }
    path(ctx, star);
    ctx.fillStyle = C.fortress;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(c.x, c.y, ri * 0.55, 0, Math.PI * 2);
    ctx.fillStyle = C.fortressInner;
    ctx.fill();
    const vpSize = Math.max(7, s * 0.42);
    const bx = c.x + ro * 0.75;
    const by = c.y - ro * 1.15;
    ctx.fillStyle = C.vpBox;
    ctx.fillRect(bx, by, vpSize * (String(f.vp).length > 1 ? 1.35 : 0.95), vpSize);
    ctx.fillStyle = C.vpText;
    ctx.font = font(vpSize * 0.82, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(
      String(f.vp),
      bx + (vpSize * (String(f.vp).length > 1 ? 1.35 : 0.95)) / 2,
      by + vpSize / 2 + 0.5,
    );
    if (labels) {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      haloText(ctx, f.name, c.x, c.y + ro * 1.02, Math.max(8, s * 0.52), true);
    }
  }
  ctx.restore();
}

/** Height in pixels of the title/legend banner above the full map. */
export function bannerHeight(scale: number): number {
  return Math.round(Math.max(44, scale * 3.4));
}

function drawLegend(ctx: CanvasRenderingContext2D, vp: MapViewport, height: number): void {
  const s = vp.scale;
  const fs = Math.max(10, s * 0.7);
  ctx.fillStyle = C.paper;
  ctx.fillRect(0, 0, vp.width + 2 * vp.offsetX, height);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#1d2a3a';
  ctx.font = font(fs * 1.4, true);
  const x0 = vp.offsetX + s * 0.6;
  ctx.fillText('Frederick the Great: the strategic map', x0, height * 0.4);
  ctx.font = font(fs * 0.8);
  ctx.fillText(
    'Reconstructed from Natural Earth and the printed fortress hexes; Victory Points in the blue boxes (docs/map.md)',
    x0,
    height * 0.4 + fs * 1.2,
  );
  const y = height * 0.82;
  let x = x0;
  const seg = (style: string, width: number, dash: number[] = []) => {
    ctx.strokeStyle = style;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + s * 1.4, y);
    ctx.stroke();
    ctx.setLineDash([]);
  };
  const label = (text: string) => {
    ctx.fillStyle = '#1d2a3a';
    ctx.font = font(fs * 0.85);
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x + s * 1.7, y);
    x += s * 1.7 + ctx.measureText(text).width + s * 1.2;
  };
  seg(C.river, Math.max(1.5, s / 6.5));
  label('river (+1 MP)');
  seg(C.ridge, Math.max(2, s / 4.5));
  label('mountain hexside (impassable)');
  ctx.strokeStyle = C.ridge;
  ctx.lineWidth = Math.max(2, s / 4.5);
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + s * 0.45, y);
  ctx.moveTo(x + s * 0.95, y);
  ctx.lineTo(x + s * 1.4, y);
  ctx.stroke();
  ctx.strokeStyle = C.pass;
  ctx.lineWidth = Math.max(1.5, s / 8);
  ctx.beginPath();
  for (const o of [0.6, 0.8]) {
    ctx.moveTo(x + s * o, y - s * 0.22);
    ctx.lineTo(x + s * o, y + s * 0.22);
  }
  ctx.stroke();
  label('mountain pass (+1 MP)');
  seg(C.regionBorder, Math.max(1, s / 9), [s * 0.25, s * 0.18]);
  label('region border, 1756');
  ctx.fillStyle = C.mountain;
  ctx.fillRect(x, y - s * 0.4, s * 1.4, s * 0.8);
  label('mountain hex');
}

/** Render the base layer to a fresh canvas. */
export function renderBasemap(map: LoadedMap, opts: BasemapOptions = {}): Basemap {
  ensureFonts();
  const withLegend = !opts.center && (opts.legend ?? true);
  const base = basemapViewport(map, opts);
  const banner = withLegend ? bannerHeight(base.scale) : 0;
  const vp = { ...base, offsetY: base.offsetY + banner };
  const canvas = createCanvas(vp.width + 2 * vp.offsetX, vp.height + vp.offsetY + base.offsetY);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.paper;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  drawBasemap(ctx, map, vp, opts);
  if (withLegend) drawLegend(ctx, vp, banner);
  return { canvas, viewport: vp };
}

const cache = new WeakMap<LoadedMap, Map<string, Basemap>>();

/**
 * The base layer for these options, rendered once per map and option set. Treat the returned
 * canvas as read-only: draw it onto your own canvas (ctx.drawImage) before adding counters.
 */
export function cachedBasemap(map: LoadedMap, opts: BasemapOptions = {}): Basemap {
  let byKey = cache.get(map);
  if (!byKey) {
    byKey = new Map();
    cache.set(map, byKey);
  }
  const key = JSON.stringify(opts, Object.keys(opts).sort());
  let b = byKey.get(key);
  if (!b) {
    b = renderBasemap(map, opts);
    byKey.set(key, b);
  }
  return b;
}

/** A fresh canvas holding a copy of the cached base layer, ready for counters on top. */
export function basemapCanvas(map: LoadedMap, opts: BasemapOptions = {}): Basemap {
  const base = cachedBasemap(map, opts);
  const canvas = createCanvas(base.canvas.width, base.canvas.height);
  canvas.getContext('2d').drawImage(base.canvas, 0, 0);
  return { canvas, viewport: base.viewport };
}

export function basemapPng(map: LoadedMap, opts: BasemapOptions = {}): Buffer {
  return cachedBasemap(map, opts).canvas.toBuffer('image/png');
}

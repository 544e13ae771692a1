// Tactical map pictures (Leuthen): the base map (terrain, heights, brooks, roads, abatis, names)
// and, from a render model built from one seat's view, counters with facing and strength,
// disorganized/routed markers, leaders, formation bands, command ranges and lines of fire.
// Whole map or a crop around a hex; north up, pointy-topped hexes (src/tactical/hex.ts).
import { type Canvas, type CanvasRenderingContext2D, createCanvas } from 'canvas';
import {
  DIRS,
  type Dir,
  distance,
  HEX_RADIUS,
  hexCentre,
  hexCorners,
  hexsideSegment,
  type Point,
  step,
  type TacHexId,
  type Vertex,
  vertexOffset,
} from '../../tactical/hex.js';
import type { TacticalMap } from '../../tactical/map.js';
import { ensureFonts, font } from '../fonts.js';
import type { TacFormationStyle, TacticalRenderModel, TacUnitMarker } from './model.js';
import {
  FORMATION_COLOURS,
  HILL_TINT,
  INDEPENDENT_COLOUR,
  INK,
  MARKER,
  RANGE_COLOUR,
  SIDE_STYLE,
  TERRAIN_FILL,
} from './palette.js';
import { encodePalettePng } from './png8.js';

export interface TacticalRenderOptions {
  /** Crop around this hex ... */
  center?: TacHexId;
  /** ... showing the hexes within this many steps (default 5). */
  radius?: number;
  /** Image width in px (default 1000 whole map, 800 crop). Crops are capped at 1000. */
  width?: number;
  /** Draw the legend strip (default: whole map yes, crop no). */
  legend?: boolean;
  /** Draw hex numbers (default on). */
  hexNumbers?: boolean;
}

export interface TacticalPicture {
  png: Buffer;
  width: number;
  height: number;
}

const TITLE_H = 46;
const LEGEND_ITEMS = 10;
const LEGEND_COL_W = 96;

/** Legend strip height for an image width (rows of 24 px). */
function legendHeight(width: number): number {
  const per = Math.max(1, Math.floor((width - 20) / LEGEND_COL_W));
  return Math.ceil(LEGEND_ITEMS / per) * 24 + 10;
}
const PAD = 10;

interface Frame {
  s: number;
  ox: number;
  oy: number;
  width: number;
  height: number;
  hexes: TacHexId[];
  crop: boolean;
  mapTop: number;
  mapBottom: number;
}

function frameFor(map: TacticalMap, opts: TacticalRenderOptions, legend: boolean): Frame {
  const crop = opts.center !== undefined;
  let hexes: TacHexId[];
  if (crop) {
    const r = opts.radius ?? 5;
    hexes = map.hexes().filter((h) => distance(h, opts.center!) <= r);
  } else hexes = [...map.hexes()];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of hexes)
    for (const p of hexCorners(h)) {
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
  const width = Math.min(crop ? 1000 : 2400, Math.max(240, Math.round(opts.width ?? (crop ? 800 : 1000))));
  let s = (width - 2 * PAD) / (maxX - minX);
  // a crop squeezed against a map edge would blow hexes up: cap them at 120 px and narrow the image
  let w = width;
  if (crop && s > 120) {
    s = 120;
    w = Math.round(s * (maxX - minX) + 2 * PAD);
  }
  const mapH = (maxY - minY) * s;
  const height = Math.round(TITLE_H + PAD + mapH + PAD + (legend ? legendHeight(w) : 0));
  return {
    s,
    ox: PAD - minX * s,
    oy: TITLE_H + PAD - minY * s,
    width: w,
    height,
    hexes,
    crop,
    mapTop: TITLE_H,
    mapBottom: TITLE_H + PAD + mapH + PAD,
  };
}

/** Base layers (terrain, hexsides, numbers, names, legend) per map and frame, reused across renders. */
const baseCache = new WeakMap<TacticalMap, Map<string, Canvas>>();
const BASE_CACHE_SIZE = 24;

function baseLayer(map: TacticalMap, f: Frame, opts: TacticalRenderOptions, legend: boolean): Canvas {
  const key = [f.width, opts.center ?? '', opts.radius ?? '', opts.hexNumbers ?? true, legend].join('|');
  let perMap = baseCache.get(map);
  if (!perMap) {
    perMap = new Map();
    baseCache.set(map, perMap);
  }
  const hit = perMap.get(key);
  if (hit) {
    perMap.delete(key);
    perMap.set(key, hit);
    return hit;
  }
  const canvas = createCanvas(f.width, f.height);
  const ctx = canvas.getContext('2d');
  const px = (p: Point): Point => ({ x: f.ox + p.x * f.s, y: f.oy + p.y * f.s });
  const inFrame = new Set(f.hexes);
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, f.width, f.height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, f.mapTop, f.width, f.mapBottom - f.mapTop);
  ctx.clip();
  drawTerrain(ctx, map, f, px);
  drawHexsides(ctx, map, f, px, inFrame);
  if (opts.hexNumbers ?? true) drawHexNumbers(ctx, f, px);
  drawLabels(ctx, map, f, px, inFrame);
  ctx.restore();
  if (legend) drawLegend(ctx, f);
  perMap.set(key, canvas);
  if (perMap.size > BASE_CACHE_SIZE) perMap.delete(perMap.keys().next().value!);
  return canvas;
}

/** Draw a picture of the map with the model's markers; PNG bytes (8-bit palette). */
export function renderTacticalMap(
  map: TacticalMap,
  model: TacticalRenderModel,
  opts: TacticalRenderOptions = {},
): TacticalPicture {
  ensureFonts();
  const legend = opts.legend ?? opts.center === undefined;
  const f = frameFor(map, opts, legend);
  const canvas = createCanvas(f.width, f.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(baseLayer(map, f, opts, legend), 0, 0);
  const px = (p: Point): Point => ({ x: f.ox + p.x * f.s, y: f.oy + p.y * f.s });
  const inFrame = new Set(f.hexes);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, f.mapTop, f.width, f.mapBottom - f.mapTop);
  ctx.clip();
  drawOverlays(ctx, model, f, px, inFrame);
  drawWaiting(ctx, model, f, px, inFrame);
  drawMarkers(ctx, model, f, px, inFrame);
  drawBreaches(ctx, model, f, px, inFrame);
  ctx.restore();
  drawTitle(ctx, model, f);
  const png = encodePalettePng(ctx.getImageData(0, 0, f.width, f.height).data, f.width, f.height);
  return { png, width: f.width, height: f.height };
}

// --- base map ---------------------------------------------------------------------------------

function hexPath(ctx: CanvasRenderingContext2D, h: TacHexId, px: (p: Point) => Point): void {
  const cs = hexCorners(h).map(px);
  ctx.beginPath();
  ctx.moveTo(cs[0]!.x, cs[0]!.y);
  for (let i = 1; i < 6; i++) ctx.lineTo(cs[i]!.x, cs[i]!.y);
  ctx.closePath();
}

function drawTerrain(
  ctx: CanvasRenderingContext2D,
  map: TacticalMap,
  f: Frame,
  px: (p: Point) => Point,
): void {
  const s = f.s;
  for (const h of f.hexes) {
    const t = map.terrain(h);
    hexPath(ctx, h, px);
    ctx.fillStyle = TERRAIN_FILL[t];
    ctx.fill();
    const e = map.elevation(h);
    if (e > 0) {
      ctx.fillStyle = HILL_TINT[e]!;
      ctx.fill();
    }
    ctx.strokeStyle = INK.hexEdge;
    ctx.lineWidth = Math.max(0.6, s * 0.018);
    ctx.stroke();
    const c = px(hexCentre(h));
    if (t === 'woods') drawTrees(ctx, c, s);
    else if (t === 'marsh') drawTufts(ctx, c, s);
    else if (t === 'village') drawHouses(ctx, c, s, h);
    else if (t === 'churchyard') drawChurchyard(ctx, c, s);
  }
  // Contours: a brown line on every hexside where the elevation rises.
  ctx.strokeStyle = INK.contour;
  ctx.lineCap = 'round';
  for (const h of f.hexes) {
    const e = map.elevation(h);
    if (e === 0) continue;
    for (const d of DIRS) {
      const n = map.neighbourIn(h, d);
      const en = n ? map.elevation(n) : 0;
      if (en >= e) continue;
      const [a, b] = hexsideSegment(h, d).map(px) as [Point, Point];
      // draw just inside the higher hex so both levels' lines stay visible
      const c = px(hexCentre(h));
      const inset = (p: Point) => ({ x: p.x + (c.x - p.x) * 0.08, y: p.y + (c.y - p.y) * 0.08 });
      const p = inset(a);
      const q = inset(b);
      ctx.lineWidth = Math.max(1, s * (e === 2 ? 0.05 : 0.035));
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
      ctx.stroke();
    }
  }
}

function drawTrees(ctx: CanvasRenderingContext2D, c: Point, s: number): void {
  const r = s * 0.085;
  ctx.fillStyle = INK.tree;
  for (const [dx, dy] of [
    [-0.2, -0.12],
    [0.18, -0.16],
    [0.0, 0.12],
    [-0.22, 0.2],
    [0.22, 0.18],
  ] as const) {
    ctx.beginPath();
    ctx.arc(c.x + dx * s, c.y + dy * s, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawTufts(ctx: CanvasRenderingContext2D, c: Point, s: number): void {
  ctx.strokeStyle = INK.marshTuft;
  ctx.lineWidth = Math.max(1, s * 0.025);
  for (const [dx, dy] of [
    [-0.2, -0.15],
    [0.15, -0.05],
    [-0.1, 0.18],
    [0.22, 0.22],
  ] as const) {
    const x = c.x + dx * s;
    const y = c.y + dy * s;
    ctx.beginPath();
    ctx.moveTo(x - s * 0.09, y);
    ctx.lineTo(x + s * 0.09, y);
    ctx.moveTo(x - s * 0.05, y - s * 0.06);
    ctx.lineTo(x - s * 0.03, y);
    ctx.moveTo(x + s * 0.05, y - s * 0.06);
    ctx.lineTo(x + s * 0.03, y);
    ctx.stroke();
  }
}

function drawHouses(ctx: CanvasRenderingContext2D, c: Point, s: number, h: TacHexId): void {
  ctx.fillStyle = INK.house;
  const w = s * 0.13;
  const hh = s * 0.09;
  // vary the layout by hex parity so a long village does not look stamped
  const alt = Number(h.slice(2)) % 2 === 0;
  const spots = alt
    ? [
        [-0.22, -0.2],
        [0.1, -0.22],
        [-0.05, 0.16],
      ]
    : [
        [-0.12, -0.24],
        [0.16, 0.0],
        [-0.24, 0.12],
      ];
  for (const [dx, dy] of spots) ctx.fillRect(c.x + dx! * s - w / 2, c.y + dy! * s - hh / 2, w, hh);
}

function drawChurchyard(ctx: CanvasRenderingContext2D, c: Point, s: number): void {
  const r = s * 0.26;
  ctx.strokeStyle = INK.village;
  ctx.lineWidth = Math.max(1.5, s * 0.05);
  ctx.strokeRect(c.x - r, c.y - r, 2 * r, 2 * r);
  for (const [sx, sy] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    ctx.beginPath();
    ctx.arc(c.x + sx * r, c.y + sy * r, s * 0.045, 0, Math.PI * 2);
    ctx.fillStyle = INK.village;
    ctx.fill();
  }
  // church: a cross
  ctx.lineWidth = Math.max(1.2, s * 0.04);
  ctx.beginPath();
  ctx.moveTo(c.x, c.y - r * 0.6);
  ctx.lineTo(c.x, c.y + r * 0.6);
  ctx.moveTo(c.x - r * 0.4, c.y - r * 0.15);
  ctx.lineTo(c.x + r * 0.4, c.y - r * 0.15);
  ctx.stroke();
}

function drawHexsides(
  ctx: CanvasRenderingContext2D,
  map: TacticalMap,
  f: Frame,
  px: (p: Point) => Point,
  inFrame: Set<TacHexId>,
): void {
  const s = f.s;
  const sides = [...map.hexsides()].filter(([k]) => {
    const [a, b] = k.split('/') as [TacHexId, TacHexId];
    return inFrame.has(a) || inFrame.has(b);
  });
  const seg = (key: string) => {
    const [a, b] = key.split('/') as [TacHexId, TacHexId];
    const d = DIRS.find((x) => step(a, x) === b) as Dir;
    return { a, b, ends: hexsideSegment(a, d).map(px) as [Point, Point] };
  };
  // roads: centre to centre
  ctx.lineCap = 'round';
  for (const [k, feats] of sides) {
    if (!feats.includes('road')) continue;
    const { a, b } = seg(k);
    const p = px(hexCentre(a));
    const q = px(hexCentre(b));
    ctx.strokeStyle = '#FFFFFF';
    ctx.lineWidth = Math.max(2.5, s * 0.1);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
    ctx.strokeStyle = INK.road;
    ctx.lineWidth = Math.max(1.5, s * 0.06);
    ctx.stroke();
  }
  // streams along hexsides
  for (const [k, feats] of sides) {
    if (!feats.includes('stream')) continue;
    const { ends } = seg(k);
    ctx.strokeStyle = INK.stream;
    ctx.lineWidth = Math.max(2, s * 0.08);
    ctx.beginPath();
    ctx.moveTo(ends[0].x, ends[0].y);
    ctx.lineTo(ends[1].x, ends[1].y);
    ctx.stroke();
    if (feats.includes('bridge') || feats.includes('ford')) {
      const m = { x: (ends[0].x + ends[1].x) / 2, y: (ends[0].y + ends[1].y) / 2 };
      const ux = (ends[1].x - ends[0].x) / Math.hypot(ends[1].x - ends[0].x, ends[1].y - ends[0].y);
      const uy = (ends[1].y - ends[0].y) / Math.hypot(ends[1].x - ends[0].x, ends[1].y - ends[0].y);
      ctx.strokeStyle = INK.bridge;
      ctx.lineWidth = Math.max(1.5, s * 0.045);
      for (const off of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(m.x - ux * s * 0.14 - uy * off * s * 0.07, m.y - uy * s * 0.14 + ux * off * s * 0.07);
        ctx.lineTo(m.x + ux * s * 0.14 - uy * off * s * 0.07, m.y + uy * s * 0.14 + ux * off * s * 0.07);
        ctx.stroke();
      }
    }
  }
  // abatis: a zigzag along the hexside
  for (const [k, feats] of sides) {
    if (!feats.includes('abatis')) continue;
    const { ends } = seg(k);
    const [p, q] = ends;
    const n = 6;
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    const nx = -(q.y - p.y) / len;
    const ny = (q.x - p.x) / len;
    ctx.strokeStyle = INK.abatis;
    ctx.lineWidth = Math.max(1.5, s * 0.04);
    ctx.beginPath();
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const o = (i % 2 === 0 ? -1 : 1) * s * 0.07;
      const x = p.x + (q.x - p.x) * t + nx * o;
      const y = p.y + (q.y - p.y) * t + ny * o;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
}

function drawHexNumbers(ctx: CanvasRenderingContext2D, f: Frame, px: (p: Point) => Point): void {
  if (f.s < 26) return;
  ctx.fillStyle = INK.hexNumber;
  ctx.font = font(Math.max(8, Math.min(13, f.s * 0.2)));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const h of f.hexes) {
    const c = px(hexCentre(h));
    ctx.fillText(h, c.x, c.y - f.s * HEX_RADIUS * 0.86);
  }
}

function haloText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  ink: string,
  w: number,
): void {
  ctx.lineJoin = 'round';
  ctx.strokeStyle = INK.halo;
  ctx.lineWidth = w;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = ink;
  ctx.fillText(text, x, y);
}

function drawLabels(
  ctx: CanvasRenderingContext2D,
  map: TacticalMap,
  f: Frame,
  px: (p: Point) => Point,
  inFrame: Set<TacHexId>,
): void {
  const size = Math.max(11, Math.min(22, f.s * 0.3));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const l of map.labels()) {
    if (!inFrame.has(l.hex)) continue;
    const c = px(hexCentre(l.hex));
    let text = l.name;
    let ink: string = INK.village;
    let y = c.y + f.s * 0.42;
    if (l.kind === 'village') ctx.font = font(size * 1.1, true);
    else if (l.kind === 'height') {
      ctx.font = font(size * 0.95, true);
      ink = INK.height;
      text = `▲ ${l.name}`;
      y = c.y - f.s * 0.05;
    } else {
      ctx.font = font(size * 0.85);
      ink =
        l.kind === 'wood' ? INK.wood : l.kind === 'stream' || l.kind === 'marsh' ? INK.water : INK.village;
      y = c.y + f.s * 0.05;
    }
    haloText(ctx, text, c.x, y, ink, Math.max(3, size * 0.3));
  }
}

// --- overlays and markers ---------------------------------------------------------------------

function formationColour(formations: TacFormationStyle[], id: string): string {
  const fm = formations.find((x) => x.id === id);
  if (!fm || /independent/.test(fm.id)) return INDEPENDENT_COLOUR;
  const same = formations.filter((x) => x.side === fm.side && !/independent/.test(x.id));
  return FORMATION_COLOURS[same.indexOf(fm) % FORMATION_COLOURS.length]!;
}

function drawOverlays(
  ctx: CanvasRenderingContext2D,
  model: TacticalRenderModel,
  f: Frame,
  px: (p: Point) => Point,
  inFrame: Set<TacHexId>,
): void {
  for (const r of model.commandRanges ?? []) {
    const colour = r.formation ? formationColour(model.formations, r.formation) : RANGE_COLOUR[r.side];
    const inRange = new Set(f.hexes.filter((h) => distance(h, r.hex) <= r.radius));
    // a light wash only when one or two ranges are shown; more would muddy the map (outlines only)
    if ((model.commandRanges?.length ?? 0) <= 2) {
      ctx.fillStyle = `${colour}1A`;
      for (const h of inRange) {
        hexPath(ctx, h, px);
        ctx.fill();
      }
    }
    // boundary: hexsides between an in-range hex and one outside
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(2, f.s * 0.06);
    ctx.setLineDash([f.s * 0.16, f.s * 0.1]);
    for (const h of inRange)
      for (const d of DIRS) {
        const n = step(h, d);
        if (n && inRange.has(n)) continue;
        const [a, b] = hexsideSegment(h, d).map(px) as [Point, Point];
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
      }
    ctx.setLineDash([]);
  }
  for (const h of model.highlights ?? []) {
    if (!inFrame.has(h)) continue;
    hexPath(ctx, h, px);
    ctx.strokeStyle = INK.highlight;
    ctx.lineWidth = Math.max(2, f.s * 0.07);
    ctx.stroke();
  }
  for (const l of model.linesOfFire ?? []) {
    const p = px(hexCentre(l.from));
    const q = px(hexCentre(l.to));
    const colour = l.blocked ? INK.fireBlocked : INK.fireLine;
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(2, f.s * 0.05);
    if (l.blocked) ctx.setLineDash([f.s * 0.12, f.s * 0.08]);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
    ctx.setLineDash([]);
    // arrowhead at the target, stopping short of the counter
    const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    const ux = (q.x - p.x) / len;
    const uy = (q.y - p.y) / len;
    const tip = { x: q.x - ux * f.s * 0.34, y: q.y - uy * f.s * 0.34 };
    const a = f.s * 0.14;
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y);
    ctx.lineTo(tip.x - ux * a - uy * a * 0.6, tip.y - uy * a + ux * a * 0.6);
    ctx.lineTo(tip.x - ux * a + uy * a * 0.6, tip.y - uy * a - ux * a * 0.6);
    ctx.closePath();
    ctx.fill();
    if (l.blocked) {
      // label a third of the way from the firer (village and height names sit at targets' centres)
      const m = { x: p.x + (q.x - p.x) * 0.35, y: p.y + (q.y - p.y) * 0.35 - f.s * 0.12 };
      ctx.font = font(Math.max(10, f.s * 0.22), true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      haloText(ctx, 'no LOS', m.x, m.y, INK.fireBlocked, 4);
    }
  }
}

function drawBreaches(
  ctx: CanvasRenderingContext2D,
  model: TacticalRenderModel,
  f: Frame,
  px: (p: Point) => Point,
  inFrame: Set<TacHexId>,
): void {
  for (const h of model.breached ?? []) {
    if (!inFrame.has(h)) continue;
    // a breach: a red gap across the churchyard wall's west face and the word "breach"
    const c = px(hexCentre(h));
    const r = f.s * 0.26;
    ctx.strokeStyle = INK.highlight;
    ctx.lineWidth = Math.max(3, f.s * 0.09);
    ctx.beginPath();
    ctx.moveTo(c.x - r - f.s * 0.05, c.y - r * 0.35);
    ctx.lineTo(c.x - r + f.s * 0.05, c.y + r * 0.35);
    ctx.stroke();
    ctx.font = font(Math.max(9, f.s * 0.2), true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    haloText(ctx, 'breach', c.x, c.y - f.s * 0.36, INK.highlight, 4);
  }
}

/** Scenario 2: a "+N" arrow at each entry hex for the viewer's units still off the map. */
function drawWaiting(
  ctx: CanvasRenderingContext2D,
  model: TacticalRenderModel,
  f: Frame,
  px: (p: Point) => Point,
  inFrame: Set<TacHexId>,
): void {
  for (const w of model.waiting ?? []) {
    if (!inFrame.has(w.hex)) continue;
    const c = px(hexCentre(w.hex));
    // an arrow across the hex's middle, pointing away from the side's own edge (under any counter)
    const dir = w.side === 'prussia' ? 1 : -1;
    const x0 = c.x - dir * f.s * 0.42;
    const y = c.y;
    const len = f.s * 0.84;
    const hh = f.s * 0.11;
    ctx.fillStyle = SIDE_STYLE[w.side].fill;
    ctx.strokeStyle = SIDE_STYLE[w.side].edge;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(x0, y - hh);
    ctx.lineTo(x0 + dir * len * 0.72, y - hh);
    ctx.lineTo(x0 + dir * len * 0.72, y - hh * 1.6);
    ctx.lineTo(x0 + dir * len, y);
    ctx.lineTo(x0 + dir * len * 0.72, y + hh * 1.6);
    ctx.lineTo(x0 + dir * len * 0.72, y + hh);
    ctx.lineTo(x0, y + hh);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.font = font(Math.max(8, f.s * 0.18), true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = SIDE_STYLE[w.side].ink;
    ctx.fillText(`+${w.count}`, x0 + dir * len * 0.4, y + 0.5);
  }
}

function drawArmSymbol(
  ctx: CanvasRenderingContext2D,
  u: TacUnitMarker,
  x: number,
  y: number,
  w: number,
  h: number,
  ink: string,
): void {
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1, w * 0.08);
  ctx.strokeRect(x, y, w, h);
  ctx.beginPath();
  if (u.arm === 'infantry' || u.arm === 'light-infantry') {
    ctx.moveTo(x, y);
    ctx.lineTo(x + w, y + h);
    ctx.moveTo(x + w, y);
    ctx.lineTo(x, y + h);
    ctx.stroke();
  } else if (u.arm === 'cavalry' || u.arm === 'light-cavalry') {
    ctx.moveTo(x, y + h);
    ctx.lineTo(x + w, y);
    ctx.stroke();
  } else {
    ctx.arc(x + w / 2, y + h / 2, Math.min(w, h) * 0.22, 0, Math.PI * 2);
    ctx.fill();
  }
  if (u.arm === 'light-infantry' || u.arm === 'light-cavalry') {
    // light troops: a short bar under the box
    ctx.fillRect(x + w * 0.2, y + h + h * 0.18, w * 0.6, Math.max(1, h * 0.14));
  }
}

function drawMarkers(
  ctx: CanvasRenderingContext2D,
  model: TacticalRenderModel,
  f: Frame,
  px: (p: Point) => Point,
  inFrame: Set<TacHexId>,
): void {
  const s = f.s;
  const single = s * 0.54;
  const perHex = new Map<TacHexId, number>();
  for (const u of model.units) perHex.set(u.hex, (perHex.get(u.hex) ?? 0) + 1);
  // facing wedges first (from the hex centre toward the facing vertex), counters on top
  for (const u of model.units) {
    if (!inFrame.has(u.hex)) continue;
    const centre = px(hexCentre(u.hex));
    const v = vertexOffset(u.facing as Vertex, 1);
    const tip = { x: centre.x + v.x * s * HEX_RADIUS * 0.98, y: centre.y + v.y * s * HEX_RADIUS * 0.98 };
    const base = { x: centre.x + v.x * s * 0.2, y: centre.y + v.y * s * 0.2 };
    const nx = -v.y;
    const ny = v.x;
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y);
    ctx.lineTo(base.x + nx * s * 0.2, base.y + ny * s * 0.2);
    ctx.lineTo(base.x - nx * s * 0.2, base.y - ny * s * 0.2);
    ctx.closePath();
    ctx.fillStyle = INK.facing;
    ctx.fill();
    ctx.strokeStyle = '#FFFFFF';
    ctx.lineWidth = Math.max(1.5, s * 0.03);
    ctx.stroke();
  }
  const placed = new Map<TacHexId, number>();
  for (const u of model.units) {
    if (!inFrame.has(u.hex)) continue;
    const st = SIDE_STYLE[u.side];
    const centre = px(hexCentre(u.hex));
    // a stack of two (Leuthen 3) is drawn as two smaller counters side by side
    const k = placed.get(u.hex) ?? 0;
    placed.set(u.hex, k + 1);
    const stack = (perHex.get(u.hex) ?? 1) > 1;
    const size = stack ? s * 0.42 : single;
    const c = stack
      ? { x: centre.x + (k === 0 ? -0.215 : 0.215) * s, y: centre.y + (k === 0 ? -0.04 : 0.04) * s }
      : centre;
    const x = c.x - size / 2;
    const y = c.y - size / 2;
    // counter body
    ctx.globalAlpha = u.routed ? 0.75 : 1;
    ctx.fillStyle = st.fill;
    ctx.fillRect(x, y, size, size);
    // formation band with code
    const band = size * 0.3;
    const bandColour = formationColour(model.formations, u.formation);
    ctx.fillStyle = bandColour;
    ctx.fillRect(x, y, size, band);
    const code = model.formations.find((fm) => fm.id === u.formation)?.code ?? '';
    ctx.fillStyle = contrastInk(bandColour);
    ctx.font = font(Math.max(7, band * 0.78), true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(code, x + size / 2, y + band / 2 + 0.5);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = st.edge;
    ctx.lineWidth = Math.max(1, s * 0.025);
    ctx.strokeRect(x, y, size, size);
    // arm symbol and strength
    drawArmSymbol(ctx, u, x + size * 0.1, y + band + size * 0.14, size * 0.4, size * 0.3, st.ink);
    ctx.fillStyle = st.ink;
    ctx.font = font(Math.max(9, size * 0.42), true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(u.strength), x + size * 0.76, y + band + (size - band) / 2 + 1);
    // D / R badge at the top-right corner
    const badge = u.routed
      ? { ...MARKER.routed, t: 'R' }
      : u.disorganized
        ? { ...MARKER.disorganized, t: 'D' }
        : undefined;
    if (badge) {
      const r = size * 0.2;
      const bx = x + size;
      const by = y;
      ctx.beginPath();
      ctx.arc(bx, by, r, 0, Math.PI * 2);
      ctx.fillStyle = badge.fill;
      ctx.fill();
      ctx.strokeStyle = '#FFFFFF';
      ctx.lineWidth = 1.5;
      ctx.stroke();
      ctx.fillStyle = badge.ink;
      ctx.font = font(Math.max(8, r * 1.3), true);
      ctx.fillText(badge.t, bx, by + 0.5);
    }
  }
  for (const l of model.leaders) {
    if (!inFrame.has(l.hex)) continue;
    const st = SIDE_STYLE[l.side];
    const c = px(hexCentre(l.hex));
    const occupied = model.units.some((u) => u.hex === l.hex);
    const at = occupied ? { x: c.x - s * 0.3, y: c.y + s * 0.28 } : c;
    const r = s * (l.role === 'cinc' ? 0.2 : 0.17);
    ctx.beginPath();
    ctx.arc(at.x, at.y, r, 0, Math.PI * 2);
    ctx.fillStyle = st.fill;
    ctx.fill();
    ctx.lineWidth = Math.max(2, s * 0.06);
    if (l.role === 'cinc') {
      // commander-in-chief: a black outer ring around a gold one
      ctx.strokeStyle = '#111111';
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(at.x, at.y, r - Math.max(2, s * 0.05), 0, Math.PI * 2);
      ctx.strokeStyle = '#E6B800';
      ctx.lineWidth = Math.max(1.5, s * 0.04);
      ctx.stroke();
    } else {
      ctx.strokeStyle = l.formation ? formationColour(model.formations, l.formation) : st.edge;
      ctx.stroke();
    }
    ctx.fillStyle = st.ink;
    ctx.font = font(Math.max(8, r * 0.9), true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(l.tag ?? leaderTag(l.name), at.x, at.y + 0.5);
    if (l.outOfCommand || l.activated) {
      ctx.font = font(Math.max(7, r * 0.7), true);
      haloText(ctx, l.outOfCommand ? 'OoC' : 'done', at.x, at.y + r + Math.max(5, r * 0.5), '#111111', 3);
    }
  }
}

/** Three letters for a leader token: the last significant word ("Frederick II" -> "Fre"). */
export function leaderTag(name: string): string {
  const words = name
    .replace(/\b(von|van|de|der|prince|prinz|king|count|graf|duke|of|the)\b/gi, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => !/^[IVX]+$/.test(w));
  const w = words.at(-1) ?? name;
  return w.slice(0, 3);
}

function contrastInk(hex: string): string {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#111111' : '#FFFFFF';
}

// --- chrome -------------------------------------------------------------------------------------

function drawTitle(ctx: CanvasRenderingContext2D, model: TacticalRenderModel, f: Frame): void {
  ctx.fillStyle = INK.title;
  ctx.fillRect(0, 0, f.width, TITLE_H);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const room = f.width - 12 - 44;
  const fitFont = (text: string, px: number, bold: boolean) => {
    let size = px;
    ctx.font = font(size, bold);
    while (size > 9 && ctx.measureText(text).width > room) {
      size -= 1;
      ctx.font = font(size, bold);
    }
  };
  ctx.fillStyle = INK.titleInk;
  fitFont(model.title, 18, true);
  ctx.fillText(model.title, 12, model.subtitle ? 15 : TITLE_H / 2);
  if (model.subtitle) {
    ctx.fillStyle = INK.titleMuted;
    fitFont(model.subtitle, 13, false);
    ctx.fillText(model.subtitle, 12, 34);
  }
  // north arrow at the right
  const x = f.width - 22;
  ctx.fillStyle = INK.titleInk;
  ctx.beginPath();
  ctx.moveTo(x, 8);
  ctx.lineTo(x + 7, 26);
  ctx.lineTo(x - 7, 26);
  ctx.closePath();
  ctx.fill();
  ctx.font = font(11, true);
  ctx.textAlign = 'center';
  ctx.fillText('N', x, 37);
}

function drawLegend(ctx: CanvasRenderingContext2D, f: Frame): void {
  const y0 = f.mapBottom;
  ctx.fillStyle = '#FAF7EE';
  ctx.fillRect(0, y0, f.width, legendHeight(f.width));
  ctx.strokeStyle = '#D8D2BE';
  ctx.beginPath();
  ctx.moveTo(0, y0 + 0.5);
  ctx.lineTo(f.width, y0 + 0.5);
  ctx.stroke();
  const items: { label: string; draw: (x: number, y: number) => void }[] = [
    { label: 'open', draw: (x, y) => swatch(ctx, x, y, TERRAIN_FILL.clear) },
    { label: 'hill', draw: (x, y) => swatch(ctx, x, y, TERRAIN_FILL.clear, HILL_TINT[1]) },
    { label: 'high hill', draw: (x, y) => swatch(ctx, x, y, TERRAIN_FILL.clear, HILL_TINT[2]) },
    { label: 'village', draw: (x, y) => swatch(ctx, x, y, TERRAIN_FILL.village) },
    { label: 'churchyard', draw: (x, y) => swatch(ctx, x, y, TERRAIN_FILL.churchyard) },
    { label: 'woods', draw: (x, y) => swatch(ctx, x, y, TERRAIN_FILL.woods) },
    { label: 'marsh', draw: (x, y) => swatch(ctx, x, y, TERRAIN_FILL.marsh) },
    { label: 'brook', draw: (x, y) => line(ctx, x, y, INK.stream, 4) },
    { label: 'road', draw: (x, y) => line(ctx, x, y, INK.road, 3) },
    { label: 'abatis', draw: (x, y) => line(ctx, x, y, INK.abatis, 2, true) },
  ];
  const per = Math.max(1, Math.floor((f.width - 20) / LEGEND_COL_W));
  ctx.font = font(12);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  items.forEach((item, i) => {
    const row = Math.floor(i / per);
    const col = i % per;
    const x = 10 + col * LEGEND_COL_W;
    const y = y0 + 16 + row * 24;
    item.draw(x, y);
    ctx.fillStyle = INK.legendInk;
    ctx.fillText(item.label, x + 26, y);
  });
}

function swatch(ctx: CanvasRenderingContext2D, x: number, y: number, fill: string, tint?: string): void {
  ctx.fillStyle = fill;
  ctx.fillRect(x, y - 8, 20, 16);
  if (tint) {
    ctx.fillStyle = tint;
    ctx.fillRect(x, y - 8, 20, 16);
  }
  ctx.strokeStyle = '#9A937E';
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y - 7.5, 19, 15);
}

function line(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  colour: string,
  w: number,
  zig = false,
): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = w;
  ctx.beginPath();
  if (zig) {
    for (let i = 0; i <= 6; i++) {
      const px = x + (i * 20) / 6;
      const py = y + (i % 2 === 0 ? -3 : 3);
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
  } else {
    ctx.moveTo(x, y);
    ctx.lineTo(x + 20, y);
  }
  ctx.stroke();
}

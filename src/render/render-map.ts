// Compose one picture: base layer (cached), supply overlay, last moves, besieged rings, counters
// with garrisons, depots and battle marks, leader labels placed without collisions, then the
// banner and the legend. Draws only what the MapPicture (built from a View) holds.
import { Canvas, type CanvasRenderingContext2D, createCanvas } from 'canvas';
import type { HexId, Nationality } from '../engine/index.js';
import { bannerHeight, drawBanner, drawLegend, legendHeight } from './banner.js';
import type { BaseLayer } from './base-layer.js';
import { drawBattleMark, drawBesiegedRing, drawCounter, drawDepot, drawGarrison } from './counters.js';
import { ensureFonts, font } from './fonts.js';
import { NATION_ORDER } from './from-view.js';
import { type Box, LabelPlacer } from './labels.js';
import {
  fullViewport,
  hexCentre,
  hexCorners,
  inView,
  type Point,
  toPixel,
  type Viewport,
  zoomViewport,
} from './layout.js';
import type { MapPicture, PictureDepot, PictureGarrison, PictureStack } from './model.js';
import { drawMoves, drawSupply } from './overlays.js';
import { UI } from './palette.js';

/** node-canvas's PNG_FILTER_NONE (a static on the Canvas class). */
const PNG_FILTER_NONE = (Canvas as unknown as { PNG_FILTER_NONE: number }).PNG_FILTER_NONE;

/** Pixels per hex size on the whole-map picture. */
export const FULL_SCALE = 24;
/** Target width of a zoom picture in pixels (the scale follows from the radius). */
export const ZOOM_TARGET_WIDTH = 960;

export interface RenderOptions {
  base: BaseLayer;
  /** Zoom on a hex: the picture shows `radius` hexes around it. */
  centre?: HexId;
  radius?: number;
  /** Pixels per hex size; default FULL_SCALE for the whole map, fitted to ZOOM_TARGET_WIDTH for a zoom. */
  scale?: number;
  /** Draw the supply overlay when the picture has supply data (default true). */
  supply?: boolean;
  /** Draw the banner (default true). */
  banner?: boolean;
  /** Draw the legend (default true). */
  legend?: boolean;
  /** A title line replacing the banner (battle insets). */
  caption?: string;
}

export type RenderResult =
  | {
      ok: true;
      canvas: Canvas;
      width: number;
      height: number;
      viewport: Viewport;
      /** Every box on the map: counters, markers, place names and leader labels. */
      boxes: Box[];
      /** The place-name and leader-label boxes (each placed where nothing else was). */
      labels: Box[];
      /** Leader labels left out for want of room (the zoom shows them). */
      omittedLabels: number;
    }
  | { ok: false; error: string };

/** The scale that fits a zoom of `radius` hexes into the target width. */
export function zoomScale(radius: number): number {
  const w = 2 * (radius + 0.5) * Math.sqrt(3) + 0.2;
  return Math.max(30, Math.min(80, Math.round(ZOOM_TARGET_WIDTH / w)));
}

interface HexContent {
  stacks: PictureStack[];
  garrison?: PictureGarrison;
  depot?: PictureDepot;
  battle: boolean;
}

function byHex(p: MapPicture): Map<HexId, HexContent> {
  const m = new Map<HexId, HexContent>();
  const get = (hex: HexId) => {
    let c = m.get(hex);
    if (!c) {
      c = { stacks: [], battle: false };
      m.set(hex, c);
    }
    return c;
  };
  for (const s of p.stacks) get(s.hex).stacks.push(s);
  for (const g of p.garrisons) get(g.hex).garrison = g;
  for (const d of p.depots) get(d.hex).depot = d;
  for (const h of p.battles) get(h).battle = true;
  // Prussian-Allied on the left, Coalition on the right, whoever the viewer is.
  for (const c of m.values())
    c.stacks.sort((a, b) => (a.side === b.side ? 0 : a.side === 'prussian-allied' ? -1 : 1));
  return m;
}

interface LabelJob {
  anchor: Box;
  lines: string[];
  px: number;
}

function validate(p: MapPicture, opts: RenderOptions): string | undefined {
  const grid = opts.base.grid;
  const check = (hex: HexId, what: string) => {
    const c = hexCentre(hex, grid);
    const m = /^(\d{2})(\d{2})$/.exec(hex);
    if (
      !c ||
      !m ||
      Number(m[1]) > grid.rows ||
      Number(m[2]) > grid.cols ||
      Number(m[1]) < 1 ||
      Number(m[2]) < 1
    )
      return `${what} hex "${hex}" is not on the map (rows 01..${grid.rows}, columns 01..${grid.cols})`;
    return undefined;
  };
  if (opts.centre !== undefined) {
    const e = check(opts.centre, '--center');
    if (e) return e;
  }
  if (opts.radius !== undefined && (!Number.isInteger(opts.radius) || opts.radius < 1 || opts.radius > 20))
    return `--radius must be a whole number of hexes from 1 to 20, got ${opts.radius}`;
  if (opts.scale !== undefined && !(opts.scale >= 4 && opts.scale <= 120))
    return `scale must lie between 4 and 120 pixels per hex, got ${opts.scale}`;
  for (const s of p.stacks) {
    const e = check(s.hex, 'stack');
    if (e) return e;
  }
  for (const g of p.garrisons) {
    const e = check(g.hex, 'garrison');
    if (e) return e;
  }
  return undefined;
}

/** Render a picture to a canvas. Bad options come back as an error value. */
export function renderPicture(p: MapPicture, opts: RenderOptions): RenderResult {
  const err = validate(p, opts);
  if (err) return { ok: false, error: err };
  ensureFonts();
  const grid = opts.base.grid;
  const zoom = opts.centre !== undefined;
  const radius = opts.radius ?? 4;
  const scale = opts.scale ?? (zoom ? zoomScale(radius) : FULL_SCALE);
  const vp0 = zoom ? zoomViewport(grid, opts.centre!, radius, scale) : fullViewport(grid, scale);
  const width = vp0.width;
  const showBanner = opts.banner ?? true;
  const showLegend = opts.legend ?? true;
  const topH = opts.caption !== undefined ? captionHeight(width) : showBanner ? bannerHeight(width) : 0;
  const botH = showLegend ? legendHeight(width) : 0;
  const vp: Viewport = { ...vp0, offsetY: topH };
  const height = topH + vp.height + botH;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.antialias = 'default';

  // map area, clipped
  ctx.save();
  ctx.beginPath();
  ctx.rect(vp.offsetX, vp.offsetY, vp.width, vp.height);
  ctx.clip();
  opts.base.draw(ctx, vp, zoom ? { centre: opts.centre!, radius } : undefined);
  if ((opts.supply ?? true) && p.supply) drawSupply(ctx, vp, grid, p.supply);
  if (p.moves.length > 0) drawMoves(ctx, vp, grid, p.moves);
  for (const hex of p.besieged) {
    const c = hexCentre(hex, grid);
    if (c && inView(vp, c))
      drawBesiegedRing(
        ctx,
        hexCorners(c, 0.9).map((q) => toPixel(vp, q)),
        scale,
      );
  }
  const placer = new LabelPlacer({ x: vp.offsetX, y: vp.offsetY, w: vp.width, h: vp.height });
  const labels = drawContents(ctx, p, vp, placer, opts.base, zoom);
  for (const b of opts.base.labelBoxes?.(ctx, vp) ?? []) placer.reserve(b);
  drawPlaceNames(ctx, opts.base, vp, placer, zoom);
  const omittedLabels = drawLabels(ctx, labels, placer);
  ctx.restore();

  if (opts.caption !== undefined) drawCaption(ctx, opts.caption, width, topH);
  else if (showBanner) drawBanner(ctx, p, width);
  if (showLegend) {
    const nats = zoom ? nationsIn(p, vp, grid) : undefined;
    drawLegend(ctx, topH + vp.height, width, {
      ...(nats ? { nationalities: nats } : {}),
      supply: (opts.supply ?? true) && p.supply !== null,
      moves: p.moves.length > 0,
    });
  }
  return {
    ok: true,
    canvas,
    width,
    height,
    viewport: vp,
    boxes: placer.all(),
    labels: placer.placed(),
    omittedLabels,
  };
}

function nationsIn(p: MapPicture, vp: Viewport, grid: MapGrid): Nationality[] {
  const seen = new Set<Nationality>();
  const visible = (hex: HexId) => {
    const c = hexCentre(hex, grid);
    return c !== undefined && inView(vp, c, 0);
  };
  for (const s of p.stacks) if (visible(s.hex)) for (const n of s.nationalities) seen.add(n);
  for (const g of p.garrisons) if (visible(g.hex)) seen.add(g.nationality);
  for (const d of p.depots) if (visible(d.hex)) seen.add(d.nationality);
  return NATION_ORDER.filter((n) => seen.has(n));
}

type MapGrid = BaseLayer['grid'];

function drawContents(
  ctx: CanvasRenderingContext2D,
  p: MapPicture,
  vp: Viewport,
  placer: LabelPlacer,
  base: BaseLayer,
  zoom: boolean,
): LabelJob[] {
  const s = vp.scale;
  const jobs: LabelJob[] = [];
  const contents = [...byHex(p).entries()].sort(([a], [b]) => (a < b ? 1 : -1)); // north first: southern counters overlap
  for (const [hex, c] of contents) {
    const wc = hexCentre(hex, base.grid);
    if (!wc || !inView(vp, wc)) continue;
    const ctr = toPixel(vp, wc);
    const n = c.stacks.length;
    // In a fortress hex the counters sit high so the fortress name below stays readable.
    const fort = base.isFortress(hex);
    const lift = fort ? 0.3 : 0.06;
    const size = n >= 2 ? s * 0.84 : s * 1.2;
    const offsets = n >= 2 ? [-0.46, 0.46] : [0];
    c.stacks.slice(0, 2).forEach((st, i) => {
      const pt: Point = { x: ctr.x + (offsets[i] ?? 0) * s, y: ctr.y - lift * s };
      const box = drawCounter(ctx, pt, size, st);
      placer.reserve(box);
      if (st.leaders.length > 0)
        jobs.push({ anchor: box, lines: leaderLines(st, zoom), px: labelPx(s, zoom) });
    });
    if (c.garrison) {
      const gp =
        n === 0
          ? ctr
          : n >= 2
            ? { x: ctr.x - 0.46 * s - size / 2 - 0.06 * s, y: ctr.y - lift * s + size / 2 }
            : { x: ctr.x + 0.62 * s, y: ctr.y - 0.82 * s };
      placer.reserve(drawGarrison(ctx, gp, n === 0 ? s * 0.44 : n >= 2 ? s * 0.25 : s * 0.3, c.garrison));
    }
    if (c.depot) {
      const dp =
        n >= 2
          ? { x: ctr.x + 0.46 * s + size / 2, y: ctr.y - lift * s + size / 2 }
          : n === 1
            ? { x: ctr.x + 0.78 * s, y: ctr.y + (fort ? -0.05 : 0.3) * s }
            : { x: ctr.x + (c.garrison ? 0.62 : 0) * s, y: ctr.y - (c.garrison ? 0.55 : 0) * s };
      placer.reserve(drawDepot(ctx, dp, s * 0.44, c.depot));
    }
    if (c.battle) {
      // top-right corner of the right-hand counter, clear of the leader label above the left one
      const bx = n >= 2 ? ctr.x + 0.46 * s + size / 2 : ctr.x + size / 2;
      placer.reserve(drawBattleMark(ctx, { x: bx, y: ctr.y - lift * s - size / 2 }, s * 0.27));
    }
  }
  return jobs;
}

function labelPx(scale: number, zoom: boolean): number {
  return zoom ? Math.min(24, Math.max(13, scale * 0.4)) : Math.max(10, scale * 0.46);
}

/** Whole map: the commander (top leader) and "+n" more; zoom: up to three leaders by name. */
export function leaderLines(st: PictureStack, zoom: boolean): string[] {
  const names = st.leaders.map((l) => l.name);
  if (!zoom) return [names.length > 1 ? `${names[0]} +${names.length - 1}` : names[0]!];
  if (names.length <= 3) return names;
  return [...names.slice(0, 2), `+${names.length - 2} more`];
}

function labelCandidates(a: Box, w: number, h: number, gap: number): Box[] {
  const cx = a.x + a.w / 2;
  return [
    { x: cx - w / 2, y: a.y - h - gap, w, h },
    { x: cx - w / 2, y: a.y + a.h + gap, w, h },
    { x: a.x + a.w + gap, y: a.y + a.h / 2 - h / 2, w, h },
    { x: a.x - w - gap, y: a.y + a.h / 2 - h / 2, w, h },
    { x: a.x + a.w * 0.3, y: a.y - h - gap, w, h },
    { x: a.x + a.w * 0.7 - w, y: a.y - h - gap, w, h },
    { x: a.x + a.w + gap, y: a.y - h * 0.8, w, h },
    { x: a.x - w - gap, y: a.y - h * 0.8, w, h },
  ];
}

/**
 * Leader labels: the full text at two sizes, then the commander's abbreviated name; a label that
 * finds no free place is left out (the zoom shows it) rather than drawn over something.
 * Returns the number left out.
 */
function drawLabels(ctx: CanvasRenderingContext2D, jobs: LabelJob[], placer: LabelPlacer): number {
  let omitted = 0;
  for (const job of jobs) {
    const tries: { lines: string[]; px: number }[] = [
      { lines: job.lines, px: job.px },
      { lines: job.lines, px: job.px * 0.88 },
      { lines: [abbreviate(job.lines[0] ?? '')], px: job.px * 0.85 },
    ];
    let placed = false;
    for (const t of tries) {
      ctx.font = font(t.px, true);
      const lh = t.px * 1.15;
      const w = Math.max(...t.lines.map((l) => ctx.measureText(l).width)) + t.px * 0.6;
      const h = lh * t.lines.length + t.px * 0.2;
      const box = placer.place(labelCandidates(job.anchor, w, h, t.px * 0.15));
      if (!box) continue;
      drawPill(ctx, box, t.lines, t.px, lh);
      placed = true;
      break;
    }
    if (!placed) omitted++;
  }
  return omitted;
}

/**
 * The short form of a leader label when the full one finds no room: the name's last significant
 * word, never a word cut in the middle ("Charles of Lorraine" -> "Lorraine", "Frederick II +2" ->
 * "Frederick", "Maurice of Anhalt-Dessau" -> "Anhalt", "D'Estrées" stays). Issue 18.14: "Char."
 * and "D'Es." told nobody who stood there.
 */
export function abbreviate(name: string): string {
  const base = (name.split(' +')[0] ?? name).trim();
  const words = base.split(/\s+/).filter((w) => w && !/^(of|de|von|van|du|la|le|the|[IVX]+)$/i.test(w));
  const last = words.at(-1) ?? base;
  // "Saint-Germain" -> "Germain", "Brunswick-Bevern" -> "Brunswick": the longest part.
  return last.split('-').reduce((a, b) => (b.length > a.length ? b : a), '') || last;
}

function drawPill(ctx: CanvasRenderingContext2D, box: Box, lines: string[], px: number, lh: number): void {
  ctx.fillStyle = UI.labelBg;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
  ctx.lineWidth = 1;
  const r = Math.min(px * 0.45, box.h / 2);
  ctx.beginPath();
  ctx.moveTo(box.x + r, box.y);
  ctx.arcTo(box.x + box.w, box.y, box.x + box.w, box.y + box.h, r);
  ctx.arcTo(box.x + box.w, box.y + box.h, box.x, box.y + box.h, r);
  ctx.arcTo(box.x, box.y + box.h, box.x, box.y, r);
  ctx.arcTo(box.x, box.y, box.x + box.w, box.y, r);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.font = font(px, true);
  ctx.fillStyle = UI.labelInk;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < lines.length; i++)
    ctx.fillText(lines[i]!, box.x + box.w / 2, box.y + px * 0.1 + lh * (i + 0.5));
}

/**
 * Fortress and town names, set after the counters so none hides under one: fortress names under
 * the star by preference, town names right of the dot; otherwise the first free side.
 */
function drawPlaceNames(
  ctx: CanvasRenderingContext2D,
  base: BaseLayer,
  vp: Viewport,
  placer: LabelPlacer,
  zoom: boolean,
): void {
  const s = vp.scale;
  const places = [...(base.places?.() ?? [])].sort((a, b) =>
    a.kind === b.kind ? (a.hex < b.hex ? -1 : 1) : a.kind === 'fortress' ? -1 : 1,
  );
  for (const pl of places) {
    const wc = hexCentre(pl.hex, base.grid);
    if (!wc || !inView(vp, wc, 0.5)) continue;
    const c = toPixel(vp, wc);
    const fort = pl.kind === 'fortress';
    const px = fort
      ? Math.min(28, Math.max(zoom ? 12 : 10, s * (zoom ? 0.42 : 0.5)))
      : Math.min(24, Math.max(zoom ? 11 : 9, s * (zoom ? 0.37 : 0.44)));
    ctx.font = font(px, fort);
    const w = ctx.measureText(pl.name).width + px * 0.3;
    const h = px * 1.2;
    const ro = s * 0.36;
    const below = { x: c.x - w / 2, y: c.y + ro * 1.02, w, h };
    const right = { x: c.x + s * 0.22, y: c.y - h / 2, w, h };
    const candidates: Box[] = fort
      ? [
          below,
          { x: c.x - w / 2, y: c.y + s * 0.62, w, h },
          { x: c.x - w / 2, y: c.y - s * 0.95 - h, w, h },
          { x: c.x + s * 0.7, y: c.y - h / 2, w, h },
          { x: c.x - s * 0.7 - w, y: c.y - h / 2, w, h },
        ]
      : [
          right,
          { x: c.x - s * 0.22 - w, y: c.y - h / 2, w, h },
          { x: c.x - w / 2, y: c.y + s * 0.62, w, h },
          { x: c.x - w / 2, y: c.y - s * 0.62 - h, w, h },
        ];
    const box = placer.place(candidates);
    if (!box) continue;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(2, px * 0.28);
    ctx.strokeStyle = 'rgba(250, 246, 234, 0.92)';
    ctx.strokeText(pl.name, box.x + px * 0.15, box.y + h / 2);
    ctx.fillStyle = '#1d1d1d';
    ctx.fillText(pl.name, box.x + px * 0.15, box.y + h / 2);
  }
}

function captionHeight(width: number): number {
  return Math.round(Math.max(34, width * 0.045));
}

function drawCaption(ctx: CanvasRenderingContext2D, text: string, width: number, h: number): void {
  ctx.fillStyle = UI.bannerBg;
  ctx.fillRect(0, 0, width, h);
  ctx.font = font(h * 0.5, true);
  ctx.fillStyle = UI.bannerInk;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, width / 2, h / 2);
}

/**
 * PNG bytes of a rendered canvas. Unfiltered rows at zlib level 3: on these flat-coloured maps
 * that is both the fastest encoding and the smallest file (measured against levels 1-6 with the
 * sub, up, paeth and adaptive filters; bench/render.bench.ts).
 */
export function toPng(canvas: Canvas): Buffer {
  return canvas.toBuffer('image/png', { compressionLevel: 3, filters: PNG_FILTER_NONE });
}

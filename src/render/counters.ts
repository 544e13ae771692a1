// Counters and the markers that sit on them: one counter per side's stack outside a fortress
// (nationality colour + letter, strength or "?"), garrison badges (12.11), demoralized markers
// (11), depots (10.41), besieged rings (13.12) and committed-battle marks (9.0).
import type { CanvasRenderingContext2D } from 'canvas';
import type { Nationality } from '../engine/index.js';
import { font } from './fonts.js';
import type { Box } from './labels.js';
import { type Point, tracePath } from './layout.js';
import type { PictureDepot, PictureGarrison, PictureStack } from './model.js';
import { NATION_STYLE, UI } from './palette.js';

/** The text on a counter: the strength, or "?" when the view hides it. */
export function strengthText(strength: number | null): string {
  return strength === null ? '?' : String(strength);
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.arcTo(x + w, y, x + w, y + r, r);
  ctx.lineTo(x + w, y + h - r);
  ctx.arcTo(x + w, y + h, x + w - r, y + h, r);
  ctx.lineTo(x + r, y + h);
  ctx.arcTo(x, y + h, x, y + h - r, r);
  ctx.lineTo(x, y + r);
  ctx.arcTo(x, y, x + r, y, r);
  ctx.closePath();
}

/** Fit text into a width by stepping the font size down; returns the size used. */
function fitFont(
  ctx: CanvasRenderingContext2D,
  text: string,
  px: number,
  maxW: number,
  bold: boolean,
): number {
  let size = px;
  ctx.font = font(size, bold);
  while (size > 6 && ctx.measureText(text).width > maxW) {
    size -= 0.5;
    ctx.font = font(size, bold);
  }
  return size;
}

/**
 * Draw a stack counter of side `c` pixels centred at `p`. The header band shows the letters of
 * the nationalities present (colour stripes when mixed); the body shows the strength or "?".
 * Returns the counter's box.
 */
export function drawCounter(
  ctx: CanvasRenderingContext2D,
  p: Point,
  c: number,
  stack: PictureStack,
  opts: { chip?: boolean } = {},
): Box {
  const x = p.x - c / 2;
  const y = p.y - c / 2;
  const r = c * 0.12;
  const nats: Nationality[] = stack.nationalities.length > 0 ? stack.nationalities : ['prussia'];
  const main = NATION_STYLE[nats[0]!];
  // drop shadow
  ctx.fillStyle = 'rgba(0, 0, 0, 0.28)';
  roundRect(ctx, x + c * 0.06, y + c * 0.07, c, c, r);
  ctx.fill();
  // body
  ctx.fillStyle = main.fill;
  roundRect(ctx, x, y, c, c, r);
  ctx.fill();
  if (opts.chip) {
    // legend chip: the nationality's letter alone, large
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    fitFont(ctx, main.letter, c * 0.7, c * 0.9, true);
    ctx.fillStyle = main.ink;
    ctx.fillText(main.letter, p.x, p.y + c * 0.04);
    ctx.lineWidth = Math.max(1, c * 0.06);
    ctx.strokeStyle = UI.counterEdge;
    roundRect(ctx, x, y, c, c, r);
    ctx.stroke();
    return { x, y, w: c, h: c };
  }
  // header band: one stripe per nationality present
  const bandH = c * 0.34;
  ctx.save();
  roundRect(ctx, x, y, c, c, r);
  ctx.clip();
  const stripeW = c / nats.length;
  nats.forEach((n, i) => {
    ctx.fillStyle = NATION_STYLE[n].fill;
    ctx.fillRect(x + i * stripeW, y, stripeW + 0.5, bandH);
  });
  ctx.fillStyle = 'rgba(0, 0, 0, 0.18)';
  ctx.fillRect(x, y + bandH - Math.max(0.6, c * 0.03), c, Math.max(0.6, c * 0.03));
  ctx.restore();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  nats.forEach((n, i) => {
    const st = NATION_STYLE[n];
    fitFont(ctx, st.letter, bandH * 0.85, stripeW * 0.9, true);
    ctx.fillStyle = st.ink;
    ctx.fillText(st.letter, x + (i + 0.5) * stripeW, y + bandH * 0.55);
  });
  // strength (or "?" on a white disc so a hidden value reads at a glance)
  const bodyCy = y + bandH + (c - bandH) / 2;
  const txt = strengthText(stack.strength);
  if (stack.strength === null) {
    fitFont(ctx, txt, (c - bandH) * 0.86, c * 0.8, true);
    ctx.fillStyle = main.ink;
  } else {
    fitFont(ctx, txt, (c - bandH) * 0.8, c * 0.88, true);
    ctx.fillStyle = main.ink;
  }
  ctx.fillText(txt, p.x, bodyCy + c * 0.02);
  // edge
  ctx.lineWidth = Math.max(1, c * 0.06);
  ctx.strokeStyle = UI.counterEdge;
  roundRect(ctx, x, y, c, c, r);
  ctx.stroke();
  if (stack.demoralized) {
    // Issue 18.14: the marker straddles the counter's top edge inside its own width (it used to sit
    // on the corner and cover the neighbouring counter); the box returned includes it, so labels
    // keep clear of it.
    const d = c * 0.38;
    const m = drawDemoralized(ctx, { x: x + d / 2 + c * 0.02, y: y - d * 0.38 }, d);
    const top = Math.min(y, m.y);
    return { x, y: top, w: c, h: y + c - top };
  }
  return { x, y, w: c, h: c };
}

/** 11: the demoralized marker, a black square with a white "D", centred on a counter's top-left corner. */
export function drawDemoralized(ctx: CanvasRenderingContext2D, p: Point, size: number): Box {
  const x = p.x - size / 2;
  const y = p.y - size / 2;
  ctx.fillStyle = UI.demoralizedFill;
  ctx.fillRect(x, y, size, size);
  ctx.lineWidth = Math.max(0.8, size * 0.08);
  ctx.strokeStyle = '#FFFFFF';
  ctx.strokeRect(x, y, size, size);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = font(size * 0.72, true);
  ctx.fillStyle = UI.demoralizedInk;
  ctx.fillText('D', p.x, p.y + size * 0.04);
  return { x, y, w: size, h: size };
}

/**
 * 12.11: a garrison badge, a crenellated disc in the garrison's colours with its letter and the
 * strength (own side) or "?" (anyone else).
 */
export function drawGarrison(
  ctx: CanvasRenderingContext2D,
  p: Point,
  radius: number,
  g: PictureGarrison,
): Box {
  const st = NATION_STYLE[g.nationality];
  // crenellations: a ring of small squares around the disc
  ctx.fillStyle = UI.counterEdge;
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI / 4) * i;
    const cx = p.x + Math.cos(a) * radius;
    const cy = p.y + Math.sin(a) * radius;
    const s = radius * 0.42;
    ctx.fillRect(cx - s / 2, cy - s / 2, s, s);
  }
  ctx.beginPath();
  ctx.arc(p.x, p.y, radius, 0, Math.PI * 2);
  ctx.fillStyle = st.fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, radius * 0.14);
  ctx.strokeStyle = UI.counterEdge;
  ctx.stroke();
  const txt = `${st.letter}${strengthText(g.strength)}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  fitFont(ctx, txt, radius * 0.95, radius * 1.7, true);
  ctx.fillStyle = st.ink;
  ctx.fillText(txt, p.x, p.y + radius * 0.05);
  const R = radius * 1.25;
  return { x: p.x - R, y: p.y - R, w: 2 * R, h: 2 * R };
}

/** 10.41: a depot tent in the owner's colour; solid when complete, hatched with a dashed edge while building. */
export function drawDepot(ctx: CanvasRenderingContext2D, p: Point, size: number, d: PictureDepot): Box {
  const st = NATION_STYLE[d.nationality];
  const h = size;
  const w = size * 1.1;
  ctx.beginPath();
  ctx.moveTo(p.x, p.y - h / 2);
  ctx.lineTo(p.x + w / 2, p.y + h / 2);
  ctx.lineTo(p.x - w / 2, p.y + h / 2);
  ctx.closePath();
  if (d.status === 'complete') {
    ctx.fillStyle = st.fill;
    ctx.fill();
  } else {
    ctx.fillStyle = '#FFFFFF';
    ctx.fill();
    ctx.save();
    ctx.clip();
    ctx.strokeStyle = st.fill;
    ctx.lineWidth = Math.max(1, size * 0.12);
    for (let k = -w; k < w; k += size * 0.28) {
      ctx.beginPath();
      ctx.moveTo(p.x + k, p.y + h / 2);
      ctx.lineTo(p.x + k + h, p.y - h / 2);
      ctx.stroke();
    }
    ctx.restore();
  }
  ctx.beginPath();
  ctx.moveTo(p.x, p.y - h / 2);
  ctx.lineTo(p.x + w / 2, p.y + h / 2);
  ctx.lineTo(p.x - w / 2, p.y + h / 2);
  ctx.closePath();
  ctx.lineWidth = Math.max(1, size * 0.1);
  ctx.strokeStyle = UI.counterEdge;
  ctx.setLineDash(d.status === 'complete' ? [] : [size * 0.18, size * 0.12]);
  ctx.stroke();
  ctx.setLineDash([]);
  return { x: p.x - w / 2, y: p.y - h / 2, w, h };
}

/** 13.12: a besieged fortress, ringed with a dashed dark-red hexagon just inside the hex edge. */
export function drawBesiegedRing(ctx: CanvasRenderingContext2D, corners: Point[], scale: number): void {
  ctx.beginPath();
  tracePath(ctx, corners);
  ctx.closePath();
  ctx.lineWidth = Math.max(2, scale * 0.16);
  ctx.strokeStyle = '#FFFFFF';
  ctx.stroke();
  ctx.lineWidth = Math.max(1.4, scale * 0.11);
  ctx.strokeStyle = UI.besiegedRing;
  ctx.setLineDash([scale * 0.22, scale * 0.12]);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** 9.0: a committed battle, crossed swords on a white disc. */
export function drawBattleMark(ctx: CanvasRenderingContext2D, p: Point, radius: number): Box {
  ctx.beginPath();
  ctx.arc(p.x, p.y, radius, 0, Math.PI * 2);
  ctx.fillStyle = '#FFFFFF';
  ctx.fill();
  ctx.lineWidth = Math.max(1, radius * 0.14);
  ctx.strokeStyle = UI.battle;
  ctx.stroke();
  const k = radius * 0.6;
  ctx.lineWidth = Math.max(1.2, radius * 0.2);
  ctx.lineCap = 'round';
  for (const s of [1, -1]) {
    ctx.beginPath();
    ctx.moveTo(p.x - k * s, p.y - k);
    ctx.lineTo(p.x + k * s, p.y + k);
    ctx.stroke();
    // hilts
    ctx.beginPath();
    ctx.moveTo(p.x + k * s - radius * 0.28, p.y + k - radius * 0.28 * -s * s);
    ctx.lineTo(p.x + k * s * 0.45, p.y + k * 0.45 + radius * 0.0);
    ctx.stroke();
  }
  ctx.lineCap = 'butt';
  return { x: p.x - radius, y: p.y - radius, w: 2 * radius, h: 2 * radius };
}

// The banner above the map (scenario, Game-Turn and its date, phase, phasing side, viewer and
// VP estimate) and the compact legend below it.
import type { CanvasRenderingContext2D } from 'canvas';
import type { Nationality } from '../engine/index.js';
import { BASEMAP_COLOURS } from './basemap-palette.js';
import { turnDate } from './calendar.js';
import { drawBattleMark, drawCounter, drawDemoralized, drawDepot, drawGarrison } from './counters.js';
import { font } from './fonts.js';
import type { MapPicture } from './model.js';
import { NATION_STYLE, SIDE_LABEL, UI } from './palette.js';

const PHASE_LABEL: Record<string, string> = {
  reinforcement: 'Reinforcement Phase',
  morale: 'Morale Recovery Phase',
  depot: 'Depot Creation Phase',
  march: 'March Phase',
  forcemarch: 'Force March Phase',
  combat: 'Combat Phase',
  siege: 'Siege Resolution Phase',
  attrition: 'Attrition Phase',
  'prisoner-exchange': 'Prisoner Exchange Phase',
  'turn-advance': 'End of Game-Turn',
};

export function phaseLabel(phase: string): string {
  return PHASE_LABEL[phase] ?? phase;
}

function viewerLabel(p: MapPicture): string {
  if (p.viewer === 'public') return 'Public view';
  const side = p.viewerSide ? ` (${SIDE_LABEL[p.viewerSide]})` : '';
  return `${NATION_STYLE[p.viewer].label}${side}`;
}

function vpLabel(p: MapPicture): string {
  if (!p.vp) {
    if (p.viewer === 'public' || !p.tally) return '';
    // no estimate in the view: show what it has (17.x counts SP lost and prisoners)
    const t = p.tally;
    return `VP n/a · lost ${t.lost ?? '?'} SP · POWs held ${t.prisonersHeld}, lost ${t.prisonersLost}`;
  }
  const v = p.vp.value > 0 ? `+${p.vp.value}` : String(p.vp.value);
  const whose = p.vp.side === p.viewerSide ? '' : ` ${SIDE_LABEL[p.vp.side]}`;
  return `VP${whose} ${v}${p.vp.note ? ` (${p.vp.note})` : ''}`;
}

/** The banner's text lines, exported for tests. */
export function bannerLines(p: MapPicture): {
  title: string;
  date: string;
  phase: string;
  viewer: string;
  vp: string;
} {
  const d = turnDate(p.turn, p.year);
  const title = p.scenarioTitle ?? (p.scenario ? `Scenario ${p.scenario}` : 'Custom scenario');
  return {
    title,
    date: `Turn ${p.turn}: ${d.ok ? d.label : '(no calendar date)'}`,
    phase: `${phaseLabel(p.phase)} · ${SIDE_LABEL[p.phasing]} Player-Turn`,
    viewer: viewerLabel(p),
    vp: vpLabel(p),
  };
}

/** Height of the banner for a picture width. */
export function bannerHeight(width: number): number {
  // large enough to read when a phone shrinks the picture to its screen width
  return Math.round(Math.min(110, Math.max(64, width * 0.085)));
}

function ellipsize(ctx: CanvasRenderingContext2D, text: string, maxW: number): string {
  if (ctx.measureText(text).width <= maxW) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > maxW) t = t.slice(0, -1);
  return `${t}…`;
}

export function drawBanner(ctx: CanvasRenderingContext2D, p: MapPicture, width: number): number {
  const h = bannerHeight(width);
  ctx.fillStyle = UI.bannerBg;
  ctx.fillRect(0, 0, width, h);
  const L = bannerLines(p);
  const pad = h * 0.2;
  const big = h * 0.34;
  const small = h * 0.24;
  ctx.textBaseline = 'alphabetic';
  // left: date (the headline) and phase
  ctx.textAlign = 'left';
  ctx.font = font(big, true);
  ctx.fillStyle = UI.bannerInk;
  const half = width / 2 - pad * 2;
  ctx.fillText(ellipsize(ctx, L.date, half), pad, pad + big * 0.85);
  ctx.font = font(small);
  ctx.fillStyle = UI.bannerMuted;
  ctx.fillText(ellipsize(ctx, L.phase, half), pad, h - pad * 0.9);
  // right: scenario and viewer, then the VP estimate (or what the view has)
  ctx.textAlign = 'right';
  ctx.font = font(small * 1.1, true);
  ctx.fillStyle = UI.bannerInk;
  ctx.fillText(ellipsize(ctx, `${L.title} · ${L.viewer}`, half), width - pad, pad + big * 0.8);
  ctx.font = font(small);
  ctx.fillStyle = UI.bannerMuted;
  ctx.fillText(ellipsize(ctx, L.vp, half), width - pad, h - pad * 0.9);
  return h;
}

export interface LegendOptions {
  /** Nationalities to list (default: all seven). */
  nationalities?: readonly Nationality[];
  /** Show the supply swatch. */
  supply?: boolean;
  /** Show the moves swatch. */
  moves?: boolean;
}

/** Height of the legend strip for a picture width. */
export function legendHeight(width: number): number {
  return legendRowHeight(width) * legendRows(width);
}

function legendRows(width: number): number {
  return width < 1400 ? 2 : 1;
}

function legendRowHeight(width: number): number {
  return Math.round(Math.min(64, Math.max(36, width * 0.05)));
}

/** The compact legend: nationality chips (colour + letter) then the marker symbols. */
export function drawLegend(
  ctx: CanvasRenderingContext2D,
  y0: number,
  width: number,
  opts: LegendOptions = {},
): number {
  const h = legendHeight(width);
  const rows = legendRows(width);
  const rowH = legendRowHeight(width);
  ctx.fillStyle = UI.legendBg;
  ctx.fillRect(0, y0, width, h);
  ctx.fillStyle = 'rgba(0,0,0,0.25)';
  ctx.fillRect(0, y0, width, 1);
  const chip = rowH * 0.56;
  const fs = rowH * 0.32;
  const nats = opts.nationalities ?? (Object.keys(NATION_STYLE) as Nationality[]);
  type Item = { w: number; draw: (x: number, cy: number) => void };
  const items: Item[] = [];
  const text = (label: string) => {
    ctx.font = font(fs);
    return ctx.measureText(label).width;
  };
  const withLabel = (label: string, symbolW: number, sym: (x: number, cy: number) => void): Item => ({
    w: symbolW + fs * 0.4 + text(label) + fs * 1.2,
    draw: (x, cy) => {
      sym(x, cy);
      ctx.font = font(fs);
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = UI.legendInk;
      ctx.fillText(label, x + symbolW + fs * 0.4, cy);
    },
  });
  for (const n of nats) {
    items.push(
      withLabel(NATION_STYLE[n].label, chip, (x, cy) =>
        drawCounter(
          ctx,
          { x: x + chip / 2, y: cy },
          chip,
          { hex: '', side: 'coalition', nationalities: [n], strength: null, leaders: [], demoralized: false },
          { chip: true },
        ),
      ),
    );
  }
  items.push(
    withLabel('strength hidden', chip, (x, cy) =>
      drawCounter(ctx, { x: x + chip / 2, y: cy }, chip, {
        hex: '',
        side: 'coalition',
        nationalities: ['austria'],
        strength: null,
        leaders: [],
        demoralized: false,
      }),
    ),
  );
  items.push(
    withLabel('garrison', chip, (x, cy) =>
      drawGarrison(ctx, { x: x + chip / 2, y: cy }, chip * 0.4, {
        hex: '',
        side: 'prussian-allied',
        nationality: 'prussia',
        strength: 2,
      }),
    ),
  );
  items.push(
    withLabel('depot / building', chip * 1.5, (x, cy) => {
      drawDepot(ctx, { x: x + chip * 0.35, y: cy }, chip * 0.6, {
        hex: '',
        nationality: 'prussia',
        status: 'complete',
      });
      drawDepot(ctx, { x: x + chip * 1.15, y: cy }, chip * 0.6, {
        hex: '',
        nationality: 'prussia',
        status: 'building',
      });
    }),
  );
  // Issue 18.14: the number in a dark box by each fortress star is its Victory Points (17.0).
  items.push(
    withLabel('fortress VP', chip * 0.9, (x, cy) => {
      const r = chip * 0.3;
      ctx.fillStyle = BASEMAP_COLOURS.fortress;
      ctx.beginPath();
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 === 0 ? r : r * 0.62;
        const px = x + r + rr * Math.cos(a);
        const py = cy + chip * 0.08 + rr * Math.sin(a);
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      ctx.closePath();
      ctx.fill();
      const b = chip * 0.34;
      ctx.fillStyle = BASEMAP_COLOURS.vpBox;
      ctx.fillRect(x + r * 1.5, cy - b * 1.1, b, b);
      ctx.fillStyle = BASEMAP_COLOURS.vpText;
      ctx.font = font(b * 0.82, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('3', x + r * 1.5 + b / 2, cy - b * 0.6 + 0.5);
    }),
  );
  items.push(
    withLabel('demoralized', chip * 0.6, (x, cy) =>
      drawDemoralized(ctx, { x: x + chip * 0.3, y: cy }, chip * 0.6),
    ),
  );
  items.push(
    withLabel('besieged', chip * 0.8, (x, cy) => {
      ctx.strokeStyle = UI.besiegedRing;
      ctx.lineWidth = Math.max(1.5, chip * 0.12);
      ctx.setLineDash([chip * 0.16, chip * 0.1]);
      ctx.beginPath();
      ctx.arc(x + chip * 0.4, cy, chip * 0.36, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }),
  );
  items.push(
    withLabel('battle', chip * 0.7, (x, cy) =>
      drawBattleMark(ctx, { x: x + chip * 0.35, y: cy }, chip * 0.34),
    ),
  );
  if (opts.moves)
    items.push(
      withLabel('your last moves', chip * 1.2, (x, cy) => {
        ctx.strokeStyle = '#555555';
        ctx.lineWidth = Math.max(2, chip * 0.14);
        ctx.setLineDash([chip * 0.2, chip * 0.12]);
        ctx.beginPath();
        ctx.moveTo(x, cy);
        ctx.lineTo(x + chip * 1.2, cy);
        ctx.stroke();
        ctx.setLineDash([]);
      }),
    );
  if (opts.supply)
    items.push(
      withLabel('in supply', chip * 0.8, (x, cy) => {
        ctx.fillStyle = UI.supplyWash;
        ctx.fillRect(x, cy - chip * 0.4, chip * 0.8, chip * 0.8);
        ctx.strokeStyle = UI.supplyEdge;
        ctx.setLineDash([2, 2]);
        ctx.strokeRect(x, cy - chip * 0.4, chip * 0.8, chip * 0.8);
        ctx.setLineDash([]);
      }),
    );
  // flow the items into the rows
  let x = rowH * 0.3;
  let row = 0;
  for (const it of items) {
    if (x + it.w > width - rowH * 0.2 && row < rows - 1) {
      row++;
      x = rowH * 0.3;
    }
    if (x + it.w > width) break;
    it.draw(x, y0 + rowH * (row + 0.5));
    x += it.w;
  }
  return h;
}

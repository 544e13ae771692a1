// Pictures for the standings (issue 21): a standings table (nations or sides) and, for a finished
// campaign, the VP (17.0) of both sides Game-Turn by Game-Turn. Plain data in, PNG out.
import { createCanvas } from 'canvas';
import { ensureFonts, font } from './fonts.js';
import { UI } from './palette.js';

export interface TableTally {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  bonus: number;
  points: number;
  score: number;
}
export interface TableRow {
  rank: number;
  label: string;
  campaigns: TableTally;
  battles: TableTally;
}

const INK = '#1A1A1A';
const PAPER = '#F5F2E8';
const RULE = '#C9BFA8';
const ALLIED = '#2B4C8C';
const COALITION = '#B3312B';

const COLUMNS = [
  '#',
  'Who',
  'Camp.',
  'W',
  'D',
  'L',
  'Bonus',
  'Pts',
  'Score',
  'Battles',
  'W',
  'D',
  'L',
  'Bonus',
  'Pts',
  'Score',
];
const WIDTHS = [34, 190, 56, 34, 34, 34, 52, 44, 60, 60, 34, 34, 34, 52, 44, 60];

/** The standings as a table picture (one row per line, at most 25 rows). */
/** A paper-coloured canvas with the title banner across its top (both standings pictures). */
function paperWithBanner(width: number, height: number, title: string) {
  const c = createCanvas(width, height);
  const g = c.getContext('2d');
  g.fillStyle = PAPER;
  g.fillRect(0, 0, width, height);
  g.fillStyle = UI.bannerBg;
  g.fillRect(0, 0, width, 40);
  g.fillStyle = UI.bannerInk;
  g.font = font(18, true);
  g.textBaseline = 'middle';
  g.fillText(title, 12, 20);
  return { c, g };
}

export function standingsTablePng(title: string, rows: readonly TableRow[], note = ''): Buffer {
  ensureFonts();
  const shown = rows.slice(0, 25);
  const rowH = 26;
  const width = WIDTHS.reduce((a, b) => a + b, 0) + 24;
  const height = 70 + rowH * (shown.length + 1) + (note ? 26 : 10);
  const { c, g } = paperWithBanner(width, height, title);
  const top = 52;
  g.font = font(13, true);
  g.fillStyle = INK;
  let x = 12;
  COLUMNS.forEach((h, i) => {
    g.fillText(h, x + 4, top + rowH / 2);
    x += WIDTHS[i]!;
  });
  g.strokeStyle = RULE;
  g.beginPath();
  g.moveTo(12, top + rowH);
  g.lineTo(width - 12, top + rowH);
  g.stroke();
  g.font = font(13);
  shown.forEach((r, j) => {
    const y = top + rowH * (j + 1);
    if (j % 2 === 1) {
      g.fillStyle = 'rgba(0,0,0,0.04)';
      g.fillRect(12, y, width - 24, rowH);
    }
    g.fillStyle = INK;
    const cells = [
      String(r.rank),
      r.label,
      String(r.campaigns.played),
      String(r.campaigns.won),
      String(r.campaigns.drawn),
      String(r.campaigns.lost),
      String(r.campaigns.bonus),
      String(r.campaigns.points),
      r.campaigns.played ? `${r.campaigns.score}%` : '-',
      String(r.battles.played),
      String(r.battles.won),
      String(r.battles.drawn),
      String(r.battles.lost),
      String(r.battles.bonus),
      String(r.battles.points),
      r.battles.played ? `${r.battles.score}%` : '-',
    ];
    let cx = 12;
    cells.forEach((t, i) => {
      const w = WIDTHS[i]!;
      let text = t;
      while (text.length > 1 && g.measureText(text).width > w - 8) text = text.slice(0, -1);
      g.fillText(text === t ? t : `${text}…`, cx + 4, y + rowH / 2);
      cx += w;
    });
  });
  if (note) {
    g.font = font(12);
    g.fillStyle = '#555555';
    g.fillText(note, 12, height - 14);
  }
  return c.toBuffer('image/png');
}

export interface VpPointIn {
  turn: number;
  allied: number;
  coalition: number;
  final?: boolean;
}

/** VP of both sides by Game-Turn: one point at the start of each turn, the last the final count. */
export function vpChartPng(
  title: string,
  points: readonly VpPointIn[],
  turnLabel: (turn: number) => string,
): Buffer {
  ensureFonts();
  const width = 720;
  const height = 380;
  const { c, g } = paperWithBanner(width, height, title);
  const left = 56;
  const right = width - 44;
  const top = 64;
  const bottom = height - 56;
  const values = points.flatMap((p) => [p.allied, p.coalition]);
  let lo = Math.min(0, ...values);
  let hi = Math.max(10, ...values);
  const span = hi - lo;
  lo = Math.floor((lo - span * 0.05) / 5) * 5;
  hi = Math.ceil((hi + span * 0.05) / 5) * 5;
  const n = Math.max(1, points.length - 1);
  const px = (i: number) => left + ((right - left) * i) / n;
  const py = (v: number) => bottom - ((bottom - top) * (v - lo)) / (hi - lo || 1);
  // Grid and axes.
  g.font = font(11);
  g.strokeStyle = RULE;
  g.fillStyle = '#555555';
  const step = Math.max(5, Math.ceil((hi - lo) / 8 / 5) * 5);
  for (let v = lo; v <= hi; v += step) {
    g.beginPath();
    g.moveTo(left, py(v));
    g.lineTo(right, py(v));
    g.stroke();
    g.fillText(String(v), 12, py(v));
  }
  g.strokeStyle = INK;
  g.beginPath();
  g.moveTo(left, py(0));
  g.lineTo(right, py(0));
  g.stroke();
  const every = Math.max(1, Math.ceil(points.length / 9));
  points.forEach((p, i) => {
    if (i % every !== 0 && i !== points.length - 1) return;
    g.save();
    g.translate(px(i), bottom + 8);
    g.rotate(Math.PI / 7);
    g.fillText(p.final ? 'end' : turnLabel(p.turn), 0, 6);
    g.restore();
  });
  const line = (key: 'allied' | 'coalition', colour: string) => {
    g.strokeStyle = colour;
    g.fillStyle = colour;
    g.lineWidth = 3;
    g.beginPath();
    points.forEach((p, i) => {
      if (i === 0) g.moveTo(px(i), py(p[key]));
      else g.lineTo(px(i), py(p[key]));
    });
    g.stroke();
    points.forEach((p, i) => {
      g.beginPath();
      g.arc(px(i), py(p[key]), 3.5, 0, Math.PI * 2);
      g.fill();
    });
    g.lineWidth = 1;
  };
  line('allied', ALLIED);
  line('coalition', COALITION);
  // Legend with the final values.
  const last = points.at(-1);
  g.font = font(13, true);
  g.fillStyle = ALLIED;
  g.fillText(`Prussian-Allied ${last ? last.allied : ''}`, left + 8, top - 10);
  g.fillStyle = COALITION;
  g.fillText(`Coalition ${last ? last.coalition : ''}`, left + 220, top - 10);
  return c.toBuffer('image/png');
}

// Colours of the tactical pictures: a pale winter field (frozen ground, light snow on
// 5 December 1757), and counters whose side and formation never depend on colour alone (side by
// fill and letter-free contrast, formation by band colour AND code).
import type { TacSide } from './model.js';

export const TERRAIN_FILL = {
  clear: '#F3F1E9',
  village: '#D9B48F',
  churchyard: '#B98C6A',
  woods: '#8DB37E',
  marsh: '#C4DDD8',
} as const;

/** Hill tint drawn over the terrain fill, per level. */
export const HILL_TINT = ['', 'rgba(176, 140, 70, 0.28)', 'rgba(150, 105, 40, 0.48)'] as const;

export const INK = {
  hexEdge: '#C9C3AE',
  hexNumber: '#8A8474',
  contour: '#8C6A32',
  stream: '#2B7BBF',
  road: '#8B6B3E',
  bridge: '#4A3520',
  abatis: '#4A2E12',
  tree: '#4F7A43',
  house: '#7A4E2C',
  marshTuft: '#4E8C86',
  village: '#3A2410',
  height: '#6B4A14',
  wood: '#2F5A27',
  water: '#1B5E9B',
  halo: 'rgba(255, 255, 255, 0.85)',
  title: '#1E2430',
  titleInk: '#F5F2E8',
  titleMuted: '#B8BFCC',
  legendInk: '#1A1A1A',
  facing: '#111111',
  highlight: '#D55E00',
  fireLine: '#111111',
  fireBlocked: '#D55E00',
} as const;

export const SIDE_STYLE: Record<TacSide, { fill: string; ink: string; edge: string; label: string }> = {
  prussia: { fill: '#1F5F99', ink: '#FFFFFF', edge: '#0B2540', label: 'Prussia' },
  austria: { fill: '#FAFAF5', ink: '#111111', edge: '#333333', label: 'Austria' },
};

/** Command-range outline per side when no formation colour applies. */
export const RANGE_COLOUR: Record<TacSide, string> = { prussia: '#1F5F99', austria: '#333333' };

/**
 * Okabe-Ito colours for formation bands, in the order of the side's formations; the eighth is Tol's
 * wine instead of Okabe-Ito blue, which would vanish on the Prussian fill. Grey for independents.
 */
export const FORMATION_COLOURS = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#D55E00',
  '#CC79A7',
  '#000000',
  '#882255',
];
export const INDEPENDENT_COLOUR = '#9A9A9A';

export const MARKER = {
  disorganized: { fill: '#E69F00', ink: '#111111' },
  routed: { fill: '#111111', ink: '#FFFFFF' },
} as const;

// Colours of the strategic-map base layer: muted, print-like terrain so counters drawn on top
// stay the loudest thing on the picture. Region tints are light washes, never the only cue
// (region borders are also drawn as dashed lines).
import type { RegionId } from '../map/types.js';

export const BASEMAP_COLOURS = {
  paper: '#f3ecd8',
  sea: '#a8c8dc',
  seaDeep: '#94b9d1',
  lake: '#9cc3da',
  clear: '#efe7cf',
  mountain: '#d2c2a0',
  mountainMark: '#7a5a36',
  grid: 'rgba(80, 64, 40, 0.16)',
  coast: '#4d7893',
  river: '#2f69b0',
  ridge: '#6b4423',
  pass: '#b3261e',
  regionBorder: 'rgba(110, 40, 110, 0.75)',
  fortress: '#8b1a1a',
  fortressInner: '#fbf6ea',
  town: '#222222',
  label: '#1d1d1d',
  halo: 'rgba(250, 246, 234, 0.92)',
  hexNumber: 'rgba(60, 50, 40, 0.55)',
  vpBox: '#1f3b5a',
  vpText: '#ffffff',
} as const;

/** Light region washes (alpha applied by the renderer). */
export const REGION_TINT: Record<RegionId, string> = {
  saxony: '#2ca25f',
  silesia: '#e6ab02',
  bohemia: '#d95f02',
  moravia: '#e7298a',
  austria: '#e41a1c',
  magdeburg: '#4575b4',
  brandenburg: '#3060c0',
  'prussian-pomerania': '#5b8bd0',
  'swedish-pomerania': '#f2d600',
  'east-prussia': '#1f4fa0',
  hanover: '#b35806',
  westphalia: '#6a51a3',
  empire: '#8c8c5a',
  france: '#7fa8d8',
  poland: '#c06080',
  dutch: '#ff9a3c',
  'austrian-netherlands': '#d0a0a0',
  hungary: '#a05050',
  other: '#9a9a9a',
};

export const REGION_LABEL: Record<RegionId, string> = {
  saxony: 'SAXONY',
  silesia: 'SILESIA',
  bohemia: 'BOHEMIA',
  moravia: 'MORAVIA',
  austria: 'AUSTRIA',
  magdeburg: 'MAGDEBURG',
  brandenburg: 'BRANDENBURG',
  'prussian-pomerania': 'POMERANIA',
  'swedish-pomerania': 'SWEDISH POMERANIA',
  'east-prussia': 'EAST PRUSSIA',
  hanover: 'HANOVER',
  westphalia: 'WESTPHALIA',
  empire: 'THE EMPIRE',
  france: 'FRANCE',
  poland: 'POLAND',
  dutch: 'UNITED PROVINCES',
  'austrian-netherlands': 'AUSTRIAN NETHERLANDS',
  hungary: 'HUNGARY',
  other: '',
};

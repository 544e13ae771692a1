// Nationality colours and second cues. Fills come from the Okabe-Ito palette (distinguishable
// under the common colour-vision deficiencies) plus white; every counter also carries its
// nationality's letter, so colour is never the only cue.
import type { Nationality, Side } from '../engine/index.js';

export interface NationStyle {
  /** Counter fill. */
  fill: string;
  /** Text and symbol colour on that fill (chosen for contrast). */
  ink: string;
  /** Letter printed on the counter (the second cue). */
  letter: string;
  /** Label used in the legend. */
  label: string;
}

export const NATION_STYLE: Record<Nationality, NationStyle> = {
  prussia: { fill: '#0072B2', ink: '#FFFFFF', letter: 'P', label: 'Prussia' },
  hanover: { fill: '#D55E00', ink: '#FFFFFF', letter: 'H', label: 'Hanover' },
  austria: { fill: '#F7F7F2', ink: '#111111', letter: 'A', label: 'Austria' },
  france: { fill: '#56B4E9', ink: '#111111', letter: 'F', label: 'France' },
  russia: { fill: '#009E73', ink: '#FFFFFF', letter: 'R', label: 'Russia' },
  sweden: { fill: '#F0E442', ink: '#111111', letter: 'S', label: 'Sweden' },
  empire: { fill: '#CC79A7', ink: '#111111', letter: 'E', label: 'Empire' },
};

export const SIDE_LABEL: Record<Side, string> = {
  'prussian-allied': 'Prussian-Allied',
  coalition: 'Coalition',
};

/** Colours of the chrome (banner, legend, markers). */
export const UI = {
  bannerBg: '#1E2430',
  bannerInk: '#F5F2E8',
  bannerMuted: '#B8BFCC',
  legendBg: 'rgba(250, 247, 238, 0.94)',
  legendInk: '#1A1A1A',
  counterEdge: '#111111',
  hiddenInk: '#111111',
  hiddenFill: '#FFFFFF',
  labelBg: 'rgba(255, 255, 255, 0.88)',
  labelInk: '#111111',
  demoralizedFill: '#111111',
  demoralizedInk: '#FFFFFF',
  besiegedRing: '#7A0019',
  battle: '#111111',
  moveCasing: '#FFFFFF',
  supplyWash: 'rgba(0, 158, 115, 0.16)',
  supplyEdge: 'rgba(0, 110, 80, 0.75)',
} as const;

// What the renderer draws: a "map picture", built from one seat's View (from-view.ts) and
// nothing else. Every field is something that seat may know; a hidden strength is `null` and is
// drawn as "?". Pure data, no canvas.
import type { HexId, Nationality, Seat, Side } from '../engine/index.js';

export type Viewer = Seat | 'public';

export interface PictureLeader {
  name: string;
  nationality: Nationality;
}

/** The units of one side standing outside any fortress in a hex (12.11), as one counter. */
export interface PictureStack {
  hex: HexId;
  side: Side;
  /** Nationalities present, the predominant one first (its colour fills the counter). */
  nationalities: Nationality[];
  /** Total SP, or null when the viewer may not know it (drawn as "?"). */
  strength: number | null;
  /** Leaders the viewer may see, top of the stack first (8.21: the commander lies on top). */
  leaders: PictureLeader[];
  /** 11: a demoralized marker lies on the stack. */
  demoralized: boolean;
}

/** Units inside the fortress of a hex (12.11). Presence is public; strength only for its owners. */
export interface PictureGarrison {
  hex: HexId;
  side: Side;
  nationality: Nationality;
  strength: number | null;
}

export interface PictureDepot {
  hex: HexId;
  nationality: Nationality;
  /** 10.41: building (just placed) or complete. */
  status: 'building' | 'complete';
}

/** One move of the viewer's own forces in the last phase: the hexes passed, start first. */
export interface PictureMove {
  nationality: Nationality;
  path: HexId[];
}

export interface PictureVp {
  /** The side the estimate is for. */
  side: Side;
  value: number;
  /** Short qualifier shown after the figure, e.g. "estimate" or "margin". */
  note?: string;
}

export interface MapPicture {
  viewer: Viewer;
  /** The viewer's side, or null for the public view. */
  viewerSide: Side | null;
  scenario: string;
  /** A longer scenario title when the view carries one. */
  scenarioTitle?: string;
  /** Campaign year of Turn 1 (null for a custom scenario without a year). */
  year: number | null;
  turn: number;
  phase: string;
  phasing: Side;
  vp: PictureVp | null;
  stacks: PictureStack[];
  garrisons: PictureGarrison[];
  depots: PictureDepot[];
  /** 13.12: besieged fortress hexes. */
  besieged: HexId[];
  /** 9.0: hexes committed to battle this Combat Phase (both forces revealed there). */
  battles: HexId[];
  /** The viewer's own moves in the last phase (empty for the public view). */
  moves: PictureMove[];
  /** Hexes in supply for the viewer's side (10.x), or null when the view carries none. */
  supply: HexId[] | null;
  /**
   * What the view has toward victory when it carries no VP estimate (17.x): SP the viewer's side
   * has lost (own side only), and prisoners each side holds (14, known to both).
   */
  tally: { lost: number | null; prisonersHeld: number; prisonersLost: number } | null;
  /** Things the picture could not show because the view lacks them (printed small in the banner). */
  notes: string[];
}

export function emptyPicture(partial: Partial<MapPicture> = {}): MapPicture {
  return {
    viewer: 'public',
    viewerSide: null,
    scenario: '',
    year: null,
    turn: 1,
    phase: '',
    phasing: 'prussian-allied',
    vp: null,
    stacks: [],
    garrisons: [],
    depots: [],
    besieged: [],
    battles: [],
    moves: [],
    supply: null,
    tally: null,
    notes: [],
    ...partial,
  };
}

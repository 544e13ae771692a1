// What a tactical picture shows: a render model built from ONE seat's view (the view module maps
// onto it), so nothing the seat may not see can reach the image. The base map comes from the map.
import type { Vertex } from '../../tactical/hex.js';

export type TacSide = 'prussia' | 'austria';
export type TacArm = 'infantry' | 'light-infantry' | 'cavalry' | 'light-cavalry' | 'artillery';

export interface TacFormationStyle {
  id: string;
  side: TacSide;
  /** Short code printed on the counters' band (2-3 letters), the second cue beside colour. */
  code: string;
  name: string;
}

export interface TacUnitMarker {
  id: string;
  side: TacSide;
  formation: string;
  arm: TacArm;
  hex: string;
  facing: Vertex;
  /** Combat points (artillery: fire points). */
  strength: number;
  disorganized?: boolean;
  routed?: boolean;
}

export interface TacLeaderMarker {
  id: string;
  side: TacSide;
  name: string;
  /** Up to three letters on the token (default: from the name). */
  tag?: string;
  hex: string;
  role: 'cinc' | 'formation' | 'reserve';
  formation?: string;
  activated?: boolean;
  outOfCommand?: boolean;
}

export interface TacCommandRange {
  hex: string;
  radius: number;
  formation?: string;
  side: TacSide;
}

export interface TacLineOfFire {
  from: string;
  to: string;
  blocked?: boolean;
}

export interface TacticalRenderModel {
  /** First title line, e.g. "Leuthen - turn 3 (13:30)". */
  title: string;
  /** Second line, e.g. whose view this is. */
  subtitle?: string;
  formations: TacFormationStyle[];
  units: TacUnitMarker[];
  leaders: TacLeaderMarker[];
  commandRanges?: TacCommandRange[];
  linesOfFire?: TacLineOfFire[];
  /** Hexes to outline (selection, last move). */
  highlights?: string[];
  /** Walled hexes breached by artillery (the breaching ruling): drawn with a gap in the wall. */
  breached?: string[];
  /** Scenario 2: the viewer's own units still off the map, counted per entry hex. */
  waiting?: { hex: string; side: TacSide; count: number }[];
}

/** A render model with nothing on the map (the base map picture). */
export function emptyModel(title: string, subtitle?: string): TacticalRenderModel {
  return { title, ...(subtitle ? { subtitle } : {}), formations: [], units: [], leaders: [] };
}

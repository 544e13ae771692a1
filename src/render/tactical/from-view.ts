// A render model from one seat's view of a battle (src/tactical/view.ts). Only what the view holds
// is drawn: the view is the allow-list, this module adds nothing from elsewhere. The input type is
// structural (the fields the picture needs), so the view may grow without touching the renderer.
import type { Vertex } from '../../tactical/hex.js';
import { formationStyles } from './from-scenario.js';
import type { TacArm, TacLeaderMarker, TacSide, TacticalRenderModel, TacUnitMarker } from './model.js';

export interface TacViewForPicture {
  viewer: TacSide | 'public';
  scenario?: string;
  turn?: number;
  lastTurn?: number;
  strategicTurn?: number;
  phase?: string;
  units: readonly {
    id: string;
    side: TacSide;
    formation: string;
    arm: TacArm;
    cp: number;
    firePoints?: number;
    hex: string | null;
    facing: number;
    disorganized: boolean;
    routed: boolean;
    eliminated?: boolean;
    /** Scenario 2: where a unit still off the map will enter (the view shows it to its own side only). */
    entry?: { hex: string; order: number };
  }[];
  leaders: readonly {
    id: string;
    side: TacSide;
    name: string;
    role: 'cinc' | 'formation' | 'reserve' | 'aide';
    hex: string | null;
    formation: string | null;
    eliminated?: boolean;
    outOfCommand?: boolean;
  }[];
  formations: readonly {
    id: string;
    side: TacSide;
    name: string;
    leader?: string | null;
    activated?: boolean;
  }[];
  breached?: readonly string[];
}

export interface FromViewOptions {
  title?: string;
  subtitle?: string;
  /** Outline the command range of these leaders (ids) when the view carries their ranges. */
  commandRanges?: readonly { hex: string; radius: number; formation?: string; side: TacSide }[];
  linesOfFire?: TacticalRenderModel['linesOfFire'];
  highlights?: string[];
}

const VIEWER = { prussia: 'Prussian view', austria: 'Austrian view', public: 'Public view' } as const;

export function modelFromView(v: TacViewForPicture, opts: FromViewOptions = {}): TacticalRenderModel {
  const units: TacUnitMarker[] = v.units
    .filter((u) => u.hex !== null && !u.eliminated)
    .map((u) => ({
      id: u.id,
      side: u.side,
      formation: u.formation,
      arm: u.arm,
      hex: u.hex!,
      facing: (((u.facing % 6) + 6) % 6) as Vertex,
      strength: u.arm === 'artillery' ? (u.firePoints ?? u.cp) : u.cp,
      ...(u.disorganized ? { disorganized: true } : {}),
      ...(u.routed ? { routed: true } : {}),
    }));
  const leaders: TacLeaderMarker[] = v.leaders
    .filter((l) => l.hex !== null && !l.eliminated)
    .map((l) => {
      const f = l.formation ? v.formations.find((x) => x.id === l.formation) : undefined;
      return {
        id: l.id,
        side: l.side,
        name: l.name,
        hex: l.hex!,
        role: l.role === 'aide' ? 'formation' : l.role,
        ...(l.formation ? { formation: l.formation } : {}),
        ...(f?.activated && l.role !== 'cinc' ? { activated: true } : {}),
        ...(l.outOfCommand ? { outOfCommand: true } : {}),
      };
    });
  const waitingBy = new Map<string, { hex: string; side: TacSide; count: number }>();
  for (const u of v.units) {
    if (u.hex !== null || u.eliminated || !u.entry) continue;
    const key = `${u.side}/${u.entry.hex}`;
    const w = waitingBy.get(key) ?? { hex: u.entry.hex, side: u.side, count: 0 };
    w.count++;
    waitingBy.set(key, w);
  }
  const waiting = [...waitingBy.values()].sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0));
  const when =
    v.phase === 'strategic' && v.strategicTurn
      ? `strategic turn ${v.strategicTurn}`
      : v.turn !== undefined
        ? `turn ${v.turn}${v.lastTurn ? ` of ${v.lastTurn}` : ''}`
        : '';
  return {
    title: opts.title ?? `Leuthen${v.scenario ? ` (${v.scenario})` : ''}${when ? ` - ${when}` : ''}`,
    subtitle: opts.subtitle ?? `${VIEWER[v.viewer]}${v.phase ? ` - ${v.phase}` : ''}`,
    formations: formationStyles(v.formations),
    units,
    leaders,
    ...(v.breached?.length ? { breached: [...v.breached] } : {}),
    ...(waiting.length ? { waiting } : {}),
    ...(opts.commandRanges ? { commandRanges: [...opts.commandRanges] } : {}),
    ...(opts.linesOfFire ? { linesOfFire: opts.linesOfFire } : {}),
    ...(opts.highlights ? { highlights: opts.highlights } : {}),
  };
}

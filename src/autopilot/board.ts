// What the autopilot knows about the game: a small model built from one seat's View only
// (view-adapter.ts), never from the GameState. Enemy strengths are `null` unless the view shows
// them (9.0 committed hexes, 13.14 besiegers); the autopilot then estimates.
import type { HexId, Nationality, Seat, Side } from '../engine/index.js';
import type { StrategicMap } from '../map/types.js';

export interface BoardLeader {
  id: string;
  nationality: Nationality;
  rank: number;
  initiative: number;
  attack: number;
  defence: number;
  inside: boolean;
}

/** One side's units in a hex. */
export interface BoardStack {
  hex: HexId;
  side: Side;
  /** SP outside / inside the fortress; null when hidden from this seat. */
  out: number | null;
  in: number | null;
  /** Friendly stacks only: SP outside per nationality. */
  outByNat: Partial<Record<Nationality, number>>;
  /** Friendly stacks only: SP inside per nationality. */
  inByNat: Partial<Record<Nationality, number>>;
  /** Whether the stack holds combat units at all (visible even when the strength is not). */
  hasCombat: boolean;
  /** Nationalities with units outside the fortress (shown on the counters, strengths hidden). */
  natsOut?: Nationality[];
  /** Nationalities with units inside the fortress (the garrison markers show them). */
  natsIn?: Nationality[];
  /** Whether some units stand inside the fortress (visible as garrison markers). */
  garrisoned: boolean;
  leaders: BoardLeader[];
  demoralized: boolean;
  /**
   * Enemy stacks: a share of the nationality's known order of battle (scenario set-up plus
   * reinforcements arrived, minus the prisoners we hold), spread over its visible stacks.
   */
  estOut?: number;
  estIn?: number;
}

export interface BoardDepot {
  hex: HexId;
  side: Side;
  owner: Nationality;
  status: 'building' | 'complete';
  /** 1757 4B: linked to an off-map fortress, operative by itself (no SP, no link on the map). */
  linked?: boolean;
}

export interface BoardActive {
  leader: string;
  hex: HexId;
  mpLeft: number;
  sp: number;
  kind: 'march' | 'forcemarch';
}

export interface Board {
  seat: Seat;
  side: Side;
  scenario: string;
  turn: number;
  lastTurn: number;
  phase: string;
  phasing: Side;
  friends: Map<HexId, BoardStack>;
  enemies: Map<HexId, BoardStack>;
  depots: BoardDepot[];
  active: BoardActive | null;
  /** Nationalities of each side (from the view's seat table). */
  seatSide: Partial<Record<Nationality, Side>>;
  /** Scenario restrictions the view exposes (1757 Hanover, 1756 Saxons, ...). */
  rules: Record<string, unknown>;
  /** SP eliminated so far per side (public ledger), for the Prussian 20-SP threshold (17.0). */
  eliminated: Partial<Record<Side, number>>;
  /** Own SP the enemy holds as prisoners now (public, 14.17): 17.0 counts them as lost until exchanged. */
  heldPrisoners?: number;
  /**
   * The last announced siege roll at each fortress (13.0, public): the garrison's modifier it showed
   * (die less modified roll), the turn, and whose garrison it was.
   */
  siegeModifiers?: Map<HexId, { modifier: number; turn: number; garrison: Side }>;
  /** Fortresses besieged now (13.12-13.13: public, every view shows it). */
  besieged?: Set<HexId>;
  map: StrategicMap;
}

export function otherSideOf(side: Side): Side {
  return side === 'prussian-allied' ? 'coalition' : 'prussian-allied';
}

/** Total friendly SP (outside + inside) in a hex. */
export function friendSp(board: Board, hex: HexId, where: 'out' | 'in' | 'all' = 'all'): number {
  const s = board.friends.get(hex);
  if (!s) return 0;
  const o = s.out ?? 0;
  const i = s.in ?? 0;
  return where === 'out' ? o : where === 'in' ? i : o + i;
}

/**
 * Estimated strength of an enemy stack outside the fortress: the shown figure when visible,
 * otherwise a guess from what the counters on top reveal (leaders present mean an army).
 */
export function estimateEnemyOut(stack: BoardStack | undefined): number {
  if (!stack) return 0;
  if (stack.out !== null) return stack.out;
  if (!stack.hasCombat) return 0;
  if (stack.estOut !== undefined) return stack.estOut;
  const outside = stack.leaders.filter((l) => !l.inside);
  if (outside.length === 0) return stack.garrisoned ? 0 : 2;
  const top = Math.min(...outside.map((l) => l.rank));
  // A supreme commander usually leads the main army; subordinates lead detachments.
  return (top === 1 ? 14 : 7) + 3 * (outside.length - 1);
}

export function estimateEnemyIn(stack: BoardStack | undefined): number {
  if (!stack) return 0;
  if (stack.in !== null) return stack.in;
  if (stack.estIn !== undefined) return stack.estIn;
  return stack.garrisoned ? 3 : 0;
}

/** Fortress hexes (as the scenario counts them) with their garrison side, if any. */
export function fortressHolder(board: Board, hex: HexId): Side | undefined {
  const f = board.friends.get(hex);
  if (f && (f.in ?? 0) > 0) return board.side;
  const e = board.enemies.get(hex);
  if (e?.garrisoned) return otherSideOf(board.side);
  return undefined;
}

/** Fortresses that count in this scenario (1756 special rule D keeps only some regions). */
export function scenarioFortresses(board: Board) {
  const regions = board.rules.fortressRegions as string[] | undefined;
  return board.map.fortresses().filter((f) => !regions || regions.includes(f.region));
}

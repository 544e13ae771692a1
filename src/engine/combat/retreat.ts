// Retreat after combat: 9.51-9.57 (with 5.41-5.45 movement costs, 11.13, 16.11, 12.23 sorties).
import type { HexId } from '../../map/types.js';
import { type RuleViolation, violation } from './types.js';

/** What the retreat search needs to know about the board, from the retreating side's point of view. */
export interface RetreatBoard {
  neighbours(hex: HexId): readonly HexId[];
  /**
   * MP to step from `from` into the adjacent `to` for terrain and hexsides only (5.41, 5.45, 9.54);
   * null when the step is forbidden (sea, lake, mountain hexside without a pass, off map).
   */
  terrainCost(from: HexId, to: HexId): number | null;
  /** The hex holds enemy units (9.52: +1 MP to enter, may not end there). */
  enemyOccupied(hex: HexId): boolean;
  /** The hex is in supply for the retreating force (9.52). */
  inSupply(hex: HexId): boolean;
  /** Hexes from `hex` to the nearest friendly supply source (9.52 fallback); Infinity when none. */
  distanceToSupply(hex: HexId): number;
}

export interface RetreatInput {
  from: HexId;
  /** The retreat die roll (1-6). */
  die: number;
  /** 9.51, 9.53, 9.57, 11.13: Initiative of the force's commander; 0 if leaderless or demoralized. */
  initiative: number;
  /** 16.11: Winter Game-Turn. */
  winter: boolean;
  /** 12.23 example: sortie survivors may instead go back inside their besieged fortress. */
  mayReenterFortress: boolean;
  /** Cap on how many distinct paths the search may walk (defensive; the allowance keeps it small). */
  searchLimit?: number;
}

export interface RetreatPath {
  /** Hexes entered in order (the start hex excluded). */
  hexes: HexId[];
  cost: number;
  /** Enemy-occupied hexes passed through. */
  enemyHexes: number;
}

export type RetreatOption =
  | { kind: 'path'; to: HexId; path: RetreatPath; inSupply: boolean; distanceToSupply: number }
  | { kind: 'fortress'; to: HexId };

export interface RetreatPlan {
  allowance: number;
  /** 'supply': options end in supply; 'toward-supply': none could, so they get as close as possible. */
  basis: 'supply' | 'toward-supply' | 'none';
  /** Legal choices, one per destination, the default first. */
  options: RetreatOption[];
  /** When no legal retreat exists the force cannot retreat (docs/rulings.md 9.52). */
  trapped: boolean;
}

/** 9.51, 5.1, 16.11: retreat allowance = die + Initiative, at most 6, one less in winter. */
export function retreatAllowance(die: number, initiative: number, winter: boolean): number {
  return Math.max(0, Math.min(6, die + initiative) - (winter ? 1 : 0));
}

/**
 * 9.52: every retreat path that spends the allowance as fully as it legally can: a path may stop in a hex
 * only when no continuation within the allowance could end legally. Never re-enters a hex (nor the start
 * hex), never ends in an enemy-occupied hex; entering one costs +1 MP. See docs/rulings.md 9.52.
 */
export function retreatPaths(
  board: RetreatBoard,
  from: HexId,
  allowance: number,
  searchLimit = 200_000,
): RetreatPath[] {
  const found: RetreatPath[] = [];
  const visited = new Set<HexId>([from]);
  const hexes: HexId[] = [];
  let walked = 0;
  const stepCost = (a: HexId, b: HexId): number | null => {
    const t = board.terrainCost(a, b);
    return t === null ? null : t + (board.enemyOccupied(b) ? 1 : 0);
  };
  // Returns true when a legal end was recorded at or beyond `at` (so `at` itself may not be a stopping point).
  const walk = (at: HexId, spent: number, enemy: number): boolean => {
    if (++walked > searchLimit) return false;
    let recorded = false;
    for (const next of board.neighbours(at)) {
      if (visited.has(next)) continue;
      const c = stepCost(at, next);
      if (c === null || spent + c > allowance) continue;
      visited.add(next);
      hexes.push(next);
      if (walk(next, spent + c, enemy + (board.enemyOccupied(next) ? 1 : 0))) recorded = true;
      hexes.pop();
      visited.delete(next);
    }
    if (recorded || hexes.length === 0 || board.enemyOccupied(at)) return recorded;
    found.push({ hexes: [...hexes], cost: spent, enemyHexes: enemy });
    return true;
  };
  walk(from, 0, 0);
  return found;
}

/**
 * 9.52: the retreat choices offered to the owner. Paths ending in supply if any; otherwise those ending
 * nearest a friendly supply source. One option per destination (its cheapest path with fewest enemy hexes).
 * Default (first): in supply, then nearest a supply source, then fewest enemy hexes, then hex id.
 */
export function planRetreat(board: RetreatBoard, input: RetreatInput): RetreatPlan | RuleViolation {
  if (!Number.isInteger(input.die) || input.die < 1 || input.die > 6)
    return violation('9.51', `retreat die roll ${input.die} is not 1-6`);
  const allowance = retreatAllowance(input.die, input.initiative, input.winter);
  const paths = retreatPaths(board, input.from, allowance, input.searchLimit);
  const best = new Map<HexId, RetreatPath>();
  for (const p of paths) {
    const to = p.hexes[p.hexes.length - 1]!;
    const cur = best.get(to);
    if (!cur || p.enemyHexes < cur.enemyHexes || (p.enemyHexes === cur.enemyHexes && p.cost < cur.cost))
      best.set(to, p);
  }
  let candidates = [...best.entries()].map(([to, path]) => ({
    kind: 'path' as const,
    to,
    path,
    inSupply: board.inSupply(to),
    distanceToSupply: board.distanceToSupply(to),
  }));
  let basis: RetreatPlan['basis'] = 'none';
  if (candidates.some((c) => c.inSupply)) {
    basis = 'supply';
    candidates = candidates.filter((c) => c.inSupply);
  } else if (candidates.length > 0) {
    basis = 'toward-supply';
    const nearest = Math.min(...candidates.map((c) => c.distanceToSupply));
    candidates = candidates.filter((c) => c.distanceToSupply === nearest);
  }
  candidates.sort(
    (x, y) =>
      x.distanceToSupply - y.distanceToSupply ||
      x.path.enemyHexes - y.path.enemyHexes ||
      (x.to < y.to ? -1 : x.to > y.to ? 1 : 0),
  );
  const options: RetreatOption[] = [...candidates];
  if (input.mayReenterFortress) options.push({ kind: 'fortress', to: input.from });
  return { allowance, basis, options, trapped: options.length === 0 };
}

/** Checks an owner's retreat choice against the plan; returns the chosen option or a violation. */
export function chooseRetreat(
  plan: RetreatPlan,
  to: HexId | 'fortress' | undefined,
): RetreatOption | RuleViolation {
  if (plan.options.length === 0) return violation('9.52', 'the force has no legal retreat');
  if (to === undefined) return plan.options[0]!;
  const pick = plan.options.find((o) =>
    to === 'fortress' ? o.kind === 'fortress' : o.kind === 'path' && o.to === to,
  );
  if (!pick) return violation('9.52', `${to} is not a legal end of this retreat`);
  return pick;
}

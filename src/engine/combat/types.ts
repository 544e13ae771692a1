// Small input types for the pure combat rules; the phase adapter maps game state onto them.

import type { Side } from '../types.js';

export type { Side };

export function otherSide(side: Side): Side {
  return side === 'prussian-allied' ? 'coalition' : 'prussian-allied';
}

/** A leader as the combat rules see it (3.22). Rank numbers count within a nationality (8.11). */
export interface CombatLeader {
  id: string;
  nationality: string;
  rank: number;
  initiative: number;
  attack: number;
  defence: number;
}

/** The combat fields of any leader record (a LeaderState, a view's or the autopilot's leader). */
export function toCombatLeader(l: CombatLeader): CombatLeader {
  return {
    id: l.id,
    nationality: l.nationality,
    rank: l.rank,
    initiative: l.initiative,
    attack: l.attack,
    defence: l.defence,
  };
}

/** One side's force in a hex: SP by nationality and the leaders with it. */
export interface CombatForce {
  side: Side;
  sp: Readonly<Record<string, number>>;
  leaders: readonly CombatLeader[];
  /** 11.13: a demoralized force counts Initiative zero. */
  demoralized: boolean;
  /** 8.23: the owner's nominee when strengths and rank numbers tie. */
  nominee?: string;
}

export function totalSp(sp: Readonly<Record<string, number>>): number {
  let n = 0;
  for (const v of Object.values(sp)) n += v;
  return n;
}

/** A rules violation returned as a value; `rule` names the case. */
export interface RuleViolation {
  error: string;
  rule: string;
}

export function violation(rule: string, message: string): RuleViolation {
  return { error: `${rule}: ${message}`, rule };
}

export function isViolation(x: unknown): x is RuleViolation {
  return typeof x === 'object' && x !== null && 'error' in x && 'rule' in x;
}

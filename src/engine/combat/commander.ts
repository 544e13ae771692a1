// Who commands: 8.12 (supreme commander), 8.21 (national force), 8.23 (combat), 9.24 (leaderless).
// The one implementation of 8.12 and 8.23: state.ts's supremeCommander and commanderOf call these.
import type { CombatForce, CombatLeader } from './types.js';

function byRank(a: CombatLeader, b: CombatLeader): number {
  return a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** 8.12: the leader with the lowest rank number of a nationality who is on the map; undefined if none. */
export function supremeCommander<L extends CombatLeader>(
  onMap: readonly L[],
  nationality: string,
): L | undefined {
  return onMap.filter((l) => l.nationality === nationality).sort(byRank)[0];
}

/**
 * 8.23: the combat commander of a force. Single nationality: its best-ranked leader. Mixed: the
 * best-ranked leader of the nationality with most SP; equal SP: the best-ranked leader in the hex; equal
 * rank numbers too: the owner's nominee if eligible, else the ablest of the tied leaders. A nationality with SP but no leader cannot supply
 * the commander; see docs/rulings.md 8.23.
 */
export function combatCommander<L extends CombatLeader>(
  force: Pick<CombatForce, 'sp' | 'nominee'> & { leaders: readonly L[] },
): L | undefined {
  const leaders = [...force.leaders].sort(byRank);
  if (leaders.length === 0) return undefined;
  const led = new Set(leaders.map((l) => l.nationality));
  const strengths = Object.entries(force.sp).filter(([n, sp]) => sp > 0 && led.has(n));
  if (strengths.length === 0) return pickAmong(leaders, force.nominee);
  const best = Math.max(...strengths.map(([, sp]) => sp));
  const top = new Set(strengths.filter(([, sp]) => sp === best).map(([n]) => n));
  return pickAmong(
    leaders.filter((l) => top.has(l.nationality)),
    force.nominee,
  );
}

function pickAmong<L extends CombatLeader>(sorted: readonly L[], nominee: string | undefined): L | undefined {
  const first = sorted[0];
  if (!first) return undefined;
  const tied = sorted.filter((l) => l.rank === first.rank);
  const chosen = tied.find((l) => l.id === nominee);
  if (chosen) return chosen;
  // No nomination (ruling 8.23): the owner is taken to name the ablest of the tied leaders, by
  // Initiative, then Attack plus Defence bonus; the id only breaks a complete tie.
  return [...tied].sort(
    (a, b) =>
      b.initiative - a.initiative ||
      b.attack + b.defence - (a.attack + a.defence) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )[0];
}

/** 9.24, 11.13: Initiative, Attack and Defence that a force brings to combat procedures. */
export function combatValues(force: CombatForce): { initiative: number; attack: number; defence: number } {
  const c = combatCommander(force);
  if (!c) return { initiative: 0, attack: 0, defence: 0 };
  return { initiative: force.demoralized ? 0 : c.initiative, attack: c.attack, defence: c.defence };
}

/** 9.44: the lowest-ranked leader (highest rank number) present; ties go to the later id. */
export function lowestRankedLeader(leaders: readonly CombatLeader[]): CombatLeader | undefined {
  return [...leaders].sort(byRank).at(-1);
}

// Prisoner exchange: 14.11-14.18 and each scenario's special rule (the scenario file's prisonerExchange
// list, state.rules.prisonerExchange).
import type { CombatLeader, Side } from '../combat/types.js';

/** One permitted exchange (scenario special rules): prisoners of `a` against prisoners of `b`. */
export interface ExchangePair {
  a: readonly string[];
  b: readonly string[];
  /** 'even' = every even-numbered Game-Turn; 'end' = once, at the end of the game (1757 B); or turns. */
  turns: 'even' | 'end' | readonly number[];
}

/** 14.11 as amended by the scenario: the pairs due on a Game-Turn (or at the end), in listed order. */
export function pairsDue(pairs: readonly ExchangePair[], when: number | 'end'): ExchangePair[] {
  return pairs.filter((p) => {
    if (when === 'end') return p.turns === 'end';
    if (p.turns === 'end') return false;
    if (p.turns === 'even') return when % 2 === 0;
    return p.turns.includes(when);
  });
}

/** Prisoners one side holds: enemy SP by nationality and enemy leaders. */
export interface PrisonerPool {
  sp: Record<string, number>;
  leaders: CombatLeader[];
}

export interface ExchangeInput {
  /** The scenario's permitted exchanges (14.11 note). */
  pairs: readonly ExchangePair[];
  /** The Game-Turn of this Prisoner Exchange Phase, or 'end' for the end of the game (1757 B). */
  when: number | 'end';
  /** Prisoners held BY each side. */
  held: Record<Side, PrisonerPool>;
  /** 14.16: non-besieged fortresses garrisoned by each nationality, where its returned prisoners may go. */
  returnFortresses(nationality: string): readonly string[];
  /** 14.15: Frederick's leader id, never exchanged. */
  neverExchanged: readonly string[];
  /** 14.14: a holder's choice of which enemy leaders to release first (ids); default: highest rank number. */
  leaderPreference?: Partial<Record<Side, readonly string[]>>;
}

export interface ExchangeRelease {
  /** The side giving the prisoners back. */
  holder: Side;
  nationality: string;
  sp: number;
  leaders: string[];
  /** 14.16: fortresses where the owner may place them (default: the first). */
  returnTo: readonly string[];
}

export interface ExchangeResult {
  releases: ExchangeRelease[];
  /** The pools after the exchange. */
  held: Record<Side, PrisonerPool>;
  /** Pairs that could not run, with the reason (14.16, 14.18). */
  skipped: { pair: ExchangePair; reason: string }[];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Runs every exchange due (14.11 and the scenario rule), in the scenario's listed order. Per pair: SP point
 * for point (14.13), leaders one for one (14.14), never Frederick (14.15), only nationalities with a fortress
 * to return to (14.16; skipped at the end of the game, when nothing returns to the map), and nothing when the
 * other side has nobody to give (14.18). Mandatory (14.12): no choice to decline.
 */
export function exchangePrisoners(
  input: ExchangeInput,
  sideOf: (nationality: string) => Side,
): ExchangeResult {
  const held: Record<Side, PrisonerPool> = {
    'prussian-allied': {
      sp: { ...input.held['prussian-allied'].sp },
      leaders: [...input.held['prussian-allied'].leaders],
    },
    coalition: { sp: { ...input.held.coalition.sp }, leaders: [...input.held.coalition.leaders] },
  };
  const releases: ExchangeRelease[] = [];
  const skipped: ExchangeResult['skipped'] = [];
  const atEnd = input.when === 'end';
  const canReturn = (n: string) => atEnd || input.returnFortresses(n).length > 0;

  for (const pair of pairsDue(input.pairs, input.when)) {
    const groupA = pair.a.filter(canReturn);
    const groupB = pair.b.filter(canReturn);
    if (groupA.length === 0 || groupB.length === 0) {
      skipped.push({ pair, reason: '14.16: no fortress garrisoned by that nationality to return to' });
      continue;
    }
    const holderOfA = otherOf(sideOf(groupA[0]!));
    const holderOfB = otherOf(sideOf(groupB[0]!));
    const aSp = sum(groupA.map((n) => held[holderOfA].sp[n] ?? 0));
    const bSp = sum(groupB.map((n) => held[holderOfB].sp[n] ?? 0));
    const eligible = (side: Side, group: readonly string[]) =>
      orderLeaders(
        held[side].leaders.filter(
          (l) => group.includes(l.nationality) && !input.neverExchanged.includes(l.id),
        ),
        input.leaderPreference?.[side],
      );
    const aLeaders = eligible(holderOfA, groupA);
    const bLeaders = eligible(holderOfB, groupB);
    const spCount = Math.min(aSp, bSp);
    const leaderCount = Math.min(aLeaders.length, bLeaders.length);
    if (spCount === 0 && leaderCount === 0) {
      skipped.push({ pair, reason: '14.18: one side has no prisoners of these nationalities to give' });
      continue;
    }
    for (const [holder, group, list] of [
      [holderOfA, groupA, aLeaders],
      [holderOfB, groupB, bLeaders],
    ] as const) {
      const freed = takeFrom(held[holder].sp, group, spCount);
      const freedLeaders = list.slice(0, leaderCount);
      held[holder].leaders = held[holder].leaders.filter((l) => !freedLeaders.includes(l));
      for (const n of group) {
        const ls = freedLeaders.filter((l) => l.nationality === n).map((l) => l.id);
        if ((freed[n] ?? 0) > 0 || ls.length > 0)
          releases.push({
            holder,
            nationality: n,
            sp: freed[n] ?? 0,
            leaders: ls,
            returnTo: input.returnFortresses(n),
          });
      }
    }
  }
  return { releases, held, skipped };
}

function otherOf(s: Side): Side {
  return s === 'prussian-allied' ? 'coalition' : 'prussian-allied';
}

/** 14.14: the holder chooses; by default he releases the least valuable first (highest rank number). */
function orderLeaders(ls: CombatLeader[], preference: readonly string[] | undefined): CombatLeader[] {
  const pref = preference ?? [];
  const rankOf = (l: CombatLeader) => {
    const i = pref.indexOf(l.id);
    return i >= 0 ? i : pref.length;
  };
  return [...ls].sort((a, b) => rankOf(a) - rankOf(b) || b.rank - a.rank || (a.id < b.id ? -1 : 1));
}

/** Takes `n` SP out of a pool for the nationalities of a group, largest holding first (docs/rulings.md 14.13). */
function takeFrom(pool: Record<string, number>, group: readonly string[], n: number): Record<string, number> {
  const taken: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const best = group
      .filter((g) => (pool[g] ?? 0) > 0)
      .sort((a, b) => (pool[b] ?? 0) - (pool[a] ?? 0) || (a < b ? -1 : 1))[0];
    if (!best) break;
    pool[best] = (pool[best] ?? 0) - 1;
    taken[best] = (taken[best] ?? 0) + 1;
  }
  return taken;
}

/** 14.15: Frederick's capture lets the Allied player forfeit at once: a decisive Coalition victory. */
export function frederickForfeitAvailable(
  capturedLeaderIds: readonly string[],
  frederickId: string,
): boolean {
  return capturedLeaderIds.includes(frederickId);
}

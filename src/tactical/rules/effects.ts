// Effects on units and leaders: step losses (1), elimination with its consequences (8.4, 9.4,
// 10.3), Disorganization and rout (12.1-12.3), displacement of lone leaders. Dice from the state RNG.
import { rollD6 } from '../../kernel/index.js';
import { type Ctx, ev } from '../events.js';
import type { LeaderState, Side, UnitState } from '../state.js';
import { otherSide } from '../state.js';
import { effMorale, isArtillery, isInfantry, leadersAt, unitsAt } from './board.js';

/** 1 / 11.5: lose n combat points (a step is one CP); at 0 the unit is eliminated. */
export function loseCp(c: Ctx, u: UnitState, n: number, why: string): void {
  if (u.eliminated || n <= 0) return;
  if (isArtillery(u)) {
    eliminate(c, u, why);
    return;
  }
  const lost = Math.min(n, u.cp);
  u.cp -= lost;
  c.s.ledger[u.side].cpLost += lost;
  c.events.push(ev('loss', `${u.name} loses ${lost} CP (${why}).`, { unit: u.id, cp: lost }));
  if (u.cp <= 0) eliminate(c, u, why, true);
}

/**
 * Eliminates a unit. 10.3: a battery stacked with the infantry (or dragoons) that is destroyed goes
 * with it. 8.4 / 9.4: leaders left without a friendly unit in the hex are eliminated.
 */
export function eliminate(c: Ctx, u: UnitState, why: string, cpAlreadyCounted = false): void {
  if (u.eliminated) return;
  const hex = u.hex;
  if (!cpAlreadyCounted) {
    c.s.ledger[u.side].cpLost += u.cp;
  }
  c.s.ledger[u.side].cpEliminated += u.cpStart;
  if (isArtillery(u)) c.s.ledger[u.side].batteriesLost++;
  u.cp = 0;
  u.eliminated = true;
  u.disorganized = false;
  u.routed = false;
  u.hex = null;
  c.events.push(ev('eliminated', `${u.name} is eliminated (${why}).`, { unit: u.id, side: u.side }));
  if (hex === null) return;
  const rest = unitsAt(c.s, hex).filter((x) => x.side === u.side);
  if (!isArtillery(u) && (isInfantry(u) || u.flags.includes('dragoon')))
    for (const b of rest.filter(isArtillery)) eliminate(c, b, '10.3: its infantry is gone');
  if (unitsAt(c.s, hex).some((x) => x.side === u.side)) return;
  for (const l of leadersAt(c.s, hex).filter((l) => l.side === u.side))
    killLeader(c, l, 'the units with him were eliminated');
}

/** 10.3: a battery whose infantry must retreat is destroyed. */
export function destroyBatteriesWith(c: Ctx, u: UnitState): void {
  if (u.hex === null || isArtillery(u)) return;
  for (const b of unitsAt(c.s, u.hex).filter((x) => x.side === u.side && isArtillery(x)))
    eliminate(c, b, '10.3: its infantry retreats');
}

/** 8.4 / 9.4: a leader is eliminated. */
export function killLeader(c: Ctx, l: LeaderState, why: string): void {
  if (l.eliminated) return;
  l.eliminated = true;
  l.hex = null;
  c.s.ledger[l.side].leadersLost.push(l.id);
  c.events.push(ev('leader-eliminated', `${l.name} is eliminated (${why}).`, { leader: l.id, side: l.side }));
  const s = c.s;
  if (l.role === 'cinc') {
    if (l.onFall === 'defeat') {
      // 8.4: the King's fall loses the game. Only where the scenario marks its C-in-C so (the
      // Leuthen scenarios mark Frederick); campaign battles never do (ruling 8.4).
      const winner = otherSide(l.side);
      s.over = {
        winner,
        level: 'decisive',
        reason: `8.4: the ${l.side === 'prussia' ? 'Prussian' : 'Austrian'} Commander in chief is eliminated`,
        turn: s.turn,
      };
      c.events.push(ev('game-over', `${l.name} has fallen: the ${winner} side wins (8.4).`));
      return;
    }
    // 8.4 (as for Charles, and for every C-in-C not marked otherwise): every unit of the side counts
    // as Disorganized for a complete turn, then the successor commands.
    for (const u of s.units) if (u.side === l.side && !u.eliminated && !u.routed) u.disorganized = true;
    s.leaderlessThrough = { side: l.side, turn: s.turn + 1 };
    c.events.push(
      ev('cinc-lost', `${l.name} has fallen: the ${l.side} army is Disorganized for a turn (8.4).`, {
        side: l.side,
      }),
    );
    return;
  }
  if (l.formation !== null) {
    const f = s.formations.find((x) => x.id === l.formation);
    if (f && f.leader === l.id) {
      f.leader = null;
      if (f.kind !== 'independent') s.tasks.unshift({ kind: 'aide', side: l.side, formation: f.id });
    }
  }
}

/** Leaders of `side` alone in `hex` when an enemy unit enters it go to the nearest hex with a friendly unit (ruling 9.4). */
export function displaceLeaders(c: Ctx, hex: string, side: Side): void {
  const ls = leadersAt(c.s, hex).filter((l) => l.side === side);
  if (!ls.length) return;
  if (unitsAt(c.s, hex).some((u) => u.side === side)) return;
  const dest = nearestFriendHex(c, hex, side);
  for (const l of ls) {
    if (dest === undefined) killLeader(c, l, 'caught alone by the enemy');
    else {
      l.hex = dest;
      c.events.push(ev('leader-displaced', `${l.name} rides to ${dest}.`, { leader: l.id, to: dest }));
    }
  }
}

function nearestFriendHex(c: Ctx, from: string, side: Side): string | undefined {
  const seen = new Set([from]);
  let frontier = [from];
  while (frontier.length) {
    const next: string[] = [];
    for (const h of frontier) {
      for (const n of c.env.map.neighbours(h)) {
        if (seen.has(n)) continue;
        seen.add(n);
        const here = unitsAt(c.s, n);
        if (here.some((u) => u.side === side) && !here.some((u) => u.side === otherSide(side))) return n;
        next.push(n);
      }
    }
    frontier = next.sort();
  }
  return undefined;
}

/**
 * 12.2 / 12.3: a Disorganization result. A unit already Disorganized checks for rout at +2: passing
 * costs a step, failing routs it (and it retreats at once, 12.4). A routed unit that suffers another
 * D loses a step (ruling 12.3). Batteries ignore Disorganization.
 */
export function disorganize(c: Ctx, u: UnitState, why: string): void {
  if (u.eliminated || isArtillery(u)) return;
  if (u.routed) {
    loseCp(c, u, 1, `${why}; already routed (ruling 12.3)`);
    return;
  }
  if (!u.disorganized) {
    u.disorganized = true;
    c.events.push(ev('disorganized', `${u.name} is Disorganized (${why}).`, { unit: u.id }));
    return;
  }
  const die = rollD6(c.s);
  const morale = effMorale(c.s, c.env, u);
  if (die + 2 <= morale) {
    c.events.push(
      ev('rout-check', `${u.name} holds (rout check ${die}+2 <= ${morale}) but loses a step (12.3).`, {
        unit: u.id,
        die,
      }),
    );
    loseCp(c, u, 1, '12.3 rout check passed');
    return;
  }
  u.disorganized = false;
  u.routed = true;
  c.events.push(
    ev('routed', `${u.name} routs (rout check ${die}+2 > ${morale}, 12.3).`, { unit: u.id, die }),
  );
  c.s.tasks.unshift({ kind: 'rout-move', unit: u.id, hexes: 3 });
}

/** 12.1: Disorganization check: 1d6 (+ mod) <= morale stays Ordered. */
export function dCheck(c: Ctx, u: UnitState, why: string, mod = 0): void {
  if (u.eliminated || isArtillery(u)) return;
  const die = rollD6(c.s);
  const morale = effMorale(c.s, c.env, u);
  const pass = die + mod <= morale;
  c.events.push(
    ev(
      'd-check',
      `${u.name} Disorganization check (${why}): ${die}${mod ? `+${mod}` : ''} vs morale ${morale}: ${pass ? 'passed' : 'failed'} (12.1).`,
      { unit: u.id, die },
    ),
  );
  if (!pass) disorganize(c, u, why);
}

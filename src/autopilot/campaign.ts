// The campaign plan of one side: what the side means to achieve this year, who does it, and how
// boldly. It is a pure function of the seat's Board (its view and public data), so the autopilot
// keeps no memory of its own: every decision of a Player-Turn rebuilds the same plan from the same
// view, a replay of the action log rebuilds it identically, and it carries over from one turn to the
// next because it depends only on slowly changing facts (who holds which fortress, where the enemy
// armies stand, the score and the turns left), not on the decision being made.
//
// Objectives are enemy fortresses valued by their VP (17.0) and by the scenario's situation (the
// strategic aims of each year, autopilot strategy, not rules data); allied nationalities aim at the
// same objective when they can reach it (coordination); each nationality has a main army (the force
// with the most SP) while other forces cover threatened fortresses or guard the main army's depots
// (10.12 B: a depot feeds supply only while a friendly SP stands in it).
import type { HexId, Nationality, Side } from '../engine/index.js';
import { distance as hexDistance } from '../map/hex.js';
import {
  type Board,
  type BoardLeader,
  estimateEnemyOut,
  fortressHolder,
  friendSp,
  otherSideOf,
  scenarioFortresses,
} from './board.js';
import { canMarchOff } from './command-limit.js';
import { siegeWorth } from './siege-odds.js';

/**
 * What each side fought for in each year's campaign (historical aims, used as weights on the VP of
 * the fortresses named; a weight applies while the enemy holds the fortress, or as a defence
 * priority while we hold it).
 */
const AIMS: Record<string, Partial<Record<Side, Record<HexId, number>>>> = {
  // 1756: Frederick invades Saxony, the Saxon army is shut up at Pirna; Austria relieves from Bohemia.
  '1756': { 'prussian-allied': { '1623': 3, '1821': 1.5 }, coalition: { '1532': 1.3, '1733': 1.3 } },
  // 1757: Prague and Bohemia for Frederick; Silesia (Schweidnitz, Breslau) and Saxony for the allies.
  '1757': {
    'prussian-allied': { '1125': 2.5, '1230': 1.5 },
    coalition: { '1733': 1.6, '1631': 1.6, '1623': 1.4 },
  },
  // 1758: Olmutz for Frederick; the Coalition comes back at Saxony and Silesia.
  '1758': { 'prussian-allied': { '0834': 2 }, coalition: { '1623': 1.5, '1631': 1.4 } },
  '1759': { coalition: { '1623': 1.5, '1733': 1.2 } },
  '1760': { coalition: { '1623': 1.4, '1532': 1.3, '1733': 1.3 }, 'prussian-allied': { '1623': 1.6 } },
  '1761': { coalition: { '1631': 1.5 }, 'prussian-allied': { '1623': 1.5 } },
  // 1762: Frederick retakes Schweidnitz (Burkersdorf) and fights for Saxony (Freiberg).
  '1762': { 'prussian-allied': { '1631': 2, '1623': 1.5 } },
};

export type Role = 'main' | 'cover' | 'guard' | 'detached';

export interface Assignment {
  role: Role;
  /** The fortress to cover or the depot to guard. */
  post?: HexId;
  note: string;
}

export interface Objective {
  hex: HexId;
  name: string;
  /** VP times the scenario's aim weight. */
  value: number;
}

export interface CampaignPlan {
  side: Side;
  /** Enemy fortresses the side wants, most valuable first. */
  objectives: Objective[];
  /** The objective of each nationality's main army (shared between allies when in reach). */
  target: Partial<Record<Nationality, HexId>>;
  /** Roles of the commanding leaders (by id). */
  roles: Map<string, Assignment>;
  /** Fortress VP difference now (ours - theirs, less own loss VP): the score as the side sees it. */
  score: number;
  turnsLeft: number;
  /**
   * How much risk the side accepts: 0 normal, up to 1 when behind with few turns left, negative
   * when comfortably ahead (17.1: a lead of 16 is a substantive victory).
   */
  boldness: number;
}

/** The SP a leader commands where he stands (8.21): his nationality's SP outside, if senior. */
export function commandedSp(board: Board, hex: HexId, l: BoardLeader): number {
  const s = board.friends.get(hex);
  if (!s) return 0;
  if (s.leaders.some((o) => o.nationality === l.nationality && !o.inside && o.rank < l.rank)) return 0;
  return s.outByNat[l.nationality] ?? 0;
}

export function aimWeight(board: Board, side: Side, hex: HexId): number {
  return AIMS[board.scenario]?.[side]?.[hex] ?? 1;
}

/** 17.0 as far as the seat can see it: fortress VP by garrison, less its own side's loss VP. */
export function scoreSeen(board: Board): number {
  let ours = 0;
  let theirs = 0;
  for (const f of scenarioFortresses(board)) {
    const h = fortressHolder(board, f.hex);
    if (h === board.side) ours += f.vp;
    else if (h) theirs += f.vp;
  }
  const lost = board.eliminated[board.side] ?? 0;
  const lossVp = board.side === 'prussian-allied' ? lost + Math.max(0, lost - 20) : lost;
  return ours - theirs - lossVp;
}

const cache = new WeakMap<Board, CampaignPlan>();

export function campaignPlan(board: Board): CampaignPlan {
  const hit = cache.get(board);
  if (hit) return hit;
  const side = board.side;
  const enemy = otherSideOf(side);
  const forts = scenarioFortresses(board);
  const score = scoreSeen(board);
  const turnsLeft = Math.max(0, board.lastTurn - board.turn);
  // Behind (or short of a marginal win, 17.1: 8 VP) late in the year: take risks; far ahead: keep.
  let boldness = 0;
  if (score < 8) boldness = Math.min(1, (8 - score) / 24) * (turnsLeft <= 6 ? 1.5 : 1);
  else if (score >= 16) boldness = -0.4;
  boldness = Math.max(-0.5, Math.min(1, boldness));

  // A fortress is worth what a siege of it promises (13.0: the garrison commander's Initiative
  // comes off every roll, siege-odds.ts): one no roll can breach is no objective at all.
  const objectives: Objective[] = [];
  for (const f of forts) {
    if (fortressHolder(board, f.hex) !== enemy) continue;
    const worth = board.enemies.get(f.hex)?.garrisoned ? siegeWorth(board, f.hex) : 1;
    if (worth <= 0) continue;
    objectives.push({ hex: f.hex, name: f.name, value: f.vp * aimWeight(board, side, f.hex) * worth });
  }
  objectives.sort((a, b) => b.value - a.value || a.hex.localeCompare(b.hex));

  // Forces by nationality: commanding leaders with their SP.
  const forces = new Map<Nationality, Array<{ l: BoardLeader; hex: HexId; sp: number }>>();
  for (const [hex, s] of board.friends)
    for (const l of s.leaders) {
      if (l.inside) continue;
      const sp = commandedSp(board, hex, l);
      if (sp <= 0 && s.leaders.some((o) => o.nationality === l.nationality && !o.inside && o.rank < l.rank))
        continue;
      const list = forces.get(l.nationality) ?? [];
      list.push({ l, hex, sp });
      forces.set(l.nationality, list);
    }
  const roles = new Map<string, Assignment>();
  const target: Partial<Record<Nationality, HexId>> = {};
  const mains: Array<{ nat: Nationality; hex: HexId; sp: number }> = [];
  for (const [nat, list] of [...forces].sort((a, b) => a[0].localeCompare(b[0]))) {
    list.sort((a, b) => b.sp - a.sp || a.l.rank - b.l.rank || a.l.id.localeCompare(b.l.id));
    // 5.37 (Prussia exempt): no subordinate may command more SP than his supreme commander, so a
    // supreme commander whose subordinate has as many SP outside as he has less one cannot march
    // off and leave an SP on a depot (10.12 B) while the subordinate stands by his own garrison,
    // and may not be able to march at all (1761 against the hold baseline: Daun at Dresden, 21 SP
    // outside and one inside, against Loudoun's 21 and one at Koniggratz, stood for seventeen
    // turns as the main army while Loudoun covered Koniggratz). The subordinate's army is then the
    // main army: it can march and leave guards as long as it stays under the supreme commander.
    // Judged on the SP outside, which marches do not change (only guards left, losses and
    // reinforcements do), so the main army does not change from one march to the next as the
    // garrison SP are left behind or met again.
    const top = list[0];
    const supreme = list.reduce<(typeof list)[number] | undefined>(
      (b, x) => (!b || x.l.rank < b.l.rank ? x : b),
      undefined,
    );
    const able = (x: (typeof list)[number], leave: number) =>
      top !== undefined &&
      x.sp >= top.sp / 2 &&
      x.sp > leave &&
      canMarchOff(board, x.l.id, x.hex, x.sp - leave);
    const rival =
      nat !== 'prussia' && supreme === top && top !== undefined
        ? list.find((x) => x !== top && x.sp >= top.sp - 1 && x.sp > 1)
        : undefined;
    const main = rival ?? list.find((x) => able(x, 0)) ?? top;
    if (!main || main.sp <= 0) continue;
    roles.set(main.l.id, { role: 'main', note: 'main army' });
    mains.push({ nat, hex: main.hex, sp: main.sp });
  }
  // Each main army's objective: value over distance; an objective an ally's main army is near
  // counts more (the allies converge on it, so their SP add up in the siege and the battle).
  for (const m of mains) {
    let best: { hex: HexId; v: number } | undefined;
    for (const o of objectives) {
      const d = hexDistance(m.hex, o.hex);
      if (d > 16) continue;
      let v = o.value / (1 + d / 5);
      for (const a of mains)
        if (a.nat !== m.nat && hexDistance(a.hex, o.hex) <= 6) v *= 1 + Math.min(1, a.sp / 20);
      if (!best || v > best.v || (v === best.v && o.hex < best.hex)) best = { hex: o.hex, v };
    }
    if (best) target[m.nat] = best.hex;
  }

  const free = () =>
    [...forces.values()].flat().filter((x) => !roles.has(x.l.id) && x.sp > 0 && x.l.rank <= 99);
  // A main army whose objective lies beyond its fortresses' supply (10.22) marches on a line of
  // depots, and a depot feeds nothing once nobody stands in it (10.12 B): a small force of the same
  // nationality follows as depot guard, waiting in the nearest own fortress until a depot behind the
  // army empties. Planned before the covers: the year's objective comes first.
  const sources = forts.filter((f) => fortressHolder(board, f.hex) === side).map((f) => f.hex);
  const reachLen = side === 'prussian-allied' ? 5 : 4;
  for (const m of mains) {
    const t = target[m.nat];
    if (!t) continue;
    if (sources.some((h) => hexDistance(h, t) <= reachLen)) continue;
    // The depot under the main army comes first (the guard stands next to it and steps in as the
    // army marches off: inside the army's hex it would be swept along, 5.35); then the army's
    // nearest depot with no other force in it.
    const smallHere = (h: HexId) =>
      free().find(
        (x) => x.hex === h && x.l.nationality === m.nat && x.sp <= 8 && friendSp(board, h) === x.sp,
      );
    const ownDepots = board.depots
      .filter(
        (d) =>
          d.side === side &&
          d.owner === m.nat &&
          !board.map.fortress(d.hex) &&
          hexDistance(d.hex, m.hex) <= 7,
      )
      .sort((a, b) => hexDistance(a.hex, m.hex) - hexDistance(b.hex, m.hex) || a.hex.localeCompare(b.hex));
    const under = ownDepots.find((d) => d.hex === m.hex);
    const behind = ownDepots.find(
      (d) => d.hex !== m.hex && d.status === 'complete' && (friendSp(board, d.hex) <= 0 || smallHere(d.hex)),
    );
    const wait = sources
      .filter((h) => !board.enemies.has(h))
      .sort((a, b) => hexDistance(a, m.hex) - hexDistance(b, m.hex) || a.localeCompare(b))[0];
    // A depot behind that still feeds the army where it stands (10.22) needs the guard more than
    // a new one under the army.
    const feeding = behind && hexDistance(behind.hex, m.hex) <= reachLen ? behind : undefined;
    const post = feeding?.hex ?? under?.hex ?? behind?.hex ?? wait;
    if (!post) continue;
    const standing = post === m.hex ? undefined : smallHere(post);
    if (standing) {
      roles.set(standing.l.id, { role: 'guard', post, note: `guards the depot at ${post}` });
      continue;
    }
    let best: { id: string; d: number } | undefined;
    for (const x of free()) {
      if (x.l.nationality !== m.nat || x.sp > 8) continue;
      const d = hexDistance(x.hex, post);
      if (d > 14) continue;
      if (!best || d < best.d || (d === best.d && x.l.id < best.id)) best = { id: x.l.id, d };
    }
    if (best)
      roles.set(best.id, {
        role: 'guard',
        post,
        note: post !== wait ? `guards the depot at ${post}` : `waits at ${post} to guard the depots`,
      });
  }
  // Threatened own fortresses: an enemy army within five hexes.
  const threats: Array<{ hex: HexId; vp: number; threat: number }> = [];
  for (const f of forts) {
    if (fortressHolder(board, f.hex) !== side) continue;
    let threat = 0;
    for (const [eh, e] of board.enemies)
      if (hexDistance(f.hex, eh) <= 5) threat = Math.max(threat, estimateEnemyOut(e));
    if (threat >= 5) threats.push({ hex: f.hex, vp: f.vp * aimWeight(board, enemy, f.hex), threat });
  }
  threats.sort((a, b) => b.vp - a.vp || a.hex.localeCompare(b.hex));
  for (const t of threats) {
    let best: { id: string; d: number } | undefined;
    for (const x of free()) {
      const d = hexDistance(x.hex, t.hex);
      // A force that can stand up to the threat, close enough to matter.
      if (d > 6 || x.sp < 0.6 * t.threat) continue;
      if (!best || d < best.d || (d === best.d && x.l.id < best.id)) best = { id: x.l.id, d };
    }
    if (best)
      roles.set(best.id, {
        role: 'cover',
        post: t.hex,
        note: `covers ${board.map.fortress(t.hex)?.name ?? t.hex}`,
      });
  }
  for (const x of [...forces.values()].flat())
    if (!roles.has(x.l.id)) roles.set(x.l.id, { role: 'detached', note: 'detachment' });

  const plan: CampaignPlan = { side, objectives, target, roles, score, turnsLeft, boldness };
  cache.set(board, plan);
  return plan;
}

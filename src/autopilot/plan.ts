// Operational plan of one seat: a goal hex for each of its leaders, chosen from the board alone.
// Armies go for enemy fortresses they can besiege (13.12 needs a depot in the hex, so the target must
// be within reach of the supply net, 10.43), for empty fortresses (17.0 VP by garrison), for weaker
// enemy stacks, or back to threatened own fortresses; detachments join the main army (concentration);
// unsupplied or demoralized forces fall back on supply (10.6, 11.0); in winter everyone heads for a
// fortress (16.2-16.3).

import type { HexId, Nationality } from '../engine/index.js';
import { isWinterTurn, MAX_MA } from '../engine/index.js';
import { adjacentHexes, distance as hexDistance } from '../map/hex.js';
import { attackOdds, type OddsEstimate } from './battle-odds.js';
import {
  type Board,
  type BoardLeader,
  estimateEnemyIn,
  estimateEnemyOut,
  fortressHolder,
  friendSp,
  otherSideOf,
  scenarioFortresses,
} from './board.js';
import { aimWeight, type CampaignPlan, campaignPlan } from './campaign.js';
import { commandLimitHolds } from './command-limit.js';
import { overrunRisk } from './exposure.js';
import {
  marchDistanceFrom,
  marchDistanceTo,
  SUPPLY_LENGTH,
  type SupplyPicture,
  supplyPicture,
  supplySteps,
} from './geometry.js';
import { siegeChances, siegeWorth } from './siege-odds.js';
import { extraLossVp } from './sp-price.js';
import { depotNeeded, marchesBeforeWinter, STRAY_SP, strayGuards } from './winter-fetch.js';
import { siegeLines } from './winter-lines.js';

export type GoalKind =
  | 'siege'
  | 'capture'
  | 'attack'
  | 'defend'
  | 'join'
  | 'winter'
  | 'resupply'
  | 'hold'
  | 'advance'
  | 'cover'
  | 'guard'
  | 'command';

export interface Goal {
  hex: HexId;
  kind: GoalKind;
  /** Why, for the turn log. */
  note: string;
}

/**
 * How a level plans (decide.ts maps levels to styles). `hold` keeps forces in supply and in winter
 * quarters and attempts nothing; `campaign` follows the side's campaign plan (campaign.ts); `odds`
 * seeks battle by the expected outcome on the CRT with leaders and terrain (battle-odds.ts) instead
 * of a bare SP ratio; `battleMargin` is the expected SP swing a battle must promise; `bold` lets the
 * score and the turns left move that margin; `pursuit` values a demoralized enemy (11.0) higher;
 * `drive` keeps the main army on the offensive (covering forces, not the main army, stand guard over
 * threatened fortresses) and the depots behind an advancing army manned (decide.ts); `seek` makes an
 * enemy field army the army can reach within two marches, in supply, and expects to beat (9.3-9.4 with
 * leaders and terrain) an objective worth as much as the year's fortresses: a battle won there takes
 * SP and prisoners (9.0) and leaves the enemy demoralized (11.0) for the pursuit; `robust` judges a
 * battle against a hidden strength over a spread around the estimate (`spreadOdds`), here and in
 * the Combat Phase (prompts.ts); `price` charges its own SP losses what 17.0 charges for them
 * (sp-price.ts: past twenty SP lost, the allies pay two VP for each), in battles, in winter
 * quarters and in depot guards (decide.ts); `gather` sends an allied depot guard that has no depot
 * yet and stands more than a march from the fortress it would wait in with the main army instead.
 */
export interface PlanStyle {
  hold: boolean;
  campaign: boolean;
  odds: boolean;
  battleMargin: number;
  bold: boolean;
  pursuit: boolean;
  drive: boolean;
  seek: boolean;
  robust: boolean;
  /** Charges its own SP losses what 17.0 charges (sp-price.ts): the allies pay double beyond 20. */
  price: boolean;
  /** An allied depot guard still far from the fortress it would wait in marches with the main army. */
  gather: boolean;
  /** A leader with no SP to command goes into a threatened fortress to command its garrison (13.0). */
  command: boolean;
  /**
   * A force too small to build a depot (10.42) seeks no battle beyond the supply net and more than
   * a march and a half away: it could only stage at the edge of the net for a depot it cannot build.
   */
  local: boolean;
  /**
   * Keeps the side's supply lines (10.12 B-C, 13.12): no march empties a field depot that other own
   * forces draw their supply through, and only a siege that is on (the view shows the fortress
   * besieged, 13.13) is kept up through the winter.
   */
  lines: boolean;
  /**
   * Brings leaderless depot guards into winter quarters before the side's first winter Attrition
   * Phase (16.31): a leader with no SP to command fetches one whose depot no other force needs
   * (winter-fetch.ts).
   */
  fetch: boolean;
  /**
   * An objective a depot of the side still building will bring into supply next turn (10.41) is
   * scored as one in supply: the army staged for it does not turn to another.
   */
  soon: boolean;
  /**
   * The expert: an army marching off a field depot leaves its most junior subordinate with the guard
   * (decide.ts `splitMarches`), who keeps the depot manned while others draw supply through it
   * and brings the guard into winter quarters once no one does; a guard with no leader cannot
   * march (5.3) and dies in the first winter Attrition Phase (16.31).
   */
  led: boolean;
  /**
   * The expert, in the last March Phases before its side's first winter attrition: a subordinate of
   * a besieging army takes back to each thin guard of the siege's depot line the SP it needs to
   * outlast the winter's rolls (winter-lines.ts; 16.31, 10.12 B, 13.12).
   */
  proof: boolean;
  /**
   * The Coalition expert, setting out early for winter quarters: an army on its own depot begun in
   * an enemy fortress's hex stays for that siege when its rolls pay for the winter turns in the
   * open (`lastSiege` for that fortress alone; 10.41, 13.12, 16.31).
   */
  stay: boolean;
  /**
   * The allied expert, marching off a field depot an enemy could overrun a one-SP guard on (5.5):
   * leaves a guard too big for that enemy to overrun, where the army stays an army and no enemy as
   * strong as the army itself can reach its destination (decide.ts `splitMarches`).
   */
  safe: boolean;
  /**
   * The expert, marching to besiege a fortress it can reach in the enemy's player-turn: a force
   * march into the fortress's hex lets its own next Depot Creation Phase begin the siege depot, and
   * the first roll comes a turn sooner (5.2, 10.41-10.42, 13.12; decide.ts `hastenGain`).
   */
  hasten: boolean;
}

export const NOVICE_STYLE: PlanStyle = {
  hold: false,
  campaign: false,
  odds: false,
  battleMargin: 0,
  bold: false,
  pursuit: false,
  drive: false,
  seek: false,
  robust: false,
  price: false,
  gather: false,
  command: false,
  local: false,
  lines: false,
  fetch: false,
  soon: false,
  led: false,
  proof: false,
  stay: false,
  safe: false,
  hasten: false,
};

export interface Plan {
  goals: Map<string, Goal>;
  campaign?: CampaignPlan;
  supply: SupplyPicture;
  /** Own-nationality SP outside in each leader's hex that the leader commands (8.21). */
  strength: Map<string, number>;
  /**
   * `fetch`, before the first winter attrition: hexes of leaderless depot guards (winter-fetch.ts).
   * A march that cuts them off costs nothing the winter would not take anyway (16.31).
   */
  strays?: ReadonlySet<HexId>;
  /** Of those, the ones whose depot no other force needs: a march may pick them up (5.35). */
  fetchable?: ReadonlySet<HexId>;
  /** `proof`: subordinates sent back with SP to a thin guard of a winter siege's line. */
  reinforce?: ReadonlyMap<string, { hex: HexId; sp: number; from: HexId }>;
}

/** An army: enough SP to build a depot (10.42) and so to besiege. */
export const ARMY_SP = 10;
const SEARCH_MP = 24;
/** The engine offers garrison moves of the whole stack: only detachments this small go inside. */
export const CAPTURE_SP = 6;
/**
 * An army with the odds marches straight at an enemy this many MP away even out of supply (a
 * battle within a march is worth a turn's attrition, 10.61); `local` forces go no farther than
 * this after an enemy outside the net.
 */
const STRIKE_MP = 10;
/** `seek`: an enemy field army this many MP away is within two marches (5.1: at most 6 MP each). */
const SEEK_MP = 2 * MAX_MA;
/**
 * `seek`: the hidden strength a march on an enemy army must be ready for, times the estimate. It was
 * 1.25 while the estimate took big armies for half their size; the order-of-battle estimate
 * (view-adapter.ts) errs high more often than low, and in 10-seed trials of every scenario the
 * expert beat the standard level more often without the extra quarter (44 % of games against 36 %).
 */
const SEEK_HIDDEN = 1;
/** Swing (SP) a battle against a hidden strength must promise beyond one against a shown one. */
const HIDDEN_MARGIN = 0.2;

/** Leaders of this seat on the map, outside fortresses, highest-ranked first. */
export function ownLeaders(board: Board): BoardLeader[] {
  const out: BoardLeader[] = [];
  for (const s of board.friends.values())
    for (const l of s.leaders) if (l.nationality === board.seat && !l.inside) out.push(l);
  return out.sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
}

export function leaderHex(board: Board, id: string): HexId | undefined {
  for (const [hex, s] of board.friends) if (s.leaders.some((l) => l.id === id)) return hex;
  return undefined;
}

/** The highest-ranked own leader in a hex commands the nationality's SP there (8.21). */
function commandsHere(board: Board, hex: HexId, l: BoardLeader): boolean {
  const s = board.friends.get(hex);
  if (!s) return false;
  return !s.leaders.some((o) => o.nationality === l.nationality && !o.inside && o.rank < l.rank);
}

function nearest(
  board: Board,
  from: HexId,
  hexes: Iterable<HexId>,
  maxMp = SEARCH_MP,
): { hex: HexId; mp: number } | undefined {
  let best: { hex: HexId; mp: number } | undefined;
  const field = marchDistanceFrom(board.map, from, maxMp);
  for (const h of hexes) {
    const d = field.get(h);
    if (d === undefined || d > maxMp) continue;
    if (!best || d < best.mp || (d === best.mp && h < best.hex)) best = { hex: h, mp: d };
  }
  return best;
}

/** How far (MP) a force looks for winter quarters (16.2). */
const SHELTER_MP = 18;

/** 5.1: a leader's mean March Phase allowance, one die plus his Initiative, at most six MP. */
export function meanMarch(initiative: number): number {
  let total = 0;
  for (let die = 1; die <= 6; die++) total += Math.min(MAX_MA, die + initiative);
  return total / 6;
}

/**
 * Whether a Coalition force sets out for winter quarters before the last autumn turn. Its
 * Attrition Phase of turn 16 falls in the Prussian player-turn (sequence of play A.8), before its
 * own turn-16 March Phase: a force still outside a fortress then loses its first winter SP (16.31).
 * So it leaves as many autumn turns ahead as its leader needs on average (5.1) to reach the nearest
 * shelter; a shelter within one March Phase still waits for the last autumn turn (the `winter`
 * plan). The allies' Attrition Phase comes after their turn-16 March Phase, so they keep the rule
 * of a turn ahead.
 */
function setsOutEarly(board: Board, l: BoardLeader, hex: HexId, shelters: () => HexId[]): boolean {
  let marchesLeft = 0;
  for (let t = board.turn; t <= board.lastTurn && !isWinterTurn(t); t++) marchesLeft++;
  if (marchesLeft <= 1 || marchesLeft > 3) return false;
  const mp = nearest(board, hex, shelters(), SHELTER_MP)?.mp;
  return mp !== undefined && mp > (marchesLeft - 1) * meanMarch(l.initiative);
}

/**
 * An enemy army worth a last battle before winter quarters: within one March Phase (5.1), one this
 * army expects to beat (`battleValue`: leaders, terrain, demoralization, the price of own losses)
 * by more than the margin and by more than the winter SP its turn in the open may cost (16.31, one
 * SP at its VP price, 17.0): the army fights, then goes into quarters. Without it the allied
 * expert's armies, in quarters from turn 15, fought a fifth fewer battles; with it they fight most
 * of them again, at a VP price measured in docs/balance.md ("Winter quarters for the allied
 * expert"). Undefined when none.
 */
function lastBattle(
  board: Board,
  hex: HexId,
  sp: number,
  leaders: readonly BoardLeader[],
  allowed: (h: HexId) => boolean,
  margin: number,
  robust: boolean,
): HexId | undefined {
  const cost = 1 + extraLossVp(board, 1);
  const near = marchDistanceFrom(board.map, hex, MAX_MA);
  let best: { hex: HexId; swing: number } | undefined;
  for (const [eh, e] of board.enemies) {
    if (eh === hex || !e.hasCombat || estimateEnemyOut(e) <= 0 || !allowed(eh)) continue;
    if ((near.get(eh) ?? 99) > MAX_MA) continue;
    const v = battleValue(board, sp, leaders, eh, friendSp(board, eh, 'out'), 1, robust, true);
    if (v.swing <= margin || v.win < 0.5 || v.swing <= cost) continue;
    if (!best || v.swing > best.swing || (v.swing === best.swing && eh < best.hex))
      best = { hex: eh, swing: v.swing };
  }
  return best?.hex;
}

/**
 * An enemy fortress worth a last siege before the scenario ends (17.0 counts the fortresses held at
 * the end; 16.31 takes an SP a winter turn from a force outside): one in the supply net (10.43: the
 * depot in its hex needs a supply path), with no enemy army before it, whose siege rolls (13.2)
 * can still begin before the last turn, and whose expected swing in fortress VP (each VP counted
 * twice: the enemy loses what we gain) less the sorties' SP (13.32) beats the SP the army would
 * lose to the winter turns still to come, at their VP price. The first roll is counted a turn late
 * (a depot begun one turn serves the next, 10.41 and 13.12; a march may fall short, 5.1; the net
 * may be cut for a turn), except for an army already standing on its depot begun in the fortress's
 * hex: that depot is finished in the next Depot Creation Phase (10.41) and the roll follows (1756
 * seed 1: Frederick left the depot at Torgau for Dresden with three rolls still to come; since
 * 7 Dec 2026). Undefined when none.
 */
function lastSiege(
  board: Board,
  l: BoardLeader,
  hex: HexId,
  forts: ReturnType<typeof scenarioFortresses>,
  supply: SupplyPicture,
  allowed: (h: HexId) => boolean,
  only?: HexId,
): HexId | undefined {
  const enemy = otherSideOf(board.side);
  const reach = marchDistanceFrom(board.map, hex, 2 * MAX_MA);
  const step = meanMarch(l.initiative);
  let winterTurns = 0;
  for (let t = board.turn; t <= board.lastTurn; t++) if (isWinterTurn(t)) winterTurns++;
  const cost = winterTurns + extraLossVp(board, winterTurns);
  let best: { hex: HexId; net: number } | undefined;
  for (const f of forts) {
    if (only !== undefined && f.hex !== only) continue;
    if (fortressHolder(board, f.hex) !== enemy || !allowed(f.hex) || !supply.supplied.has(f.hex)) continue;
    const e = board.enemies.get(f.hex);
    if (!e?.garrisoned || estimateEnemyOut(e) > 0 || siegeWorth(board, f.hex) <= 0) continue;
    const d = reach.get(f.hex);
    if (d === undefined) continue;
    const depot = board.depots.find((x) => x.hex === f.hex && x.side === board.side);
    const firstRoll =
      depot?.status === 'complete' || (depot && f.hex === hex)
        ? board.turn + 1
        : board.turn + 2 + (depot ? 0 : Math.max(1, Math.ceil(d / step)));
    const rolls = board.lastTurn - firstRoll + 1;
    if (rolls < 1) continue;
    const c = siegeChances(board, f.hex);
    const net = 2 * f.vp * (1 - (1 - c.breach) ** rolls) - c.loss * rolls - cost;
    if (net > 0 && (!best || net > best.net || (net === best.net && f.hex < best.hex)))
      best = { hex: f.hex, net };
  }
  return best?.hex;
}

/** Scenario movement restrictions the view exposes (1756 A, 1757/1758 5A, 1759, 1758-62 Rhine). */
export function mayEnter(board: Board, nat: Nationality, hex: HexId): boolean {
  const r = board.rules;
  if (r.saxonsStayInSaxony && nat === 'empire' && board.map.region(hex) !== 'saxony') return false;
  if (r.hanoverNotEastOfMagdeburg && nat === 'hanover' && Number(hex.slice(2)) > 17) return false;
  if (r.hanoverNotEastOfElbe && nat === 'hanover' && board.map.eastOfElbe(hex)) return false;
  if (r.empireNotWestOfRhine && nat === 'empire' && board.map.westOfRhine(hex)) return false;
  return true;
}

/**
 * The estimate of a hidden strength (view-adapter.ts) misses by a quarter or more in about a third
 * of sightings, either way, and on the 9.6 table a smaller defender is not always an easier one
 * (9.0 counts SP eliminated: a big army's 5-10 % can outweigh a small corps' 40 %; and with few SP
 * the rounding of the loss percentages makes the odds jagged from one SP to the next: Daun's 30 SP
 * against Prince Henry's 7, 8, 9, 10, 11 win 67 %, 0 %, 33 %, 50 %, 0 %). The `robust` style
 * averages the odds over every whole SP from a third less to a third more than the estimate, so a
 * battle must look good across what the stack may really hold, not at three lucky points.
 */
export function spreadOdds(estimate: number, at: (defenderSp: number) => OddsEstimate): OddsEstimate {
  const lo = Math.max(1, Math.round(estimate * 0.67));
  const hi = Math.max(lo, Math.round(estimate * 1.33));
  let swing = 0;
  let winChance = 0;
  let ownLoss = 0;
  const n = hi - lo + 1;
  for (let d = lo; d <= hi; d++) {
    const o = at(d);
    if (!o.allowed) return o;
    swing += o.swing / n;
    winChance += o.winChance / n;
    ownLoss += o.ownLoss / n;
  }
  return { swing, winChance, ownLoss, allowed: true };
}

/** Expected value of our force at `from` attacking the enemy stack at `to` (9.3-9.4, 11.0). */
export function battleValue(
  board: Board,
  sp: number,
  leaders: readonly BoardLeader[],
  to: HexId,
  extraSp = 0,
  /** Scale for a hidden enemy strength (the estimate only): over 1 asks the odds to hold against more. */
  hiddenScale = 1,
  /** `robust`: judge a hidden strength over a spread around the estimate, not the estimate alone. */
  robust = false,
  /** `price`: charge our losses what 17.0 charges beyond one VP a SP (sp-price.ts). */
  price = false,
): { swing: number; win: number } {
  const e = board.enemies.get(to);
  const eOut = estimateEnemyOut(e) * (e?.out === null ? hiddenScale : 1);
  if (!e || eOut <= 0 || sp + extraSp <= 0) return { swing: 0, win: 0 };
  const at = (defenderSp: number) =>
    attackOdds({
      attackerSide: board.side,
      attackerSp: sp + extraSp,
      attackerLeaders: leaders,
      defenderSp,
      defenderLeaders: e.leaders.filter((l) => !l.inside),
      mountain: board.map.terrain(to) === 'mountain',
      defenderDemoralized: e.demoralized,
    });
  const odds = e.out === null && robust ? spreadOdds(eOut, at) : at(eOut);
  if (!odds.allowed) return { swing: -99, win: 0 };
  // An estimated (hidden) strength may be larger than guessed: ask for a margin then.
  const charge = price ? extraLossVp(board, odds.ownLoss) : 0;
  return { swing: odds.swing - charge - (e.out === null ? HIDDEN_MARGIN : 0), win: odds.winChance };
}

/**
 * Whether the hex of an enemy army lies in our supply net once the army is beaten (10.2). The trace
 * never enters the enemy's hex itself while it stands there (10.32), and the Austrian Zone of
 * Control around it (6.1) stops the Prussian trace one hex short, so a neighbour reached short of
 * the full supply length stands in for it. (Until 28 Nov 2026 `seek` asked for the hex itself, and
 * the Prussians never sought out an Austrian army.)
 */
function fedAfterBattle(board: Board, supply: SupplyPicture, hex: HexId): boolean {
  if (supply.supplied.has(hex)) return true;
  const len = SUPPLY_LENGTH[board.side];
  return adjacentHexes(hex).some((n) => (supply.depth.get(n) ?? len) < len);
}

/** The Initiative the garrison of `hex` would roll against with `l` inside too (13.0). */
function commanderInitiative(board: Board, hex: HexId, extra?: BoardLeader): number {
  const inside = (board.friends.get(hex)?.leaders ?? []).filter((x) => x.inside);
  if (extra) inside.push(extra);
  let best: BoardLeader | undefined;
  for (const x of inside) if (!best || x.rank < best.rank) best = x;
  return best?.initiative ?? 0;
}

/**
 * 13.0, 13.2: where a leader with no SP to command does most good as a garrison commander: an own
 * fortress with SP inside, an enemy army within GARRISON_THREAT hexes, whose rolls his Initiative
 * would make harder, within a march (5.1). Undefined when none.
 */
function garrisonPost(
  board: Board,
  l: BoardLeader,
  hex: HexId,
  allowed: (h: HexId) => boolean,
): HexId | undefined {
  let best: { hex: HexId; v: number } | undefined;
  for (const f of scenarioFortresses(board)) {
    if (fortressHolder(board, f.hex) !== board.side || board.enemies.has(f.hex) || !allowed(f.hex)) continue;
    const stack = board.friends.get(f.hex);
    if (!stack || (stack.in ?? 0) <= 0) continue;
    // Within a march (5.1): a post further off changed as the enemy armies moved, and leaders sent
    // to it walked from one fortress to the next (1756 seed 14: Ferdinand and Keith, turns 10-15).
    const d = hexDistance(hex, f.hex);
    if (d > MAX_MA) continue;
    const gain =
      commanderInitiative(board, f.hex, { ...l, inside: true }) - commanderInitiative(board, f.hex);
    if (gain <= 0) continue;
    let threat = 0;
    for (const [eh, e] of board.enemies)
      if (hexDistance(f.hex, eh) <= GARRISON_THREAT) threat = Math.max(threat, estimateEnemyOut(e));
    if (threat < ARMY_SP) continue;
    const v = (f.vp * gain) / (1 + d / MAX_MA);
    if (!best || v > best.v || (v === best.v && f.hex < best.hex)) best = { hex: f.hex, v };
  }
  return best?.hex;
}

/**
 * `fetch` (winter-fetch.ts): the goal of a leader that brings a depot guard in before winter. One
 * standing on a guard whose depot nothing else needs (with at most STRAY_SP of his nationality
 * there) takes it into the nearest fortress it can reach in the March Phases left (16.21); one
 * with no SP of his own walks to the nearest such guard from which that is still possible (5.35:
 * he picks it up in its hex), unless another leader has taken it on. Undefined otherwise.
 */
function fetchGoal(
  board: Board,
  l: BoardLeader,
  hex: HexId,
  sp: number,
  marchesLeft: number,
  forts: ReturnType<typeof scenarioFortresses>,
  allowed: (h: HexId) => boolean,
  strays: ReadonlySet<HexId>,
  spare: (h: HexId) => boolean,
  fetched: Set<HexId>,
  role: { role: string; post?: HexId } | undefined,
): Goal | undefined {
  const enemy = otherSideOf(board.side);
  const shelters = forts
    .filter((f) => allowed(f.hex) && fortressHolder(board, f.hex) !== enemy && !board.enemies.has(f.hex))
    // 5.37: only quarters this force may end its march in (see the winter plan below).
    .filter((f) => sp <= 0 || f.hex === hex || commandLimitHolds(board, l.id, hex, f.hex, sp))
    .map((f) => f.hex);
  const mm = meanMarch(l.initiative);
  const marches = (mp: number) => Math.max(1, Math.ceil(mp / mm));
  if (sp > 0) {
    if (sp > STRAY_SP) return undefined;
    const depotHere = board.depots.some(
      (d) => d.hex === hex && d.side === board.side && d.status === 'complete',
    );
    // A depot guard (the campaign's role, or a small force on a depot) whose depot no other force
    // needs: on its depot, or on the way back to it (1758 seed 1: Soubise carried the guard at
    // 1915 toward Magdeburg, and the role sent him back to guard a depot Clermont had left).
    const post = role?.role === 'guard' ? role.post : undefined;
    const depotAtPost =
      post !== undefined &&
      !board.map.fortress(post) &&
      board.depots.some((d) => d.hex === post && d.side === board.side && d.status === 'complete');
    // A guard still waiting for a depot to guard (its post the fortress he waits in) has none to keep.
    if (depotHere ? !spare(hex) : post === undefined || (depotAtPost && !spare(post))) return undefined;
    // Within reach of the best rolls (5.1: six MP a March Phase) it tries: left out, its SP are lost.
    const s = nearest(board, hex, shelters, SHELTER_MP);
    if (!s || s.mp > marchesLeft * MAX_MA) return undefined;
    fetched.add(hex);
    return {
      hex: s.hex,
      kind: 'winter',
      note: depotHere
        ? `brings the depot guard at ${hex} into winter quarters at ${s.hex}`
        : depotAtPost
          ? `winter quarters at ${s.hex}: the depot at ${post} feeds no one`
          : `winter quarters at ${s.hex}: no depot to guard`,
    };
  }
  if (marchesLeft < 2 || l.inside) return undefined;
  const from = marchDistanceFrom(board.map, hex, SHELTER_MP);
  let best: { hex: HexId; n: number; mp: number } | undefined;
  for (const g of strays) {
    if (fetched.has(g) || !allowed(g)) continue;
    const d = from.get(g);
    if (d === undefined || !spare(g)) continue;
    const s = nearest(board, g, shelters, SHELTER_MP);
    if (!s) continue;
    const n = marches(d) + marches(s.mp);
    if (n > marchesLeft) continue;
    if (!best || n < best.n || (n === best.n && (d < best.mp || (d === best.mp && g < best.hex))))
      best = { hex: g, n, mp: d };
  }
  if (!best) return undefined;
  fetched.add(best.hex);
  return { hex: best.hex, kind: 'join', note: `fetches the depot guard at ${best.hex} before winter` };
}

/** Hexes from an own fortress within which an enemy army threatens a siege (two marches). */
const GARRISON_THREAT = 12;

export function makePlan(board: Board, style: PlanStyle = NOVICE_STYLE): Plan {
  const supply = supplyPicture(board);
  const camp = style.campaign ? campaignPlan(board) : undefined;
  const boldness = style.bold && camp ? camp.boldness : 0;
  const price = style.price;
  const goals = new Map<string, Goal>();
  const strength = new Map<string, number>();
  const enemy = otherSideOf(board.side);
  const forts = scenarioFortresses(board);
  // 16.2-16.3: winter quarters are planned a turn ahead (marching in winter costs MP, 16.11).
  const winter = isWinterTurn(board.turn + 1) || board.turn >= board.lastTurn;
  const leaders = ownLeaders(board);
  const supremeId = leaders[0]?.id;

  // Where is the main army of this nationality (for concentration)?
  let mainHex: HexId | undefined;
  let mainSp = 0;
  for (const l of leaders) {
    const hex = leaderHex(board, l.id);
    if (!hex || !commandsHere(board, hex, l)) continue;
    const sp = board.friends.get(hex)?.outByNat[board.seat] ?? 0;
    if (sp > mainSp) {
      mainSp = sp;
      mainHex = hex;
    }
  }

  // `fetch`: before the first winter attrition, leaderless depot guards whose depot no other
  // force needs are brought in (winter-fetch.ts); each stray is fetched by one leader.
  const fetchLeft = style.fetch ? marchesBeforeWinter(board) : 0;
  const strays = fetchLeft > 0 ? new Set(strayGuards(board)) : new Set<HexId>();
  const spareMemo = new Map<HexId, boolean>();
  const spare = (h: HexId) => {
    let v = spareMemo.get(h);
    if (v === undefined) {
      v = !depotNeeded(board, h, supply, strays);
      spareMemo.set(h, v);
    }
    return v;
  };
  const fetched = new Set<HexId>();
  // `soon`: hexes within a supply length of an own depot still building on a supplied hex (10.41:
  // finished at the side's next Depot Creation Phase, it feeds them from then on).
  let soonMemo: Set<HexId> | undefined;
  const soonSupplied = () => {
    if (!soonMemo) {
      soonMemo = new Set<HexId>();
      for (const d of board.depots) {
        if (d.side !== board.side || d.status !== 'building' || !supply.supplied.has(d.hex)) continue;
        for (const h of supplySteps(board.map, d.hex, SUPPLY_LENGTH[board.side]).keys()) soonMemo.add(h);
      }
    }
    return soonMemo;
  };

  // `proof`: the thin guards of the depot lines of sieges that go on through the winter
  // (winter-lines.ts), each reinforced by one subordinate of the besieging army.
  const lines = style.proof ? siegeLines(board, supply) : [];
  const reinforce = new Map<string, { hex: HexId; sp: number; from: HexId }>();
  const served = new Set<HexId>();

  for (const l of leaders) {
    const hex = leaderHex(board, l.id);
    if (!hex) continue;
    const here = board.friends.get(hex);
    const sp = here?.outByNat[board.seat] ?? 0;
    strength.set(l.id, sp);
    const allowed = (h: HexId) => mayEnter(board, l.nationality, h);
    if (lines.length > 0 && !l.inside && l.id !== supremeId) {
      // A leader with the guard of a winter siege's line stays with it.
      const guarded = lines.find((t) => t.depot === hex && t.have <= t.need);
      if (guarded) {
        served.add(hex);
        goals.set(l.id, {
          hex,
          kind: 'guard',
          note: `keeps the depot at ${hex} manned for the winter siege of ${board.map.fortress(guarded.fort)?.name ?? guarded.fort}`,
        });
        continue;
      }
      // A subordinate of the besieging army goes back with the SP the thin guards of its line lack,
      // if the army keeps four SP and three quarters of its own. All of them go to the nearest thin
      // guard, and the next turn on from there with what that guard can spare to the next thin one
      // (below): a line has a guard on each depot, and any one of them dead cuts it (10.12 C). 1762
      // seed 4, the expert Coalition against hold: the thinnest guard of the siege of Magdeburg, at
      // 1612, lay beyond a march, so no one went to any; the guards at 1915 and 1612 died on turn 16
      // and the siege with them. Now Soubise takes six SP to 1915 on turn 13 and three of them on
      // to 1612 on turn 15, and Magdeburg falls on turn 16.
      const chain = (fort: HexId, from: HexId) => {
        const thin = lines.filter(
          (t) =>
            t.fort === fort &&
            t.depot !== from &&
            t.have < t.need &&
            !served.has(t.depot) &&
            allowed(t.depot),
        );
        const depots = [...new Set(thin.map((t) => t.depot))];
        let lack = 0;
        for (const d of depots)
          lack += Math.max(...thin.filter((t) => t.depot === d).map((t) => t.need - t.have));
        const next = nearest(board, from, depots, SEARCH_MP);
        return next ? { depots, lack, next: next.hex } : undefined;
      };
      const atFort = !commandsHere(board, hex, l) ? lines.find((t) => t.fort === hex) : undefined;
      const out = atFort ? chain(hex, hex) : undefined;
      if (out && out.lack > 0 && sp - out.lack >= 4 && out.lack <= sp / 4) {
        for (const d of out.depots) served.add(d);
        reinforce.set(l.id, { hex: out.next, sp: out.lack, from: hex });
        goals.set(l.id, {
          hex: out.next,
          kind: 'guard',
          note:
            out.depots.length === 1
              ? `takes ${out.lack} SP back to the depot at ${out.next} for the winter siege of ${board.map.fortress(hex)?.name ?? hex}`
              : `takes ${out.lack} SP back to the depots at ${out.depots.join(', ')} for the winter siege of ${board.map.fortress(hex)?.name ?? hex}, first to ${out.next}`,
        });
        continue;
      }
      // On a guard of the line with SP to spare, all of them for the thin guards further on: on to
      // the next one of the same siege (a bigger force standing there has other business).
      const onLine = lines.find((t) => t.depot === hex && t.have > t.need);
      const on = onLine ? chain(onLine.fort, hex) : undefined;
      if (
        onLine &&
        on &&
        on.lack > 0 &&
        onLine.have - onLine.need <= on.lack &&
        commandsHere(board, hex, l)
      ) {
        const carry = Math.min(onLine.have - onLine.need, on.lack);
        for (const d of on.depots) served.add(d);
        reinforce.set(l.id, { hex: on.next, sp: carry, from: hex });
        goals.set(l.id, {
          hex: on.next,
          kind: 'guard',
          note: `takes ${carry} SP on to the depot at ${on.next} for the winter siege of ${board.map.fortress(onLine.fort)?.name ?? onLine.fort}`,
        });
        continue;
      }
    }
    if (!commandsHere(board, hex, l)) {
      // A subordinate left with a guard an enemy could overrun (5.5, 8.31) joins the nearest of our
      // stacks it could not; he is not needed for the guard to stand.
      const refuge =
        style.campaign && !board.enemies.has(hex) && overrunRisk(board, hex)
          ? nearest(
              board,
              hex,
              [...board.friends.keys()].filter(
                (h) => h !== hex && friendSp(board, h) > 0 && allowed(h) && !overrunRisk(board, h),
              ),
              12,
            )
          : undefined;
      goals.set(
        l.id,
        refuge
          ? { hex: refuge.hex, kind: 'join', note: `leaves an exposed post for ${refuge.hex}` }
          : { hex, kind: 'hold', note: 'serves under a senior leader here' },
      );
      continue;
    }
    const enemyHere = board.enemies.get(hex);
    const enemyOutHere = estimateEnemyOut(enemyHere);
    const totalHere = friendSp(board, hex, 'out');
    const ownHere = (here?.leaders ?? []).filter((x) => !x.inside && x.nationality === l.nationality);

    // 13.0: the highest-ranked leader inside a fortress takes his Initiative off every siege roll.
    // A leader with no SP to command (the expert) goes in to command a threatened garrison.
    if (
      style.command &&
      sp === 0 &&
      !l.inside &&
      l.id !== supremeId &&
      camp?.roles.get(l.id)?.role !== 'guard'
    ) {
      const post = garrisonPost(board, l, hex, allowed);
      if (post) {
        goals.set(l.id, {
          hex: post,
          kind: 'command',
          note: `commands the garrison of ${board.map.fortress(post)?.name ?? post}`,
        });
        continue;
      }
    }

    if (fetchLeft > 0 && !enemyHere) {
      const fetch = fetchGoal(
        board,
        l,
        hex,
        sp,
        fetchLeft,
        forts,
        allowed,
        strays,
        spare,
        fetched,
        camp?.roles.get(l.id),
      );
      if (fetch) {
        goals.set(l.id, fetch);
        continue;
      }
    }

    // `led`: a subordinate left on a field depot with its guard (decide.ts `splitMarches`) keeps it
    // manned while another force draws its supply through it (10.12 B-C). Unlike a guard with no
    // leader, who cannot march (5.3) and dies in the first winter Attrition Phase (16.31), he can
    // bring its SP into winter quarters (16.21) once no one needs the depot (the `fetch` goal above).
    if (
      style.led &&
      sp > 0 &&
      sp <= STRAY_SP &&
      !enemyHere &&
      l.id !== supremeId &&
      !board.map.fortress(hex) &&
      board.depots.some((d) => d.hex === hex && d.side === board.side && d.status === 'complete') &&
      !spare(hex)
    ) {
      goals.set(l.id, { hex, kind: 'guard', note: `keeps the depot at ${hex} manned` });
      continue;
    }

    // Winter (16.2-16.3): into the nearest own or empty fortress; besiegers with a depot stay.
    // Winter attrition takes one SP per force (16.31), whatever its size: small forces seek shelter,
    // armies keep campaigning until the last turns unless a siege is already under way.
    // A depot guard stays at its post while its army campaigns (the army's supply hangs on it).
    // On the last turn too, for the expert (`drive`), while a siege of ours hangs on the depots: one
    // more siege roll (13.2) is worth more than the guard's winter SP (16.31).
    const besiegingSomewhere =
      style.drive &&
      board.depots.some(
        (d) => d.side === board.side && board.map.fortress(d.hex) && board.enemies.get(d.hex)?.garrisoned,
      );
    // `fetch`: a guard still waiting in a fortress for a depot to guard (campaign.ts: his post the
    // fortress itself) guards nothing; in winter he goes in (16.21) instead of standing beside it.
    // (1756 seed 24: Serbelloni's three SP waited beside Koniggratz, where Piccolomini stood, from
    // turn 10 and lost all three to 16.31.)
    const guardRole = camp?.roles.get(l.id);
    const waiting =
      style.fetch &&
      guardRole?.role === 'guard' &&
      guardRole.post !== undefined &&
      board.map.fortress(guardRole.post) !== undefined &&
      !board.depots.some((d) => d.hex === guardRole.post && d.side === board.side);
    const guarding =
      guardRole?.role === 'guard' && !waiting && (board.turn < board.lastTurn || besiegingSomewhere);
    // 17.0 (`price`): every winter turn in the open costs a force one SP (16.31), one VP each (two
    // for the allies past twenty lost), with nothing a winter campaign gains to set against it
    // unless a siege can still be won (`lastSiege`): an army that is not besieging takes winter
    // quarters with the small forces. For the Coalition from the first SP since 28 Nov 2026, for
    // the allies since 6 Dec 2026 (until then only past twenty: their armies walked the roads
    // of turns 16-18 for battles and sieges they no longer reached, docs/balance.md, "Winter
    // quarters for the allied expert").
    const dear = style.price;
    // `fetch`: quarters the force may end its march in (5.37: a subordinate joining a stack there
    // must not come to command more of his nation's SP than the supreme commander; the engine lists
    // no such march, and 1756 seed 24 Serbelloni stood beside Koniggratz for it through the winter).
    const shelters = () =>
      forts
        .filter((f) => allowed(f.hex) && fortressHolder(board, f.hex) !== enemy && !board.enemies.has(f.hex))
        .filter(
          (f) => !style.fetch || sp <= 0 || f.hex === hex || commandLimitHolds(board, l.id, hex, f.hex, sp),
        )
        .map((f) => f.hex);
    const early = dear && !winter && board.side === 'coalition' && setsOutEarly(board, l, hex, shelters);
    if ((winter || early) && !guarding && (sp < ARMY_SP || board.turn >= board.lastTurn - 1 || dear)) {
      // `lines`: only a siege that is on (13.12-13.13). A depot still building, or one the line
      // behind no longer feeds, besieges nothing, and the army would stand the winter out for it
      // (1760 seed 1: Broglie's 15 SP before Magdeburg lost 3 SP to 16.31 and never rolled).
      const besieging = style.lines
        ? board.besieged?.has(hex) === true
        : enemyHere?.garrisoned && board.depots.some((d) => d.hex === hex && d.side === board.side);
      if (besieging && sp >= 4 && (!camp || siegeWorth(board, hex) > 0)) {
        goals.set(l.id, { hex, kind: 'siege', note: 'keeps up the siege through winter' });
        continue;
      }
      const battle =
        dear && board.side === 'prussian-allied' && sp >= ARMY_SP && !here?.demoralized
          ? lastBattle(board, hex, sp, ownHere, allowed, style.battleMargin - boldness, style.robust)
          : undefined;
      if (battle) {
        goals.set(l.id, {
          hex: battle,
          kind: 'attack',
          note: `a last battle at ${battle} before winter quarters`,
        });
        continue;
      }
      // `stay`: a Coalition army setting out early for its quarters (`setsOutEarly`) from its own
      // depot begun in an enemy fortress's hex keeps to that siege when its rolls still pay for the
      // winter turns in the open (`lastSiege` for this fortress alone): the depot is finished in
      // the next Depot Creation Phase and the rolls follow (10.41, 13.12). 1758 seed 48: Clermont
      // built his depot in Magdeburg on turn 13 and marched the same turn for Stralsund, five
      // marches off, losing an SP to every winter turn on the road all the same (16.31).
      const onOwnSiegeDepot =
        style.stay &&
        board.side === 'coalition' &&
        !!enemyHere?.garrisoned &&
        board.depots.some((d) => d.hex === hex && d.side === board.side);
      const last =
        dear && sp >= ARMY_SP && (board.side === 'prussian-allied' || onOwnSiegeDepot)
          ? lastSiege(board, l, hex, forts, supply, allowed, board.side === 'coalition' ? hex : undefined)
          : undefined;
      if (last) {
        goals.set(l.id, {
          hex: last,
          kind: 'siege',
          note: `a last siege of ${board.map.fortress(last)?.name ?? last} before the year ends`,
        });
        continue;
      }
      const n = nearest(board, hex, shelters(), SHELTER_MP);
      if (n) {
        goals.set(l.id, { hex: n.hex, kind: 'winter', note: `winter quarters at ${n.hex}` });
        continue;
      }
    }

    // Demoralized or outmatched where it stands: fall back on the nearest safe supplied fortress or hex.
    const outmatched = enemyOutHere > 0 && enemyOutHere > 1.3 * totalHere;
    if (here?.demoralized || outmatched || !supply.supplied.has(hex)) {
      // Cut off by an enemy army within a march that it expects to beat (the expert, `seek`):
      // strike at the army that cuts the line rather than give up the ground. The victor's gain outweighs a turn's
      // attrition (10.61), and the beaten army retreats off the supply path it blocked (9.5,
      // 10.32). 1756: Browne stepping behind Frederick at Dresden onto the depot line.
      if (style.seek && !here?.demoralized && !outmatched && sp >= ARMY_SP) {
        const near = marchDistanceFrom(board.map, hex, MAX_MA);
        let strike: { hex: HexId; swing: number } | undefined;
        for (const [eh, e] of board.enemies) {
          if (eh === hex || !e.hasCombat || estimateEnemyOut(e) <= 0 || !allowed(eh)) continue;
          if ((near.get(eh) ?? 99) > MAX_MA) continue;
          // Only the army that cuts the line: without it, this hex would be supplied again.
          const without = new Map(board.enemies);
          without.delete(eh);
          if (!supply.supplied.has(hex) && !supplyPicture({ ...board, enemies: without }).supplied.has(hex))
            continue;
          const v = battleValue(board, sp, ownHere, eh, friendSp(board, eh, 'out'), 1, style.robust, price);
          if (v.swing <= style.battleMargin - boldness || v.win < 0.5) continue;
          if (!strike || v.swing > strike.swing || (v.swing === strike.swing && eh < strike.hex))
            strike = { hex: eh, swing: v.swing };
        }
        if (strike) {
          goals.set(l.id, {
            hex: strike.hex,
            kind: 'attack',
            note: `strikes at the enemy army at ${strike.hex}`,
          });
          continue;
        }
      }
      const safe = forts
        .filter(
          (f) => allowed(f.hex) && fortressHolder(board, f.hex) === board.side && !board.enemies.has(f.hex),
        )
        .map((f) => f.hex);
      const fallback =
        nearest(board, hex, safe, 18) ?? nearest(board, hex, [...supply.supplied].filter(allowed), 12);
      if (fallback && fallback.hex !== hex) {
        goals.set(l.id, {
          hex: fallback.hex,
          kind: 'resupply',
          note: here?.demoralized
            ? 'rallies on supply'
            : outmatched
              ? 'withdraws from a stronger enemy'
              : 'back to supply',
        });
        continue;
      }
    }

    // The hold baseline: stay in supply, winter in fortresses, attempt nothing.
    if (style.hold) {
      goals.set(l.id, { hex, kind: 'hold', note: 'holds in supply' });
      continue;
    }

    // Campaign roles: cover a threatened fortress, guard a depot of the main army's supply line.
    let role = camp?.roles.get(l.id);
    // The expert (`gather`): a depot guard with no depot yet to guard (campaign.ts posts it to wait
    // in the own fortress nearest the main army) that stands more than a march from that fortress
    // marches with the main army instead. The depots it is to guard lie behind that army, whose
    // expert march leaves SP on each one it marches off anyway (`drive`, decide.ts); the walk to
    // the fortress crossed the open ground the enemy's field army held, and the army went into
    // the siege the weaker for it (1756: Brunswick's six SP walking from Silesia to Magdeburg past
    // Browne while Frederick stood before Dresden with fourteen; docs/balance.md, "Brunswick").
    // The allies only: for the Coalition it was measured a wash (better in 1760-1762, worse in
    // 1757-1759 against the hold baseline), and its guards wait for it as before.
    if (
      style.gather &&
      board.side === 'prussian-allied' &&
      role?.role === 'guard' &&
      role.post &&
      board.map.fortress(role.post) &&
      hexDistance(hex, role.post) > MAX_MA
    )
      role = undefined;
    // The expert (`seek`) covers a fortress by falling on the army that threatens it when that army
    // is within a march and it expects to win (9.3-9.4 with leaders and terrain), and the field of
    // battle stays fed (10.2). A cover that only waits in the fortress stood for six turns and more
    // with the threat four or five hexes off (Schwerin at Breslau in 1757, Henry at Torgau in 1760).
    // A threat: an enemy army (4+ SP) within the five hexes campaign.ts watches for its covers.
    if (style.seek && role?.role === 'cover' && role.post && sp >= ARMY_SP) {
      const near = marchDistanceFrom(board.map, hex, MAX_MA);
      // Only against the one army that threatens the fortress: with a second one near, the cover
      // that marches off leaves the fortress to it (1760: Loudoun left Dresden to Henry).
      const threats = [...board.enemies].filter(
        ([eh, e]) => e.hasCombat && estimateEnemyOut(e) >= 4 && hexDistance(eh, role.post as HexId) <= 5,
      );
      let sally: { hex: HexId; swing: number } | undefined;
      for (const [eh, e] of threats.length === 1 ? threats : []) {
        if (!e.hasCombat || estimateEnemyOut(e) <= 0 || !allowed(eh)) continue;
        // Only one this march can enter (5.43: one MP more to enter an enemy-occupied hex).
        if ((near.get(eh) ?? 99) + 1 > MAX_MA) continue;
        if (!fedAfterBattle(board, supply, eh)) continue;
        const v = battleValue(
          board,
          sp,
          ownHere,
          eh,
          friendSp(board, eh, 'out'),
          SEEK_HIDDEN,
          style.robust,
          price,
        );
        if (v.swing <= style.battleMargin - boldness || v.win < 0.5) continue;
        if (!sally || v.swing > sally.swing || (v.swing === sally.swing && eh < sally.hex))
          sally = { hex: eh, swing: v.swing };
      }
      if (sally) {
        goals.set(l.id, {
          hex: sally.hex,
          kind: 'attack',
          note: `falls on the army at ${sally.hex} that threatens ${board.map.fortress(role.post)?.name ?? role.post}`,
        });
        continue;
      }
    }
    if (role?.post && (role.role === 'cover' || role.role === 'guard') && allowed(role.post)) {
      const e = board.enemies.get(role.post);
      if (!(role.role === 'guard' && e?.hasCombat)) {
        let post = role.post;
        // The main army still stands on the depot: wait next to it (5.35 would sweep us along).
        const there = board.friends.get(post);
        const senior =
          (there?.outByNat[l.nationality] ?? 0) > 0 &&
          there?.leaders.some((o) => o.nationality === l.nationality && !o.inside && o.rank < l.rank);
        if (role.role === 'guard' && senior && hex !== post) {
          const near = marchDistanceTo(board.map, hex);
          let bestN: HexId | undefined;
          for (const n of adjacentHexes(post)) {
            if (!supply.supplied.has(n) || board.enemies.has(n) || !allowed(n)) continue;
            const d = near.get(n);
            if (d === undefined) continue;
            if (!bestN || d < (near.get(bestN) ?? 99) || (d === near.get(bestN) && n < bestN)) bestN = n;
          }
          if (bestN) post = bestN;
        }
        goals.set(l.id, {
          hex: post,
          kind: role.role === 'cover' ? 'cover' : 'guard',
          note: role.note,
        });
        continue;
      }
    }

    // Detachments join the main army unless they have a fortress of their own to guard.
    const isMain = hex === mainHex;
    if (!isMain && sp < ARMY_SP && mainHex && l.id !== supremeId) {
      const d = marchDistanceTo(board.map, mainHex).get(hex) ?? Number.POSITIVE_INFINITY;
      if (d <= 18 && allowed(mainHex)) {
        goals.set(l.id, { hex: mainHex, kind: 'join', note: 'concentrates on the main army' });
        continue;
      }
    }

    // The main army on the depot that feeds its advance waits for its guard (10.12 B: once nobody
    // stands in it the depot feeds nothing, and the army beyond it starves, 10.61).
    // The expert (`drive`) leaves one SP on each field depot it marches off (decide.ts), so it
    // does not wait.
    if (camp && !style.drive && camp.roles.get(l.id)?.role === 'main') {
      const depotHere = board.depots.some(
        (d) =>
          d.hex === hex && d.side === board.side && d.owner === l.nationality && !board.map.fortress(hex),
      );
      const guard = [...camp.roles].find(([, r]) => r.role === 'guard' && r.post === hex);
      const gHex = guard ? leaderHex(board, guard[0]) : undefined;
      if (depotHere && gHex && hexDistance(gHex, hex) > 1 && hexDistance(gHex, hex) <= 12 && !enemyHere) {
        const target = camp.target[l.nationality];
        if (target && !supply.supplied.has(target)) {
          // The objective beyond this depot's reach: nothing to wait for.
        } else {
          goals.set(l.id, { hex, kind: 'hold', note: 'waits on its depot for the guard' });
          continue;
        }
      }
    }

    // Already besieging (enemy garrison here, our depot or enough SP to build one): stay.
    // With a campaign plan, not before a fortress no roll can breach (13.0, siege-odds.ts).
    if (
      enemyHere?.garrisoned &&
      sp >= ARMY_SP &&
      enemyOutHere <= totalHere &&
      (!camp || siegeWorth(board, hex) > 0)
    ) {
      goals.set(l.id, { hex, kind: 'siege', note: `besieges ${board.map.fortress(hex)?.name ?? hex}` });
      continue;
    }

    // Score the candidate objectives.
    let best: { goal: Goal; score: number } | undefined;
    const soon = style.soon ? soonSupplied() : undefined;
    const reach = marchDistanceFrom(board.map, hex, SEARCH_MP);
    const consider = (h: HexId, kind: GoalKind, value: number, note: string) => {
      if (!allowed(h)) return;
      const d = reach.get(h);
      if (d === undefined || d > SEARCH_MP) return;
      // Beyond the supply net a target costs turns of depot building (10.41) and attrition (10.61).
      const depth = supply.depth.get(h);
      // `local`: 10.42 gives a force under ten SP no depot of its own, so it cannot carry supply
      // to a far enemy; it used to stage at the edge of the net and wait there (1759: Harsch's
      // seven SP set out from Bohemia for a lone Prussian leader near Bremen while Henry marched
      // on Prague).
      if (style.local && kind === 'attack' && depth === undefined && sp < ARMY_SP && d > STRIKE_MP) return;
      // `soon`: a siege the side's depot still building will feed from next turn (10.41) costs no
      // depot of its own, unless an enemy army stands before the fortress (a battle first, and the
      // odds of one shift with every SP: 1756 seed 1, Browne held a turn at 1332 for Breslau).
      const soonOk = kind === 'siege' && soon?.has(h) === true && estimateEnemyOut(board.enemies.get(h)) <= 0;
      const supplyCost = depth === undefined && !soonOk ? 1 : 0;
      const score = value / (1 + d / 4 + supplyCost);
      if (!best || score > best.score || (score === best.score && h < best.goal.hex))
        best = { goal: { hex: h, kind, note }, score };
    };
    for (const f of forts) {
      const holder = fortressHolder(board, f.hex);
      const e = board.enemies.get(f.hex);
      const eOut = estimateEnemyOut(e);
      if (holder === enemy) {
        const aim = camp ? aimWeight(board, board.side, f.hex) : 1;
        // The campaign objective counts more once it lies in the supply net (10.2). Beyond it the
        // army needs a depot line to get there (10.41-10.43), and an enemy fortress on the way,
        // once taken, carries the net forward itself: with the bonus on a far objective the
        // Coalition's main armies waited at staging hexes before Breslau and Magdeburg while
        // Neisse lay at hand (1760 seed 1), and took a third of the fortresses the novice level
        // took against the same opponent (docs/balance.md, "The campaign objective").
        const focus = camp && camp.target[l.nationality] === f.hex && supply.depth.has(f.hex) ? 1.5 : 1;
        // A field army standing in the fortress hex must be beaten first: with odds, the battle
        // counts, not the bare SP ratio.
        const beatable = style.odds
          ? eOut <= 0 ||
            battleValue(board, sp, ownHere, f.hex, 0, 1, style.robust, price).swing >
              style.battleMargin - boldness
          : eOut < 0.8 * sp;
        // The campaign levels read the siege table against the garrison commander they see (13.0).
        const worth = camp && e?.garrisoned ? siegeWorth(board, f.hex) : 1;
        if (sp >= ARMY_SP && beatable && worth > 0)
          consider(f.hex, 'siege', (f.vp * 1.5 + 2) * aim * focus * worth, `marches to besiege ${f.name}`);
      } else if (!holder && !e && sp <= CAPTURE_SP)
        // A detachment occupies an empty fortress by going inside it (17.0: VP go by garrison).
        consider(f.hex, 'capture', f.vp + 1, `marches to occupy ${f.name}`);
      else if (holder === board.side && e) {
        // Our fortress with an enemy army at its gates.
        if (sp >= eOut * 0.8) consider(f.hex, 'defend', f.vp + 2, `relieves ${f.name}`);
      }
    }
    for (const [eh, e] of board.enemies) {
      const eOut = estimateEnemyOut(e);
      if (eOut <= 0 || (e.leaders.length === 0 && eOut <= 0)) continue;
      if (style.odds) {
        // 9.3-9.4 with both sides' leaders and the terrain; friends already there fight too.
        const v = battleValue(board, sp, ownHere, eh, friendSp(board, eh, 'out'), 1, style.robust, price);
        const margin = style.battleMargin - boldness;
        if (v.swing > margin && v.win >= 0.34) {
          const pursue = style.pursuit && e.demoralized ? 3 : 0;
          let value = 2 + v.swing * 1.5 + eOut * 0.3 + pursue;
          // `seek`: an enemy field army (SP outside, not a bare garrison) this army expects to
          // beat, within two marches and in our supply net (10.2: the army fights and stays fed
          // there), counts like a fortress of the year's aims.
          // A hidden army's share of its order of battle is only a guess (view-adapter.ts), and a
          // march on it commits the army: the odds must hold against SEEK_HIDDEN times the guess.
          const seekIt =
            style.seek &&
            sp >= ARMY_SP &&
            (reach.get(eh) ?? 99) <= SEEK_MP &&
            fedAfterBattle(board, supply, eh) &&
            (() => {
              const c = battleValue(
                board,
                sp,
                ownHere,
                eh,
                friendSp(board, eh, 'out'),
                SEEK_HIDDEN,
                style.robust,
                price,
              );
              return c.swing > margin && c.win >= 0.5;
            })();
          if (seekIt) value = value * 2.5 + 6;
          consider(
            eh,
            'attack',
            value,
            seekIt ? `marches on the enemy army at ${eh}` : `seeks battle at ${eh}`,
          );
        }
      } else if (sp >= 1.6 * eOut) consider(eh, 'attack', eOut * 0.8 + 1, `seeks battle at ${eh}`);
      // Lone leaders can be captured by any combat unit (8.31).
      if (!e.hasCombat && e.leaders.length > 0 && sp > 0)
        consider(eh, 'attack', 3, `hunts enemy leaders at ${eh}`);
    }
    // Own fortresses threatened by nearby enemy armies. With a campaign plan the main army does not
    // stand guard: covering forces have that role (campaign.ts), and a fortress with its garrison
    // holds until a besieger's depot is built and the siege rolls go against it (13.1-13.3).
    const mainArmy = style.drive && camp?.roles.get(l.id)?.role === 'main';
    for (const f of mainArmy ? [] : forts) {
      if (fortressHolder(board, f.hex) !== board.side) continue;
      for (const [eh, e] of board.enemies) {
        const eOut = estimateEnemyOut(e);
        if (eOut < 4) continue;
        if (hexDistance(f.hex, eh) <= 3 && sp >= eOut * 0.8)
          consider(f.hex, 'defend', f.vp * 0.8, `covers ${f.name}`);
      }
    }
    // The campaign objective, even beyond the search radius: march on it rather than stand idle.
    const aimAt = camp?.target[l.nationality];
    if (!best && aimAt && sp >= ARMY_SP && allowed(aimAt) && aimAt !== hex)
      best = {
        goal: {
          hex: aimAt,
          kind: 'advance',
          note: `advances on ${board.map.fortress(aimAt)?.name ?? aimAt}`,
        },
        score: 0,
      };
    if (!best) {
      goals.set(l.id, { hex, kind: 'hold', note: 'holds' });
      continue;
    }
    const chosen = (best as { goal: Goal }).goal;
    // Outrunning supply: stop on the supplied hex closest to the objective (a depot follows, 10.41).
    // A battle within a march is worth a turn out of supply (10.61 costs one SP; the victor's gain
    // is larger, battle-odds.ts): an army with the odds marches straight at the enemy. The march
    // score (decide.ts `scoreMarch`) still vetoes such a march from a supplied hex when the
    // enemy's hex lies outside the net, so in practice the strike acts for armies already out of
    // supply; lifting the veto was measured and not kept (docs/balance.md, "Sieges in parallel").
    const strike = style.odds && chosen.kind === 'attack' && (reach.get(chosen.hex) ?? 99) <= STRIKE_MP;
    if (!supply.supplied.has(chosen.hex) && chosen.kind !== 'capture' && !strike) {
      const toGoal = marchDistanceTo(board.map, chosen.hex);
      let stage: HexId | undefined;
      let stageD = Number.POSITIVE_INFINITY;
      // Stage one hex inside the edge of the net, so that an enemy move cannot cut the army off
      // before its depot is finished (attrition is judged after the enemy's turn, 4.2 A8/B8).
      const margin = SUPPLY_LENGTH[board.side] - 1;
      // With a depot guard behind it (campaign.ts), the army stages where a depot will carry
      // supply into the objective itself (13.12 needs the besieger's depot in the fortress hex):
      // a supplied hex within one supply length of the objective, as safe (shallow) as possible.
      if (camp && (chosen.kind === 'siege' || chosen.kind === 'advance')) {
        const into = supplySteps(board.map, chosen.hex, SUPPLY_LENGTH[board.side]);
        let bestDepth = Number.POSITIVE_INFINITY;
        for (const [h, steps] of into) {
          const depth = supply.depth.get(h);
          // 10.44: no depot in a fortress our own garrison holds.
          if (
            depth === undefined ||
            depth > SUPPLY_LENGTH[board.side] ||
            !allowed(h) ||
            board.enemies.has(h) ||
            (board.map.fortress(h) && fortressHolder(board, h) === board.side)
          )
            continue;
          if (!toGoal.get(h) && h !== chosen.hex) continue;
          // Only where this army can get to (the side's net may lie on another front).
          if (reach.get(h) === undefined) continue;
          // Quick to reach and not at the very edge of the net.
          let key = (reach.get(h) ?? 99) + steps * 2 + depth * 0.1;
          // The expert (`drive`) counts the turns to the first siege roll first: the march to the
          // staging hex, the turn on its new depot (10.42 keeps ten SP there until it is done), the
          // march on, the depot in the objective (13.12). Any hex within a supply length of the
          // objective serves, and one a march nearer the army saves a roll (1756: a staging hex
          // five hexes short of Dresden and a march from Magdeburg, rather than one next to
          // Dresden two marches away).
          if (style.drive)
            key += 100 * (Math.ceil((reach.get(h) ?? 99) / MAX_MA) + Math.ceil(steps / MAX_MA));
          if (key < bestDepth || (key === bestDepth && stage !== undefined && h < stage)) {
            bestDepth = key;
            stage = h;
            stageD = toGoal.get(h) ?? 0;
          }
        }
      }
      if (!stage)
        for (const h of supply.supplied) {
          if (!allowed(h) || (supply.depth.get(h) ?? 0) > margin) continue;
          const dd = toGoal.get(h);
          if (dd !== undefined && (dd < stageD || (dd === stageD && stage !== undefined && h < stage))) {
            stage = h;
            stageD = dd;
          }
        }
      // Staged on a finished depot and the objective still out of reach of supply: the enemy's
      // army or zone of control blocks the path (6.0, 10.32), another depot will not help. March on.
      const stuck =
        camp &&
        stage === hex &&
        board.depots.some((d) => d.hex === hex && d.side === board.side && d.status === 'complete');
      if (stage && !stuck) {
        // At the staging hex already: wait there for the depot that carries supply forward.
        goals.set(l.id, {
          hex: stage,
          kind: 'advance',
          note:
            stage === hex
              ? `${chosen.note} (waits at ${stage} for a depot)`
              : `${chosen.note} (staging at ${stage})`,
        });
        continue;
      }
    }
    goals.set(l.id, chosen);
  }
  void estimateEnemyIn;
  return {
    goals,
    supply,
    strength,
    ...(camp ? { campaign: camp } : {}),
    ...(strays.size > 0 ? { strays, fetchable: new Set([...strays].filter(spare)) } : {}),
    ...(reinforce.size > 0 ? { reinforce } : {}),
  };
}

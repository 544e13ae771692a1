// Operational plan of one seat: a goal hex for each of its leaders, chosen from the board alone.
// Armies go for enemy fortresses they can besiege (13.12 needs a depot in the hex, so the target must
// be within reach of the supply net, 10.43), for empty fortresses (17.0 VP by garrison), for weaker
// enemy stacks, or back to threatened own fortresses; detachments join the main army (concentration);
// unsupplied or demoralized forces fall back on supply (10.6, 11.0); in winter everyone heads for a
// fortress (16.2-16.3).
import { isWinterTurn } from '../engine/state.js';
import type { HexId, Nationality } from '../engine/types.js';
import { distance as hexDistance } from '../map/hex.js';
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
import {
  marchDistanceFrom,
  marchDistanceTo,
  SUPPLY_LENGTH,
  type SupplyPicture,
  supplyPicture,
} from './geometry.js';

export type GoalKind =
  | 'siege'
  | 'capture'
  | 'attack'
  | 'defend'
  | 'join'
  | 'winter'
  | 'resupply'
  | 'hold'
  | 'advance';

export interface Goal {
  hex: HexId;
  kind: GoalKind;
  /** Why, for the turn log. */
  note: string;
}

export interface Plan {
  goals: Map<string, Goal>;
  supply: SupplyPicture;
  /** Own-nationality SP outside in each leader's hex that the leader commands (8.21). */
  strength: Map<string, number>;
}

/** An army: enough SP to build a depot (10.42) and so to besiege. */
export const ARMY_SP = 10;
const SEARCH_MP = 24;
/** The engine offers garrison moves of the whole stack: only detachments this small go inside. */
export const CAPTURE_SP = 6;

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

/** Scenario movement restrictions the view exposes (1756 A, 1757/1758 5A, 1759, 1758-62 Rhine). */
export function mayEnter(board: Board, nat: Nationality, hex: HexId): boolean {
  const r = board.rules;
  if (r.saxonsStayInSaxony && nat === 'empire' && board.map.region(hex) !== 'saxony') return false;
  if (r.hanoverNotEastOfMagdeburg && nat === 'hanover' && Number(hex.slice(2)) > 17) return false;
  if (r.hanoverNotEastOfElbe && nat === 'hanover' && board.map.eastOfElbe(hex)) return false;
  if (r.empireNotWestOfRhine && nat === 'empire' && board.map.westOfRhine(hex)) return false;
  return true;
}

export function makePlan(board: Board): Plan {
  const supply = supplyPicture(board);
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

  for (const l of leaders) {
    const hex = leaderHex(board, l.id);
    if (!hex) continue;
    const here = board.friends.get(hex);
    const sp = here?.outByNat[board.seat] ?? 0;
    strength.set(l.id, sp);
    const allowed = (h: HexId) => mayEnter(board, l.nationality, h);
    if (!commandsHere(board, hex, l)) {
      goals.set(l.id, { hex, kind: 'hold', note: 'serves under a senior leader here' });
      continue;
    }
    const enemyHere = board.enemies.get(hex);
    const enemyOutHere = estimateEnemyOut(enemyHere);
    const totalHere = friendSp(board, hex, 'out');

    // Winter (16.2-16.3): into the nearest own or empty fortress; besiegers with a depot stay.
    // Winter attrition takes one SP per force (16.31), whatever its size: small forces seek shelter,
    // armies keep campaigning until the last turns unless a siege is already under way.
    if (winter && (sp < ARMY_SP || board.turn >= board.lastTurn - 1)) {
      const besieging =
        enemyHere?.garrisoned && board.depots.some((d) => d.hex === hex && d.side === board.side);
      if (besieging && sp >= 4) {
        goals.set(l.id, { hex, kind: 'siege', note: 'keeps up the siege through winter' });
        continue;
      }
      const shelters = forts
        .filter((f) => allowed(f.hex) && fortressHolder(board, f.hex) !== enemy && !board.enemies.has(f.hex))
        .map((f) => f.hex);
      const n = nearest(board, hex, shelters, 18);
      if (n) {
        goals.set(l.id, { hex: n.hex, kind: 'winter', note: `winter quarters at ${n.hex}` });
        continue;
      }
    }

    // Demoralized or outmatched where it stands: fall back on the nearest safe supplied fortress or hex.
    const outmatched = enemyOutHere > 0 && enemyOutHere > 1.3 * totalHere;
    if (here?.demoralized || outmatched || !supply.supplied.has(hex)) {
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

    // Detachments join the main army unless they have a fortress of their own to guard.
    const isMain = hex === mainHex;
    if (!isMain && sp < ARMY_SP && mainHex && l.id !== supremeId) {
      const d = marchDistanceTo(board.map, mainHex).get(hex) ?? Number.POSITIVE_INFINITY;
      if (d <= 18 && allowed(mainHex)) {
        goals.set(l.id, { hex: mainHex, kind: 'join', note: 'concentrates on the main army' });
        continue;
      }
    }

    // Already besieging (enemy garrison here, our depot or enough SP to build one): stay.
    if (enemyHere?.garrisoned && sp >= ARMY_SP && enemyOutHere <= totalHere) {
      goals.set(l.id, { hex, kind: 'siege', note: `besieges ${board.map.fortress(hex)?.name ?? hex}` });
      continue;
    }

    // Score the candidate objectives.
    let best: { goal: Goal; score: number } | undefined;
    const reach = marchDistanceFrom(board.map, hex, SEARCH_MP);
    const consider = (h: HexId, kind: GoalKind, value: number, note: string) => {
      if (!allowed(h)) return;
      const d = reach.get(h);
      if (d === undefined || d > SEARCH_MP) return;
      // Beyond the supply net a target costs turns of depot building (10.41) and attrition (10.61).
      const depth = supply.depth.get(h);
      const supplyCost = depth === undefined ? 1 : 0;
      const score = value / (1 + d / 4 + supplyCost);
      if (!best || score > best.score || (score === best.score && h < best.goal.hex))
        best = { goal: { hex: h, kind, note }, score };
    };
    for (const f of forts) {
      const holder = fortressHolder(board, f.hex);
      const e = board.enemies.get(f.hex);
      const eOut = estimateEnemyOut(e);
      if (holder === enemy) {
        if (sp >= ARMY_SP && eOut < 0.8 * sp)
          consider(f.hex, 'siege', f.vp * 1.5 + 2, `marches to besiege ${f.name}`);
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
      if (sp >= 1.6 * eOut) consider(eh, 'attack', eOut * 0.8 + 1, `seeks battle at ${eh}`);
      // Lone leaders can be captured by any combat unit (8.31).
      if (!e.hasCombat && e.leaders.length > 0 && sp > 0)
        consider(eh, 'attack', 3, `hunts enemy leaders at ${eh}`);
    }
    // Own fortresses threatened by nearby enemy armies.
    for (const f of forts) {
      if (fortressHolder(board, f.hex) !== board.side) continue;
      for (const [eh, e] of board.enemies) {
        const eOut = estimateEnemyOut(e);
        if (eOut < 4) continue;
        if (hexDistance(f.hex, eh) <= 3 && sp >= eOut * 0.8)
          consider(f.hex, 'defend', f.vp * 0.8, `covers ${f.name}`);
      }
    }
    if (!best) {
      goals.set(l.id, { hex, kind: 'hold', note: 'holds' });
      continue;
    }
    const chosen = (best as { goal: Goal }).goal;
    // Outrunning supply: stop on the supplied hex closest to the objective (a depot follows, 10.41).
    if (!supply.supplied.has(chosen.hex) && chosen.kind !== 'capture') {
      const toGoal = marchDistanceTo(board.map, chosen.hex);
      let stage: HexId | undefined;
      let stageD = Number.POSITIVE_INFINITY;
      // Stage one hex inside the edge of the net, so that an enemy move cannot cut the army off
      // before its depot is finished (attrition is judged after the enemy's turn, 4.2 A8/B8).
      const margin = SUPPLY_LENGTH[board.side] - 1;
      for (const h of supply.supplied) {
        if (!allowed(h) || (supply.depth.get(h) ?? 0) > margin) continue;
        const dd = toGoal.get(h);
        if (dd !== undefined && (dd < stageD || (dd === stageD && stage !== undefined && h < stage))) {
          stage = h;
          stageD = dd;
        }
      }
      if (stage) {
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
  return { goals, supply, strength };
}

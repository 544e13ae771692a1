// Where a force can go with its remaining MP: a Dijkstra search that mirrors the checks of
// movement.ts (5.41-5.45, 5.54, 11.14, 10.52, scenario restrictions). Used by legalActions.

import { adjacentHexes } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import {
  effectiveInitiative,
  isDemoralizedAt,
  nationSp,
  occupiedHexes,
  otherSide,
  sideOf,
} from '../state.js';
import type { ActiveForce, GameState, HexId, LeaderState, Nationality, Side } from '../types.js';
import { NATIONALITIES } from '../types.js';
import { entryForbidden } from './scenario-rules.js';
import { computeSupply } from './supply.js';
import { ENEMY_HEX_MP, isRuleError, stepCost } from './terrain.js';

export interface ReachQuery {
  from: HexId;
  mp: number;
  side: Side;
  nations: Nationality[];
  demoralized: boolean;
  pinned: boolean;
  /** 10.52: hexes a zero-Initiative leader may enter (undefined = no restriction). */
  mayEnter?: Set<HexId>;
}

export interface Reached {
  cost: number;
  path: HexId[];
  /** Entered an enemy hex across a pass (5.54): cannot go further this phase. */
  pinned: boolean;
}

export function reachable(state: GameState, map: StrategicMap, q: ReachQuery): Map<HexId, Reached> {
  const best = new Map<string, Reached>();
  const result = new Map<HexId, Reached>();
  // Where the enemy stands, once per search (the state does not change during it).
  const enemyHexes = new Set(occupiedHexes(state, otherSide(q.side)));
  const frontier: Array<{ hex: HexId; r: Reached }> = [
    { hex: q.from, r: { cost: 0, path: [], pinned: q.pinned } },
  ];
  best.set(`${q.from}|${q.pinned}`, frontier[0]!.r);
  while (frontier.length > 0) {
    let bi = 0;
    for (let i = 1; i < frontier.length; i++) if (frontier[i]!.r.cost < frontier[bi]!.r.cost) bi = i;
    const { hex, r } = frontier.splice(bi, 1)[0]!;
    if (best.get(`${hex}|${r.pinned}`) !== r) continue;
    if (r.pinned) continue;
    for (const n of adjacentHexes(hex)) {
      const step = stepCost(map, hex, n);
      if (isRuleError(step)) continue;
      const enemyThere = enemyHexes.has(n);
      if (enemyThere && q.demoralized) continue;
      const cost = r.cost + step.mp + (enemyThere ? ENEMY_HEX_MP : 0);
      if (cost > q.mp) continue;
      if (q.nations.some((nat) => entryForbidden(state, map, nat, n))) continue;
      if (q.mayEnter && !q.mayEnter.has(n)) continue;
      const pinned = enemyThere && step.pass;
      const key = `${n}|${pinned}`;
      const prev = best.get(key);
      if (prev && prev.cost <= cost) continue;
      const nr: Reached = { cost, path: [...r.path, n], pinned };
      best.set(key, nr);
      frontier.push({ hex: n, r: nr });
      const cur = result.get(n);
      if (n !== q.from && (!cur || cur.cost > cost)) result.set(n, nr);
    }
  }
  return result;
}

/** The reach query of a leader's force (starting, or `f` when already moving) with `mp` MP. */
export function reachQueryFor(
  state: GameState,
  map: StrategicMap,
  l: LeaderState,
  f: ActiveForce | undefined,
  mp: number,
): ReachQuery {
  const side = sideOf(state, l.nationality);
  const hex = f?.hex ?? l.hex!;
  const demoralized = f ? f.demoralized : isDemoralizedAt(state, hex, side);
  const nations = new Set<Nationality>([l.nationality]);
  if (demoralized)
    for (const n of NATIONALITIES)
      if (state.seatSide[n] === side && nationSp(state, hex, n).out > 0) nations.add(n);
  let mayEnter: Set<HexId> | undefined;
  if (effectiveInitiative(state, l) <= 0) {
    const supply = computeSupply(state, map, side);
    if (supply.supplied.has(hex)) mayEnter = supply.supplied;
  }
  return {
    from: hex,
    mp,
    side,
    nations: [...nations],
    demoralized,
    pinned: f?.pinnedByPass ?? false,
    mayEnter,
  };
}

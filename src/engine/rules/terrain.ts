// Movement Point costs and prohibitions (5.4, 5.45, Terrain Effects Chart 5.6) read from the
// map's data file assets/map/terrain-effects.json (one source of truth with src/map). Also whether a hexside can carry a supply path (10.24) or a Zone of
// Control (6.21).

import tec from '../../../assets/map/terrain-effects.json' with { type: 'json' };
import { isAdjacent } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import type { HexId, RuleError } from '../types.js';

export const ENEMY_HEX_MP: number = tec.entries.enemyOccupied.mp;

/**
 * Cost in MP of stepping from `from` into the adjacent hex `to`, before the enemy-occupied surcharge;
 * or the RuleError that forbids the step (5.44 off map, 5.45 sea/lake/mountain hexside, sea hex).
 */
export function stepCost(
  map: StrategicMap,
  from: HexId,
  to: HexId,
): { mp: number; pass: boolean } | RuleError {
  if (!map.onMap(to))
    return {
      rule: '5.44',
      code: 'off-map',
      message: `Hex ${to} is not on the map: forces never leave the mapsheet.`,
    };
  if (!isAdjacent(from, to))
    return { rule: '5.32', code: 'not-adjacent', message: `Hex ${to} is not adjacent to ${from}.` };
  const terrain = map.terrain(to);
  if (terrain === 'sea' || terrain === 'lake')
    return {
      rule: '5.45',
      code: 'impassable-hex',
      message: `Hex ${to} is ${terrain}: no force can enter it.`,
    };
  let mp = terrain === 'mountain' ? tec.entries.mountainHex.mp : tec.entries.clearHex.mp;
  let pass = false;
  const feats = map.hexside(from, to);
  const hasPass = feats.some((f) => f.kind === 'pass');
  for (const f of feats) {
    if (f.kind === 'sea' || f.kind === 'lake')
      return {
        rule: '5.45',
        code: 'impassable-hexside',
        message: `The hexside ${from}-${to} is ${f.kind}: no force may cross it.`,
      };
    if (f.kind === 'mountain' && !hasPass)
      return {
        rule: '5.45',
        code: 'mountain-hexside',
        message: `The hexside ${from}-${to} is a mountain hexside without a pass.`,
      };
  }
  if (hasPass) {
    mp += tec.entries.passHexside.mp;
    pass = true;
  }
  if (feats.some((f) => f.kind === 'river')) mp += tec.entries.riverHexside.mp;
  return { mp, pass };
}

/** One term of a hex's MP cost, with the rule case that charges it (5.41-5.45, the TEC 5.6). */
export interface CostPart {
  what: 'clear hex' | 'mountain hex' | 'pass hexside' | 'river hexside' | 'enemy-occupied hex';
  mp: number;
  rule: string;
}

/**
 * What entering `to` from `from` costs, term by term (the same chart as stepCost; a legal step's
 * terms add up to its `mp`). `enemyHex` adds the 5.43 term.
 */
export function stepCostParts(map: StrategicMap, from: HexId, to: HexId, enemyHex: boolean): CostPart[] {
  const parts: CostPart[] = [
    map.terrain(to) === 'mountain'
      ? { what: 'mountain hex', mp: tec.entries.mountainHex.mp, rule: '5.6' }
      : { what: 'clear hex', mp: tec.entries.clearHex.mp, rule: '5.41' },
  ];
  const feats = map.hexside(from, to);
  if (feats.some((f) => f.kind === 'pass'))
    parts.push({ what: 'pass hexside', mp: tec.entries.passHexside.mp, rule: '5.6' });
  if (feats.some((f) => f.kind === 'river'))
    parts.push({ what: 'river hexside', mp: tec.entries.riverHexside.mp, rule: '5.41' });
  if (enemyHex) parts.push({ what: 'enemy-occupied hex', mp: ENEMY_HEX_MP, rule: '5.43' });
  return parts;
}

/** 10.24 / 6.21: a supply path or a ZOC crosses any hexside except sea, lake and unpassed mountain. */
export function hexsideOpen(map: StrategicMap, from: HexId, to: HexId): boolean {
  if (!map.onMap(to)) return false;
  const feats = map.hexside(from, to);
  const hasPass = feats.some((f) => f.kind === 'pass');
  return !feats.some((f) => f.kind === 'sea' || f.kind === 'lake' || (f.kind === 'mountain' && !hasPass));
}

export function isRuleError(x: unknown): x is RuleError {
  return typeof x === 'object' && x !== null && 'rule' in x && 'code' in x && 'message' in x;
}

// Victory: 17.0 procedure, 17.1 table, 14.17 (unexchanged prisoners), 14.15 forfeit, scenario rules
// (1756 D: only some regions count; 1762 B: Stralsund counts for nobody).
import type { Fortress, RegionId } from '../../map/types.js';
import type { Side } from '../combat/types.js';
import {
  type VictoryLevel,
  type VictoryLevelsData,
  victoryLevel,
  victoryLevelsData,
} from '../tables/victory-levels.js';

export interface VictoryInput {
  /** Fortresses of the map (src/map fortresses()), with their VP. */
  fortresses: readonly Fortress[];
  /** The side garrisoning each fortress hex at the end (17.0: besiegers score nothing); absent = nobody. */
  garrison: Readonly<Record<string, Side | undefined>>;
  /** Friendly SP eliminated during the game (combat, attrition, sieges, storms), per side. */
  eliminatedSp: Record<Side, number>;
  /** 14.17: SP of each side still held as prisoners by the enemy at the end. */
  unexchangedPrisonerSp: Record<Side, number>;
  /** Scenario restrictions. */
  countedRegions?: readonly RegionId[];
  excludedFortressHexes?: readonly string[];
  /** 14.15: the Allied player forfeited after Frederick's capture. */
  alliedForfeit?: boolean;
}

export interface VictoryReport {
  fortressVp: Record<Side, number>;
  lossVp: Record<Side, number>;
  total: Record<Side, number>;
  winner: Side | 'draw';
  level: VictoryLevel | 'pyrrhic';
  difference: number;
  /** Which provision of 17.0 decided it. */
  basis: 'table' | 'equal' | 'negative' | 'both-negative' | 'forfeit';
}

/** Scenario rules bearing on victory, by scenario id (18.0 special rules). */
export function scenarioVictoryRules(
  scenario: string,
  fortresses: readonly Fortress[],
): Pick<VictoryInput, 'countedRegions' | 'excludedFortressHexes'> {
  if (scenario === '1756') return { countedRegions: ['silesia', 'saxony', 'austria', 'magdeburg'] };
  if (scenario === '1762')
    return {
      excludedFortressHexes: fortresses.filter((f) => f.name.toLowerCase() === 'stralsund').map((f) => f.hex),
    };
  return {};
}

/**
 * 17.0: fortress VP by garrison; minus one per friendly SP eliminated, unexchanged prisoners included (14.17);
 * the Allied ("Prussian") player loses two per SP beyond twenty (docs/rulings.md 17.0); leaders never count.
 */
export function scoreVictory(
  input: VictoryInput,
  table: VictoryLevelsData = victoryLevelsData,
): VictoryReport {
  const fortressVp: Record<Side, number> = { 'prussian-allied': 0, coalition: 0 };
  for (const f of input.fortresses) {
    if (input.countedRegions && !input.countedRegions.includes(f.region)) continue;
    if (input.excludedFortressHexes?.includes(f.hex)) continue;
    const side = input.garrison[f.hex];
    if (side) fortressVp[side] += f.vp;
  }
  const lost = (s: Side) => input.eliminatedSp[s] + input.unexchangedPrisonerSp[s];
  const alliedLost = lost('prussian-allied');
  const lossVp: Record<Side, number> = {
    'prussian-allied': alliedLost + Math.max(0, alliedLost - 20),
    coalition: lost('coalition'),
  };
  const total: Record<Side, number> = {
    'prussian-allied': fortressVp['prussian-allied'] - lossVp['prussian-allied'],
    coalition: fortressVp.coalition - lossVp.coalition,
  };
  const base = { fortressVp, lossVp, total };
  const difference = Math.abs(total['prussian-allied'] - total.coalition);
  if (input.alliedForfeit)
    return { ...base, winner: 'coalition', level: 'decisive', difference, basis: 'forfeit' };
  if (total['prussian-allied'] === total.coalition)
    return { ...base, winner: 'draw', level: 'draw', difference: 0, basis: 'equal' };
  const winner: Side = total['prussian-allied'] > total.coalition ? 'prussian-allied' : 'coalition';
  if (total['prussian-allied'] < 0 && total.coalition < 0)
    return { ...base, winner, level: 'pyrrhic', difference, basis: 'both-negative' };
  const level = victoryLevel(difference, table);
  if (total['prussian-allied'] < 0 || total.coalition < 0)
    // 17.0: a negative total is defeated outright, so a table "draw" still counts as a marginal win.
    return { ...base, winner, level: level === 'draw' ? 'marginal' : level, difference, basis: 'negative' };
  if (level === 'draw') return { ...base, winner: 'draw', level, difference, basis: 'table' };
  return { ...base, winner, level, difference, basis: 'table' };
}

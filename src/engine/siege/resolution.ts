// Siege Resolution Phase rolls: 13.0 procedure, 13.2 table, 13.31-13.32, 1761 fortified camp.

import { type RuleViolation, violation } from '../combat/types.js';
import { type SiegeResult, type SiegeTableData, siegeResult, siegeTableData } from '../tables/siege-table.js';

export interface SiegeRollInput {
  die: number;
  /** Initiative of the garrison commander (highest-ranked leader inside); 0 without one (13.0). */
  garrisonInitiative: number;
  /** 1761 special rule C: the fortress has a completed Prussian fortified camp. */
  fortifiedCamp: boolean;
}

export interface SiegeRoll {
  modifiedRoll: number;
  result: SiegeResult;
}

/**
 * 13.0: die minus the garrison commander's Initiative (the printed value: 11.13 zeroes Initiative only for
 * movement, combat and supply; see docs/rulings.md 13.0), plus the fortified camp modifier (1761 C).
 */
export function rollSiege(
  input: SiegeRollInput,
  table: SiegeTableData = siegeTableData,
): SiegeRoll | RuleViolation {
  if (!Number.isInteger(input.die) || input.die < 1 || input.die > 6)
    return violation('13.0', `siege die roll ${input.die} is not 1-6`);
  const modifiedRoll =
    input.die - input.garrisonInitiative + (input.fortifiedCamp ? table.fortifiedCampModifier : 0);
  return { modifiedRoll, result: siegeResult(modifiedRoll, table) };
}

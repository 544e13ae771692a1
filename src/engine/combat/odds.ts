// Combat percentage ratio and die modifiers: 9.22, 9.23, 9.24, 9.31, 9.47.
import type { Crt } from '../tables/crt.js';
import { type RuleViolation, violation } from './types.js';

/** 9.31: attacker SP as a percentage of defender SP, before rounding to a column. */
export function percentageRatio(attackerSp: number, defenderSp: number): number {
  return Math.floor((100 * attackerSp) / defenderSp);
}

/**
 * 9.31/9.47: the printed column an attack uses: the ratio rounded down to a printed heading, the top
 * column for anything above it, and an error below the lowest (33%). No lower column may be chosen.
 */
export function combatColumn(crt: Crt, attackerSp: number, defenderSp: number): number | RuleViolation {
  if (attackerSp <= 0) return violation('9.47', 'the attacking force has no Strength Points');
  if (defenderSp <= 0) return violation('9.11', 'there is no enemy Strength Point to attack');
  const ratio = percentageRatio(attackerSp, defenderSp);
  let column: number | undefined;
  for (const c of crt.columns) if (ratio >= c) column = c;
  if (column === undefined)
    return violation('9.47', `attack at ${ratio}% is below the lowest ratio of ${crt.columns[0]}%`);
  return column;
}

/** 9.22-9.24: die + attacking commander's Attack bonus - defending commander's Defence bonus, -2 in Mountain. */
export function modifiedCombatRoll(
  die: number,
  attackBonus: number,
  defenceBonus: number,
  mountain: boolean,
): number {
  return die + attackBonus - defenceBonus - (mountain ? 2 : 0);
}

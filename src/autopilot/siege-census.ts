// Sieges cut off (issue 20): a siege is on only while the besieger's depot in the fortress hex is
// complete and supplied and a besieging SP stands with it (13.12-13.13, 10.12 B). Traced in 1757
// and 1760 (docs/balance.md, "Siege lines in the first winter"), the Coalition's sieges of Hanover
// and Berlin ended on turn 16 with the army still before the fortress: the one-SP guards of the
// depots behind it died in the first winter Attrition Phase (16.31) and the line fed nothing. This
// counts such breaks, so that a census shows how often a siege ends for want of supply rather than
// by a breach or a march away.
//
// Reads the states before and after each step as the driver sees them (the referee's view, not a
// seat's): for balance runs and bug reports only, never for a decision.
import { type GameState, isWinterTurn, type Side } from '../engine/index.js';

/** Sieges of one besieging side that ended for want of supply. */
export interface SiegeCuts {
  /** Sieges that ended while the besiegers' depot and SP still stood in the fortress hex. */
  cut: number;
  /** Of `cut`: those that ended on a winter turn (16.0). */
  cutWinter: number;
}

export function noCuts(): Record<Side, SiegeCuts> {
  return { 'prussian-allied': { cut: 0, cutWinter: 0 }, coalition: { cut: 0, cutWinter: 0 } };
}

function spOutside(state: GameState, hex: string, side: Side): number {
  let n = 0;
  for (const [nat, sp] of Object.entries(state.forces[hex] ?? {}))
    if (sp && state.seatSide[nat as keyof GameState['seatSide']] === side) n += sp.out;
  return n;
}

/**
 * Adds the sieges that one accepted step ended for want of supply: the fortress was besieged
 * before the step and is not after, it did not change hands, and the besieging side still has its
 * depot and SP outside in the hex (so neither a breach nor a march away ended it, 13.12).
 */
export function countSiegeCuts(into: Record<Side, SiegeCuts>, before: GameState, after: GameState): void {
  // The step that ends the game clears the sieges (nothing is besieged once it is over).
  if (before.besieged.length === 0 || after.over) return;
  for (const hex of before.besieged) {
    if (after.besieged.includes(hex)) continue;
    const depot = after.depots[hex];
    if (!depot) continue;
    const side = after.seatSide[depot.owner];
    if (!side || before.depots[hex]?.owner !== depot.owner) continue;
    if (after.fortressControl[hex] === side) continue;
    if (spOutside(after, hex, side) < 1) continue;
    into[side].cut++;
    if (isWinterTurn(after.turn)) into[side].cutWinter++;
  }
}

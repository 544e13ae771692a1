// Where a side's SP go (issue 20): the engine's ledger counts the SP each side lost (17.0), and
// the events of each step tell how. Every tuning session of the expert began by writing a scratch
// script for this (docs/balance.md: the censuses of winter attrition, of leaderless depot guards);
// `ftg demo --games N` now prints it for any levels per seat.
//
// Reads the game's events and state as the driver sees them (the referee's view, not a seat's):
// for balance runs and bug reports only, never for a decision.
import type { GameEvent, GameState, Nationality, Side } from '../engine/index.js';

/** SP lost by one side, by cause. */
export interface LossCauses {
  /** 16.31: winter attrition of forces outside a fortress. */
  winter: number;
  /** Of `winter`: forces with no leader of their side in the hex, which could not march (5.3). */
  winterUnled: number;
  /** 10.61: attrition of forces out of supply. */
  supply: number;
  /** 13.32: besiegers' SP lost to a siege roll. */
  sortie: number;
}

export function noLosses(): Record<Side, LossCauses> {
  const z = (): LossCauses => ({ winter: 0, winterUnled: 0, supply: 0, sortie: 0 });
  return { 'prussian-allied': z(), coalition: z() };
}

/**
 * Adds the losses one accepted step's events record to `into`. `state` is the state after the step
 * (a winter loss is judged leaderless by the leaders standing in the hex then; leaders suffer no
 * attrition, 16.31).
 */
export function countLosses(
  into: Record<Side, LossCauses>,
  events: readonly GameEvent[],
  state: GameState,
): void {
  for (const e of events) {
    const d = e.data ?? {};
    if (e.kind === 'attrition-winter' || e.kind === 'attrition-supply') {
      const side = state.seatSide[d.nat as Nationality];
      if (!side) continue;
      if (e.kind === 'attrition-supply') {
        into[side].supply++;
        continue;
      }
      into[side].winter++;
      const hex = String(d.hex);
      const led = Object.values(state.leaders).some(
        (l) => l.status === 'map' && l.hex === hex && state.seatSide[l.nationality] === side,
      );
      if (!led) into[side].winterUnled++;
    } else if (e.kind === 'siege-roll' && d.result === 'attacker-loss') {
      // 13.32 takes the SP from the besiegers: the side that does not hold the fortress.
      const garrison = state.siegeRolls?.[String(d.hex)]?.garrison;
      if (garrison) into[garrison === 'coalition' ? 'prussian-allied' : 'coalition'].sortie++;
    }
  }
}

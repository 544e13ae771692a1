// The tactical engine's types and the few public helpers the bot may use for battles (issue 13
// item 5: the service is the bot's only door; scripts/layer-guard.ts keeps src/tactical out of
// src/bot): the view the bot reads, the battlefield's map for pictures, hex distance on it, the
// engine's explanation of a shock's odds on the open field, and the aftermath's prisoners line.
// Nothing here reads a state.

import { chargeNote, shockOddsText } from '../tactical/explain.js';
import { distance } from '../tactical/hex.js';
import {
  prisonersLine,
  tacticalMap as registeredMap,
  type TacState,
  type TacView,
} from '../tactical/index.js';
import type { TacticalMap } from '../tactical/map.js';
import { tacticalMap as committedMap } from '../tactical/maps.js';

export type { TacAction, TacView } from '../tactical/index.js';
export type { TacticalMap };

/** The prisoners of a finished battle's aftermath, from a view (ruling Aftermath); none: undefined. */
export const battlePrisonersLine: (v: TacView) => string | undefined = prisonersLine;

/** Hexes between two hexes of a battlefield (Leuthen's hex grid). */
export const battleHexDistance: (a: string, b: string) => number = distance;

/** A battle's field by id: a campaign battle's generated field (registered by the host, issue 16), else a committed map. */
export function battleMapOf(id: string): TacticalMap {
  return registeredMap(id) ?? committedMap(id);
}

/** 11.3-11.4: a shock's odds as the engine will reckon them, on the field a view shows (no die rolled). */
export function explainShock(
  field: TacView,
  attackers: readonly string[],
  defenders: readonly string[],
): string | undefined {
  return shockOddsText(field as unknown as TacState, attackers, defenders);
}

/** 11.2: whether the unit's moves so far make its shock a charge, on the field a view shows. */
export function explainCharge(field: TacView, unitId: string): string {
  return chargeNote(field as unknown as TacState, unitId);
}

// The Siege Resolution Phase's actions (13.0, 13.33) and the state the phase keeps between them
// (state.combat.hook.siege). They join the closed action union in ../actions.ts.
import { z } from 'zod';
import { hexId } from '../ids.js';
import type { HexId } from '../types.js';
import type { BreachStep } from './honours.js';

/** 13.0: roll against a fortress you besiege. `garrisonSp`: SP to move in if it falls (default 1). */
export const siegeResolveSchema = z.object({
  type: z.literal('siege-resolve'),
  hex: hexId,
  garrisonSp: z.number().int().min(1).optional(),
});
/** 13.33 (1)/(2): the besieger grants the honours of war, or denies them and demands surrender. */
export const siegeHonoursSchema = z.object({
  type: z.literal('siege-honours'),
  hex: hexId,
  grant: z.boolean(),
});
/** 13.33 (2A)/(2B): the garrison's owner surrenders, or refuses and is stormed. */
export const siegeSurrenderSchema = z.object({
  type: z.literal('siege-surrender'),
  hex: hexId,
  accept: z.boolean(),
});

export const siegeActionSchemas = [siegeResolveSchema, siegeHonoursSchema, siegeSurrenderSchema] as const;

export interface SiegeHookState {
  /** Fortresses the phasing side besieges and has not yet rolled against (or passed). */
  remaining: HexId[];
  breach?: { hex: HexId; step: BreachStep; garrisonSp: number };
}

export type SiegeResolveAction = z.infer<typeof siegeResolveSchema>;
export type SiegeHonoursAction = z.infer<typeof siegeHonoursSchema>;
export type SiegeSurrenderAction = z.infer<typeof siegeSurrenderSchema>;
/** Every action only the Siege Resolution Phase takes (it also takes `done`). */
export type SiegeAction = z.infer<(typeof siegeActionSchemas)[number]>;

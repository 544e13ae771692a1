// The actions a seat may submit, as a zod discriminated union (validated first thing in apply).
// docs/actions.md documents each with a JSON example; `ftg schema actions` prints the JSON Schema.
// The union is closed: each interactive phase module exports its own schemas (combat/actions.ts,
// siege/actions.ts, prisoners/actions.ts) and they are listed here, so `Action` is the exact set of
// actions and a switch over `action.type` is checked for exhaustiveness by the compiler.
import { z } from 'zod';
import { combatActionSchemas } from './combat/actions.js';
import { hexId, leaderId } from './ids.js';
import { exchangeActionSchemas } from './prisoners/actions.js';
import { siegeActionSchemas } from './siege/actions.js';

const spCount = z.number().int().min(0);

/** Units taken along or left behind (5.35): SP of the leader's nationality and lower-ranked leaders. */
export const unitsSchema = z.object({
  sp: spCount.optional(),
  leaders: z.array(leaderId).optional(),
});

/** A pick-up / drop along the path (5.35), at a hex of the path (or the start hex). */
export const stopSchema = z.object({
  hex: hexId,
  drop: unitsSchema.optional(),
  pick: unitsSchema.optional(),
});

/**
 * March Phase movement (5.1, 5.3) and the movement of a force declared in the Force March Phase
 * (5.2). `path` lists the hexes entered in order. A move may be continued by another `march` of the
 * same leader while it has MP left (5.53 A); any other action ends it.
 */
export const marchSchema = z.object({
  type: z.literal('march'),
  leader: leaderId,
  path: z.array(hexId).max(12),
  /** Units picked up in the start hex (5.35). */
  take: unitsSchema.optional(),
  stops: z.array(stopSchema).max(12).optional(),
  /** 5.5: attempt an Overwhelming Attack on entering the last hex of the path. */
  overwhelm: z.boolean().optional(),
});

/** 5.2: declare a force march: one die for this force; MA = die + Initiative (max 6). */
export const forceMarchSchema = z.object({
  type: z.literal('forcemarch'),
  leader: leaderId,
  take: unitsSchema.optional(),
});

/** End the current force's move ("the hand is withdrawn", 5.0). */
export const haltSchema = z.object({ type: z.literal('halt') });

/** 10.41: begin building a depot in a hex (Depot Creation Phase). */
export const depotBuildSchema = z.object({ type: z.literal('depot-build'), hex: hexId });

/** 1761 special rule C: begin the Prussian fortified camp (Depot Creation Phase). */
export const campBuildSchema = z.object({ type: z.literal('camp-build'), hex: hexId });

/** 10.47: destroy a depot you control (any friendly Movement Phase). */
export const depotDestroySchema = z.object({ type: z.literal('depot-destroy'), hex: hexId });

/** 12.11, 12.21-12.23: move units of your nationality into or out of the fortress in a hex. */
export const garrisonSchema = z.object({
  type: z.literal('garrison'),
  hex: hexId,
  direction: z.enum(['in', 'out']),
  sp: spCount,
  leaders: z.array(leaderId).optional(),
});

/** The seat has finished the current step. */
export const doneSchema = z.object({ type: z.literal('done') });

/** The step's deadline passed: seats still pending are treated as done (submitted by the service). */
export const timeoutSchema = z.object({ type: z.literal('timeout') });

/** 14.15: the Allied player concedes after Frederick's capture (decisive Coalition victory). */
export const forfeitSchema = z.object({ type: z.literal('forfeit') });

export const coreActionSchemas = [
  marchSchema,
  forceMarchSchema,
  haltSchema,
  depotBuildSchema,
  depotDestroySchema,
  campBuildSchema,
  garrisonSchema,
  doneSchema,
  timeoutSchema,
  forfeitSchema,
] as const;

export const actionSchema = z.discriminatedUnion('type', [
  ...coreActionSchemas,
  ...combatActionSchemas,
  ...siegeActionSchemas,
  ...exchangeActionSchemas,
]);

export type MarchAction = z.infer<typeof marchSchema>;
export type ForceMarchAction = z.infer<typeof forceMarchSchema>;
export type DepotBuildAction = z.infer<typeof depotBuildSchema>;
export type DepotDestroyAction = z.infer<typeof depotDestroySchema>;
export type GarrisonAction = z.infer<typeof garrisonSchema>;
export type Units = z.infer<typeof unitsSchema>;
export type DoneAction = z.infer<typeof doneSchema>;
export type CoreAction = z.infer<(typeof coreActionSchemas)[number]>;
/** Any action: the core ones and those of the phase modules (a closed union). */
export type Action = z.infer<typeof actionSchema>;
/** The action type names. */
export type ActionType = Action['type'];
export type {
  CombatAction,
  CombatAttackAction,
  CombatDeclineAction,
  CombatOrderAction,
  CombatRetreatAction,
  CombatSortieAction,
} from './combat/actions.js';
export type { ExchangeAction } from './prisoners/actions.js';
export type {
  SiegeAction,
  SiegeHonoursAction,
  SiegeResolveAction,
  SiegeSurrenderAction,
} from './siege/actions.js';

export function actionsJsonSchema(): unknown {
  return z.toJSONSchema(actionSchema);
}

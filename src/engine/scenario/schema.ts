// Zod schema of a scenario file (scenarios/<year>.json) and of the leader ratings file
// (scenarios/leaders.json). Scenarios are validated on load; a scenario may also come from a path
// given to the CLI, which parses the JSON and hands the object to `setup`.
import { z } from 'zod';
import { NATIONALITIES, SIDES } from '../types.js';

const hexId = z.string().regex(/^\d{4}$/, 'a hex id is four digits RRCC');
const nationality = z.enum(NATIONALITIES);
/**
 * Strength points of one placement. A sanity bound, not a rule: the largest force printed in any
 * scenario is 40 SP, so 200 leaves room for custom positions while refusing absurd values (2^53).
 */
const strength = z.number().int().min(0).max(200);

export const leaderPlacementSchema = z.object({
  id: z.string().regex(/^[a-z]+$/),
  /** Rank within its army for this scenario (18.0 "(#)"). */
  rank: z.number().int().min(1),
});

export const setupEntrySchema = z.object({
  nationality,
  hex: hexId,
  sp: strength,
  leaders: z.array(leaderPlacementSchema).optional(),
  /** "DP": an operative depot placed with this entry. */
  depot: z.boolean().optional(),
  /** `*` outside / `+` inside the fortress; absent = the owner's option, resolved by setup (rulings 18.0). */
  position: z.enum(['inside', 'outside']).optional(),
  /** Printed in square brackets in the source: an uncertain transcription, kept as such. */
  uncertain: z.boolean().optional(),
  note: z.string().optional(),
});

export const reinforcementSchema = z.object({
  id: z.string(),
  turn: z.number().int().min(1).max(18),
  nationality,
  sp: strength,
  leaders: z.array(leaderPlacementSchema),
  hex: hexId,
  /** 'off-map-link': a depot arrives with the force and counts as linked to an off-map fortress (1757 B). */
  depot: z.literal('off-map-link').optional(),
  uncertain: z.boolean().optional(),
  note: z.string().optional(),
});

export const prisonerExchangeSchema = z.object({
  a: z.array(nationality).min(1),
  b: z.array(nationality).min(1),
  turns: z.union([z.literal('even'), z.literal('end'), z.array(z.number().int().min(1).max(18))]),
});

export const scenarioRulesSchema = z.object({
  saxonsStayInSaxony: z.boolean().optional(),
  saxonsMustSurrender: z.boolean().optional(),
  hanoverNotEastOfMagdeburg: z.boolean().optional(),
  hanoverNotEastOfElbe: z.boolean().optional(),
  empireNotWestOfRhine: z.boolean().optional(),
  russianWithdrawalFromTurn: z.number().int().optional(),
  swedishRemovalTurn: z.number().int().optional(),
  russianRemovalTurn: z.number().int().optional(),
  fortressRegions: z.array(z.string()).optional(),
  noControlFortresses: z.array(hexId).optional(),
  fortifiedCampAfterTurn: z.number().int().optional(),
  prisonerExchange: z.array(prisonerExchangeSchema),
  /** The rulebook's label of each special rule switched on above ("1757 A"), cited in refusals. */
  labels: z.record(z.string(), z.string().max(40)).optional(),
});

export const scenarioSchema = z
  .object({
    id: z.string().min(1),
    title: z.string(),
    source: z.string().optional(),
    firstTurn: z.number().int().min(1).max(18),
    lastTurn: z.number().int().min(1).max(18),
    /** Seats whose side differs from the default (1762: Russia plays for the Prussian-Allied side). */
    control: z.partialRecord(nationality, z.enum(SIDES)).optional(),
    setup: z.array(setupEntrySchema).min(1),
    reinforcements: z.array(reinforcementSchema),
    rules: scenarioRulesSchema,
  })
  .refine((s) => s.firstTurn <= s.lastTurn, { message: 'firstTurn must not be after lastTurn' });

export type Scenario = z.infer<typeof scenarioSchema>;
export type SetupEntry = z.infer<typeof setupEntrySchema>;

const provenance = z.enum(['rulebook', 'rulebook example', 'erratum', 'reconstructed']);

export const leaderRatingSchema = z.object({
  name: z.string(),
  initiative: z.number().int().min(0).max(6),
  attack: z.number().int().min(0).max(6),
  defence: z.number().int().min(0).max(6),
  provenance,
  rationale: z.string().min(1),
});

export const leaderRatingsSchema = z.object({
  description: z.string().optional(),
  leaders: z.record(z.string(), leaderRatingSchema),
});

export type LeaderRating = z.infer<typeof leaderRatingSchema>;
export type LeaderRatings = z.infer<typeof leaderRatingsSchema>;

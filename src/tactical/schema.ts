// Data schemas of a Leuthen 1757 battle (zod): the scenario file (scenarios/tactical/*.json) and the
// unit ratings file (assets/tactical/ratings.json). tac-oob writes the data, the engine reads it.
// Every reconstructed number carries provenance (tables/provenance.ts). Cases cited are the Leuthen
// rules' own (docs/tactical-rules-coverage.md).
import { z } from 'zod';
import { provenancedShape, tacticalProvenanceSchema } from './tables/provenance.js';

export const SIDES = ['prussia', 'austria'] as const;
export const sideSchema = z.enum(SIDES);
export type Side = z.infer<typeof sideSchema>;

/** Unit arms (contract vocabulary). Light arms are light troops (12.6). */
export const ARMS = ['infantry', 'light-infantry', 'cavalry', 'light-cavalry', 'artillery'] as const;
export const armSchema = z.enum(ARMS);
export type Arm = z.infer<typeof armSchema>;

/** Optional unit flags: `dragoon` may stack with a battery like infantry (3, ruling "Dragoon"). */
export const unitFlagSchema = z.enum(['grenadier', 'dragoon', 'guard', 'auxiliary', 'croat']);
export type UnitFlag = z.infer<typeof unitFlagSchema>;

const hexIdSchema = z.string().regex(/^\d{4}$/, 'a hex id is four digits XXYY (Leuthen numbering)');
/** Facing vertex 0-5 (contract: vertex i lies between hexside directions i and i+1). */
const facingSchema = z.number().int().min(0).max(5);

// --- ratings (assets/tactical/ratings.json) ----------------------------------------------------

/**
 * One rating: the values a counter of this class has unless the unit overrides them. `key` is what
 * a unit's `rating` names, e.g. "prussia/infantry/grenadier". Morale is on the d6 scale (12.1: pass
 * on a roll <= morale); MA in MP per turn (7.1); `cp` a default counter strength (1: 1-3 per counter);
 * `firePoints` a battery's value (10.2; two batteries in a hex total at most 4, 3).
 */
export const ratingSchema = z.object({
  key: z.string().min(1),
  side: sideSchema,
  arm: armSchema,
  ma: z.number().int().min(1).max(12),
  morale: z.number().int().min(1).max(6),
  cp: z.number().int().min(1).max(3).optional(),
  firePoints: z.number().int().min(1).max(4).optional(),
  ...provenancedShape,
});
export type Rating = z.infer<typeof ratingSchema>;

export const leaderRatingDefaultsSchema = z.object({
  /** Formation leaders move like cavalry (9): their MA. */
  formationLeaderMa: z.number().int().min(1).max(12),
  /** 7.4: a C-in-C moves this many hexes in the Command Phase (the text says four). */
  cincMoveHexes: z.number().int().min(1).max(12),
  /** 9.4: an aide-de-camp's activation value and command range. */
  aide: z.object({
    activation: z.number().int().min(0).max(6),
    commandRange: z.number().int().min(0).max(20),
  }),
  ...provenancedShape,
});

export const ratingsFileSchema = z.object({
  name: z.string(),
  provenance: tacticalProvenanceSchema,
  rationale: z.string().min(1),
  ratings: z.array(ratingSchema).min(1),
  leaders: leaderRatingDefaultsSchema,
});
export type RatingsFile = z.infer<typeof ratingsFileSchema>;

// --- scenario (scenarios/tactical/*.json) ------------------------------------------------------

/** A formation (5): all its units act together when its leader is activated. */
export const formationSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'formation ids are lower-case kebab (they appear in seats)'),
  side: sideSchema,
  name: z.string().min(1),
  /** `independent` is the "Independent units" formation of 5 (commanded by the reserve leader, 8.1). */
  kind: z.enum(['infantry', 'cavalry', 'independent']),
  /** The formation leader's id (for `independent`: the reserve leader, or none). */
  leader: z.string().optional(),
});
export type FormationData = z.infer<typeof formationSchema>;

/**
 * A leader: the C-in-C (8), a formation leader (9) or a reserve leader (8.1: Anhalt-Dessau, Daun).
 * `successor` on a C-in-C names who takes over at his death (8.4: Daun for Charles). Leaders
 * absent from the map at the start (none in Leuthen) would have `hex: null`.
 */
export const leaderSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  side: sideSchema,
  name: z.string().min(1),
  role: z.enum(['cinc', 'formation', 'reserve']),
  /** 8.3: activation check passes on 1d6 <= this (formation and reserve leaders). */
  activation: z.number().int().min(0).max(6).optional(),
  /** 8.1 / 9.1: command range in hexes. */
  commandRange: z.number().int().min(0).max(30),
  /** Optional: formation leaders default to ratings' formationLeaderMa (9: like cavalry). */
  ma: z.number().int().min(1).max(12).optional(),
  successor: z.string().optional(),
  /**
   * 8.4 names what the fall of two men does: Frederick's loses the game, Charles's leaves the army
   * Disorganized for a turn until Daun takes over. `defeat` marks a C-in-C whose fall ends the
   * battle in the enemy's decisive victory (the Leuthen scenarios mark Frederick); any other C-in-C's
   * fall has Charles's effect (ruling 8.4 in docs/tactical-rulings.md).
   */
  onFall: z.literal('defeat').optional(),
  /** Strategic leader id (scenarios/leaders.json) when the same man appears there. */
  strategicId: z.string().optional(),
  hex: hexIdSchema.nullable(),
  /** Scenario 2: off the map (hex null), he comes on with the first unit entering at this hex. */
  entry: z.object({ hex: hexIdSchema }).optional(),
  ...provenancedShape,
});
export type LeaderData = z.infer<typeof leaderSchema>;

/**
 * A counter. Values come from `rating` (ratings.json key) unless given here. `cp` is the strength
 * on set-up (1-3, 1); batteries have `firePoints` instead and no CP. `hex: null` with `entry` means
 * off map, entering later (Scenario 2 placement).
 */
export const unitSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'unit ids are lower-case kebab'),
    side: sideSchema,
    formation: z.string(),
    name: z.string().min(1),
    arm: armSchema,
    flags: z.array(unitFlagSchema).default([]),
    rating: z.string().optional(),
    cp: z.number().int().min(0).max(3).optional(),
    ma: z.number().int().min(1).max(12).optional(),
    morale: z.number().int().min(1).max(6).optional(),
    firePoints: z.number().int().min(1).max(4).optional(),
    hex: hexIdSchema.nullable(),
    facing: facingSchema,
    /** Scenario 2: the entry hex and the place in that hex's column (0 enters first). */
    entry: z.object({ hex: hexIdSchema, order: z.number().int().min(0) }).optional(),
    provenance: tacticalProvenanceSchema.optional(),
    rationale: z.string().optional(),
    sources: z.array(z.string()).default([]),
  })
  .refine((u) => u.hex !== null || u.entry !== undefined, {
    message: 'a unit off the map (hex null) needs an entry',
    path: ['entry'],
  });
export type UnitData = z.infer<typeof unitSchema>;

export const objectiveSchema = z.object({
  hex: hexIdSchema,
  name: z.string().min(1),
  vp: z.number().int().min(0),
  /** Who scores it when held by a non-routed unit of theirs (default: either side). */
  side: sideSchema.optional(),
});

/**
 * Aftermath: pursuit and prisoners (reconstructed; ruling "Aftermath" in docs/tactical-rulings.md).
 * Present in a scenario's victory data, the battle ends with the capture the Leuthen rules stop
 * short of: when a side has won, the loser's routed units on the map are taken whole, and the loser
 * yields as prisoners the difference of the two sides' scores, as Frederick the Great 9.0 scores a
 * battle (enemy strength removed plus the own commander's Initiative), at the campaign bridge's
 * scale. Absent (campaign battles, whose bridge takes its own 9.0 prisoners): no aftermath.
 */
export const aftermathSchema = z.object({
  /** The loser's routed units still on the map are captured whole. */
  captureRouted: z.boolean(),
  /** CP one point of a commander's Initiative counts for in the score (the bridge's CP per SP). */
  cpPerInitiative: z.number().min(0),
  /** The FtG Initiative of each commander-in-chief who may command at the end (tactical leader id). */
  initiative: z.record(z.string(), z.number().int().min(0).max(6)),
  ...provenancedShape,
});
export type AftermathData = z.infer<typeof aftermathSchema>;

export const victorySchema = z.object({
  /**
   * Army withdrawal (R): at the end of a turn, a side whose eliminated + routed CP reach this
   * fraction of its starting CP breaks; the other side wins at `withdrawalLevel`.
   */
  withdrawal: z.object({ prussia: z.number().gt(0).max(1), austria: z.number().gt(0).max(1) }),
  withdrawalLevel: z.enum(['marginal', 'substantive', 'decisive']).default('decisive'),
  /** VP after the last turn (R). */
  vp: z.object({
    eliminatedCp: z.number().min(0),
    routedCp: z.number().min(0),
    leader: z.number().min(0),
    cinc: z.number().min(0),
    battery: z.number().min(0).default(0),
    objectives: z.array(objectiveSchema).default([]),
  }),
  /** VP difference bands, checked from the top: difference >= min gives level. Below all: draw. */
  levels: z.array(
    z.object({ min: z.number().min(1), level: z.enum(['marginal', 'substantive', 'decisive']) }),
  ),
  /** End-of-battle pursuit and prisoners (standalone scenarios only; absent: none). */
  aftermath: aftermathSchema.optional(),
  ...provenancedShape,
});
export type VictoryData = z.infer<typeof victorySchema>;

/** Scenario 1: units on or north of column `maxColumn` set up blocked for `turns` (independents exempt). */
export const activationBlockSchema = z.object({
  maxColumn: z.number().int().min(1),
  throughTurn: z.number().int().min(1),
  exemptIndependent: z.boolean().default(true),
});

/** Scenario 2: strategic turns before Game Turn 1. */
export const strategicTurnsSchema = z.object({
  max: z.number().int().min(1).max(10),
  entrySide: sideSchema,
  entryHexes: z.array(hexIdSchema).min(1),
  /** The non-entering side may not move except in the last strategic turn. */
  maMultiplier: z.number().int().min(1).default(2),
  /** Units may not come closer than this to a seen enemy (distance < range is forbidden). */
  closeRange: z.number().int().min(1).default(3),
  /** From this strategic turn on, the static side rolls 1d10; <= threshold makes it the last. */
  earlyInitiative: z.object({ fromTurn: z.number().int().min(1), threshold: z.number().int().min(0).max(9) }),
});

/**
 * Secret simultaneous deployment (design 5.4, ruling "Deployment"): before turn 1 both sides place
 * their counters inside their zone at once; the set-up hexes in `units`/`leaders` are the autopilot
 * template. Zones are hex rows (the YY of a hex id XXYY), disjoint between the sides.
 */
export const deploymentSchema = z.object({
  zones: z.object({
    prussia: z.array(z.number().int().min(0).max(99)).min(1),
    austria: z.array(z.number().int().min(0).max(99)).min(1),
  }),
});
export type DeploymentData = z.infer<typeof deploymentSchema>;

export const scenarioSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  description: z.string().default(''),
  /** The battlefield map id: assets/tactical/maps/<map>/map.json. */
  map: z.string().min(1),
  /** Game turns 1..lastTurn (4: 14.5 turns, the 15th a half turn). */
  lastTurn: z.number().int().min(1).max(40),
  /** 4: who operates on the last (half) turn: one named side, or the initiative winner (Sc. 2). */
  lastTurnOperations: z.union([sideSchema, z.literal('initiative'), z.literal('both')]),
  /** 4.C: the initiative die bonus (Prussia +2, tactical offensive) and who wins ties. */
  initiative: z.object({
    bonus: z.object({ prussia: z.number().int(), austria: z.number().int() }),
    ties: sideSchema,
  }),
  /** The friendly board edge of each side (12.4: routs go west for Prussia, east for Austria). */
  edges: z.object({
    prussia: z.enum(['west', 'east', 'north', 'south']),
    austria: z.enum(['west', 'east', 'north', 'south']),
  }),
  /** 4.B: who fires first in the barrage phase. */
  barrageFirst: sideSchema.default('prussia'),
  formations: z.array(formationSchema).min(2),
  leaders: z.array(leaderSchema).min(2),
  units: z.array(unitSchema).min(2),
  activationBlock: activationBlockSchema.optional(),
  strategicTurns: strategicTurnsSchema.optional(),
  /** Absent: the historical set-up stands as given (Leuthen scenarios 1 and 2). */
  deployment: deploymentSchema.optional(),
  victory: victorySchema,
  provenance: tacticalProvenanceSchema,
  rationale: z.string().min(1),
  sources: z.array(z.string()).default([]),
});
export type ScenarioData = z.infer<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;

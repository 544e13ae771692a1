// The campaign bridge's factors (assets/tactical/bridge.json), validated with zod at load. The
// conversion logic (forces.ts, outcome.ts) reads every reconstructed number from here.
import { z } from 'zod';
import bridgeJson from '../../../assets/tactical/bridge.json' with { type: 'json' };
import { provenancedShape } from '../tables/provenance.js';

const share = z.number().min(0).max(1);
const armValues = z.object({ ma: z.number().int().min(1).max(12), morale: z.number().int().min(1).max(6) });

const nationalitySchema = z
  .object({
    shares: z.object({
      infantry: share,
      'light-infantry': share,
      cavalry: share,
      'light-cavalry': share,
    }),
    /** Every n-th battery of this nationality is heavy (1: all). */
    heavyBatteryEvery: z.number().int().min(1),
    values: z.object({
      infantry: armValues,
      'light-infantry': armValues,
      cavalry: armValues,
      'light-cavalry': armValues,
      artillery: armValues.extend({
        firePoints: z.number().int().min(1).max(4),
        heavyFirePoints: z.number().int().min(1).max(4),
      }),
    }),
    ...provenancedShape,
  })
  .refine((n) => Math.abs(Object.values(n.shares).reduce((a, b) => a + b, 0) - 1) < 1e-9, {
    message: 'arm shares must add up to 1',
  });

export const bridgeSchema = z.object({
  name: z.string(),
  ...provenancedShape,
  cpPerSp: z.object({ value: z.number().int().min(1).max(10), ...provenancedShape }),
  counters: z.object({
    infantryCp: z.number().int().min(1).max(3),
    cavalryCp: z.number().int().min(1).max(3),
    spPerBattery: z.number().int().min(1),
    minCp: z.number().int().min(1).max(3),
    parentArm: z.partialRecord(
      z.enum(['infantry', 'light-infantry', 'cavalry', 'light-cavalry']),
      z.enum(['infantry', 'light-infantry', 'cavalry', 'light-cavalry']),
    ),
    ...provenancedShape,
  }),
  nationalities: z.record(z.string(), nationalitySchema),
  formations: z.object({
    maxPerSide: z.number().int().min(2),
    maxCountersPerFormation: z.number().int().min(1),
    genericLeader: z.object({
      activation: z.number().int().min(0).max(6),
      commandRange: z.number().int().min(0),
    }),
    ...provenancedShape,
  }),
  leaders: z.object({
    activation: z.object({
      base: z.number().int(),
      perInitiative: z.number().int(),
      max: z.number().int().max(6),
    }),
    commanderRange: z.object({ base: z.number().int(), perInitiative: z.number().int() }),
    formationRange: z.object({ infantry: z.number().int().min(0), cavalry: z.number().int().min(0) }),
    attackerInitiativeBonus: z.number().int(),
    ...provenancedShape,
  }),
  demoralized: z.object({
    moraleModifier: z.number().int(),
    minMorale: z.number().int().min(1),
    ...provenancedShape,
  }),
  turns: z.object({
    base: z.number().int().min(1),
    cpPerExtraTurn: z.number().int().min(1),
    max: z.number().int().min(1).max(40),
    winterMinus: z.number().int().min(0),
    min: z.number().int().min(1),
    ...provenancedShape,
  }),
  withdrawal: z.object({ fraction: z.number().gt(0).max(1), ...provenancedShape }),
  outcome: z.object({
    capturedRoutedOfLoser: z.boolean(),
    rounding: z.literal('half-up'),
    /** Nightfall, neither side broke: a 9.0 lead (unrounded SP) below this is a draw. */
    drawMargin: z.number().min(0),
    ...provenancedShape,
  }),
  leaderFates: z.object({ killedMax: z.number().int().min(0).max(6), ...provenancedShape }),
  historicalFields: z.array(
    z.object({ hex: z.string().regex(/^\d{4}$/), map: z.string(), ...provenancedShape }),
  ),
});
export type BridgeData = z.infer<typeof bridgeSchema>;

export const bridgeData: BridgeData = bridgeSchema.parse(bridgeJson);

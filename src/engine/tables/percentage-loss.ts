// Percentage Loss Table (9.32, 9.33) expressed as a rule plus a rendering for players; see docs/tables.md.
import { z } from 'zod';
import lossJson from '../../../assets/tables/percentage-loss.json' with { type: 'json' };
import { provenanceSchema } from './provenance.js';

export const percentageLossSchema = z.object({
  name: z.string(),
  rule: z.string(),
  provenance: provenanceSchema,
  rationale: z.string().min(1),
  rounding: z.literal('nearest-half-up'),
  percentages: z.array(z.number().int().positive()),
  maxStrengthRendered: z.number().int().positive(),
  examples: z.array(
    z.object({
      percent: z.number().int(),
      strength: z.number().int(),
      loss: z.number().int(),
      provenance: provenanceSchema,
      rationale: z.string().min(1),
    }),
  ),
});

export type PercentageLossData = z.infer<typeof percentageLossSchema>;

export const percentageLossData: PercentageLossData = percentageLossSchema.parse(lossJson);

/**
 * 9.32: SP lost by a force of `strength` SP on a `percent` result; nearest whole SP, halves up.
 * Integer arithmetic so there is no floating-point drift (15% of 19 = 285/100 -> 3).
 */
export function percentageLoss(percent: number, strength: number): number {
  if (percent <= 0 || strength <= 0) return 0;
  return Math.floor((percent * strength * 2 + 100) / 200);
}

/** The table as printed for players: one row per strength, one column per percentage. */
export function renderPercentageLossTable(data: PercentageLossData = percentageLossData): string {
  const header = ['SP', ...data.percentages.map((p) => `${p}%`)].join('\t');
  const lines = [header];
  for (let sp = 1; sp <= data.maxStrengthRendered; sp++) {
    lines.push([String(sp), ...data.percentages.map((p) => String(percentageLoss(p, sp)))].join('\t'));
  }
  return lines.join('\n');
}

// Siege Resolution Table (13.2), reconstructed; see docs/tables.md.
import { z } from 'zod';
import siegeJson from '../../../assets/tables/siege.json' with { type: 'json' };
import { provenanceSchema } from './provenance.js';

export type SiegeResult = 'no-effect' | 'attacker-loss' | 'breach';

export const siegeTableSchema = z
  .object({
    name: z.string(),
    rule: z.string(),
    provenance: provenanceSchema,
    rationale: z.string().min(1),
    results: z.array(
      z.object({
        min: z.number().int().nullable(),
        max: z.number().int().nullable(),
        result: z.enum(['no-effect', 'attacker-loss', 'breach']),
      }),
    ),
    fortifiedCampModifier: z.number().int(),
    fortifiedCampProvenance: provenanceSchema,
    fortifiedCampRationale: z.string().min(1),
  })
  .superRefine((t, ctx) => {
    // Bands must cover every integer exactly once: open below, contiguous, open above.
    const r = t.results;
    if (r.length === 0 || r[0]!.min !== null || r[r.length - 1]!.max !== null)
      ctx.addIssue({ code: 'custom', message: 'siege bands must be open at both ends' });
    for (let i = 1; i < r.length; i++) {
      if (r[i - 1]!.max === null || r[i]!.min !== r[i - 1]!.max! + 1)
        ctx.addIssue({ code: 'custom', message: `siege band ${i} must start right after band ${i - 1}` });
    }
  });

export type SiegeTableData = z.infer<typeof siegeTableSchema>;

export const siegeTableData: SiegeTableData = siegeTableSchema.parse(siegeJson);

/** Looks up a modified siege roll (13.0: die minus garrison commander's Initiative, 1761 camp modifier). */
export function siegeResult(modifiedRoll: number, data: SiegeTableData = siegeTableData): SiegeResult {
  for (const band of data.results) {
    if ((band.min === null || modifiedRoll >= band.min) && (band.max === null || modifiedRoll <= band.max))
      return band.result;
  }
  return 'no-effect'; // unreachable with validated data
}

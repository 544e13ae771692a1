// Level of Victory Table (17.1), printed in the rulebook.
import { z } from 'zod';
import levelsJson from '../../../assets/tables/victory-levels.json' with { type: 'json' };
import { provenanceSchema } from './provenance.js';

export type VictoryLevel = 'draw' | 'marginal' | 'substantive' | 'decisive';

export const victoryLevelsSchema = z.object({
  name: z.string(),
  rule: z.string(),
  provenance: provenanceSchema,
  rationale: z.string().min(1),
  levels: z.array(
    z.object({
      min: z.number().int(),
      max: z.number().int().nullable(),
      level: z.enum(['draw', 'marginal', 'substantive', 'decisive']),
    }),
  ),
});

export type VictoryLevelsData = z.infer<typeof victoryLevelsSchema>;

export const victoryLevelsData: VictoryLevelsData = victoryLevelsSchema.parse(levelsJson);

/** 17.1: level for a positive net VP difference; a zero difference is a draw (17.0). */
export function victoryLevel(difference: number, data: VictoryLevelsData = victoryLevelsData): VictoryLevel {
  for (const band of data.levels) {
    if (difference >= band.min && (band.max === null || difference <= band.max)) return band.level;
  }
  return 'draw';
}

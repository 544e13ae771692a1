// Prisoner exchange schedules per scenario (14.11 and each scenario's special rules).
import { z } from 'zod';
import exchangeJson from '../../../assets/tables/prisoner-exchange.json' with { type: 'json' };
import { provenanceSchema } from './provenance.js';

const pairSchema = z.object({
  /** Nationalities whose captured SP/leaders the holder gives back... */
  released: z.array(z.string()).min(1),
  /** ...point for point against captured SP/leaders of these nationalities. */
  against: z.array(z.string()).min(1),
  /** 'even' = every even-numbered Game-Turn; 'end' = once, at the end of the game (1757 B). */
  turns: z.union([z.literal('even'), z.literal('end'), z.array(z.number().int().positive())]),
});

export type ExchangePair = z.infer<typeof pairSchema>;

export const prisonerExchangeSchema = z.object({
  name: z.string(),
  rule: z.string(),
  provenance: provenanceSchema,
  rationale: z.string().min(1),
  scenarios: z.record(z.string(), z.object({ pairs: z.array(pairSchema) })),
});

export type PrisonerExchangeData = z.infer<typeof prisonerExchangeSchema>;

export const prisonerExchangeData: PrisonerExchangeData = prisonerExchangeSchema.parse(exchangeJson);

/** The exchange pairs that apply on a Game-Turn (or at the game's end) of a scenario, in listed order. */
export function exchangePairsFor(
  scenario: string,
  when: number | 'end',
  data: PrisonerExchangeData = prisonerExchangeData,
): readonly ExchangePair[] {
  const s = data.scenarios[scenario];
  if (!s) return [];
  return s.pairs.filter((p) => {
    if (when === 'end') return p.turns === 'end';
    if (p.turns === 'end') return false;
    if (p.turns === 'even') return when % 2 === 0;
    return p.turns.includes(when);
  });
}

// Provenance of reconstructed Leuthen data (tables, ratings, leaders, scenarios). The Leuthen rules
// text lost its charts (docs/tactical-rulings.md), so every value that is not printed in it carries
// where it comes from, why it has this value, and its sources. Same shape as the strategic
// src/engine/tables/provenance.ts, with the finer origins the tactical reconstruction needs.
import { z } from 'zod';

/**
 * - rulebook: the Leuthen rules text states the value;
 * - rulebook-derived: forced by a constraint of the text (e.g. "d6 + morale <= 5" bounds morale);
 * - history: a cited historical fact;
 * - analogy: a relative effect taken from another game of the period (facts only, no text);
 * - reconstructed: a design choice, explained in the rationale.
 */
export const tacticalProvenanceSchema = z.enum([
  'rulebook',
  'rulebook-derived',
  'history',
  'analogy',
  'reconstructed',
]);
export type TacticalProvenance = z.infer<typeof tacticalProvenanceSchema>;

/** The provenance fields every reconstructed value (or table cell group) carries. */
export const provenancedShape = {
  provenance: tacticalProvenanceSchema,
  rationale: z.string().min(1, 'every value needs a rationale'),
  sources: z.array(z.string().min(1)).default([]),
};

export const provenancedSchema = z.object(provenancedShape);
export type Provenanced = z.infer<typeof provenancedSchema>;

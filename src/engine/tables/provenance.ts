import { z } from 'zod';

/** Where a piece of data comes from (docs/development.md). */
export const provenanceSchema = z.enum(['rulebook', 'rulebook example', 'erratum', 'reconstructed']);
export type Provenance = z.infer<typeof provenanceSchema>;

// Schemas of the ids every action uses (one home, shared by the core and the phase modules' actions).
import { z } from 'zod';

/** A strategic map hex id: four digits RRCC. */
export const hexId = z.string().regex(/^\d{4}$/, 'a hex id is four digits RRCC');
/** A leader id as in the scenario files. */
export const leaderId = z.string().min(1);

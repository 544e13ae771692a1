// Actions a seat may send in a battle (zod; JSON). Every action is one small step, so the legal
// action list is short and a refused action names the rule it breaks.
import { z } from 'zod';

const id = z.string().min(1).max(80);
const hex = z.string().regex(/^\d{4}$/, 'a hex id is four digits XXYY');

export const tacticalActionSchema = z.discriminatedUnion('type', [
  /** Finish this seat's part of the step (end of an activation, a barrage, a C-in-C's move). */
  z.object({ type: z.literal('done') }),
  /** The deadline passed (sent by the service): defaults are taken. */
  z.object({ type: z.literal('timeout'), seat: z.string().optional() }),
  /** 4.C / 5: activate one formation (two when the initiative roll doubled the opponent's). */
  z.object({ type: z.literal('activate'), formations: z.array(id).min(1).max(2) }),
  /** 4.C note: the initiative winner makes the opponent activate first (then activates one only). */
  z.object({ type: z.literal('yield-first') }),
  /** 7.1 / 7.3: move a unit one hex (into a front hex, or a withdrawal into a rear hex). */
  z.object({ type: z.literal('move'), unit: id, to: hex }),
  /** 7.2: turn a unit to a new facing vertex. */
  z.object({ type: z.literal('face'), unit: id, facing: z.number().int().min(0).max(5) }),
  /** Scenario 2: bring a unit onto the map at its entry hex. */
  z.object({ type: z.literal('enter'), unit: id, facing: z.number().int().min(0).max(5) }),
  /** 7.4 / 9: move a leader one hex. */
  z.object({ type: z.literal('move-leader'), leader: id, to: hex }),
  /** 10 / 11.1: fire at one enemy unit. */
  z.object({ type: z.literal('fire'), unit: id, target: id }),
  /** Ruling Breaching: a battery fires at a walled hex. */
  z.object({ type: z.literal('breach'), unit: id, hex }),
  /** 11.2: shock (one unit against several, or several against one). */
  z.object({
    type: z.literal('shock'),
    attackers: z.array(id).min(1).max(6),
    defenders: z.array(id).min(1).max(6),
  }),
  /**
   * Deployment (design 5.4, ruling "Deployment"): edit this side's secret draft. `template: 'auto'`
   * first resets it to the autopilot template; `placements` / `leaders` then move single counters
   * inside the zone; `commit: true` commits the result (as `done` does). Side seats only.
   */
  z.object({
    type: z.literal('deploy'),
    template: z.literal('auto').optional(),
    placements: z
      .array(z.object({ unit: id, hex, facing: z.number().int().min(0).max(5) }))
      .max(200)
      .optional(),
    leaders: z
      .array(z.object({ leader: id, hex }))
      .max(60)
      .optional(),
    commit: z.boolean().optional(),
  }),
  /** Issue 15: a standing answer to a kind of prompt (any time; `clear` removes it). */
  z.object({
    type: z.literal('standing-order'),
    kind: z.enum(['retreat', 'displace', 'advance', 'loss', 'reaction']),
    subject: id,
    policy: z.string().min(1).max(20),
  }),
  /** Answer the current prompt with one of its option values. */
  z.object({ type: z.literal('choose'), value: z.string().min(1).max(120) }),
]);

export type TacAction = z.infer<typeof tacticalActionSchema>;

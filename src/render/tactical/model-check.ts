// Shape check of a render model read from a file (`ftg battle render --model`): the first problem
// found, naming the field, or undefined.
import { z } from 'zod';

const hex = z.string().regex(/^\d{4}$/, 'expected a hex id XXYY');
const side = z.enum(['prussia', 'austria']);
const schema = z.object({
  title: z.string(),
  subtitle: z.string().optional(),
  formations: z.array(z.object({ id: z.string(), side, code: z.string().max(4), name: z.string() })),
  units: z.array(
    z.object({
      id: z.string(),
      side,
      formation: z.string(),
      arm: z.enum(['infantry', 'light-infantry', 'cavalry', 'light-cavalry', 'artillery']),
      hex,
      facing: z.number().int().min(0).max(5),
      strength: z.number().int().min(0).max(9),
      disorganized: z.boolean().optional(),
      routed: z.boolean().optional(),
    }),
  ),
  leaders: z.array(
    z.object({
      id: z.string(),
      side,
      name: z.string(),
      tag: z.string().max(3).optional(),
      hex,
      role: z.enum(['cinc', 'formation', 'reserve']),
      formation: z.string().optional(),
      activated: z.boolean().optional(),
      outOfCommand: z.boolean().optional(),
    }),
  ),
  commandRanges: z
    .array(z.object({ hex, radius: z.number().int().min(0).max(30), formation: z.string().optional(), side }))
    .optional(),
  linesOfFire: z.array(z.object({ from: hex, to: hex, blocked: z.boolean().optional() })).optional(),
  highlights: z.array(hex).optional(),
  breached: z.array(hex).optional(),
  waiting: z.array(z.object({ hex, side, count: z.number().int().min(1) })).optional(),
});

export function checkRenderModel(raw: unknown): string | undefined {
  const r = schema.safeParse(raw);
  if (r.success) return undefined;
  const i = r.error.issues[0]!;
  let path = '';
  for (const p of i.path) path += typeof p === 'number' ? `[${p}]` : path ? `.${String(p)}` : String(p);
  return `${path || '(root)'}: ${i.message}`;
}

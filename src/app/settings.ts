// Per-game service settings: deadlines per kind of step, reminder lead times, what happens when a
// deadline passes, and how often a snapshot is stored. Validated with zod when a game is created.
import { z } from 'zod';

const HOUR = 3_600_000;
const MINUTE = 60_000;

export const gameSettingsSchema = z.object({
  /** How long a step may stay open, by kind of step, in ms. */
  deadlineMs: z
    .object({
      phase: z
        .number()
        .int()
        .positive()
        .default(24 * HOUR),
      prompt: z
        .number()
        .int()
        .positive()
        .default(2 * HOUR),
    })
    .prefault({}),
  /** How long before the deadline the missing seats are reminded (0 = no reminder). */
  reminderBeforeMs: z
    .object({
      phase: z
        .number()
        .int()
        .nonnegative()
        .default(3 * HOUR),
      prompt: z
        .number()
        .int()
        .nonnegative()
        .default(30 * MINUTE),
    })
    .prefault({}),
  /** At the deadline: the autopilot finishes the step for missing seats, or the game waits. */
  timeoutPolicy: z.enum(['autopilot', 'wait']).default('autopilot'),
  /** Store a full snapshot every N accepted actions. */
  snapshotEvery: z.number().int().positive().default(50),
});

export type GameSettings = z.infer<typeof gameSettingsSchema>;
export type GameSettingsInput = z.input<typeof gameSettingsSchema>;

export function parseSettings(
  input: unknown,
): { ok: true; settings: GameSettings } | { ok: false; message: string } {
  const r = gameSettingsSchema.safeParse(input ?? {});
  if (r.success) return { ok: true, settings: r.data };
  return {
    ok: false,
    message: `Invalid game settings: ${r.error.issues.map((i) => `${i.path.join('.') || 'settings'} ${i.message}`).join('; ')}`,
  };
}

// Per-game service settings: deadlines per kind of step, reminder lead times, what happens when a
// deadline passes, and how often a snapshot is stored. Validated with zod when a game is created.
import { z } from 'zod';
import { type TacticalSettingsInput, tacticalSettingsProblem } from './tactical-settings.js';

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

/** What the bot shows beyond the rules (kept in the game's options under `bot`). */
export interface PresentationOptions {
  /** Post the public map after every move, not only after each phase. */
  moveMaps: boolean;
}

/**
 * A change of a game's settings, as `CampaignService.updateSettings` takes it. Every field is
 * optional; absent fields keep their value. New settings (e.g. campaign tactical battles) are added
 * here and in `changeSettings`.
 */
export interface SettingsChange {
  /** Deadline of a phase step, in hours (the prompt deadline is unchanged). */
  deadlineHours?: number;
  /** Live battles (issue 15): every step, activation or prompt, gets this many minutes. */
  deadlineMinutes?: number;
  timeoutPolicy?: 'autopilot' | 'wait';
  /** Presentation: post the public map after every move. */
  moveMaps?: boolean;
  /**
   * Issue #16: campaign battles on the tactical map (mode off|offer|always, minSp, maxTurns, the
   * autopilot's answer per seat), merged into options.tactical. Read when the campaign starts, so
   * the service takes it only before the start.
   */
  tactical?: TacticalSettingsInput;
}

export function presentationOf(optionsJson: string): PresentationOptions {
  const options = JSON.parse(optionsJson) as { bot?: Partial<PresentationOptions> };
  return { moveMaps: options.bot?.moveMaps === true };
}

/**
 * Applies a change to a game's stored settings and options (both JSON as stored), validated like
 * at creation. Pure: the caller writes the result.
 */
export function changeSettings(
  settingsJson: string,
  optionsJson: string,
  change: SettingsChange,
): { ok: true; settings: GameSettings; options: Record<string, unknown> } | { ok: false; message: string } {
  const current = JSON.parse(settingsJson) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...current };
  if (change.deadlineHours !== undefined) {
    const deadline = (current.deadlineMs ?? {}) as Record<string, unknown>;
    next.deadlineMs = { ...deadline, phase: Math.round(change.deadlineHours * HOUR) };
  }
  if (change.deadlineMinutes !== undefined) {
    const ms = Math.round(change.deadlineMinutes * MINUTE);
    next.deadlineMs = { phase: ms, prompt: ms };
    next.reminderBeforeMs = { phase: Math.floor(ms / 2), prompt: Math.floor(ms / 2) };
  }
  if (change.timeoutPolicy !== undefined) next.timeoutPolicy = change.timeoutPolicy;
  const parsed = parseSettings(next);
  if (!parsed.ok) return parsed;
  const options = JSON.parse(optionsJson) as Record<string, unknown>;
  if (change.moveMaps !== undefined) {
    options.bot = { ...((options.bot as object | undefined) ?? {}), moveMaps: change.moveMaps };
  }
  if (change.tactical !== undefined) {
    const prev = (options.tactical as Record<string, unknown> | undefined) ?? {};
    const merged: Record<string, unknown> = { ...prev, ...change.tactical };
    if (change.tactical.autopilot)
      merged.autopilot = { ...((prev.autopilot as object | undefined) ?? {}), ...change.tactical.autopilot };
    const problem = tacticalSettingsProblem(merged);
    if (problem) return { ok: false, message: problem };
    options.tactical = merged;
  }
  return { ok: true, settings: parsed.settings, options };
}

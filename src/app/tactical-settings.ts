// The campaign's tactical-battle setting (issue #16, design 5.1) as a game stores it: options.tactical,
// read by setup when the campaign starts (src/app/engine-adapter.ts). New campaigns get the
// defaults written in (CampaignService.createGame); games stored without one play every battle on
// the table, as they were recorded.
import { z } from 'zod';
import { NATIONALITIES, type TacticalSettings } from '../engine/index.js';

/** Design 5.1 defaults: offered, each side at least 6 SP, the bridge's own turn limit. */
export const DEFAULT_TACTICAL: TacticalSettings = { mode: 'offer', minSp: 6 };

export const tacticalSettingsSchema = z
  .object({
    mode: z.enum(['off', 'offer', 'always']).optional(),
    /** Each side needs at least this many SP in the hex. */
    minSp: z.number().int().min(1).max(60).optional(),
    /** The time budget: at most this many tactical game turns (the bridge's limit when lower). */
    maxTurns: z.number().int().min(1).max(30).optional(),
    /** How each seat answers "fight it out?" while the autopilot holds it (default accept). */
    autopilot: z.partialRecord(z.enum(NATIONALITIES), z.enum(['accept', 'decline'])).optional(),
  })
  .strict();

export type TacticalSettingsInput = z.input<typeof tacticalSettingsSchema>;

/** The setting a campaign starts with: the stored one over the defaults. */
export function tacticalSettingsOf(options: Record<string, unknown>): TacticalSettings | undefined {
  if (options.tactical === undefined) return undefined;
  const r = tacticalSettingsSchema.safeParse(options.tactical);
  if (!r.success) return undefined;
  const t = r.data;
  return {
    ...DEFAULT_TACTICAL,
    ...(t.mode ? { mode: t.mode } : {}),
    ...(t.minSp !== undefined ? { minSp: t.minSp } : {}),
    ...(t.maxTurns !== undefined ? { maxTurns: t.maxTurns } : {}),
    ...(t.autopilot ? { autopilot: t.autopilot } : {}),
  };
}

/** A readable reason when stored or proposed tactical settings are invalid, else undefined. */
export function tacticalSettingsProblem(value: unknown): string | undefined {
  const r = tacticalSettingsSchema.safeParse(value);
  if (r.success) return undefined;
  return `Invalid tactical settings: ${r.error.issues.map((i) => `tactical.${i.path.join('.') || '(all)'} ${i.message}`).join('; ')}`;
}

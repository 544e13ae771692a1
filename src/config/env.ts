// Environment, read once and validated with zod. Every problem is reported together so an
// operator fixes a deployment in one pass instead of one error per restart.
import { z } from 'zod';

const snowflake = z.string().regex(/^\d{17,20}$/, 'must be a Discord snowflake (17-20 digits)');
const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const envSchema = z.object({
  DISCORD_TOKEN: optionalText(
    z
      .string()
      .regex(
        /^[\w-]{20,}\.[\w-]{4,}\.[\w-]{20,}$/,
        'does not look like a bot token (three dot-separated parts)',
      ),
  ),
  DISCORD_APP_ID: optionalText(snowflake),
  DISCORD_GUILD_ID: optionalText(snowflake),
  DATABASE_PATH: z.string().min(1, 'must not be empty').default('./data/soldier-king.sqlite'),
  REDIS_URL: optionalText(
    z.string().refine((s) => /^rediss?:\/\/[^\s]+$/.test(s), 'must be a redis:// or rediss:// URL'),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Without REDIS_URL: how many job threads run the autopilot and deadlines (default 2, #19 item 4). */
  JOB_THREADS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(16, 'must be at most 16')
      .optional(),
  ),
});

export type Config = z.infer<typeof envSchema>;

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Validate an environment; never throws. */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) {
    const config = parsed.data;
    const problems: string[] = [];
    if (config.DISCORD_TOKEN && !config.DISCORD_APP_ID) {
      problems.push(
        'DISCORD_APP_ID: required when DISCORD_TOKEN is set (the application id, from the Developer Portal)',
      );
    }
    return problems.length ? { ok: false, problems } : { ok: true, config };
  }
  // Name the variable and the reason, never the value: a malformed token must not be echoed.
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  return { ok: false, problems };
}

export function formatProblems(problems: string[]): string {
  return ['Configuration error; fix these environment variables:', ...problems.map((p) => `  - ${p}`)].join(
    '\n',
  );
}

export const CONFIG_EXIT_CODE = 2;

let cached: Config | undefined;

/**
 * The process-wide configuration, read from process.env the first time. On a bad value it
 * prints one message listing every problem and exits with code 2.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  if (cached) return cached;
  const result = parseConfig(env);
  if (!result.ok) {
    process.stderr.write(`${formatProblems(result.problems)}\n`);
    process.exit(CONFIG_EXIT_CODE);
  }
  cached = result.config;
  return cached;
}

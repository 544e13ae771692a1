// Structured logging with pino. Secrets are redacted by path (any depth we are likely to log
// them at) and, as a second line of defence, the configured token string itself is masked
// wherever it appears in a log line.
import pino, { type DestinationStream, type Logger } from 'pino';

export const REDACT_PATHS = [
  'token',
  'DISCORD_TOKEN',
  '*.token',
  '*.DISCORD_TOKEN',
  'config.DISCORD_TOKEN',
  'headers.authorization',
  'req.headers.authorization',
  '*.headers.authorization',
  'authorization',
];

export interface LoggerOptions {
  level?: string;
  /** Secrets to mask anywhere in the serialised line (e.g. the bot token). */
  secrets?: (string | undefined)[];
  destination?: DestinationStream;
}

function maskingStream(dest: DestinationStream, secrets: string[]): DestinationStream {
  if (secrets.length === 0) return dest;
  return {
    write(line: string) {
      let out = line;
      for (const s of secrets) out = out.split(s).join('[Redacted]');
      return dest.write(out);
    },
  };
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length >= 8);
  const dest = maskingStream(options.destination ?? pino.destination(2), secrets);
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
      base: { app: 'soldier-king' },
    },
    dest,
  );
}

let root: Logger | undefined;

/** The process logger; call `initLogger` once at start-up to apply the configured level. */
export function logger(): Logger {
  root ??= createLogger({ level: process.env.LOG_LEVEL ?? 'info', secrets: [process.env.DISCORD_TOKEN] });
  return root;
}

export function initLogger(options: LoggerOptions): Logger {
  root = createLogger(options);
  return root;
}

// Option parsing shared by the `ftg` subcommands: node's parseArgs, plus the usage text on a bad
// option (exit 2) and on --help (exit 0), so every command answers both the same way.
import { type ParseArgsConfig, parseArgs } from 'node:util';

export type ParsedArgs<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

export function parseCommandArgs<T extends ParseArgsConfig>(
  command: string,
  help: string,
  config: T,
): ({ ok: true } & ParsedArgs<T>) | { ok: false; exit: number } {
  let parsed: ParsedArgs<T>;
  try {
    parsed = parseArgs(config);
  } catch (e) {
    console.error(`ftg ${command}: ${(e as Error).message}\n${help}`);
    return { ok: false, exit: 2 };
  }
  if ((parsed.values as { help?: unknown }).help) {
    console.log(help);
    return { ok: false, exit: 0 };
  }
  return { ok: true, ...parsed };
}

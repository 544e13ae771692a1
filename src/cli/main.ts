// The `ftg` command line. Each subcommand lives in src/cli/commands/<name>.ts and exports
// `summary` (one line for the help text) and `run(args)` returning an exit code. Loading them
// lazily keeps `ftg --help` fast and lets each command own its heavy imports (canvas, sqlite).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clip } from '../app/result.js';

export interface Command {
  summary: string;
  run(args: string[]): Promise<number>;
}

const commandsDir = join(dirname(fileURLToPath(import.meta.url)), 'commands');

export function commandNames(): string[] {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

export async function loadCommand(name: string): Promise<Command | undefined> {
  if (!/^[a-z][a-z0-9-]*$/.test(name) || !commandNames().includes(name)) return undefined;
  return (await import(`./commands/${name}.ts`)) as Command;
}

async function printHelp(out: (s: string) => void): Promise<void> {
  out('Usage: ftg <command> [options]\n\nCommands:');
  for (const name of commandNames()) {
    const cmd = await loadCommand(name);
    out(`  ${name.padEnd(10)} ${cmd?.summary ?? ''}`);
  }
  out('\nRun `ftg <command> --help` for the options of one command.');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    await printHelp((s) => console.log(s));
    return name ? 0 : 2;
  }
  const cmd = await loadCommand(name);
  if (!cmd) {
    console.error(`ftg: unknown command "${clip(name)}". Known commands: ${commandNames().join(', ')}`);
    return 2;
  }
  try {
    return await cmd.run(rest);
  } catch (e) {
    // Bad input that a command did not catch itself still ends in one clear line, not a stack
    // (FTG_DEBUG=1 prints the stack for a developer).
    const message = e instanceof Error ? e.message : String(e);
    console.error(`ftg ${name}: ${clip(message.split('\n')[0], 300)}`);
    if (process.env.FTG_DEBUG && e instanceof Error && e.stack) console.error(e.stack);
    return 1;
  }
}

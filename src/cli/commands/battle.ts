// `ftg battle <sub>`: the Leuthen 1757 tactical battle tools. Each subcommand lives in
// src/cli/battle/<sub>.ts and exports `summary` and `run(args)` (the same shape as the top-level
// commands), loaded lazily so one subcommand's heavy imports (canvas) do not slow the others.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '../main.js';

export const summary = 'Tactical battles (Leuthen 1757): `battle map check|render`, `battle render`, ...';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'battle');

export function battleSubcommands(): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

async function load(name: string): Promise<Command | undefined> {
  if (!/^[a-z][a-z0-9-]*$/.test(name) || !battleSubcommands().includes(name)) return undefined;
  return (await import(`../battle/${name}.ts`)) as Command;
}

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (!sub || sub === '--help' || sub === '-h' || sub === 'help') {
    const out = sub ? console.log : console.error;
    out('Usage: ftg battle <subcommand> [options]\n\nSubcommands:');
    for (const name of battleSubcommands()) out(`  ${name.padEnd(8)} ${(await load(name))?.summary ?? ''}`);
    out('\nRun `ftg battle <subcommand> --help` for its options.');
    return sub ? 0 : 2;
  }
  const cmd = await load(sub);
  if (!cmd) {
    console.error(`ftg battle: unknown subcommand "${sub}". Known: ${battleSubcommands().join(', ')}`);
    return 2;
  }
  return cmd.run(rest);
}

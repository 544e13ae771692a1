// `ftg commands deploy [--guild <id>]` (npm run commands:deploy): registers the slash commands,
// globally or in one guild for development (guild commands update instantly). `ftg commands list`
// prints the definitions as JSON.
import { parseArgs } from 'node:util';
import { REST, Routes } from 'discord.js';
import { commandDefinitions } from '../../bot/commands/index.js';
import { formatProblems, parseConfig } from '../../config/env.js';

export const summary = 'Register the slash commands with Discord (deploy [--guild id]) or print them (list)';

export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { guild: { type: 'string' }, api: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const sub = positionals[0];
  if (values.help || !sub) {
    console.log('Usage: ftg commands deploy [--guild <id>] | ftg commands list');
    return values.help ? 0 : 2;
  }
  const body = commandDefinitions();
  if (sub === 'list') {
    console.log(JSON.stringify(body, null, 2));
    return 0;
  }
  if (sub !== 'deploy') {
    console.error(`ftg commands: unknown subcommand "${sub}" (deploy or list)`);
    return 2;
  }
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(formatProblems(parsed.problems));
    return 2;
  }
  const { DISCORD_TOKEN, DISCORD_APP_ID, DISCORD_GUILD_ID } = parsed.config;
  if (!DISCORD_TOKEN || !DISCORD_APP_ID) {
    console.error('ftg commands deploy: set DISCORD_TOKEN and DISCORD_APP_ID.');
    return 2;
  }
  const guild = values.guild ?? DISCORD_GUILD_ID;
  if (guild !== undefined && !/^\d{17,20}$/.test(guild)) {
    console.error(`ftg commands deploy: --guild must be a server id (17-20 digits), not "${guild}".`);
    return 2;
  }
  const rest = new REST(values.api ? { api: values.api } : {}).setToken(DISCORD_TOKEN);
  const route = guild
    ? Routes.applicationGuildCommands(DISCORD_APP_ID, guild)
    : Routes.applicationCommands(DISCORD_APP_ID);
  try {
    const result = (await rest.put(route, { body })) as unknown[];
    console.log(
      `Registered ${result.length} commands ${guild ? `in guild ${guild}` : 'globally (may take up to an hour to appear)'}.`,
    );
    return 0;
  } catch (e) {
    console.error(`ftg commands deploy: Discord refused the commands: ${(e as Error).message}`);
    return 1;
  }
}

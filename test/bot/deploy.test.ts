// `ftg commands deploy` against the stand-in's REST API: guild and global registration, and the
// clear errors for missing credentials or a bad guild id.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/commands/commands.js';
import { DiscordStandin } from '../discord-standin/index.js';

let standin: DiscordStandin;
/** Shaped like a real bot token (the config check wants three dot-separated parts). */
const TOKEN = 'MTEzNzQ2NTE3MDQ4NzQ2NTE3.GaBcDe.abcdefghijklmnopqrstuvwxyz0123';
const saved = { ...process.env };

beforeAll(async () => {
  standin = await DiscordStandin.start({ log: () => {}, token: TOKEN });
});
afterAll(async () => {
  process.env = saved;
  await standin.close();
});

function env(extra: Record<string, string>) {
  const next: NodeJS.ProcessEnv = { ...saved, ...extra };
  for (const k of ['DISCORD_TOKEN', 'DISCORD_APP_ID', 'DISCORD_GUILD_ID']) if (!(k in extra)) delete next[k];
  process.env = next;
}

describe('ftg commands deploy', () => {
  it('registers every command in one guild, then globally', async () => {
    env({ DISCORD_TOKEN: standin.token, DISCORD_APP_ID: standin.applicationId });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run(['deploy', '--guild', standin.guildId, '--api', standin.apiUrl])).toBe(0);
    expect(standin.commands(standin.guildId).map((c) => c.name)).toContain('march');
    expect(await run(['deploy', '--api', standin.apiUrl])).toBe(0);
    expect(standin.commands().length).toBe(17);
    expect(log.mock.calls.flat().join('\n')).toMatch(/Registered 17 commands globally/);
    log.mockRestore();
  });

  it('refuses without credentials, with a bad guild id, and with an unknown subcommand', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    env({});
    expect(await run(['deploy', '--api', standin.apiUrl])).toBe(2);
    env({ DISCORD_TOKEN: standin.token, DISCORD_APP_ID: standin.applicationId });
    expect(await run(['deploy', '--guild', 'abc', '--api', standin.apiUrl])).toBe(2);
    expect(await run(['frobnicate'])).toBe(2);
    expect(err.mock.calls.flat().join('\n')).toMatch(/--guild must be a server id/);
    err.mockRestore();
  });
});

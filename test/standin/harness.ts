import { Client, type ClientOptions, GatewayIntentBits } from 'discord.js';
import { DiscordStandin, type StandinOptions } from '../discord-standin/index.js';

export interface Harness {
  standin: DiscordStandin;
  client: Client;
  logs: string[];
  close(): Promise<void>;
}

/** Default world for these tests: two players, one with DMs closed, an umpire-only channel. */
export const WORLD: StandinOptions = {
  roles: [{ name: 'Umpire' }],
  channels: [{ name: 'general' }, { name: 'war-room', restrictedTo: ['Umpire'] }],
  users: [
    { username: 'frederick', roles: ['Umpire'] },
    { username: 'maria', dmsClosed: true },
    { username: 'outsider', inGuild: false },
  ],
};

/** Starts a stand-in and a bare discord.js Client logged in to it, ready. */
export async function startHarness(
  options: StandinOptions = {},
  clientOptions: Partial<ClientOptions> = {},
): Promise<Harness> {
  const logs: string[] = [];
  const standin = await DiscordStandin.start({ ...WORLD, log: (line) => logs.push(line), ...options });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages],
    ...standin.clientOptions(),
    ...clientOptions,
  });
  const ready = new Promise<void>((resolve) => client.once('clientReady', () => resolve()));
  await client.login(standin.token);
  await ready;
  return {
    standin,
    client,
    logs,
    async close() {
      await client.destroy();
      await standin.close();
    },
  };
}

// Builds the discord.js client, the campaign runtime and the bot's dependencies, and wires the
// interaction router and the Discord publisher together.
import { ChannelType, Client, type ClientOptions, GatewayIntentBits } from 'discord.js';
import { DbBattleThreadStore } from '../app/battle-threads.js';
import type { Clock } from '../app/clock.js';
import { CampaignDirectory } from '../app/directory.js';
import type { RulesEngine } from '../app/engine-port.js';
import { type Runtime, type RuntimeOptions, startRuntime } from '../app/runtime.js';
import { createRecords } from '../app/standings/index.js';
import { type BattlePictures, inlineBattlePictures } from './battle/pictures.js';
import { BattleThreads } from './battle/threads.js';
import type { NameBook } from './names.js';
import { PreviewStore } from './previews.js';
import { DiscordPublisher } from './publisher.js';
import { createRouter } from './router.js';
import type { RuleBook } from './rules.js';
import { Settlements } from './settlement.js';
import type { BotDeps, MapRenderer } from './types.js';

export interface BotOptions {
  db: RuntimeOptions['db'];
  engine: RulesEngine<unknown>;
  clock: Clock;
  names: NameBook;
  rules: RuleBook;
  render?: MapRenderer;
  /** Battle pictures (issue 15); by default drawn in this thread (the CLI passes the picture thread's). */
  battlePictures?: BattlePictures;
  redis?: RuntimeOptions['redis'];
  /** Without Redis: run the autopilot and deadlines in a worker thread (RuntimeOptions.jobThread). */
  jobThread?: RuntimeOptions['jobThread'];
  clientOptions?: Partial<ClientOptions>;
  log?: (msg: string, data?: Record<string, unknown>) => void;
}

export interface Bot {
  client: Client;
  runtime: Runtime;
  deps: BotDeps;
  publisher: DiscordPublisher;
  login(token: string): Promise<void>;
  close(): Promise<void>;
}

export async function createBot(o: BotOptions): Promise<Bot> {
  const log = o.log ?? (() => {});
  const client = new Client({ intents: [GatewayIntentBits.Guilds], ...o.clientOptions });
  let deps: BotDeps | undefined;
  const publisher = new DiscordPublisher(client, () => deps as BotDeps, log);
  const ready = new Promise<void>((resolve) => client.once('clientReady', () => resolve()));
  publisher.waitFor(ready);
  const runtime = await startRuntime({
    db: o.db,
    engine: o.engine,
    clock: o.clock,
    publisher,
    redis: o.redis,
    ...(o.jobThread && !o.redis ? { jobThread: o.jobThread } : {}),
    log,
  });
  const directory = new CampaignDirectory(o.db);
  deps = {
    service: runtime.service,
    directory,
    names: o.names,
    previews: new PreviewStore(() => o.clock.now()),
    rules: o.rules,
    settlements: new Settlements(),
    records: createRecords(o.db, o.engine, () => o.clock.now()),
    render: o.render,
    battlePictures: o.battlePictures ?? inlineBattlePictures,
    now: () => o.clock.now(),
    takeNotices: (userId) => publisher.takeNotices(userId),
    battleThreads: new BattleThreads(new DbBattleThreadStore(o.db, () => o.clock.now())),
    async openThread(channelId, name) {
      const channel = await client.channels.fetch(channelId).catch(() => null);
      if (channel?.type !== ChannelType.GuildText) return null;
      const thread = await channel.threads
        .create({ name: name.slice(0, 100), type: ChannelType.PublicThread })
        .catch(() => null);
      return thread?.id ?? null;
    },
    async afterCommit(gameId) {
      const game = directory.game(gameId);
      if (!game || !directory.botOptions(game).moveMaps) return;
      const v = runtime.service.view({ gameId, seat: 'public', userId: '' });
      if (v.ok) await publisher.postPublicMap(gameId, game.channelId, v.view, 'After the last move');
    },
  };
  client.on('interactionCreate', createRouter(deps, log));
  client.on('error', (e) => log('discord client error', { error: String(e) }));
  return {
    client,
    runtime,
    deps,
    publisher,
    async login(token: string) {
      await client.login(token);
      await ready;
    },
    async close() {
      await client.destroy();
      await runtime.close();
    },
  };
}

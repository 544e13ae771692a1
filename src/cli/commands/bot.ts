// `ftg bot` (what `npm start` runs when DISCORD_TOKEN is set): the Discord bot. Opens the
// database, binds the rules engine (src/app/engine-adapter.ts, or --engine FILE), the map renderer
// and the campaign runtime, logs in and serves interactions until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { systemClock } from '../../app/clock.js';
import { loadEngine } from '../../app/engine-loader.js';
import { loadNames, loadRules } from '../../bot/assets.js';
import { createBot } from '../../bot/client.js';
import { createMapRenderer, createThreadedMapRenderer, warmMapRenderer } from '../../bot/map-renderer.js';
import { formatProblems, parseConfig } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import { openDatabase } from '../../db/client.js';

export const summary = 'Run the Discord bot (needs DISCORD_TOKEN and DISCORD_APP_ID)';

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      help: { type: 'boolean' },
      engine: { type: 'string' },
      'no-maps': { type: 'boolean' },
      api: { type: 'string' },
    },
    allowPositionals: false,
    strict: true,
  });
  if (values.help) {
    console.log(
      'Usage: ftg bot [--engine FILE] [--no-maps] [--api URL (a Discord stand-in)]\nEnvironment: DISCORD_TOKEN, DISCORD_APP_ID, DATABASE_PATH, REDIS_URL, JOB_THREADS, LOG_LEVEL.',
    );
    return 0;
  }
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(formatProblems(parsed.problems));
    return 2;
  }
  const { config } = parsed;
  if (!config.DISCORD_TOKEN) {
    console.error('ftg bot: set DISCORD_TOKEN (see README, "Creating the Discord application").');
    return 2;
  }
  const log = createLogger({ level: config.LOG_LEVEL, secrets: [config.DISCORD_TOKEN] });
  const engine = await loadEngine(values.engine);
  if (!engine.ok) {
    console.error(`ftg bot: ${engine.message}`);
    return 1;
  }
  const handle = openDatabase(config.DATABASE_PATH);
  // Pictures are drawn in a worker thread (#19.1); should it not start, in this thread.
  const threaded = values['no-maps']
    ? undefined
    : await createThreadedMapRenderer().catch((e: Error) => {
        log.warn({ error: e.message }, 'picture thread unavailable; drawing in the main thread');
        return undefined;
      });
  const render = values['no-maps'] ? undefined : (threaded ?? createMapRenderer());
  if (render) {
    // Build the base layers before the first interaction needs a picture (#19.1).
    const e = engine.engine;
    const warm = await Promise.resolve()
      .then(() => warmMapRenderer(render, e.view(e.setup('1757', 1, {}), 'public')))
      .catch((err: Error) => ({ error: err.message }));
    log.info(warm, 'map renderer warmed up');
  }
  const bot = await createBot({
    db: handle.db,
    engine: engine.engine,
    clock: systemClock,
    names: loadNames(),
    rules: loadRules(),
    render,
    ...(threaded ? { battlePictures: threaded.battle } : {}),
    redis: config.REDIS_URL ? { url: config.REDIS_URL, workers: true } : undefined,
    // Single process: the autopilot and deadlines run in worker threads (#19.1, JOB_THREADS).
    ...(config.DATABASE_PATH === ':memory:'
      ? {}
      : {
          jobThread: {
            dbPath: config.DATABASE_PATH,
            ...(config.JOB_THREADS ? { threads: config.JOB_THREADS } : {}),
            ...(values.engine ? { engineModule: values.engine as string } : {}),
          },
        }),
    log: (msg, data) => log.info(data ?? {}, msg),
    ...(values.api ? { clientOptions: { rest: { api: values.api } } } : {}),
  });
  try {
    await bot.login(config.DISCORD_TOKEN);
  } catch (e) {
    console.error(`ftg bot: could not log in to Discord: ${(e as Error).message}`);
    await bot.close();
    await threaded?.close();
    handle.close();
    return 1;
  }
  log.info({ user: bot.client.user?.tag }, 'bot ready');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await bot.close();
  await threaded?.close();
  handle.close();
  return 0;
}

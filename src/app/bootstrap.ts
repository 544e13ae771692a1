// Start the campaign service from the process configuration: the database at DATABASE_PATH
// (migrated on open), bullmq when REDIS_URL is set (with workers in this process too unless told
// otherwise), the embedded in-process queue when it is not.
import { type Config, loadConfig, logger } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { type Clock, systemClock } from './clock.js';
import type { RulesEngine } from './engine-port.js';
import type { Publisher } from './publisher.js';
import { type Runtime, startRuntime } from './runtime.js';

export interface BootstrapOptions {
  engine: RulesEngine<unknown>;
  publisher: Publisher;
  config?: Config;
  clock?: Clock;
  /** Run bullmq workers in this process as well (default true); ignored without Redis. */
  runWorkers?: boolean;
}

export async function startFromConfig(o: BootstrapOptions): Promise<Runtime> {
  const config = o.config ?? loadConfig();
  const log = logger();
  const handle = openDatabase(config.DATABASE_PATH);
  const runtime = await startRuntime({
    db: handle.db,
    engine: o.engine,
    clock: o.clock ?? systemClock,
    publisher: o.publisher,
    ...(config.REDIS_URL ? { redis: { url: config.REDIS_URL, workers: o.runWorkers !== false } } : {}),
    log: (msg, data) => log.warn(data ?? {}, msg),
  });
  log.info(
    { queue: config.REDIS_URL ? 'bullmq' : 'in-process', db: config.DATABASE_PATH },
    'campaign service started',
  );
  return {
    ...runtime,
    close: async () => {
      await runtime.close();
      handle.close();
    },
  };
}

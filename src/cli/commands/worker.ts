// `ftg worker`: run the queue workers (resolve step, deadline, publish) against Redis, as a
// separate process; start as many as you like on any machine that reaches the database and Redis.
import type { Publisher } from '../../app/publisher.js';
import type { JobKind } from '../../queue/jobs.js';
import { parseCommandArgs } from '../options.js';

export const summary = 'Run queue workers (step resolution, deadlines, publishing) on Redis';

const HELP = `Usage: ftg worker [--db FILE] [--redis URL] [--kinds resolve,deadline,publish] [--concurrency N]
                  [--prefix P] [--engine MODULE] [--publisher none|log]

  --kinds      job kinds to run (default resolve,deadline; publish needs a publisher)
  --publisher  'log' writes messages to the log instead of Discord (default none: publish jobs
               are left for a process that has the Discord publisher, i.e. the bot)`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('worker', HELP, {
    args,
    options: {
      db: { type: 'string' },
      redis: { type: 'string' },
      kinds: { type: 'string' },
      concurrency: { type: 'string' },
      prefix: { type: 'string' },
      engine: { type: 'string' },
      publisher: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const values: Record<string, string | boolean | undefined> = parsed.values;
  const { loadConfig, logger } = await import('../../config/index.js');
  const config = values.db && values.redis ? undefined : loadConfig();
  const dbPath = (values.db as string | undefined) ?? config!.DATABASE_PATH;
  const url = (values.redis as string | undefined) ?? config?.REDIS_URL;
  if (!url) {
    console.error(
      'ftg worker: REDIS_URL (or --redis) is required; without Redis the bot runs jobs in-process',
    );
    return 2;
  }
  const publisherKind = (values.publisher as string | undefined) ?? 'none';
  if (publisherKind !== 'none' && publisherKind !== 'log') {
    console.error(`ftg worker: --publisher must be none or log, not "${publisherKind}"`);
    return 2;
  }
  const { JOB_KINDS } = await import('../../queue/jobs.js');
  const kinds = (
    (values.kinds as string | undefined) ??
    (publisherKind === 'none' ? 'resolve,deadline' : 'resolve,deadline,publish')
  )
    .split(',')
    .map((k) => k.trim()) as JobKind[];
  const unknown = kinds.filter((k) => !JOB_KINDS.includes(k));
  if (unknown.length) {
    console.error(`ftg worker: unknown job kind(s) ${unknown.join(', ')}; known: ${JOB_KINDS.join(', ')}`);
    return 2;
  }
  if (kinds.includes('publish') && publisherKind === 'none') {
    console.error(
      'ftg worker: the publish kind needs --publisher log (the Discord publisher runs in the bot)',
    );
    return 2;
  }
  const concurrency = Number((values.concurrency as string | undefined) ?? '1');
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    console.error('ftg worker: --concurrency must be a whole number >= 1');
    return 2;
  }
  const { loadEngine } = await import('../../app/engine-loader.js');
  const loaded = await loadEngine(values.engine as string | undefined);
  if (!loaded.ok) {
    console.error(`ftg worker: ${loaded.message}`);
    return 2;
  }
  const log = logger();
  const { openDatabase } = await import('../../db/client.js');
  const { systemClock } = await import('../../app/clock.js');
  const { createProcessors } = await import('../../app/step-resolver.js');
  const { reconcile } = await import('../../app/reconcile.js');
  const { BullJobQueue, startWorkers } = await import('../../queue/bullmq.js');
  const prefix = values.prefix as string | undefined;
  const handle = openDatabase(dbPath);
  const onError = (msg: string, data: Record<string, unknown>) => log.warn(data, msg);
  const queue = new BullJobQueue({ url, prefix, onError });
  const publisher: Publisher = {
    async publish(m) {
      log.info({ key: m.key, topic: m.topic, target: m.target }, 'publish');
      return { messageId: null };
    },
  };
  const handler = createProcessors({
    db: handle.db,
    engine: loaded.engine,
    clock: systemClock,
    queue,
    publisher,
    log: (msg, data) => log.warn(data ?? {}, msg),
  });
  const group = startWorkers({
    url,
    prefix,
    handler,
    concurrency,
    kinds,
    onFailed: (job, error) => log.error({ job, err: error.message }, 'job failed'),
    onError,
  });
  const reconciled = await reconcile(handle.db, queue, systemClock.now());
  log.info({ kinds, concurrency, ...reconciled }, 'worker started');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log.info('worker stopping');
  await group.close();
  await queue.close();
  handle.close();
  // With Redis unreachable the closes give up after a while, but bullmq's connections may still
  // hold the event loop: a stopped worker exits anyway (the database is closed, nothing is lost).
  setTimeout(() => {
    log.warn('worker: Redis connections did not close; exiting');
    process.exit(0);
  }, 1000).unref();
  return 0;
}

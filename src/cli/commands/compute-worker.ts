// `ftg compute-worker`: answer compute jobs (autopilot decisions, map pictures) from Redis alone.
// It needs no database and no Discord token: every job carries the state or view it works on, and
// the single writer commits the answer (issue 19.5; docs/architecture.md "Scale-out").
import { parseCommandArgs } from '../options.js';

export const summary = 'Answer compute jobs (autopilot decisions, pictures) with only Redis';

const HELP = `Usage: ftg compute-worker [--redis URL] [--concurrency N] [--prefix P] [--name NAME]

  Needs only Redis (REDIS_URL or --redis): no database, no Discord token. Start as many as the
  machines have cores; each answers jobs from the shared compute queue.`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('compute-worker', HELP, {
    args,
    options: {
      redis: { type: 'string' },
      concurrency: { type: 'string' },
      prefix: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const values: Record<string, string | boolean | undefined> = parsed.values;
  const url = (values.redis as string | undefined) ?? process.env.REDIS_URL;
  if (!url) {
    console.error('ftg compute-worker: REDIS_URL (or --redis) is required');
    return 2;
  }
  const concurrency = Number((values.concurrency as string | undefined) ?? '1');
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    console.error('ftg compute-worker: --concurrency must be a whole number >= 1');
    return 2;
  }
  const { logger } = await import('../../config/logger.js');
  const { startComputeWorker } = await import('../../queue/compute.js');
  const { createComputeHandler } = await import('../compute-handler.js');
  const log = logger();
  const name = (values.name as string | undefined) ?? `compute-${process.pid}`;
  const w = startComputeWorker({
    url,
    prefix: values.prefix as string | undefined,
    concurrency,
    handler: createComputeHandler(name),
    onError: (msg, data) => log.warn(data, msg),
  });
  await w.worker.waitUntilReady();
  log.info({ name, concurrency }, 'compute worker started');
  // A line on stdout too, so a parent process (tests, scripts) knows it is listening.
  console.log(`compute worker ${name} ready`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await w.close();
  return 0;
}

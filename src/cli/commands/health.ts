// `ftg health`: the container healthcheck. Exit 0 when the configuration is valid, the SQLite
// database can be opened, and Redis (when configured) answers a PING within two seconds.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatProblems, parseConfig } from '../../config/env.js';

export const summary = 'Check configuration, database and Redis (container healthcheck)';

export async function run(_args: string[]): Promise<number> {
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(formatProblems(parsed.problems));
    return 2;
  }
  const { DATABASE_PATH, REDIS_URL } = parsed.config;
  try {
    const { default: Database } = await import('better-sqlite3');
    if (!existsSync(dirname(DATABASE_PATH))) mkdirSync(dirname(DATABASE_PATH), { recursive: true });
    const db = new Database(DATABASE_PATH);
    db.prepare('select 1').get();
    db.close();
  } catch (e) {
    console.error(`database: cannot open ${DATABASE_PATH}: ${(e as Error).message}`);
    return 1;
  }
  if (REDIS_URL) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    let lastError = '';
    redis.on('error', (e: Error) => {
      lastError = e.message;
    });
    try {
      await redis.connect();
      await redis.ping();
    } catch (e) {
      console.error(`redis: no answer from the configured REDIS_URL: ${lastError || (e as Error).message}`);
      return 1;
    } finally {
      redis.disconnect();
    }
  }
  console.log('healthy');
  return 0;
}

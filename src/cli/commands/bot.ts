// `ftg bot` (what `npm start` runs when DISCORD_TOKEN is set): the Discord bot. Opens the
// database, binds the rules engine, the renderer (when present) and the campaign runtime, logs in
// and serves interactions until SIGINT/SIGTERM.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { systemClock } from '../../app/clock.js';
import type { RulesEngine } from '../../app/engine-port.js';
import { createBot } from '../../bot/client.js';
import { displayLeaderName, type LeaderName, NameBook, type PlaceData } from '../../bot/names.js';
import { RuleBook } from '../../bot/rules.js';
import type { MapRenderer } from '../../bot/types.js';
import { formatProblems, parseConfig } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import { openDatabase } from '../../db/client.js';

export const summary = 'Run the Discord bot (needs DISCORD_TOKEN and DISCORD_APP_ID)';

const root = new URL('../../../', import.meta.url);

function readJson(rel: string): unknown {
  return JSON.parse(readFileSync(new URL(rel, root), 'utf8'));
}

/** Place names from the map sources, leader names from the bundled scenarios. */
export function loadNames(): NameBook {
  let places: PlaceData = {};
  try {
    places = readJson('assets/map/src/places.json') as PlaceData;
  } catch {
    places = {};
  }
  const leaders = new Map<string, LeaderName>();
  for (const year of ['1756', '1757', '1758', '1759', '1760', '1761', '1762']) {
    try {
      const s = readJson(`scenarios/${year}.json`) as {
        setup?: Array<{ nationality: string; leaders?: Array<{ id: string }> }>;
      };
      for (const stack of s.setup ?? []) {
        for (const l of stack.leaders ?? []) {
          leaders.set(l.id, { id: l.id, name: displayLeaderName(l.id), nationality: stack.nationality });
        }
      }
    } catch {
      // A scenario file not written yet: its leaders come from the views instead.
    }
  }
  return new NameBook(places, [...leaders.values()]);
}

export function loadRules(): RuleBook {
  return new RuleBook(readJson('assets/rules/summaries.json'));
}

/** The real engine binding (src/app/engine-adapter.ts), loaded lazily so the bot builds without it. */
export async function loadEngine(): Promise<RulesEngine<unknown> | undefined> {
  const path = '../../app/engine-adapter.js';
  try {
    const mod = (await import(path)) as Record<string, unknown>;
    for (const key of [
      'createEngineAdapter',
      'engineAdapter',
      'createRulesEngine',
      'rulesEngine',
      'default',
    ]) {
      const v = mod[key];
      if (typeof v === 'function') return (v as () => RulesEngine<unknown>)();
      if (v && typeof v === 'object' && 'apply' in v) return v as RulesEngine<unknown>;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** The renderer (src/render), when it exists: a view and options in, a PNG out. */
export async function loadRenderer(): Promise<MapRenderer | undefined> {
  const path = '../../render/index.js';
  try {
    const mod = (await import(path)) as Record<string, unknown>;
    for (const key of ['renderViewPng', 'renderView', 'renderMap']) {
      const fn = mod[key];
      if (typeof fn === 'function') {
        return async (view, options) => {
          const out = await (fn as (v: unknown, o: unknown) => unknown)(view, options);
          return Buffer.isBuffer(out) ? out : null;
        };
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { help: { type: 'boolean' } },
    allowPositionals: false,
    strict: true,
  });
  if (values.help) {
    console.log(
      'Usage: ftg bot\nEnvironment: DISCORD_TOKEN, DISCORD_APP_ID, DATABASE_PATH, REDIS_URL, LOG_LEVEL.',
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
  const engine = await loadEngine();
  if (!engine) {
    console.error(
      'ftg bot: the rules engine binding (src/app/engine-adapter.ts) is not available in this build.',
    );
    return 1;
  }
  const handle = openDatabase(config.DATABASE_PATH);
  const bot = await createBot({
    db: handle.db,
    engine,
    clock: systemClock,
    names: loadNames(),
    rules: loadRules(),
    render: await loadRenderer(),
    redis: config.REDIS_URL ? { url: config.REDIS_URL, workers: true } : undefined,
    log: (msg, data) => log.info(data ?? {}, msg),
  });
  await bot.login(config.DISCORD_TOKEN);
  log.info({ user: bot.client.user?.tag }, 'bot ready');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await bot.close();
  handle.close();
  return 0;
}

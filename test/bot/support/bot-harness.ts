// Starts the stand-in Discord, the real bot (discord.js client, router, publisher, campaign
// runtime on a temp SQLite file with the embedded queue and a manual clock) and registers the
// commands, with three players: frederick (Prussia + Hanover), maria (Austria + Empire) and
// elizabeth (France + Russia + Sweden), a server manager (umpire) and a spare player (newcomer).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { ManualClock } from '../../../src/app/clock.js';
import type { RulesEngine } from '../../../src/app/engine-port.js';
import { loadRules } from '../../../src/bot/assets.js';
import type { BattlePictures } from '../../../src/bot/battle/pictures.js';
import { type Bot, createBot } from '../../../src/bot/client.js';
import { commandDefinitions } from '../../../src/bot/commands/index.js';
import { NameBook } from '../../../src/bot/names.js';
import type { MapRenderer } from '../../../src/bot/types.js';
import { type DbHandle, openDatabase } from '../../../src/db/client.js';
import type { GameState } from '../../../src/engine/types.js';
import { DiscordStandin, type RecordedMessage } from '../../discord-standin/index.js';
import { toyEngine } from './toy-engine.js';

export const PLACES = {
  fortresses: [
    { hex: '1730', name: 'Dresden' },
    { hex: '1623', name: 'Magdeburg' },
    { hex: '2217', name: 'Berlin' },
  ],
  towns: [
    { hex: '1728', name: 'Torgau' },
    { hex: '1731', name: 'Pirna' },
  ],
};

export interface BotHarness {
  standin: DiscordStandin;
  bot: Bot;
  clock: ManualClock;
  handle: DbHandle;
  logs: string[];
  /** Let the embedded queue run everything due (publishing included). */
  settle(): Promise<void>;
  /**
   * Stop the bot (client and runtime) and start a new one on the same database, as after a crash.
   * `reopen`: close the SQLite connection and open the file again (a new process would). `whileDown`
   * runs while nothing is running (e.g. the clock moves past a deadline).
   */
  restart(o?: { reopen?: boolean; whileDown?: () => void | Promise<void> }): Promise<void>;
  /** Advance the campaign clock (deadlines, reminders) and settle. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startBotHarness(
  o: {
    engine?: RulesEngine<unknown>;
    dmsClosed?: string[];
    render?: MapRenderer;
    names?: NameBook;
    battlePictures?: BattlePictures;
  } = {},
): Promise<BotHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'ftg-bot-'));
  const dbPath = join(dir, 'bot.sqlite');
  let handle = openDatabase(dbPath);
  const clock = new ManualClock(Date.UTC(2026, 4, 1));
  const logs: string[] = [];
  const closed = new Set(o.dmsClosed ?? []);
  const standin = await DiscordStandin.start({
    log: (l) => logs.push(l),
    roles: [{ name: 'Umpire', permissions: PermissionFlagsBits.ManageGuild }],
    channels: [{ name: 'war' }, { name: 'other' }],
    users: ['frederick', 'maria', 'elizabeth', 'umpire', 'newcomer'].map((username) => ({
      username,
      dmsClosed: closed.has(username),
      roles: username === 'umpire' ? ['Umpire'] : [],
    })),
  });
  const makeBot = async () => {
    const b = await createBot({
      db: handle.db,
      engine: o.engine ?? (toyEngine() as RulesEngine<unknown>),
      clock,
      names: o.names ?? new NameBook(PLACES),
      rules: loadRules(),
      render: o.render,
      ...(o.battlePictures ? { battlePictures: o.battlePictures } : {}),
      clientOptions: standin.clientOptions(),
      log: (msg, data) => logs.push(`${msg} ${JSON.stringify(data ?? {})}`),
    });
    await b.login(standin.token);
    return b;
  };
  const bot = await makeBot();
  await bot.client.application?.commands.set(commandDefinitions() as never);
  const h: BotHarness = {
    standin,
    bot,
    clock,
    handle,
    logs,
    async settle() {
      for (let i = 0; i < 20; i++) {
        await h.bot.runtime.embedded?.idle();
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async advance(ms: number) {
      clock.advance(ms);
      await h.settle();
    },
    async restart(r = {}) {
      await h.bot.close();
      if (r.reopen) {
        handle.close();
        handle = openDatabase(dbPath);
        h.handle = handle;
      }
      await r.whileDown?.();
      h.bot = await makeBot();
      await h.settle();
    },
    async close() {
      await h.bot.close();
      await standin.close();
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}

/** Everything a message shows as text: content, embeds, button labels, attachment descriptions. */
export function textOf(m: RecordedMessage): string {
  const parts = [m.content];
  for (const e of m.embeds) {
    parts.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '');
    for (const f of e.fields ?? []) parts.push(f.name, f.value);
  }
  const walk = (cs: unknown[]) => {
    for (const c of cs) {
      if (typeof c !== 'object' || c === null) continue;
      const r = c as { label?: string; components?: unknown[] };
      if (r.label) parts.push(r.label);
      if (r.components) walk(r.components);
    }
  };
  walk(m.components);
  for (const a of m.attachments) parts.push(a.description ?? '', a.filename);
  return parts.join('\n');
}

/** Custom ids of the buttons on a message. */
export function buttonsOf(m: RecordedMessage): Array<{ id: string; label: string }> {
  const out: Array<{ id: string; label: string }> = [];
  const walk = (cs: unknown[]) => {
    for (const c of cs) {
      if (typeof c !== 'object' || c === null) continue;
      const r = c as { custom_id?: string; label?: string; components?: unknown[] };
      if (r.custom_id) out.push({ id: r.custom_id, label: r.label ?? '' });
      if (r.components) walk(r.components);
    }
  };
  walk(m.components);
  return out;
}

/**
 * Edits the stored engine state of the harness's only game in place (the version is kept), to
 * prepare a situation quickly, as an umpire's repair would. Typed as the real engine's state.
 */
export function editEngineState(h: BotHarness, f: (s: GameState) => void): void {
  const row = h.handle.sqlite.prepare('select state from games').get() as { state: string };
  const s = JSON.parse(row.state) as GameState;
  f(s);
  h.handle.sqlite.prepare('update games set state = ?').run(JSON.stringify(s));
}

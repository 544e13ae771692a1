// Issue 15 (`npm run bench -- battle`): interaction acknowledgement with 20 Leuthen battles running.
// The real bot (discord.js client, router, publisher) against the Discord stand-in, the real engine,
// the autopilot in the job thread (as `ftg bot` without Redis), the real battle pictures drawn in the
// picture thread and posted to each battle's thread. In each battle one scripted human holds Prussia
// (the side and all its formations) and the autopilot plays Austria. The human looks every 300 ms,
// thinks 200-1200 ms, then acts through Discord: an order by slash command (a previewed move, face,
// fire or shock) and its Confirm button, a decision button from the thread (activate, a prompt's
// option, Done), now and then `/battle map` or `/battle status`.
// Measured in this process: acknowledgement = from the interaction's dispatch by the stand-in to
// the bot's first callback (reply or deferral) recorded by the stand-in; event-loop delay
// (perf_hooks.monitorEventLoopDelay). The stand-in (HTTP and gateway), and the humans' bookkeeping
// run on the same event loop as the bot, so the figures are, if anything, pessimistic.
// BENCH_BATTLES (default 20), BENCH_SECONDS (default 60).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { systemClock } from '../src/app/clock.js';
import type { Action } from '../src/app/engine-port.js';
import { engine } from '../src/app/engines.js';
import { loadRules } from '../src/bot/assets.js';
import { createBot } from '../src/bot/client.js';
import { commandDefinitions } from '../src/bot/commands/index.js';
import { decodeComponentId, stepTag } from '../src/bot/custom-id.js';
import { createThreadedMapRenderer } from '../src/bot/map-renderer.js';
import { NameBook } from '../src/bot/names.js';
import { actionKey } from '../src/bot/orders.js';
import { openDatabase } from '../src/db/client.js';
import type { TacView } from '../src/tactical/view.js';
import { DiscordStandin, type RecordedMessage } from '../test/discord-standin/index.js';
import type { InteractionHandle } from '../test/discord-standin/interaction-handle.js';

const BATTLES = Number(process.env.BENCH_BATTLES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TARGET_P99_MS = 300;

function q(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : Number.NaN;
}
const ms = (x: number) => `${Math.round(x)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

const dir = mkdtempSync(join(tmpdir(), 'ftg-battle-bench-'));
const dbPath = join(dir, 'bench.sqlite');
const handle = openDatabase(dbPath);
const users = Array.from({ length: BATTLES }, (_, i) => `player${i}`);
const standin = await DiscordStandin.start({
  log: () => {},
  channels: [{ name: 'war' }],
  users: users.map((username) => ({ username })),
  rateLimitPerWindow: 10_000,
});
const pictures = await createThreadedMapRenderer();
const bot = await createBot({
  db: handle.db,
  engine,
  clock: systemClock,
  names: new NameBook({ fortresses: [], towns: [] }),
  rules: loadRules(),
  render: pictures,
  battlePictures: pictures.battle,
  jobThread: { dbPath },
  clientOptions: standin.clientOptions(),
});
await bot.login(standin.token);
await bot.client.application?.commands.set(commandDefinitions() as never);
const service = bot.runtime.service;

const acks: Record<string, number[]> = { preview: [], confirm: [], button: [], map: [], status: [] };
let timeouts = 0;
/** Waits for the acknowledgement of an interaction and records how long it took. */
async function timed(kind: string, h: InteractionHandle): Promise<boolean> {
  const t0 = performance.now();
  try {
    await h.acknowledged({ timeoutMs: 10_000 });
    acks[kind]!.push(performance.now() - t0);
    return true;
  } catch {
    timeouts++;
    acks[kind]!.push(10_000);
    return false;
  }
}
const reply = (h: InteractionHandle) => h.reply({ timeoutMs: 20_000 }).catch(() => null);

// Set-up: each player opens a battle in #war (its own thread), takes Prussia and starts it.
const threads: string[] = [];
for (const [i, user] of users.entries()) {
  const u = standin.user(user);
  await reply(u.slash('battle', { channel: 'war', sub: 'create', options: { scenario: 'leuthen-1' } }));
  const game = handle.sqlite
    .prepare("select id, channel_id from games where kind = 'battle' and created_by = ?")
    .get(standin.userId(user)) as { id: string; channel_id: string };
  handle.sqlite.prepare('update games set seed = ? where id = ?').run(i + 1, game.id);
  threads.push(game.channel_id);
  await reply(u.slash('battle', { channel: game.channel_id, sub: 'join', options: { seat: 'prussia' } }));
  await reply(u.slash('battle', { channel: game.channel_id, sub: 'start' }));
}
const gameOf = (i: number) =>
  handle.sqlite.prepare('select id from games where channel_id = ?').get(threads[i]) as { id: string };
// Warm the picture thread (base layers) before measuring.
const first = service.view({ gameId: gameOf(0).id, seat: 'public', userId: '' });
if (first.ok) await pictures.battle(first.view as TacView, { title: 'warm-up' });

let rng = 12345;
const rand = () => {
  rng = (rng * 1103515245 + 12345) % 2 ** 31;
  return rng / 2 ** 31;
};
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;

/** The latest thread message whose buttons are for this user's current step. */
function stepButtons(thread: string, userId: string, stepId: string): RecordedMessage | undefined {
  const tag = stepTag(stepId);
  const ms = standin.messagesIn(thread);
  for (let k = ms.length - 1; k >= 0; k--) {
    const m = ms[k]!;
    const c = (m.components[0] as { components?: { custom_id?: string }[] } | undefined)?.components?.[0];
    const d = c?.custom_id ? decodeComponentId(c.custom_id) : undefined;
    if (d?.ok && d.id.step === tag && d.id.userId === userId) return m;
  }
  return undefined;
}
const buttonIds = (m: RecordedMessage) =>
  m.components.flatMap((r) =>
    ((r as { components?: { custom_id?: string }[] }).components ?? []).map((c) => c.custom_id ?? ''),
  );

const startedLoad = loadavg()[0]!;
const elu = monitorEventLoopDelay({ resolution: 10 });
elu.enable();
const versionsAt = () =>
  (handle.sqlite.prepare("select sum(version) as v from games where kind = 'battle'").get() as { v: number })
    .v;
const v0 = versionsAt();
const pictures0 = standin.attachments().length;
const started = Date.now();
const end = started + SECONDS * 1000;

async function human(i: number): Promise<void> {
  const user = users[i]!;
  const u = standin.user(user);
  const userId = standin.userId(user);
  const thread = threads[i]!;
  const gameId = gameOf(i).id;
  let acts = 0;
  // The humans are not the bot: like a player they wait for a thread message naming them (their
  // turn, a prompt), or go on after their own order, and only then ask for their decision, so their
  // bookkeeping weighs little on the shared event loop.
  let scanned = 0;
  let look = true;
  while (Date.now() < end) {
    await sleep(300);
    const ms = standin.messagesIn(thread);
    for (; scanned < ms.length; scanned++) if (ms[scanned]!.content.includes(`<@${userId}>`)) look = true;
    if (!look) continue;
    const p = service.pending({ gameId, userId });
    const d = p.ok ? p.decisions[0] : undefined;
    look = !!d;
    if (!d) continue;
    await sleep(200 + rand() * 1000);
    if (Date.now() >= end) break;
    acts++;
    if (acts % 12 === 0) {
      const h = u.slash('battle', { channel: thread, sub: acts % 24 === 0 ? 'status' : 'map' });
      if (await timed(acts % 24 === 0 ? 'status' : 'map', h)) await reply(h);
    }
    const legal = d.legalActions as Action[];
    const orders = legal.filter(
      (a) =>
        ['move', 'face', 'fire'].includes(a.type) ||
        (a.type === 'shock' &&
          (a.attackers as string[]).length === 1 &&
          (a.defenders as string[]).length === 1),
    );
    const done = legal.find((a) => a.type === 'done');
    const msg = stepButtons(thread, userId, d.stepId);
    if (orders.length && !(done && rand() < 0.3)) {
      const a = pick(orders);
      const options: Record<string, string | number> =
        a.type === 'move'
          ? { unit: String(a.unit), path: String(a.to) }
          : a.type === 'face'
            ? { unit: String(a.unit), facing: Number(a.facing) }
            : a.type === 'fire'
              ? { unit: String(a.unit), target: String(a.target) }
              : { unit: (a.attackers as string[])[0]!, target: (a.defenders as string[])[0]! };
      const h = u.slash('battle', { channel: thread, sub: a.type, options });
      if (!(await timed('preview', h))) continue;
      const preview = await reply(h);
      const ok = preview && buttonIds(preview).find((id) => id.startsWith('ftg2:ok:') || id.includes(':ok:'));
      if (!preview || !ok) continue;
      const c = u.click(preview.id, ok);
      if (await timed('confirm', c)) await reply(c);
      continue;
    }
    const choice = done && (!msg || rand() < 0.5) ? done : pick(legal);
    const button = msg && buttonIds(msg).find((id) => id.endsWith(`:${actionKey(choice)}`));
    if (msg && button) {
      const c = u.click(msg.id, button);
      if (await timed('button', c)) await reply(c);
    } else {
      await service.submit({ gameId, seat: d.seat, userId, action: choice });
    }
  }
}
await Promise.all(users.map((_, i) => human(i)));
elu.disable();
const seconds = (Date.now() - started) / 1000;
const all = Object.values(acks).flat();
const p99 = q(all, 0.99);
console.log(
  `battle acknowledgement bench: ${BATTLES} Leuthen battles (one scripted human + the autopilot each; real engine, job thread, picture thread; Discord stand-in in this process), ${seconds.toFixed(0)} s`,
);
console.log(
  `  interaction acknowledgement (all): n=${all.length} p50 ${ms(q(all, 0.5))} p99 ${ms(p99)} max ${ms(Math.max(...all))}; target p99 < ${TARGET_P99_MS} ms ${p99 < TARGET_P99_MS ? 'OK' : 'SLOW'}${timeouts ? ` (${timeouts} not acknowledged within 10 s)` : ''}`,
);
for (const [kind, xs] of Object.entries(acks))
  if (xs.length)
    console.log(
      `    ${kind}: n=${xs.length} p50 ${ms(q(xs, 0.5))} p99 ${ms(q(xs, 0.99))} max ${ms(Math.max(...xs))}`,
    );
console.log(
  `  event-loop delay: p50 ${ms(elu.percentile(50) / 1e6)} p99 ${ms(elu.percentile(99) / 1e6)} max ${ms(elu.max / 1e6)}`,
);
const battleTurns = handle.sqlite
  .prepare("select state from games where kind = 'battle'")
  .all()
  .map((r) => (JSON.parse((r as { state: string }).state) as { turn: number }).turn);
console.log(
  `  throughput: ${((versionsAt() - v0) / seconds).toFixed(1)} actions/s committed, ${((standin.attachments().length - pictures0) / seconds).toFixed(2)} battle pictures/s posted; turns reached ${Math.min(...battleTurns)}-${Math.max(...battleTurns)}`,
);
console.log(
  `  machine: ${availableParallelism()} cores, load average ${startedLoad.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
);
await bot.close();
await pictures.close();
await standin.close();
handle.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);

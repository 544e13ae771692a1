// Issue 15 step 1: the service hosts a Leuthen battle as a game of kind 'battle' (the tactical
// engine), with the same action log, outbox, deadlines and replay as a campaign; `ftg replay
// --verify` rebuilds it from a real SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/app/clock.js';
import { engine } from '../../src/app/engines.js';
import { MemoryPublisher } from '../../src/app/publisher.js';
import { type Runtime, startRuntime } from '../../src/app/runtime.js';
import { run as runReplay } from '../../src/cli/commands/replay.js';
import { type DbHandle, openDatabase } from '../../src/db/client.js';
import { actionLog, getGame, getSeats } from '../../src/db/game-repository.js';
import type { TacState } from '../../src/tactical/state.js';
import { until } from '../queue/support.js';

let dir: string;
let dbPath: string;
let handle: DbHandle;
let rt: Runtime | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-battle-'));
  dbPath = join(dir, 'b.sqlite');
  handle = openDatabase(dbPath);
});
afterEach(async () => {
  await rt?.close();
  rt = undefined;
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a leuthen-1 battle is a game of kind battle: seats per side and formation, log, replay --verify', async () => {
  const publisher = new MemoryPublisher();
  rt = await startRuntime({ db: handle.db, engine, clock: systemClock, publisher });
  const c = rt.service.createGame({
    guildId: 'g',
    channelId: 'c',
    userId: 'u1',
    scenario: 'leuthen-1',
    seed: 7,
  });
  if (!c.ok) throw new Error(c.error.message);
  expect(c.kind).toBe('battle');
  expect(getGame(handle.db, c.gameId)!.kind).toBe('battle');
  expect(c.seats.slice(0, 2)).toEqual(['prussia', 'austria']);
  expect(c.seats.some((s) => s.startsWith('austria:'))).toBe(true);
  expect(c.seats.some((s) => s.startsWith('prussia:'))).toBe(true);
  // A campaign scenario still makes a campaign; an unknown one is refused with a clear message.
  const camp = rt.service.createGame({
    guildId: 'g',
    channelId: 'c2',
    userId: 'u1',
    scenario: '1757',
    seed: 1,
  });
  expect(camp.ok && camp.kind).toBe('campaign');
  const bad = rt.service.createGame({ guildId: 'g', channelId: 'c3', userId: 'u1', scenario: 'leuthen-9' });
  expect(bad.ok).toBe(false);

  expect(rt.service.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' }).ok).toBe(true);
  expect((await rt.service.start({ gameId: c.gameId, userId: 'u1' })).ok).toBe(true);
  // The unheld seats (Austria, every formation) went to the autopilot.
  expect(getSeats(handle.db, c.gameId).filter((s) => s.autopilot > 0).length).toBe(c.seats.length - 1);

  // The human plays the Prussian side decisions; the autopilot plays the rest in queue jobs.
  let played = 0;
  await until(
    () => {
      const g = getGame(handle.db, c.gameId)!;
      return g.resolvedVersion === g.version;
    },
    20_000,
    'the first resolve',
  );
  for (let i = 0; i < 400; i++) {
    const g = getGame(handle.db, c.gameId)!;
    const state = JSON.parse(g.state!) as TacState;
    if (state.turn >= 2 || g.status !== 'active') break;
    const p = rt.service.pending({ gameId: c.gameId, userId: 'u1' });
    if (!p.ok) throw new Error(p.error.message);
    const d = p.decisions[0];
    if (!d) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const action = d.legalActions.find((a) => a.type !== 'done') ?? d.legalActions[0]!;
    const r = await rt.service.submit({
      gameId: c.gameId,
      seat: d.seat,
      userId: 'u1',
      action,
      requestId: `r${i}`,
      expectedVersion: p.version,
    });
    if (r.ok) played++;
  }
  const g = getGame(handle.db, c.gameId)!;
  expect(played).toBeGreaterThan(0);
  expect((JSON.parse(g.state!) as TacState).turn).toBeGreaterThanOrEqual(2);
  const log = actionLog(handle.db, c.gameId);
  expect(log.some((a) => a.actor === 'player')).toBe(true);
  expect(log.some((a) => a.actor === 'autopilot' && a.seat.startsWith('austria'))).toBe(true);
  // The outbox carried updates for the battle.
  await until(() => publisher.sent.length > 0, 10_000, 'an update');

  await rt.close();
  rt = undefined;
  const out: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((m: string) => void out.push(m));
  try {
    expect(await runReplay(['--db', dbPath, '--game', c.gameId, '--verify'])).toBe(0);
  } finally {
    spy.mockRestore();
  }
  expect(out.join('\n')).toContain('verified: replay matches the stored state');
}, 90_000);

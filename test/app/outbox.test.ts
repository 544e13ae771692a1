// #17.2: what must be published is kept in a SQLite outbox written with the state change, so an
// update whose queued job is lost (the process dies mid-publish, the in-process queue goes with it)
// is still published after a restart, and only once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { MemoryPublisher, type OutboundMessage, type Publisher } from '../../src/app/publisher.js';
import { DELIVERED_RETENTION_MS } from '../../src/app/reconcile.js';
import { type Runtime, startRuntime } from '../../src/app/runtime.js';
import { type DbHandle, openDatabase } from '../../src/db/client.js';
import { recordPublished, wasPublished } from '../../src/db/deadline-repository.js';
import { getGame } from '../../src/db/game-repository.js';
import {
  addToOutbox,
  getOutboxRow,
  markOutboxSent,
  pruneDelivered,
  unsentOutbox,
} from '../../src/db/outbox-repository.js';
import { countingEngine } from './support/counting-engine.js';

let dir: string;
let handle: DbHandle;
const engine = countingEngine() as RulesEngine<unknown>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-outbox-'));
  handle = openDatabase(join(dir, 'g.sqlite'));
});
afterEach(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A publisher that never answers: the process "dies" while posting. */
class HangingPublisher implements Publisher {
  calls: OutboundMessage[] = [];
  publish(message: OutboundMessage): Promise<{ messageId: string | null }> {
    this.calls.push(message);
    return new Promise(() => {});
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((r) => setImmediate(r));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

async function startGame(r: Runtime): Promise<string> {
  const c = r.service.createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: 'duel', seed: 1 });
  if (!c.ok) throw new Error(c.error.message);
  r.service.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' });
  const s = await r.service.start({ gameId: c.gameId, userId: 'u1' });
  if (!s.ok) throw new Error(s.error.message);
  return c.gameId;
}

describe('outbox (#17.2)', () => {
  it('an update whose publish job died with the in-process queue is published after the restart, once', async () => {
    const clock = new ManualClock(1_000_000);
    const hanging = new HangingPublisher();
    // The first process: resolves the step, starts posting, and is gone (its queue with it).
    const first = await startRuntime({ db: handle.db, engine, clock, publisher: hanging });
    const id = await startGame(first);
    await until(() => hanging.calls.length > 0, 'the first publish attempt');
    expect(getGame(handle.db, id)!.resolvedVersion).toBe(0);
    expect(unsentOutbox(handle.db).map((r) => r.key)).toEqual([`${id}.0.update`]);
    // The second process starts on the same database with a fresh queue.
    const publisher = new MemoryPublisher();
    const second = await startRuntime({ db: handle.db, engine, clock, publisher });
    await until(() => publisher.sent.length > 0, 'the re-published update');
    await second.embedded!.idle();
    expect(publisher.sent.map((m) => m.key)).toEqual([`${id}.0.update.channel`, `${id}.0.update.dm.prussia`]);
    expect(unsentOutbox(handle.db)).toEqual([]);
    await second.close();
    // A third start finds nothing left to send.
    const third = await startRuntime({ db: handle.db, engine, clock, publisher });
    await third.embedded!.idle();
    expect(publisher.sent).toHaveLength(2);
    await third.close();
  });

  it('a reminder claimed before the crash is still sent after the restart', async () => {
    const clock = new ManualClock(1_000_000);
    const publisher = new MemoryPublisher();
    const settings = { deadlineMs: { phase: 3_600_000 }, reminderBeforeMs: { phase: 1_800_000 } };
    const first = await startRuntime({ db: handle.db, engine, clock, publisher });
    const c = first.service.createGame({
      guildId: 'g',
      channelId: 'c',
      userId: 'u1',
      scenario: 'duel',
      seed: 1,
      settings,
    });
    if (!c.ok) throw new Error(c.error.message);
    first.service.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' });
    await first.service.start({ gameId: c.gameId, userId: 'u1' });
    await until(() => publisher.sent.length === 2, 'the first update');
    await first.embedded!.idle();
    // From now on posting hangs: the reminder is claimed, its publish never completes.
    const hanging = new HangingPublisher();
    publisher.publish = (m) => hanging.publish(m);
    clock.advance(1_800_000);
    await until(() => hanging.calls.length > 0, 'the reminder publish attempt');
    expect(hanging.calls.map((m) => m.topic)).toEqual(['reminder']);
    const after = new MemoryPublisher();
    const second = await startRuntime({ db: handle.db, engine, clock, publisher: after });
    await until(() => after.sent.length > 0, 'the re-published reminder');
    expect(after.sent.map((m) => m.key)).toEqual([`${c.gameId}.0.reminder.dm.prussia`]);
    await second.close();
  });

  it('start-up prunes delivered rows past the retention, keeps recent ones and the ledger of unsent updates', async () => {
    const day = 24 * 3_600_000;
    const clock = new ManualClock(100 * day);
    const publisher = new MemoryPublisher();
    const first = await startRuntime({ db: handle.db, engine, clock, publisher });
    const id = await startGame(first);
    await until(() => publisher.sent.length === 2, 'the first update');
    await first.embedded!.idle();
    await first.close();
    const old = 100 * day;
    // An old update delivered long ago, an old one still unsent (its ledger row must stay), a recent one.
    addToOutbox(handle.db, { gameId: id, version: 1, topic: 'update' }, old);
    markOutboxSent(handle.db, `${id}.1.update`, old);
    recordPublished(handle.db, {
      key: `${id}.1.update.channel`,
      gameId: id,
      version: 1,
      target: 'channel:c',
      messageId: 'm1',
      at: old,
    });
    addToOutbox(handle.db, { gameId: id, version: 2, topic: 'update' }, old);
    recordPublished(handle.db, {
      key: `${id}.2.update.channel`,
      gameId: id,
      version: 2,
      target: 'channel:c',
      messageId: 'm2',
      at: old,
    });
    clock.advance(DELIVERED_RETENTION_MS + day);
    const second = await startRuntime({ db: handle.db, engine, clock, publisher });
    await second.embedded!.idle();
    await second.close();
    expect(getOutboxRow(handle.db, `${id}.1.update`)).toBeUndefined();
    expect(wasPublished(handle.db, `${id}.1.update.channel`)).toBe(false);
    // Version 2 was unsent at start-up: re-published, its channel message not posted twice.
    expect(publisher.sent.filter((m) => m.key === `${id}.2.update.channel`)).toHaveLength(0);
    expect(wasPublished(handle.db, `${id}.2.update.channel`)).toBe(true);
    // A prune with nothing old enough deletes nothing.
    expect(pruneDelivered(handle.db, 0)).toEqual({ outbox: 0, published: 0 });
  });
});

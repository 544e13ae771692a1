// #19.1: nothing slow on the interaction path. `submit` and `setAutopilot` only validate, commit
// and enqueue: the follow-up (the autopilot's moves, publishing) runs later, as a job, and the
// autopilot works in slices so other work gets the event loop in between.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { MemoryPublisher } from '../../src/app/publisher.js';
import { createProcessors } from '../../src/app/step-resolver.js';
import { actionLog, getGame } from '../../src/db/game-repository.js';
import type { Job } from '../../src/queue/jobs.js';
import { countingEngine } from './support/counting-engine.js';
import { type Harness, makeHarness } from './support/harness.js';

let h: Harness;
let autopilotAsked = 0;
beforeEach(async () => {
  autopilotAsked = 0;
  h = await makeHarness({ onAutopilot: () => void autopilotAsked++ });
});
afterEach(async () => {
  await h.cleanup();
});
const svc = () => h.runtime.service;

/** duel: prussia (u1) is human, austria is left to the autopilot. */
async function duel(rounds = 2): Promise<string> {
  const c = svc().createGame({
    guildId: 'g',
    channelId: 'c',
    userId: 'u1',
    scenario: 'duel',
    seed: 1,
    options: { rounds },
  });
  if (!c.ok) throw new Error(c.error.message);
  svc().joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' });
  await svc().start({ gameId: c.gameId, userId: 'u1' });
  await h.settle();
  return c.gameId;
}

describe('the interaction path (#19.1)', () => {
  it('a step-ending submit returns before the autopilot job runs; the job runs afterwards', async () => {
    const id = await duel();
    const r = await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    expect(r.ok).toBe(true);
    // Returned: only the player's own action is committed, the autopilot was not even asked.
    expect(autopilotAsked).toBe(0);
    expect(actionLog(h.handle.db, id).map((a) => a.actor)).toEqual(['player']);
    await h.settle();
    expect(autopilotAsked).toBeGreaterThan(0);
    expect(actionLog(h.handle.db, id).map((a) => a.actor)).toEqual(['player', 'autopilot', 'autopilot']);
  });

  it('handing a pending seat to the autopilot returns at once; the job plays it', async () => {
    const id = await duel();
    const r = await svc().setAutopilot({ gameId: id, seat: 'prussia', level: 2, byUserId: 'u1' });
    expect(r.ok).toBe(true);
    expect(autopilotAsked).toBe(0);
    expect(actionLog(h.handle.db, id)).toEqual([]);
    await h.settle();
    expect(getGame(h.handle.db, id)!.status).toBe('over');
  });

  it('the autopilot works in slices: one job applies at most the slice, a follow-up job does the rest', async () => {
    const id = await duel(1);
    await svc().submit({ gameId: id, seat: 'prussia', userId: 'u1', action: { type: 'done' } });
    // Run the processors by hand, one job at a time, with a one-action slice.
    const queued: Job[] = [];
    const handler = createProcessors({
      db: h.handle.db,
      engine: countingEngine() as RulesEngine<unknown>,
      clock: new ManualClock(2_000_000),
      queue: { enqueue: async (j) => void queued.push(j), close: async () => {} },
      publisher: new MemoryPublisher(),
      autopilotSlice: { ms: Number.POSITIVE_INFINITY, actions: 1 },
    });
    await handler({ kind: 'resolve', gameId: id, version: 1 });
    expect(actionLog(h.handle.db, id).filter((a) => a.actor === 'autopilot')).toHaveLength(1);
    expect(queued).toEqual([{ kind: 'resolve', gameId: id, version: 2 }]);
    await handler(queued.shift()!);
    expect(actionLog(h.handle.db, id).filter((a) => a.actor === 'autopilot')).toHaveLength(2);
    expect(queued).toEqual([{ kind: 'resolve', gameId: id, version: 3 }]);
    await handler(queued.shift()!);
    // Nothing left for the autopilot: this job finishes the follow-up (the game is over here).
    expect(getGame(h.handle.db, id)!.status).toBe('over');
    expect(getGame(h.handle.db, id)!.resolvedVersion).toBe(3);
    expect(queued.map((j) => j.kind)).toEqual(['publish']);
  });
});

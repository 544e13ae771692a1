import { afterEach, expect, it } from 'vitest';
import { engine } from '../../src/app/engine-adapter.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { replayGame } from '../../src/app/replay.js';
import { actionLog, getGame } from '../../src/db/game-repository.js';
import { type Harness, makeHarness } from './support/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

it('names the seats of a scenario from its forces and refuses an unknown one', () => {
  expect(engine.seats('1756')).toEqual(['prussia', 'austria', 'empire']);
  expect(engine.seats('1999')).toBeUndefined();
});

it('maps side-visibility events to the seats of that side', () => {
  const s = engine.setup('1756', 4, {});
  const seat = engine.pendingSeats(s)[0]!;
  const r = engine.apply(s, seat, engine.autopilot!(s, seat, 2));
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  for (const e of r.events) {
    expect(e.visibility === 'public' || Array.isArray(e.visibility.seats)).toBe(true);
  }
});

it('1756 through the service on the real engine: a human seat, then the autopilot, to the end; replay verifies', async () => {
  h = await makeHarness({}, engine as RulesEngine<unknown>);
  const s = h.runtime.service;
  const c = s.createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: '1756', seed: 12 });
  if (!c.ok) throw new Error(c.error.message);
  expect(s.joinSeat({ gameId: c.gameId, seat: 'prussia', userId: 'u1' }).ok).toBe(true);
  expect((await s.start({ gameId: c.gameId, userId: 'u1' })).ok).toBe(true);
  await h.settle();
  // The human sends whatever their seat's autopilot would, for a few decisions.
  for (let i = 0; i < 3; i++) {
    const p = s.pending({ gameId: c.gameId, userId: 'u1' });
    if (!p.ok || p.decisions.length === 0) break;
    const state = JSON.parse(getGame(h.handle.db, c.gameId)!.state!);
    const r = await s.submit({
      gameId: c.gameId,
      seat: 'prussia',
      userId: 'u1',
      action: engine.autopilot!(state, 'prussia', 2),
    });
    expect(r.ok).toBe(true);
    await h.settle();
  }
  expect((await s.setAutopilot({ gameId: c.gameId, seat: 'prussia', level: 2, byUserId: 'u1' })).ok).toBe(
    true,
  );
  await h.settle();
  const g = getGame(h.handle.db, c.gameId)!;
  expect(g.status).toBe('over');
  expect(actionLog(h.handle.db, c.gameId).some((a) => a.actor === 'player')).toBe(true);
  expect(replayGame(h.handle.db, h.engine, c.gameId).problems).toEqual([]);
}, 120_000);

it('involved: events naming a seat’s nationality or a hex where it has units concern it; others do not', () => {
  const s = engine.setup('1757', 1, {});
  const v = engine.view(s, 'prussia') as {
    hexes: Array<{ hex: string; stacks: Array<{ outside: string[] }> }>;
  };
  const prussianHex = v.hexes.find((x) => x.stacks.some((st) => st.outside.includes('prussia')))
    ?.hex as string;
  const at = { type: 'siege-roll', visibility: 'public' as const, data: { hex: prussianHex, die: 4 } };
  expect(engine.involved!(s, 'prussia', [at])).toBe(true);
  expect(engine.involved!(s, 'sweden', [at])).toBe(false);
  const storm = {
    type: 'storm',
    visibility: 'public' as const,
    data: { hex: '0101', eliminated: { coalition: { austria: 1 } } },
  };
  expect(engine.involved!(s, 'austria', [storm])).toBe(true);
  expect(engine.involved!(s, 'france', [storm])).toBe(false);
  // Phase chatter with no data concerns nobody; a message addressed to one seat concerns it.
  expect(engine.involved!(s, 'prussia', [{ type: 'phase', visibility: 'public' }])).toBe(false);
  const own = { type: 'note', visibility: { seats: ['hanover'] } };
  expect(engine.involved!(s, 'hanover', [own])).toBe(true);
  const side = { type: 'attrition-done', visibility: { seats: ['prussia', 'hanover'] } };
  expect(engine.involved!(s, 'hanover', [side])).toBe(false);
});

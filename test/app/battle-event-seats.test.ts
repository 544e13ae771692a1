// A private battle event is addressed by the tactical engine to a side; the service matches event
// seats exactly, so the battle engine's port adds that side's formation seats. Without it a
// formation's holder never saw what its own side was told, and nothing may reach the other side.
import { expect, it } from 'vitest';
import { battleEngine } from '../../src/app/battle-engine.js';
import { visibleTo } from '../../src/app/step-resolver.js';

it("a side's private event reaches its formation seats and no seat of the other side", () => {
  const state = battleEngine.setup('leuthen-1', 1, {});
  const seats = battleEngine.seats('leuthen-1')!;
  const austrian = seats.filter((s) => s.startsWith('austria:'));
  const prussian = seats.filter((s) => s.startsWith('prussia:'));
  expect(austrian.length).toBeGreaterThan(0);
  expect(prussian.length).toBeGreaterThan(0);
  const r = battleEngine.apply(state, 'austria', {
    type: 'standing-order',
    kind: 'retreat',
    subject: 'all',
    policy: 'edge',
  });
  if (!r.ok) throw new Error(r.error.message);
  const order = r.events.find((e) => e.type === 'standing-order')!;
  expect(order).toBeDefined();
  for (const seat of ['austria', ...austrian]) expect(visibleTo(seat, order)).toBe(true);
  for (const seat of ['prussia', ...prussian]) expect(visibleTo(seat, order)).toBe(false);
});

// The service is the only door to a game's settings (issue #13 item 5): the bot reads and changes
// them through CampaignService.settings / updateSettings, never by writing the games table.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getGame } from '../../src/db/game-repository.js';
import { type Harness, makeHarness } from './support/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});
afterEach(async () => {
  await h.cleanup();
});

const svc = () => h.runtime.service;

function created(options: Record<string, unknown> = {}) {
  const c = svc().createGame({ guildId: 'g', channelId: 'c', userId: 'u1', scenario: 'count', options });
  if (!c.ok) throw new Error('create failed');
  return c.gameId;
}

describe('game settings through the service', () => {
  it('reads the defaults and the presentation options a game was created with', () => {
    const id = created({ bot: { moveMaps: true } });
    const r = svc().settings({ gameId: id });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.settings.deadlineMs).toEqual({ phase: 24 * 3_600_000, prompt: 2 * 3_600_000 });
    expect(r.settings.timeoutPolicy).toBe('autopilot');
    expect(r.presentation).toEqual({ moveMaps: true });
    expect(svc().settings({ gameId: 'gnothere' }).ok).toBe(false);
  });

  it('the creator or a manager changes deadlines, policy and per-move maps; others are refused', () => {
    const id = created();
    const other = svc().updateSettings({ gameId: id, userId: 'u2', change: { timeoutPolicy: 'wait' } });
    expect(other.ok ? null : other.error.code).toBe('not-game-owner');
    const byCreator = svc().updateSettings({
      gameId: id,
      userId: 'u1',
      change: { deadlineHours: 6, timeoutPolicy: 'wait', moveMaps: true },
    });
    if (!byCreator.ok) throw new Error(byCreator.error.message);
    expect(byCreator.settings.deadlineMs).toEqual({ phase: 6 * 3_600_000, prompt: 2 * 3_600_000 });
    expect(byCreator.presentation.moveMaps).toBe(true);
    const byManager = svc().updateSettings({
      gameId: id,
      userId: 'u3',
      isManager: true,
      change: { moveMaps: false },
    });
    expect(byManager.ok).toBe(true);
    const stored = getGame(h.handle.db, id);
    expect(JSON.parse(stored?.settings ?? '{}').timeoutPolicy).toBe('wait');
    expect(JSON.parse(stored?.options ?? '{}').bot).toEqual({ moveMaps: false });
  });

  it('a change every player agreed to (live deadlines) may be carried by any seat holder', () => {
    const id = created();
    expect(svc().joinSeat({ gameId: id, seat: 'prussia', userId: 'u2' }).ok).toBe(true);
    const notPlayer = svc().updateSettings({
      gameId: id,
      userId: 'u9',
      agreed: true,
      change: { deadlineMinutes: 5 },
    });
    expect(notPlayer.ok).toBe(false);
    const r = svc().updateSettings({
      gameId: id,
      userId: 'u2',
      agreed: true,
      change: { deadlineMinutes: 5 },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.settings.deadlineMs).toEqual({ phase: 300_000, prompt: 300_000 });
    expect(r.settings.reminderBeforeMs).toEqual({ phase: 150_000, prompt: 150_000 });
  });

  it('an invalid change is refused with the field named, and nothing is stored', () => {
    const id = created();
    const before = getGame(h.handle.db, id);
    const r = svc().updateSettings({
      gameId: id,
      userId: 'u1',
      change: { deadlineHours: -2, moveMaps: true },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/deadlineMs\.phase/);
    const after = getGame(h.handle.db, id);
    expect([after?.settings, after?.options]).toEqual([before?.settings, before?.options]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

describe('discord-standin: gateway login', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('a bare discord.js Client logs in: Hello, Identify, Ready, Guild Create with channels/roles/members', async () => {
    h = await startHarness();
    const { client, standin } = h;
    expect(client.user?.id).toBe(standin.botId);
    const guild = client.guilds.cache.get(standin.guildId);
    expect(guild?.available).toBe(true);
    expect(guild?.channels.cache.map((c) => c.name).sort()).toEqual(['general', 'war-room']);
    expect(guild?.roles.cache.map((r) => r.name)).toContain('Umpire');
    expect(
      guild?.members.cache.get(standin.userId('frederick'))?.roles.cache.some((r) => r.name === 'Umpire'),
    ).toBe(true);
    expect(guild?.members.cache.has(standin.userId('outsider'))).toBe(false);
    const ops = standin.events
      .filter((e) => e.kind === 'gateway')
      .map((e) => (e.kind === 'gateway' ? e.op : ''));
    expect(ops).toContain('identify');
    expect(standin.unknownRequests).toEqual([]);
  });
});

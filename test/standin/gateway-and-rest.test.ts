import {
  ChannelType,
  Client,
  DiscordAPIError,
  GatewayIntentBits,
  Partials,
  type TextChannel,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DiscordStandin } from '../discord-standin/index.js';
import { type Harness, startHarness } from './harness.js';

describe('discord-standin: gateway lifecycle and REST behaviour', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('heartbeats are acknowledged (client ping becomes known)', async () => {
    h = await startHarness({ heartbeatIntervalMs: 50 });
    const { standin, client } = h;
    await standin.waitFor(() => (standin.gateway.heartbeats >= 2 ? true : undefined), 'two heartbeats');
    await standin.waitFor(() => (client.ws.ping >= 0 ? true : undefined), 'a heartbeat ack');
    expect(client.ws.ping).toBeGreaterThanOrEqual(0);
  });

  it('Reconnect (op 7) → discord.js resumes on resume_gateway_url and missed events are replayed', async () => {
    h = await startHarness();
    const { standin, client } = h;
    standin.gateway.requestReconnect();
    await standin.waitFor(() => (standin.gateway.connected ? undefined : true), 'the bot to drop its socket');
    let received: string | undefined;
    client.once('messageCreate', (m) => {
      received = m.content;
    });
    standin.user('maria').say('general', 'sent while the bot was away');
    expect(await standin.waitFor(() => received, 'the replayed MESSAGE_CREATE')).toBe(
      'sent while the bot was away',
    );
    const gatewayOps = standin.events.flatMap((e) =>
      e.kind === 'gateway' ? [`${e.op}${e.detail ? ` ${e.detail}` : ''}`] : [],
    );
    expect(gatewayOps).toContain('resume replayed 1');
    expect(gatewayOps.some((op) => op.startsWith('connect /gateway-resume'))).toBe(true);
  });

  it('a 429 on demand is retried by discord.js and the message then goes through', async () => {
    h = await startHarness();
    const { standin, client } = h;
    const limited: string[] = [];
    client.rest.on('rateLimited', (info) => limited.push(info.route));
    standin.rateLimitNext('POST /channels/:channel_id/messages', { retryAfterMs: 100 });
    const general = (await client.channels.fetch(standin.channelId('general'))) as TextChannel;
    const sent = await general.send('after the limit');
    expect(sent.content).toBe('after the limit');
    const kinds = standin.events
      .filter((e) => e.kind === 'rate-limited' || e.kind === 'message-create')
      .map((e) => e.kind);
    expect(kinds).toEqual(['rate-limited', 'message-create']);
    expect(limited).toEqual(['/channels/:id/messages']);
  });

  it('REST responses carry X-RateLimit headers', async () => {
    h = await startHarness();
    const response = await fetch(`${h.standin.apiUrl}/v10/users/@me`, {
      headers: { authorization: `Bot ${h.standin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('50');
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeLessThan(50);
    expect(response.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{16}$/);
    expect(Number(response.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
  });

  it('an unknown route is answered 404, logged loudly and listed in unknownRequests', async () => {
    h = await startHarness();
    const { standin, client } = h;
    let error: unknown;
    try {
      await client.rest.get(`/guilds/${standin.guildId}/audit-logs`);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).status).toBe(404);
    expect(standin.unknownRequests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v10/guilds/${standin.guildId}/audit-logs`,
    ]);
    expect(h.logs.some((l) => l.includes('UNKNOWN ROUTE GET') && l.includes('audit-logs'))).toBe(true);
  });

  it('compression and unknown websocket paths are refused loudly', async () => {
    h = await startHarness();
    const { standin } = h;
    const compressed = new WebSocket(`${standin.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`);
    const code = await new Promise<number>((resolve) => compressed.on('close', (c) => resolve(c)));
    expect(code).toBe(4002);
    const stray = new WebSocket(`ws://127.0.0.1:${standin.port}/elsewhere`);
    await new Promise<void>((resolve) => stray.on('error', () => resolve()));
    expect(standin.unknownRequests.map((r) => `${r.method} ${r.path}`)).toEqual(['UPGRADE /elsewhere']);
    expect(h.logs.some((l) => l.includes('zlib-stream'))).toBe(true);
  });

  it('a DM from a user reaches a bot that enables the Channel partial', async () => {
    h = await startHarness({}, { partials: [Partials.Channel] });
    let received: string | undefined;
    h.client.once('messageCreate', (m) => {
      received = `${m.channel.type}:${m.content}`;
    });
    h.standin.user('frederick').dm('Request an audience');
    expect(await h.standin.waitFor(() => received, 'the DM to reach the bot')).toBe(
      `${ChannelType.DM}:Request an audience`,
    );
  });

  it('a wrong token is refused (REST 401 → discord.js TokenInvalid)', async () => {
    const standin = await DiscordStandin.start({ log: () => {} });
    const client = new Client({ intents: [GatewayIntentBits.Guilds], ...standin.clientOptions() });
    try {
      await expect(client.login('not-the-token')).rejects.toThrow(/invalid token/i);
    } finally {
      await client.destroy();
      await standin.close();
    }
  });
});

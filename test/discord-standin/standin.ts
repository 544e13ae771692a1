import { ChannelType } from 'discord-api-types/v10';
import { StandinClock } from './clock.js';
import { CommandRegistry } from './commands.js';
import { StandinGateway } from './gateway.js';
import { parseRoutePattern, StandinHttpServer, type UnknownRequest } from './http-server.js';
import { InteractionHandle } from './interaction-handle.js';
import { InteractionRegistry } from './interactions.js';
import {
  Ledger,
  type RecordedAttachment,
  type RecordedMessage,
  type StandinEvent,
  type WaitOptions,
} from './ledger.js';
import { LIMITS } from './limits.js';
import { MessageStore } from './messages.js';
import { buildRoutes } from './routes.js';
import { SimulatedUser } from './simulated-user.js';
import { SnowflakeFactory } from './snowflake.js';
import { guildCreatePayload, World, type WorldSpec } from './world.js';

export interface StandinOptions extends WorldSpec {
  /** The bot token the client must present (REST `Authorization: Bot …` and gateway Identify). */
  token?: string;
  /** Upload size limit per file (default 10 MiB); bigger files are refused with 413 / 40005. */
  maxFileSizeBytes?: number;
  /** Window to acknowledge an interaction (default 3000 ms, on the stand-in clock). */
  ackDeadlineMs?: number;
  /** Interaction token lifetime for follow-ups/edits (default 15 min, on the stand-in clock). */
  tokenLifetimeMs?: number;
  /** Gateway heartbeat interval sent in Hello (default 41250 ms, Discord's usual value). */
  heartbeatIntervalMs?: number;
  /** Requests per bucket per window advertised in X-RateLimit-* headers (default 50 per 1000 ms). */
  rateLimitPerWindow?: number;
  rateLimitWindowMs?: number;
  /** Where loud diagnostics go (unknown routes, internal errors). Default: console.warn. */
  log?: (line: string) => void;
}

export interface RateLimitOptions {
  /** Retry-After in ms (default 100). */
  retryAfterMs?: number;
  global?: boolean;
  scope?: 'user' | 'global' | 'shared';
}

/** Filter for `attachments()`. */
export interface AttachmentFilter {
  messageId?: string;
  channelId?: string;
  filename?: string;
}

/**
 * A loopback stand-in for Discord's REST API (v10) and Gateway. Start it, point a discord.js Client
 * at it with `clientOptions()`, act as users with `user(name)`, and inspect what each user saw.
 * See docs/testing-discord.md.
 */
export class DiscordStandin {
  readonly clock = new StandinClock();
  readonly ids = new SnowflakeFactory(this.clock);
  readonly token: string;
  readonly world: World;
  readonly ledger: Ledger;
  readonly gateway: StandinGateway;
  readonly messages: MessageStore;
  readonly interactions: InteractionRegistry;
  readonly commandRegistry: CommandRegistry;
  readonly http: StandinHttpServer;
  private readonly log: (line: string) => void;
  #port = 0;

  private constructor(options: StandinOptions) {
    this.token = options.token ?? 'standin-bot-token';
    this.world = new World(this.ids, this.clock, options);
    this.ledger = new Ledger(() => this.clock.iso());
    const log = options.log ?? ((line: string) => console.warn(line));
    this.log = log;
    this.gateway = new StandinGateway(
      this.world,
      this.ledger,
      { token: this.token, heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250, log },
      () => `ws://127.0.0.1:${this.#port}/gateway-resume`,
      { guildCreate: (guildId) => guildCreatePayload(this.world, guildId) },
    );
    const maxFileSizeBytes = options.maxFileSizeBytes ?? LIMITS.defaultMaxFileSizeBytes;
    this.messages = new MessageStore(this.world, this.ledger, this.ids, this.clock, this.gateway, {
      baseUrl: () => `http://127.0.0.1:${this.#port}`,
      maxFileSizeBytes,
    });
    this.interactions = new InteractionRegistry(
      this.world,
      this.ledger,
      this.messages,
      this.ids,
      this.clock,
      this.gateway,
      {
        ackDeadlineMs: options.ackDeadlineMs ?? 3000,
        tokenLifetimeMs: options.tokenLifetimeMs ?? 15 * 60 * 1000,
      },
      maxFileSizeBytes,
    );
    this.commandRegistry = new CommandRegistry(this.world.applicationId, this.ids, this.ledger);
    this.http = new StandinHttpServer(this.ledger, {
      token: this.token,
      rateLimitPerWindow: options.rateLimitPerWindow ?? 50,
      rateLimitWindowMs: options.rateLimitWindowMs ?? 1000,
      log,
      now: () => Date.now(),
      iso: () => this.clock.iso(),
    });
    this.http.addRoutes(
      buildRoutes({
        world: this.world,
        ledger: this.ledger,
        messages: this.messages,
        interactions: this.interactions,
        commands: this.commandRegistry,
        gateway: this.gateway,
        gatewayUrl: () => this.gatewayUrl,
        now: () => this.clock.iso(),
      }),
    );
    this.http.extraGet.set('/attachments/', (path) => {
      const id = path.split('/')[3];
      const found = this.attachments().find((a) => a.id === id);
      return found
        ? { status: 200, type: found.contentType ?? 'application/octet-stream', bytes: found.bytes }
        : null;
    });
    this.http.server.on('upgrade', (request, socket, head) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/gateway' || path === '/gateway-resume') {
        this.gateway.handleUpgrade(request, socket, head);
        return;
      }
      this.http.unknownRequests.push({ method: 'UPGRADE', path: request.url ?? '', at: this.clock.iso() });
      this.ledger.record({ kind: 'unknown-request', method: 'UPGRADE', path: request.url ?? '' });
      this.log(`[discord-standin] UNKNOWN WEBSOCKET PATH ${request.url ?? ''} (connection dropped)`);
      socket.destroy();
    });
  }

  /** Starts the HTTP + WebSocket server on an ephemeral 127.0.0.1 port. */
  static async start(options: StandinOptions = {}): Promise<DiscordStandin> {
    const standin = new DiscordStandin(options);
    standin.#port = await standin.http.listen();
    return standin;
  }

  get port(): number {
    return this.#port;
  }

  /** REST base URL for discord.js (`rest.api`); discord.js appends `/v10`. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.#port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.#port}/gateway`;
  }

  /** Spread into `new Client({ intents, ...standin.clientOptions() })`. */
  clientOptions(): { rest: { api: string } } {
    return { rest: { api: this.apiUrl } };
  }

  get applicationId(): string {
    return this.world.applicationId;
  }

  get botId(): string {
    return this.world.botId;
  }

  get guildId(): string {
    return this.world.guildId;
  }

  userId(username: string): string {
    return this.world.userByName(username).id;
  }

  channelId(name: string): string {
    return this.world.channelByName(name).id;
  }

  /** A simulated user (by username or id) who can run commands, click, select, submit modals, talk. */
  user(nameOrId: string): SimulatedUser {
    const id = this.world.resolveUserId(nameOrId);
    if (this.world.users.get(id)?.bot)
      throw new Error('discord-standin: the bot cannot act as a simulated user');
    return new SimulatedUser(
      {
        world: this.world,
        ledger: this.ledger,
        commands: this.commandRegistry,
        interactions: this.interactions,
        messages: this.messages,
        defaultChannelId: () => {
          const first = this.world.guild.channelIds
            .map((cid) => this.world.channels.get(cid)!)
            .find((c) => c.type === ChannelType.GuildText && this.world.canView(id, c.id));
          if (!first)
            throw new Error(`discord-standin: user ${id} can see no text channel; pass { channel }`);
          return first.id;
        },
      },
      id,
    );
  }

  // ---- inspection -----------------------------------------------------------------------------

  /** Everything, in order. */
  get events(): readonly StandinEvent[] {
    return this.ledger.events;
  }

  /** Requests to routes the stand-in does not implement (each answered 404 and logged). */
  get unknownRequests(): readonly UnknownRequest[] {
    return this.http.unknownRequests;
  }

  /** Requests the stand-in refused (limit violations, unknown interaction, closed DMs, …). */
  rejections(): Array<Extract<StandinEvent, { kind: 'rejected' }>> {
    return this.ledger.events.filter(
      (e): e is Extract<StandinEvent, { kind: 'rejected' }> => e.kind === 'rejected',
    );
  }

  /** All (non-deleted) messages in a channel (id or name), oldest first, ephemeral ones included. */
  messagesIn(channel: string, options: { visibleTo?: string } = {}): RecordedMessage[] {
    const channelId = this.world.resolveChannelId(channel);
    const viewer = options.visibleTo ? this.world.resolveUserId(options.visibleTo) : null;
    return this.ledger
      .list()
      .filter((m) => m.channelId === channelId && !m.deleted && (!viewer || m.visibleTo.includes(viewer)));
  }

  /** Messages in the DM channel between the bot and a user (both directions), oldest first. */
  dmsOf(user: string): RecordedMessage[] {
    const userId = this.world.resolveUserId(user);
    const channel = [...this.world.channels.values()].find(
      (c) => c.type === ChannelType.DM && c.recipientId === userId,
    );
    return channel ? this.messagesIn(channel.id) : [];
  }

  /** Every message a user could see, anywhere, oldest first. */
  seenBy(user: string): RecordedMessage[] {
    const userId = this.world.resolveUserId(user);
    return this.ledger.list().filter((m) => !m.deleted && m.visibleTo.includes(userId));
  }

  /** Uploaded files (with their bytes) on live messages, in upload order. */
  attachments(filter: AttachmentFilter = {}): RecordedAttachment[] {
    return this.ledger
      .list()
      .filter((m) => !m.deleted)
      .flatMap((m) => m.attachments)
      .filter(
        (a) =>
          (!filter.messageId || a.messageId === filter.messageId) &&
          (!filter.channelId || a.channelId === this.world.resolveChannelId(filter.channelId)) &&
          (!filter.filename || a.filename === filter.filename),
      );
  }

  /** Registered commands: `'global'` (default) or a guild id. */
  commands(scope = 'global'): ReturnType<CommandRegistry['list']> {
    return this.commandRegistry.list(scope);
  }

  /** The visible answer to the user's most recent interaction (waits for it). */
  lastReplyTo(user: string, options?: WaitOptions): Promise<RecordedMessage> {
    const userId = this.world.resolveUserId(user);
    const state = this.interactions.latestOf(userId);
    if (!state) return Promise.reject(new Error(`discord-standin: user ${userId} has not interacted yet`));
    return new InteractionHandle(this.ledger, state).reply(options);
  }

  /**
   * The next message created after this call (or, with `includeEdits`, edited after it) that satisfies
   * the predicate. Rejects after `timeoutMs` (default 2000) with the tail of the log.
   */
  nextMessage(
    predicate: (message: RecordedMessage) => boolean = () => true,
    options: WaitOptions & { includeEdits?: boolean } = {},
  ): Promise<RecordedMessage> {
    const after = this.ledger.seq;
    return this.ledger.waitFor(
      () => {
        for (const e of this.ledger.events) {
          if (e.seq <= after) continue;
          if (e.kind !== 'message-create' && !(options.includeEdits && e.kind === 'message-update')) continue;
          const message = this.ledger.messages.get(e.messageId);
          if (message && predicate(message)) return message;
        }
        return undefined;
      },
      'the next message matching the predicate',
      options,
    );
  }

  /** Awaits any condition over the stand-in's state (re-checked after every recorded change). */
  waitFor<T>(check: () => T | undefined, describe: string, options?: WaitOptions): Promise<T> {
    return this.ledger.waitFor(check, describe, options);
  }

  // ---- control --------------------------------------------------------------------------------

  /**
   * Answers the next request matching `route` with a 429 (then serves normally).
   * `route`: `"POST /channels/:id/messages"`, a concrete path, or a path without a method.
   */
  rateLimitNext(route: string, options: RateLimitOptions = {}): void {
    const { method, segments } = parseRoutePattern(route);
    this.http.injectRateLimit({
      method,
      segments,
      retryAfterMs: options.retryAfterMs ?? 100,
      global: options.global ?? false,
      scope: options.scope ?? (options.global ? 'global' : 'user'),
    });
  }

  /** Moves the stand-in clock forward (to expire the 3 s ack window or the 15 min token). */
  advanceClock(ms: number): void {
    this.clock.advance(ms);
  }

  /** Stops the server, closing every socket and keep-alive connection. */
  async close(): Promise<void> {
    await this.gateway.close();
    await this.http.close();
  }
}

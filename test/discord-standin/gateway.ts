import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type ApplicationFlags,
  GatewayDispatchEvents as Events,
  GatewayCloseCodes,
  type GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
  type GatewayReadyDispatchData,
} from 'discord-api-types/v10';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Ledger } from './ledger.js';
import type { Dispatcher } from './messages.js';
import type { World } from './world.js';

interface Session {
  id: string;
  intents: number;
  seq: number;
  /** Every dispatch of the session, for replay on Resume. */
  sent: Array<{ s: number; t: string; d: unknown }>;
  socket: WebSocket | null;
}

export interface GatewayOptions {
  token: string;
  heartbeatIntervalMs: number;
  log: (line: string) => void;
}

/**
 * The Gateway half: Hello, Identify → Ready + Guild Create, heartbeats and acks, Resume with replay,
 * Reconnect on demand, and dispatch of events (INTERACTION_CREATE, MESSAGE_CREATE, …).
 * JSON encoding only, no compression (see docs/testing-discord.md).
 */
export class StandinGateway implements Dispatcher {
  readonly wss = new WebSocketServer({ noServer: true });
  readonly sockets = new Set<WebSocket>();
  #session: Session | null = null;
  #sessionCounter = 0;
  heartbeats = 0;

  constructor(
    private readonly world: World,
    private readonly ledger: Ledger,
    private readonly options: GatewayOptions,
    private readonly resumeUrl: () => string,
    private readonly payloads: { guildCreate: (guildId: string) => unknown },
  ) {}

  /** True once a bot has identified (or resumed) and its socket is open. */
  get connected(): boolean {
    return this.#session?.socket?.readyState === 1;
  }

  get intents(): number {
    return this.#session?.intents ?? 0;
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request.url ?? ''));
  }

  private send(
    ws: WebSocket,
    payload: { op: number; d: unknown; s?: number | null; t?: string | null },
  ): void {
    if (ws.readyState !== 1) return;
    ws.send(JSON.stringify({ s: null, t: null, ...payload }));
  }

  private accept(ws: WebSocket, url: string): void {
    this.sockets.add(ws);
    const params = new URL(url, 'http://x').searchParams;
    this.ledger.record({ kind: 'gateway', op: 'connect', detail: url });
    const refuse = (why: string) => {
      this.options.log(`[discord-standin] gateway connection refused: ${why} (url ${url})`);
      this.ledger.record({ kind: 'gateway', op: 'refused', detail: why });
      ws.close(GatewayCloseCodes.DecodeError, why);
    };
    if (params.get('encoding') && params.get('encoding') !== 'json') {
      refuse('the stand-in speaks encoding=json only');
      return;
    }
    if (params.get('compress')) {
      // discord.js only asks for zlib-stream when the optional zlib-sync package is installed.
      refuse('the stand-in does not implement compress=zlib-stream (uninstall zlib-sync)');
      return;
    }
    let identified = false;
    ws.on('close', () => {
      this.sockets.delete(ws);
      if (this.#session?.socket === ws) this.#session.socket = null;
    });
    ws.on('message', (raw) => {
      let packet: { op: number; d: unknown };
      try {
        packet = JSON.parse(raw.toString());
      } catch {
        ws.close(GatewayCloseCodes.DecodeError, 'invalid JSON');
        return;
      }
      switch (packet.op) {
        case GatewayOpcodes.Heartbeat:
          this.heartbeats += 1;
          this.ledger.record({ kind: 'gateway', op: 'heartbeat', detail: String(packet.d) });
          this.send(ws, { op: GatewayOpcodes.HeartbeatAck, d: null });
          return;
        case GatewayOpcodes.Identify: {
          if (identified) {
            ws.close(GatewayCloseCodes.AlreadyAuthenticated, 'already authenticated');
            return;
          }
          const d = packet.d as { token?: string; intents?: number };
          if (d.token !== this.options.token) {
            this.ledger.record({ kind: 'gateway', op: 'identify', detail: 'authentication failed' });
            ws.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
            return;
          }
          identified = true;
          this.identify(ws, d.intents ?? 0);
          return;
        }
        case GatewayOpcodes.Resume: {
          const d = packet.d as { token?: string; session_id?: string; seq?: number };
          const session = this.#session;
          if (d.token !== this.options.token || !session || session.id !== d.session_id) {
            this.ledger.record({ kind: 'gateway', op: 'resume', detail: 'invalid session' });
            this.send(ws, { op: GatewayOpcodes.InvalidSession, d: false });
            return;
          }
          identified = true;
          session.socket = ws;
          const missed = session.sent.filter((p) => p.s > (d.seq ?? 0));
          for (const p of missed) this.send(ws, { op: GatewayOpcodes.Dispatch, ...p });
          this.ledger.record({ kind: 'gateway', op: 'resume', detail: `replayed ${missed.length}` });
          this.dispatch(Events.Resumed, {});
          return;
        }
        case GatewayOpcodes.PresenceUpdate:
          this.ledger.record({ kind: 'gateway', op: 'presence-update' });
          return;
        case GatewayOpcodes.RequestGuildMembers:
          this.requestGuildMembers(
            packet.d as { guild_id: string; user_ids?: string | string[]; query?: string; nonce?: string },
          );
          return;
        default:
          this.ledger.record({ kind: 'gateway', op: 'unknown-opcode', detail: String(packet.op) });
          ws.close(GatewayCloseCodes.UnknownOpcode, `stand-in does not know opcode ${packet.op}`);
      }
    });
    this.send(ws, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.options.heartbeatIntervalMs } });
  }

  private identify(ws: WebSocket, intents: number): void {
    this.#sessionCounter += 1;
    if (this.#session?.socket && this.#session.socket !== ws) this.#session.socket.close(1000);
    this.#session = { id: `standin-session-${this.#sessionCounter}`, intents, seq: 0, sent: [], socket: ws };
    this.ledger.record({ kind: 'gateway', op: 'identify', detail: `intents ${intents}` });
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: { ...this.world.apiUser(this.world.botId), verified: true, mfa_enabled: false },
      guilds: [...this.world.guilds.keys()].map((id) => ({ id, unavailable: true })),
      session_id: this.#session.id,
      resume_gateway_url: this.resumeUrl(),
      shard: [0, 1],
      application: { id: this.world.applicationId, flags: 0 as ApplicationFlags, flags_new: '0' },
    };
    this.dispatch(Events.Ready, ready);
    for (const guildId of this.world.guilds.keys()) {
      this.dispatch(Events.GuildCreate, this.payloads.guildCreate(guildId), GatewayIntentBits.Guilds);
    }
  }

  private requestGuildMembers(d: {
    guild_id: string;
    user_ids?: string | string[];
    query?: string;
    nonce?: string;
  }): void {
    const guild = this.world.guilds.get(d.guild_id);
    if (!guild) return;
    const ids =
      d.user_ids === undefined ? null : new Set(Array.isArray(d.user_ids) ? d.user_ids : [d.user_ids]);
    const members = [...guild.members.keys()]
      .filter((id) => !ids || ids.has(id))
      .filter((id) => !d.query || this.world.users.get(id)?.username.startsWith(d.query))
      .map((id) => this.world.apiMember(d.guild_id, id));
    this.dispatch(Events.GuildMembersChunk, {
      guild_id: d.guild_id,
      members,
      chunk_index: 0,
      chunk_count: 1,
      ...(d.nonce ? { nonce: d.nonce } : {}),
    });
  }

  /**
   * Sends a dispatch to the connected bot (buffered for Resume). Events that need an intent the bot did
   * not ask for are dropped, as Discord does.
   */
  dispatch(event: GatewayDispatchEvents, data: unknown, requiredIntent?: number): void {
    const session = this.#session;
    if (!session) return;
    if (requiredIntent !== undefined && (session.intents & requiredIntent) === 0) return;
    session.seq += 1;
    const packet = { s: session.seq, t: event, d: data };
    session.sent.push(packet);
    if (session.socket) this.send(session.socket, { op: GatewayOpcodes.Dispatch, ...packet });
  }

  /** Asks the bot to reconnect (opcode 7); discord.js then resumes on resume_gateway_url. */
  requestReconnect(): void {
    const socket = this.#session?.socket;
    if (socket) this.send(socket, { op: GatewayOpcodes.Reconnect, d: null });
  }

  /** Asks the bot for an immediate heartbeat (opcode 1 from the server). */
  requestHeartbeat(): void {
    const socket = this.#session?.socket;
    if (socket) this.send(socket, { op: GatewayOpcodes.Heartbeat, d: null });
  }

  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

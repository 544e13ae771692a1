// Publishing is pluggable: the Discord bot implements `Publisher`; tests record what was sent.
import type { EngineEvent, Seat } from './engine-port.js';

export type PublishTarget =
  | { kind: 'channel'; guildId: string; channelId: string }
  | { kind: 'dm'; userId: string; seat: Seat };

export interface OutboundMessage {
  /** Unique per message; a key already recorded in the database is never posted again. */
  key: string;
  gameId: string;
  version: number;
  topic: 'update' | 'reminder' | 'deadline-passed';
  target: PublishTarget;
  /** The engine view for the target (public or the seat's own), never the raw state. */
  view: unknown;
  /** For updates: what happened since the previous step began, only the events the target may see. */
  events: EngineEvent[];
  /** Seats still to act, and when the step closes. */
  pendingSeats: Seat[];
  dueAt: number | null;
}

export interface Publisher {
  publish(message: OutboundMessage): Promise<{ messageId: string | null }>;
}

/** Keeps every message in memory; useful in tests and for a headless run. */
export class MemoryPublisher implements Publisher {
  readonly sent: OutboundMessage[] = [];
  async publish(message: OutboundMessage): Promise<{ messageId: string | null }> {
    this.sent.push(message);
    return { messageId: `m${this.sent.length}` };
  }
}

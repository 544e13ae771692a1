import type { APIEmbed, InteractionResponseType, InteractionType } from 'discord-api-types/v10';

/** Who a message was shown to. */
export type Audience = 'channel' | 'dm' | 'ephemeral';

/** How the bot produced a message. */
export type MessageOrigin =
  | 'channel-message'
  | 'interaction-reply'
  | 'interaction-deferred'
  | 'interaction-followup'
  | 'user-message';

export interface RecordedAttachment {
  id: string;
  messageId: string;
  channelId: string;
  filename: string;
  contentType: string | null;
  description: string | null;
  size: number;
  bytes: Uint8Array;
  url: string;
}

export interface RecordedMessage {
  /** Position in the stand-in's log when the message was created. */
  seq: number;
  id: string;
  channelId: string;
  guildId: string | null;
  authorId: string;
  content: string;
  embeds: APIEmbed[];
  /** Raw component JSON as the bot sent it. */
  components: unknown[];
  flags: number;
  attachments: RecordedAttachment[];
  audience: Audience;
  /** Simulated users who could see it when it was sent (channel viewers, DM recipient, or the one user). */
  visibleTo: string[];
  origin: MessageOrigin;
  /** The interaction this message answers, if any. */
  interactionId: string | null;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
  /** Earlier versions (content/embeds/components) before each edit, oldest first. */
  history: Array<Pick<RecordedMessage, 'content' | 'embeds' | 'components' | 'flags'>>;
}

export type StandinEventBody =
  | { kind: 'message-create'; messageId: string; channelId: string; audience: Audience; visibleTo: string[] }
  | { kind: 'message-update'; messageId: string; channelId: string }
  | { kind: 'message-delete'; messageId: string; channelId: string }
  | {
      kind: 'interaction-dispatch';
      interactionId: string;
      userId: string;
      type: InteractionType;
      name: string;
    }
  | {
      kind: 'interaction-callback';
      interactionId: string;
      userId: string;
      responseType: InteractionResponseType;
    }
  | { kind: 'commands-registered'; scope: 'global' | string; names: string[] }
  | { kind: 'dm-channel'; channelId: string; userId: string }
  | { kind: 'thread-create'; channelId: string; parentId: string; private: boolean; name: string }
  | { kind: 'thread-member-add'; channelId: string; userId: string }
  | {
      kind: 'rejected';
      method: string;
      path: string;
      status: number;
      code: number;
      message: string;
      errors: string[];
    }
  | { kind: 'rate-limited'; method: string; path: string; route: string }
  | { kind: 'unknown-request'; method: string; path: string }
  | { kind: 'gateway'; op: string; detail?: string };

export type StandinEvent = StandinEventBody & { seq: number; at: string };

/** Options for the awaiting helpers. */
export interface WaitOptions {
  /** Real milliseconds to wait before failing (default 2000). */
  timeoutMs?: number;
}

export class WaitTimeoutError extends Error {}

/**
 * The ordered record of everything that happened, and a way to await a condition over it.
 * Every message and event gets a sequence number; waiters re-check after each change.
 */
export class Ledger {
  readonly events: StandinEvent[] = [];
  readonly messages = new Map<string, RecordedMessage>();
  #seq = 0;
  #waiters = new Set<() => void>();

  constructor(private readonly now: () => string) {}

  get seq(): number {
    return this.#seq;
  }

  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  record(body: StandinEventBody): StandinEvent {
    const event = { ...body, seq: this.nextSeq(), at: this.now() } as StandinEvent;
    this.events.push(event);
    this.notify();
    return event;
  }

  addMessage(message: RecordedMessage): void {
    this.messages.set(message.id, message);
    this.record({
      kind: 'message-create',
      messageId: message.id,
      channelId: message.channelId,
      audience: message.audience,
      visibleTo: message.visibleTo,
    });
  }

  notify(): void {
    for (const w of [...this.#waiters]) w();
  }

  /**
   * Resolves with the first non-undefined value of `check`, evaluated now, after every recorded
   * change and every 10 ms; rejects after `timeoutMs` with `describe` and the tail of the log.
   */
  waitFor<T>(check: () => T | undefined, describe: string, options: WaitOptions = {}): Promise<T> {
    const first = check();
    if (first !== undefined) return Promise.resolve(first);
    const timeoutMs = options.timeoutMs ?? 2000;
    return new Promise<T>((resolve, reject) => {
      const waiter = () => {
        let value: T | undefined;
        try {
          value = check();
        } catch (error) {
          finish();
          reject(error);
          return;
        }
        if (value !== undefined) {
          finish();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        finish();
        const tail = this.events
          .slice(-8)
          .map((e) => `  #${e.seq} ${JSON.stringify(e)}`)
          .join('\n');
        reject(
          new WaitTimeoutError(
            `discord-standin: timed out after ${timeoutMs} ms waiting for ${describe}.\nLast events:\n${tail}`,
          ),
        );
      }, timeoutMs);
      // Conditions may also depend on state outside the ledger (e.g. a bot handler's result): poll too.
      const poll = setInterval(waiter, 10);
      const finish = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.#waiters.delete(waiter);
      };
      this.#waiters.add(waiter);
    });
  }

  /** Messages in creation order. */
  list(): RecordedMessage[] {
    return [...this.messages.values()].sort((a, b) => a.seq - b.seq);
  }
}

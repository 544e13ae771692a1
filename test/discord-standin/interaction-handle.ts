import {
  type APIApplicationCommandOptionChoice,
  type APIModalInteractionResponseCallbackData,
  InteractionResponseType,
  MessageFlags,
} from 'discord-api-types/v10';
import type { InteractionState } from './interactions.js';
import type { Ledger, RecordedMessage, WaitOptions } from './ledger.js';

/**
 * What a simulated user holds after acting: lets a test await the bot's acknowledgement and the
 * visible answer (reply, filled-in deferral, update of the clicked message, or follow-up).
 */
export class InteractionHandle {
  constructor(
    private readonly ledger: Ledger,
    readonly state: InteractionState,
  ) {}

  get id(): string {
    return this.state.id;
  }

  get token(): string {
    return this.state.token;
  }

  /** Resolves with the callback type once the bot has acknowledged the interaction. */
  acknowledged(options?: WaitOptions): Promise<InteractionResponseType> {
    return this.ledger.waitFor(
      () => this.state.response?.type,
      `the bot to acknowledge interaction ${this.state.id} (${this.state.name})`,
      options,
    );
  }

  private callbackSeq(): number | undefined {
    return this.ledger.events.find(
      (e) => e.kind === 'interaction-callback' && e.interactionId === this.state.id,
    )?.seq;
  }

  /** The message the user sees as the answer, once it is no longer a "thinking…" placeholder. */
  reply(options?: WaitOptions): Promise<RecordedMessage> {
    return this.ledger.waitFor(
      () => {
        const type = this.state.response?.type;
        if (type === undefined) return undefined;
        if (
          type === InteractionResponseType.Modal ||
          type === InteractionResponseType.ApplicationCommandAutocompleteResult
        ) {
          throw new Error(
            `discord-standin: interaction ${this.state.id} was answered with ${InteractionResponseType[type]}, not a message`,
          );
        }
        const original = this.state.originalMessageId
          ? this.ledger.messages.get(this.state.originalMessageId)
          : undefined;
        if (type === InteractionResponseType.DeferredMessageUpdate) {
          const after = this.callbackSeq() ?? 0;
          const edited = this.ledger.events.some(
            (e) =>
              e.seq > after && e.kind === 'message-update' && e.messageId === this.state.originalMessageId,
          );
          if (edited && original) return original;
        } else if (original && (original.flags & MessageFlags.Loading) === 0) {
          return original;
        }
        const firstFollowUp = this.state.followUpIds[0];
        return firstFollowUp ? this.ledger.messages.get(firstFollowUp) : undefined;
      },
      `a visible answer to interaction ${this.state.id} (${this.state.name}) from user ${this.state.userId}`,
      options,
    );
  }

  /** Follow-up messages sent so far (not counting one that filled a deferred reply). */
  followUps(): RecordedMessage[] {
    return this.state.followUpIds.flatMap((id) => this.ledger.messages.get(id) ?? []);
  }

  /** Autocomplete: the choices the bot offered. */
  choices(options?: WaitOptions): Promise<APIApplicationCommandOptionChoice[]> {
    return this.ledger.waitFor(
      () => this.state.choices ?? undefined,
      `autocomplete choices for ${this.state.name}`,
      options,
    );
  }

  /** The modal the bot opened in answer. */
  modal(options?: WaitOptions): Promise<APIModalInteractionResponseCallbackData> {
    return this.ledger.waitFor(
      () => this.state.modal ?? undefined,
      `a modal in answer to ${this.state.name}`,
      options,
    );
  }
}

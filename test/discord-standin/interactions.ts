import {
  type APIApplicationCommandOptionChoice,
  type APIMessage,
  type APIModalInteractionResponseCallbackData,
  ChannelType,
  GatewayDispatchEvents,
  InteractionContextType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from 'discord-api-types/v10';
import { Errors, FormErrors } from './api-errors.js';
import type { StandinClock } from './clock.js';
import type { Ledger, RecordedMessage } from './ledger.js';
import { validateChoices, validateModal } from './limits.js';
import type { Dispatcher, MessageStore, UploadedFile } from './messages.js';
import type { SnowflakeFactory } from './snowflake.js';
import type { World } from './world.js';

type Json = Record<string, unknown>;

export interface InteractionTimings {
  /** Window to send the initial callback (Discord: 3 s), measured on the stand-in clock. */
  ackDeadlineMs: number;
  /** Lifetime of the interaction token for follow-ups and edits (Discord: 15 min). */
  tokenLifetimeMs: number;
}

/** Everything the stand-in knows about one interaction it dispatched. */
export interface InteractionState {
  id: string;
  token: string;
  type: InteractionType;
  userId: string;
  channelId: string;
  guildId: string | null;
  createdAtMs: number;
  /** Command name, or the component / modal custom id. */
  name: string;
  /** For component interactions (and modals opened from one): the message carrying the component. */
  sourceMessageId: string | null;
  response: { type: InteractionResponseType; atMs: number } | null;
  /** The message created by the reply/defer, or the component's message after an update. */
  originalMessageId: string | null;
  followUpIds: string[];
  modal: APIModalInteractionResponseCallbackData | null;
  choices: APIApplicationCommandOptionChoice[] | null;
  /** The raw payload that was dispatched. */
  payload: Json;
}

const DEFERRED_OR_REPLY = new Set([
  InteractionResponseType.ChannelMessageWithSource,
  InteractionResponseType.DeferredChannelMessageWithSource,
]);

/**
 * Dispatches interactions and plays Discord's side of answering them: the callback endpoint and the
 * interaction webhook (follow-ups, @original edits/deletes), with the 3 s and 15 min windows.
 */
export class InteractionRegistry {
  readonly all = new Map<string, InteractionState>();

  constructor(
    private readonly world: World,
    private readonly ledger: Ledger,
    private readonly messages: MessageStore,
    private readonly ids: SnowflakeFactory,
    private readonly clock: StandinClock,
    private readonly gateway: Dispatcher & { readonly connected: boolean },
    private readonly timings: InteractionTimings,
    private readonly attachmentSizeLimit: number,
  ) {}

  /** Fields common to every interaction payload, for `userId` acting in `channelId`. */
  basePayload(id: string, token: string, type: InteractionType, userId: string, channelId: string): Json {
    const channel = this.world.channels.get(channelId);
    if (!channel) throw new Error(`discord-standin: unknown channel ${channelId}`);
    if (!this.world.canView(userId, channelId)) {
      throw new Error(`discord-standin: user ${userId} cannot see channel ${channelId}, so cannot act there`);
    }
    const guildId = channel.guildId;
    const base: Json = {
      id,
      application_id: this.world.applicationId,
      type,
      token,
      version: 1,
      channel: this.world.apiChannel(channelId),
      channel_id: channelId,
      app_permissions: guildId ? this.world.memberPermissions(guildId, this.world.botId).toString() : '0',
      locale: 'en-GB',
      entitlements: [],
      attachment_size_limit: this.attachmentSizeLimit,
      authorizing_integration_owners: guildId ? { '0': guildId } : { '1': userId },
      context: channel.type === ChannelType.DM ? InteractionContextType.BotDM : InteractionContextType.Guild,
    };
    if (guildId) {
      const member = this.world.apiMember(guildId, userId);
      if (!member) throw new Error(`discord-standin: user ${userId} is not a member of guild ${guildId}`);
      base.guild_id = guildId;
      base.guild = { id: guildId, locale: 'en-GB', features: [] };
      base.guild_locale = 'en-GB';
      base.member = { ...member, permissions: this.world.memberPermissions(guildId, userId).toString() };
    } else {
      base.user = this.world.apiUser(userId);
    }
    return base;
  }

  /** Registers and sends an INTERACTION_CREATE. */
  dispatch(init: {
    type: InteractionType;
    userId: string;
    channelId: string;
    name: string;
    data: Json;
    sourceMessage?: RecordedMessage | null;
  }): InteractionState {
    if (!this.gateway.connected) {
      throw new Error('discord-standin: no bot is connected to the gateway; log the client in first');
    }
    const id = this.ids.next();
    // Real tokens are opaque and unguessable; a second snowflake keeps these unique and deterministic.
    const token = `standin-token.${id}.${this.ids.next()}`;
    const payload = this.basePayload(id, token, init.type, init.userId, init.channelId);
    payload.data = init.data;
    if (init.sourceMessage) payload.message = this.messages.toApi(init.sourceMessage);
    const state: InteractionState = {
      id,
      token,
      type: init.type,
      userId: init.userId,
      channelId: init.channelId,
      guildId: this.world.channels.get(init.channelId)?.guildId ?? null,
      createdAtMs: this.clock.now(),
      name: init.name,
      sourceMessageId: init.sourceMessage?.id ?? null,
      response: null,
      originalMessageId: null,
      followUpIds: [],
      modal: null,
      choices: null,
      payload,
    };
    this.all.set(id, state);
    this.ledger.record({
      kind: 'interaction-dispatch',
      interactionId: id,
      userId: init.userId,
      type: init.type,
      name: init.name,
    });
    this.gateway.dispatch(GatewayDispatchEvents.InteractionCreate, payload);
    return state;
  }

  private metadata(state: InteractionState): APIMessage['interaction_metadata'] {
    return {
      id: state.id,
      type: state.type,
      user: this.world.apiUser(state.userId),
      authorizing_integration_owners: state.guildId ? { '0': state.guildId } : { '1': state.userId },
    } as APIMessage['interaction_metadata'];
  }

  private createResponseMessage(
    state: InteractionState,
    data: Json,
    files: UploadedFile[],
    deferred: boolean,
    prefix: string[],
  ): RecordedMessage {
    const ephemeral = typeof data.flags === 'number' && (data.flags & MessageFlags.Ephemeral) !== 0;
    const channel = this.world.channels.get(state.channelId);
    const body = deferred
      ? { flags: (typeof data.flags === 'number' ? data.flags : 0) | MessageFlags.Loading }
      : data;
    return this.messages.create({
      channelId: state.channelId,
      authorId: this.world.botId,
      body,
      files: deferred ? [] : files,
      origin: deferred ? 'interaction-deferred' : 'interaction-reply',
      audience: ephemeral ? 'ephemeral' : channel?.type === ChannelType.DM ? 'dm' : 'channel',
      ephemeralTo: state.userId,
      interactionId: state.id,
      errorPrefix: prefix,
      allowEmpty: deferred,
      messageType:
        state.type === InteractionType.ApplicationCommand
          ? MessageType.ChatInputCommand
          : MessageType.Default,
      interactionMetadata: this.metadata(state),
    });
  }

  /** POST /interactions/{id}/{token}/callback */
  callback(
    id: string,
    token: string,
    body: Json,
    files: UploadedFile[],
    withResponse: boolean,
  ): RESTPostAPIInteractionCallbackWithResponseResult | undefined {
    const state = this.all.get(id);
    if (!state || state.token !== token) throw Errors.unknownInteraction();
    if (this.clock.now() - state.createdAtMs > this.timings.ackDeadlineMs) throw Errors.unknownInteraction();
    if (state.response) throw Errors.alreadyAcknowledged();
    const type = body.type as InteractionResponseType;
    const data = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as Json;
    const allowed = this.allowedResponses(state);
    if (!allowed.has(type)) {
      const errors = new FormErrors();
      errors.add(
        ['type'],
        'INTERACTION_RESPONSE_TYPE_INVALID',
        `Response type ${type} is not valid for this interaction`,
      );
      errors.throwIfAny();
    }
    let message: RecordedMessage | null = null;
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource:
        message = this.createResponseMessage(state, data, files, false, ['data']);
        state.originalMessageId = message.id;
        break;
      case InteractionResponseType.DeferredChannelMessageWithSource:
        message = this.createResponseMessage(state, data, [], true, ['data']);
        state.originalMessageId = message.id;
        break;
      case InteractionResponseType.DeferredMessageUpdate:
        state.originalMessageId = state.sourceMessageId;
        break;
      case InteractionResponseType.UpdateMessage: {
        const source = this.messages.get(null, state.sourceMessageId!);
        message = this.messages.edit(source, data, files, ['data']);
        state.originalMessageId = source.id;
        break;
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult: {
        const errors = new FormErrors();
        validateChoices(errors, ['data', 'choices'], data.choices);
        errors.throwIfAny();
        state.choices = (data.choices as APIApplicationCommandOptionChoice[] | undefined) ?? [];
        break;
      }
      case InteractionResponseType.Modal: {
        const errors = new FormErrors();
        validateModal(errors, data);
        errors.throwIfAny(['data']);
        state.modal = data as unknown as APIModalInteractionResponseCallbackData;
        break;
      }
      default:
        break;
    }
    state.response = { type, atMs: this.clock.now() };
    this.ledger.record({
      kind: 'interaction-callback',
      interactionId: id,
      userId: state.userId,
      responseType: type,
    });
    if (!withResponse) return undefined;
    return {
      interaction: {
        id: state.id,
        type: state.type,
        ...(message
          ? {
              response_message_id: message.id,
              response_message_loading: (message.flags & MessageFlags.Loading) !== 0,
              response_message_ephemeral: message.audience === 'ephemeral',
            }
          : {}),
      },
      resource: { type, ...(message ? { message: this.messages.toApi(message) } : {}) },
    };
  }

  private allowedResponses(state: InteractionState): Set<InteractionResponseType> {
    switch (state.type) {
      case InteractionType.ApplicationCommand:
        return new Set([...DEFERRED_OR_REPLY, InteractionResponseType.Modal]);
      case InteractionType.MessageComponent:
        return new Set([
          ...DEFERRED_OR_REPLY,
          InteractionResponseType.DeferredMessageUpdate,
          InteractionResponseType.UpdateMessage,
          InteractionResponseType.Modal,
        ]);
      case InteractionType.ApplicationCommandAutocomplete:
        return new Set([InteractionResponseType.ApplicationCommandAutocompleteResult]);
      case InteractionType.ModalSubmit:
        return new Set(
          state.sourceMessageId
            ? [
                ...DEFERRED_OR_REPLY,
                InteractionResponseType.DeferredMessageUpdate,
                InteractionResponseType.UpdateMessage,
              ]
            : [...DEFERRED_OR_REPLY],
        );
      default:
        return new Set();
    }
  }

  /** Resolves an interaction webhook (application id + token), enforcing the 15-minute lifetime. */
  byWebhook(applicationId: string, token: string): InteractionState {
    const state = [...this.all.values()].find((s) => s.token === token);
    if (!state || applicationId !== this.world.applicationId) throw Errors.unknownWebhook();
    if (this.clock.now() - state.createdAtMs > this.timings.tokenLifetimeMs)
      throw Errors.invalidWebhookToken();
    // Until the interaction is acknowledged, its webhook does not exist yet.
    if (!state.response) throw Errors.unknownWebhook();
    return state;
  }

  /** POST /webhooks/{app}/{token}: a follow-up. The first one after a deferred reply fills the placeholder. */
  followUp(state: InteractionState, body: Json, files: UploadedFile[]): RecordedMessage {
    const original = state.originalMessageId ? this.messages.get(null, state.originalMessageId) : null;
    if (
      original &&
      state.response?.type === InteractionResponseType.DeferredChannelMessageWithSource &&
      (original.flags & MessageFlags.Loading) !== 0
    ) {
      return this.messages.edit(original, body, files);
    }
    const ephemeral = typeof body.flags === 'number' && (body.flags & MessageFlags.Ephemeral) !== 0;
    const channel = this.world.channels.get(state.channelId);
    const message = this.messages.create({
      channelId: state.channelId,
      authorId: this.world.botId,
      body,
      files,
      origin: 'interaction-followup',
      audience: ephemeral ? 'ephemeral' : channel?.type === ChannelType.DM ? 'dm' : 'channel',
      ephemeralTo: state.userId,
      interactionId: state.id,
      messageType: MessageType.Default,
      interactionMetadata: this.metadata(state),
    });
    state.followUpIds.push(message.id);
    return message;
  }

  /** The message a webhook path names: `@original` or one of this interaction's follow-ups. */
  webhookMessage(state: InteractionState, messageId: string): RecordedMessage {
    if (messageId === '@original') {
      if (!state.originalMessageId) throw Errors.unknownMessage();
      return this.messages.get(null, state.originalMessageId);
    }
    if (messageId !== state.originalMessageId && !state.followUpIds.includes(messageId))
      throw Errors.unknownMessage();
    return this.messages.get(null, messageId);
  }

  latestOf(userId: string): InteractionState | undefined {
    return [...this.all.values()].filter((s) => s.userId === userId).at(-1);
  }
}

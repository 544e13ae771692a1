import {
  type APIAttachment,
  type APIEmbed,
  type APIMessage,
  type APIMessageTopLevelComponent,
  ChannelType,
  MessageFlags as Flags,
  GatewayDispatchEvents,
  GatewayIntentBits,
  type MessageFlags,
  MessageType,
} from 'discord-api-types/v10';
import { Errors, FormErrors } from './api-errors.js';
import type { StandinClock } from './clock.js';
import type { Audience, Ledger, MessageOrigin, RecordedAttachment, RecordedMessage } from './ledger.js';
import { validateMessageBody } from './limits.js';
import type { SnowflakeFactory } from './snowflake.js';
import type { World } from './world.js';

/** A file part from a multipart request (`files[n]`). */
export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string | null;
  bytes: Uint8Array;
}

type Json = Record<string, unknown>;

/** Sends gateway dispatches (implemented by the gateway; a no-op when no bot is connected). */
export interface Dispatcher {
  dispatch(event: GatewayDispatchEvents, data: unknown, requiredIntent?: number): void;
}

export interface CreateMessageInput {
  channelId: string;
  authorId: string;
  body: Json;
  files: UploadedFile[];
  origin: MessageOrigin;
  audience: Audience;
  /** For ephemeral messages: the one user who sees it. */
  ephemeralTo?: string;
  interactionId?: string | null;
  /** Prefix for 50035 error paths (`['data']` inside an interaction callback). */
  errorPrefix?: string[];
  /** A deferred ("thinking…") placeholder may be empty. */
  allowEmpty?: boolean;
  messageType?: MessageType;
  interactionMetadata?: APIMessage['interaction_metadata'];
}

/**
 * Creates, edits and deletes messages: enforces the content/embed/component/file limits, keeps the
 * attachments' bytes, records everything in the ledger and emits MESSAGE_* dispatches.
 */
export class MessageStore {
  readonly types = new Map<string, MessageType>();
  readonly metadata = new Map<string, APIMessage['interaction_metadata']>();

  constructor(
    private readonly world: World,
    private readonly ledger: Ledger,
    private readonly ids: SnowflakeFactory,
    private readonly clock: StandinClock,
    private readonly gateway: Dispatcher,
    private readonly options: { baseUrl: () => string; maxFileSizeBytes: number },
  ) {}

  /** Validates a payload; throws ApiError (50035 / 50006 / 40005) and changes nothing on failure. */
  validate(
    body: Json,
    files: UploadedFile[],
    input: { partial: boolean; allowEmpty?: boolean; errorPrefix?: string[] },
  ): void {
    const errors = new FormErrors();
    const { empty } = validateMessageBody(body, errors, { partial: input.partial });
    errors.throwIfAny(input.errorPrefix);
    for (const f of files) {
      if (f.bytes.byteLength > this.options.maxFileSizeBytes) throw Errors.entityTooLarge();
    }
    if (empty && files.length === 0 && !input.allowEmpty) throw Errors.emptyMessage();
  }

  private attachmentsFrom(
    body: Json,
    files: UploadedFile[],
    messageId: string,
    channelId: string,
  ): RecordedAttachment[] {
    const declared = Array.isArray(body.attachments) ? (body.attachments as Json[]) : [];
    return files.map((file, index) => {
      const key = /^files\[(\d+)\]$/.exec(file.field)?.[1] ?? String(index);
      const meta = declared.find((a) => String(a.id) === key);
      const id = this.ids.next();
      const filename = typeof meta?.filename === 'string' ? meta.filename : file.filename;
      return {
        id,
        messageId,
        channelId,
        filename,
        contentType: file.contentType,
        description: typeof meta?.description === 'string' ? meta.description : null,
        size: file.bytes.byteLength,
        bytes: file.bytes,
        url: `${this.options.baseUrl()}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`,
      };
    });
  }

  create(input: CreateMessageInput): RecordedMessage {
    const channel = this.world.channels.get(input.channelId);
    if (!channel) throw Errors.unknownChannel();
    this.validate(input.body, input.files, {
      partial: false,
      allowEmpty: input.allowEmpty ?? false,
      errorPrefix: input.errorPrefix ?? [],
    });
    const id = this.ids.next();
    const body = input.body;
    const visibleTo =
      input.audience === 'ephemeral' ? [input.ephemeralTo!] : this.world.viewersOf(input.channelId);
    const message: RecordedMessage = {
      seq: 0,
      id,
      channelId: input.channelId,
      guildId: channel.guildId,
      authorId: input.authorId,
      content: typeof body.content === 'string' ? body.content : '',
      embeds: Array.isArray(body.embeds) ? (body.embeds as APIEmbed[]) : [],
      components: Array.isArray(body.components) ? body.components : [],
      flags: typeof body.flags === 'number' ? body.flags : 0,
      attachments: this.attachmentsFrom(body, input.files, id, input.channelId),
      audience: input.audience,
      visibleTo,
      origin: input.origin,
      interactionId: input.interactionId ?? null,
      createdAt: this.clock.iso(),
      editedAt: null,
      deleted: false,
      history: [],
    };
    if (input.audience === 'ephemeral') message.flags |= Flags.Ephemeral;
    message.seq = this.ledger.seq + 1;
    if (input.messageType !== undefined) this.types.set(id, input.messageType);
    if (input.interactionMetadata) this.metadata.set(id, input.interactionMetadata);
    channel.lastMessageId = id;
    channel.messageCount += 1;
    this.ledger.addMessage(message);
    if (input.audience !== 'ephemeral') {
      const intent =
        channel.type === ChannelType.DM ? GatewayIntentBits.DirectMessages : GatewayIntentBits.GuildMessages;
      this.gateway.dispatch(GatewayDispatchEvents.MessageCreate, this.toGateway(message), intent);
    }
    return message;
  }

  get(channelId: string | null, messageId: string): RecordedMessage {
    const message = this.ledger.messages.get(messageId);
    if (!message || message.deleted || (channelId !== null && message.channelId !== channelId)) {
      throw Errors.unknownMessage();
    }
    return message;
  }

  /** Applies a PATCH: only the fields present change; `attachments` lists the ones to keep. */
  edit(
    message: RecordedMessage,
    body: Json,
    files: UploadedFile[],
    errorPrefix: string[] = [],
  ): RecordedMessage {
    this.validate(body, files, { partial: true, errorPrefix });
    message.history.push({
      content: message.content,
      embeds: message.embeds,
      components: message.components,
      flags: message.flags,
    });
    if ('content' in body) message.content = typeof body.content === 'string' ? body.content : '';
    if ('embeds' in body) message.embeds = Array.isArray(body.embeds) ? (body.embeds as APIEmbed[]) : [];
    if ('components' in body) message.components = Array.isArray(body.components) ? body.components : [];
    if (typeof body.flags === 'number') {
      // Only SuppressEmbeds / IsComponentsV2 can be changed by an edit; Ephemeral and Loading are kept.
      message.flags = (message.flags & (Flags.Ephemeral | Flags.Loading)) | body.flags;
    }
    // Editing a deferred response resolves its loading state.
    message.flags &= ~Flags.Loading;
    if (Array.isArray(body.attachments)) {
      const keep = new Set((body.attachments as Json[]).map((a) => String(a.id)));
      message.attachments = message.attachments.filter((a) => keep.has(a.id));
    }
    message.attachments.push(...this.attachmentsFrom(body, files, message.id, message.channelId));
    message.editedAt = this.clock.iso();
    this.ledger.record({ kind: 'message-update', messageId: message.id, channelId: message.channelId });
    if (message.audience !== 'ephemeral') {
      const channel = this.world.channels.get(message.channelId);
      const intent =
        channel?.type === ChannelType.DM ? GatewayIntentBits.DirectMessages : GatewayIntentBits.GuildMessages;
      this.gateway.dispatch(GatewayDispatchEvents.MessageUpdate, this.toGateway(message), intent);
    }
    return message;
  }

  delete(message: RecordedMessage): void {
    message.deleted = true;
    this.ledger.record({ kind: 'message-delete', messageId: message.id, channelId: message.channelId });
    if (message.audience !== 'ephemeral') {
      this.gateway.dispatch(
        GatewayDispatchEvents.MessageDelete,
        {
          id: message.id,
          channel_id: message.channelId,
          ...(message.guildId ? { guild_id: message.guildId } : {}),
        },
        GatewayIntentBits.GuildMessages,
      );
    }
  }

  apiAttachment(a: RecordedAttachment): APIAttachment {
    return {
      id: a.id,
      filename: a.filename,
      size: a.size,
      url: a.url,
      proxy_url: a.url,
      ...(a.contentType ? { content_type: a.contentType } : {}),
      ...(a.description ? { description: a.description } : {}),
    };
  }

  /** The REST shape of a message. */
  toApi(message: RecordedMessage): APIMessage {
    const author = this.world.apiUser(message.authorId);
    const metadata = this.metadata.get(message.id);
    const fromApp = message.authorId === this.world.botId && message.interactionId !== null;
    return {
      id: message.id,
      channel_id: message.channelId,
      author,
      content: message.content,
      timestamp: message.createdAt,
      edited_timestamp: message.editedAt,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: message.attachments.map((a) => this.apiAttachment(a)),
      embeds: message.embeds,
      pinned: false,
      type: this.types.get(message.id) ?? MessageType.Default,
      flags: message.flags as MessageFlags,
      components: message.components as APIMessageTopLevelComponent[],
      ...(fromApp ? { webhook_id: this.world.applicationId, application_id: this.world.applicationId } : {}),
      ...(metadata ? { interaction_metadata: metadata } : {}),
    };
  }

  /** The gateway shape: REST shape plus channel_type, guild_id and member. */
  toGateway(
    message: RecordedMessage,
  ): APIMessage & { guild_id?: string; member?: unknown; channel_type?: ChannelType } {
    // Discord adds channel_type to gateway messages; discord.js needs it to build an uncached DM channel.
    const channelType = this.world.channels.get(message.channelId)?.type;
    const base = {
      ...this.toApi(message),
      ...(channelType !== undefined ? { channel_type: channelType } : {}),
    };
    if (!message.guildId) return base;
    const member = this.world.apiMember(message.guildId, message.authorId);
    const { user: _user, ...memberWithoutUser } = member ?? { user: undefined };
    return { ...base, guild_id: message.guildId, ...(member ? { member: memberWithoutUser } : {}) };
  }
}

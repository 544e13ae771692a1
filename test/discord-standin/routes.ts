import { ChannelType, GatewayDispatchEvents, GatewayIntentBits } from 'discord-api-types/v10';
import { Errors, FormErrors } from './api-errors.js';
import type { CommandRegistry } from './commands.js';
import type { StandinGateway } from './gateway.js';
import type { RestRequest, RestResult, RestRoute } from './http-server.js';
import type { InteractionRegistry } from './interactions.js';
import type { Ledger } from './ledger.js';
import type { MessageStore } from './messages.js';
import { apiGuild, type World } from './world.js';

type Json = Record<string, unknown>;

/** What the REST routes operate on. */
export interface RouteContext {
  world: World;
  ledger: Ledger;
  messages: MessageStore;
  interactions: InteractionRegistry;
  commands: CommandRegistry;
  gateway: StandinGateway;
  gatewayUrl: () => string;
  /** ISO timestamp on the stand-in clock. */
  now: () => string;
}

const ok = (body: unknown): RestResult => ({ status: 200, body });
const noContent = (): RestResult => ({ status: 204 });
const asObject = (body: unknown): Json =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Json) : {};

function route(method: string, template: string, handle: RestRoute['handle'], auth = true): RestRoute {
  return { method, template, handle, auth };
}

export function buildRoutes(ctx: RouteContext): RestRoute[] {
  const { world, messages, interactions, commands } = ctx;

  const channelOr404 = (id: string) => {
    const channel = world.channels.get(id);
    if (!channel) throw Errors.unknownChannel();
    return channel;
  };
  const guildOr404 = (id: string) => {
    const guild = world.guilds.get(id);
    if (!guild) throw Errors.unknownGuild();
    return guild;
  };
  const appOr404 = (id: string) => {
    if (id !== world.applicationId) throw Errors.unknownApplication();
  };
  const userId = (raw: string) => (raw === '@me' ? world.botId : raw);

  const commandRoutes = (prefix: string, scopeOf: (req: RestRequest) => string): RestRoute[] => [
    route('GET', `${prefix}/commands`, (req) => ok(commands.list(scopeOf(req)))),
    route('PUT', `${prefix}/commands`, (req) => ok(commands.bulkOverwrite(scopeOf(req), req.body))),
    route('POST', `${prefix}/commands`, (req) => {
      const { command, created } = commands.upsert(scopeOf(req), req.body);
      return { status: created ? 201 : 200, body: command };
    }),
    route('GET', `${prefix}/commands/:command_id`, (req) =>
      ok(commands.get(scopeOf(req), req.params.command_id!)),
    ),
    route('PATCH', `${prefix}/commands/:command_id`, (req) =>
      ok(commands.edit(scopeOf(req), req.params.command_id!, req.body)),
    ),
    route('DELETE', `${prefix}/commands/:command_id`, (req) => {
      commands.remove(scopeOf(req), req.params.command_id!);
      return noContent();
    }),
  ];

  const gatewayBot = () =>
    ok({
      url: ctx.gatewayUrl(),
      shards: 1,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
    });

  return [
    route('GET', '/gateway', () => ok({ url: ctx.gatewayUrl() }), false),
    route('GET', '/gateway/bot', gatewayBot),
    route('GET', '/users/@me', () => ok(world.apiUser(world.botId))),
    route('GET', '/users/:user_id', (req) => {
      if (!world.users.has(req.params.user_id!)) throw Errors.unknownUser();
      return ok(world.apiUser(req.params.user_id!));
    }),
    route('POST', '/users/@me/channels', (req) => {
      const recipient = asObject(req.body).recipient_id;
      if (typeof recipient !== 'string' || !world.users.has(recipient)) {
        const errors = new FormErrors();
        errors.add(['recipient_id'], 'NUMBER_TYPE_COERCE', `Value "${String(recipient)}" is not snowflake.`);
        errors.throwIfAny();
      }
      const channel = world.dmChannelWith(recipient as string);
      ctx.ledger.record({ kind: 'dm-channel', channelId: channel.id, userId: recipient as string });
      return ok(world.apiChannel(channel.id));
    }),
    route('GET', '/applications/@me', () =>
      ok({
        id: world.applicationId,
        name: world.users.get(world.botId)?.username,
        icon: null,
        description: 'discord-standin application',
        bot_public: false,
        bot_require_code_grant: false,
        verify_key: '0'.repeat(64),
        flags: 0,
        team: null,
        summary: '',
        bot: world.apiUser(world.botId),
      }),
    ),
    ...commandRoutes('/applications/:application_id', (req) => {
      appOr404(req.params.application_id!);
      return 'global';
    }),
    ...commandRoutes('/applications/:application_id/guilds/:guild_id', (req) => {
      appOr404(req.params.application_id!);
      guildOr404(req.params.guild_id!);
      return req.params.guild_id!;
    }),

    // ---- interactions ----
    route(
      'POST',
      '/interactions/:interaction_id/:interaction_token/callback',
      (req) => {
        const result = interactions.callback(
          req.params.interaction_id!,
          req.params.interaction_token!,
          asObject(req.body),
          req.files,
          req.query.get('with_response') === 'true',
        );
        return result ? ok(result) : noContent();
      },
      false,
    ),
    route(
      'POST',
      '/webhooks/:application_id/:token',
      (req) => {
        const state = interactions.byWebhook(req.params.application_id!, req.params.token!);
        const message = interactions.followUp(state, asObject(req.body), req.files);
        return req.query.get('wait') === 'false' ? noContent() : ok(messages.toApi(message));
      },
      false,
    ),
    route(
      'GET',
      '/webhooks/:application_id/:token/messages/:message_id',
      (req) => {
        const state = interactions.byWebhook(req.params.application_id!, req.params.token!);
        return ok(messages.toApi(interactions.webhookMessage(state, req.params.message_id!)));
      },
      false,
    ),
    route(
      'PATCH',
      '/webhooks/:application_id/:token/messages/:message_id',
      (req) => {
        const state = interactions.byWebhook(req.params.application_id!, req.params.token!);
        const message = interactions.webhookMessage(state, req.params.message_id!);
        return ok(messages.toApi(messages.edit(message, asObject(req.body), req.files)));
      },
      false,
    ),
    route(
      'DELETE',
      '/webhooks/:application_id/:token/messages/:message_id',
      (req) => {
        const state = interactions.byWebhook(req.params.application_id!, req.params.token!);
        messages.delete(interactions.webhookMessage(state, req.params.message_id!));
        return noContent();
      },
      false,
    ),

    // ---- channels and messages ----
    route('GET', '/channels/:channel_id', (req) =>
      ok(world.apiChannel(channelOr404(req.params.channel_id!).id)),
    ),
    route('GET', '/channels/:channel_id/messages', (req) => {
      const channel = channelOr404(req.params.channel_id!);
      const limit = Math.min(100, Number(req.query.get('limit') ?? 50));
      const list = ctx.ledger
        .list()
        .filter((m) => m.channelId === channel.id && !m.deleted && m.audience !== 'ephemeral')
        .reverse()
        .slice(0, limit);
      return ok(list.map((m) => messages.toApi(m)));
    }),
    route('GET', '/channels/:channel_id/messages/:message_id', (req) => {
      const message = messages.get(req.params.channel_id!, req.params.message_id!);
      if (message.audience === 'ephemeral') throw Errors.unknownMessage();
      return ok(messages.toApi(message));
    }),
    route('POST', '/channels/:channel_id/messages', (req) => {
      const channel = channelOr404(req.params.channel_id!);
      if (channel.type === ChannelType.DM && world.users.get(channel.recipientId!)?.dmsClosed) {
        throw Errors.cannotDmUser();
      }
      if (channel.type === ChannelType.GuildCategory) throw Errors.nonTextChannel();
      const message = messages.create({
        channelId: channel.id,
        authorId: world.botId,
        body: asObject(req.body),
        files: req.files,
        origin: 'channel-message',
        audience: channel.type === ChannelType.DM ? 'dm' : 'channel',
      });
      return ok(messages.toApi(message));
    }),
    route('PATCH', '/channels/:channel_id/messages/:message_id', (req) => {
      const message = messages.get(req.params.channel_id!, req.params.message_id!);
      if (message.authorId !== world.botId) throw Errors.cannotEditOthersMessage();
      return ok(messages.toApi(messages.edit(message, asObject(req.body), req.files)));
    }),
    route('DELETE', '/channels/:channel_id/messages/:message_id', (req) => {
      messages.delete(messages.get(req.params.channel_id!, req.params.message_id!));
      return noContent();
    }),
    route('POST', '/channels/:channel_id/typing', (req) => {
      channelOr404(req.params.channel_id!);
      return noContent();
    }),

    // ---- threads ----
    route('POST', '/channels/:channel_id/threads', (req) => {
      const parent = channelOr404(req.params.channel_id!);
      const body = asObject(req.body);
      const type =
        body.type === ChannelType.PrivateThread ? ChannelType.PrivateThread : ChannelType.PublicThread;
      return { status: 201, body: createThread(ctx, parent.id, body, type, null) };
    }),
    route('POST', '/channels/:channel_id/messages/:message_id/threads', (req) => {
      const parent = channelOr404(req.params.channel_id!);
      messages.get(parent.id, req.params.message_id!);
      return {
        status: 201,
        body: createThread(
          ctx,
          parent.id,
          asObject(req.body),
          ChannelType.PublicThread,
          req.params.message_id!,
        ),
      };
    }),
    route('PUT', '/channels/:channel_id/thread-members/:user_id', (req) => {
      const thread = channelOr404(req.params.channel_id!);
      const member = userId(req.params.user_id!);
      if (thread.type !== ChannelType.PublicThread && thread.type !== ChannelType.PrivateThread) {
        throw Errors.unknownChannel();
      }
      if (!thread.guildId || !world.guilds.get(thread.guildId)?.members.has(member))
        throw Errors.unknownMember();
      thread.threadMemberIds.add(member);
      ctx.ledger.record({ kind: 'thread-member-add', channelId: thread.id, userId: member });
      ctx.gateway.dispatch(
        GatewayDispatchEvents.ThreadMembersUpdate,
        {
          id: thread.id,
          guild_id: thread.guildId,
          member_count: thread.threadMemberIds.size,
          added_members: [{ id: thread.id, user_id: member, join_timestamp: ctx.now(), flags: 0 }],
        },
        GatewayIntentBits.Guilds,
      );
      return noContent();
    }),
    route('DELETE', '/channels/:channel_id/thread-members/:user_id', (req) => {
      const thread = channelOr404(req.params.channel_id!);
      thread.threadMemberIds.delete(userId(req.params.user_id!));
      return noContent();
    }),
    route('GET', '/channels/:channel_id/thread-members', (req) => {
      const thread = channelOr404(req.params.channel_id!);
      return ok(
        [...thread.threadMemberIds].map((id) => ({
          id: thread.id,
          user_id: id,
          join_timestamp: thread.createdAt,
          flags: 0,
        })),
      );
    }),

    // ---- guilds ----
    route('GET', '/guilds/:guild_id', (req) => {
      guildOr404(req.params.guild_id!);
      return ok(apiGuild(world, req.params.guild_id!));
    }),
    route('GET', '/guilds/:guild_id/channels', (req) => {
      const guild = guildOr404(req.params.guild_id!);
      return ok(guild.channelIds.map((id) => world.apiChannel(id)));
    }),
    route('GET', '/guilds/:guild_id/roles', (req) => {
      const guild = guildOr404(req.params.guild_id!);
      return ok([...guild.roles.values()].map((r) => world.apiRole(r)));
    }),
    route('GET', '/guilds/:guild_id/members', (req) => {
      const guild = guildOr404(req.params.guild_id!);
      const limit = Math.min(1000, Number(req.query.get('limit') ?? 1));
      return ok([...guild.members.keys()].slice(0, limit).map((id) => world.apiMember(guild.id, id)));
    }),
    route('GET', '/guilds/:guild_id/members/:user_id', (req) => {
      const guild = guildOr404(req.params.guild_id!);
      const member = world.apiMember(guild.id, userId(req.params.user_id!));
      if (!member) throw Errors.unknownMember();
      return ok(member);
    }),
  ];
}

function createThread(
  ctx: RouteContext,
  parentId: string,
  body: Json,
  type: ChannelType.PublicThread | ChannelType.PrivateThread,
  fromMessageId: string | null,
): unknown {
  const errors = new FormErrors();
  if (typeof body.name !== 'string' || body.name.length < 1 || body.name.length > 100) {
    errors.add(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
  }
  errors.throwIfAny();
  const parent = ctx.world.channels.get(parentId)!;
  if (!parent.guildId || parent.type !== ChannelType.GuildText) throw Errors.unknownChannel();
  const duration = [60, 1440, 4320, 10080].includes(Number(body.auto_archive_duration))
    ? (Number(body.auto_archive_duration) as 60 | 1440 | 4320 | 10080)
    : 1440;
  const thread = ctx.world.createChannel({
    // A thread started from a message shares that message's id.
    ...(fromMessageId ? { id: fromMessageId } : {}),
    type,
    name: body.name as string,
    guildId: parent.guildId,
    parentId,
    ownerId: ctx.world.botId,
    invitable: body.invitable !== false,
    autoArchiveDuration: duration,
  });
  thread.threadMemberIds.add(ctx.world.botId);
  ctx.ledger.record({
    kind: 'thread-create',
    channelId: thread.id,
    parentId,
    private: type === ChannelType.PrivateThread,
    name: thread.name ?? '',
  });
  const payload = { ...ctx.world.apiChannel(thread.id), newly_created: true };
  ctx.gateway.dispatch(GatewayDispatchEvents.ThreadCreate, payload, GatewayIntentBits.Guilds);
  return ctx.world.apiChannel(thread.id);
}

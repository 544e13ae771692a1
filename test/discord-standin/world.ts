import {
  type APIChannel,
  type APIGuildMember,
  type APIOverwrite,
  type APIRole,
  type APIThreadChannel,
  type APIUser,
  ChannelType,
  type GuildMemberFlags,
  OverwriteType,
  PermissionFlagsBits,
  type RoleFlags,
} from 'discord-api-types/v10';
import type { StandinClock } from './clock.js';
import type { SnowflakeFactory } from './snowflake.js';

/** A simulated Discord account (the bot, or a player the tests act as). */
export interface StandinUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** When true, the user does not accept DMs from the bot: sending one answers 50007. */
  dmsClosed: boolean;
}

export interface StandinRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
}

export interface StandinMember {
  userId: string;
  roleIds: string[];
  nick: string | null;
  joinedAt: string;
}

export interface StandinChannel {
  id: string;
  type: ChannelType;
  name: string | null;
  guildId: string | null;
  parentId: string | null;
  position: number;
  /** For a channel restricted to some roles/users (deny @everyone View Channel, allow these). */
  restrictedTo: { roleIds: string[]; userIds: string[] } | null;
  /** DM channels: the other participant. */
  recipientId: string | null;
  /** Threads: creator, members (private threads are visible to members only), flags. */
  ownerId: string | null;
  threadMemberIds: Set<string>;
  invitable: boolean;
  autoArchiveDuration: 60 | 1440 | 4320 | 10080;
  lastMessageId: string | null;
  messageCount: number;
  createdAt: string;
}

export interface StandinGuild {
  id: string;
  name: string;
  ownerId: string;
  roles: Map<string, StandinRole>;
  members: Map<string, StandinMember>;
  channelIds: string[];
}

/** Description of the simulated server a test wants. Names are resolved to ids at start-up. */
export interface WorldSpec {
  botUsername?: string;
  guildName?: string;
  /** Extra roles besides @everyone. */
  roles?: Array<{ name: string; permissions?: bigint }>;
  /** Text channels (default: `general`). `restrictedTo` lists role names and/or usernames. */
  channels?: Array<{ name: string; category?: string; restrictedTo?: string[] }>;
  /** Simulated players. All are guild members unless `inGuild: false`. */
  users?: Array<{
    username: string;
    globalName?: string;
    dmsClosed?: boolean;
    roles?: string[];
    inGuild?: boolean;
  }>;
}

/** Permissions every member gets through @everyone in the simulated guild. */
export const EVERYONE_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseApplicationCommands;

/** The mutable state of the simulated Discord: users, one guild, its channels, DM channels, threads. */
export class World {
  readonly users = new Map<string, StandinUser>();
  readonly guilds = new Map<string, StandinGuild>();
  readonly channels = new Map<string, StandinChannel>();
  readonly applicationId: string;
  readonly botId: string;
  readonly guildId: string;

  constructor(
    private readonly ids: SnowflakeFactory,
    private readonly clock: StandinClock,
    spec: WorldSpec,
  ) {
    this.botId = ids.next();
    // A bot's application id equals its user id.
    this.applicationId = this.botId;
    this.users.set(this.botId, {
      id: this.botId,
      username: spec.botUsername ?? 'soldier-king',
      globalName: null,
      bot: true,
      dmsClosed: true,
    });
    this.guildId = ids.next();
    const guild: StandinGuild = {
      id: this.guildId,
      name: spec.guildName ?? 'Seven Years War (stand-in)',
      ownerId: this.botId,
      roles: new Map(),
      members: new Map(),
      channelIds: [],
    };
    this.guilds.set(guild.id, guild);
    // @everyone shares the guild's id.
    guild.roles.set(guild.id, {
      id: guild.id,
      name: '@everyone',
      permissions: EVERYONE_PERMISSIONS,
      position: 0,
    });
    (spec.roles ?? []).forEach((r, i) => {
      const id = ids.next();
      guild.roles.set(id, { id, name: r.name, permissions: r.permissions ?? 0n, position: i + 1 });
    });
    const botRole = ids.next();
    guild.roles.set(botRole, {
      id: botRole,
      name: 'soldier-king',
      permissions: PermissionFlagsBits.Administrator,
      position: guild.roles.size,
    });
    this.addMember(guild, this.botId, [botRole]);
    for (const u of spec.users ?? []) {
      const id = ids.next();
      this.users.set(id, {
        id,
        username: u.username,
        globalName: u.globalName ?? null,
        bot: false,
        dmsClosed: u.dmsClosed ?? false,
      });
      if (u.inGuild !== false) {
        this.addMember(
          guild,
          id,
          (u.roles ?? []).map((name) => this.roleByName(name).id),
        );
      }
    }
    const categories = new Map<string, string>();
    const channelSpecs = spec.channels ?? [{ name: 'general' }];
    for (const c of channelSpecs) {
      let parentId: string | null = null;
      if (c.category) {
        parentId = categories.get(c.category) ?? null;
        if (!parentId) {
          parentId = this.createChannel({
            type: ChannelType.GuildCategory,
            name: c.category,
            guildId: guild.id,
          }).id;
          categories.set(c.category, parentId);
        }
      }
      const restrictedTo = c.restrictedTo
        ? {
            roleIds: c.restrictedTo.filter((n) => this.findRole(n)).map((n) => this.roleByName(n).id),
            userIds: c.restrictedTo.filter((n) => !this.findRole(n)).map((n) => this.userByName(n).id),
          }
        : null;
      this.createChannel({
        type: ChannelType.GuildText,
        name: c.name,
        guildId: guild.id,
        parentId,
        restrictedTo,
      });
    }
  }

  get guild(): StandinGuild {
    return this.guilds.get(this.guildId)!;
  }

  private addMember(guild: StandinGuild, userId: string, roleIds: string[]): void {
    guild.members.set(userId, { userId, roleIds, nick: null, joinedAt: this.clock.iso() });
  }

  createChannel(init: Partial<StandinChannel> & { type: ChannelType }): StandinChannel {
    const channel: StandinChannel = {
      id: this.ids.next(),
      name: null,
      guildId: null,
      parentId: null,
      position: 0,
      restrictedTo: null,
      recipientId: null,
      ownerId: null,
      threadMemberIds: new Set(),
      invitable: true,
      autoArchiveDuration: 1440,
      lastMessageId: null,
      messageCount: 0,
      createdAt: this.clock.iso(),
      ...init,
    };
    this.channels.set(channel.id, channel);
    if (
      channel.guildId &&
      channel.type !== ChannelType.PublicThread &&
      channel.type !== ChannelType.PrivateThread
    ) {
      const guild = this.guilds.get(channel.guildId)!;
      channel.position = guild.channelIds.length;
      guild.channelIds.push(channel.id);
    }
    return channel;
  }

  findRole(name: string): StandinRole | undefined {
    return [...this.guild.roles.values()].find((r) => r.name === name);
  }

  roleByName(name: string): StandinRole {
    const role = this.findRole(name);
    if (!role) throw new Error(`discord-standin: no role named "${name}"`);
    return role;
  }

  userByName(username: string): StandinUser {
    const user = [...this.users.values()].find((u) => u.username === username);
    if (!user) throw new Error(`discord-standin: no simulated user named "${username}"`);
    return user;
  }

  channelByName(name: string): StandinChannel {
    const channel = [...this.channels.values()].find((c) => c.name === name);
    if (!channel) throw new Error(`discord-standin: no channel named "${name}"`);
    return channel;
  }

  /** Resolves a username or id to a user id (throws on neither). */
  resolveUserId(nameOrId: string): string {
    if (this.users.has(nameOrId)) return nameOrId;
    return this.userByName(nameOrId).id;
  }

  resolveChannelId(nameOrId: string): string {
    if (this.channels.has(nameOrId)) return nameOrId;
    return this.channelByName(nameOrId).id;
  }

  dmChannelWith(userId: string): StandinChannel {
    const existing = [...this.channels.values()].find(
      (c) => c.type === ChannelType.DM && c.recipientId === userId,
    );
    return existing ?? this.createChannel({ type: ChannelType.DM, recipientId: userId });
  }

  memberPermissions(guildId: string, userId: string): bigint {
    const guild = this.guilds.get(guildId);
    const member = guild?.members.get(userId);
    if (!guild || !member) return 0n;
    let perms = guild.roles.get(guild.id)?.permissions ?? 0n;
    for (const id of member.roleIds) perms |= guild.roles.get(id)?.permissions ?? 0n;
    if ((perms & PermissionFlagsBits.Administrator) !== 0n) return ~0n & ((1n << 53n) - 1n);
    return perms;
  }

  /** Who can read a channel right now: guild members with access, DM recipient + bot, thread members. */
  canView(userId: string, channelId: string): boolean {
    const channel = this.channels.get(channelId);
    if (!channel) return false;
    if (channel.type === ChannelType.DM) return userId === channel.recipientId || userId === this.botId;
    if (!channel.guildId) return false;
    const guild = this.guilds.get(channel.guildId);
    const member = guild?.members.get(userId);
    if (!guild || !member) return false;
    if (userId === this.botId) return true;
    if (channel.type === ChannelType.PrivateThread) {
      return (
        channel.threadMemberIds.has(userId) && !!channel.parentId && this.canView(userId, channel.parentId)
      );
    }
    if (channel.type === ChannelType.PublicThread)
      return !!channel.parentId && this.canView(userId, channel.parentId);
    if (channel.restrictedTo) {
      return (
        channel.restrictedTo.userIds.includes(userId) ||
        member.roleIds.some((r) => channel.restrictedTo!.roleIds.includes(r))
      );
    }
    return true;
  }

  /** Every simulated (non-bot) user who can see the channel. */
  viewersOf(channelId: string): string[] {
    return [...this.users.values()].filter((u) => !u.bot && this.canView(u.id, channelId)).map((u) => u.id);
  }

  // ---- serializers to real API payload shapes -------------------------------------------------

  apiUser(userId: string): APIUser {
    const u = this.users.get(userId);
    if (!u) throw new Error(`discord-standin: unknown user ${userId}`);
    return {
      id: u.id,
      username: u.username,
      global_name: u.globalName,
      discriminator: '0',
      avatar: null,
      ...(u.bot ? { bot: true } : {}),
    };
  }

  apiRole(role: StandinRole): APIRole {
    return {
      id: role.id,
      name: role.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: role.position,
      permissions: role.permissions.toString(),
      managed: false,
      mentionable: false,
      flags: 0 as RoleFlags,
    };
  }

  apiMember(guildId: string, userId: string): APIGuildMember | undefined {
    const member = this.guilds.get(guildId)?.members.get(userId);
    if (!member) return undefined;
    return {
      user: this.apiUser(userId),
      nick: member.nick,
      avatar: null,
      banner: null,
      roles: [...member.roleIds],
      joined_at: member.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      pending: false,
    };
  }

  private overwrites(channel: StandinChannel): APIOverwrite[] {
    if (!channel.restrictedTo || !channel.guildId) return [];
    const view = PermissionFlagsBits.ViewChannel.toString();
    return [
      { id: channel.guildId, type: OverwriteType.Role, allow: '0', deny: view },
      ...channel.restrictedTo.roleIds.map((id) => ({ id, type: OverwriteType.Role, allow: view, deny: '0' })),
      ...channel.restrictedTo.userIds.map((id) => ({
        id,
        type: OverwriteType.Member,
        allow: view,
        deny: '0',
      })),
      { id: this.botId, type: OverwriteType.Member, allow: view, deny: '0' },
    ];
  }

  apiChannel(channelId: string): APIChannel {
    const c = this.channels.get(channelId);
    if (!c) throw new Error(`discord-standin: unknown channel ${channelId}`);
    switch (c.type) {
      case ChannelType.DM:
        return {
          id: c.id,
          type: ChannelType.DM,
          name: null,
          last_message_id: c.lastMessageId,
          recipients: [this.apiUser(c.recipientId!)],
        };
      case ChannelType.PublicThread:
      case ChannelType.PrivateThread: {
        const thread: APIThreadChannel = {
          id: c.id,
          type: c.type,
          guild_id: c.guildId!,
          name: c.name ?? 'thread',
          parent_id: c.parentId ?? undefined,
          owner_id: c.ownerId ?? this.botId,
          last_message_id: c.lastMessageId,
          message_count: c.messageCount,
          member_count: c.threadMemberIds.size,
          total_message_sent: c.messageCount,
          rate_limit_per_user: 0,
          thread_metadata: {
            archived: false,
            auto_archive_duration: c.autoArchiveDuration,
            archive_timestamp: c.createdAt,
            locked: false,
            ...(c.type === ChannelType.PrivateThread ? { invitable: c.invitable } : {}),
            create_timestamp: c.createdAt,
          },
          applied_tags: [],
        };
        return thread;
      }
      case ChannelType.GuildCategory:
        return {
          id: c.id,
          type: ChannelType.GuildCategory,
          guild_id: c.guildId!,
          name: c.name ?? 'category',
          position: c.position,
          permission_overwrites: this.overwrites(c),
          parent_id: null,
          nsfw: false,
        };
      default:
        return {
          id: c.id,
          type: ChannelType.GuildText,
          guild_id: c.guildId!,
          name: c.name ?? 'channel',
          position: c.position,
          permission_overwrites: this.overwrites(c),
          parent_id: c.parentId,
          topic: null,
          nsfw: false,
          last_message_id: c.lastMessageId,
          rate_limit_per_user: 0,
          default_auto_archive_duration: 1440,
          default_thread_rate_limit_per_user: 0,
        };
    }
  }
}

/** The GUILD_CREATE payload for a guild: roles, channels, active threads and every member. */
export function guildCreatePayload(world: World, guildId: string): Record<string, unknown> {
  const guild = world.guilds.get(guildId);
  if (!guild) throw new Error(`discord-standin: unknown guild ${guildId}`);
  const threads = [...world.channels.values()].filter(
    (c) =>
      c.guildId === guildId && (c.type === ChannelType.PublicThread || c.type === ChannelType.PrivateThread),
  );
  return {
    ...apiGuild(world, guildId),
    joined_at: guild.members.get(world.botId)?.joinedAt,
    large: false,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [],
    members: [...guild.members.keys()].map((id) => world.apiMember(guildId, id)),
    channels: guild.channelIds.map((id) => world.apiChannel(id)),
    threads: threads.map((t) => world.apiChannel(t.id)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** The REST shape of GET /guilds/{id}. */
export function apiGuild(world: World, guildId: string): Record<string, unknown> {
  const guild = world.guilds.get(guildId);
  if (!guild) throw new Error(`discord-standin: unknown guild ${guildId}`);
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [...guild.roles.values()].map((r) => world.apiRole(r)),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    preferred_locale: 'en-GB',
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
  };
}

import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ChannelType,
  ComponentType,
  InteractionContextType,
  InteractionResponseType,
  InteractionType,
  MessageType,
} from 'discord-api-types/v10';
import type { CommandRegistry } from './commands.js';
import { InteractionHandle } from './interaction-handle.js';
import type { InteractionRegistry, InteractionState } from './interactions.js';
import type { Ledger, RecordedMessage } from './ledger.js';
import type { MessageStore } from './messages.js';
import type { World } from './world.js';

type Json = Record<string, unknown>;
export type OptionValue = string | number | boolean;

export interface UserContext {
  world: World;
  ledger: Ledger;
  commands: CommandRegistry;
  interactions: InteractionRegistry;
  messages: MessageStore;
  defaultChannelId: () => string;
}

export interface SlashInput {
  /** Subcommand name. */
  sub?: string;
  /** Subcommand group name (then `sub` is required). */
  group?: string;
  /** Option values by name. Users/channels/roles are given by id (or by username / channel name). */
  options?: Record<string, OptionValue>;
  /** Channel (id or name) where the user types the command; default: the first text channel. */
  channel?: string;
  /** Type it in the user's DM with the bot instead (the command's contexts must allow BotDM). */
  dm?: boolean;
}

export interface AutocompleteInput extends SlashInput {
  /** The option the user is typing into; its (partial) text is taken from `options`. */
  focused: string;
}

function userError(message: string): Error {
  return new Error(`discord-standin (user action refused): ${message}`);
}

/** Finds a component (button or select) by custom id anywhere in a message's component tree. */
function findComponent(components: unknown[], customId: string): Json | undefined {
  for (const c of components) {
    if (typeof c !== 'object' || c === null) continue;
    const comp = c as Json;
    if (comp.custom_id === customId) return comp;
    for (const key of ['components', 'accessory', 'component'] as const) {
      const child = comp[key];
      const list = Array.isArray(child) ? child : child && typeof child === 'object' ? [child] : [];
      const found = findComponent(list, customId);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A simulated Discord user. Every action checks what a real client would allow (the command exists,
 * the option fits its type and choices, the button is on a message this user can see and is enabled)
 * and throws a clear error otherwise, then dispatches the real INTERACTION_CREATE payload.
 */
export class SimulatedUser {
  constructor(
    private readonly ctx: UserContext,
    readonly id: string,
  ) {}

  private handle(state: InteractionState): InteractionHandle {
    return new InteractionHandle(this.ctx.ledger, state);
  }

  private channelFor(input: { channel?: string; dm?: boolean }): string {
    if (input.dm) return this.ctx.world.dmChannelWith(this.id).id;
    return input.channel ? this.ctx.world.resolveChannelId(input.channel) : this.ctx.defaultChannelId();
  }

  private command(name: string, channelId: string): APIApplicationCommand {
    const guildId = this.ctx.world.channels.get(channelId)?.guildId ?? null;
    const command = this.ctx.commands.find(name, guildId, ApplicationCommandType.ChatInput);
    if (!command) throw userError(`no /${name} command is registered (global or for this guild)`);
    const context = guildId ? InteractionContextType.Guild : InteractionContextType.BotDM;
    if (command.contexts && !command.contexts.includes(context)) {
      throw userError(
        `/${name} is not available in ${guildId ? 'a server' : 'DMs'} (contexts ${command.contexts.join(',')})`,
      );
    }
    return command;
  }

  private buildOptions(
    command: APIApplicationCommand,
    input: SlashInput,
    focused: string | null,
  ): { options: Json[]; resolved: Json } {
    const resolved: Json = {};
    const add = (kind: string, id: string, value: unknown) => {
      resolved[kind] ??= {};
      const bucket = resolved[kind] as Json;
      bucket[id] = value;
    };
    let defs: APIApplicationCommandOption[] = command.options ?? [];
    const wrap: Array<(inner: Json[]) => Json> = [];
    if (input.group) {
      const group = defs.find(
        (o) => o.name === input.group && o.type === ApplicationCommandOptionType.SubcommandGroup,
      );
      if (!group || !('options' in group))
        throw userError(`/${command.name} has no subcommand group "${input.group}"`);
      defs = (group.options ?? []) as APIApplicationCommandOption[];
      wrap.push((inner) => ({
        type: ApplicationCommandOptionType.SubcommandGroup,
        name: input.group,
        options: inner,
      }));
    }
    if (input.sub) {
      const sub = defs.find(
        (o) => o.name === input.sub && o.type === ApplicationCommandOptionType.Subcommand,
      );
      if (!sub || !('options' in sub)) throw userError(`/${command.name} has no subcommand "${input.sub}"`);
      defs = (sub.options ?? []) as APIApplicationCommandOption[];
      wrap.unshift((inner) => ({
        type: ApplicationCommandOptionType.Subcommand,
        name: input.sub,
        options: inner,
      }));
    } else if (
      defs.some(
        (o) =>
          o.type === ApplicationCommandOptionType.Subcommand ||
          o.type === ApplicationCommandOptionType.SubcommandGroup,
      )
    ) {
      throw userError(`/${command.name} needs a subcommand (one of ${defs.map((o) => o.name).join(', ')})`);
    }
    const given = input.options ?? {};
    const out: Json[] = [];
    for (const [name, raw] of Object.entries(given)) {
      const def = defs.find((o) => o.name === name) as (APIApplicationCommandOption & Json) | undefined;
      if (!def)
        throw userError(`/${command.name}${input.sub ? ` ${input.sub}` : ''} has no option "${name}"`);
      if (name === focused) {
        out.push({ type: def.type, name, value: String(raw), focused: true });
        continue;
      }
      out.push({ type: def.type, name, value: this.convert(def, raw, add) });
    }
    if (focused === null) {
      for (const def of defs as Array<APIApplicationCommandOption & Json>) {
        if (def.required === true && !(def.name in given)) {
          throw userError(`/${command.name}: required option "${def.name}" is missing`);
        }
      }
    } else if (!(focused in given)) {
      throw userError(`autocomplete: the focused option "${focused}" needs a (partial) value in options`);
    }
    let options: Json[] = out;
    for (const w of wrap) options = [w(options)];
    return { options, resolved };
  }

  private convert(
    def: APIApplicationCommandOption & Json,
    raw: OptionValue,
    add: (kind: string, id: string, value: unknown) => void,
  ): OptionValue {
    const world = this.ctx.world;
    const where = `option "${def.name}"`;
    const choices = Array.isArray(def.choices) ? (def.choices as Array<{ value: OptionValue }>) : [];
    if (choices.length > 0 && !choices.some((c) => c.value === raw)) {
      throw userError(`${where} must be one of ${choices.map((c) => JSON.stringify(c.value)).join(', ')}`);
    }
    switch (def.type) {
      case ApplicationCommandOptionType.String: {
        const value = String(raw);
        if (typeof def.min_length === 'number' && value.length < def.min_length)
          throw userError(`${where} is too short`);
        if (typeof def.max_length === 'number' && value.length > def.max_length)
          throw userError(`${where} is too long`);
        return value;
      }
      case ApplicationCommandOptionType.Integer:
      case ApplicationCommandOptionType.Number: {
        const value = Number(raw);
        if (
          !Number.isFinite(value) ||
          (def.type === ApplicationCommandOptionType.Integer && !Number.isInteger(value))
        ) {
          throw userError(
            `${where} must be ${def.type === ApplicationCommandOptionType.Integer ? 'an integer' : 'a number'}`,
          );
        }
        if (typeof def.min_value === 'number' && value < def.min_value)
          throw userError(`${where} is below ${def.min_value}`);
        if (typeof def.max_value === 'number' && value > def.max_value)
          throw userError(`${where} is above ${def.max_value}`);
        return value;
      }
      case ApplicationCommandOptionType.Boolean:
        if (typeof raw !== 'boolean') throw userError(`${where} must be true or false`);
        return raw;
      case ApplicationCommandOptionType.User:
      case ApplicationCommandOptionType.Mentionable: {
        const id = world.resolveUserId(String(raw));
        add('users', id, world.apiUser(id));
        const member = world.apiMember(world.guildId, id);
        if (member) {
          const { user: _u, ...rest } = member;
          add('members', id, { ...rest, permissions: world.memberPermissions(world.guildId, id).toString() });
        }
        return id;
      }
      case ApplicationCommandOptionType.Channel: {
        const id = world.resolveChannelId(String(raw));
        const ch = world.apiChannel(id) as unknown as Json;
        add('channels', id, {
          id,
          type: ch.type,
          name: ch.name,
          permissions: '0',
          ...(ch.parent_id ? { parent_id: ch.parent_id } : {}),
        });
        return id;
      }
      case ApplicationCommandOptionType.Role: {
        const role = world.guild.roles.get(String(raw)) ?? world.roleByName(String(raw));
        add('roles', role.id, world.apiRole(role));
        return role.id;
      }
      default:
        throw userError(`${where}: option type ${def.type} is not simulated`);
    }
  }

  /** Types `/name [group] [sub] options…` and sends it. */
  slash(name: string, input: SlashInput = {}): InteractionHandle {
    const channelId = this.channelFor(input);
    const command = this.command(name, channelId);
    const { options, resolved } = this.buildOptions(command, input, null);
    const state = this.ctx.interactions.dispatch({
      type: InteractionType.ApplicationCommand,
      userId: this.id,
      channelId,
      name: [name, input.group, input.sub].filter(Boolean).join(' '),
      data: {
        id: command.id,
        name: command.name,
        type: ApplicationCommandType.ChatInput,
        ...(command.guild_id ? { guild_id: command.guild_id } : {}),
        ...(options.length > 0 ? { options } : {}),
        ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
      },
    });
    return this.handle(state);
  }

  /** Types into an autocomplete option; await `.choices()` on the result. */
  autocomplete(name: string, input: AutocompleteInput): InteractionHandle {
    const channelId = this.channelFor(input);
    const command = this.command(name, channelId);
    const { options } = this.buildOptions(command, input, input.focused);
    const state = this.ctx.interactions.dispatch({
      type: InteractionType.ApplicationCommandAutocomplete,
      userId: this.id,
      channelId,
      name: `${name} (autocomplete ${input.focused})`,
      data: {
        id: command.id,
        name: command.name,
        type: ApplicationCommandType.ChatInput,
        ...(command.guild_id ? { guild_id: command.guild_id } : {}),
        options,
      },
    });
    return this.handle(state);
  }

  private componentOn(messageId: string, customId: string): { message: RecordedMessage; component: Json } {
    const message = this.ctx.ledger.messages.get(messageId);
    if (!message || message.deleted) throw userError(`message ${messageId} does not exist`);
    if (!message.visibleTo.includes(this.id))
      throw userError(`user ${this.id} cannot see message ${messageId}`);
    const component = findComponent(message.components, customId);
    if (!component) throw userError(`message ${messageId} has no component with custom_id "${customId}"`);
    if (component.disabled === true) throw userError(`component "${customId}" is disabled`);
    return { message, component };
  }

  /** Clicks a button on a message this user can see. */
  click(messageId: string, customId: string): InteractionHandle {
    const { message, component } = this.componentOn(messageId, customId);
    if (component.type !== ComponentType.Button) throw userError(`"${customId}" is not a button`);
    const state = this.ctx.interactions.dispatch({
      type: InteractionType.MessageComponent,
      userId: this.id,
      channelId: message.channelId,
      name: customId,
      data: { custom_id: customId, component_type: ComponentType.Button },
      sourceMessage: message,
    });
    return this.handle(state);
  }

  /** Picks values in a select menu (string, user, role or channel select). */
  select(messageId: string, customId: string, values: string[]): InteractionHandle {
    const { message, component } = this.componentOn(messageId, customId);
    const type = component.type as ComponentType;
    const min = typeof component.min_values === 'number' ? component.min_values : 1;
    const max = typeof component.max_values === 'number' ? component.max_values : 1;
    if (values.length < min || values.length > max) {
      throw userError(`select "${customId}" takes ${min}-${max} values, got ${values.length}`);
    }
    const resolved: Json = {};
    let ids = values;
    if (type === ComponentType.StringSelect) {
      const options = Array.isArray(component.options) ? (component.options as Array<{ value: string }>) : [];
      for (const v of values) {
        if (!options.some((o) => o.value === v)) throw userError(`select "${customId}" has no option "${v}"`);
      }
    } else if (type === ComponentType.UserSelect) {
      ids = values.map((v) => this.ctx.world.resolveUserId(v));
      resolved.users = Object.fromEntries(ids.map((id) => [id, this.ctx.world.apiUser(id)]));
    } else if (type === ComponentType.ChannelSelect) {
      ids = values.map((v) => this.ctx.world.resolveChannelId(v));
      resolved.channels = Object.fromEntries(ids.map((id) => [id, this.ctx.world.apiChannel(id)]));
    } else if (type === ComponentType.RoleSelect) {
      ids = values.map((v) => (this.ctx.world.guild.roles.get(v) ?? this.ctx.world.roleByName(v)).id);
      resolved.roles = Object.fromEntries(
        ids.map((id) => [id, this.ctx.world.apiRole(this.ctx.world.guild.roles.get(id)!)]),
      );
    } else {
      throw userError(`"${customId}" is not a select menu`);
    }
    const state = this.ctx.interactions.dispatch({
      type: InteractionType.MessageComponent,
      userId: this.id,
      channelId: message.channelId,
      name: customId,
      data: {
        custom_id: customId,
        component_type: type,
        values: ids,
        ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
      },
      sourceMessage: message,
    });
    return this.handle(state);
  }

  /**
   * Fills in and submits the modal with `customId` the bot most recently showed this user.
   * `fields` maps text-input custom ids to values; required inputs must be present.
   */
  submitModal(customId: string, fields: Record<string, string>): InteractionHandle {
    const opener = [...this.ctx.interactions.all.values()]
      .reverse()
      .find(
        (s) =>
          s.userId === this.id &&
          s.response?.type === InteractionResponseType.Modal &&
          s.modal?.custom_id === customId,
      );
    if (!opener?.modal) throw userError(`no modal "${customId}" was shown to user ${this.id}`);
    const inputs: Json[] = [];
    const collect = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const c = node as Json;
      if (c.type === ComponentType.TextInput) inputs.push(c);
      if (Array.isArray(c.components)) c.components.forEach(collect);
      if (c.component) collect(c.component);
    };
    opener.modal.components.forEach(collect);
    for (const key of Object.keys(fields)) {
      if (!inputs.some((i) => i.custom_id === key))
        throw userError(`modal "${customId}" has no text input "${key}"`);
    }
    for (const input of inputs) {
      const value = fields[input.custom_id as string] ?? '';
      if (input.required !== false && value === '')
        throw userError(`modal "${customId}": "${input.custom_id}" is required`);
      if (typeof input.max_length === 'number' && value.length > input.max_length) {
        throw userError(`modal "${customId}": "${input.custom_id}" is longer than ${input.max_length}`);
      }
      if (value !== '' && typeof input.min_length === 'number' && value.length < input.min_length) {
        throw userError(`modal "${customId}": "${input.custom_id}" is shorter than ${input.min_length}`);
      }
    }
    const answer = (c: Json): Json => ({
      type: ComponentType.TextInput,
      ...(c.id !== undefined ? { id: c.id } : {}),
      custom_id: c.custom_id,
      value: fields[c.custom_id as string] ?? '',
    });
    const components = opener.modal.components.map((row) => {
      const r = row as unknown as Json;
      if (Array.isArray(r.components)) {
        return {
          type: r.type,
          ...(r.id !== undefined ? { id: r.id } : {}),
          components: (r.components as Json[]).map(answer),
        };
      }
      if (r.component && typeof r.component === 'object') {
        return {
          type: r.type,
          ...(r.id !== undefined ? { id: r.id } : {}),
          component: answer(r.component as Json),
        };
      }
      return { type: r.type, ...(r.id !== undefined ? { id: r.id } : {}) };
    });
    const source = opener.sourceMessageId ? this.ctx.ledger.messages.get(opener.sourceMessageId) : null;
    const state = this.ctx.interactions.dispatch({
      type: InteractionType.ModalSubmit,
      userId: this.id,
      channelId: opener.channelId,
      name: customId,
      data: { custom_id: customId, components },
      sourceMessage: source ?? null,
    });
    return this.handle(state);
  }

  /** Posts a plain message in a channel (dispatched as MESSAGE_CREATE if the bot asked for it). */
  say(channel: string, content: string): RecordedMessage {
    const channelId = this.ctx.world.resolveChannelId(channel);
    if (!this.ctx.world.canView(this.id, channelId))
      throw userError(`user ${this.id} cannot see channel ${channelId}`);
    return this.ctx.messages.create({
      channelId,
      authorId: this.id,
      body: { content },
      files: [],
      origin: 'user-message',
      audience: this.ctx.world.channels.get(channelId)?.type === ChannelType.DM ? 'dm' : 'channel',
      messageType: MessageType.Default,
    });
  }

  /** Sends the bot a direct message. */
  dm(content: string): RecordedMessage {
    const channel = this.ctx.world.dmChannelWith(this.id);
    return this.say(channel.id, content);
  }
}

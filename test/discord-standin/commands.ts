import {
  type APIApplicationCommand,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
} from 'discord-api-types/v10';
import { Errors, FormErrors } from './api-errors.js';
import type { Ledger } from './ledger.js';
import { LIMITS, validateCommand, validateCommandList } from './limits.js';
import type { SnowflakeFactory } from './snowflake.js';

type Json = Record<string, unknown>;

/** Registered application commands, global (`scope = 'global'`) and per guild (`scope = guildId`). */
export class CommandRegistry {
  readonly scopes = new Map<string, APIApplicationCommand[]>();

  constructor(
    private readonly applicationId: string,
    private readonly ids: SnowflakeFactory,
    private readonly ledger: Ledger,
  ) {}

  list(scope: string): APIApplicationCommand[] {
    return this.scopes.get(scope) ?? [];
  }

  private materialise(
    scope: string,
    raw: Json,
    existing: APIApplicationCommand | undefined,
  ): APIApplicationCommand {
    const type = (raw.type as ApplicationCommandType | undefined) ?? ApplicationCommandType.ChatInput;
    const command = {
      id: existing?.id ?? this.ids.next(),
      application_id: this.applicationId,
      version: this.ids.next(),
      type,
      name: raw.name as string,
      name_localizations: (raw.name_localizations as Record<string, string> | undefined) ?? null,
      description: type === ApplicationCommandType.ChatInput ? (raw.description as string) : '',
      description_localizations:
        (raw.description_localizations as Record<string, string> | undefined) ?? null,
      options: (raw.options as APIApplicationCommand['options']) ?? [],
      default_member_permissions: (raw.default_member_permissions as string | null | undefined) ?? null,
      nsfw: raw.nsfw === true,
      contexts: (raw.contexts as InteractionContextType[] | undefined) ?? [
        InteractionContextType.Guild,
        InteractionContextType.BotDM,
      ],
      integration_types: (raw.integration_types as ApplicationIntegrationType[] | undefined) ?? [
        ApplicationIntegrationType.GuildInstall,
      ],
      ...(scope === 'global' ? {} : { guild_id: scope }),
    } as APIApplicationCommand;
    return command;
  }

  /** PUT …/commands: replaces the whole scope; commands keep their id when name and type match. */
  bulkOverwrite(scope: string, body: unknown): APIApplicationCommand[] {
    const errors = new FormErrors();
    const list = validateCommandList(errors, body) as Json[];
    errors.throwIfAny();
    const before = this.list(scope);
    const next = list.map((raw) =>
      this.materialise(
        scope,
        raw,
        before.find((c) => c.name === raw.name && c.type === (raw.type ?? ApplicationCommandType.ChatInput)),
      ),
    );
    this.scopes.set(scope, next);
    this.ledger.record({ kind: 'commands-registered', scope, names: next.map((c) => c.name) });
    return next;
  }

  /** POST …/commands: creates, or overwrites the command with the same name and type. */
  upsert(scope: string, raw: unknown): { command: APIApplicationCommand; created: boolean } {
    const errors = new FormErrors();
    validateCommand(errors, [], raw);
    errors.throwIfAny();
    const body = raw as Json;
    const list = [...this.list(scope)];
    const type = body.type ?? ApplicationCommandType.ChatInput;
    const index = list.findIndex((c) => c.name === body.name && c.type === type);
    const chatInputCount = list.filter((c) => c.type === ApplicationCommandType.ChatInput).length;
    if (
      index < 0 &&
      type === ApplicationCommandType.ChatInput &&
      chatInputCount >= LIMITS.chatInputCommandsPerScope
    ) {
      throw Errors.maxCommands();
    }
    const command = this.materialise(scope, body, index >= 0 ? list[index] : undefined);
    if (index >= 0) list[index] = command;
    else list.push(command);
    this.scopes.set(scope, list);
    this.ledger.record({ kind: 'commands-registered', scope, names: [command.name] });
    return { command, created: index < 0 };
  }

  get(scope: string, id: string): APIApplicationCommand {
    const command = this.list(scope).find((c) => c.id === id);
    if (!command) throw Errors.unknownCommand();
    return command;
  }

  edit(scope: string, id: string, patch: unknown): APIApplicationCommand {
    const current = this.get(scope, id);
    const merged = { ...current, ...(patch as Json) };
    const errors = new FormErrors();
    validateCommand(errors, [], merged);
    errors.throwIfAny();
    const command = this.materialise(scope, merged, current);
    this.scopes.set(
      scope,
      this.list(scope).map((c) => (c.id === id ? command : c)),
    );
    return command;
  }

  remove(scope: string, id: string): void {
    this.get(scope, id);
    this.scopes.set(
      scope,
      this.list(scope).filter((c) => c.id !== id),
    );
  }

  /** The command a user would pick by name: a guild command wins over a global one. */
  find(
    name: string,
    guildId: string | null,
    type = ApplicationCommandType.ChatInput,
  ): APIApplicationCommand | undefined {
    const inGuild = guildId ? this.list(guildId).find((c) => c.name === name && c.type === type) : undefined;
    return inGuild ?? this.list('global').find((c) => c.name === name && c.type === type);
  }
}

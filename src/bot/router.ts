// The interaction router: turns discord.js interactions into CommandInput, runs the handler and
// answers. Discord wants an acknowledgement within 3 s, so a handler that may be slow (a phase
// resolves, a map renders) is deferred first; anything else answers directly. Every failure is a
// private, specific message; an unexpected exception is logged and answered privately too.
import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type InteractionReplyOptions,
  MessageFlags,
  PermissionFlagsBits,
} from 'discord.js';
import { commandByName } from './commands/index.js';
import { decodeComponentId } from './custom-id.js';
import { type ComponentReply, handleComponent } from './orders.js';
import type { BotDeps, CommandInput, OptionValue, Reply } from './types.js';

/** How long a handler may run before we defer (Discord allows 3 s for the first answer). */
export const ACK_BUDGET_MS = 1500;

export type RouterLog = (msg: string, data?: Record<string, unknown>) => void;

function optionsOf(i: ChatInputCommandInteraction | AutocompleteInteraction): {
  sub: string | null;
  options: Record<string, OptionValue | undefined>;
} {
  const out: Record<string, OptionValue | undefined> = {};
  let sub: string | null = null;
  const walk = (
    list: readonly { name: string; type: number; value?: unknown; options?: readonly unknown[] }[],
  ) => {
    for (const o of list) {
      if (o.options && (o.type === 1 || o.type === 2)) {
        if (o.type === 1) sub = o.name;
        walk(o.options as typeof list);
      } else if (typeof o.value === 'string' || typeof o.value === 'number' || typeof o.value === 'boolean') {
        out[o.name] = o.value;
      }
    }
  };
  walk(i.options.data as never);
  if (sub === null) {
    try {
      sub = i.options.getSubcommand(false);
    } catch {
      sub = null;
    }
  }
  return { sub, options: out };
}

function inputOf(i: ChatInputCommandInteraction | AutocompleteInteraction): CommandInput {
  const { sub, options } = optionsOf(i);
  return {
    userId: i.user.id,
    guildId: i.guildId,
    channelId: i.channelId,
    isManager: i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    subcommand: sub,
    options,
  };
}

function payload(r: Reply): InteractionReplyOptions {
  const p: InteractionReplyOptions = {
    content: r.content ?? '',
    embeds: r.embeds ?? [],
    components: (r.components ?? []) as never,
    files: (r.files ?? []).map((f) => ({ attachment: f.data, name: f.name, description: f.description })),
    allowedMentions: { parse: [] },
  };
  if (r.content === undefined || r.content === '') delete p.content;
  return p;
}

async function answer(
  i: ChatInputCommandInteraction | ButtonInteraction,
  r: Reply,
  deferred: boolean,
): Promise<void> {
  const p = payload(r);
  if (deferred) {
    await i.editReply(p as never);
    return;
  }
  await i.reply({ ...p, flags: r.ephemeral ? MessageFlags.Ephemeral : undefined } as never);
}

export function createRouter(deps: BotDeps, log: RouterLog = () => {}) {
  async function onCommand(i: ChatInputCommandInteraction): Promise<void> {
    const command = commandByName(i.commandName);
    if (!command) {
      await i.reply({ content: `⛔ Unknown command /${i.commandName}.`, flags: MessageFlags.Ephemeral });
      return;
    }
    const input = inputOf(i);
    const slow = command.slow?.(input) ?? false;
    const isPrivate = command.privateReply?.(input) ?? false;
    const run = () =>
      command.execute(deps, input).catch((e: unknown): Reply => {
        log('command failed', { command: i.commandName, error: String((e as Error)?.stack ?? e) });
        return {
          content: '⛔ Something went wrong on our side; nothing was changed. Please try again.',
          ephemeral: true,
        };
      });
    // A handler that makes a picture is acknowledged before it starts (issue 15): the picture is
    // drawn in the picture thread, then fills the deferred reply.
    const deferFirst = command.deferFirst?.(input) ?? false;
    if (deferFirst) await i.deferReply(isPrivate ? { flags: MessageFlags.Ephemeral } : {});
    const work = run();
    // Answer directly when the handler is quick; defer (Discord's "thinking…") when it might not
    // make the 3 s window: a phase resolving, a map rendering.
    // Every command gets the same budget: commands marked slow are expected to need the deferral,
    // the others normally answer at once but are deferred too if they ever run long.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const early = deferFirst
      ? null
      : await Promise.race([
          work,
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), slow ? ACK_BUDGET_MS : ACK_BUDGET_MS + 500);
          }),
        ]);
    if (timer) clearTimeout(timer);
    if (early) {
      await answer(i, early, false);
    } else {
      if (!deferFirst) await i.deferReply(isPrivate ? { flags: MessageFlags.Ephemeral } : {});
      const reply = await work;
      if (reply.ephemeral && !isPrivate) {
        // Deferred publicly but the answer is private (an error): keep the public part neutral.
        await i.editReply({ content: 'Answered privately.' });
        await i.followUp({ ...payload(reply), flags: MessageFlags.Ephemeral } as never);
      } else {
        await i.editReply(payload(reply) as never);
      }
    }
    const notices = deps.takeNotices?.(i.user.id) ?? [];
    if (notices.length) await i.followUp({ content: notices.join('\n'), flags: MessageFlags.Ephemeral });
  }

  async function onAutocomplete(i: AutocompleteInteraction): Promise<void> {
    const command = commandByName(i.commandName);
    let choices: { name: string; value: string }[] = [];
    try {
      const focused = i.options.getFocused(true);
      if (command?.autocomplete) {
        choices = await command.autocomplete(deps, inputOf(i), {
          name: focused.name,
          value: String(focused.value),
        });
      }
    } catch (e) {
      log('autocomplete failed', { command: i.commandName, error: String(e) });
    }
    await i.respond(
      choices.slice(0, 25).map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) })),
    );
  }

  async function onButton(i: ButtonInteraction): Promise<void> {
    // Check the id and the clicking user before acknowledging: a stranger's click gets a private
    // error and never touches the message it clicked.
    const decoded = decodeComponentId(i.customId);
    if (!decoded.ok || decoded.id.userId !== i.user.id) {
      const message = decoded.ok
        ? 'This button belongs to another player; only they can use it.'
        : decoded.message;
      const mark = !decoded.ok && decoded.expired ? '⌛' : '⛔';
      await i.reply({ content: `${mark} ${message}`, flags: MessageFlags.Ephemeral });
      return;
    }
    // Submitting may resolve a phase: acknowledge first (the clicked message stays as it is until
    // we say otherwise).
    await i.deferUpdate();
    let r: ComponentReply;
    try {
      r = await handleComponent(deps, { userId: i.user.id, customId: i.customId });
    } catch (e) {
      log('button failed', { customId: i.customId, error: String(e) });
      r = { content: '⛔ Something went wrong on our side; nothing was changed.', ephemeral: true };
    }
    if (r.update === 'keep') {
      // The clicked message keeps its reference information (a DM's forces list and map): the
      // answer replaces the clicked seat's text line, and that seat's buttons go. A DM covering
      // several seats keeps the other seats' lines and buttons.
      const clicked = decodeComponentId(i.customId);
      const seat = clicked.ok ? clicked.id.seat : '';
      const rows = (i.message.components ?? []).map(
        (row) => row.toJSON() as { components?: Array<{ custom_id?: string }> },
      );
      const others = rows.filter(
        (row) =>
          !(row.components ?? []).some((c) => {
            const d = decodeComponentId(c.custom_id);
            return d.ok && d.id.seat === seat;
          }),
      );
      const label = seat.charAt(0).toUpperCase() + seat.slice(1);
      const otherLines = (i.message.content ?? '')
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith(`${label}:`) && !l.includes(`before ${label} had`));
      await i.editReply({
        content: [r.content ?? '', ...otherLines].join('\n').slice(0, 2000),
        components: others as never,
        allowedMentions: { parse: [] },
      });
    } else if (r.update === 'replace') {
      await i.editReply({
        content: r.content ?? '',
        embeds: r.embeds ?? [],
        components: [],
        attachments: [],
        allowedMentions: { parse: [] },
      });
    } else {
      // Errors, expired buttons and the preview a choice opens come as a new private message; the
      // clicked message stays untouched.
      await i.followUp({ ...payload(r), flags: MessageFlags.Ephemeral } as never);
    }
  }

  return async function route(i: Interaction): Promise<void> {
    try {
      if (i.isChatInputCommand()) await onCommand(i);
      else if (i.isAutocomplete()) await onAutocomplete(i);
      else if (i.isButton()) await onButton(i);
      else if (i.isRepliable()) {
        await i.reply({ content: '⛔ This control is not one of ours.', flags: MessageFlags.Ephemeral });
      }
    } catch (e) {
      log('interaction failed', { id: i.id, error: String((e as Error)?.stack ?? e) });
    }
  };
}

// The Discord side of the service's Publisher: public updates go to the campaign channel (embed
// from the public view, plus the rendered public map when a renderer is wired); private updates go
// by DM to the seat's holder only, with the seat's own view and its pending decisions as buttons.
// When a user's DMs are closed (Discord error 50007) we fall back to a private thread in the
// campaign channel that only they (and the bot) can see, and tell them how to open DMs; if even
// that fails the notice waits for their next interaction.

import {
  ChannelType,
  type Client,
  DiscordAPIError,
  type Message,
  type MessageCreateOptions,
} from 'discord.js';
import type { APIEmbed } from 'discord-api-types/v10';
import type { OutboundMessage, Publisher } from '../app/publisher.js';
import { publishCampaignBattle } from './battle/campaign-publish.js';
import { publishBattle } from './battle/publish.js';
import { frontHex, pictureName } from './map-renderer.js';
import type { NameBook } from './names.js';
import { buttonableActions, decisionRows, decisionSummary, forfeitRow } from './orders.js';
import { battleEmbeds } from './presenters/battle.js';
import { describeEvent } from './presenters/describe.js';
import { privateEmbed, publicEmbed, relativeTime } from './presenters/status.js';
import { seatLabel } from './session.js';
import type { BotDeps } from './types.js';

const DMS_CLOSED = 50007;
/** Errors retrying cannot fix: unknown channel/user, no access. The message is dropped and logged. */
const PERMANENT = new Set([10003, 10013, 50001, 50013]);

function permanent(e: unknown): boolean {
  return e instanceof DiscordAPIError && typeof e.code === 'number' && PERMANENT.has(e.code);
}

export const OPEN_DMS_HINT =
  'I could not DM you: your direct messages from server members are closed. To get your private updates by DM, open the server menu → Privacy Settings → allow Direct Messages, then use /help.';

/** The texts of the events the target may see (the service filtered them per reader). */
function eventTexts(m: OutboundMessage, names?: NameBook): string[] {
  return (m.events ?? []).map((e) => describeEvent(e, names)).filter((t) => t.length > 0);
}

/**
 * One DM for several seats' parts of the same update: each seat's text line, its embeds (the same
 * battle report once), and its buttons, each labelled with its seat.
 */
export function combinedPayload(parts: Array<{ seat: string; payload: MessageCreateOptions }>) {
  const seen = new Set<string>();
  const embeds = parts
    .flatMap((p) => (p.payload.embeds ?? []) as APIEmbed[])
    .filter((e) => {
      const k = JSON.stringify([e.title, e.description, e.fields?.length]);
      return !seen.has(k) && seen.add(k);
    })
    .slice(0, 10);
  type Button = { label?: string; custom_id?: string };
  const components = parts
    .flatMap((p) =>
      ((p.payload.components ?? []) as Array<{ type: number; components: Button[] }>).map((row) => ({
        ...row,
        components: row.components.map((b) => {
          const label = `${seatLabel(p.seat)}: ${b.label ?? ''}`;
          return { ...b, label: label.length > 80 ? `${label.slice(0, 77)}…` : label };
        }),
      })),
    )
    .slice(0, 5);
  return {
    content: parts
      .map((p) => p.payload.content ?? '')
      .join('\n')
      .slice(0, 2000),
    embeds,
    components: components as never,
    allowedMentions: parts[0]?.payload.allowedMentions ?? { parse: [] },
  };
}

export class DiscordPublisher implements Publisher {
  /** The DM already sent for an update to a person (game, version, topic, user), to add seats to. */
  private readonly combined = new Map<
    string,
    { message: Message; parts: Array<{ seat: string; payload: MessageCreateOptions }>; seats: Set<string> }
  >();
  private readonly queues = new Map<string, Promise<unknown>>();

  /** Runs `f` after every earlier call with the same key, so one update makes one DM, never two. */
  private serial<T>(key: string, f: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(f, f);
    this.queues.set(
      key,
      run.catch(() => {}),
    );
    return run;
  }

  /** Users whose DMs failed, and the private thread we use instead (per game). */
  private readonly fallbackThreads = new Map<string, string>();
  /** Notices for users we could reach neither by DM nor by thread, shown at their next command. */
  readonly pendingNotices = new Map<string, string[]>();

  constructor(
    private readonly client: Client,
    private readonly deps: () => BotDeps,
    private readonly log: (msg: string, data?: Record<string, unknown>) => void = () => {},
  ) {}

  private readyGate: Promise<void> = Promise.resolve();

  /** Jobs restored at start-up may run before login: publishing waits until the client is ready. */
  waitFor(ready: Promise<void>): void {
    this.readyGate = ready;
  }

  async publish(message: OutboundMessage): Promise<{ messageId: string | null }> {
    await this.readyGate;
    // A battle (issue 15) publishes everything in its own thread, never by DM or elsewhere.
    const game = this.deps().directory.game(message.gameId);
    if (game?.kind === 'battle') return publishBattle(this.client, this.deps(), message, game.channelId);
    // A campaign battle fought on the tactical map (issue 16) is published in its private thread.
    const routed = await publishCampaignBattle(this.client, this.deps(), message, this.log);
    if (routed) return routed;
    if (message.target.kind === 'channel') return this.publishChannel(message, message.target.channelId);
    return this.publishDm(message, message.target.userId, message.target.seat);
  }

  private title(m: OutboundMessage): string {
    if (m.topic === 'deadline-passed') return 'Deadline passed — waiting for the missing seats';
    if (m.topic === 'reminder') return 'Reminder: your orders are due';
    return 'Campaign update';
  }

  async postPublicMap(
    gameId: string,
    channelId: string,
    view: unknown,
    title: string,
  ): Promise<string | null> {
    const deps = this.deps();
    const embed = publicEmbed(view, { title, pendingSeats: [], dueAt: null, names: deps.names });
    const png = deps.render ? await deps.render(view, { title }) : null;
    const file = png ? pictureName('map', png) : '';
    if (png) embed.image = { url: `attachment://${file}` };
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isSendable()) return null;
    const sent = await channel.send({
      embeds: [embed],
      files: png ? [{ attachment: png, name: file, description: `Public map of ${gameId}` }] : [],
      allowedMentions: { parse: [] },
    });
    return sent.id;
  }

  private async publishChannel(m: OutboundMessage, channelId: string): Promise<{ messageId: string | null }> {
    const deps = this.deps();
    const png = deps.render ? await deps.render(m.view, { title: 'Public map' }) : null;
    const embed = publicEmbed(m.view, {
      title: this.title(m),
      pendingSeats: m.pendingSeats,
      dueAt: m.dueAt,
      names: deps.names,
      events: eventTexts(m, deps.names),
      withImage: png !== null,
    });
    const file = png ? pictureName('map', png) : '';
    if (png) embed.image = { url: `attachment://${file}` };
    const channel = await this.client.channels.fetch(channelId).catch((e: unknown) => {
      if (permanent(e)) return null;
      throw e;
    });
    if (!channel?.isSendable()) {
      this.log('publisher: campaign channel not reachable', { channelId });
      return { messageId: null };
    }
    const sent = await channel.send({
      embeds: [embed],
      files: png ? [{ attachment: png, name: file, description: 'Public map (no strengths shown)' }] : [],
      allowedMentions: { parse: [] },
    });
    return { messageId: sent.id };
  }

  private async dmPayload(m: OutboundMessage, userId: string, seat: string): Promise<MessageCreateOptions> {
    const deps = this.deps();
    const pending = deps.service.pending({ gameId: m.gameId, userId });
    const decision = pending.ok ? pending.decisions.find((d) => d.seat === seat) : undefined;
    const buttons = decision ? buttonableActions(decision.legalActions) : [];
    const embed = privateEmbed(m.view, {
      seat,
      title: `${seatLabel(seat)} — ${this.title(m)}`,
      pendingActions: decision ? decisionSummary(deps, decision.legalActions, m.view) : [],
      dueAt: m.dueAt,
      names: deps.names,
      events: eventTexts(m, deps.names),
    });
    const rows = (
      decision && pending.ok && buttons.length
        ? decisionRows(deps, {
            gameId: m.gameId,
            seat,
            userId,
            stepId: decision.stepId,
            actions: buttons,
            view: m.view,
          }).slice(0, 4)
        : []
    ) as unknown[];
    // 14.15: while Frederick is a prisoner the Prussian seat is offered the forfeit (asked twice).
    if ((m.view as { canForfeit?: unknown } | null)?.canForfeit === true && seat === 'prussia')
      rows.push(forfeitRow({ gameId: m.gameId, seat, userId, version: m.version }));
    // Issue 18.11: a seat whose step the deadline finished is told so, first thing.
    const timedOut = (m.events ?? []).some(
      (e) =>
        e.type === 'timeout' &&
        Array.isArray((e.data as { seats?: unknown } | undefined)?.seats) &&
        ((e.data as { seats: unknown[] }).seats as unknown[]).includes(seat),
    );
    const timeoutNote = timedOut
      ? `⌛ The deadline passed before ${seatLabel(seat)} had finished: the rest of its step was done for it (no further orders; the rules' default for any open choice).\n`
      : '';
    const content =
      timeoutNote +
      (m.topic === 'reminder'
        ? `<@${userId}>, ${seatLabel(seat)} still has to act${m.dueAt !== null ? `; the deadline is ${relativeTime(m.dueAt)}` : ''}.`
        : decision
          ? `${seatLabel(seat)}: it is your turn to act.`
          : timedOut
            ? `${seatLabel(seat)}: here is your private update.`
            : `${seatLabel(seat)}: your forces were involved; here is your private update.`);
    // An update carries the seat's own map (its own view: its strengths, never the enemy's): a
    // crop of its own front, legible on a phone; the whole map on demand (/campaign map scope:mine).
    const front = frontHex(m.view, seat);
    const png =
      m.topic === 'update' && deps.render
        ? await deps.render(m.view, { title: seatLabel(seat), ...(front ? { zoom: front } : {}) })
        : null;
    const file = png ? pictureName(seat, png) : '';
    if (png) {
      embed.image = { url: `attachment://${file}` };
      if (front)
        embed.footer = {
          text: 'Map: your front around your largest force. The whole map: /campaign map scope:mine',
        };
    }
    // 9.0: the full report of each battle the seat may see, in its own embed after the forces.
    const reports = battleEmbeds(m.events ?? [], deps.names);
    return {
      content,
      embeds: [embed, ...reports],
      files: png
        ? [{ attachment: png, name: file, description: `${seatLabel(seat)}: your private map` }]
        : [],
      components: rows as never,
      allowedMentions: { users: [userId] },
    };
  }

  /** A reminder is also posted in the campaign channel, pinging only the missing seat's holder. */
  private async remindInChannel(m: OutboundMessage, userId: string, seat: string): Promise<void> {
    const game = this.deps().directory.game(m.gameId);
    if (!game) return;
    const channel = await this.client.channels.fetch(game.channelId).catch(() => null);
    if (!channel?.isSendable()) return;
    await channel.send({
      content: `⏰ <@${userId}>: ${seatLabel(seat)}'s orders are still missing${m.dueAt !== null ? `; the deadline is ${relativeTime(m.dueAt)}` : ''}.`,
      allowedMentions: { users: [userId] },
    });
  }

  private async publishDm(
    m: OutboundMessage,
    userId: string,
    seat: string,
  ): Promise<{ messageId: string | null }> {
    if (m.topic === 'reminder') {
      await this.remindInChannel(m, userId, seat).catch((e) =>
        this.log('publisher: reminder ping failed', { error: String(e) }),
      );
    }
    const payload = await this.dmPayload(m, userId, seat);
    const threadKey = `${m.gameId}:${userId}`;
    if (!this.fallbackThreads.has(threadKey)) {
      // Issue 18.10: one DM per person per update. The first seat's message is sent; the same
      // update for the holder's other seats is added to it (their embeds, maps and buttons).
      const key = `${m.gameId}:${m.version}:${m.topic}:${userId}`;
      try {
        return await this.serial(key, async () => {
          const prev = this.combined.get(key);
          if (prev?.seats.has(seat)) return { messageId: prev.message.id };
          if (prev) {
            prev.parts.push({ seat, payload });
            prev.seats.add(seat);
            const edited = await prev.message.edit({
              ...combinedPayload(prev.parts),
              files: payload.files ?? [],
              attachments: [...prev.message.attachments.values()],
            });
            prev.message = edited;
            return { messageId: edited.id };
          }
          const user = await this.client.users.fetch(userId);
          const message = await user.send(payload);
          this.combined.set(key, { message, parts: [{ seat, payload }], seats: new Set([seat]) });
          // Only recent updates can still gain a seat.
          if (this.combined.size > 200) this.combined.delete(this.combined.keys().next().value as string);
          return { messageId: message.id };
        });
      } catch (e) {
        if (permanent(e)) {
          this.log('publisher: DM not possible', { userId, error: String(e) });
          return { messageId: null };
        }
        if (!(e instanceof DiscordAPIError) || e.code !== DMS_CLOSED) throw e;
      }
    }
    return this.publishThread(m, userId, payload, threadKey);
  }

  private async publishThread(
    m: OutboundMessage,
    userId: string,
    payload: MessageCreateOptions,
    threadKey: string,
  ): Promise<{ messageId: string | null }> {
    const deps = this.deps();
    const game = deps.directory.game(m.gameId);
    try {
      let threadId = this.fallbackThreads.get(threadKey);
      let first = false;
      if (!threadId && game) {
        const channel = await this.client.channels.fetch(game.channelId);
        if (channel?.type !== ChannelType.GuildText)
          throw new Error('campaign channel cannot hold private threads');
        const thread = await channel.threads.create({
          name: `orders-${seatLabel(m.target.kind === 'dm' ? m.target.seat : '')}`.slice(0, 100),
          type: ChannelType.PrivateThread,
          invitable: false,
        });
        await thread.members.add(userId);
        threadId = thread.id;
        this.fallbackThreads.set(threadKey, threadId);
        first = true;
      }
      if (!threadId) throw new Error('no campaign channel');
      const thread = await this.client.channels.fetch(threadId);
      if (!thread?.isSendable()) throw new Error('private thread not reachable');
      if (first)
        await thread.send({ content: `<@${userId}> ${OPEN_DMS_HINT}`, allowedMentions: { users: [userId] } });
      const sent = await thread.send({ ...payload, content: `<@${userId}> ${payload.content ?? ''}` });
      return { messageId: sent.id };
    } catch (e) {
      this.log('publisher: private thread fallback failed', { userId, error: String(e) });
      const list = this.pendingNotices.get(userId) ?? [];
      list.push(
        `${OPEN_DMS_HINT} (${seatLabel(m.target.kind === 'dm' ? m.target.seat : '')} has news: use /forces and /help.)`,
      );
      this.pendingNotices.set(userId, list.slice(-3));
      return { messageId: null };
    }
  }

  /** Notices waiting for a user (shown once, privately, at their next command). */
  takeNotices(userId: string): string[] {
    const n = this.pendingNotices.get(userId) ?? [];
    this.pendingNotices.delete(userId);
    return n;
  }
}

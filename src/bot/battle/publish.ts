// Publishing a battle's updates (issue 15). Everything goes to the battle's own thread (the game's
// channel): nothing of a battle reaches anyone outside it.
//
// A readable thread (the first e2e run posted 551 messages by turn 5): a step's update and the
// "your decision" of its awaited holders are ONE message (the results in words, the picture, a
// mention of each awaited human and their buttons). When nothing was moved or fought since the
// last message and nobody new is awaited (the commander activates a formation he also holds; a
// prompt answered), the last message is edited instead of posting a new one: an edit pings nobody,
// so it is used only when everyone awaited was already mentioned there. Autopilot activations are
// played between two human steps and told in the next message, folded. Pictures: a crop when an
// activation (or barrage) is over, a whole-map picture when a turn begins, none in the middle of
// an activation, so each activation shows at most one picture. Reminders stay separate messages
// (they must ping). An earlier message keeps its buttons: they are tagged with their step, and a
// click on one is refused as expired (one API call less per step, and nothing to race).
import type { Client, Message } from 'discord.js';
import type { APIEmbed } from 'discord-api-types/v10';
import type { TacView } from '../../app/battle-types.js';
import type { OutboundMessage } from '../../app/publisher.js';
import type { BotDeps } from '../types.js';
import { cropAround, digestLines, fitLines, isVisual, pictureFor, titleFor } from './digest.js';
import { battleDecisionRows, battleDecisionText } from './orders.js';
import { battleSeatName, eventHexes, phaseLine, statusEmbed } from './present.js';

/** The thread's latest update message, kept so the next update may edit it (per game, in memory). */
interface LastPost {
  message: Message;
  /** Users mentioned (awaited) in it. */
  users: Set<string>;
  /** Its "what happened" lines. */
  lines: string[];
  /** Its picture, kept when the message is edited. */
  image?: APIEmbed['image'];
  title: string;
}
const lastPosts = new Map<string, LastPost>();
/** Hexes of events since the last picture, so the next crop covers the whole activation. */
const sincePicture = new Map<string, { hexes: Set<string>; visual: boolean }>();
const queues = new Map<string, Promise<unknown>>();

/** Runs one game's publishing in order (an edit must not race the post it edits). */
function serial<T>(gameId: string, f: () => Promise<T>): Promise<T> {
  const run = (queues.get(gameId) ?? Promise.resolve()).then(f, f);
  queues.set(
    gameId,
    run.catch(() => {}),
  );
  return run;
}

const DESCRIPTION_MAX = 3500;

export async function publishBattle(
  client: Client,
  deps: BotDeps,
  m: OutboundMessage,
  threadId: string,
): Promise<{ messageId: string | null }> {
  // The seats' "your decision" is part of the step's channel message (one message per step).
  if (m.target.kind === 'dm' && m.topic === 'update') return { messageId: null };
  const channel = await client.channels.fetch(threadId).catch(() => null);
  if (!channel?.isSendable()) return { messageId: null };
  const publicView = deps.service.view({ gameId: m.gameId, seat: 'public', userId: '' });
  const view = (publicView.ok ? publicView.view : m.view) as TacView;
  if (m.target.kind === 'dm') {
    // A reminder: its own message, mentioning the awaited holder only, with the step's buttons.
    const { userId, seat } = m.target;
    const decision = decisionFor(deps, m.gameId, userId, seat);
    const intro = `⏰ <@${userId}>, ${battleSeatName(seat, view)} is still awaited${m.dueAt !== null ? ` (deadline <t:${Math.floor(m.dueAt / 1000)}:R>)` : ''}.`;
    const sent = await channel.send({
      content: [intro, ...(decision ? battleDecisionText(view, seat, decision.legalActions) : [])]
        .join('\n')
        .slice(0, 1900),
      components: (decision
        ? battleDecisionRows({
            gameId: m.gameId,
            seat,
            userId,
            stepId: decision.stepId,
            actions: decision.legalActions,
            view,
          })
        : []) as never,
      allowedMentions: { users: [userId] },
    });
    return { messageId: sent.id };
  }
  return serial(m.gameId, () => publishUpdate(channel as SendableChannel, deps, m, view));
}

type SendableChannel = { send: (o: never) => Promise<Message> };

function decisionFor(deps: BotDeps, gameId: string, userId: string, seat: string) {
  const pending = deps.service.pending({ gameId, userId });
  return pending.ok ? pending.decisions.find((d) => d.seat === seat) : undefined;
}

async function publishUpdate(
  channel: SendableChannel,
  deps: BotDeps,
  m: OutboundMessage,
  view: TacView,
): Promise<{ messageId: string | null }> {
  const seats = deps.directory.seats(m.gameId);
  const awaited = m.pendingSeats.map((seat) => {
    const row = seats.find((s) => s.seat === seat);
    return { seat, userId: row && row.autopilot === 0 ? row.userId : null };
  });
  // Each awaited human's decision: the prompt or orders in words, and its buttons.
  const humans = awaited
    .filter((a): a is { seat: string; userId: string } => a.userId !== null && m.topic === 'update')
    .map((a) => ({ ...a, decision: decisionFor(deps, m.gameId, a.userId, a.seat) }))
    .filter((a) => a.decision);
  const rowsEach = humans.length ? Math.max(1, Math.floor(5 / humans.length)) : 0;
  const rows = humans.flatMap((a) =>
    battleDecisionRows({
      gameId: m.gameId,
      seat: a.seat,
      userId: a.userId,
      stepId: a.decision!.stepId,
      actions: a.decision!.legalActions,
      view,
      seatInLabel: humans.length > 1,
    }).slice(0, rowsEach),
  );
  const content = humans
    .flatMap((a) => [
      `<@${a.userId}>, ${battleSeatName(a.seat, view)}: your decision.`,
      ...battleDecisionText(view, a.seat, a.decision!.legalActions),
    ])
    .join('\n')
    .slice(0, 1900);
  const users = new Set(humans.map((a) => a.userId));

  const lines = digestLines(m.events, view);
  const pending = sincePicture.get(m.gameId) ?? { hexes: new Set<string>(), visual: false };
  for (const h of eventHexes(m.events.filter((e) => e.type !== 'turn'))) pending.hexes.add(h);
  pending.visual ||= isVisual(m.events);
  const picture = m.topic === 'update' ? pictureFor(m.events, view, pending.visual) : null;
  const prev = lastPosts.get(m.gameId);

  // Nothing new to show and nobody new to ping: the last message takes the news.
  if (
    prev &&
    m.topic === 'update' &&
    picture === null &&
    !isVisual(m.events) &&
    [...users].every((u) => prev.users.has(u))
  ) {
    const all = [...prev.lines, ...lines];
    // The message keeps its title ("Turn 3 begins") and picture: it is the same moment, told on.
    const embed = statusEmbed({ view, awaited, dueAt: m.dueAt, title: prev.title });
    embed.description = [phaseLine(view), fitLines(all, DESCRIPTION_MAX)].filter(Boolean).join('\n\n');
    if (prev.image) embed.image = prev.image;
    const edited = await prev.message.edit({
      content,
      embeds: [embed],
      components: rows as never,
      allowedMentions: { parse: [] },
    });
    sincePicture.set(m.gameId, pending);
    lastPosts.set(m.gameId, { ...prev, message: edited, lines: all });
    return { messageId: edited.id };
  }

  const title =
    m.topic === 'deadline-passed'
      ? 'Deadline passed'
      : picture === 'map'
        ? view.over
          ? 'The battle is over'
          : `Turn ${view.turn} begins`
        : titleFor(m.events, view);
  const embed = statusEmbed({ view, awaited, dueAt: m.dueAt, title });
  embed.description = [phaseLine(view), fitLines(lines, DESCRIPTION_MAX)].filter(Boolean).join('\n\n');
  const crop = picture === 'crop' ? cropAround([...pending.hexes]) : undefined;
  const png =
    picture === 'map'
      ? await deps.battlePictures(view, { title, highlights: [...pending.hexes] })
      : crop
        ? await deps.battlePictures(view, {
            title,
            center: crop.center,
            radius: crop.radius,
            highlights: [...pending.hexes],
          })
        : null;
  const name = picture === 'map' ? 'battle-map.png' : 'battle-crop.png';
  if (png) embed.image = { url: `attachment://${name}` };
  const sent = await channel.send({
    ...(content ? { content } : {}),
    embeds: [embed],
    components: rows,
    files: png
      ? [
          {
            attachment: png,
            name,
            description:
              picture === 'map' ? 'The whole battlefield' : `Around ${crop?.center}: ${phaseLine(view)}`,
          },
        ]
      : [],
    allowedMentions: { users: [...users] },
  } as never);
  sincePicture.set(m.gameId, png ? { hexes: new Set(), visual: false } : pending);
  lastPosts.set(m.gameId, {
    message: sent,
    users,
    lines,
    ...(png ? { image: sent.embeds[0]?.image ? { url: sent.embeds[0].image.url } : embed.image } : {}),
    title,
  });
  if (lastPosts.size > 500) lastPosts.delete(lastPosts.keys().next().value as string);
  return { messageId: sent.id };
}

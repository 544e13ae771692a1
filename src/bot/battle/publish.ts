// Publishing a battle's updates (issue 15). Everything goes to the battle's own thread (the game's
// channel): nothing of a battle reaches anyone outside it. A step's update is one message with the
// results in words and ONE picture (a crop around what happened, or the whole map when a turn
// ended), so each player gets at most one image per activation; the messages to seats (their turn,
// a prompt, a reminder) carry buttons built from the engine's legal actions and no picture, and
// mention only the awaited holder.
import type { Client } from 'discord.js';
import type { OutboundMessage } from '../../app/publisher.js';
import type { TacView } from '../../tactical/view.js';
import type { BotDeps } from '../types.js';
import { battleDecisionRows, battleDecisionText } from './orders.js';
import {
  battlePicture,
  battleSeatName,
  eventHexes,
  eventLines,
  middleHex,
  phaseLine,
  statusEmbed,
} from './present.js';

export async function publishBattle(
  client: Client,
  deps: BotDeps,
  m: OutboundMessage,
  threadId: string,
): Promise<{ messageId: string | null }> {
  const channel = await client.channels.fetch(threadId).catch(() => null);
  if (!channel?.isSendable()) return { messageId: null };
  const publicView = deps.service.view({ gameId: m.gameId, seat: 'public', userId: '' });
  const view = (publicView.ok ? publicView.view : m.view) as TacView;
  if (m.target.kind === 'channel') {
    const lines = eventLines(m.events);
    const seats = deps.directory.seats(m.gameId);
    const awaited = m.pendingSeats.map((seat) => {
      const row = seats.find((s) => s.seat === seat);
      return { seat, userId: row && row.autopilot === 0 ? row.userId : null };
    });
    const turnEnded = m.events.some((e) => e.type === 'turn' || e.type === 'game-over');
    const hexes = eventHexes(m.events.filter((e) => e.type !== 'turn'));
    const center = turnEnded ? undefined : middleHex(hexes);
    const title =
      m.topic === 'deadline-passed'
        ? 'Deadline passed'
        : turnEnded
          ? view.over
            ? 'The battle is over'
            : `Turn ${view.turn} begins`
          : 'Battle update';
    const embed = statusEmbed({
      view,
      awaited,
      dueAt: m.dueAt,
      lines: lines.slice(-14),
      title,
    });
    // One picture per update: the whole map when a turn ends, else a crop around the action.
    const png =
      m.topic === 'update' && (turnEnded || center)
        ? battlePicture(view, { title, center, highlights: hexes })
        : null;
    const name = turnEnded ? 'battle-map.png' : 'battle-crop.png';
    if (png) embed.image = { url: `attachment://${name}` };
    const sent = await channel.send({
      embeds: [embed],
      files: png
        ? [
            {
              attachment: png,
              name,
              description: turnEnded ? 'The whole battlefield' : `Around ${center}: ${phaseLine(view)}`,
            },
          ]
        : [],
      allowedMentions: { parse: [] },
    });
    return { messageId: sent.id };
  }
  // A seat's message: its decision as buttons (and how to give free orders), mentioning its holder only.
  const { userId, seat } = m.target;
  const pending = deps.service.pending({ gameId: m.gameId, userId });
  const decision = pending.ok ? pending.decisions.find((d) => d.seat === seat) : undefined;
  // The field is open to both sides: the step's update already told everyone what happened; a seat
  // gets its own message only when it must decide (or is reminded).
  if (!decision && m.topic === 'update') return { messageId: null };
  const intro =
    m.topic === 'reminder'
      ? `⏰ <@${userId}>, ${battleSeatName(seat, view)} is still awaited${m.dueAt !== null ? ` (deadline <t:${Math.floor(m.dueAt / 1000)}:R>)` : ''}.`
      : decision
        ? `<@${userId}>, ${battleSeatName(seat, view)}: your decision.`
        : `<@${userId}>, ${battleSeatName(seat, view)}: your units were involved.`;
  const text = decision ? battleDecisionText(view, seat, decision.legalActions) : [];
  const rows = decision
    ? battleDecisionRows({
        gameId: m.gameId,
        seat,
        userId,
        stepId: decision.stepId,
        actions: decision.legalActions,
        view,
      })
    : [];
  const sent = await channel.send({
    content: [intro, ...text].join('\n').slice(0, 1900),
    components: rows as never,
    allowedMentions: { users: [userId] },
  });
  return { messageId: sent.id };
}

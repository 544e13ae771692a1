// A campaign's sub-battle in Discord (issue 16). When a battle of the Combat Phase is fought out
// on the tactical map, the bot opens a private thread in the campaign channel with only the
// battle's participants in it (the holders of the seats whose forces stand in the hex, 9.0) and
// runs the battle there with the issue-15 battle layer: one update per step with the results in
// words and one picture, a message to each awaited holder with the decision buttons (the campaign
// seat's tactical orders, wrapped into `combat-tactical-order`), /battle orders in the thread.
// Nothing of the battle reaches anyone else: the campaign channel gets only the public lines (a
// battle is being fought at the hex; at the end the strategic result), the participants' own DMs
// are replaced by the thread while the battle lasts. At the end the thread says the battle is over
// and the campaign goes on (result, full report by DM and retreat prompt as for table battles).
import { ChannelType, type Client } from 'discord.js';
import type { GameRow } from '../../app/directory.js';
import type { EngineEvent, Seat } from '../../app/engine-port.js';
import type { OutboundMessage } from '../../app/publisher.js';
import { battleLine } from '../presenters/battle.js';
import { placeLabel } from '../presenters/describe.js';
import { seatLabel } from '../session.js';
import type { BotDeps } from '../types.js';
import { battleSeatsOf, campaignHost, commonEvents, participantPart, tacticalPartOf } from './host.js';
import { battleDecisionRows, battleDecisionText } from './orders.js';
import { battleSeatName, eventHexes, middleHex, phaseLine, statusEmbed } from './present.js';
import type { BattleThread } from './threads.js';

type Log = (msg: string, data?: Record<string, unknown>) => void;

function lineOf(e: EngineEvent): string {
  return typeof e.text === 'string' ? e.text : '';
}

async function openThread(
  client: Client,
  deps: BotDeps,
  game: GameRow,
  hex: string,
  log: Log,
): Promise<BattleThread | undefined> {
  const threads = deps.battleThreads;
  if (!threads) return undefined;
  const seats = battleSeatsOf(deps, game, hex);
  const users = [...new Set(seats.map((s) => s.userId).filter((u): u is string => !!u))];
  const existing = threads.open(game.id, hex);
  if (existing) {
    // A seat taken over during the battle: its new holder joins the thread.
    const fresh = users.filter((u) => !existing.members.has(u));
    if (fresh.length) {
      const thread = await client.channels.fetch(existing.threadId).catch(() => null);
      if (thread?.isThread())
        for (const u of fresh) {
          await thread.members
            .add(u)
            .catch((e) => log('battle thread: member add failed', { error: String(e) }));
          threads.addMember(existing, u);
        }
    }
    return existing;
  }
  const channel = await client.channels.fetch(game.channelId).catch(() => null);
  if (channel?.type !== ChannelType.GuildText) {
    log('battle thread: the campaign channel cannot hold private threads', { gameId: game.id });
    return undefined;
  }
  const place = placeLabel(deps.names, hex);
  const thread = await channel.threads
    .create({
      name: `⚔️ Battle at ${place}`.slice(0, 100),
      type: ChannelType.PrivateThread,
      invitable: false,
      reason: 'A campaign battle fought out on the tactical map (participants only)',
    })
    .catch((e) => {
      log('battle thread: could not open', { error: String(e) });
      return null;
    });
  if (!thread) return undefined;
  const t = threads.add(game.id, hex, thread.id);
  for (const u of users) {
    await thread.members.add(u).catch((e) => log('battle thread: member add failed', { error: String(e) }));
    threads.addMember(t, u);
  }
  const view = seats[0]?.view ?? null;
  const who = seats
    .filter((s) => s.userId)
    .map(
      (s) =>
        `<@${s.userId}> (${seatLabel(s.seat)}${s.autopilot ? ', played by the autopilot' : ''}): ${s.tactical.map((x) => battleSeatName(x, view)).join(', ')}`,
    );
  await thread.send({
    content: [
      `⚔️ The battle at ${place} is fought out here on the tactical map. Only its participants see this thread.`,
      ...who,
      'Decisions come as buttons addressed to you; orders for your formations: /battle move, /battle face, /battle fire, /battle shock (previewed first). /battle status and /battle map show the field.',
    ]
      .join('\n')
      .slice(0, 2000),
    allowedMentions: { users },
  });
  return t;
}

/** The step's update in the thread: what happened (both sides' part) and one picture. */
async function postUpdate(
  client: Client,
  deps: BotDeps,
  game: GameRow,
  t: BattleThread,
  m: OutboundMessage,
): Promise<string | null> {
  const key = `${m.version}:${m.topic}`;
  if (deps.battleThreads && !deps.battleThreads.markPosted(t, key)) return null;
  const host = campaignHost(deps, game, t.hex);
  const seats = battleSeatsOf(deps, game, t.hex);
  const sideOf = new Map(seats.map((s) => [s.seat, s.side]));
  const view = host.view();
  if (!view) return null;
  const shown = commonEvents(m.events, sideOf);
  const lines = shown.map(lineOf).filter((x) => x.length > 0);
  const turnEnded = shown.some((e) => e.type === 'tactical:turn' || e.type === 'tactical-start');
  const hexes = eventHexes(shown.filter((e) => e.type !== 'tactical:turn')).filter((h) => h !== t.hex);
  const center = turnEnded ? undefined : middleHex(hexes);
  const title =
    m.topic === 'deadline-passed'
      ? 'Deadline passed'
      : m.topic === 'reminder'
        ? 'Reminder'
        : turnEnded
          ? view.turn === 0
            ? 'The battle begins'
            : `Turn ${view.turn} begins`
          : 'Battle update';
  const embed = statusEmbed({
    view,
    awaited: host.awaited(),
    dueAt: m.dueAt,
    lines: lines.slice(-14),
    title,
  });
  const png =
    m.topic === 'update' && (turnEnded || center)
      ? await deps.battlePictures(view, { title, center, highlights: hexes })
      : null;
  const name = turnEnded ? 'battle-map.png' : 'battle-crop.png';
  if (png) embed.image = { url: `attachment://${name}` };
  t.lastView = view;
  const thread = await client.channels.fetch(t.threadId).catch(() => null);
  if (!thread?.isSendable()) return null;
  const sent = await thread.send({
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
  return sent.id;
}

/** A seat's decision in the thread: its tactical seats' buttons, mentioning its holder only. */
async function postSeat(
  client: Client,
  deps: BotDeps,
  game: GameRow,
  t: BattleThread,
  m: OutboundMessage,
  userId: string,
  seat: Seat,
): Promise<string | null> {
  const pending = deps.service.pending({ gameId: game.id, userId });
  const d = pending.ok ? pending.decisions.find((x) => x.seat === seat) : undefined;
  const orders = (d?.legalActions ?? []).filter(
    (a) => a.type === 'combat-tactical-order' && a.hex === t.hex,
  ) as unknown as { as: string; order: Record<string, unknown> & { type: string } }[];
  if (!d || orders.length === 0) {
    if (m.topic !== 'reminder') return null;
  }
  const view = campaignHost(deps, game, t.hex).view();
  const bySeat = new Map<string, (typeof orders)[number]['order'][]>();
  for (const o of orders) bySeat.set(o.as, [...(bySeat.get(o.as) ?? []), o.order]);
  const lines: string[] = [];
  const rows = [];
  for (const [tac, list] of bySeat) {
    lines.push(
      m.topic === 'reminder'
        ? `⏰ <@${userId}>, ${battleSeatName(tac, view)} is still awaited${m.dueAt !== null ? ` (deadline <t:${Math.floor(m.dueAt / 1000)}:R>)` : ''}.`
        : `<@${userId}>, ${battleSeatName(tac, view)}: your decision.`,
      ...battleDecisionText(view, tac, list),
    );
    if (d)
      rows.push(
        ...battleDecisionRows({
          gameId: game.id,
          seat,
          userId,
          stepId: d.stepId,
          actions: list,
          view,
          wrap: (order) => ({ type: 'combat-tactical-order', hex: t.hex, as: tac, order }),
        }),
      );
  }
  if (!lines.length) return null;
  const thread = await client.channels.fetch(t.threadId).catch(() => null);
  if (!thread?.isSendable()) return null;
  const sent = await thread.send({
    content: lines.join('\n').slice(0, 1900),
    components: rows.slice(0, 5) as never,
    allowedMentions: { users: [userId] },
  });
  return sent.id;
}

/** Battles of the game that ended: their thread says so, with the public result. */
async function closeEnded(
  client: Client,
  deps: BotDeps,
  game: GameRow,
  m: OutboundMessage,
  underway: string | undefined,
): Promise<void> {
  for (const t of deps.battleThreads?.openOf(game.id) ?? []) {
    if (t.hex === underway) continue;
    deps.battleThreads?.close(t);
    const place = placeLabel(deps.names, t.hex);
    const result = [
      ...new Set(
        m.events
          .filter((e) => e.visibility === 'public' && /battle/.test(e.type))
          .map((e) => battleLine(e, deps.names) ?? lineOf(e))
          .filter((x) => x.length > 0),
      ),
    ];
    const thread = await client.channels.fetch(t.threadId).catch(() => null);
    if (!thread?.isSendable()) continue;
    const png = t.lastView
      ? await deps.battlePictures(t.lastView, { title: `The battle at ${place} is over` })
      : null;
    await thread.send({
      content: [
        `🏁 The battle at ${place} is over.`,
        ...result,
        `The result is applied on the campaign map; the campaign goes on in <#${game.channelId}> (retreats and your full report come as usual).`,
      ]
        .join('\n')
        .slice(0, 2000),
      files: png
        ? [{ attachment: png, name: 'battle-end.png', description: 'The battlefield at the last update' }]
        : [],
      allowedMentions: { parse: [] },
    });
  }
}

/**
 * The campaign publisher's battle routing. Returns the result when the message was handled here
 * (posted in a battle thread, or deliberately not posted), undefined when the usual campaign
 * publishing should go on.
 */
export async function publishCampaignBattle(
  client: Client,
  deps: BotDeps,
  m: OutboundMessage,
  log: Log = () => {},
): Promise<{ messageId: string | null } | undefined> {
  if (!deps.battleThreads) return undefined;
  const game = deps.directory.game(m.gameId);
  if (!game || game.kind === 'battle') return undefined;
  const part = tacticalPartOf(m.view);
  if (m.target.kind === 'channel') {
    await closeEnded(client, deps, game, m, part?.hex);
    if (!part) return undefined;
    // The battle's start: its public line goes to the campaign channel as usual.
    const t = await openThread(client, deps, game, part.hex, log);
    if (m.events.some((e) => e.type === 'battle-public')) return undefined;
    // A step of the battle: nothing for the campaign channel (the public knows only that it is
    // underway); a deadline passing is said in the thread.
    if (t && m.topic === 'deadline-passed') return { messageId: await postUpdate(client, deps, game, t, m) };
    return { messageId: null };
  }
  const mine = participantPart(m.view);
  if (!mine) return undefined;
  const t = await openThread(client, deps, game, mine.hex, log);
  if (!t) return undefined;
  const updateId = m.topic === 'reminder' ? null : await postUpdate(client, deps, game, t, m);
  const seatId = await postSeat(client, deps, game, t, m, m.target.userId, m.target.seat);
  return { messageId: seatId ?? updateId };
}

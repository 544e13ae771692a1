// /forces: your own forces in full, privately: strength per hex, leaders, depots, supply notes.
import { SlashCommandBuilder } from 'discord.js';
import { decisionSummary, forfeitRow } from '../orders.js';
import { privateEmbed } from '../presenters/status.js';
import { findGame, seatLabel } from '../session.js';
import { type BotCommand, errorReply } from '../types.js';
import { addSeatOption, str } from './options.js';

export const command: BotCommand = {
  data: addSeatOption(
    new SlashCommandBuilder().setName('forces').setDescription('Your full forces, privately'),
    false,
  ),
  slow: () => true,
  privateReply: () => true,
  async execute(deps, input) {
    const g = findGame(deps, input);
    if (!g.ok) return errorReply(g.message);
    if (g.game.status !== 'active') return errorReply('The campaign has not started.');
    const only = str(input, 'seat');
    const seats = deps.directory
      .seats(g.game.id)
      .filter((s) => s.userId === input.userId && (!only || s.seat === only));
    if (seats.length === 0)
      return errorReply(only ? `You do not hold ${seatLabel(only)}.` : 'You hold no seat in this campaign.');
    const pending = deps.service.pending({ gameId: g.game.id, userId: input.userId });
    const embeds = [];
    const components = [];
    for (const s of seats.slice(0, 7)) {
      const v = deps.service.view({ gameId: g.game.id, seat: s.seat, userId: input.userId });
      if (!v.ok) return errorReply(v.error.message);
      const d = pending.ok ? pending.decisions.find((x) => x.seat === s.seat) : undefined;
      embeds.push(
        privateEmbed(v.view, {
          seat: s.seat,
          title: `${seatLabel(s.seat)} — forces`,
          pendingActions: d ? decisionSummary(deps, d.legalActions) : [],
          dueAt: d?.dueAt ?? null,
          names: deps.names,
        }),
      );
      // 14.15: the forfeit is offered to the Prussian seat while Frederick is a prisoner.
      if (s.seat === 'prussia' && (v.view as { canForfeit?: unknown } | null)?.canForfeit === true)
        components.push(
          forfeitRow({ gameId: g.game.id, seat: s.seat, userId: input.userId, version: v.version }),
        );
    }
    return { embeds, components, ephemeral: true };
  },
};

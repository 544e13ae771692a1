// /done: the seat has finished its part of the current step (4.2). Unconfirmed previews are dropped.
import { SlashCommandBuilder } from 'discord.js';
import { DONE } from '../../app/engine-port.js';
import { submitAction } from '../orders.js';
import { findActingSeat } from '../session.js';
import { type BotCommand, errorReply } from '../types.js';
import { addSeatOption } from './options.js';

export const command: BotCommand = {
  data: addSeatOption(
    new SlashCommandBuilder().setName('done').setDescription('Finish your part of the current phase'),
    false,
  ),
  slow: () => true,
  privateReply: () => true,
  async execute(deps, input) {
    const g = findActingSeat(deps, input);
    if (!g.ok) return errorReply(g.message);
    const dropped = deps.previews.discard(input.userId, g.game.id, g.seat);
    const r = await submitAction(deps, {
      gameId: g.game.id,
      seat: g.seat,
      userId: input.userId,
      action: DONE,
      requestId: `done:${g.game.version}`,
    });
    if (dropped && r.content?.startsWith('✅')) r.content += `\n(${dropped} unconfirmed order discarded.)`;
    return r;
  },
};

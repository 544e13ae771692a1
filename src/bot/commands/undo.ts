// /undo: withdraw your orders that are still waiting for Confirm. Confirmed orders are committed
// (dice may have been rolled and information revealed), so they cannot be taken back.
import { SlashCommandBuilder } from 'discord.js';
import { findGame } from '../session.js';
import { type BotCommand, errorReply } from '../types.js';

export const command: BotCommand = {
  data: new SlashCommandBuilder().setName('undo').setDescription('Withdraw your orders not yet confirmed'),
  privateReply: () => true,
  async execute(deps, input) {
    const g = findGame(deps, input);
    if (!g.ok) return errorReply(g.message);
    const n = deps.previews.discard(input.userId, g.game.id);
    if (n === 0) return errorReply('You have no unconfirmed order to withdraw; confirmed orders are final.');
    return {
      content: `Withdrew ${n} unconfirmed order${n > 1 ? 's' : ''}. Nothing was sent.`,
      ephemeral: true,
    };
  },
};

// /depot: begin building a depot (10.41) or destroy one of yours (10.47).
import { SlashCommandBuilder } from 'discord.js';
import { previewOrder } from '../orders.js';
import { findActiveGame, findSeat } from '../session.js';
import { type BotCommand, errorReply } from '../types.js';
import { addSeatOption, str } from './options.js';

const data = addSeatOption(
  new SlashCommandBuilder()
    .setName('depot')
    .setDescription('Build a depot (10.41) or destroy one of yours (10.47)')
    .addStringOption((o) =>
      o.setName('hex').setDescription('Hex number or place name').setRequired(true).setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName('action')
        .setDescription('Build (default) or destroy')
        .addChoices(
          { name: 'build', value: 'build' },
          { name: 'destroy', value: 'destroy' },
          { name: 'fortified camp (1761)', value: 'camp' },
        ),
    ),
  false,
);

export const command: BotCommand = {
  data,
  slow: () => true,
  privateReply: () => true,
  async execute(deps, input) {
    const g = findActiveGame(deps, input);
    if (!g.ok) return errorReply(g.message);
    const seat = findSeat(deps, input, g.game);
    if (!seat.ok) return errorReply(seat.message);
    const where = deps.names.hex(str(input, 'hex') ?? '');
    if (!where.ok) return errorReply(where.message);
    const verb = str(input, 'action') ?? 'build';
    if (verb !== 'build' && verb !== 'destroy' && verb !== 'camp') {
      return errorReply('The depot action is "build", "destroy" or "camp".');
    }
    return previewOrder(deps, {
      game: g.game,
      seat: seat.seat,
      userId: input.userId,
      // 10.41 build, 10.47 destroy; 1761 special rule C: the Prussian fortified camp.
      action: {
        type: verb === 'build' ? 'depot-build' : verb === 'camp' ? 'camp-build' : 'depot-destroy',
        hex: where.match.value,
      },
      command: 'depot',
      notes: where.exact ? [] : [`Read as ${where.match.name} (${where.match.value}).`],
    });
  },
  async autocomplete(deps, _input, focused) {
    return deps.names
      .suggestPlaces(focused.value)
      .map((p) => ({ name: `${p.name} (${p.value})`, value: p.value }));
  },
};

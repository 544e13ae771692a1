// /depot: begin building a depot (10.41) or destroy one of yours (10.47).
import { SlashCommandBuilder } from 'discord.js';
import { previewOrder } from '../orders.js';
import { placeLabel } from '../presenters/describe.js';
import { findActingSeat, findActiveGame } from '../session.js';
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
    const g = findActingSeat(deps, input);
    if (!g.ok) return errorReply(g.message);
    const where = deps.names.hex(str(input, 'hex') ?? '');
    if (!where.ok) return errorReply(where.message);
    const verb = str(input, 'action') ?? 'build';
    if (verb !== 'build' && verb !== 'destroy' && verb !== 'camp') {
      return errorReply('The depot action is "build", "destroy" or "camp".');
    }
    return previewOrder(deps, {
      game: g.game,
      seat: g.seat,
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
  async autocomplete(deps, input, focused) {
    // The hexes the engine offers for the chosen action right now, for the user's seats: never an
    // enemy fortress or a hex where a depot cannot go. Outside the Depot Creation Phase (nothing
    // offered) the place names are suggested as before.
    const g = findActiveGame(deps, input);
    const verb = str(input, 'action') ?? 'build';
    const type = verb === 'destroy' ? 'depot-destroy' : verb === 'camp' ? 'camp-build' : 'depot-build';
    const seatOpt = str(input, 'seat');
    const offered = new Set<string>();
    if (g.ok) {
      const p = deps.service.pending({ gameId: g.game.id, userId: input.userId });
      if (p.ok)
        for (const d of p.decisions)
          if (seatOpt === undefined || d.seat === seatOpt)
            for (const a of d.legalActions)
              if (a.type === type && typeof a.hex === 'string') offered.add(a.hex);
    }
    if (offered.size === 0)
      return deps.names
        .suggestPlaces(focused.value)
        .map((p) => ({ name: `${p.name} (${p.value})`, value: p.value }));
    const q = focused.value.trim().toLowerCase();
    return [...offered]
      .sort()
      .map((hex) => ({ name: placeLabel(deps.names, hex), value: hex }))
      .filter((c) => c.name.toLowerCase().includes(q));
  },
};

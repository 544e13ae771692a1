// /garrison: move SP (and leaders) of your nationality into or out of a fortress (12.11, 12.21-12.23).
import { SlashCommandBuilder } from 'discord.js';
import { matchLeader, ownLeaders } from '../leaders.js';
import { previewOrder } from '../orders.js';
import { parseLeaderList } from '../parse/path.js';
import { findActingSeat } from '../session.js';
import { type BotCommand, errorReply } from '../types.js';
import { addSeatOption, int, str } from './options.js';

const data = addSeatOption(
  new SlashCommandBuilder()
    .setName('garrison')
    .setDescription('Move units into or out of a fortress (12.11, 12.2)')
    .addStringOption((o) =>
      o
        .setName('hex')
        .setDescription('The fortress: hex number or name')
        .setRequired(true)
        .setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName('direction')
        .setDescription('Into or out of the fortress')
        .setRequired(true)
        .addChoices({ name: 'in', value: 'in' }, { name: 'out', value: 'out' }),
    )
    .addIntegerOption((o) =>
      o
        .setName('sp')
        .setDescription('Strength points to move')
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(99),
    )
    .addStringOption((o) =>
      o.setName('leaders').setDescription('Leaders moving with them, comma-separated').setMaxLength(200),
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
    const direction = str(input, 'direction');
    if (direction !== 'in' && direction !== 'out') return errorReply('The direction is "in" or "out".');
    const sp = int(input, 'sp');
    if (sp === undefined || sp < 0) return errorReply('Give the number of SP to move.');
    const action: Record<string, unknown> & { type: string } = {
      type: 'garrison',
      hex: where.match.value,
      direction,
      sp,
    };
    const leadersRaw = str(input, 'leaders');
    if (leadersRaw) {
      const own = ownLeaders(deps, g.game, input.userId, g.seat);
      const ls = parseLeaderList(leadersRaw, (n) => {
        const m = matchLeader(own, n);
        return m.ok ? { ok: true, id: m.leader.id } : m;
      });
      if (!ls.ok) return errorReply(ls.message);
      action.leaders = ls.value;
    }
    return previewOrder(deps, {
      game: g.game,
      seat: g.seat,
      userId: input.userId,
      action,
      command: 'garrison',
    });
  },
  async autocomplete(deps, _input, focused) {
    return deps.names
      .suggestPlaces(focused.value)
      .map((p) => ({ name: `${p.name} (${p.value})`, value: p.value }));
  },
};

// /rule <case>: our own short summary of a rule case (assets/rules/summaries.json).
import { SlashCommandBuilder } from 'discord.js';
import { type BotCommand, errorReply } from '../types.js';
import { str } from './options.js';

export const command: BotCommand = {
  data: new SlashCommandBuilder()
    .setName('rule')
    .setDescription('A short summary of a rule case, e.g. 5.41')
    .addStringOption((o) =>
      o
        .setName('case')
        .setDescription('Case number, e.g. 5.41')
        .setRequired(true)
        .setAutocomplete(true)
        .setMaxLength(40),
    ),
  privateReply: () => true,
  async execute(deps, input) {
    const r = deps.rules.lookup(str(input, 'case') ?? '');
    if (!r.ok) return errorReply(r.message);
    return {
      embeds: [
        {
          title: `${r.rule.case} ${r.rule.title}`,
          description: r.rule.summary,
          footer: { text: 'Summary in our words; the rulebook governs.' },
        },
      ],
      ephemeral: true,
    };
  },
  async autocomplete(deps, _input, focused) {
    return deps.rules
      .suggest(focused.value)
      .map((c) => ({ name: `${c.case} ${c.title}`.slice(0, 100), value: c.case }));
  },
};

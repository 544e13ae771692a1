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
    // A section heading also lists its cases, each in a line, so /rule 13.1 is worth asking.
    const subs = deps.rules.subCases(r.rule.case).map((c) => `**${c.case} ${c.title}**: ${c.summary}`);
    const fields: { name: string; value: string }[] = [];
    let chunk: string[] = [];
    const flush = () => {
      if (chunk.length && fields.length < 4)
        fields.push({
          name: fields.length ? 'In this section (cont.)' : 'In this section',
          value: chunk.join('\n'),
        });
      chunk = [];
    };
    for (const line of subs) {
      const clipped = line.length > 1000 ? `${line.slice(0, 997)}…` : line;
      if ([...chunk, clipped].join('\n').length > 1000) flush();
      chunk.push(clipped);
    }
    flush();
    return {
      embeds: [
        {
          title: `${r.rule.case} ${r.rule.title}`,
          description: r.rule.summary,
          ...(fields.length ? { fields } : {}),
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

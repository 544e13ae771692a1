// /rule <case>: our own short summary of a rule case. Two books: the strategic game's cases
// (assets/rules/summaries.json, e.g. 5.41) and the Leuthen 1757 tactical cases
// (assets/rules/leuthen-summaries.json, e.g. L11.5). In a battle's thread a plain number means the
// Leuthen case (F11.5 asks for the strategic one); elsewhere it means the strategic case.
import { SlashCommandBuilder } from 'discord.js';
import { leuthenRules } from '../battle/rules.js';
import { type BotCommand, type BotDeps, type CommandInput, errorReply, type Reply } from '../types.js';
import { str } from './options.js';

function inBattle(deps: BotDeps, input: CommandInput): boolean {
  return deps.directory.inChannel(input.guildId, input.channelId)?.kind === 'battle';
}

/** Which book a query asks: an L prefix means Leuthen, an F prefix the strategic game. */
function bookOf(query: string, battle: boolean): { book: 'leuthen' | 'strategic'; q: string } {
  const q = query.trim();
  if (/^l(euthen)?\s*[\dsS]/i.test(q)) return { book: 'leuthen', q: q.replace(/^l(euthen)?\s*/i, '') };
  if (/^f\s*\d/i.test(q)) return { book: 'strategic', q: q.replace(/^f\s*/i, '') };
  return { book: battle ? 'leuthen' : 'strategic', q };
}

function sectionFields(subs: string[]): { name: string; value: string }[] {
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
  return fields;
}

function leuthenReply(q: string): Reply {
  const book = leuthenRules();
  const r = book.lookup(q);
  if (!r.ok) return errorReply(r.message);
  const fields = sectionFields(
    book.subCases(r.rule.case).map((c) => `**${c.case} ${c.title}**: ${c.summary}`),
  );
  return {
    embeds: [
      {
        title: `Leuthen 1757 · ${r.rule.case} ${r.rule.title}`,
        description: r.rule.summary,
        ...(fields.length ? { fields } : {}),
        footer: {
          text: "Tactical rules (the battle), summary in our words; the rulebook governs. The strategic game's cases: /rule F9.3.",
        },
      },
    ],
    ephemeral: true,
  };
}

export const command: BotCommand = {
  data: new SlashCommandBuilder()
    .setName('rule')
    .setDescription('A short summary of a rule case: 5.41 (strategic), L11.5 (Leuthen battle)')
    .addStringOption((o) =>
      o
        .setName('case')
        .setDescription('Case number, e.g. 5.41; L11.5 for the Leuthen battle rules')
        .setRequired(true)
        .setAutocomplete(true)
        .setMaxLength(40),
    ),
  privateReply: () => true,
  async execute(deps, input) {
    const which = bookOf(str(input, 'case') ?? '', inBattle(deps, input));
    if (which.book === 'leuthen') return leuthenReply(which.q);
    const r = deps.rules.lookup(which.q);
    if (!r.ok) return errorReply(r.message);
    // A section heading also lists its cases, each in a line, so /rule 13.1 is worth asking.
    const fields = sectionFields(
      deps.rules.subCases(r.rule.case).map((c) => `**${c.case} ${c.title}**: ${c.summary}`),
    );
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
  async autocomplete(deps, input, focused) {
    const battle = inBattle(deps, input);
    const which = bookOf(focused.value, battle);
    const leuthen = () =>
      leuthenRules()
        .suggest(which.q)
        .map((c) => ({ name: `Leuthen ${c.case} ${c.title}`.slice(0, 100), value: `L${c.case}` }));
    const strategic = () =>
      deps.rules.suggest(which.q).map((c) => ({
        name: `${battle ? 'Strategic ' : ''}${c.case} ${c.title}`.slice(0, 100),
        value: `${battle ? 'F' : ''}${c.case}`,
      }));
    return (which.book === 'leuthen' ? leuthen() : strategic()).slice(0, 25);
  },
};

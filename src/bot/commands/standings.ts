// /standings: the server's standings over every finished campaign and battle (issue 21), scored as
// the club standings: 2 points a win, +1 for a win that reverses the historical result, 1 a draw;
// the score counts 2 points a game as 100%. People and the autopilot are listed apart.
import { SlashCommandBuilder } from 'discord.js';
import type { StandingLine, Standings } from '../../app/standings/standings.js';
import { seatLabel } from '../session.js';
import { sideLabel } from '../settlement.js';
import { type BotCommand, type BotDeps, type CommandInput, errorReply, type Reply } from '../types.js';
import { str } from './options.js';

export type StandingsTable = 'players' | 'nations' | 'sides';
const TABLES: StandingsTable[] = ['players', 'nations', 'sides'];
const MAX_LINES = 20;

export const data = new SlashCommandBuilder()
  .setName('standings')
  .setDescription('Standings of this server: campaigns and battles per player, nation or side')
  .addStringOption((o) =>
    o
      .setName('table')
      .setDescription('Whose standings (default: players)')
      .addChoices(
        { name: 'players', value: 'players' },
        { name: 'nations', value: 'nations' },
        { name: 'sides', value: 'sides' },
      ),
  );

function tally(t: StandingLine['campaigns']): string {
  if (t.played === 0) return '-';
  const bonus = t.bonus ? ` +${t.bonus}` : '';
  return `${t.played}: ${t.won}-${t.drawn}-${t.lost}${bonus} = ${t.points} pts (${t.score}%)`;
}

export function labelOf(table: StandingsTable, key: string): string {
  if (table === 'players') return key === 'autopilot' ? 'Autopilot' : `<@${key}>`;
  if (table === 'nations') return seatLabel(key);
  // A battle game's sides (prussia, austria) read as the nations they are.
  return key === 'prussian-allied' || key === 'coalition' ? sideLabel(key) : seatLabel(key);
}

export function standingsLines(table: StandingsTable, lines: readonly StandingLine[]): string[] {
  return lines
    .slice(0, MAX_LINES)
    .map(
      (l) =>
        `${l.rank}. ${labelOf(table, l.key)} · campaigns ${tally(l.campaigns)} · battles ${tally(l.battles)}`,
    );
}

export function standingsText(table: StandingsTable, st: Standings): string {
  const head = `${st.campaigns} campaign(s) and ${st.battles} battle(s) counted${st.abandoned ? `; ${st.abandoned} abandoned campaign(s) not counted` : ''}.`;
  const legend = 'Played: won-drawn-lost +bonus = points (score: 2 points a game = 100%).';
  const parts: string[] = [head, legend];
  if (table === 'players') {
    parts.push(
      '**People**',
      ...(st.players.length ? standingsLines('players', st.players) : ['No one yet.']),
    );
    if (st.autopilot)
      parts.push(
        '**Autopilot** (all its seats, counted apart)',
        ...standingsLines('players', [st.autopilot]).map((l) => l.replace(/^\d+\. /, '')),
      );
  } else if (table === 'nations') {
    parts.push(
      '**Played by people**',
      ...(st.nations.length ? standingsLines('nations', st.nations) : ['None yet.']),
    );
    if (st.nationsAutopilot.length)
      parts.push('**Played by the autopilot**', ...standingsLines('nations', st.nationsAutopilot));
  } else {
    parts.push('**Sides**', ...standingsLines('sides', st.sides));
  }
  return parts.join('\n');
}

async function tablePicture(table: StandingsTable, st: Standings): Promise<Buffer | null> {
  try {
    const { standingsTablePng } = await import('../../render/standings.js');
    const rows =
      table === 'nations'
        ? [
            ...st.nations.map((l) => ({ ...l, label: seatLabel(l.key) })),
            ...st.nationsAutopilot.map((l) => ({ ...l, label: `${seatLabel(l.key)} (autopilot)` })),
          ]
        : st.sides.map((l) => ({ ...l, label: labelOf('sides', l.key) }));
    return standingsTablePng(
      `Standings: ${table}`,
      rows,
      '2 points a win, +1 reversing the historical result, 1 a draw; score: 2 points a game = 100%.',
    );
  } catch {
    return null;
  }
}

async function execute(deps: BotDeps, input: CommandInput): Promise<Reply> {
  if (!input.guildId) return errorReply('Standings are kept per server: use /standings in a server channel.');
  if (!deps.records) return errorReply('Standings are not available on this bot.');
  const table = (str(input, 'table') ?? 'players') as StandingsTable;
  if (!TABLES.includes(table)) return errorReply('The table is players, nations or sides.');
  const { standings } = deps.records.standings(input.guildId);
  if (standings.campaigns === 0 && standings.abandoned === 0)
    return { content: 'No campaign has finished in this server yet.', ephemeral: true };
  const description = standingsText(table, standings).slice(0, 4000);
  const embed: NonNullable<Reply['embeds']>[number] = {
    title: `Standings: ${table}`,
    description,
    color: 0x5865f2,
  };
  const files: Reply['files'] = [];
  // The table as a picture for nations and sides (players are named by mentions, which only the
  // embed can show).
  if (table !== 'players') {
    const png = await tablePicture(table, standings);
    if (png) {
      files.push({ name: 'standings.png', data: png, description: `Standings of the ${table}` });
      embed.image = { url: 'attachment://standings.png' };
    }
  }
  return { embeds: [embed], files, ephemeral: false };
}

export const command: BotCommand = {
  data,
  slow: () => true,
  execute,
};

// /history: the turn-by-turn story of a campaign (issue 21): battles, sieges, captures,
// reinforcements and the end. During play each player reads only what their seats may know, and
// the answer is private; after the end everyone reads everything, with the result and the final map.
import { SlashCommandBuilder } from 'discord.js';
import type { GameRow } from '../../app/directory.js';
import type { StoryChapter } from '../../app/standings/index.js';
import { pictureName } from '../map-renderer.js';
import { findGame } from '../session.js';
import { sideLabel } from '../settlement.js';
import { type BotCommand, type BotDeps, type CommandInput, errorReply, type Reply } from '../types.js';
import { str } from './options.js';

const DESCRIPTION_MAX = 3900;

export const data = new SlashCommandBuilder()
  .setName('history')
  .setDescription('The story of a campaign, turn by turn')
  .addStringOption((o) =>
    o
      .setName('game')
      .setDescription('A campaign id (default: the campaign of this channel, or its last one)'),
  );

export function storyText(chapters: readonly StoryChapter[]): string {
  return chapters
    .map((c) => [`**${c.date}** (Turn ${c.turn})`, ...c.lines.map((l) => `• ${l}`)].join('\n'))
    .join('\n\n');
}

function pickGame(deps: BotDeps, input: CommandInput): GameRow | string {
  const id = str(input, 'game');
  if (id) {
    const g = deps.directory.game(id.trim());
    if (!g || (input.guildId !== null && g.guildId !== input.guildId))
      return `There is no campaign ${id} in this server.`;
    return g;
  }
  const found = findGame(deps, input);
  if (found.ok) return found.game;
  return deps.directory.latestInChannel(input.guildId, input.channelId) ?? found.message;
}

export function resultLine(r: {
  winner: string | null;
  level: string | null;
  endedBy: string;
  vpAllied: number;
  vpCoalition: number;
}): string {
  const vp = `VP ${sideLabel('prussian-allied')} ${r.vpAllied}, ${sideLabel('coalition')} ${r.vpCoalition}`;
  if (r.endedBy === 'abandoned') return `The campaign was abandoned (${vp} when it stopped).`;
  if (r.endedBy === 'draw-agreed') return `Both sides agreed a draw (${vp}).`;
  if (r.endedBy === 'conceded')
    return `${sideLabel(r.winner as 'prussian-allied' | 'coalition')} victory by concession (${vp}).`;
  if (r.winner === 'draw') return `A draw (${vp}).`;
  return `${sideLabel(r.winner as 'prussian-allied' | 'coalition')} ${r.level} victory (17.1; ${vp}).`;
}

async function vpChart(scenario: string, vpByTurn: string): Promise<Buffer | null> {
  try {
    const points = JSON.parse(vpByTurn) as Array<{
      turn: number;
      allied: number;
      coalition: number;
      final?: boolean;
    }>;
    if (points.length < 2) return null;
    const [{ vpChartPng }, { scenarioYear, turnDate }] = await Promise.all([
      import('../../render/standings.js'),
      import('../../render/calendar.js'),
    ]);
    const year = scenarioYear(scenario);
    return vpChartPng(`VP by Game-Turn: ${scenario}`, points, (turn) => {
      const d = turnDate(turn, year);
      return d.ok ? d.label.replace(/ \d{4}$/, '') : `T${turn}`;
    });
  } catch {
    return null;
  }
}

async function execute(deps: BotDeps, input: CommandInput): Promise<Reply> {
  if (!deps.records) return errorReply('Campaign histories are not available on this bot.');
  const game = pickGame(deps, input);
  if (typeof game === 'string') return errorReply(game);
  if (!game.started) return errorReply('This campaign has not started yet: it has no history.');
  const finished = game.status === 'over' || game.status === 'abandoned';
  const mySeats = deps.directory
    .seats(game.id)
    .filter((s) => s.userId === input.userId)
    .map((s) => s.seat);
  // During play: only what the reader's seats (or the public) may know, and privately.
  const chapters = deps.records.story(game.id, finished ? 'all' : { seats: mySeats });
  const text = storyText(chapters) || 'Nothing of note has happened yet.';
  const head = finished
    ? resultLine(
        deps.records.result(game.id) ?? {
          winner: null,
          level: null,
          endedBy: 'abandoned',
          vpAllied: 0,
          vpCoalition: 0,
        },
      )
    : mySeats.length
      ? 'What your seats know so far.'
      : 'What is public so far.';
  const body = text.length > DESCRIPTION_MAX ? `…\n${text.slice(text.length - DESCRIPTION_MAX)}` : text;
  const files: Reply['files'] = [];
  if (text.length > DESCRIPTION_MAX)
    files.push({
      name: 'history.txt',
      data: Buffer.from(storyText(chapters).replace(/\*\*/g, ''), 'utf8'),
      description: 'The whole story',
    });
  const embed: NonNullable<Reply['embeds']>[number] = {
    title: `History of campaign ${game.scenario} (${game.id})`,
    description: `${head}\n\n${body}`,
    color: 0x8b5a2b,
  };
  const embeds: NonNullable<Reply['embeds']> = [embed];
  const record = finished ? deps.records.result(game.id) : undefined;
  if (record) {
    const chart = await vpChart(game.scenario, record.vpByTurn);
    if (chart) {
      files.push({ name: 'vp-by-turn.png', data: chart, description: 'VP of both sides by Game-Turn' });
      embed.image = { url: 'attachment://vp-by-turn.png' };
    }
  }
  if (finished && deps.render) {
    const v = deps.service.view({ gameId: game.id, seat: 'public', userId: input.userId });
    const png = v.ok ? await deps.render(v.view, { title: 'Final map' }) : null;
    if (png) {
      const file = pictureName('final-map', png);
      files.push({ name: file, data: png, description: 'The final public map' });
      embeds.push({ title: 'Final map', image: { url: `attachment://${file}` }, color: 0x8b5a2b });
    }
  }
  return { embeds, files, ephemeral: !finished };
}

export const command: BotCommand = {
  data,
  slow: () => true,
  // Deferred publicly: during play the answer is private (the router says "Answered privately").
  privateReply: () => false,
  execute,
};

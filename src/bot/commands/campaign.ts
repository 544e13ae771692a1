// /campaign: create, join, leave, start, status, map, settings, replace, concede, draw, end.
// One open campaign per channel or thread; a user may hold several seats and a side may be
// shared by several users (one per nationality seat).

import { InteractionContextType, SlashCommandBuilder, type SlashCommandStringOption } from 'discord.js';
import type { SettingsChange } from '../../app/settings.js';
import { pictureName } from '../map-renderer.js';
import { privateEmbed, publicEmbed } from '../presenters/status.js';
import { findGame, seatLabel } from '../session.js';
import { sideLabel } from '../settlement.js';
import { type BotCommand, type BotDeps, type CommandInput, errorReply, type Reply } from '../types.js';
import { resultLine } from './history.js';
import { addSeatOption, bool, int, str } from './options.js';

/** Hours a phase stays open: the same bounds the option declares to Discord, checked here as well. */
const DEADLINE_HOURS = { min: 1, max: 336 } as const;

const SCENARIOS = ['1756', '1757', '1758', '1759', '1760', '1761', '1762'];
const HOUR = 3_600_000;

/** The timeout policy (at creation and in the settings alike). */
const timeoutOpt = (o: SlashCommandStringOption) =>
  o
    .setName('timeout')
    .setDescription('What happens when a deadline passes')
    .addChoices(
      { name: 'autopilot finishes the step', value: 'autopilot' },
      { name: 'wait for the player', value: 'wait' },
    );

export const data = new SlashCommandBuilder()
  .setName('campaign')
  .setDescription('Create, join and manage the Seven Years War campaign of this channel')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s
      .setName('create')
      .setDescription('Create a campaign in this channel or thread')
      .addStringOption((o) =>
        o
          .setName('scenario')
          .setDescription('Scenario year, 1756 to 1762')
          .setRequired(true)
          .setAutocomplete(true),
      )
      .addIntegerOption((o) =>
        o
          .setName('deadline_hours')
          .setDescription('Hours each phase stays open (default 24)')
          .setMinValue(DEADLINE_HOURS.min)
          .setMaxValue(DEADLINE_HOURS.max),
      )
      .addStringOption(timeoutOpt)
      .addBooleanOption((o) =>
        o.setName('move_maps').setDescription('Post the public map after every move, not only each phase'),
      ),
  )
  .addSubcommand((s) =>
    addSeatOption(
      s.setName('join').setDescription('Take a seat (a nationality)'),
      true,
      'The nationality to play',
    ),
  )
  .addSubcommand((s) =>
    addSeatOption(
      s.setName('leave').setDescription('Give up one of your seats'),
      true,
      'The seat to give up',
    ),
  )
  .addSubcommand((s) => s.setName('start').setDescription('Start the campaign (creator only)'))
  .addSubcommand((s) => s.setName('status').setDescription('Turn, phase, seats and who must act'))
  .addSubcommand((s) =>
    s
      .setName('map')
      .setDescription('Show the map')
      .addStringOption((o) =>
        o
          .setName('scope')
          .setDescription('The public map, or your own map (privately)')
          .addChoices({ name: 'public', value: 'public' }, { name: 'mine', value: 'mine' }),
      )
      .addStringOption((o) =>
        o.setName('zoom').setDescription('Zoom on a hex number or a city').setAutocomplete(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('settings')
      .setDescription(
        'Deadlines, timeout policy, per-move maps, tactical battles (creator or server managers)',
      )
      .addIntegerOption((o) =>
        o
          .setName('deadline_hours')
          .setDescription('Hours each phase stays open')
          .setMinValue(DEADLINE_HOURS.min)
          .setMaxValue(DEADLINE_HOURS.max),
      )
      .addStringOption(timeoutOpt)
      .addBooleanOption((o) => o.setName('move_maps').setDescription('Post the public map after every move'))
      // Issue 16: battles fought out on the tactical map (set before the start; the service refuses after).
      .addStringOption((o) =>
        o
          .setName('tactical')
          .setDescription('Fight battles out on the tactical map: off, offer (both must accept) or always')
          .addChoices(
            { name: 'off (every battle on the table)', value: 'off' },
            { name: 'offer (both commanders must accept)', value: 'offer' },
            { name: 'always (every eligible battle)', value: 'always' },
          ),
      )
      .addIntegerOption((o) =>
        o
          .setName('tactical_min_sp')
          .setDescription('Each side needs at least this many SP for a tactical battle')
          .setMinValue(1)
          .setMaxValue(60),
      )
      .addIntegerOption((o) =>
        o
          .setName('tactical_turns')
          .setDescription('Time budget: at most this many tactical turns per battle')
          .setMinValue(1)
          .setMaxValue(30),
      )
      .addStringOption((o) =>
        o
          .setName('tactical_autopilot')
          .setDescription("How the autopilot's seats answer the offer")
          .addChoices({ name: 'accept', value: 'accept' }, { name: 'decline', value: 'decline' }),
      ),
  )
  .addSubcommand((s) =>
    addSeatOption(
      s.setName('replace').setDescription('Give a seat to another player (server managers)'),
      true,
      'The seat',
    ).addUserOption((o) => o.setName('player').setDescription('Who takes the seat').setRequired(true)),
  )
  .addSubcommand((s) =>
    s
      .setName('concede')
      .setDescription('Concede the campaign for your side (every player of the side must concede)'),
  )
  .addSubcommand((s) => s.setName('draw').setDescription('Offer a draw, or accept the other side’s offer'))
  .addSubcommand((s) =>
    addSeatOption(
      s
        .setName('autopilot')
        .setDescription('Hand a seat to the autopilot, or take it back (creator or managers)'),
      true,
      'The seat',
    ).addIntegerOption((o) =>
      o
        .setName('level')
        .setDescription('0 = a human plays it, 1 = passive, 2 = standard, 3 = expert autopilot')
        .setRequired(true)
        .setMinValue(0)
        .setMaxValue(3),
    ),
  )
  .addSubcommand((s) =>
    s.setName('end').setDescription('End the campaign now (server managers or the creator)'),
  );

function deadlineHours(
  input: CommandInput,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const raw = input.options.deadline_hours;
  if (raw === undefined) return { ok: true, value: undefined };
  if (
    typeof raw !== 'number' ||
    !Number.isInteger(raw) ||
    raw < DEADLINE_HOURS.min ||
    raw > DEADLINE_HOURS.max
  ) {
    return {
      ok: false,
      message: `deadline_hours is a whole number of hours from ${DEADLINE_HOURS.min} to ${DEADLINE_HOURS.max} (two weeks).`,
    };
  }
  return { ok: true, value: raw };
}

/**
 * Issue 16: the tactical-battle options of /campaign settings as the service's change (the autopilot's
 * answer applies to every seat of the campaign), or undefined when none was given.
 */
function tacticalChange(deps: BotDeps, gameId: string, input: CommandInput): SettingsChange['tactical'] {
  const mode = str(input, 'tactical') as 'off' | 'offer' | 'always' | undefined;
  const minSp = int(input, 'tactical_min_sp');
  const maxTurns = int(input, 'tactical_turns');
  const answer = str(input, 'tactical_autopilot') as 'accept' | 'decline' | undefined;
  if (mode === undefined && minSp === undefined && maxTurns === undefined && answer === undefined)
    return undefined;
  const seats = deps.directory.seats(gameId).map((s) => s.seat);
  return {
    ...(mode ? { mode } : {}),
    ...(minSp !== undefined ? { minSp } : {}),
    ...(maxTurns !== undefined ? { maxTurns } : {}),
    ...(answer ? { autopilot: Object.fromEntries(seats.map((s) => [s, answer])) } : {}),
  } as SettingsChange['tactical'];
}

function create(deps: BotDeps, input: CommandInput): Reply {
  if (!input.guildId) return errorReply('Create a campaign in a server channel or thread, not by DM.');
  const existing = deps.directory.inChannel(input.guildId, input.channelId);
  if (existing)
    return errorReply('This channel already has an open campaign; use another channel or a thread.');
  const scenario = (str(input, 'scenario') ?? '').trim();
  const hours = deadlineHours(input);
  if (!hours.ok) return errorReply(hours.message);
  const timeout = str(input, 'timeout');
  if (timeout !== undefined && timeout !== 'autopilot' && timeout !== 'wait') {
    return errorReply('The timeout policy is "autopilot" or "wait".');
  }
  const r = deps.service.createGame({
    guildId: input.guildId,
    channelId: input.channelId,
    userId: input.userId,
    scenario,
    options: { bot: { moveMaps: bool(input, 'move_maps') === true } },
    settings: {
      ...(hours.value !== undefined ? { deadlineMs: { phase: hours.value * HOUR } } : {}),
      ...(timeout ? { timeoutPolicy: timeout as 'autopilot' | 'wait' } : {}),
    },
  });
  if (!r.ok) return errorReply(r.error.message, r.error.rule);
  return {
    content: `Campaign **${scenario}** created (game \`${r.gameId}\`). Seats: ${r.seats.map(seatLabel).join(', ')}.\nTake a seat with \`/campaign join\`; the creator starts with \`/campaign start\`.`,
    ephemeral: false,
  };
}

/** The record of a finished campaign, if one can be made (an engine without records has none). */
function recordOf(deps: BotDeps, gameId: string) {
  try {
    return deps.records?.result(gameId);
  } catch {
    return undefined;
  }
}

/** The Victory Points as the campaign stopped (17.0), for the channel once it is over. */
function finalTable(deps: BotDeps, gameId: string): string {
  const r = recordOf(deps, gameId);
  if (!r) return '';
  return `\n**Victory Points when it ended (17.0)**: ${sideLabel('prussian-allied')} ${r.vpAllied} · ${sideLabel('coalition')} ${r.vpCoalition}. /history tells the whole story.`;
}

function isCreatorOrManager(input: CommandInput, createdBy: string): boolean {
  return input.isManager || input.userId === createdBy;
}

async function execute(deps: BotDeps, input: CommandInput): Promise<Reply> {
  const sub = input.subcommand;
  if (sub === 'create') return create(deps, input);
  const found = findGame(deps, input);
  if (!found.ok) {
    if (sub === 'status') {
      const last = deps.directory.latestInChannel(input.guildId, input.channelId);
      if (last && last.kind !== 'battle') {
        // Issue 18.11: how it ended (concession, agreed draw, victory level) and its Victory Points.
        const result =
          last.status === 'over' || last.status === 'abandoned' ? recordOf(deps, last.id) : undefined;
        return {
          content: `The last campaign here (\`${last.id}\`, ${last.scenario}) ${result ? `ended. ${resultLine(result)}` : `is ${last.status}.`}`,
          ephemeral: true,
        };
      }
    }
    return errorReply(found.message);
  }
  const game = found.game;
  const seat = str(input, 'seat') ?? '';
  switch (sub) {
    case 'join': {
      const r = deps.service.joinSeat({ gameId: game.id, seat, userId: input.userId });
      if (!r.ok) return errorReply(r.error.message);
      return { content: `<@${input.userId}> takes ${seatLabel(seat)}.`, ephemeral: false };
    }
    case 'leave': {
      const r = deps.service.leaveSeat({ gameId: game.id, seat, userId: input.userId });
      if (!r.ok) return errorReply(r.error.message);
      return { content: `<@${input.userId}> leaves ${seatLabel(seat)}.`, ephemeral: false };
    }
    case 'start': {
      const r = await deps.service.start({ gameId: game.id, userId: input.userId });
      if (!r.ok) return errorReply(r.error.message);
      const seats = deps.directory.seats(game.id);
      const lines = seats.map((s) => `${seatLabel(s.seat)}: ${s.userId ? `<@${s.userId}>` : 'autopilot'}`);
      return { content: `The campaign begins!\n${lines.join('\n')}`, ephemeral: false };
    }
    case 'status': {
      const seats = deps.directory.seats(game.id);
      const lines = seats.map(
        (s) =>
          `${seatLabel(s.seat)}: ${s.userId ? `<@${s.userId}>` : 'open'}${s.autopilot > 0 ? ' (autopilot)' : ''}`,
      );
      if (game.status !== 'active') {
        // Issue 18.11: a finished campaign says how it ended (concession, agreed draw, the victory
        // level of 17.1) and the Victory Points, not merely "abandoned".
        const result =
          game.status === 'over' || game.status === 'abandoned' ? recordOf(deps, game.id) : undefined;
        const how = result ? `ended. ${resultLine(result)}` : `is ${game.status}.`;
        return {
          content: `Campaign \`${game.id}\` (${game.scenario}) ${how}\n${lines.join('\n')}`,
          ephemeral: true,
        };
      }
      const v = deps.service.view({ gameId: game.id, seat: 'public', userId: input.userId });
      if (!v.ok) return errorReply(v.error.message);
      const state = deps.service.pending({ gameId: game.id, userId: input.userId });
      const embed = publicEmbed(v.view, {
        title: `Campaign ${game.scenario}`,
        pendingSeats: pendingSeatsOf(deps, game.id),
        dueAt: state.ok ? (state.decisions[0]?.dueAt ?? null) : null,
        names: deps.names,
      });
      embed.fields = [...(embed.fields ?? []), { name: 'Seats', value: lines.join('\n') }];
      return { embeds: [embed], ephemeral: true };
    }
    case 'map':
      return mapReply(deps, input, game.id);
    case 'settings': {
      if (!isCreatorOrManager(input, game.createdBy)) {
        return errorReply('Only the campaign creator or a server manager can change the settings.');
      }
      const checked = deadlineHours(input);
      if (!checked.ok) return errorReply(checked.message);
      const hours = checked.value;
      const timeout = str(input, 'timeout');
      const moveMaps = bool(input, 'move_maps');
      const tactical = tacticalChange(deps, game.id, input);
      if (hours === undefined && timeout === undefined && moveMaps === undefined && tactical === undefined) {
        const current = deps.service.settings({ gameId: game.id });
        if (!current.ok) return errorReply(current.error.message);
        const t = current.tactical;
        return {
          content: `Deadline per phase: ${Math.round(current.settings.deadlineMs.phase / HOUR)} h; at the deadline: ${current.settings.timeoutPolicy}; per-move maps: ${current.presentation.moveMaps ? 'on' : 'off'}; tactical battles: ${
            t
              ? `${t.mode}, at least ${t.minSp} SP a side${t.maxTurns ? `, at most ${t.maxTurns} turns` : ''}${
                  Object.values(t.autopilot ?? {}).includes('decline') ? '; the autopilot declines' : ''
                }`
              : 'off'
          }.`,
          ephemeral: true,
        };
      }
      if (timeout !== undefined && timeout !== 'autopilot' && timeout !== 'wait') {
        return errorReply('The timeout policy is "autopilot" or "wait".');
      }
      const r = deps.service.updateSettings({
        gameId: game.id,
        userId: input.userId,
        isManager: input.isManager,
        change: {
          deadlineHours: hours,
          timeoutPolicy: timeout as 'autopilot' | 'wait' | undefined,
          moveMaps,
          ...(tactical ? { tactical } : {}),
        },
      });
      if (!r.ok) return errorReply(r.error.message);
      return { content: 'Campaign settings updated.', ephemeral: false };
    }
    case 'replace': {
      if (!input.isManager) return errorReply('Only server managers (Manage Server) can replace a player.');
      const player = str(input, 'player');
      if (!player || !/^\d{5,25}$/.test(player)) return errorReply('Name the player who takes the seat.');
      const r = deps.service.replacePlayer({
        gameId: game.id,
        seat,
        newUserId: player,
        byUserId: game.createdBy,
      });
      if (!r.ok) return errorReply(r.error.message);
      deps.previews.discard(input.userId, game.id, seat);
      return {
        content: `<@${player}> now holds ${seatLabel(seat)} (replaced by <@${input.userId}>).`,
        ephemeral: false,
      };
    }
    case 'concede': {
      if (game.status !== 'active') return errorReply('Only a campaign in progress can be conceded.');
      if (!deps.settlements) return errorReply('Conceding is not available on this bot.');
      const r = deps.settlements.concede(deps, game, input.userId);
      if (!r.ok) return errorReply(r.message);
      if (!r.complete) {
        return {
          content: `<@${input.userId}> concedes for the ${sideLabel(r.side)} side; waiting for the other ${sideLabel(r.side)} players (${r.waitingFor.join(', ')}) to concede too.`,
          ephemeral: false,
        };
      }
      const ended = deps.service.end({
        gameId: game.id,
        userId: game.createdBy,
        ending: { endedBy: 'conceded', concededSide: r.side },
      });
      if (!ended.ok) return errorReply(ended.error.message);
      deps.settlements.clear(game.id);
      const winner = r.side === 'prussian-allied' ? 'coalition' : 'prussian-allied';
      return {
        content: `🏳️ The ${sideLabel(r.side)} side concedes. The ${sideLabel(winner)} side wins the campaign by concession.${finalTable(deps, game.id)}`,
        ephemeral: false,
      };
    }
    case 'draw': {
      if (game.status !== 'active') return errorReply('Only a campaign in progress can end in a draw.');
      if (!deps.settlements) return errorReply('Draw offers are not available on this bot.');
      const r = deps.settlements.offerDraw(deps, game, input.userId);
      if (!r.ok) return errorReply(r.message);
      if (!r.agreed) {
        return {
          content: `🤝 The ${sideLabel(r.side)} side (<@${input.userId}>) offers a draw. The other side accepts with /campaign draw.`,
          ephemeral: false,
        };
      }
      const ended = deps.service.end({
        gameId: game.id,
        userId: game.createdBy,
        ending: { endedBy: 'draw-agreed' },
      });
      if (!ended.ok) return errorReply(ended.error.message);
      deps.settlements.clear(game.id);
      return {
        content: `🤝 Both sides agree: the campaign ends in a draw.${finalTable(deps, game.id)}`,
        ephemeral: false,
      };
    }
    case 'autopilot': {
      if (!isCreatorOrManager(input, game.createdBy)) {
        return errorReply('Only the campaign creator or a server manager can hand a seat to the autopilot.');
      }
      const level = int(input, 'level');
      if (level === undefined) return errorReply('Give the autopilot level, 0 to 3.');
      const r = await deps.service.setAutopilot({ gameId: game.id, seat, level, byUserId: game.createdBy });
      if (!r.ok) return errorReply(r.error.message);
      return {
        content:
          level > 0
            ? `${seatLabel(seat)} is now played by the autopilot (level ${level}).`
            : `${seatLabel(seat)} is played by its holder again.`,
        ephemeral: false,
      };
    }
    case 'end': {
      if (!isCreatorOrManager(input, game.createdBy))
        return errorReply('Only server managers or the creator can end the campaign.');
      const r = deps.service.end({ gameId: game.id, userId: game.createdBy });
      if (!r.ok) return errorReply(r.error.message);
      return { content: `The campaign \`${game.id}\` was ended by <@${input.userId}>.`, ephemeral: false };
    }
    default:
      return errorReply(`Unknown subcommand "${String(sub)}".`);
  }
}

export function pendingSeatsOf(deps: BotDeps, gameId: string): string[] {
  return deps.service.pendingSeats({ gameId });
}

export async function mapReply(deps: BotDeps, input: CommandInput, gameId: string): Promise<Reply> {
  const scope = str(input, 'scope') ?? 'public';
  const zoomRaw = str(input, 'zoom');
  let zoom: string | undefined;
  if (zoomRaw) {
    const m = deps.names.hex(zoomRaw);
    if (!m.ok) return errorReply(m.message);
    zoom = m.match.value;
  }
  const game = deps.directory.game(gameId);
  if (!game || game.status === 'setup') return errorReply('The campaign has not started yet.');
  if (scope === 'mine') {
    const seats = deps.directory.seats(gameId).filter((s) => s.userId === input.userId);
    if (seats.length === 0)
      return errorReply('You hold no seat, so you have no private map; use scope: public.');
    const embeds = [];
    const files = [];
    for (const s of seats) {
      const v = deps.service.view({ gameId, seat: s.seat, userId: input.userId });
      if (!v.ok) return errorReply(v.error.message);
      embeds.push(
        privateEmbed(v.view, {
          seat: s.seat,
          title: `${seatLabel(s.seat)} — your map`,
          pendingActions: [],
          dueAt: null,
          names: deps.names,
        }),
      );
      const png = deps.render ? await deps.render(v.view, { zoom, title: seatLabel(s.seat) }) : null;
      if (png)
        files.push({
          name: pictureName(s.seat, png),
          data: png,
          description: `${seatLabel(s.seat)} private map`,
        });
    }
    return { embeds, files, ephemeral: true };
  }
  if (scope !== 'public') return errorReply('The map scope is "public" or "mine".');
  const v = deps.service.view({ gameId, seat: 'public', userId: input.userId });
  if (!v.ok) return errorReply(v.error.message);
  const embed = publicEmbed(v.view, {
    title: 'Public map',
    pendingSeats: pendingSeatsOf(deps, gameId),
    dueAt: null,
    names: deps.names,
  });
  const png = deps.render ? await deps.render(v.view, { zoom, title: 'Public map' }) : null;
  const file = png ? pictureName('map', png) : '';
  if (png) embed.image = { url: `attachment://${file}` };
  return {
    embeds: [embed],
    files: png ? [{ name: file, data: png, description: 'Public map' }] : [],
    ephemeral: false,
  };
}

export const command: BotCommand = {
  data,
  slow: (input) => ['start', 'map', 'status', 'autopilot'].includes(input.subcommand ?? ''),
  privateReply: (input) =>
    input.subcommand === 'status' || (input.subcommand === 'map' && input.options.scope === 'mine'),
  execute,
  async autocomplete(deps, _input, focused) {
    if (focused.name === 'scenario') {
      return SCENARIOS.filter((s) => s.startsWith(focused.value.trim())).map((s) => ({ name: s, value: s }));
    }
    if (focused.name === 'zoom') {
      return deps.names
        .suggestPlaces(focused.value)
        .map((p) => ({ name: `${p.name} (${p.value})`, value: p.value }));
    }
    return [];
  },
};

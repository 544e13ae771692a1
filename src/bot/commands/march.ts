// /march (5.1, 5.3) and the shared builder for /forcemarch (5.2): leader by autocomplete, path as
// hex numbers or place names, units taken along (5.35), stops to pick up / drop, and the
// Overwhelming Attack choice (5.5) on the last hex of the path.
import { SlashCommandBuilder, type SlashCommandOptionsOnlyBuilder } from 'discord.js';
import type { Action } from '../../app/engine-port.js';
import type { Sequence } from '../dry-run.js';
import { matchLeader, ownLeaders, suggestLeaders } from '../leaders.js';
import { previewOrder } from '../orders.js';
import { parseLeaderList, parsePath, parseStops } from '../parse/path.js';
import { findActiveGame, findSeat, seatLabel } from '../session.js';
import { type BotCommand, type BotDeps, type CommandInput, errorReply, type Reply } from '../types.js';
import { addSeatOption, bool, int, str } from './options.js';

export function buildMarch(kind: 'march' | 'forcemarch'): SlashCommandOptionsOnlyBuilder {
  const b = new SlashCommandBuilder()
    .setName(kind)
    .setDescription(
      kind === 'march'
        ? 'Move a force in the March Phase (5.1): path, units taken, overwhelming attack'
        : 'Force march a force (5.2): one die plus Initiative gives its MP',
    )
    .addStringOption((o) =>
      o.setName('leader').setDescription('The leader who moves').setRequired(true).setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName('path')
        .setDescription('Hexes entered in order: numbers or place names, e.g. "1729, Dresden"')
        .setRequired(kind === 'march')
        .setMaxLength(300),
    )
    .addIntegerOption((o) =>
      o
        .setName('take_sp')
        .setDescription('SP picked up in the start hex (5.35)')
        .setMinValue(0)
        .setMaxValue(99),
    )
    .addStringOption((o) =>
      o
        .setName('take_leaders')
        .setDescription('Lower-ranked leaders taken along, comma-separated')
        .setMaxLength(200),
    )
    .addStringOption((o) =>
      o
        .setName('stops')
        .setDescription('Along the path: "Torgau: drop 2 keith; 1730: pick 3"')
        .setMaxLength(300),
    )
    .addBooleanOption((o) =>
      o.setName('overwhelm').setDescription('Attempt an overwhelming attack on the last hex (5.5)'),
    );
  if (kind === 'march') {
    b.addStringOption((o) =>
      o
        .setName('fortress')
        .setDescription('Leave the fortress before marching, or enter it at the end (12.21); SP from take_sp')
        .addChoices({ name: 'leave first', value: 'leave' }, { name: 'enter at the end', value: 'enter' }),
    );
  }
  addSeatOption(b, false);
  return b;
}

export async function marchOrder(
  deps: BotDeps,
  input: CommandInput,
  kind: 'march' | 'forcemarch',
): Promise<Reply> {
  const g = findActiveGame(deps, input);
  if (!g.ok) return errorReply(g.message);
  const leaders = ownLeaders(deps, g.game, input.userId, str(input, 'seat'));
  const leader = matchLeader(leaders, str(input, 'leader') ?? '');
  if (!leader.ok) return errorReply(leader.message);
  const seat = findSeat(deps, input, g.game, [leader.leader.seat]);
  if (!seat.ok) return errorReply(seat.message);
  const byName = (name: string) => {
    const m = matchLeader(
      leaders.filter((l) => l.seat === seat.seat),
      name,
    );
    return m.ok ? { ok: true as const, id: m.leader.id } : m;
  };
  const notes: string[] = [];
  const action: Action = { type: kind, leader: leader.leader.id };
  const pathRaw = str(input, 'path');
  if (pathRaw !== undefined) {
    const path = parsePath(pathRaw, deps.names);
    if (!path.ok) return errorReply(path.message);
    notes.push(...path.notes);
    action.path = path.value;
  } else if (kind === 'march') {
    return errorReply('Give the path to march along.');
  }
  const takeSp = int(input, 'take_sp');
  const takeLeaders = str(input, 'take_leaders');
  if (takeSp !== undefined || takeLeaders) {
    const take: { sp?: number; leaders?: string[] } = {};
    if (takeSp !== undefined) take.sp = takeSp;
    if (takeLeaders) {
      const ls = parseLeaderList(takeLeaders, byName);
      if (!ls.ok) return errorReply(ls.message);
      take.leaders = ls.value;
    }
    action.take = take;
  }
  const stopsRaw = str(input, 'stops');
  if (stopsRaw) {
    const stops = parseStops(stopsRaw, deps.names, byName);
    if (!stops.ok) return errorReply(stops.message);
    action.stops = stops.value;
  }
  if (bool(input, 'overwhelm') === true) {
    if (!Array.isArray(action.path) || action.path.length === 0) {
      return errorReply('An overwhelming attack needs a path ending in the enemy hex.', '5.5');
    }
    action.overwhelm = true;
  }
  if (kind === 'forcemarch' && pathRaw !== undefined) {
    // 5.2: the force march is declared first (the die fixes its MP), then the path is marched.
    const declare: Action = {
      type: 'forcemarch',
      leader: leader.leader.id,
      ...(action.take ? { take: action.take } : {}),
    };
    notes.push(
      `After the die is rolled, march the path with /march leader:${leader.leader.name} path:${pathRaw}.`,
    );
    return previewOrder(deps, {
      game: g.game,
      seat: seat.seat,
      userId: input.userId,
      action: declare,
      command: kind,
      notes,
    });
  }
  notes.unshift(`${seatLabel(seat.seat)} orders ${leader.leader.name}.`);
  // 12.21: going in or out of a fortress in the same hex costs no MP; it is its own order,
  // sent just before (leave) or just after (enter) the march.
  const fortress = str(input, 'fortress');
  const sequence: Sequence = {};
  if (fortress !== undefined) {
    if (fortress !== 'enter' && fortress !== 'leave')
      return errorReply('The fortress option is "enter" or "leave".');
    const path = action.path as string[];
    const carried = [
      leader.leader.id,
      ...((action.take as { leaders?: string[] } | undefined)?.leaders ?? []),
    ];
    const garrison = (hex: string, direction: 'in' | 'out'): Action => ({
      type: 'garrison',
      hex,
      direction,
      sp: takeSp ?? 0,
      leaders: carried,
    });
    if (fortress === 'leave') {
      if (!leader.leader.hex) return errorReply(`${leader.leader.name} is not on the map.`);
      sequence.before = [garrison(leader.leader.hex, 'out')];
    } else {
      sequence.after = [garrison(path[path.length - 1] as string, 'in')];
    }
    if (takeSp === undefined) notes.push('No take_sp given: only the leaders go through the fortress gate.');
  }
  return previewOrder(deps, {
    game: g.game,
    seat: seat.seat,
    userId: input.userId,
    action,
    command: kind,
    notes,
    sequence,
  });
}

export async function leaderAutocomplete(
  deps: BotDeps,
  input: CommandInput,
  focused: { name: string; value: string },
) {
  if (focused.name === 'path' || focused.name === 'hex') {
    return deps.names
      .suggestPlaces(focused.value.split(/[,>]/).pop() ?? '')
      .map((p) => ({ name: `${p.name} (${p.value})`, value: p.value }));
  }
  if (focused.name !== 'leader') return [];
  const g = findActiveGame(deps, input);
  if (!g.ok) return [];
  // Only the user's own leaders, by name and hex: never a strength.
  return suggestLeaders(ownLeaders(deps, g.game, input.userId), focused.value).map((l) => ({
    name: `${l.name} (${seatLabel(l.seat)}${l.hex ? `, ${deps.names.placeName(l.hex) ?? l.hex}` : ''})`,
    value: l.id,
  }));
}

export const command: BotCommand = {
  data: buildMarch('march'),
  slow: () => true,
  privateReply: () => true,
  execute: (deps, input) => marchOrder(deps, input, 'march'),
  autocomplete: leaderAutocomplete,
};

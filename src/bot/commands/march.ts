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
  if (leaders.length === 0) {
    // No leaders because no seat (or not that seat): say so, not "no leader on the map".
    const held = findSeat(deps, input, g.game);
    if (!held.ok) return errorReply(held.message);
  }
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
  const legal = legalFor(deps, g.game.id, input.userId, seat.seat);
  const facts = forceFacts(deps, g.game.id, input.userId, seat.seat, leader.leader.id, legal, kind);
  let takeSp = int(input, 'take_sp');
  const takeLeaders = str(input, 'take_leaders');
  // A leader starting a move takes his whole stack unless told otherwise (take_sp:0 = alone): the
  // SP the engine lets him take here (all of his nationality's SP outside the fortress, within 5.37).
  if (
    takeSp === undefined &&
    str(input, 'fortress') === undefined &&
    facts.startCap !== null &&
    facts.startCap > 0
  )
    takeSp = facts.startCap;
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
      `After the die is rolled, march the path with /march leader:${leader.leader.name} path:${pathRaw}${
        action.overwhelm === true ? ' overwhelm:true' : ''
      }.`,
    );
    return previewOrder(deps, {
      game: g.game,
      seat: seat.seat,
      userId: input.userId,
      action: declare,
      command: kind,
      notes,
      moves: whatMoves(deps, leader.leader.name, declare, facts),
      warnings: rankWarnings(deps, leader.leader.name, declare, facts),
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
    moves: whatMoves(deps, leader.leader.name, action, facts),
    warnings: rankWarnings(deps, leader.leader.name, action, facts),
  });
}

/** The seat's legal actions now (empty when it has no decision). */
function legalFor(deps: BotDeps, gameId: string, userId: string, seat: string): Action[] {
  const p = deps.service.pending({ gameId, userId });
  return p.ok ? (p.decisions.find((d) => d.seat === seat)?.legalActions ?? []) : [];
}

interface ForceFacts {
  /** The force is already on the move (5.36): it carries what it has. */
  moving: { sp: number } | null;
  /** SP the leader may take when starting a move here (from the engine's legal orders), or null. */
  startCap: number | null;
  /** Leaders of the seat's nationality in the hex, outside the fortress, other than him. */
  others: Array<{ id: string; name: string; rank: number }>;
  /** 5.34: higher-ranked leaders of the nationality who may still move and would be bypassed. */
  bypassed: Array<{ id: string; name: string; rank: number }>;
}

/** What the seat's own view and legal orders say about a leader's force (never an enemy's). */
function forceFacts(
  deps: BotDeps,
  gameId: string,
  userId: string,
  seat: string,
  leaderId: string,
  legal: Action[],
  kind: 'march' | 'forcemarch',
): ForceFacts {
  const v = deps.service.view({ gameId, seat, userId });
  const view = (v.ok ? v.view : null) as {
    moving?: Array<{ leader: string; sp: number }>;
    hexes?: Array<{
      hex: string;
      stacks: Array<{
        leaders: Array<{ id: string; name: string; nationality: string; rank: number; inside: boolean }>;
      }>;
    }>;
  } | null;
  const all = (view?.hexes ?? []).flatMap((h) =>
    h.stacks.flatMap((st) => st.leaders.map((l) => ({ ...l, hex: h.hex }))),
  );
  const me = all.find((l) => l.id === leaderId);
  const moving = view?.moving?.find((m) => m.leader === leaderId) ?? null;
  const caps = legal
    .filter((a) => a.type === kind && a.leader === leaderId)
    .map((a) => (a.take as { sp?: number } | undefined)?.sp ?? 0);
  // Leaders who may start a move now: the engine offers them a march (or force march).
  const canStart = new Set(
    legal.filter((a) => a.type === 'march' || a.type === 'forcemarch').map((a) => String(a.leader)),
  );
  const movingIds = new Set((view?.moving ?? []).map((m) => m.leader));
  const others = me
    ? all
        .filter((l) => l.hex === me.hex && l.id !== me.id && l.nationality === seat && !l.inside)
        .map((l) => ({ id: l.id, name: l.name, rank: l.rank }))
    : [];
  const bypassed =
    me && !moving
      ? all
          .filter(
            (l) => l.nationality === seat && l.rank < me.rank && canStart.has(l.id) && !movingIds.has(l.id),
          )
          .sort((a, b) => a.rank - b.rank)
          .map((l) => ({ id: l.id, name: l.name, rank: l.rank }))
      : [];
  return {
    moving: moving ? { sp: moving.sp } : null,
    startCap: moving || caps.length === 0 ? null : Math.max(...caps),
    others,
    bypassed,
  };
}

/** Says plainly what the order moves: the leader, his SP and the leaders he takes along. */
function whatMoves(deps: BotDeps, name: string, action: Action, facts: ForceFacts): string {
  if (facts.moving) return `${name}'s force already on the move: ${facts.moving.sp} SP (5.36).`;
  const take = (action.take ?? {}) as { sp?: number; leaders?: string[] };
  const sp = take.sp ?? 0;
  const along = (take.leaders ?? []).map((id) => deps.names.leaderName(id));
  const staying = facts.others.filter((l) => !(take.leaders ?? []).includes(l.id)).map((l) => l.name);
  const parts = [
    sp > 0
      ? `${name} with ${sp} SP${along.length ? ` and ${along.join(', ')}` : ''}.`
      : `⚠️ ${name} alone, with no strength points${along.length ? ` (only ${along.join(', ')} along)` : ''}: he cannot fight or besiege without SP.`,
  ];
  if (sp > 0 && facts.startCap !== null && sp < facts.startCap)
    parts.push(`${facts.startCap - sp} SP stay behind.`);
  if (staying.length)
    parts.push(`Staying in the hex: ${staying.join(', ')} (add take_leaders to bring them).`);
  return parts.join(' ');
}

/** 5.34: warns when moving this leader now bars higher-ranked leaders from moving this phase. */
function rankWarnings(deps: BotDeps, name: string, action: Action, facts: ForceFacts): string[] {
  const taken = new Set(((action.take ?? {}) as { leaders?: string[] }).leaders ?? []);
  const barred = facts.bypassed.filter((l) => !taken.has(l.id));
  if (!barred.length) return [];
  void deps;
  return [
    `Leaders move in order of rank (5.34): moving ${name} now means ${barred
      .map((l) => `${l.name} (rank ${l.rank})`)
      .join(
        ', ',
      )} may no longer move in this phase. Move ${barred.length > 1 ? 'them' : 'him'} first if you want ${barred.length > 1 ? 'them' : 'him'} to march.`,
  ];
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

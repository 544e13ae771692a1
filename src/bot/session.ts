// Finding the campaign and the seat a command is about. Commands in a campaign channel (or its
// thread) act on that channel's campaign; commands sent by DM act on the one open campaign the
// user plays in. A user holding several seats names the seat, or we infer it from who must act.

import type { GameRow, SeatRow } from '../app/directory.js';
import { NATIONALITIES } from '../app/engine-types.js';
import type { BotDeps, CommandInput } from './types.js';

export type Found<T> = ({ ok: true } & T) | { ok: false; message: string; rule?: string };

/** The nationalities in display order (the engine's list, one home). */
export const NATIONS = NATIONALITIES;

export function seatLabel(seat: string): string {
  return seat.charAt(0).toUpperCase() + seat.slice(1);
}

export function findGame(deps: BotDeps, input: CommandInput): Found<{ game: GameRow }> {
  const inChannel = deps.directory.inChannel(input.guildId, input.channelId);
  // A battle's thread (issue 15) is played with /battle; the campaign commands never act on it.
  if (inChannel?.kind === 'battle')
    return { ok: false, message: 'This thread holds a Leuthen battle: use the /battle commands here.' };
  if (inChannel) return { ok: true, game: inChannel };
  if (input.guildId === null) {
    const mine = deps.directory.gamesOfUser(input.userId).filter((g) => g.kind !== 'battle');
    if (mine.length === 1 && mine[0]) return { ok: true, game: mine[0] };
    if (mine.length > 1) {
      return {
        ok: false,
        message: 'You play in several campaigns; send this command in the campaign channel.',
      };
    }
    return { ok: false, message: 'You hold no seat in an open campaign.' };
  }
  return {
    ok: false,
    message: 'There is no open campaign in this channel. Start one with /campaign create.',
  };
}

export function findActiveGame(deps: BotDeps, input: CommandInput): Found<{ game: GameRow }> {
  const r = findGame(deps, input);
  if (!r.ok) return r;
  if (r.game.status !== 'active') {
    return {
      ok: false,
      message: `The campaign is ${r.game.status === 'setup' ? 'not started yet' : r.game.status}.`,
    };
  }
  return r;
}

/** The active campaign in this channel and the seat the user acts for in it (an order's preamble). */
export function findActingSeat(
  deps: BotDeps,
  input: CommandInput,
): Found<{ game: GameRow; seat: string; held: SeatRow[] }> {
  const g = findActiveGame(deps, input);
  if (!g.ok) return g;
  const s = findSeat(deps, input, g.game);
  return s.ok ? { ...s, game: g.game } : s;
}

/**
 * The seat the user acts for. `preferred` is the seat option if given; `candidates` (optional)
 * narrows the choice, e.g. the seat owning the named leader.
 */
export function findSeat(
  deps: BotDeps,
  input: CommandInput,
  game: GameRow,
  candidates?: readonly string[],
): Found<{ seat: string; held: SeatRow[] }> {
  const held = deps.directory.seats(game.id).filter((s) => s.userId === input.userId);
  const preferred = typeof input.options.seat === 'string' ? input.options.seat : undefined;
  if (preferred !== undefined) {
    const row = deps.directory.seats(game.id).find((s) => s.seat === preferred);
    if (!row) return { ok: false, message: `This campaign has no seat "${preferred}".` };
    if (row.userId !== input.userId)
      return { ok: false, message: `You do not hold ${seatLabel(preferred)}.` };
    return { ok: true, seat: preferred, held };
  }
  if (held.length === 0)
    return { ok: false, message: 'You hold no seat in this campaign. Join with /campaign join.' };
  let pool = held.map((s) => s.seat);
  if (candidates) pool = pool.filter((s) => candidates.includes(s));
  if (pool.length === 1 && pool[0]) return { ok: true, seat: pool[0], held };
  const pending = deps.service.pending({ gameId: game.id, userId: input.userId });
  const waiting = pending.ok ? pending.decisions.map((d) => d.seat).filter((s) => pool.includes(s)) : [];
  if (waiting.length === 1 && waiting[0]) return { ok: true, seat: waiting[0], held };
  if (pool.length === 0) return { ok: false, message: 'None of your seats can give that order.' };
  return {
    ok: false,
    message: `You hold ${pool.map(seatLabel).join(', ')}; add the seat option to say which one acts.`,
  };
}

// Conceding and agreed draws. The rules engine has no action for either, so the bot settles them:
// a side concedes when every player holding one of its seats has conceded; a draw is agreed when
// both sides have offered one. Either way the campaign is closed through the service (status
// 'abandoned') and the channel is told the outcome. Offers live in memory until then.
import type { GameRow } from '../app/directory.js';
import { defaultSideOf, type Side } from '../app/sides.js';
import { seatLabel } from './session.js';
import type { BotDeps } from './types.js';

export type SideName = Side;

export function sideLabel(side: SideName): string {
  return side === 'prussian-allied' ? 'Prussian-Allied' : 'Coalition';
}

/** The side a seat plays for: from the seat's own view when it says (1762: Russia changes sides). */
export function sideOf(deps: BotDeps, game: GameRow, seat: string, userId: string): SideName | undefined {
  const v = deps.service.view({ gameId: game.id, seat, userId });
  const side = v.ok ? (v.view as { side?: unknown } | null)?.side : undefined;
  if (side === 'prussian-allied' || side === 'coalition') return side;
  return defaultSideOf(seat);
}

export class Settlements {
  private readonly concessions = new Map<string, Set<string>>();
  private readonly drawOffers = new Map<string, Set<SideName>>();

  /** Records a concession; returns the side that has now conceded as a whole, if any. */
  concede(
    deps: BotDeps,
    game: GameRow,
    userId: string,
  ): { ok: true; side: SideName; complete: boolean; waitingFor: string[] } | { ok: false; message: string } {
    const seats = deps.directory.seats(game.id);
    const mine = seats.filter((s) => s.userId === userId);
    if (mine.length === 0) return { ok: false, message: 'You hold no seat, so you have nothing to concede.' };
    const sides = new Set(mine.map((s) => sideOf(deps, game, s.seat, userId)));
    if (sides.size !== 1)
      return { ok: false, message: 'You hold seats on both sides; a concession must be for one side.' };
    const side = [...sides][0] as SideName;
    const key = `${game.id}:${side}`;
    const set = this.concessions.get(key) ?? new Set<string>();
    set.add(userId);
    this.concessions.set(key, set);
    const holders = seats.filter(
      (s) => s.userId !== null && s.autopilot === 0 && sideOf(deps, game, s.seat, s.userId) === side,
    );
    const waiting = holders.filter((s) => !set.has(s.userId as string)).map((s) => seatLabel(s.seat));
    return { ok: true, side, complete: waiting.length === 0, waitingFor: waiting };
  }

  /** Records a draw offer by the user's side; true when both sides have now offered. */
  offerDraw(
    deps: BotDeps,
    game: GameRow,
    userId: string,
  ): { ok: true; side: SideName; agreed: boolean } | { ok: false; message: string } {
    const mine = deps.directory.seats(game.id).filter((s) => s.userId === userId);
    if (mine.length === 0) return { ok: false, message: 'You hold no seat, so you cannot offer a draw.' };
    const sides = new Set(mine.map((s) => sideOf(deps, game, s.seat, userId)));
    if (sides.size !== 1)
      return { ok: false, message: 'You hold seats on both sides; a draw needs the other side to agree.' };
    const side = [...sides][0] as SideName;
    const set = this.drawOffers.get(game.id) ?? new Set<SideName>();
    set.add(side);
    this.drawOffers.set(game.id, set);
    return { ok: true, side, agreed: set.size === 2 };
  }

  clear(gameId: string): void {
    this.drawOffers.delete(gameId);
    for (const k of [...this.concessions.keys()]) if (k.startsWith(`${gameId}:`)) this.concessions.delete(k);
  }
}

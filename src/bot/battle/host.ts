// The battle host seam (issue 16): what the issue-15 battle layer (src/bot/commands/battle.ts,
// battle/orders.ts) needs to know about the battle a thread shows, whoever runs it. Two hosts:
// - a standalone battle: a game of kind 'battle' whose channel is the thread; its seats are the
//   tactical seats themselves and its orders go to the service as they are;
// - a campaign sub-battle: the tactical stage of a campaign's Combat Phase, fought in a private
//   thread of the campaign channel (battle/threads.ts knows which); the user holds campaign seats,
//   each holding some tactical seats (`combat.tactical.seats` of the seat's view), and every order
//   is wrapped into the campaign action `combat-tactical-order` sent as the campaign seat.
// The layer above never asks which kind it has: it reads views, decisions and holders from here.
import type { TacView } from '../../app/battle-types.js';
import {
  type BattleSeat,
  commonView,
  isTacticalOrder,
  participantPart,
  tacticalPartOf,
} from '../../app/battle-view.js';
import type { GameRow } from '../../app/directory.js';
import type { Action, EngineEvent, Seat } from '../../app/engine-port.js';
import { type BotDeps, errorReply, type Reply } from '../types.js';
import { battleSeatName } from './present.js';

/** One decision of the user's in the battle: a tactical seat awaited now and its legal orders. */
export interface HostDecision {
  /** The tactical seat deciding (`prussia`, `austria:reserve`): names and labels. */
  seat: string;
  /** The seat the service takes the order from (the same, or the campaign seat holding it). */
  submitSeat: string;
  /** The user deciding (the holder of submitSeat). */
  userId: string;
  stepId: string;
  version: number;
  /** The tactical orders it may give (unwrapped). */
  legalActions: Action[];
}

export interface BattleHost {
  readonly kind: 'battle' | 'campaign';
  readonly game: GameRow;
  /** The battle as the thread may show it to everyone in it (never one side's secrets). */
  view(): TacView | null;
  /** The user's first decision now, or a refusal saying who is awaited. */
  decision(userId: string): { ok: true; decision: HostDecision } | { ok: false; reply: Reply };
  /** The order as the service takes it from `d.submitSeat`. */
  wrap(d: HostDecision, order: Action): Action;
  /**
   * Checks orders in sequence without committing (through the service); the battle after them as
   * the thread shows it (null when a die rolled on the way: `rolled`).
   */
  dryRun(
    d: HostDecision,
    orders: Action[],
  ): { ok: true; after: TacView | null; rolled: boolean } | { ok: false; reply: Reply };
  /** The seat's legal orders after some orders (a path being typed); [] where it cannot say. */
  legalAfter(d: HostDecision, orders: Action[]): Action[];
  /** The tactical seats awaited now and who plays each (a user id, or null for the autopilot). */
  awaited(): { seat: string; userId: string | null }[];
  /** Every tactical seat and its holder. */
  holders(): { seat: string; userId: string | null; autopilot: boolean }[];
}

// ---- what a thread may show: the battle without either side's secrets (src/app/battle-view.ts) ----

export { commonView, participantPart, type TacticalPart, tacticalPartOf } from '../../app/battle-view.js';

// ---- a standalone battle (game kind 'battle', issue 15) ----

function holderOf(deps: BotDeps, gameId: string) {
  const rows = deps.directory.seats(gameId);
  return (seat: string) => {
    const row = rows.find((s) => s.seat === seat);
    return row && row.autopilot === 0 ? row.userId : null;
  };
}

export function standaloneHost(deps: BotDeps, game: GameRow): BattleHost {
  // The battle's own seats give the orders as they are; the thread shows the public view.
  const run = (d: HostDecision, orders: Action[], legal = false) =>
    deps.service.dryRun({
      gameId: game.id,
      seat: d.submitSeat,
      userId: d.userId,
      orders,
      viewer: 'public',
      legal,
    });
  return {
    kind: 'battle',
    game,
    view() {
      const v = deps.service.view({ gameId: game.id, seat: 'public', userId: '' });
      return v.ok ? (v.view as TacView) : null;
    },
    decision(userId) {
      const p = deps.service.pending({ gameId: game.id, userId });
      if (!p.ok) return { ok: false, reply: errorReply(p.error.message, p.error.rule) };
      const d = p.decisions[0];
      if (!d) {
        const waiting = deps.service.pendingSeats({ gameId: game.id });
        return {
          ok: false,
          reply: errorReply(
            `None of your seats has to act now${waiting.length ? ` (waiting for ${waiting.map((s) => battleSeatName(s)).join(', ')})` : ''}.`,
          ),
        };
      }
      return {
        ok: true,
        decision: {
          seat: d.seat,
          submitSeat: d.seat,
          userId,
          stepId: d.stepId,
          version: p.version,
          legalActions: d.legalActions,
        },
      };
    },
    wrap: (_d, order) => order,
    dryRun(d, orders) {
      const r = run(d, orders);
      if (!r.ok) return { ok: false, reply: errorReply(r.error.message, r.error.rule) };
      return { ok: true, after: r.view as TacView | null, rolled: r.rolled };
    },
    legalAfter(d, orders) {
      const r = run(d, orders, true);
      return r.ok ? r.legal : [];
    },
    awaited() {
      const holder = holderOf(deps, game.id);
      return deps.service.pendingSeats({ gameId: game.id }).map((seat) => ({ seat, userId: holder(seat) }));
    },
    holders() {
      return deps.directory
        .seats(game.id)
        .map((s) => ({ seat: s.seat, userId: s.userId, autopilot: s.autopilot > 0 }));
    },
  };
}

// ---- a campaign sub-battle (the tactical stage of a campaign's Combat Phase, issue 16) ----

/** Each campaign seat of the battle: which tactical seats it holds, who holds it, the common view. */
export function battleSeatsOf(deps: BotDeps, game: GameRow, hex: string): BattleSeat[] {
  return deps.service.battleSeats({ gameId: game.id, hex });
}

export function campaignHost(deps: BotDeps, game: GameRow, hex: string): BattleHost {
  const seats = () => battleSeatsOf(deps, game, hex);
  return {
    kind: 'campaign',
    game,
    view() {
      return seats()[0]?.view ?? null;
    },
    decision(userId) {
      const p = deps.service.pending({ gameId: game.id, userId });
      if (!p.ok) return { ok: false, reply: errorReply(p.error.message, p.error.rule) };
      for (const d of p.decisions) {
        const wrapped = d.legalActions.filter((a) => isTacticalOrder(a, hex));
        const first = wrapped[0];
        if (!first) continue;
        return {
          ok: true,
          decision: {
            seat: first.as,
            submitSeat: d.seat,
            userId,
            stepId: d.stepId,
            version: p.version,
            legalActions: wrapped.filter((a) => a.as === first.as).map((a) => a.order),
          },
        };
      }
      const waiting = this.awaited().map((a) => battleSeatName(a.seat, this.view()));
      const mine = seats().some((s) => s.userId === userId);
      return {
        ok: false,
        reply: errorReply(
          mine
            ? `None of your formations has to act now${waiting.length ? ` (waiting for ${waiting.join(', ')})` : ''}.`
            : 'You hold no seat in this battle.',
        ),
      };
    },
    wrap: (d, order) => ({ type: 'combat-tactical-order', hex, as: d.seat, order }) as unknown as Action,
    dryRun(d, orders) {
      const r = deps.service.dryRun({
        gameId: game.id,
        seat: d.submitSeat,
        userId: d.userId,
        orders: orders.map((a) => this.wrap(d, a)),
        viewer: 'seat',
      });
      if (!r.ok) return { ok: false, reply: errorReply(r.error.message, r.error.rule) };
      const part = participantPart(r.view);
      return { ok: true, after: part ? commonView(part.view) : null, rolled: r.rolled };
    },
    // The campaign seat's orders after these are campaign actions: a path is not completed here.
    legalAfter: () => [],
    awaited() {
      return seats().flatMap((s) =>
        s.awaited.map((t) => ({ seat: t, userId: s.autopilot ? null : s.userId })),
      );
    },
    holders() {
      return seats().flatMap((s) =>
        s.tactical.map((t) => ({ seat: t, userId: s.userId, autopilot: s.autopilot })),
      );
    },
  };
}

/** Whether the campaign is fighting the battle at `hex` on the tactical map now (its public view). */
export function campaignBattleUnderway(deps: BotDeps, game: GameRow, hex: string): boolean {
  if (!game.started) return false;
  const v = deps.service.view({ gameId: game.id, seat: 'public', userId: '' });
  return v.ok && tacticalPartOf(v.view)?.hex === hex;
}

/**
 * Events of the battle both sides may read: public ones, and those addressed to seats of both
 * tactical sides (the tactical engine's public events). A side's own events stay out of the thread.
 */
export function commonEvents(
  events: readonly EngineEvent[],
  sideOf: ReadonlyMap<Seat, string>,
): EngineEvent[] {
  return events.filter((e) => {
    if (e.visibility === 'public') return true;
    const sides = new Set(e.visibility.seats.map((s) => sideOf.get(s)).filter((x) => x !== undefined));
    return sides.size >= 2;
  });
}

/** A campaign battle's order said as the thread says it (names from the battle), with what both sides saw. */
export function campaignOrderText(
  deps: BotDeps,
  gameId: string,
  action: Action,
  events: readonly EngineEvent[],
): { seat: string; view: TacView | null; order: Action; events: EngineEvent[] } | undefined {
  if (action.type !== 'combat-tactical-order') return undefined;
  const game = deps.directory.game(gameId);
  if (!game) return undefined;
  const hex = String(action.hex);
  const seats = battleSeatsOf(deps, game, hex);
  const sideOf = new Map(seats.map((s) => [s.seat, s.side]));
  return {
    seat: String(action.as),
    view: seats[0]?.view ?? null,
    order: action.order as Action,
    events: commonEvents(events, sideOf),
  };
}

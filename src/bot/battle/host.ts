// The battle host seam (issue 16): what the issue-15 battle layer (src/bot/commands/battle.ts,
// battle/orders.ts) needs to know about the battle a thread shows, whoever runs it. Two hosts:
// - a standalone battle: a game of kind 'battle' whose channel is the thread; its seats are the
//   tactical seats themselves and its orders go to the service as they are;
// - a campaign sub-battle: the tactical stage of a campaign's Combat Phase, fought in a private
//   thread of the campaign channel (battle/threads.ts knows which); the user holds campaign seats,
//   each holding some tactical seats (`combat.tactical.seats` of the seat's view), and every order
//   is wrapped into the campaign action `combat-tactical-order` sent as the campaign seat.
// The layer above never asks which kind it has: it reads views, decisions and holders from here.
import { stateOf } from '../../app/apply-action.js';
import type { GameRow } from '../../app/directory.js';
import type { Action, EngineEvent, Seat } from '../../app/engine-port.js';
import type { TacView } from '../../tactical/view.js';
import { type BotDeps, errorReply, type Reply } from '../types.js';
import { battleSeatName } from './present.js';

/** One decision of the user's in the battle: a tactical seat awaited now and its legal orders. */
export interface HostDecision {
  /** The tactical seat deciding (`prussia`, `austria:reserve`): names and labels. */
  seat: string;
  /** The seat the service takes the order from (the same, or the campaign seat holding it). */
  submitSeat: string;
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
  /** Checks orders in sequence without committing; the battle after them as the thread shows it. */
  dryRun(
    d: HostDecision,
    orders: Action[],
  ): { ok: true; after: TacView | null } | { ok: false; reply: Reply };
  /** The tactical seats awaited now and who plays each (a user id, or null for the autopilot). */
  awaited(): { seat: string; userId: string | null }[];
  /** Every tactical seat and its holder. */
  holders(): { seat: string; userId: string | null; autopilot: boolean }[];
}

// ---- what a thread may show: the battle without either side's secrets ----

/**
 * The part of a side's view both sides may see (tactical ruling "Hidden information": the field is
 * open; a side's off-map units, its prompt's options and, during a secret deployment, its
 * placements are its own). A campaign battle has no public tactical view: the thread's pictures
 * and texts are drawn from this.
 */
export function commonView(v: TacView): TacView {
  const deploying = v.phase === ('deployment' as TacView['phase']);
  const units = v.units
    .filter((u) => u.eliminated || (u.hex !== null && !deploying))
    .map((u) => {
      const { entry: _entry, ...rest } = u as typeof u & { entry?: unknown };
      return rest as typeof u;
    });
  const shown = new Set(units.map((u) => u.id));
  const leaders = v.leaders.filter((l) => l.eliminated || (l.hex !== null && !deploying));
  const a = v.activation ? structuredClone(v.activation) : null;
  if (a) {
    a.inCommand = a.inCommand.filter((id) => shown.has(id));
    a.finished = a.finished.filter((id) => shown.has(id));
    if (a.current !== null && !shown.has(a.current)) a.current = null;
    for (const rec of [a.mp, a.charge, a.leaderDist])
      for (const id of Object.keys(rec)) if (!shown.has(id)) delete (rec as Record<string, unknown>)[id];
  }
  const p = v.prompt as { side: string; kind: string; text: string } | null;
  // A side's standing orders (issue 15) are its own, like its deployment draft.
  const { deployment: _d, standing: _s, ...rest } = v as TacView & { deployment?: unknown };
  return {
    ...rest,
    viewer: 'public',
    units,
    leaders,
    activation: a,
    prompt: p ? ({ side: p.side, kind: p.kind, text: p.text } as TacView['prompt']) : null,
  };
}

// ---- a standalone battle (game kind 'battle', issue 15) ----

function holderOf(deps: BotDeps, gameId: string) {
  const rows = deps.directory.seats(gameId);
  return (seat: string) => {
    const row = rows.find((s) => s.seat === seat);
    return row && row.autopilot === 0 ? row.userId : null;
  };
}

export function standaloneHost(deps: BotDeps, game: GameRow): BattleHost {
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
        const waiting = deps.engine.pendingSeats(stateOf(game));
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
          stepId: d.stepId,
          version: p.version,
          legalActions: d.legalActions,
        },
      };
    },
    wrap: (_d, order) => order,
    dryRun(d, orders) {
      let state = stateOf(game);
      for (const a of orders) {
        const r = deps.engine.apply(state, d.submitSeat, a);
        if (!r.ok) return { ok: false, reply: errorReply(r.error.message, r.error.rule) };
        state = r.state;
      }
      return { ok: true, after: deps.engine.view(state, 'public') as TacView };
    },
    awaited() {
      const holder = holderOf(deps, game.id);
      return deps.engine.pendingSeats(stateOf(game)).map((seat) => ({ seat, userId: holder(seat) }));
    },
    holders() {
      return deps.directory
        .seats(game.id)
        .map((s) => ({ seat: s.seat, userId: s.userId, autopilot: s.autopilot > 0 }));
    },
  };
}

// ---- a campaign sub-battle (the tactical stage of a campaign's Combat Phase, issue 16) ----

/** What a campaign seat's view carries of a battle fought on the tactical map (engine view.combat). */
export type TacticalPart = { hex: string; seats: string[]; view: TacView } | { hex: string; underway: true };

export function tacticalPartOf(view: unknown): TacticalPart | undefined {
  return (view as { combat?: { tactical?: TacticalPart } } | null | undefined)?.combat?.tactical;
}

/** A participant's part (the battle from its side), or undefined for outsiders and the public. */
export function participantPart(view: unknown): { hex: string; seats: string[]; view: TacView } | undefined {
  const p = tacticalPartOf(view);
  return p && 'view' in p ? p : undefined;
}

type Wrapped = { type: 'combat-tactical-order'; hex: string; as: string; order: Action };

function isWrapped(a: Action, hex: string): a is Action & Wrapped {
  return a.type === 'combat-tactical-order' && a.hex === hex && typeof a.as === 'string';
}

/** Each campaign seat of the battle: which tactical seats it holds and who holds it. */
export function battleSeatsOf(
  deps: BotDeps,
  game: GameRow,
  hex: string,
): { seat: string; userId: string | null; autopilot: boolean; tactical: string[]; view: TacView }[] {
  if (game.state === null) return [];
  const state = stateOf(game);
  const out = [];
  for (const row of deps.directory.seats(game.id)) {
    const part = participantPart(deps.engine.view(state, row.seat));
    if (!part || part.hex !== hex) continue;
    out.push({
      seat: row.seat,
      userId: row.userId,
      autopilot: row.autopilot > 0,
      tactical: part.seats,
      view: part.view,
    });
  }
  return out;
}

export function campaignHost(deps: BotDeps, game: GameRow, hex: string): BattleHost {
  const seats = () => battleSeatsOf(deps, game, hex);
  return {
    kind: 'campaign',
    game,
    view() {
      const first = seats()[0];
      return first ? commonView(first.view) : null;
    },
    decision(userId) {
      const p = deps.service.pending({ gameId: game.id, userId });
      if (!p.ok) return { ok: false, reply: errorReply(p.error.message, p.error.rule) };
      for (const d of p.decisions) {
        const wrapped = d.legalActions.filter((a) => isWrapped(a, hex)) as unknown as Wrapped[];
        const first = wrapped[0];
        if (!first) continue;
        return {
          ok: true,
          decision: {
            seat: first.as,
            submitSeat: d.seat,
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
      let state = stateOf(game);
      for (const a of orders) {
        const r = deps.engine.apply(state, d.submitSeat, this.wrap(d, a));
        if (!r.ok) return { ok: false, reply: errorReply(r.error.message, r.error.rule) };
        state = r.state;
      }
      const part = participantPart(deps.engine.view(state, d.submitSeat));
      return { ok: true, after: part ? commonView(part.view) : null };
    },
    awaited() {
      if (game.state === null) return [];
      const all = seats();
      const pendingCampaign = new Set(deps.engine.pendingSeats(stateOf(game)));
      const out: { seat: string; userId: string | null }[] = [];
      for (const s of all) {
        if (!pendingCampaign.has(s.seat)) continue;
        const legal = deps.engine.legalActions(stateOf(game), s.seat);
        const tac = [
          ...new Set(legal.filter((a) => isWrapped(a, hex)).map((a) => (a as unknown as Wrapped).as)),
        ];
        for (const t of tac) out.push({ seat: t, userId: s.autopilot ? null : s.userId });
      }
      return out;
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
  if (game.state === null) return false;
  return tacticalPartOf(deps.engine.view(stateOf(game), 'public'))?.hex === hex;
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
  const sideOf = new Map(seats.map((s) => [s.seat, s.view.viewer as string]));
  return {
    seat: String(action.as),
    view: seats[0] ? commonView(seats[0].view) : null,
    order: action.order as Action,
    events: commonEvents(events, sideOf),
  };
}

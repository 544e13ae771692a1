// The Combat Phase's `tactical` stage (issue #16): a committed battle fought out on the tactical
// map by the players, as part of the campaign game. The tactical game (the host's session) lives
// in state.combat.hook.combat.battle; every tactical order is a campaign action
// (`combat-tactical-order`), so the campaign's action log, replay and deadlines cover the battle.
// When the tactical game is over the host converts its end into a strategic outcome, which the
// phase applies with the code that applies a table result (outcome.ts), then the retreat follows.
//
// Hidden information (9.0): the battle's participants (the nationalities with forces in the hex)
// see both forces and the tactical game; every other seat and the public learn only that a battle
// is underway at the hex, and at the end the result line every table battle gives.

import { drive } from '../../kernel/drive.js';
import type { StepName } from '../../kernel/phase.js';
import { stepName } from '../../kernel/phase.js';
import type { StrategicMap } from '../../map/types.js';
import type { Action } from '../actions.js';
import { ev, toSeats } from '../events.js';
import type { GameEvent, GameState, HexId, RuleError, Seat, Side } from '../types.js';
import { NATIONALITIES } from '../types.js';
import type { CombatHookState, CombatTacticalOrderAction } from './actions.js';
import type { BattlePublicData } from './outcome.js';
import type { CommittedBattle } from './resolver.js';
import type { TacticalEvent, TacticalHost, TacticalOrder, TacticalStartOptions } from './tactical-host.js';
import { tacticalSideOf } from './tactical-host.js';

type Battle = NonNullable<CombatHookState['battle']>;

/** Issue #16: the seats whose forces stand in the hex (the battle's participants, who alone see it). */
export function participantSeats(state: GameState, hex: HexId): Seat[] {
  return NATIONALITIES.filter(
    (n) =>
      (state.forces[hex]?.[n]?.out ?? 0) > 0 ||
      Object.values(state.leaders).some((l) => l.hex === hex && l.nationality === n && l.status === 'map'),
  );
}

/** The strategic side a tactical side fights for (the Prussian-Allied side plays "prussia"). */
function strategicOf(side: 'prussia' | 'austria'): Side {
  return side === 'prussia' ? 'prussian-allied' : 'coalition';
}

function err(rule: string, code: string, message: string): RuleError {
  return { rule, code, message };
}

/** The seats of a battle: the participants and every seat the host gave a tactical seat to. */
function battleSeats(state: GameState, b: Battle): Seat[] {
  const held = new Set<Seat>(Object.values(b.seats));
  return NATIONALITIES.filter((n) => held.has(n) || participantSeats(state, b.hex).includes(n));
}

/** True when `seat` takes part in the battle being fought on the tactical map now. */
export function inTacticalBattle(state: GameState, seat: Seat): boolean {
  const h = state.combat.hook.combat;
  return h?.stage === 'tactical' && !!h.battle && battleSeats(state, h.battle).includes(seat);
}

/** The tactical events as campaign events: to the battle's seats (all, or one side's). */
function toCampaignEvents(state: GameState, b: Battle, events: TacticalEvent[]): GameEvent[] {
  const seats = battleSeats(state, b);
  return events.map((e) => {
    const to =
      e.to === 'all' ? seats : seats.filter((s) => state.seatSide[s] === strategicOf(e.to as 'prussia'));
    return ev(`tactical:${e.kind}`, e.text, toSeats(...to), { hex: b.hex, ...(e.data ?? {}) });
  });
}

/**
 * 9.0 + issue #16: the committed battle goes to the tactical map: the host sets it up, the stage
 * waits for its orders. Returns a rule error (the action is then refused) or undefined.
 */
export function startTacticalBattle(
  state: GameState,
  host: TacticalHost,
  map: StrategicMap,
  battle: CommittedBattle,
  h: CombatHookState,
  events: GameEvent[],
  options: TacticalStartOptions,
): RuleError | undefined {
  const r = host.start(state, battle, map, options);
  if ('error' in r) return err(r.rule, 'illegal-attack', r.error);
  const { hex } = battle;
  // 9.0: both sides may now examine the two forces in this hex, and nobody else.
  if (!state.combat.committed.includes(hex)) state.combat.committed.push(hex);
  h.stage = 'tactical';
  h.option = undefined;
  h.battle = { hex, attacker: battle.attacker.side, seats: r.seats, session: r.session };
  events.push(ev('tactical-start', r.text, toSeats(...battleSeats(state, h.battle)), { hex }));
  const publicData: BattlePublicData = { hex };
  events.push(ev('battle-public', `A battle is being fought at ${hex}.`, { to: 'all' }, publicData));
  return undefined;
}

/** Campaign seats awaited in the tactical stage (each holds at least one awaited tactical seat). */
export function tacticalPending(host: TacticalHost | undefined, b: Battle): Seat[] {
  if (!host) return [];
  const out: Seat[] = [];
  for (const t of host.pending(b.session)) {
    const s = b.seats[t];
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

/** The awaited tactical seats a campaign seat holds. */
function heldPending(host: TacticalHost, b: Battle, seat: Seat): string[] {
  return host.pending(b.session).filter((t) => b.seats[t] === seat);
}

/** The wrapped orders a campaign seat may give now. */
export function tacticalLegal(host: TacticalHost | undefined, b: Battle, seat: Seat): Action[] {
  if (!host) return [];
  const out: Action[] = [];
  for (const t of heldPending(host, b, seat))
    for (const order of host.legal(b.session, t))
      out.push({ type: 'combat-tactical-order', hex: b.hex, as: t, order } as Action);
  return out;
}

/** `combat.tactical@<hex>#<tactical step>`: each tactical step is its own campaign step. */
export function tacticalStep(host: TacticalHost | undefined, b: Battle | undefined): StepName {
  if (!b) return stepName('combat', 'tactical');
  return stepName('combat', 'tactical', `${b.hex}#${host ? host.step(b.session) : 'unhosted'}`);
}

/** The Leuthen rule a tactical refusal names, marked so it is not read as a Frederick case. */
function leuthenRule(rule: string): string {
  return /^\d/.test(rule) ? `Leuthen ${rule}` : rule;
}

/**
 * One tactical order from a campaign seat. Refusals never tell a seat outside the battle anything
 * about it (not even whether the hex or the tactical seat exist).
 */
export function applyTacticalOrder(
  state: GameState,
  host: TacticalHost | undefined,
  h: CombatHookState,
  seat: Seat,
  a: CombatTacticalOrderAction,
  events: GameEvent[],
): RuleError | undefined {
  const b = h.battle;
  if (h.stage !== 'tactical' || !b || !battleSeats(state, b).includes(seat))
    return err('9.0', 'not-in-battle', 'Your forces are not in a battle being fought on the tactical map.');
  if (!host) return err('engine', 'no-tactical-host', 'Tactical battles are not available on this server.');
  if (a.hex !== b.hex)
    return err('9.0', 'wrong-battle', `The battle on the tactical map is at ${b.hex}, not at ${a.hex}.`);
  if (b.seats[a.as] !== seat)
    return err(
      '9.0',
      'not-your-formation',
      `"${a.as}" is not yours to command; yours: ${
        Object.keys(b.seats)
          .filter((t) => b.seats[t] === seat)
          .join(', ') || 'none'
      }.`,
    );
  if (a.order.type === 'timeout')
    return err('input', 'bad-order', 'A timeout is not an order: the deadline sends it.');
  // A standing order (tactical ruling "Standing orders") is given at any time; it changes no step.
  if (a.order.type !== 'standing-order' && !host.pending(b.session).includes(a.as))
    return err('Leuthen 4', 'not-your-step', `${a.as} has nothing to do now (${host.step(b.session)}).`);
  const r = host.apply(b.session, a.as, a.order);
  if (!r.ok) return { ...r.error, rule: leuthenRule(r.error.rule) };
  b.session = r.session;
  events.push(...toCampaignEvents(state, b, r.events));
  return undefined;
}

/**
 * The orders the autopilot tries for the tactical seat `t`, in order: its choice, then (a refused
 * decision must not stall the battle) 'done', the other legal orders, and the tactical engine's
 * own defaults.
 */
function autopilotTries(host: TacticalHost, session: unknown, t: string): TacticalOrder[] {
  const tries: TacticalOrder[] = [host.autopilot(session, t)];
  const legal = host.legal(session, t);
  tries.push(...legal.filter((o) => o.type === 'done'), ...legal.filter((o) => o.type !== 'done'));
  tries.push({ type: 'timeout' });
  return tries;
}

/**
 * The autopilot plays the tactical seats held by `seats` while one of them is awaited; with
 * `oneStep`, only until the tactical step changes (a deadline: the next step gets its own).
 * `seats` undefined: every seat, to the end of the battle (the one-call resolver). Stops when the
 * battle is over or another seat is awaited. The one game loop (src/kernel/drive.ts) plays it.
 */
export function playTacticalAutopilot(
  state: GameState,
  host: TacticalHost,
  b: Battle,
  seats: readonly Seat[] | undefined,
  events: GameEvent[],
  oneStep = false,
  maxOrders = 100_000,
): void {
  const first = host.step(b.session);
  drive<unknown, TacticalOrder, TacticalEvent>({
    state: b.session,
    maxSteps: maxOrders,
    isOver: (session) => host.isOver(session),
    apply(session, t, order) {
      const r = host.apply(session, t, order);
      return r.ok ? { ok: true, state: r.session, events: r.events } : r;
    },
    next(session, steps) {
      if (oneStep && steps > 0 && host.step(session) !== first) return { stop: 'step' };
      const t = host.pending(session).find((x) => {
        const s = b.seats[x];
        return !seats || (s !== undefined && seats.includes(s));
      });
      if (!t) return { stop: 'awaiting' };
      return { seat: t, candidates: autopilotTries(host, session, t) };
    },
    accepted({ state: session, events: tacEvents }) {
      b.session = session;
      events.push(...toCampaignEvents(state, b, tacEvents));
      return undefined;
    },
  });
}

/** The autopilot's next campaign action for a seat awaited in the tactical stage. */
export function tacticalAutopilotAction(
  host: TacticalHost | undefined,
  h: CombatHookState,
  seat: Seat,
): Action | undefined {
  const b = h.battle;
  if (!host || h.stage !== 'tactical' || !b) return undefined;
  const t = heldPending(host, b, seat)[0];
  if (!t) return undefined;
  return { type: 'combat-tactical-order', hex: b.hex, as: t, order: host.autopilot(b.session, t) } as Action;
}

/** What a seat's campaign view shows of the battle being fought (View.combat.tactical). */
export type TacticalViewPart =
  | { hex: HexId; seats: string[]; view: unknown }
  | { hex: HexId; underway: true };

export function tacticalViewPart(
  state: GameState,
  host: TacticalHost | undefined,
  h: CombatHookState,
  viewer: Seat | 'public',
): TacticalViewPart | undefined {
  const b = h.battle;
  if (h.stage !== 'tactical' || !b) return undefined;
  if (viewer === 'public' || !host || !battleSeats(state, b).includes(viewer))
    return { hex: b.hex, underway: true };
  const seats = Object.keys(b.seats).filter((t) => b.seats[t] === viewer);
  const side: 'prussia' | 'austria' =
    tacticalSideOf(seats[0] ?? '') ?? (state.seatSide[viewer] === 'prussian-allied' ? 'prussia' : 'austria');
  return { hex: b.hex, seats, view: host.view(b.session, side) };
}

// The Prisoner Exchange Phase (4.2 C, 14.1) as a phase hook. Exchanges are mandatory (14.12): the
// only decisions are which captured leaders a holder releases (14.14) and which eligible fortress the
// owner's returned prisoners go into (14.16). When such a choice exists the deciding seats are asked
// once (`exchange-choice`); `done` or the deadline take the defaults (lowest-ranked leaders first,
// lowest hex id). Frederick is never exchanged (14.15).
import { type StepName, stepName } from '../../kernel/phase.js';
import type { StrategicMap } from '../../map/types.js';
import type { Action } from '../actions.js';
import { ev } from '../events.js';
import { engineMap } from '../map-env.js';
import type { HookResult, HookStep, PhaseHook } from '../phases/module.js';
import { addLedger, addSp, fortressAt, seatsOf } from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, Seat, Side } from '../types.js';
import {
  type ExchangeHookState,
  exchangeActionSchemas,
  exchangeChoiceSchema,
  type SideChoice,
} from './actions.js';
import { type ExchangeResult, exchangePrisoners } from './exchange.js';

export { exchangeActionSchemas } from './actions.js';

function hs(state: GameState): ExchangeHookState {
  return state.combat.hook.exchange ?? { waiting: [], choices: {} };
}
function setHs(state: GameState, h: ExchangeHookState): void {
  state.combat.hook = { ...state.combat.hook, exchange: h };
}

/** 14.16: non-besieged fortresses garrisoned (SP inside) by a nationality, by hex id. */
export function returnFortresses(
  state: GameState,
  nat: Nationality,
  map: StrategicMap = engineMap(),
): HexId[] {
  return Object.keys(state.forces)
    .filter(
      (h) =>
        (state.forces[h]?.[nat]?.in ?? 0) > 0 && !state.besieged.includes(h) && fortressAt(state, map, h),
    )
    .sort();
}

/** 14.15: the #1 ranked Prussian leader. */
export function frederickIds(state: GameState): string[] {
  return Object.values(state.leaders)
    .filter((l) => l.nationality === 'prussia' && l.rank === 1)
    .map((l) => l.id);
}

/** Runs the exchanges due at `when` on the state (mutates it); returns what happened. */
export function runExchange(
  state: GameState,
  when: number | 'end',
  events: GameEvent[],
  choices: Partial<Record<Side, SideChoice>> = {},
  map: StrategicMap = engineMap(),
): ExchangeResult {
  const held = (side: Side) => ({
    sp: { ...state.ledger.prisoners[side] } as Record<string, number>,
    leaders: state.ledger.prisonerLeaders[side].map((id) => state.leaders[id]!).filter(Boolean),
  });
  const result = exchangePrisoners(
    {
      pairs: state.rules.prisonerExchange,
      when,
      held: { 'prussian-allied': held('prussian-allied'), coalition: held('coalition') },
      returnFortresses: (n) => returnFortresses(state, n as Nationality, map),
      neverExchanged: frederickIds(state),
      leaderPreference: {
        'prussian-allied': choices['prussian-allied']?.release ?? [],
        coalition: choices.coalition?.release ?? [],
      },
    },
    (n) => state.seatSide[n as Nationality],
  );
  for (const side of ['prussian-allied', 'coalition'] as const) {
    state.ledger.prisoners[side] = result.held[side].sp;
    state.ledger.prisonerLeaders[side] = result.held[side].leaders.map((l) => l.id);
  }
  for (const r of result.releases) {
    const nat = r.nationality as Nationality;
    const wanted = choices[state.seatSide[nat]]?.returnTo?.[nat];
    const to = wanted && r.returnTo.includes(wanted) ? wanted : r.returnTo[0];
    if (to && when !== 'end') {
      if (r.sp > 0) addSp(state, to, nat, 'in', r.sp);
      for (const id of r.leaders)
        state.leaders[id] = { ...state.leaders[id]!, status: 'map', hex: to, inside: true };
    } else {
      // At the end of the game (1757 B) the exchange only settles who is still a prisoner (14.17):
      // the SP go home, out of play but not eliminated.
      for (const id of r.leaders) state.leaders[id] = { ...state.leaders[id]!, status: 'removed', hex: null };
      if (when === 'end' && r.sp > 0) addLedger(state.ledger.removed, nat, r.sp);
    }
    events.push(
      ev(
        'prisoners-exchanged',
        `${r.sp} ${nat} SP${r.leaders.length ? ` and ${r.leaders.length} ${r.leaders.length > 1 ? 'leaders' : 'leader'}` : ''} return from captivity${to && when !== 'end' ? ` to ${to}` : ''}.`,
        { to: 'all' },
        { ...r, returnTo: to },
      ),
    );
  }
  return result;
}

/** Seats with a real choice this phase: a holder with spare eligible leaders, an owner with 2+ fortresses. */
function seatsWithChoices(state: GameState, map: StrategicMap): Seat[] {
  const dry = structuredClone(state);
  const result = runExchange(dry, state.turn, [], {}, map);
  const sides = new Set<Side>();
  for (const r of result.releases) {
    if (r.returnTo.length > 1) sides.add(state.seatSide[r.nationality as Nationality]);
    if (r.leaders.length > 0) {
      const spare = result.held[r.holder].leaders.some(
        (l) => l.nationality === r.nationality && !frederickIds(state).includes(l.id),
      );
      if (spare) sides.add(r.holder);
    }
  }
  return [...sides].map((s) => seatsOf(state, s)[0]!);
}

function finish(state: GameState, map: StrategicMap, h: ExchangeHookState, events: GameEvent[]): void {
  runExchange(state, state.turn, events, h.choices, map);
  h.waiting = [];
}

function enter(state: GameState, map: StrategicMap): HookStep {
  const events: GameEvent[] = [];
  const h: ExchangeHookState = { waiting: seatsWithChoices(state, map), choices: {} };
  if (h.waiting.length === 0) finish(state, map, h, events);
  setHs(state, h);
  return { ok: true, state, events };
}

function apply(state: GameState, seat: Seat, action: Action, map: StrategicMap): HookResult {
  const h = hs(state);
  const side = state.seatSide[seat];
  const events: GameEvent[] = [];
  if (!h.waiting.includes(seat))
    return {
      ok: false,
      error: { rule: '14.12', code: 'nothing-to-choose', message: 'You have no exchange choice to make.' },
    };
  if (action.type === 'exchange-choice') {
    const a = exchangeChoiceSchema.parse(action);
    for (const id of a.release ?? [])
      if (!state.ledger.prisonerLeaders[side].includes(id))
        return {
          ok: false,
          error: { rule: '14.14', code: 'not-held', message: `You hold no captured leader "${id}".` },
        };
    for (const [nat, hex] of Object.entries(a.returnTo ?? {})) {
      if (state.seatSide[nat as Nationality] !== side)
        return {
          ok: false,
          error: { rule: '14.16', code: 'not-yours', message: `${nat} prisoners are not yours to place.` },
        };
      if (!returnFortresses(state, nat as Nationality, map).includes(hex))
        return {
          ok: false,
          error: {
            rule: '14.16',
            code: 'bad-fortress',
            message: `${hex} is not a non-besieged fortress garrisoned by ${nat}.`,
          },
        };
    }
    h.choices[side] = { release: a.release, returnTo: a.returnTo };
  } else if (action.type !== 'done')
    return {
      ok: false,
      error: {
        rule: 'input',
        code: 'unknown-action',
        message: `"${action.type}" is not an exchange action.`,
      },
    };
  h.waiting = h.waiting.filter((s) => s !== seat);
  if (h.waiting.length === 0) finish(state, map, h, events);
  setHs(state, h);
  return { ok: true, state, events };
}

function legal(state: GameState, seat: Seat): Action[] {
  const h = hs(state);
  if (!h.waiting.includes(seat)) return [];
  return [{ type: 'exchange-choice' }, { type: 'done' }];
}

function timeout(state: GameState, map: StrategicMap): HookStep {
  const h = hs(state);
  const events: GameEvent[] = [];
  if (h.waiting.length > 0) finish(state, map, h, events);
  setHs(state, h);
  return { ok: true, state, events };
}

/** The Prisoner Exchange Phase module; the map is passed in by the engine (tests may omit it). */
export const prisonerExchangePhaseHook = {
  phase: 'prisoner-exchange' as const,
  actions: exchangeActionSchemas,
  enter: (state: GameState, map?: StrategicMap) => enter(state, map ?? engineMap()),
  pending: (state: GameState) => hs(state).waiting,
  legal: (state: GameState, seat: Seat, _map?: StrategicMap) => legal(state, seat),
  apply: (state: GameState, seat: Seat, action: Action, map?: StrategicMap) =>
    apply(state, seat, action, map ?? engineMap()),
  timeout: (state: GameState, map?: StrategicMap) => timeout(state, map ?? engineMap()),
  /** The named step: the exchange choices (14.14, 14.16) while any seat still has one to make. */
  step: (state: GameState): StepName =>
    stepName('prisoner-exchange', hs(state).waiting.length > 0 ? 'choice' : 'done'),
} satisfies PhaseHook;

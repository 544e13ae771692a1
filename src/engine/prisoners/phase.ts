// The Prisoner Exchange Phase (4.2 C, 14.1) as a phase hook. Exchanges are mandatory (14.12), so the
// phase runs by itself on entry with the documented defaults: each holder releases his lowest-ranked
// captured leaders first (14.14) and returned prisoners go into the first eligible fortress by hex id
// (14.16). Frederick is never exchanged (14.15).
import { ev } from '../events.js';
import { engineMap } from '../map-env.js';
import type { HookStep, PhaseHook } from '../phases/hooks.js';
import { addSp, fortressAt } from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, Side } from '../types.js';
import { type ExchangeResult, exchangePrisoners } from './exchange.js';

/** 14.16: non-besieged fortresses garrisoned (SP inside) by a nationality, by hex id. */
export function returnFortresses(state: GameState, nat: Nationality): HexId[] {
  const map = engineMap();
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
export function runExchange(state: GameState, when: number | 'end', events: GameEvent[]): ExchangeResult {
  const held = (side: Side) => ({
    sp: { ...state.ledger.prisoners[side] } as Record<string, number>,
    leaders: state.ledger.prisonerLeaders[side].map((id) => state.leaders[id]!).filter(Boolean),
  });
  const result = exchangePrisoners(
    {
      pairs: state.rules.prisonerExchange,
      when,
      held: { 'prussian-allied': held('prussian-allied'), coalition: held('coalition') },
      returnFortresses: (n) => returnFortresses(state, n as Nationality),
      neverExchanged: frederickIds(state),
    },
    (n) => state.seatSide[n as Nationality],
  );
  for (const side of ['prussian-allied', 'coalition'] as const) {
    state.ledger.prisoners[side] = result.held[side].sp;
    state.ledger.prisonerLeaders[side] = result.held[side].leaders.map((l) => l.id);
  }
  for (const r of result.releases) {
    const nat = r.nationality as Nationality;
    const to = r.returnTo[0];
    if (to && when !== 'end') {
      if (r.sp > 0) addSp(state, to, nat, 'in', r.sp);
      for (const id of r.leaders)
        state.leaders[id] = { ...state.leaders[id]!, status: 'map', hex: to, inside: true };
    } else {
      // At the end of the game (1757 B) the exchange only settles who is still a prisoner (14.17).
      for (const id of r.leaders) state.leaders[id] = { ...state.leaders[id]!, status: 'removed', hex: null };
    }
    events.push(
      ev(
        'prisoners-exchanged',
        `${r.sp} ${nat} SP${r.leaders.length ? ` and ${r.leaders.length} leader(s)` : ''} return from captivity${to && when !== 'end' ? ` to ${to}` : ''}.`,
        { to: 'all' },
        { ...r },
      ),
    );
  }
  return result;
}

function enter(state: GameState): HookStep {
  const events: GameEvent[] = [];
  runExchange(state, state.turn, events);
  return { ok: true, state, events };
}

export const prisonerExchangePhaseHook: PhaseHook = {
  phase: 'prisoner-exchange',
  actions: [],
  enter,
  pending: () => [],
  legal: () => [],
  apply: () => ({
    ok: false,
    error: {
      rule: '14.12',
      code: 'automatic',
      message: 'Prisoner exchanges are mandatory and made automatically.',
    },
  }),
  timeout: (state) => ({ ok: true, state, events: [] }),
};

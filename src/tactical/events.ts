// Events of a battle: what happened, for logs and the bot. Visibility as in the app's port:
// everything on the battlefield is public (ruling "Hidden information"); only what concerns units
// not yet on the map in Scenario 2 is shown to their own side alone.
import type { Env } from './env.js';
import type { Side, TacState } from './state.js';

export type Visibility = 'public' | { seats: string[] };

export interface TacEvent {
  type: string;
  visibility: Visibility;
  text: string;
  [key: string]: unknown;
}

export function ev(type: string, text: string, extra: Record<string, unknown> = {}): TacEvent {
  return { type, visibility: 'public', text, ...extra };
}

export function privateEv(
  side: Side,
  type: string,
  text: string,
  extra: Record<string, unknown> = {},
): TacEvent {
  return { type, visibility: { seats: [side] }, text, ...extra };
}

/** The mutable context of one apply: a private copy of the state, the env and the events produced. */
export interface Ctx {
  s: TacState;
  env: Env;
  events: TacEvent[];
}

/** The events a seat may see (its side's private events and the public ones). */
export function eventsFor(events: readonly TacEvent[], seat: string): TacEvent[] {
  const side = seat.split(':')[0] ?? seat;
  return events.filter(
    (e) =>
      e.visibility === 'public' || e.visibility.seats.includes(side) || e.visibility.seats.includes(seat),
  );
}

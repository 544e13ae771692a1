// Event helpers and per-viewer filtering (events carry a visibility tag; architecture.md).
import type { GameEvent, GameState, Seat, Side, Visibility } from './types.js';
import { DEFAULT_SIDE } from './types.js';

export const ALL: Visibility = { to: 'all' };
export function toSides(...sides: Side[]): Visibility {
  return { to: 'sides', sides };
}
export function toSeats(...seats: Seat[]): Visibility {
  return { to: 'seats', seats };
}

export function ev(
  kind: string,
  text: string,
  vis: Visibility = ALL,
  data?: Record<string, unknown>,
): GameEvent {
  return data ? { kind, text, vis, data } : { kind, text, vis };
}

/** Default sides of the seats (a scenario may move one, e.g. 1762 Russia: pass `state.seatSide`). */

/**
 * The events a viewer may see. A seat sees events to its side or to itself; 'public' sees only
 * 'all'. Pass the game's `seatSide` so scenario side changes are honoured.
 */
export function eventsFor(
  events: readonly GameEvent[],
  viewer: Seat | 'public',
  seatSide: Record<Seat, Side> = DEFAULT_SIDE,
): GameEvent[] {
  return events.filter((e) => {
    if (e.vis.to === 'all') return true;
    if (viewer === 'public') return false;
    if (e.vis.to === 'seats') return e.vis.seats.includes(viewer);
    const side = seatSide[viewer];
    return side !== undefined && e.vis.sides.includes(side);
  });
}

export function eventsForState(events: readonly GameEvent[], state: GameState, viewer: Seat | 'public') {
  return eventsFor(events, viewer, state.seatSide);
}

// Issue #16 (design 5.2): the hexside each nationality's force last entered a hex by, so that a
// battle fought out on the tactical map puts each army at the edge it came from. Recorded by the
// movement code (5.4 march, 5.6 force march: every hex a force enters, for every nationality it
// carries) and cleared for a side's nationalities when that side's March Phase begins (5.1), so a
// record says "came in by this hexside during its side's latest movement" (docs/rulings.md,
// Arrival hexsides). Kept only in campaigns with a tactical setting (state.tactical): games begun
// before it replay unchanged. Server-side only: no view copies it (a force's route is hidden).
import { sideOf } from '../state.js';
import type { GameState, HexId, Nationality, Side } from '../types.js';

/** Record that forces of `nats` entered `to` from the adjacent hex `from`. */
export function recordArrival(state: GameState, to: HexId, from: HexId, nats: readonly Nationality[]): void {
  if (!state.tactical || state.tactical.mode === 'off' || from === to) return;
  const all = state.arrivedVia ?? {};
  const rec = all[to] ?? {};
  for (const n of nats) rec[n] = from;
  all[to] = rec;
  state.arrivedVia = all;
}

/** 5.1: a side's March Phase begins: its nationalities' arrivals are history. */
export function clearArrivals(state: GameState, side: Side): void {
  if (!state.arrivedVia) return;
  for (const [hex, rec] of Object.entries(state.arrivedVia)) {
    for (const n of Object.keys(rec) as Nationality[]) if (sideOf(state, n) === side) delete rec[n];
    if (Object.keys(rec).length === 0) delete state.arrivedVia[hex];
  }
}

/** The hex `nat`'s force entered `hex` from, if recorded (undefined: unknown or did not move). */
export function arrivalOf(state: GameState, hex: HexId, nat: Nationality): HexId | undefined {
  return state.arrivedVia?.[hex]?.[nat];
}

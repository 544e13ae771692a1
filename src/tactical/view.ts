// The per-seat view (allow-list). Ruling "Hidden information": everything on the battlefield is
// open to both sides (counters face up); the RNG (and so the coming dice) is never shown; a
// prompt's options go only to the side deciding; in Scenario 2 the units of a side not yet on the
// map are shown to that side only; during a deployment (design 5.4) the other side's counters are
// listed (9.0 reveals the forces) but without hex or facing until both sides have committed.
import { cloneData } from './clone.js';
import { parseSeat, stepOf } from './phases.js';
import type { Side, TacState } from './state.js';

export interface TacView {
  viewer: Side | 'public';
  scenario: string;
  map: string;
  turn: number;
  lastTurn: number;
  strategicTurn: number;
  phase: TacState['phase'];
  step: string;
  actingSide: Side | null;
  segment: TacState['segment'];
  activation: TacState['activation'];
  prompt: TacState['prompt'] | { side: Side; kind: string; text: string } | null;
  units: Omit<TacState['units'][number], never>[];
  leaders: TacState['leaders'];
  formations: TacState['formations'];
  breached: string[];
  ledger: TacState['ledger'];
  startCp: TacState['startCp'];
  over: TacState['over'];
  /** Deployment zones and who has committed (absent for historical set-ups). */
  deployment?: { zones: Record<Side, number[]>; committed: Side[] };
  /** The viewer side's standing orders (issue 15); absent for the public and the other side. */
  standing?: NonNullable<TacState['standing']>;
}

/** The activation record without the ids of units the viewer may not see (off-map enemy units). */
function activationFor(state: TacState, viewer: Side | 'public'): TacState['activation'] {
  const a = state.activation;
  if (!a) return null;
  const c = cloneData(a);
  if (a.side === viewer) return c;
  const hidden = new Set(state.units.filter((u) => u.hex === null && !u.eliminated).map((u) => u.id));
  if (!hidden.size) return c;
  const keep = (id: string) => !hidden.has(id);
  c.inCommand = c.inCommand.filter(keep);
  c.finished = c.finished.filter(keep);
  if (c.current !== null && !keep(c.current)) c.current = null;
  for (const rec of [c.mp, c.charge, c.leaderDist])
    for (const id of Object.keys(rec)) if (!keep(id)) delete rec[id];
  return c;
}

export function view(state: TacState, seat: string): TacView {
  const viewer: Side | 'public' = seat === 'public' ? 'public' : (parseSeat(seat)?.side ?? 'public');
  const seen = (side: Side, hex: string | null, eliminated: boolean) =>
    eliminated || hex !== null || side === viewer;
  // Ruling Deployment: while drafting, a side's placements are its own secret.
  const secret = (side: Side) => state.phase === 'deployment' && side !== viewer;
  return {
    viewer,
    scenario: state.scenario,
    map: state.map,
    turn: state.turn,
    lastTurn: state.lastTurn,
    strategicTurn: state.strategicTurn,
    phase: state.phase,
    step: stepOf(state),
    actingSide: state.actingSide,
    segment: cloneData(state.segment),
    activation: activationFor(state, viewer),
    prompt: state.prompt
      ? state.prompt.side === viewer
        ? cloneData(state.prompt)
        : { side: state.prompt.side, kind: state.prompt.kind, text: state.prompt.text }
      : null,
    units: state.units
      .filter((u) => seen(u.side, u.hex, u.eliminated))
      .map((u) => {
        const { entry, ...rest } = u;
        if (secret(u.side)) return { ...rest, hex: null, facing: 0 };
        return u.side === viewer && entry ? { ...rest, entry } : rest;
      }),
    leaders: cloneData(
      state.leaders
        .filter((l) => seen(l.side, l.hex, l.eliminated))
        .map((l) => (secret(l.side) ? { ...l, hex: null } : l)),
    ),
    formations: cloneData(state.formations),
    breached: [...state.breached],
    ledger: cloneData(state.ledger),
    startCp: { ...state.startCp },
    over: state.over ? cloneData(state.over) : null,
    ...(state.deployment
      ? {
          deployment: {
            zones: cloneData(state.deployment.zones),
            committed: [...state.deployment.committed],
          },
        }
      : {}),
    ...(viewer !== 'public' && state.standing?.some((o) => o.side === viewer)
      ? { standing: state.standing.filter((o) => o.side === viewer).map((o) => ({ ...o })) }
      : {}),
  };
}

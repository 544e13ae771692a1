// What a battle on the tactical map shows, and to whom, as the service hands it to the bot (issue 13
// item 5: the service is the bot's only door; issue 16: campaign sub-battles). A campaign seat's
// view carries its part of a battle fought on the tactical map (`combat.tactical`); the thread a
// battle is fought in shows only the part both sides may see (commonView).
import type { TacView } from '../tactical/view.js';
import type { RulesEngine, Seat } from './engine-port.js';

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

/** A campaign seat taking part in the battle at a hex (CampaignService.battleSeats). */
export interface BattleSeat {
  seat: Seat;
  userId: string | null;
  autopilot: boolean;
  /** The tactical seats it holds (`prussia`, `austria:reserve`). */
  tactical: string[];
  /** Its tactical side (`prussia` / `austria`). */
  side: string;
  /** The battle as both sides may see it (commonView of the seat's part): never one side's secrets. */
  view: TacView;
  /** The tactical seats it holds that are awaited now (public: whom the game waits for). */
  awaited: string[];
}

/** Whether an action is the campaign wrapper of a tactical order for the battle at `hex`. */
export function isTacticalOrder(
  a: { type: string } & Record<string, unknown>,
  hex: string,
): a is {
  type: 'combat-tactical-order';
  hex: string;
  as: string;
  order: { type: string } & Record<string, unknown>;
} {
  return a.type === 'combat-tactical-order' && a.hex === hex && typeof a.as === 'string';
}

/** Every campaign seat of the battle at `hex`, in seat order (`rows`: the game's seats). */
export function battleSeatsIn<S>(
  engine: RulesEngine<S>,
  state: S,
  rows: readonly { seat: Seat; userId: string | null; autopilot: number }[],
  hex: string,
): BattleSeat[] {
  const pending = new Set(engine.pendingSeats(state));
  const out: BattleSeat[] = [];
  for (const row of rows) {
    const part = participantPart(engine.view(state, row.seat));
    if (!part || part.hex !== hex) continue;
    const awaited = pending.has(row.seat)
      ? [
          ...new Set(
            engine
              .legalActions(state, row.seat)
              .filter((a) => isTacticalOrder(a, hex))
              .map((a) => String(a.as)),
          ),
        ]
      : [];
    out.push({
      seat: row.seat,
      userId: row.userId,
      autopilot: row.autopilot > 0,
      tactical: part.seats,
      side: String(part.view.viewer),
      view: commonView(part.view),
      awaited,
    });
  }
  return out;
}

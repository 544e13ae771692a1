// Checks an order against the current state without committing it, for the preview. The result
// carries only what the acting seat may see. Orders that roll dice or reveal (a force march, an
// overwhelming attack, a battle, a siege) are checked but their outcome is not shown: the roll happens for real on Confirm.

import { stateOf } from '../app/apply-action.js';
import type { Action, EngineEvent, RuleError } from '../app/engine-port.js';
import type { BotDeps } from './types.js';

export interface MpStep {
  hex: string;
  /** MP this hex cost (5.41), and MP left after entering it. */
  cost: number;
  left: number;
}

export type DryRun =
  | {
      ok: true;
      version: number;
      events: EngineEvent[];
      rollsDice: boolean;
      /** The seat's view after the order (deterministic orders only), for the preview map. */
      viewAfter: unknown;
      /** March orders: the MP spent per hex, when the engine reports MP left. */
      steps: MpStep[];
      /** Supply warnings for the end hex, when the view carries supply data. */
      warnings: string[];
    }
  | { ok: false; error: RuleError };

function mpLeftOf(events: EngineEvent[]): number | null {
  for (const e of events) {
    const d = e.data as { mpLeft?: unknown } | undefined;
    if (d && typeof d.mpLeft === 'number') return d.mpLeft;
  }
  return null;
}

/**
 * 5.41: the cost of each hex of a march, found by checking each prefix of the path against the
 * engine (no cost table is duplicated here). The first prefix also gives the allowance.
 */
function marchSteps(
  deps: Pick<BotDeps, 'engine'>,
  state: unknown,
  seat: string,
  action: Action,
  finalLeft: number | null,
): MpStep[] {
  const path = Array.isArray(action.path) ? (action.path as string[]) : [];
  if (path.length === 0 || finalLeft === null) return [];
  const lefts: number[] = [];
  for (let k = 1; k <= path.length; k++) {
    const prefix = path.slice(0, k);
    const stops = Array.isArray(action.stops)
      ? (action.stops as Array<{ hex: string }>).filter((st) => prefix.includes(st.hex))
      : undefined;
    const r = deps.engine.apply(state, seat, {
      ...action,
      path: prefix,
      ...(stops ? { stops } : {}),
      overwhelm: false,
    });
    const left = r.ok ? mpLeftOf(r.events) : null;
    if (left === null) return [];
    lefts.push(left);
  }
  const steps: MpStep[] = [];
  const start = allowance(deps.engine.view(state, seat), String(action.leader));
  if (start !== null)
    steps.push({ hex: path[0] as string, cost: start - (lefts[0] as number), left: lefts[0] as number });
  for (let k = 1; k < path.length; k++) {
    steps.push({
      hex: path[k] as string,
      cost: (lefts[k - 1] as number) - (lefts[k] as number),
      left: lefts[k] as number,
    });
  }
  return steps;
}

/**
 * MP the leader has before this march: what a force already moving has left, else the March
 * Phase allowance (5.1: roll + Initiative, at most 6; 11.13: Initiative 0 when demoralized; 16.11:
 * one less in winter turns 16-18).
 */
function allowance(view: unknown, leader: string): number | null {
  const v = view as {
    moving?: Array<{ leader: string; mpLeft: number }>;
    marchRoll?: number | null;
    turn?: number;
    hexes?: Array<{
      stacks: Array<{ demoralized?: boolean; leaders: Array<{ id: string; initiative?: number }> }>;
    }>;
  } | null;
  if (!v) return null;
  const moving = v.moving?.find((m) => m.leader === leader);
  if (moving) return moving.mpLeft;
  if (typeof v.marchRoll !== 'number') return null;
  for (const h of v.hexes ?? [])
    for (const st of h.stacks)
      for (const l of st.leaders)
        if (l.id === leader && typeof l.initiative === 'number') {
          const winter = typeof v.turn === 'number' && v.turn >= 16 ? 1 : 0;
          // 11.13: a demoralized leader moves with Initiative 0.
          const initiative = st.demoralized ? 0 : l.initiative;
          return Math.min(6, v.marchRoll + initiative) - winter;
        }
  return null;
}

function supplyWarnings(viewAfter: unknown, action: Action): string[] {
  const v = viewAfter as { supply?: unknown } | null;
  const path = Array.isArray(action.path) ? (action.path as string[]) : [];
  const end = path[path.length - 1];
  if (!v || !Array.isArray(v.supply) || !end) return [];
  return v.supply.includes(end) ? [] : [`The force ends out of supply at ${end}: attrition risk (10.61).`];
}

/** Orders whose outcome is fixed by the rules alone; anything else may roll dice or reveal. */
const DETERMINISTIC = new Set([
  'march',
  'depot-build',
  'depot-destroy',
  'camp-build',
  'garrison',
  'halt',
  'done',
]);

export function rollsDice(action: Action): boolean {
  if (action.type === 'march') return action.overwhelm === true;
  return !DETERMINISTIC.has(action.type);
}

export interface Sequence {
  /** Orders applied before the main one (e.g. leaving a fortress, 12.21). */
  before?: Action[];
  /** Orders applied after it (e.g. entering the fortress at the end of a march). */
  after?: Action[];
}

export function dryRun(
  deps: Pick<BotDeps, 'directory' | 'engine'>,
  gameId: string,
  seat: string,
  action: Action,
  sequence: Sequence = {},
): DryRun {
  const game = deps.directory.game(gameId);
  if (!game || game.state === null) {
    return {
      ok: false,
      error: { rule: 'service', code: 'not-started', message: 'The campaign has not started.' },
    };
  }
  const initial = stateOf(game);
  const pending = deps.engine.pendingSeats(initial);
  if (!pending.includes(seat)) {
    return {
      ok: false,
      error: {
        rule: '4.2',
        code: 'not-pending',
        message: `${seat} has nothing to do in this phase${pending.length ? ` (waiting for ${pending.join(', ')})` : ''}.`,
      },
    };
  }
  const all = [...(sequence.before ?? []), action, ...(sequence.after ?? [])];
  const mainIndex = (sequence.before ?? []).length;
  let state = initial;
  let stateBeforeMain = initial;
  const collected: EngineEvent[] = [];
  for (const [k, a] of all.entries()) {
    if (k === mainIndex) stateBeforeMain = state;
    let r: ReturnType<typeof deps.engine.apply>;
    try {
      r = deps.engine.apply(state, seat, a);
    } catch (e) {
      return {
        ok: false,
        error: {
          rule: 'input',
          code: 'bad-order',
          message: `That order is malformed: ${(e as Error).message}`,
        },
      };
    }
    if (!r.ok) return r;
    state = r.state;
    collected.push(...r.events);
  }
  if (all.some(rollsDice)) {
    return {
      ok: true,
      version: game.version,
      events: [],
      rollsDice: true,
      viewAfter: null,
      steps: [],
      warnings: [],
    };
  }
  const events = collected.filter((e) => e.visibility === 'public' || e.visibility.seats.includes(seat));
  const viewAfter = deps.engine.view(state, seat);
  const steps =
    action.type === 'march' ? marchSteps(deps, stateBeforeMain, seat, action, mpLeftOf(events)) : [];
  return {
    ok: true,
    version: game.version,
    events,
    rollsDice: false,
    viewAfter,
    steps,
    warnings: supplyWarnings(viewAfter, action),
  };
}

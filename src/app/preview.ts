// Previews: an order (with the orders around it) checked against the current state without
// committing anything. The result carries only what the acting seat may see. Orders that roll dice
// or reveal (a force march, an overwhelming attack, a battle, a siege) are checked but their outcome
// is not shown: the roll happens for real on Confirm. The bot asks for previews through
// CampaignService.preview; it never runs the engine itself.
import type { Action, EngineEvent, MarchCostsInfo, RuleError, RulesEngine, Seat } from './engine-port.js';

export interface MpStep {
  hex: string;
  /** MP this hex cost (5.41), and MP left after entering it. */
  cost: number;
  left: number;
}

export type Preview =
  | {
      ok: true;
      version: number;
      events: EngineEvent[];
      rollsDice: boolean;
      /** The seat's view after the orders (deterministic orders only), for the preview map. */
      viewAfter: unknown;
      /** The public view after the orders, when asked for (deterministic orders only; else null). */
      publicViewAfter?: unknown;
      /** March orders: the MP spent per hex, as the engine counts them (explainMarch). */
      steps: MpStep[];
      /** March orders: the engine's explanation of every hex's cost, with rule cases. */
      marchCosts: MarchCostsInfo | null;
      /** Supply warnings for the end hex, when the view carries supply data. */
      warnings: string[];
    }
  | { ok: false; error: RuleError };

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

export function rollsDice(engine: RulesEngine<unknown>, action: Action): boolean {
  if (engine.rollsDice) return engine.rollsDice(action);
  if (action.type === 'march') return action.overwhelm === true;
  return !DETERMINISTIC.has(action.type);
}

function supplyWarnings(viewAfter: unknown, action: Action): string[] {
  const v = viewAfter as { supply?: unknown } | null;
  const path = Array.isArray(action.path) ? (action.path as string[]) : [];
  const end = path[path.length - 1];
  if (!v || !Array.isArray(v.supply) || !end) return [];
  return v.supply.includes(end) ? [] : [`The force ends out of supply at ${end}: attrition risk (10.61).`];
}

/**
 * Applies `orders` in sequence for `seat` on copies of `state` (the engine never writes to its
 * input): the state before each order and after the last (`states[k]` is the one before order k),
 * with the events; the first refusal (or a malformed order the engine throws on) is returned.
 */
function applySequence(
  engine: RulesEngine<unknown>,
  state: unknown,
  seat: Seat,
  orders: readonly Action[],
): { ok: true; states: unknown[]; events: EngineEvent[] } | { ok: false; error: RuleError } {
  const states = [state];
  const events: EngineEvent[] = [];
  for (const a of orders) {
    let r: ReturnType<typeof engine.apply>;
    try {
      r = engine.apply(states[states.length - 1], seat, a);
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
    states.push(r.state);
    events.push(...r.events);
  }
  return { ok: true, states, events };
}

/**
 * Runs `before`, the main order and `after` for `seat` on `state` (the game at `version`). The
 * seat must be pending (4.2); a refusal of any order is returned as is.
 */
export function previewOrders(
  engine: RulesEngine<unknown>,
  state: unknown,
  version: number,
  seat: Seat,
  orders: { before?: Action[]; action: Action; after?: Action[]; publicView?: boolean },
): Preview {
  const pending = engine.pendingSeats(state);
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
  const all = [...(orders.before ?? []), orders.action, ...(orders.after ?? [])];
  const run = applySequence(engine, state, seat, all);
  if (!run.ok) return run;
  const current = run.states[all.length];
  const stateBeforeMain = run.states[(orders.before ?? []).length];
  const collected = run.events;
  if (all.some((a) => rollsDice(engine, a))) {
    return {
      ok: true,
      version,
      events: [],
      rollsDice: true,
      viewAfter: null,
      ...(orders.publicView ? { publicViewAfter: null } : {}),
      steps: [],
      marchCosts: null,
      warnings: [],
    };
  }
  const events = collected.filter((e) => e.visibility === 'public' || e.visibility.seats.includes(seat));
  const viewAfter = engine.view(current, seat);
  const marchCosts = marchCostsOf(engine, stateBeforeMain, seat, orders.action);
  return {
    ok: true,
    version,
    events,
    rollsDice: false,
    viewAfter,
    ...(orders.publicView ? { publicViewAfter: engine.view(current, 'public') } : {}),
    steps: marchCosts?.steps.map((s) => ({ hex: s.hex, cost: s.cost, left: s.left })) ?? [],
    marchCosts,
    warnings: supplyWarnings(viewAfter, orders.action),
  };
}

/** 5.41: the engine's account of a march's MP, hex by hex (null for other orders or engines without it). */
function marchCostsOf(
  engine: RulesEngine<unknown>,
  state: unknown,
  seat: Seat,
  action: Action,
): MarchCostsInfo | null {
  if (action.type !== 'march' || !engine.explainMarch) return null;
  const path = Array.isArray(action.path) ? action.path : [];
  if (path.length === 0) return null;
  const r = engine.explainMarch(state, seat, action);
  return 'steps' in r ? r : null;
}

/** A battle order's dry run (CampaignService.dryRun): the field after the orders, if it may be shown. */
export type DryRunResult =
  | {
      ok: true;
      /**
       * The view after the orders (the seat's, or the public one), or null when a die rolled on the
       * way: the field after it would tell the die before Confirm, and a Cancel would let one try
       * again (7.2, 7.3, 12.6 and every fire or shock).
       */
      view: unknown;
      /** Whether a die rolled on the way (the engine's diceRolled; false for an engine without it). */
      rolled: boolean;
      /** With `legal`: the orders the seat may give after these (an order being typed: a path hex by hex). */
      legal: Action[];
    }
  | { ok: false; error: RuleError };

/** Applies `orders` in sequence for `seat` without committing anything; the first refusal is returned. */
export function dryRunOrders(
  engine: RulesEngine<unknown>,
  state: unknown,
  seat: Seat,
  orders: readonly Action[],
  viewer: 'seat' | 'public',
  legal = false,
): DryRunResult {
  const run = applySequence(engine, state, seat, orders);
  if (!run.ok) return run;
  const current = run.states[orders.length];
  const rolled = engine.diceRolled?.(state, current) ?? false;
  return {
    ok: true,
    view: rolled ? null : engine.view(current, viewer === 'public' ? 'public' : seat),
    rolled,
    legal: legal ? engine.legalActions(current, seat) : [],
  };
}

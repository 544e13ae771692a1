// explainMarch: what a march order costs, hex by hex, with the rule case of every term, as the
// engine itself counts it (the preview of an order shows it; no cost table is repeated outside).
import type { StrategicMap } from '../map/types.js';
import { actionSchema, type MarchAction } from './actions.js';
import { apply, doMarch } from './apply.js';
import { engineMap } from './map-env.js';
import type { MarchTraceStep } from './rules/movement.js';
import { type CostPart, stepCostParts } from './rules/terrain.js';
import type { GameState, RuleError, Seat } from './types.js';

export type { CostPart };

export interface MarchStepCost {
  hex: string;
  /** MP this hex cost (the sum of `parts`), and MP left after entering it. */
  cost: number;
  left: number;
  parts: CostPart[];
}

export interface MarchCosts {
  leader: string;
  /**
   * MP the force had when this order began: the allowance of a force starting to move (5.1: roll +
   * Initiative, at most 6; 11.13 demoralized: Initiative 0; 16.11 winter: one less), or what a force
   * already moving has left.
   */
  allowance: number;
  steps: MarchStepCost[];
}

/**
 * The cost of each hex of a march order for `seat`, or the RuleError that refuses the order. The
 * order is checked exactly as `apply` checks it; an Overwhelming Attack at the end (5.5) is left
 * out, since it rolls a die and costs no MP.
 */
export function explainMarch(
  state: GameState,
  seat: Seat,
  action: unknown,
  map: StrategicMap = engineMap(),
): MarchCosts | RuleError {
  const parsed = actionSchema.safeParse(action);
  if (!parsed.success || parsed.data.type !== 'march')
    return { rule: 'input', code: 'not-a-march', message: 'Only a march order has MP costs to explain.' };
  const a: MarchAction = { ...parsed.data, overwhelm: false };
  const checked = apply(state, seat, a, map);
  if (!checked.ok) return checked.error;
  const s: GameState = structuredClone(state);
  const trace = { allowance: 0, steps: [] as MarchTraceStep[] };
  const e = doMarch(state, s, seat, a, map, [], trace);
  if (e) return e;
  return {
    leader: a.leader,
    allowance: trace.allowance,
    steps: trace.steps.map((t) => ({
      hex: t.hex,
      cost: t.cost,
      left: t.left,
      parts: stepCostParts(map, t.from, t.hex, t.enemyHex),
    })),
  };
}

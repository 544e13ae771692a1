// Checks an order against the current state without committing it, for the preview. The result
// carries only what the acting seat may see. Orders that roll dice or reveal (a force march, an
// overwhelming attack, a battle, a siege) are checked but their outcome is not shown: the roll happens for real on Confirm.

import { stateOf } from '../app/apply-action.js';
import type { Action, EngineEvent, RuleError } from '../app/engine-port.js';
import type { BotDeps } from './types.js';

export type DryRun =
  | { ok: true; version: number; events: EngineEvent[]; rollsDice: boolean }
  | { ok: false; error: RuleError };

/** Orders whose outcome is fixed by the rules alone; anything else may roll dice or reveal. */
const DETERMINISTIC = new Set(['march', 'depot-build', 'depot-destroy', 'garrison', 'halt', 'done']);

export function rollsDice(action: Action): boolean {
  if (action.type === 'march') return action.overwhelm === true;
  return !DETERMINISTIC.has(action.type);
}

export function dryRun(
  deps: Pick<BotDeps, 'directory' | 'engine'>,
  gameId: string,
  seat: string,
  action: Action,
): DryRun {
  const game = deps.directory.game(gameId);
  if (!game || game.state === null) {
    return {
      ok: false,
      error: { rule: 'service', code: 'not-started', message: 'The campaign has not started.' },
    };
  }
  const state = stateOf(game);
  const pending = deps.engine.pendingSeats(state);
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
  let r: ReturnType<typeof deps.engine.apply>;
  try {
    r = deps.engine.apply(state, seat, action);
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
  const dice = rollsDice(action);
  const events = dice
    ? []
    : r.events.filter((e) => e.visibility === 'public' || e.visibility.seats.includes(seat));
  return { ok: true, version: game.version, events, rollsDice: dice };
}

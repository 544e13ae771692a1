// The one game loop (issue #13 item 6). Every place that plays a game action by action runs this
// loop: the autopilot driver (demo, bench, balance), the fuzzer, `ftg play` and the service's
// autopilot drive, and for battles on the tactical map the tactical fuzzer (src/tactical/fuzz.ts),
// the tactical autopilot driver (src/autopilot/tactical/driver.ts), `ftg battle play` and the
// autopilot of a campaign battle fought on the tactical map (engine/combat/tactical-stage.ts). They
// differ only in their policy: who acts next and what to try (`next`), what to do with a refused
// try (`refused`), and what follows an accepted action (`accepted`). The loop itself owns the order
// of things, so the players cannot drift apart: ask, try the candidates in order, count, report,
// repeat until the game is over, the policy stops, or the step limit is reached.
import type { RuleError } from './errors.js';

export type Applied<S, E> = { ok: true; state: S; events: E[] } | { ok: false; error: RuleError };

/** A seat's turn: the actions to try in order; the first the referee accepts is played. */
export interface Turn<A> {
  seat: string;
  candidates: Iterable<A>;
}

/** What the policy says instead of a turn. */
export type Pause<S> =
  /** End the game loop with this reason. */
  | { stop: string }
  /** The policy changed the game itself, uncounted (a safety-net timeout); ask again. */
  | { state: S };

export interface DriveSpec<S, A, E> {
  state: S;
  apply(state: S, seat: string, action: A): Applied<S, E>;
  isOver(state: S): boolean;
  /** Who acts now and what to try (`steps`: actions accepted so far), or a pause. */
  next(state: S, steps: number): Turn<A> | Pause<S>;
  /** A candidate was refused (called before the next candidate is taken). */
  refused?(state: S, seat: string, action: A, error: RuleError): void;
  /**
   * Every candidate was refused: 'stop' ends the loop ('refused'); 'continue' asks `next` again (the
   * policy has noted the seat). Default 'stop'.
   */
  exhausted?(state: S, seat: string): 'stop' | 'continue';
  /**
   * After an accepted action (`steps` counts it): may replace the new state (e.g. a follow-up
   * timeout, or `before` to undo) and/or stop the loop.
   */
  accepted?(info: {
    before: S;
    state: S;
    seat: string;
    action: A;
    events: E[];
    steps: number;
  }): { state?: S; stop?: string } | undefined;
  /** Default: no limit. */
  maxSteps?: number;
}

export interface DriveResult<S> {
  state: S;
  steps: number;
  /** 'over' (the game ended), 'step-limit', 'refused', or the policy's own reason. */
  stopped: string;
}

export function drive<S, A, E>(spec: DriveSpec<S, A, E>): DriveResult<S> {
  let state = spec.state;
  let steps = 0;
  const maxSteps = spec.maxSteps ?? Number.POSITIVE_INFINITY;
  while (!spec.isOver(state)) {
    if (steps >= maxSteps) return { state, steps, stopped: 'step-limit' };
    const turn = spec.next(state, steps);
    if ('stop' in turn) return { state, steps, stopped: turn.stop };
    if (!('seat' in turn)) {
      state = turn.state;
      continue;
    }
    let played: { action: A; state: S; events: E[] } | undefined;
    for (const action of turn.candidates) {
      const r = spec.apply(state, turn.seat, action);
      if (r.ok) {
        played = { action, state: r.state, events: r.events };
        break;
      }
      spec.refused?.(state, turn.seat, action, r.error);
    }
    if (!played) {
      if ((spec.exhausted?.(state, turn.seat) ?? 'stop') === 'stop')
        return { state, steps, stopped: 'refused' };
      continue;
    }
    steps++;
    const before = state;
    state = played.state;
    const after = spec.accepted?.({
      before,
      state,
      seat: turn.seat,
      action: played.action,
      events: played.events,
      steps,
    });
    if (after?.state !== undefined) state = after.state;
    if (after?.stop !== undefined) return { state, steps, stopped: after.stop };
  }
  return { state, steps, stopped: 'over' };
}

// A force still moving blocks the detachments of its nationality (5.53 A, 5.37 as keeps537 judges
// it): the planning levels halt it before they end the step, so the other forces can move.
// docs/balance.md, "A halt before the step ends".
import { describe, expect, it } from 'vitest';
import { decideWithReason } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { positionState } from '../../src/autopilot/position.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { apply } from '../../src/engine/index.js';
import { legalActions } from '../../src/engine/legal.js';
import type { GameState } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/**
 * 1762 seed 4, expert self-play (positions/halt-1762-4.json): the first French March Phase (turn 5)
 * in which Clermont's army is still the moving force (it may go on, 5.53 A) and Contades, with 13 SP
 * on his finished depot at 1612, has not moved. The position was recorded by playing the seed and
 * cutting before the first state with France pending in a March Phase, Clermont's the French force
 * in `movement.active`, Contades not in `movement.moved`, Contades at 1612 and the depot there
 * complete; the engine replays its log, so a change to the autopilot no longer moves it. Seed 3 was
 * the pin until the expert's force marches into a fortress it means to besiege (`hasten`) drew
 * other dice from the shared stream and that game no longer met it.
 */
function clermontMoving(): GameState {
  const state = positionState(loadPosition('halt-1762-4'), map);
  // The facts the position was cut for, so that a rule change that moves them shows here.
  const active = state.movement.active.find((f) => f.nationality === 'france');
  expect(state.phase).toBe('march');
  expect(state.pending).toContain('france');
  expect(active?.leader).toBe('clermont');
  expect(state.movement.moved).not.toContain('contades');
  expect(state.leaders.contades?.hex).toBe('1612');
  expect(state.depots['1612']?.status).toBe('complete');
  return state;
}

const decide = (state: GameState) =>
  decideWithReason(
    view(state, 'france', [], map),
    legalActions(state, 'france', map),
    createAutopilotRng('halt-test'),
    'expert',
    map,
  );

describe('autopilot: a halt before the step ends (5.53 A, 5.37)', () => {
  it('5.53 A/5.37: with Clermont still moving, the expert halts him rather than end the step, and Contades then marches on, leaving a guard on his depot (10.12 B)', () => {
    const state = clermontMoving();
    const first = decide(state);
    // Until 6 Dec 2026 `done` (0) beat `halt` (-0.01) here, and Contades' 13 SP stood on the depot
    // at 1612 for five turns: every march that leaves its guard was refused while Clermont moved.
    expect(first.action).toEqual({ type: 'halt' });
    const halted = apply(state, 'france', first.action, map);
    if (!halted.ok) throw new Error(halted.error.message);
    const next = decide(halted.state);
    expect(next.action).toMatchObject({ type: 'march', leader: 'contades' });
    const take = next.action.type === 'march' ? (next.action.take?.sp ?? 0) : 0;
    const here = halted.state.forces['1612']?.france?.out ?? 0;
    expect(take).toBe(here - 1);
  });

  it('5.53 A: a halt that frees no other force stays below ending the step', () => {
    const state = clermontMoving();
    // The same step with every other French march struck off the list: nothing to free.
    const legal = legalActions(state, 'france', map).filter(
      (a) => a.type !== 'march' || a.leader === 'clermont',
    );
    const d = decideWithReason(
      view(state, 'france', [], map),
      legal,
      createAutopilotRng('halt-test'),
      'expert',
      map,
    );
    expect(d.action.type).not.toBe('halt');
  });
});

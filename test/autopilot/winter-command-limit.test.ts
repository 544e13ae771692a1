// Winter quarters a subordinate may reach (5.37, 16.21, 16.31): the expert picks only quarters whose
// march the engine lists, and a guard still waiting in a fortress for a depot goes in for the winter.
// docs/balance.md, "Quarters 5.37 allows".
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { positionState } from '../../src/autopilot/position.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { legalActions } from '../../src/engine/legal.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/** Hold allies against a Coalition of `coalition` (1756 seed 24, as its positions were recorded). */
function levels(coalition: Level): Partial<Record<Seat, Level>> {
  const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
  for (const s of ['austria', 'france', 'russia', 'sweden', 'empire'] as const) level[s] = coalition;
  return level;
}

/**
 * The state as Austria is first to act in the March Phase of a turn of 1756 seed 24, hold against
 * the Coalition's level, from positions/winter-command-limit-1756-24-<name>.json, each recorded as
 * `ftg demo --scenario 1756 --seed 24 --level prussia=hold,hanover=hold,<the rest>=LEVEL --cut
 * TURN:march:austria`: `turn13` (the expert, turn 13), `standard-turn16` (standard, turn 16).
 */
function austriaAt(name: 'turn13' | 'standard-turn16'): GameState {
  return positionState(loadPosition(`winter-command-limit-1756-24-${name}`), map);
}

/** Hexes Serbelloni's listed marches may end in. */
function serbelloniEnds(state: GameState): Set<string> {
  const ends = new Set<string>();
  for (const a of legalActions(state, 'austria', map))
    if (a.type === 'march' && a.leader === 'serbelloni') ends.add(a.path.at(-1) as string);
  return ends;
}

describe('autopilot: winter quarters 5.37 allows (the expert)', () => {
  it('5.37/16.21: a subordinate sets out for quarters his march may end in, not for the fortress where another subordinate would come to command more than the supreme commander (1756 seed 24, Serbelloni)', () => {
    // positions/winter-command-limit-1756-24-turn13.json (the expert Coalition, cut as Austria
    // is first to act in turn 13's March Phase). Turn 13, the first of the last three March
    // Phases before the Coalition's first winter attrition: Browne (the supreme commander)
    // besieges Glatz with 12 SP; Piccolomini covers Koniggratz (1230) with 9 SP outside and 2
    // inside. Serbelloni's 3 SP there would give Piccolomini 14, and the engine lists no march of
    // his ending at 1230. Until 7 Dec 2026 the plan sent him there all the same; he stood beside
    // it at 1130 and lost his three SP to 16.31.
    const state = austriaAt('turn13');
    const board = boardFromView(view(state, 'austria', [], map), map);
    expect(board.friends.get('1130')?.leaders.map((l) => l.id)).toContain('serbelloni');
    const ends = serbelloniEnds(state);
    expect(ends.has('1230')).toBe(false);
    const goal = makePlan(board, STYLES.expert).goals.get('serbelloni');
    expect(goal?.kind).toBe('winter');
    expect(goal?.hex).not.toBe('1230');
    expect(map.fortress(goal?.hex ?? '')).toBeDefined();
  });

  it('16.21/16.31: a guard waiting in a fortress for a depot to guard goes into winter quarters instead of standing by his post (1756 seed 24)', () => {
    // The standard Coalition's game (no `fetch`; positions/winter-command-limit-1756-24-standard-
    // turn16.json, cut as Austria is first to act in turn 16's March Phase): on turn 16
    // Serbelloni still stands at 1130, the guard who waits at Koniggratz with no depot to guard.
    // A depot guard proper stays at his post while the army campaigns (the army's supply hangs on
    // it); this one guards nothing.
    const board = boardFromView(view(austriaAt('standard-turn16'), 'austria', [], map), map);
    expect(board.friends.get('1130')?.leaders.map((l) => l.id)).toContain('serbelloni');
    expect(makePlan(board, STYLES.standard).goals.get('serbelloni')?.kind).toBe('guard');
    const plan = makePlan(board, STYLES.expert);
    expect(plan.campaign?.roles.get('serbelloni')?.role).toBe('guard');
    const goal = plan.goals.get('serbelloni');
    expect(goal?.kind).toBe('winter');
    expect(goal?.hex).not.toBe('1230');
  });

  it("16.31/17.0: the expert Coalition ends 1756 seed 24 with Serbelloni's SP whole and a win, where it drew", () => {
    // The expert Coalition plays the game out live from turn 13's position (positions/winter-
    // command-limit-1756-24-turn13.json, the one the first test plans on); the autopilots' RNGs
    // restart there, so the rest of the game is this continuation, not the game first pinned.
    const g = playGame({
      scenario: '1756',
      seed: 24,
      from: austriaAt('turn13'),
      level: levels('expert'),
      map,
    });
    expect(g.victory.winner).toBe('coalition');
    expect(g.losses.coalition.eliminated).toBeLessThan(7);
  });
});

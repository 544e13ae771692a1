// Winter quarters a subordinate may reach (5.37, 16.21, 16.31): the expert picks only quarters whose
// march the engine lists, and a guard still waiting in a fortress for a depot goes in for the winter.
// docs/balance.md, "Quarters 5.37 allows".
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { legalActions } from '../../src/engine/legal.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

/** The state as Austria is first to act in the March Phase of `turn`: 1756 seed 24, hold against the expert. */
function austriaAt(turn: number, coalition: Level = 'expert'): GameState {
  const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
  for (const s of ['austria', 'france', 'russia', 'sweden', 'empire'] as const) level[s] = coalition;
  let got: GameState | undefined;
  playGame({
    scenario: '1756',
    seed: 24,
    level,
    map,
    turns: turn,
    onStep: ({ state }) => {
      if (!got && state.turn === turn && state.phase === 'march' && state.pending.includes('austria'))
        got = state;
    },
  });
  if (!got) throw new Error(`no Austrian March Phase on turn ${turn}`);
  return got;
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
    // Turn 13, the first of the last three March Phases before the Coalition's first winter
    // attrition: Browne (the supreme commander) besieges Glatz with 12 SP; Piccolomini covers
    // Koniggratz (1230) with 9 SP outside and 2 inside. Serbelloni's 3 SP there would give
    // Piccolomini 14, and the engine lists no march of his ending at 1230. Until 7 Dec 2026 the
    // plan sent him there all the same; he stood beside it at 1130 and lost his three SP to 16.31.
    const state = austriaAt(13);
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
    // The standard Coalition's game (no `fetch`): on turn 16 Serbelloni still stands at 1130,
    // the guard who waits at Koniggratz with no depot to guard. A depot guard proper stays at his
    // post while the army campaigns (the army's supply hangs on it); this one guards nothing.
    const board = boardFromView(view(austriaAt(16, 'standard'), 'austria', [], map), map);
    expect(board.friends.get('1130')?.leaders.map((l) => l.id)).toContain('serbelloni');
    expect(makePlan(board, STYLES.standard).goals.get('serbelloni')?.kind).toBe('guard');
    const plan = makePlan(board, STYLES.expert);
    expect(plan.campaign?.roles.get('serbelloni')?.role).toBe('guard');
    const goal = plan.goals.get('serbelloni');
    expect(goal?.kind).toBe('winter');
    expect(goal?.hex).not.toBe('1230');
  });

  it("16.31/17.0: the expert Coalition ends 1756 seed 24 with Serbelloni's SP whole and a win, where it drew", () => {
    const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
    for (const s of ['austria', 'france', 'russia', 'sweden', 'empire'] as const) level[s] = 'expert';
    const g = playGame({ scenario: '1756', seed: 24, level, map });
    expect(g.victory.winner).toBe('coalition');
    expect(g.losses.coalition.eliminated).toBeLessThan(7);
  });
});

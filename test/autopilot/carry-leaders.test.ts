// The expert carries lower-ranked leaders along (5.35) when a march takes every SP out of their
// hex: left there with none, the first enemy combat unit to enter takes them (8.31).
// src/autopilot/decide.ts carryLeaders. Before it, 1757 expert self-play lost seven leaders so in
// six games (seed 2 turn 11: Schwerin, Henry and Maurice left on 1425 by Frederick's march).
import { describe, expect, it } from 'vitest';
import { carryLeaders, decideWithReason } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { apply } from '../../src/engine/apply.js';
import type { MarchAction } from '../../src/engine/index.js';
import { legalActions } from '../../src/engine/legal.js';
import { setup } from '../../src/engine/setup.js';
import type { GameState } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

/** 1756 opening: Brunswick (6 SP) and Maurice stand together at 1729. */
function opening(): GameState {
  return setup('1756', 1, { map });
}

function carried(state: GameState): MarchAction[] {
  const legal = legalActions(state, 'prussia', map);
  return carryLeaders(boardFromView(view(state, 'prussia', [], map), map), legal);
}

describe('autopilot: subordinate leaders carried along (the expert)', () => {
  it('5.35: a march taking every SP out of the hex gets a copy carrying the lower-ranked leaders', () => {
    const state = opening();
    expect(state.leaders.brunswick?.hex).toBe('1729');
    expect(state.leaders.maurice?.hex).toBe('1729');
    const copies = carried(state);
    expect(copies.length).toBeGreaterThan(0);
    for (const a of copies) {
      expect(a.leader).toBe('brunswick');
      expect(a.take).toEqual({ sp: 6, leaders: ['maurice'] });
    }
    // Each copy is a legal move for the engine (5.35: lower rank, same nationality, unmoved).
    for (const a of copies.slice(0, 5)) {
      const r = apply(state, 'prussia', a, map);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.state.leaders.maurice?.hex).toBe(a.path.at(-1));
    }
  });

  it('5.35: no copy when SP stay behind with the subordinates, nor for a subordinate already moved', () => {
    const state = opening();
    const legal = legalActions(state, 'prussia', map);
    const board = boardFromView(view(state, 'prussia', [], map), map);
    // Marches leaving SP in the hex (a split): the leaders left keep them.
    const split = legal.flatMap((a) =>
      a.type === 'march' && a.leader === 'brunswick' ? [{ ...a, take: { sp: 5 } }] : [],
    );
    expect(split.length).toBeGreaterThan(0);
    expect(carryLeaders(board, split)).toEqual([]);
    // Maurice with no march on offer (as after he has moved, 5.36) is not carried.
    const withoutMaurice = legal.filter((a) => !(a.type === 'march' && a.leader === 'maurice'));
    expect(carryLeaders(board, withoutMaurice)).toEqual([]);
  });

  it('8.31: the expert moving Brunswick out of 1729 takes Maurice with him; the standard level does not', () => {
    const state = opening();
    const legal = legalActions(state, 'prussia', map).filter(
      (a) => a.type !== 'march' || a.leader === 'brunswick' || a.leader === 'maurice',
    );
    const v = view(state, 'prussia', [], map);
    const expert = decideWithReason(v, legal, createAutopilotRng(1), 'expert', map).action;
    expect(expert).toMatchObject({
      type: 'march',
      leader: 'brunswick',
      take: { sp: 6, leaders: ['maurice'] },
    });
    const standard = decideWithReason(v, legal, createAutopilotRng(1), 'standard', map).action;
    expect(standard).toMatchObject({ type: 'march', leader: 'brunswick', take: { sp: 6 } });
    expect(standard.type === 'march' && standard.take?.leaders).toBeFalsy();
  });
});

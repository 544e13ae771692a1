// `proof` (the expert): a siege that goes on through the winter keeps its depot line supplied. A
// field depot feeds only while an SP stands in it (10.12 B), a siege is on only while its depot is
// supplied (13.12), and every winter Attrition Phase takes an SP from each force outside a fortress
// (16.31). docs/balance.md, "Siege lines in the first winter".
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { siegeLines, winterGuardNeed } from '../../src/autopilot/winter-lines.js';
import type { Action } from '../../src/engine/index.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

/** 1761 seed 7, the expert allies against hold: Frederick besieges Olmutz from turn 5. */
const EXPERT_VS_HOLD: Partial<Record<Seat, Level>> = {
  prussia: 'expert',
  hanover: 'expert',
  austria: 'hold',
  france: 'hold',
  russia: 'hold',
  sweden: 'hold',
  empire: 'hold',
};

interface Step {
  seat: Seat;
  action: Action;
  why: string;
  before: GameState;
}

function play(level: Partial<Record<Seat, Level>>) {
  const steps: Step[] = [];
  let prev: GameState | undefined;
  const g = playGame({
    scenario: '1761',
    seed: 7,
    level,
    map,
    onStep: ({ seat, action, why, state }) => {
      if (prev) steps.push({ seat, action, why, before: prev });
      prev = state;
    },
  });
  return { g, steps };
}

describe('autopilot: siege lines made ready for the winter (10.12 B, 13.12, 16.31)', () => {
  const proof = play(EXPERT_VS_HOLD);

  it('16.31, sequence of play A.8: a guard needs an SP for each winter attrition before a roll of its side, and one to stand', () => {
    const state = proof.steps.find((s) => s.before.turn === 14 && s.seat === 'prussia')?.before;
    expect(state).toBeDefined();
    const allies = boardFromView(view(state as GameState, 'prussia', [], map), map);
    // The allies' attrition comes in the Coalition's half of the turn: turns 16 and 17 precede a
    // roll of theirs, turn 18's does not.
    expect(winterGuardNeed(allies)).toBe(3);
    const coalition = boardFromView(view(state as GameState, 'austria', [], map), map);
    // The Coalition's comes before its own Siege Phase on each of turns 16-18.
    expect(winterGuardNeed(coalition)).toBe(4);
  });

  it('13.12, 10.12 B: on turn 14 the siege of Olmutz hangs on the one-SP guard at 1235', () => {
    const state = proof.steps.find(
      (s) => s.before.turn === 14 && s.before.phase === 'march' && s.seat === 'prussia',
    )?.before;
    const board = boardFromView(view(state as GameState, 'prussia', [], map), map);
    const plan = makePlan(board, STYLES.expert);
    expect(siegeLines(board, plan.supply)).toContainEqual({ fort: '0834', depot: '1235', need: 3, have: 1 });
    expect(plan.reinforce?.get('finck')).toEqual({ hex: '1235', sp: 2, from: '0834' });
    // The standard level does not.
    expect(makePlan(board, STYLES.standard).reinforce).toBeUndefined();
  });

  it('5.35: Finck takes just the two SP the guard lacks back to 1235, and Olmutz falls on turn 17', () => {
    const back = proof.steps.find(
      (s) =>
        s.seat === 'prussia' &&
        s.action.type === 'march' &&
        s.action.leader === 'finck' &&
        s.before.turn === 14,
    );
    expect(back?.action).toMatchObject({ path: ['0935', '1035', '1136', '1235'], take: { sp: 2 } });
    expect(back?.why).toMatch(/takes 2 SP back to the depot at 1235 for the winter siege of Olmutz/);
    expect(proof.g.captures).toContainEqual({ hex: '0834', side: 'prussian-allied', turn: 17 });
    // Before `proof` the guard died on turn 16 and the siege was cut on turn 17 (siege-census.ts).
    expect(proof.g.sieges['prussian-allied']).toEqual({ cut: 0, cutWinter: 0 });
    expect(proof.g.refused).toBe(0);
  });
});

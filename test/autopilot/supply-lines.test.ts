// The expert keeps its supply lines (`lines`, src/autopilot/decide.ts and plan.ts).
// 10.12 B: a depot feeds nothing once nobody stands in it, and 10.12 C: the depots beyond it join the
// net only through it, so a march that takes the last SP off a depot can cut off an army far ahead.
// Before, nothing in the march's score counted that (1759 seed 1, Coalition expert against the hold
// baseline: on turn 7 Fermor took the one SP off the depot at 3341 to wait at Konigsberg, and
// Saltykov's 27 SP at 2537 fell back out of supply for three turns). And 13.12-13.13: only a siege
// that is on is kept up through the winter (1760 seed 1: Broglie stood the winter out before
// Magdeburg with a depot still building, and lost 3 SP to 16.31 without a roll).
import { afterEach, describe, expect, it } from 'vitest';
import { decideWithReason, STYLES, supplyCutCost } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { supplyPicture } from '../../src/autopilot/geometry.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { positionState } from '../../src/autopilot/position.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { GameState } from '../../src/engine/index.js';
import { legalActions } from '../../src/engine/legal.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/**
 * A recorded position's state (positions/<name>.json): a hold-against-expert game cut before the
 * first state a predicate accepted (each file's note names the levels and the predicate).
 */
function stateAt(name: string): GameState {
  return positionState(loadPosition(name), map);
}

const expertLines = STYLES.expert.lines;
afterEach(() => {
  STYLES.expert.lines = expertLines;
});

describe('autopilot: the supply lines are kept (the expert)', () => {
  // 1759 seed 1, turn 8 (positions/supply-lines-1759-1.json): Saltykov's army has marched on from
  // its depot at 2939 to 2537; the depot chain back to Konigsberg runs 2939 -> 3341, each manned by
  // one SP; Fermor stands at 3341. Found by playing the Coalition expert against the hold baseline
  // without `led` (STYLES.expert.led off, 7 Dec 2026: with it Saltykov leaves Fermor with the guard
  // at 2939 and the position of the case never arises; the rule under test is the same for any
  // leader on a depot), cut before the first state of the turn-8 March Phase with the Coalition
  // phasing and Saltykov at 2537. (Turn 7 until `hasten`, the expert's force march into a fortress
  // it means to besiege, 5.2, 13.12, changed the course of the game.)
  const t8 = () => stateAt('supply-lines-1759-1');

  it('10.12 B-C: emptying the depot at 3341 cuts off the army ahead; the cost counts its SP', () => {
    const state = t8();
    expect(state.forces['3341']?.russia).toMatchObject({ out: 1 });
    expect(state.leaders.fermor?.hex).toBe('3341');
    const board = boardFromView(view(state, 'russia', [], map), map);
    const now = supplyPicture(board);
    const without = supplyPicture(board, board.side, '3341');
    expect(now.supplied.has('2537')).toBe(true);
    expect(without.supplied.has('2537')).toBe(false);
    // Two for each hex cut off plus a fifth of its SP: 2537 (27 SP) and the guard at 2939 (1 SP).
    expect(supplyCutCost(board, now, without, '3341')).toBeCloseTo(2 + 27 / 5 + 2 + 1 / 5, 5);
  });

  it('10.12 B: Fermor leaves the one SP on the depot at 3341 (without the rule he takes it away)', () => {
    const state = t8();
    const decide = () => {
      const legal = legalActions(state, 'russia', map);
      return decideWithReason(view(state, 'russia', [], map), legal, createAutopilotRng(1), 'expert', map);
    };
    const takesGuard = (a: ReturnType<typeof decide>['action']) =>
      a.type === 'march' && a.leader === 'fermor' && (a.take?.sp ?? 0) > 0;
    const led = STYLES.expert.led;
    try {
      // `lines` alone (`led` off: a leader with the guard is kept on a depot that feeds others by
      // that rule too, below).
      STYLES.expert.led = false;
      STYLES.expert.lines = false;
      const loose = decide();
      expect(loose.action).toMatchObject({ type: 'march', leader: 'fermor', take: { sp: 1 } });
      STYLES.expert.lines = true;
      expect(takesGuard(decide().action)).toBe(false);
      // `led` alone: Fermor keeps the depot manned while Saltykov draws supply through it.
      STYLES.expert.led = true;
      STYLES.expert.lines = false;
      expect(takesGuard(decide().action)).toBe(false);
    } finally {
      STYLES.expert.led = led;
    }
  });

  it('13.12-13.13: a depot still building before a fortress is no siege to stand the winter out for', () => {
    // 1760 seed 10, turn 15 (positions/supply-lines-1760-10.json: hold against expert, cut before the
    // first state of the turn-15 March Phase with the Coalition phasing): Daun's army at Neisse
    // (1434), his depot there begun this turn. (The
    // case first found, Broglie at Magdeburg in seed 1, no longer arises: since 5 Dec 2026 Broglie
    // sets out for winter quarters on turn 14, docs/balance.md "Winter quarters in time". Then Daun
    // at Breslau in seed 9, until `hasten` changed the course of that game: his depot at Breslau
    // is now begun on turn 14 and the siege is on by turn 15.)
    const state = stateAt('supply-lines-1760-10');
    expect(state.leaders.daun?.hex).toBe('1434');
    expect(state.depots['1434']).toMatchObject({ owner: 'austria', status: 'building' });
    expect(state.besieged).not.toContain('1434');
    const board = boardFromView(view(state, 'austria', [], map), map);
    expect(makePlan(board, { ...STYLES.expert, lines: false }).goals.get('daun')).toMatchObject({
      kind: 'siege',
    });
    expect(makePlan(board, { ...STYLES.expert, stay: false }).goals.get('daun')).toMatchObject({
      kind: 'winter',
    });
    // `stay` (7 Dec 2026) weighs the siege instead: the depot is finished next turn (10.41), three
    // rolls at Neisse's four VP outweigh three winter SP (16.31), and Neisse fell on turn 16.
    expect(makePlan(board, STYLES.expert).goals.get('daun')).toMatchObject({
      hex: '1434',
      kind: 'siege',
      note: 'a last siege of Neisse before the year ends',
    });
  });

  it('13.12-13.13: a siege that is on is still kept up through the winter', () => {
    // 1760 seed 1, turn 15 (positions/supply-lines-1760-1.json: hold against expert, cut before the
    // first state of the turn-15 March Phase with the Coalition phasing): Daun before Breslau
    // (1733), his depot complete and operative. (Contades before Breslau until `hasten` changed the
    // course of the game: Contades took Berlin on turn 14.)
    const state = stateAt('supply-lines-1760-1');
    expect(state.leaders.daun?.hex).toBe('1733');
    expect(state.depots['1733']).toMatchObject({ owner: 'austria', status: 'complete' });
    expect(state.besieged).toContain('1733');
    const board = boardFromView(view(state, 'austria', [], map), map);
    expect(makePlan(board, STYLES.expert).goals.get('daun')).toMatchObject({
      hex: '1733',
      kind: 'siege',
      note: 'keeps up the siege through winter',
    });
  });
});

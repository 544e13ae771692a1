// `fetch` (the expert): leaderless depot guards brought into winter quarters before the side's first
// winter Attrition Phase (16.31, 5.35, 16.21). docs/balance.md, "Depot guards fetched in".
//
// Each situation is rebuilt from a recorded position (test/autopilot/positions/winter-fetch-*.json,
// src/autopilot/position.ts): the engine replays the logged actions of a game of the hold allies
// against the expert Coalition up to the cut, so the situation stays put when the autopilot changes.
// The tests then ask the autopilot (plan, decision) in that state.
import { describe, expect, it } from 'vitest';
import { decideWithReason, STYLES } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { positionState, type ReplayStep, replayPosition } from '../../src/autopilot/position.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { lastDryMarch, marchesBeforeWinter, pickUps, strayGuards } from '../../src/autopilot/winter-fetch.js';
import { apply } from '../../src/engine/apply.js';
import { legalActions } from '../../src/engine/legal.js';
import type { GameState } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

const NO_FETCH = { ...STYLES.expert, fetch: false };

/**
 * positions/winter-fetch-1759-44.json: 1759 seed 44, hold allies against the expert Coalition, cut
 * before the first state of turn 14's March Phase with Russia among the pending seats. `turn` 14 is
 * the cut; `turn` 13 is the first such state of turn 13 in its log.
 */
function russianMarch1759(turn: 13 | 14): GameState {
  const p = loadPosition('winter-fetch-1759-44');
  if (turn === 14) return positionState(p, map);
  let got: GameState | undefined;
  replayPosition(
    p,
    ({ state }) => {
      if (!got && state.turn === turn && state.phase === 'march' && state.pending.includes('russia'))
        got = state;
    },
    map,
  );
  if (!got) throw new Error(`no Russian March Phase on turn ${turn} in the position's log`);
  return got;
}

/**
 * positions/winter-fetch-1758-9.json: 1758 seed 9, hold allies against the expert Coalition, played
 * without `led` (7 Dec 2026: with it the Russian armies leave subordinates with their guards, and
 * Tottleben brings in the one he was left with himself; the case of a lone leader fetching a guard
 * with no leader is the same), cut before the first state of turn 14's March Phase with Tottleben at
 * 3032: the log ends with his march there. The states before and after that march.
 */
function tottlebenFetch(): { before: GameState; after: GameState } {
  const seen: { last?: ReplayStep } = {};
  replayPosition(
    loadPosition('winter-fetch-1758-9'),
    (step) => {
      seen.last = step;
    },
    map,
  );
  const { last } = seen;
  const march = last?.action.type === 'march' ? last.action : undefined;
  if (
    last?.before.turn !== 14 ||
    last.seat !== 'russia' ||
    march?.leader !== 'tottleben' ||
    march.path.at(-1) !== '3032'
  )
    throw new Error('the position does not end with Tottleben marching to 3032 on turn 14');
  return { before: last.before, after: last.state };
}

describe('autopilot: depot guards fetched in before winter (16.31, 5.35)', () => {
  it('16.31/A.8: the Coalition brings its forces in by turn 15, the allies by turn 16', () => {
    // positions/winter-fetch-1759-44.json, the cut (turn 14).
    const board = boardFromView(view(russianMarch1759(14), 'russia', [], map), map);
    expect(lastDryMarch(board)).toBe(15);
    expect(marchesBeforeWinter(board)).toBe(2);
    expect(lastDryMarch({ ...board, side: 'prussian-allied' })).toBe(16);
    // Earlier the armies still campaign on their depots: no fetching.
    expect(marchesBeforeWinter({ ...board, turn: 12 })).toBe(0);
  });

  it('5.35/16.31: as Fermor marches off, Tottleben, with no SP, walks to the guard on the depot at 3032 instead of after the army (1758 seed 9)', () => {
    // positions/winter-fetch-1758-9.json, the state before his march.
    const { before } = tottlebenFetch();
    const board = boardFromView(view(before, 'russia', [], map), map);
    expect(strayGuards(board)).toContain('3032');
    const plan = makePlan(board, STYLES.expert);
    expect(plan.fetchable?.has('3032')).toBe(true);
    expect(plan.goals.get('tottleben')).toMatchObject({ hex: '3032', kind: 'join' });
    expect(plan.goals.get('tottleben')?.note).toContain('fetches');
    // Without `fetch` he follows Fermor's army to 3127, and the guard is left to the first winter turn.
    const without = makePlan(board, NO_FETCH);
    expect(without.goals.get('tottleben')).toMatchObject({ hex: '3127', kind: 'join' });
    expect(without.fetchable).toBeUndefined();
  });

  it('5.35/5.53 A: arrived at the guard with MP left, he goes on and picks it up on the way into quarters (1758 seed 9)', () => {
    // positions/winter-fetch-1758-9.json, the cut (after his march).
    const { after: state } = tottlebenFetch();
    const board = boardFromView(view(state, 'russia', [], map), map);
    expect(board.active).toMatchObject({ leader: 'tottleben', hex: '3032', sp: 0 });
    const legal = legalActions(state, 'russia', map);
    // The engine lists no march that takes the guard: the move is already under way (5.53 A).
    expect(legal.some((a) => a.type === 'march' && (a.take?.sp ?? 0) > 0)).toBe(false);
    const offered = pickUps(board, legal, new Set(['3032']));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((a) => a.leader === 'tottleben' && a.stops?.[0]?.pick?.sp === 1)).toBe(true);
    const d = decideWithReason(view(state, 'russia', [], map), legal, createAutopilotRng(1), 'expert', map);
    expect(d.action).toMatchObject({ type: 'march', stops: [{ hex: '3032', pick: { sp: 1 } }] });
    expect(d.why).toContain('brings the depot guard at 3032');
    // The engine accepts it: the SP leave the depot with him.
    const r = apply(state, 'russia', d.action, map);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.forces['3032']?.russia?.out ?? 0).toBe(0);
  });

  it('16.21/10.12 B: a depot guard whose depot feeds no one goes into quarters instead of walking back to it (1758 seed 5, Chevert with the guard of 1816)', () => {
    // positions/winter-fetch-1758-5.json: 1758 seed 5, hold allies against the expert Coalition, cut
    // before the first state of turn 14's March Phase with France among the pending seats and
    // Chevert at Magdeburg (2217).
    const state = positionState(loadPosition('winter-fetch-1758-5'), map);
    expect(state).toMatchObject({ turn: 14, phase: 'march' });
    expect(state.pending).toContain('france');
    const board = boardFromView(view(state, 'france', [], map), map);
    // He has brought the SP he took off the depot at 1816 to Magdeburg, with MP left (5.53 A);
    // the campaign plan names him that depot's guard again, and without `fetch` he would walk back
    // to a depot that feeds no one (and the SP would die there in the first winter turn, 16.31).
    expect(board.active).toMatchObject({ leader: 'chevert', hex: '2217', sp: 1 });
    expect(makePlan(board, NO_FETCH).goals.get('chevert')).toMatchObject({ hex: '1816', kind: 'guard' });
    const goal = makePlan(board, STYLES.expert).goals.get('chevert');
    expect(goal).toMatchObject({ hex: '2217', kind: 'winter' });
    expect(goal?.note).toContain('the depot at 1816 feeds no one');
  });

  it('5.2/16.31: a force still outside on turn 16 force-marches into quarters before its Attrition Phase, and halts to go in (1758 seed 1, Clermont)', () => {
    // positions/winter-fetch-1758-1.json: 1758 seed 1, hold allies against the expert Coalition, cut
    // before the first state of turn 16's Force March Phase with France among the pending seats and
    // Clermont at 2318. From there the expert French seat is asked here, step by step.
    const got = positionState(loadPosition('winter-fetch-1758-1'), map);
    expect(got).toMatchObject({ turn: 16, phase: 'forcemarch' });
    expect(got.leaders.clermont?.hex).toBe('2318');
    // His army a hex short of Magdeburg: the turn-15 march back from 2321 fell short (5.1).
    expect(got.forces['2318']?.france?.out).toBe(21);
    let state = got;
    const rng = createAutopilotRng(1);
    const seen: string[] = [];
    for (let i = 0; i < 20 && state.pending.includes('france') && state.phase === 'forcemarch'; i++) {
      const v = view(state, 'france', [], map);
      const d = decideWithReason(v, v.legal, rng, 'expert', map);
      if (d.action.type === 'done') break;
      seen.push(d.action.type);
      const r = apply(state, 'france', d.action, map);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    // Declared (without `fetch` a force march only pays for an escape or a threatened fortress),
    // moved, halted (a moving force is offered no garrison move), and in.
    expect(seen).toEqual(expect.arrayContaining(['forcemarch', 'march', 'halt', 'garrison']));
    expect(state.leaders.clermont).toMatchObject({ hex: '2217', inside: true });
    expect(state.forces['2217']?.france?.out ?? 0).toBe(0);
    expect(state.forces['2318']?.france?.out ?? 0).toBe(0);
  });

  it('10.12 B: a guard whose depot still feeds an army is not fetchable (1759 seed 44, turn 13, the Russian line behind Saltykov)', () => {
    // positions/winter-fetch-1759-44.json, the Russian March Phase of turn 13 in its log.
    const board = boardFromView(view(russianMarch1759(13), 'russia', [], map), map);
    const plan = makePlan(board, STYLES.expert);
    const strays = strayGuards(board);
    expect(strays.length).toBeGreaterThan(0);
    const kept = strays.filter((h) => !plan.fetchable?.has(h));
    expect(kept.length).toBeGreaterThan(0);
  });
});

// `fetch` (the expert): leaderless depot guards brought into winter quarters before the side's first
// winter Attrition Phase (16.31, 5.35, 16.21). docs/balance.md, "Depot guards fetched in".
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { decideWithReason, STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { lastDryMarch, marchesBeforeWinter, pickUps, strayGuards } from '../../src/autopilot/winter-fetch.js';
import { apply } from '../../src/engine/apply.js';
import type { ScenarioId } from '../../src/engine/index.js';
import { legalActions } from '../../src/engine/legal.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

const COALITION = ['austria', 'france', 'russia', 'sweden', 'empire'] as const;

/** The state as `seat` is first to act in the March Phase of `turn`: hold allies, expert Coalition. */
function holdVsExpert(scenario: ScenarioId, seed: number, turn: number, seat: Seat): GameState {
  const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
  for (const s of COALITION) level[s] = 'expert';
  let got: GameState | undefined;
  playGame({
    scenario,
    seed,
    level,
    map,
    turns: turn,
    onStep: ({ state }) => {
      if (!got && state.turn === turn && state.phase === 'march' && state.pending.includes(seat)) got = state;
    },
  });
  if (!got) throw new Error(`no March Phase of ${seat} on turn ${turn}`);
  return got;
}

const NO_FETCH = { ...STYLES.expert, fetch: false };

/** 1758 seed 9, hold allies against the expert Coalition: the states around Tottleben's turn-14 march to 3032. */
function tottlebenFetch(): { before: GameState; after: GameState } {
  const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
  for (const s of COALITION) level[s] = 'expert';
  let prev: GameState | undefined;
  let found: { before: GameState; after: GameState } | undefined;
  // Played without `led` (7 Dec 2026): with it the Russian armies leave subordinates with their
  // guards, and Tottleben brings in the one he was left with himself; the case of a lone leader
  // fetching a guard with no leader is the same.
  const led = STYLES.expert.led;
  STYLES.expert.led = false;
  try {
    playGame({
      scenario: '1758',
      seed: 9,
      level,
      map,
      turns: 14,
      onStep: ({ action, seat, state }) => {
        if (
          !found &&
          prev?.turn === 14 &&
          seat === 'russia' &&
          action.type === 'march' &&
          action.leader === 'tottleben' &&
          action.path.at(-1) === '3032'
        )
          found = { before: prev, after: state };
        prev = state;
      },
    });
  } finally {
    STYLES.expert.led = led;
  }
  if (!found) throw new Error('Tottleben did not march to 3032 on turn 14');
  return found;
}

describe('autopilot: depot guards fetched in before winter (16.31, 5.35)', () => {
  it('16.31/A.8: the Coalition brings its forces in by turn 15, the allies by turn 16', () => {
    const board = boardFromView(view(holdVsExpert('1759', 44, 14, 'russia'), 'russia', [], map), map);
    expect(lastDryMarch(board)).toBe(15);
    expect(marchesBeforeWinter(board)).toBe(2);
    expect(lastDryMarch({ ...board, side: 'prussian-allied' })).toBe(16);
    // Earlier the armies still campaign on their depots: no fetching.
    expect(marchesBeforeWinter({ ...board, turn: 12 })).toBe(0);
  });

  it('5.35/16.31: as Fermor marches off, Tottleben, with no SP, walks to the guard on the depot at 3032 instead of after the army (1758 seed 9)', () => {
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
    const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
    for (const s of COALITION) level[s] = 'expert';
    let got: GameState | undefined;
    playGame({
      scenario: '1758',
      seed: 5,
      level,
      map,
      turns: 14,
      onStep: ({ state }) => {
        if (
          !got &&
          state.turn === 14 &&
          state.phase === 'march' &&
          state.pending.includes('france') &&
          state.leaders.chevert?.hex === '2217'
        )
          got = state;
      },
    });
    if (!got) throw new Error('no French March Phase on turn 14 with Chevert at Magdeburg');
    const board = boardFromView(view(got, 'france', [], map), map);
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
    const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
    for (const s of COALITION) level[s] = 'expert';
    let got: GameState | undefined;
    playGame({
      scenario: '1758',
      seed: 1,
      level,
      map,
      turns: 16,
      onStep: ({ state }) => {
        if (
          !got &&
          state.turn === 16 &&
          state.phase === 'forcemarch' &&
          state.pending.includes('france') &&
          state.leaders.clermont?.hex === '2318'
        )
          got = state;
      },
    });
    if (!got) throw new Error('no French Force March Phase on turn 16 with Clermont at 2318');
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
    const board = boardFromView(view(holdVsExpert('1759', 44, 13, 'russia'), 'russia', [], map), map);
    const plan = makePlan(board, STYLES.expert);
    const strays = strayGuards(board);
    expect(strays.length).toBeGreaterThan(0);
    const kept = strays.filter((h) => !plan.fetchable?.has(h));
    expect(kept.length).toBeGreaterThan(0);
  });
});

// `led` (the expert): an army marching off a field depot leaves its most junior subordinate with
// the guard, who keeps the depot manned while the army draws supply through it (10.12 B-C) and
// brings the guard into winter quarters once no one does (16.21); a guard with no leader cannot
// march (5.3) and dies in the first winter Attrition Phase (16.31). docs/balance.md, "Guards with
// a leader".
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { Action } from '../../src/engine/index.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

const COALITION = ['austria', 'france', 'russia', 'sweden', 'empire'] as const;

interface Steps {
  russian: { action: Action; state: GameState; before: GameState }[];
  /** Hexes where a Russian force lost an SP to winter attrition (16.31). */
  winterLosses: string[];
}

/** 1758, hold allies against the expert Coalition: every Russian step up to `turns`. */
function russianSteps(seed: number, turns: number): Steps {
  const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
  for (const s of COALITION) level[s] = 'expert';
  const out: Steps = { russian: [], winterLosses: [] };
  let prev: GameState | undefined;
  playGame({
    scenario: '1758',
    seed,
    level,
    map,
    turns,
    onStep: ({ action, seat, state, events }) => {
      if (seat === 'russia' && prev) out.russian.push({ action, state, before: prev });
      for (const e of events)
        if (e.kind === 'attrition-winter' && e.data?.nat === 'russia')
          out.winterLosses.push(String(e.data.hex));
      prev = state;
    },
  });
  return out;
}

describe('autopilot: depot guards with a leader (5.35, 10.12 B, 16.21, 16.31)', () => {
  const steps = russianSteps(3, 16);

  it('5.35/10.12 B: Fermor marches off his depot at 3339 with Rumyantsev and leaves Tottleben with the guard (1758 seed 3, turn 3)', () => {
    const off = steps.russian.find(
      ({ action, before }) =>
        before.turn === 3 &&
        action.type === 'march' &&
        action.leader === 'fermor' &&
        action.path[0] === '3338',
    );
    expect(off?.action).toMatchObject({ take: { sp: 28, leaders: ['rumyantsev'] } });
    const after = off?.state as GameState;
    expect(after.leaders.tottleben?.hex).toBe('3339');
    expect(after.forces['3339']?.russia?.out).toBe(1);
    expect(after.depots['3339']).toBeDefined();
  });

  it('10.12 B-C: while the army draws supply through their depots, Rumyantsev and Tottleben keep them manned; without `led` both would march after it (1758 seed 1, turn 8)', () => {
    const at8 = russianSteps(1, 8).russian.find(({ before }) => before.turn === 8 && before.phase === 'march')
      ?.before as GameState;
    const board = boardFromView(view(at8, 'russia', [], map), map);
    const led = makePlan(board, STYLES.expert).goals;
    expect(led.get('rumyantsev')).toMatchObject({ hex: '3136', kind: 'guard' });
    expect(led.get('tottleben')).toMatchObject({ hex: '3339', kind: 'guard' });
    const unled = makePlan(board, { ...STYLES.expert, led: false }).goals;
    expect(unled.get('rumyantsev')?.kind).toBe('join');
    expect(unled.get('tottleben')?.kind).toBe('join');
  });

  it('16.21/16.31: once the depots feed no one, the guards with a leader go into quarters: one Russian guard dies in the first winter attrition, not four (1758 seed 3)', () => {
    const last = steps.russian.at(-1)?.state as GameState;
    expect(last.turn).toBe(16);
    // Tottleben's guard from 3339 and the one he picked up at 3127 winter in Kolberg.
    expect(last.leaders.tottleben).toMatchObject({ hex: '3330', inside: true });
    // Without a leader the guards at 2928, 3136 and 3339 stayed on their depots and died there.
    expect(steps.winterLosses).toEqual(['3032']);
  });
});

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
  const steps = russianSteps(3, 3);
  const seed11 = russianSteps(11, 16);

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

  it('10.12 B-C: while the army draws supply through their depots, Rumyantsev and Tottleben keep them manned; without `led` both would march after it (1758 seed 11, turn 9)', () => {
    const at9 = seed11.russian.find(({ before }) => before.turn === 9 && before.phase === 'march')
      ?.before as GameState;
    const board = boardFromView(view(at9, 'russia', [], map), map);
    const led = makePlan(board, STYLES.expert).goals;
    expect(led.get('rumyantsev')).toMatchObject({ hex: '3136', kind: 'guard' });
    expect(led.get('tottleben')).toMatchObject({ hex: '3339', kind: 'guard' });
    const unled = makePlan(board, { ...STYLES.expert, led: false }).goals;
    expect(unled.get('rumyantsev')?.kind).toBe('join');
    expect(unled.get('tottleben')?.kind).toBe('join');
  });

  it('16.21/16.31: once the depots feed no one, the guards with a leader go into quarters: no Russian guard dies in the first winter attrition, where two did without `led` (1758 seed 11)', () => {
    const last = seed11.russian.at(-1)?.state as GameState;
    expect(last.turn).toBe(16);
    // Rumyantsev brought the SP he guarded at 3136, Tottleben the one at 3339, to Konigsberg.
    const quarters = seed11.russian.find(({ action }) => action.type === 'garrison' && action.hex === '3741');
    expect(quarters?.action).toMatchObject({ direction: 'in', sp: 2, leaders: ['rumyantsev', 'tottleben'] });
    expect(last.leaders.rumyantsev).toMatchObject({ hex: '3741', inside: true });
    expect(last.leaders.tottleben).toMatchObject({ hex: '3741', inside: true });
    // Without a leader the guards at 3136 and 3339 stayed on their depots and died there.
    expect(seed11.winterLosses).toEqual([]);
  });
});

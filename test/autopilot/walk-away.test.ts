// A leader walks away alone from a post an enemy could overrun (5.5, 8.31) only from a field depot
// of ours, where the SP he leaves keep it manned (10.12 B); elsewhere they would stand leaderless in
// the open (5.3, 16.31). decide.ts `splitMarches`.
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { splitMarches } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { overrunRisk } from '../../src/autopilot/exposure.js';
import { leaderHex } from '../../src/autopilot/plan.js';
import { positionState } from '../../src/autopilot/position.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/** The seats' autopilot levels: the expert allies against hold. */
function levels(): Partial<Record<Seat, Level>> {
  const level: Partial<Record<Seat, Level>> = { prussia: 'expert', hanover: 'expert' };
  for (const s of ['austria', 'france', 'russia', 'sweden', 'empire'] as const) level[s] = 'hold';
  return level;
}

/**
 * 1761 seed 30, the expert allies against hold: the state as Prussia is first to act in turn 4's
 * March Phase (positions/walk-away-1761-30.json: `ftg demo --scenario 1761 --seed 30 --level
 * prussia=expert,hanover=expert,<the rest>=hold --cut 4:march:prussia`).
 */
function turn4(): GameState {
  return positionState(loadPosition('walk-away-1761-30'), map);
}

describe('autopilot: a leader leaves his SP behind only on a depot (5.3, 5.5, 10.12 B)', () => {
  const state = turn4();
  const v = view(state, 'prussia', [], map);
  const board = boardFromView(v, map);

  it('5.5/5.3: Wedel at 1134, an enemy able to overrun his five SP, no depot there: no march leaves them', () => {
    expect(leaderHex(board, 'wedel')).toBe('1134');
    expect(board.friends.get('1134')?.outByNat.prussia).toBe(5);
    expect(overrunRisk(board, '1134')).toBe(true);
    expect(board.depots.some((d) => d.hex === '1134' && d.side === 'prussian-allied')).toBe(false);
    const alone = splitMarches(board, v.legal, 1, true).filter(
      (a) => a.leader === 'wedel' && (a.take?.sp ?? 0) === 0,
    );
    expect(alone).toEqual([]);
    // The engine lists marches for him with his SP, and only such marches are left to choose.
    expect(v.legal.some((a) => a.type === 'march' && a.leader === 'wedel' && (a.take?.sp ?? 0) === 5)).toBe(
      true,
    );
  });

  it('a leader on a field depot an enemy could overrun may still walk away alone, the SP keeping it manned', () => {
    // The same board with a finished depot of ours at 1134: the lone march is offered again.
    const withDepot = {
      ...board,
      depots: [
        ...board.depots,
        {
          hex: '1134',
          side: 'prussian-allied' as const,
          owner: 'prussia' as const,
          status: 'complete' as const,
        },
      ],
    };
    const alone = splitMarches(withDepot, v.legal, 1, true).filter(
      (a) => a.leader === 'wedel' && (a.take?.sp ?? 0) === 0,
    );
    expect(alone.length).toBeGreaterThan(0);
  });

  it('the expert marches Wedel on turn 4 with his SP, not alone (until this change he walked off alone)', () => {
    // The expert plays turn 4 on live from the same position (positions/walk-away-1761-30.json).
    const marches: number[] = [];
    playGame({
      scenario: '1761',
      seed: 30,
      from: state,
      level: levels(),
      map,
      turns: 4,
      onStep: ({ seat, action, state: st }) => {
        if (seat === 'prussia' && st.turn === 4 && action.type === 'march' && action.leader === 'wedel')
          marches.push(action.take?.sp ?? 0);
      },
    });
    expect(marches.length).toBeGreaterThan(0);
    expect(marches).not.toContain(0);
  });
});

// `safe` (the allied expert): a depot guard too big to be overrun (5.5), where a one-SP guard would
// be (decide.ts `splitMarches`, `safeGuard`).
import { describe, expect, it } from 'vitest';
import { decideWithReason, STYLES, splitMarches } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { inEnemyReach } from '../../src/autopilot/exposure.js';
import { leaderHex, makePlan } from '../../src/autopilot/plan.js';
import { positionState } from '../../src/autopilot/position.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { GameState } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/**
 * 1761 seed 1, the expert allies against hold (positions/safe-guard-1761-1.json, recorded with
 * `--cut 4:march:prussia`): the state as Prussia is first to act in turn 4's March Phase.
 */
function turn4(): GameState {
  return positionState(loadPosition('safe-guard-1761-1'), map);
}

describe('autopilot `safe`: a depot guard no enemy in reach can overrun (5.5, 10.12 B)', () => {
  const state = turn4();
  const v = view(state, 'prussia', [], map);
  const board = boardFromView(v, map);
  const plan = makePlan(board, STYLES.expert);
  const fromFrederick = (safe: boolean) =>
    splitMarches(board, v.legal, 1, true, plan, false, safe).filter(
      (a) => a.leader === 'frederick' && (a.take?.sp ?? 0) > 0,
    );

  it('5.5: a one-SP guard on the depot at 1033 could be overrun, and only a guard of six SP could not', () => {
    expect(leaderHex(board, 'frederick')).toBe('1033');
    expect(board.friends.get('1033')?.outByNat.prussia).toBe(19);
    expect(board.depots.some((d) => d.hex === '1033' && d.side === 'prussian-allied')).toBe(true);
    expect(inEnemyReach(board, '1033', 4)).toBe(true);
    expect(inEnemyReach(board, '1033', 20)).toBe(true);
    expect(inEnemyReach(board, '1033', 24)).toBe(false);
    // Without `safe` the expert leaves no guard here at all.
    expect(fromFrederick(false)).toEqual([]);
  });

  it('10.12 B, 10.42: with `safe` the army leaves six SP and marches on with thirteen, an army still', () => {
    const marches = fromFrederick(true);
    expect(marches.length).toBeGreaterThan(0);
    for (const a of marches) {
      expect(a.take?.sp).toBe(13);
      // The march's end is one no enemy of thirteen SP or more can reach next turn.
      expect(inEnemyReach(board, a.path.at(-1) as string, 13)).toBe(false);
    }
    expect(marches.some((a) => a.path.at(-1) === '0834')).toBe(true);
    // At 0733 or 0832 an enemy of thirteen SP or more could reach the army next turn: no guard is
    // left for those marches, though the engine lists them.
    const listed = new Set(
      v.legal.flatMap((a) => (a.type === 'march' && a.leader === 'frederick' ? [a.path.at(-1)] : [])),
    );
    for (const end of ['0733', '0832']) {
      expect(listed.has(end)).toBe(true);
      expect(inEnemyReach(board, end, 13)).toBe(true);
      expect(marches.some((a) => a.path.at(-1) === end)).toBe(false);
    }
  });

  it('the expert marches to Olmutz that turn, leaving the guard; the standard level has no `safe`', () => {
    const d = decideWithReason(v, v.legal, createAutopilotRng('1:prussia'), 'expert', map);
    expect(d.action).toMatchObject({ type: 'march', leader: 'frederick', take: { sp: 13 } });
    expect(d.action.type === 'march' && d.action.path.at(-1)).toBe('0834');
    expect(STYLES.expert.safe).toBe(true);
    expect(STYLES.standard.safe).toBe(false);
  });
});

// The expert's `gather` (src/autopilot/plan.ts): a depot guard that has no depot yet to guard and
// stands more than a march (5.1) from the fortress campaign.ts gives it to wait in marches with the
// main army. 1756: Brunswick's six SP start in Silesia, Frederick's army and Magdeburg far to the
// west; walking there alone, they met Browne's army while Frederick besieged Dresden without them.
import { describe, expect, it } from 'vitest';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { positionState } from '../../src/autopilot/position.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { MAX_MA } from '../../src/engine/index.js';
import { setup } from '../../src/engine/setup.js';
import { view } from '../../src/engine/view.js';
import { distance } from '../../src/map/hex.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();
const SCATTERED = { ...STYLES.expert, gather: false };

describe('autopilot: a far depot guard gathers on the main army (the expert)', () => {
  it('10.12/5.1: Brunswick, more than a march from Magdeburg with no depot to guard, joins Frederick', () => {
    const board = boardFromView(view(setup('1756', 1, { map }), 'prussia', [], map), map);
    // The campaign plan makes him the depot guard, to wait in Magdeburg (2217) for the depots,
    // more than a march from where he stands (1729).
    const scattered = makePlan(board, SCATTERED);
    expect(scattered.campaign?.roles.get('brunswick')).toMatchObject({ role: 'guard', post: '2217' });
    expect(distance('1729', '2217')).toBeGreaterThan(MAX_MA);
    expect(scattered.goals.get('brunswick')).toMatchObject({ kind: 'guard' });
    expect(makePlan(board, STYLES.expert).goals.get('brunswick')).toMatchObject({
      kind: 'join',
      note: 'concentrates on the main army',
    });
    // The standard level keeps the guard's walk.
    expect(makePlan(board, STYLES.standard).goals.get('brunswick')).toMatchObject({ kind: 'guard' });
  });

  it('10.12 B: a guard posted on a field depot keeps its post (1756 seed 10, turn 12)', () => {
    // positions/gather-1756-10.json: expert self-play of 1756 seed 10, cut with
    // `--cut 12:march:prussia` (as Prussia is first to act in the March Phase of turn 12).
    const state = positionState(loadPosition('gather-1756-10'), map);
    const board = boardFromView(view(state, 'prussia', [], map), map);
    const plan = makePlan(board, STYLES.expert);
    const guard = [...(plan.campaign?.roles ?? [])].find(([, r]) => r.role === 'guard');
    expect(guard?.[1].post).toBe('1720');
    expect(map.fortress('1720')).toBeFalsy();
    expect(plan.goals.get(guard?.[0] ?? '')).toMatchObject({ hex: '1720', kind: 'guard' });
  });
});

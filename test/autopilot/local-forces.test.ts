// The expert's small forces keep to battles their supply can reach (`local`, src/autopilot/plan.ts):
// 10.42 lets only ten SP or more build a depot, so a smaller force cannot carry supply towards a far
// enemy. Before, it marched to the edge of the supply net "to stage" for a depot it could never
// build and waited there (1759 seed 12: Harsch's seven SP left Prague's neighbourhood for a lone
// leader near Bremen while Henry and Dohna marched on Prague).
import { describe, expect, it } from 'vitest';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { ARMY_SP, makePlan } from '../../src/autopilot/plan.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { setup } from '../../src/engine/setup.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

function empireBoard(scenario: '1760' | '1757', seat: 'empire' | 'sweden') {
  return boardFromView(view(setup(scenario, 1, { map }), seat, [], map), map);
}

describe('autopilot: forces too small for a depot seek no far battles (the expert)', () => {
  it('10.42: the Empire army (under ten SP) does not set out for Kustrin beyond its supply in 1760', () => {
    const board = empireBoard('1760', 'empire');
    const own = board.friends.get('0816');
    expect(own?.outByNat.empire ?? 0).toBeLessThan(ARMY_SP);
    // Without the rule the plan is a battle far beyond the net, staged at its edge.
    const loose = makePlan(board, { ...STYLES.expert, local: false }).goals.get('zweibrucken');
    expect(loose).toMatchObject({ kind: 'advance' });
    expect(loose?.note).toMatch(/seeks battle at 2426 \(staging at/);
    expect(board.enemies.has('2426')).toBe(true);
    const goal = makePlan(board, STYLES.expert).goals.get('zweibrucken');
    expect(goal?.note ?? '').not.toMatch(/seeks battle/);
    expect(goal?.kind).not.toBe('advance');
  });

  it('10.42: the Swedes (five SP) do not stage in Westphalia for a battle in 1757', () => {
    const board = empireBoard('1757', 'sweden');
    const loose = makePlan(board, { ...STYLES.expert, local: false }).goals.get('hamilton');
    expect(loose?.note).toMatch(/seeks battle at .* \(staging at/);
    const goal = makePlan(board, STYLES.expert).goals.get('hamilton');
    expect(goal?.note ?? '').not.toMatch(/seeks battle/);
  });

  it('an army of ten SP or more plans beyond the net as before (it can build the depots, 10.42)', () => {
    const state = setup('1760', 1, { map });
    const f = state.forces['0816']?.empire;
    if (!f) throw new Error('no Empire force at 0816');
    // The same army, made big enough to build depots.
    state.forces['0816'] = { ...state.forces['0816'], empire: { ...f, out: ARMY_SP + 2 } };
    const board = boardFromView(view(state, 'empire', [], map), map);
    const goal = makePlan(board, STYLES.expert).goals.get('zweibrucken');
    expect(goal).toEqual(makePlan(board, { ...STYLES.expert, local: false }).goals.get('zweibrucken'));
    // Made an army, it aims beyond its supply net (Berlin, staged at the edge of the net).
    expect(goal?.note).toMatch(/\(staging at/);
  });
});

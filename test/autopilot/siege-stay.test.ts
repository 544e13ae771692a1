// `stay` (the Coalition expert): an army that would set out early for winter quarters from its own
// depot begun in an enemy fortress's hex keeps to that siege while its rolls still pay for the
// winter turns in the open (10.41, 13.12, 13.2, 16.31). docs/balance.md, "A siege begun before the
// winter".
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { positionState } from '../../src/autopilot/position.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { GameEvent, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

const HOLD_VS_EXPERT: Partial<Record<Seat, Level>> = {
  prussia: 'hold',
  hanover: 'hold',
  austria: 'expert',
  france: 'expert',
  russia: 'expert',
  sweden: 'expert',
  empire: 'expert',
};

/**
 * 1758 seed 3, hold allies against the expert Coalition (positions/siege-stay-1758-3.json, recorded
 * with `ftg demo --cut 13:march:france`): the state as France is first asked in the March Phase of
 * turn 13. In that game Clermont, after a force march to 2215 in the allies' player-turn, reached
 * Magdeburg with 13 SP in his turn-12 March Phase and began the depot there on turn 13. (Seed 48
 * was the pin until `hasten` moved the shared dice; seed 3 then brought him there by turn 13.)
 */
const t13 = positionState(loadPosition('siege-stay-1758-3'), map);

describe('autopilot: a siege begun before the winter is kept (10.41, 13.12, 16.31)', () => {
  const board = boardFromView(view(t13, 'france', [], map), map);

  it('10.41: on turn 13 Clermont stands in Magdeburg on the depot the French began there', () => {
    expect(t13.turn).toBe(13);
    expect(t13.phase).toBe('march');
    expect(board.depots.some((d) => d.hex === '2217' && d.side === 'coalition')).toBe(true);
    expect(board.friends.get('2217')?.leaders.map((l) => l.id)).toContain('clermont');
    expect(board.enemies.get('2217')?.garrisoned).toBe(true);
  });

  it('13.2, 16.31: the expert keeps to the siege of Magdeburg; without `stay` it sets out for Stralsund', () => {
    expect(makePlan(board, STYLES.expert).goals.get('clermont')).toMatchObject({
      hex: '2217',
      kind: 'siege',
    });
    const without = makePlan(board, { ...STYLES.expert, stay: false }).goals.get('clermont');
    expect(without).toMatchObject({ hex: '3321', kind: 'winter' });
  });

  it('17.0: with no roll left before the scenario ends, the siege no longer pays and the army sets out', () => {
    const goal = makePlan({ ...board, lastTurn: board.turn }, STYLES.expert).goals.get('clermont');
    expect(goal?.kind).not.toBe('siege');
  });

  it('13.12: the French roll against Magdeburg from turn 14', () => {
    // The autopilots play on live from the position (their RNGs restart at the cut): in the game
    // recorded, and in this continuation, the rolls came on turns 14 and 16.
    const events: GameEvent[] = [];
    playGame({
      scenario: '1758',
      seed: 3,
      from: t13,
      level: HOLD_VS_EXPERT,
      map,
      onStep: ({ events: ev }) => {
        events.push(...ev);
      },
    });
    const rolls = events.filter((e) => e.kind === 'siege-roll' && e.data?.hex === '2217');
    expect(rolls.length).toBeGreaterThanOrEqual(2);
  });
});

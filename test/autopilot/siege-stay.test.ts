// `stay` (the Coalition expert): an army that would set out early for winter quarters from its own
// depot begun in an enemy fortress's hex keeps to that siege while its rolls still pay for the
// winter turns in the open (10.41, 13.12, 13.2, 16.31). docs/balance.md, "A siege begun before the
// winter".
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { GameEvent, GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

/**
 * 1758 seed 3, hold allies against the expert Coalition: Clermont, after a force march to 2215 in
 * the allies' player-turn, reaches Magdeburg with 13 SP in his turn-12 March Phase, begins the
 * depot there on turn 13 and rolls on turns 14 and 16. Seed 48 was the pin until `hasten` moved
 * the shared dice and that game no longer brought him there by turn 13.
 */
const HOLD_VS_EXPERT: Partial<Record<Seat, Level>> = {
  prussia: 'hold',
  hanover: 'hold',
  austria: 'expert',
  france: 'expert',
  russia: 'expert',
  sweden: 'expert',
  empire: 'expert',
};

function play() {
  const before: Array<{ seat: Seat; state: GameState }> = [];
  const events: GameEvent[] = [];
  let prev: GameState | undefined;
  const g = playGame({
    scenario: '1758',
    seed: 3,
    level: HOLD_VS_EXPERT,
    map,
    onStep: ({ seat, state, events: ev }) => {
      if (prev) before.push({ seat, state: prev });
      prev = state;
      events.push(...ev);
    },
  });
  return { g, before, events };
}

describe('autopilot: a siege begun before the winter is kept (10.41, 13.12, 16.31)', () => {
  const game = play();
  const t13 = game.before.find((s) => s.seat === 'france' && s.state.turn === 13 && s.state.phase === 'march')
    ?.state as GameState;
  const board = boardFromView(view(t13, 'france', [], map), map);

  it('10.41: on turn 13 Clermont stands in Magdeburg on the depot the French began there', () => {
    expect(t13).toBeDefined();
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
    const rolls = game.events.filter((e) => e.kind === 'siege-roll' && e.data?.hex === '2217');
    expect(rolls.length).toBeGreaterThanOrEqual(2);
  });
});

// `hasten` (the expert): a force march in the enemy's player-turn into the fortress the force means
// to besiege, so that its own next Depot Creation Phase begins the siege depot (5.2, 10.41, 13.12;
// decide.ts `hastenGain`).
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { decideWithReason, STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { leaderHex, makePlan } from '../../src/autopilot/plan.js';
import { positionState } from '../../src/autopilot/position.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

function levels(allies: Level): Partial<Record<Seat, Level>> {
  const level: Partial<Record<Seat, Level>> = { prussia: allies, hanover: allies };
  for (const s of ['austria', 'france', 'russia', 'sweden', 'empire'] as const) level[s] = 'passive';
  return level;
}

/**
 * 1756 seed 14, the expert allies against passive (positions/hasten-1756-14.json): the state as
 * Prussia is first asked in the Force March Phase of turn 11 (the Coalition's player-turn); then the
 * expert plays on from there, and the turn of each siege event is noted.
 */
function game(): { forceMarch: GameState; depotTurn?: number; firstRoll?: number } {
  const forceMarch = positionState(loadPosition('hasten-1756-14'), map);
  let depotTurn: number | undefined;
  let firstRoll: number | undefined;
  playGame({
    scenario: '1756',
    seed: 14,
    from: forceMarch,
    turns: 14,
    level: levels('expert'),
    map,
    onStep: ({ state, action, seat, events }) => {
      if (
        depotTurn === undefined &&
        seat === 'prussia' &&
        action.type === 'depot-build' &&
        action.hex === '1623'
      )
        depotTurn = state.turn;
      if (firstRoll === undefined && events.some((e) => e.kind === 'siege-roll' && e.data?.hex === '1623'))
        firstRoll = state.turn;
    },
  });
  return {
    forceMarch,
    ...(depotTurn === undefined ? {} : { depotTurn }),
    ...(firstRoll === undefined ? {} : { firstRoll }),
  };
}

describe('autopilot `hasten`: a force march into the fortress to be besieged (5.2, 10.41, 13.12)', () => {
  const g = game();
  const v = view(g.forceMarch, 'prussia', [], map);
  const board = boardFromView(v, map);

  it('5.1: a low March Phase roll left Frederick a hex short of Dresden on turn 11', () => {
    expect(leaderHex(board, 'frederick')).toBe('1523');
    expect(board.friends.get('1523')?.outByNat.prussia).toBe(14);
    expect(board.enemies.get('1623')?.garrisoned).toBe(true);
    expect(makePlan(board, STYLES.expert).goals.get('frederick')).toMatchObject({
      hex: '1623',
      kind: 'siege',
    });
  });

  it('5.2: the expert force marches him on in the Coalition player-turn; the standard level waits', () => {
    const expert = decideWithReason(v, v.legal, createAutopilotRng('14:prussia'), 'expert', map);
    expect(expert.action).toMatchObject({ type: 'forcemarch', leader: 'frederick', take: { sp: 14 } });
    const standard = decideWithReason(v, v.legal, createAutopilotRng('14:prussia'), 'standard', map);
    expect(standard.action.type).not.toBe('forcemarch');
  });

  it('10.41, 13.12: the depot in Dresden is begun on turn 12 and the first roll comes on turn 13', () => {
    expect(g.depotTurn).toBe(12);
    expect(g.firstRoll).toBe(13);
  });

  it('10.42: no force march where it would leave a depot being built with fewer than ten SP', () => {
    // The same state with a depot begun under Frederick at 1523: the march would leave none there.
    const withDepot: GameState = structuredClone(g.forceMarch);
    withDepot.depots['1523'] = { hex: '1523', owner: 'prussia', status: 'building', placedTurn: 11 };
    const w = view(withDepot, 'prussia', [], map);
    const d = decideWithReason(w, w.legal, createAutopilotRng('14:prussia'), 'expert', map);
    expect(d.action.type).not.toBe('forcemarch');
  });
});

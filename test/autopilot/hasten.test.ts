// `hasten` (the expert): a force march in the enemy's player-turn into the fortress the force means
// to besiege, so that its own next Depot Creation Phase begins the siege depot (5.2, 10.41, 13.12;
// decide.ts `hastenGain`).
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { decideWithReason, STYLES, splitForceMarches } from '../../src/autopilot/decide.js';
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

/**
 * 1758 seed 12, hold allies against the expert Coalition (positions/hasten-1758-12.json, recorded
 * before splitForceMarches): the Allied player-turn's Force March Phase of turn 11. Clermont and
 * Soubise stand with all 21 French SP on the field depot at 1915, on the way to besiege Magdeburg
 * (2217). Before, Clermont force-marched all 21 off the depot; the depot then fed nothing (10.12 B)
 * and in his own March Phase he marched back to supply, as Soubise had the turn before.
 */
describe('autopilot `hasten` off a field depot: a guard stays (10.12 B, 5.2)', () => {
  const position = loadPosition('hasten-1758-12');
  const state = positionState(position, map);
  const v = view(state, 'france', [], map);
  const board = boardFromView(v, map);
  const plan = makePlan(board, STYLES.expert);

  it('10.12 B: the position: the whole French force on its depot at 1915, the goal Magdeburg', () => {
    expect(position.levels).toMatchObject({ prussia: 'hold', hanover: 'hold', france: 'expert' });
    expect(leaderHex(board, 'clermont')).toBe('1915');
    expect(board.friends.get('1915')?.outByNat.france).toBe(21);
    expect(
      board.depots.some((d) => d.hex === '1915' && d.side === 'coalition' && d.status === 'complete'),
    ).toBe(true);
    expect(plan.goals.get('clermont')).toMatchObject({ hex: '2217', kind: 'siege' });
    // The engine lists the force march with every SP Clermont may take.
    expect(v.legal).toContainEqual({ type: 'forcemarch', leader: 'clermont', take: { sp: 21 } });
  });

  it('5.2, 10.12 B: the expert force-marches on with 20 SP and leaves one on the depot', () => {
    expect(splitForceMarches(board, v.legal, plan, 1)).toContainEqual({
      type: 'forcemarch',
      leader: 'clermont',
      take: { sp: 20 },
    });
    const d = decideWithReason(v, v.legal, createAutopilotRng('12:france'), 'expert', map);
    expect(d.action).toEqual({ type: 'forcemarch', leader: 'clermont', take: { sp: 20 } });
  });

  it('13.12: played on, the French stay in supply before Magdeburg and roll against it by turn 13', () => {
    const backToSupply: string[] = [];
    let firstRoll: number | undefined;
    playGame({
      scenario: '1758',
      seed: 12,
      from: state,
      turns: 13,
      // The levels the position was recorded with (hold allies, expert Coalition).
      ...(position.levels ? { level: position.levels } : {}),
      map,
      onStep: ({ state: s, seat, why, events }) => {
        if (seat === 'france' && why === 'back to supply') backToSupply.push(`T${s.turn}`);
        if (firstRoll === undefined && events.some((e) => e.kind === 'siege-roll' && e.data?.hex === '2217'))
          firstRoll = s.turn;
      },
    });
    expect(backToSupply).toEqual([]);
    expect(firstRoll).toBeLessThanOrEqual(13);
  });
});

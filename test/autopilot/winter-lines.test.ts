// `proof` (the expert): a siege that goes on through the winter keeps its depot line supplied. A
// field depot feeds only while an SP stands in it (10.12 B), a siege is on only while its depot is
// supplied (13.12), and every winter Attrition Phase takes an SP from each force outside a fortress
// (16.31). docs/balance.md, "Siege lines in the first winter".
//
// The games are rebuilt from recorded positions (test/autopilot/positions/, src/autopilot/position.ts):
// the engine replays the logged actions up to the cut, so the situation stays put when the autopilot
// changes; from the cut the autopilots play on live (their RNGs restart there).
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { type Position, replayPosition } from '../../src/autopilot/position.js';
import { countSiegeCuts, noCuts } from '../../src/autopilot/siege-census.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { siegeLines, winterGuardNeed } from '../../src/autopilot/winter-lines.js';
import type { Action } from '../../src/engine/index.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/** The expert allies against hold (1761 seed 12: Frederick and Henry reach Vienna on turn 14). */
const EXPERT_VS_HOLD: Partial<Record<Seat, Level>> = {
  prussia: 'expert',
  hanover: 'expert',
  austria: 'hold',
  france: 'hold',
  russia: 'hold',
  sweden: 'hold',
  empire: 'hold',
};

interface Step {
  seat: Seat;
  action: Action;
  why: string;
  before: GameState;
}

/**
 * A position's game: the logged steps replayed by the engine (`before` is the state the seat was
 * asked in; no `why`, nobody decided them here), the sieges they cut, then the autopilots playing
 * on live from the cut to the end.
 */
function play(p: Position, level: Partial<Record<Seat, Level>>) {
  const logged: Array<Omit<Step, 'why'>> = [];
  const loggedCuts = noCuts();
  const cut = replayPosition(
    p,
    ({ seat, action, before, state }) => {
      logged.push({ seat, action, before });
      countSiegeCuts(loggedCuts, before, state);
    },
    map,
  );
  const steps: Step[] = [];
  let prev = cut;
  const g = playGame({
    scenario: p.scenario,
    seed: p.seed,
    from: cut,
    level,
    map,
    onStep: ({ seat, action, why, state }) => {
      steps.push({ seat, action, why, before: prev });
      prev = state;
    },
  });
  return { cut, logged, loggedCuts, g, steps };
}

describe('autopilot: siege lines made ready for the winter (10.12 B, 13.12, 16.31)', () => {
  // positions/winter-lines-1761-12.json: 1761 seed 12, the expert allies against hold, cut as
  // Prussia is first asked in the March Phase of turn 16 (`--cut 16:march:prussia`); the expert
  // plays on from there.
  const proof = play(loadPosition('winter-lines-1761-12'), EXPERT_VS_HOLD);

  it('16.31, sequence of play A.8: a guard needs an SP for each winter attrition before a roll of its side, and one to stand', () => {
    // The state as Prussia is first asked on turn 14 (in the position's log).
    const state = proof.logged.find((s) => s.before.turn === 14 && s.seat === 'prussia')?.before;
    expect(state).toBeDefined();
    const allies = boardFromView(view(state as GameState, 'prussia', [], map), map);
    // The allies' attrition comes in the Coalition's half of the turn: turns 16 and 17 precede a
    // roll of theirs, turn 18's does not.
    expect(winterGuardNeed(allies)).toBe(3);
    const coalition = boardFromView(view(state as GameState, 'austria', [], map), map);
    // The Coalition's comes before its own Siege Phase on each of turns 16-18.
    expect(winterGuardNeed(coalition)).toBe(4);
  });

  it('13.12, 10.12 B: on turn 16 the siege of Vienna hangs on the one-SP guard at 0531', () => {
    // The cut itself: Prussia first asked in the March Phase of turn 16.
    expect(proof.cut).toMatchObject({ turn: 16, phase: 'march' });
    const board = boardFromView(view(proof.cut, 'prussia', [], map), map);
    const plan = makePlan(board, STYLES.expert);
    expect(siegeLines(board, plan.supply)).toContainEqual({ fort: '0231', depot: '0531', need: 3, have: 1 });
    expect(plan.reinforce?.get('henry')).toEqual({ hex: '0531', sp: 2, from: '0231' });
    // The standard level does not.
    expect(makePlan(board, STYLES.standard).reinforce).toBeUndefined();
  });

  it('5.35: Henry takes just the two SP the guard lacks back to 0531, and Vienna falls on turn 17', () => {
    // Played live from the cut.
    const back = proof.steps.find(
      (s) =>
        s.seat === 'prussia' &&
        s.action.type === 'march' &&
        s.action.leader === 'henry' &&
        s.before.turn === 16,
    );
    expect(back?.action).toMatchObject({ path: ['0332', '0431', '0531'], take: { sp: 2 } });
    expect(back?.why).toMatch(/takes 2 SP back to the depot at 0531 for the winter siege of Vienna/);
    expect(proof.g.captures).toContainEqual({ hex: '0231', side: 'prussian-allied', turn: 17 });
    // Without `proof` the guard died in the turn-16 winter attrition, the siege was cut with it
    // (siege-census.ts) and Vienna held. No siege cut in the whole game: neither in the log up to
    // the cut nor in the live play after it.
    expect(proof.loggedCuts['prussian-allied']).toEqual({ cut: 0, cutWinter: 0 });
    expect(proof.g.sieges['prussian-allied']).toEqual({ cut: 0, cutWinter: 0 });
    expect(proof.g.refused).toBe(0);
  });
});

/** The expert Coalition against hold (Russia is allied in 1762, scenario control). */
const HOLD_VS_EXPERT: Partial<Record<Seat, Level>> = {
  prussia: 'hold',
  hanover: 'hold',
  russia: 'hold',
  austria: 'expert',
  france: 'expert',
  sweden: 'expert',
  empire: 'expert',
};

describe('autopilot: every thin guard of a winter siege line (10.12 C, 16.31)', () => {
  // positions/winter-lines-1762-142.json: 1762 seed 142, the expert Coalition against hold, cut as
  // France is first asked in the March Phase of turn 13 (`--cut 13:march:france`); the expert plays
  // on from there.
  const chain = play(loadPosition('winter-lines-1762-142'), HOLD_VS_EXPERT);
  const marches = (leader: string) =>
    chain.steps.filter(
      (s) =>
        s.seat === 'france' && s.action.type === 'march' && s.action.leader === leader && s.before.turn >= 13,
    );

  it('10.12 C: on turn 13 the siege of Magdeburg hangs on one-SP guards at 1915 and 1612, the nearer first', () => {
    // The cut itself: France first asked in the March Phase of turn 13.
    expect(chain.cut).toMatchObject({ turn: 13, phase: 'march' });
    const board = boardFromView(view(chain.cut, 'france', [], map), map);
    const plan = makePlan(board, STYLES.expert);
    const lines = siegeLines(board, plan.supply).filter((t) => t.fort === '2217');
    expect(lines).toContainEqual({ fort: '2217', depot: '1915', need: 4, have: 1 });
    expect(lines).toContainEqual({ fort: '2217', depot: '1612', need: 4, have: 1 });
    // Both guards' lack in one party, to the nearer depot (1612 lies beyond a march from Magdeburg:
    // sent there first, as to the thinnest guard before, nobody went at all).
    expect(plan.reinforce?.get('contades')).toEqual({ hex: '1915', sp: 6, from: '2217' });
  });

  it("5.35: Contades drops the first guard's three SP at 1915 and takes the other three on to 1612", () => {
    // Played live from the cut.
    const [back, on] = marches('contades');
    expect(back?.action).toMatchObject({ path: ['2216', '2116', '2015', '1915'], take: { sp: 6 } });
    expect(back?.why).toMatch(
      /takes 6 SP back to the depots at 1612, 1915 for the winter siege of Magdeburg, first to 1915/,
    );
    expect(on?.before.turn).toBe(14);
    expect(on?.action).toMatchObject({ path: ['1914', '1813', '1713', '1612'], take: { sp: 3 } });
    expect(on?.why).toMatch(/takes 3 SP on to the depot at 1612 for the winter siege of Magdeburg/);
  });

  it('13.12: the line outlasts the winter attrition and Magdeburg falls on turn 16', () => {
    expect(chain.g.captures).toContainEqual({ hex: '2217', side: 'coalition', turn: 16 });
    // Without `proof` nobody went back: both guards died in the turn-16 winter attrition and the
    // siege was cut (siege-census.ts), Magdeburg holding. No siege cut in the whole game: neither
    // in the log up to the cut nor in the live play after it.
    expect(chain.loggedCuts.coalition).toEqual({ cut: 0, cutWinter: 0 });
    expect(chain.g.sieges.coalition).toEqual({ cut: 0, cutWinter: 0 });
    expect(chain.g.refused).toBe(0);
  });
});

// 13.33: what the autopilot answers when a siege breaches a fortress and the garrison asks for the
// honours of war. The allied expert grants them (a storm costs it as many SP as the garrison loses,
// 17.0 charges the allies double past twenty, and an army under ten SP builds no depot, 10.42),
// except to a garrison the scenario makes surrender (1756 A); the standard level denies them when
// it is clearly the stronger.
import { describe, expect, it } from 'vitest';
import { decideWithReason, type Level } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { positionState } from '../../src/autopilot/position.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { legalActions } from '../../src/engine/legal.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/**
 * The first honours question put to an allied seat, from positions/honours-<scenario>-<seed>.json:
 * the allied seats expert against `coalition`, recorded with `recordPosition` cut before the first
 * state in which an allied seat among those pending has a `siege-honours` action listed (the file's
 * note says so); the state there and that seat.
 */
function firstHonours(scenario: '1756' | '1761', seed: number, coalition: Level) {
  const p = loadPosition(`honours-${scenario}-${seed}`);
  expect(p.note).toContain(`the coalition's ${coalition}`);
  const state = positionState(p, map);
  const seat = state.pending.find(
    (s) =>
      state.seatSide[s] === 'prussian-allied' &&
      legalActions(state, s, map).some((a) => a.type === 'siege-honours'),
  );
  if (!seat) throw new Error(`no honours question in ${scenario} seed ${seed}`);
  return { state, seat };
}

function answer(state: GameState, seat: Seat, level: Level): boolean | undefined {
  const v = view(state, seat, [], map);
  const d = decideWithReason(v, v.legal, createAutopilotRng('honours'), level, map);
  return d.action.type === 'siege-honours' ? d.action.grant : undefined;
}

describe('autopilot: the honours of war (13.33)', () => {
  it('13.33/17.0: the allied expert grants the honours at a breach the standard level would storm (1761 seed 4, against passive)', () => {
    // positions/honours-1761-4.json: Hanover is asked in the Siege Phase of turn 4.
    const { state, seat } = firstHonours('1761', 4, 'passive');
    expect(answer(state, seat, 'expert')).toBe(true);
    expect(answer(state, seat, 'standard')).toBe(false);
  });

  it('1756 A: the Saxon garrison of Dresden must surrender when denied, so the allied expert denies them (seed 3, against hold)', () => {
    // positions/honours-1756-3.json: Prussia is asked in the Siege Phase of turn 13.
    const { state, seat } = firstHonours('1756', 3, 'hold');
    const ask = legalActions(state, seat, map).find((a) => a.type === 'siege-honours');
    expect(ask?.type === 'siege-honours' ? ask.hex : undefined).toBe('1623');
    expect(answer(state, seat, 'expert')).toBe(false);
  });
});

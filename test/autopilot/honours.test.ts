// 13.33: what the autopilot answers when a siege breaches a fortress and the garrison asks for the
// honours of war. The allied expert grants them (a storm costs it as many SP as the garrison loses,
// 17.0 charges the allies double past twenty, and an army under ten SP builds no depot, 10.42),
// except to a garrison the scenario makes surrender (1756 A); the standard level denies them when
// it is clearly the stronger.
import { describe, expect, it } from 'vitest';
import { decideWithReason, type Level } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { legalActions } from '../../src/engine/legal.js';
import { setup } from '../../src/engine/setup.js';
import type { GameState, Seat, Side } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

function levels(state: GameState, allied: Level, coalition: Level): Partial<Record<Seat, Level>> {
  const out: Partial<Record<Seat, Level>> = {};
  for (const [seat, side] of Object.entries(state.seatSide) as Array<[Seat, Side]>)
    out[seat] = side === 'prussian-allied' ? allied : coalition;
  return out;
}

/** The first honours question put to an allied seat in this game: the state and the seat. */
function firstHonours(scenario: '1756' | '1761', seed: number, coalition: Level) {
  let found: { state: GameState; seat: Seat } | undefined;
  playGame({
    scenario,
    seed,
    level: levels(setup(scenario, seed, { map }), 'expert', coalition),
    onStep: ({ state }) => {
      if (found) return;
      for (const seat of state.pending)
        if (
          state.seatSide[seat] === 'prussian-allied' &&
          legalActions(state, seat, map).some((a) => a.type === 'siege-honours')
        )
          found = { state: structuredClone(state), seat };
    },
  });
  if (!found) throw new Error(`no honours question in ${scenario} seed ${seed}`);
  return found;
}

function answer(state: GameState, seat: Seat, level: Level): boolean | undefined {
  const v = view(state, seat, [], map);
  const d = decideWithReason(v, v.legal, createAutopilotRng('honours'), level, map);
  return d.action.type === 'siege-honours' ? d.action.grant : undefined;
}

describe('autopilot: the honours of war (13.33)', () => {
  it('13.33/17.0: the allied expert grants the honours at a breach the standard level would storm (1761 seed 4, against passive)', () => {
    const { state, seat } = firstHonours('1761', 4, 'passive');
    expect(answer(state, seat, 'expert')).toBe(true);
    expect(answer(state, seat, 'standard')).toBe(false);
  });

  it('1756 A: the Saxon garrison of Dresden must surrender when denied, so the allied expert denies them (seed 3, against hold)', () => {
    const { state, seat } = firstHonours('1756', 3, 'hold');
    const ask = legalActions(state, seat, map).find((a) => a.type === 'siege-honours');
    expect(ask?.type === 'siege-honours' ? ask.hex : undefined).toBe('1623');
    expect(answer(state, seat, 'expert')).toBe(false);
  });
});

// The allied expert's winter (16.31, 17.0): an army that is not besieging takes winter quarters a
// turn ahead from the first SP lost, unless a last siege still pays (`lastSiege`, plan.ts).
// docs/balance.md, "Winter quarters for the allied expert".
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { STYLES } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { ScenarioId } from '../../src/engine/index.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

/** The state as `seat` is first to act in the March Phase of `turn`: the expert allies against hold. */
function expertVsHold(scenario: ScenarioId, seed: number, turn: number, seat: Seat): GameState {
  const level: Partial<Record<Seat, Level>> = { prussia: 'expert', hanover: 'expert' };
  for (const s of ['austria', 'france', 'russia', 'sweden', 'empire'] as const) level[s] = 'hold';
  let got: GameState | undefined;
  playGame({
    scenario,
    seed,
    level,
    map,
    turns: turn,
    onStep: ({ state }) => {
      if (!got && state.turn === turn && state.phase === 'march' && state.pending.includes(seat)) got = state;
    },
  });
  if (!got) throw new Error(`no March Phase of ${seat} on turn ${turn}`);
  return got;
}

const UNPRICED = { ...STYLES.expert, price: false };

describe('autopilot: winter quarters for the allied expert (16.31, 17.0)', () => {
  it('16.31/17.0: with fewer than twenty SP lost an allied army that is not besieging takes winter quarters a turn ahead (1761 seed 4, Ferdinand)', () => {
    const board = boardFromView(view(expertVsHold('1761', 4, 15, 'hanover'), 'hanover', [], map), map);
    expect((board.eliminated['prussian-allied'] ?? 0) + (board.heldPrisoners ?? 0)).toBeLessThan(20);
    // Until 6 Dec 2026 only past twenty lost: Ferdinand's 16 SP marched south on turn 15 after an
    // army they never reached, and walked back through turns 16-18.
    expect(makePlan(board, UNPRICED).goals.get('ferdinand')?.kind).not.toBe('winter');
    expect(makePlan(board, STYLES.expert).goals.get('ferdinand')).toMatchObject({ kind: 'winter' });
  });

  it('13.12/17.0: an army in winter joins a siege whose depot stands, since a last roll can still take the fortress (1761 seed 4, Henry before Prague)', () => {
    const board = boardFromView(view(expertVsHold('1761', 4, 17, 'prussia'), 'prussia', [], map), map);
    const plan = makePlan(board, STYLES.expert);
    expect(plan.goals.get('henry')).toMatchObject({ hex: '1125', kind: 'siege' });
    expect(plan.goals.get('henry')?.note).toContain('last siege');
    // Without a depot in Prague's hex the first roll could come on turn 20 at the earliest (10.41:
    // a depot begun serves from the next turn; 13.12), after the last turn: quarters instead.
    const noDepot = { ...board, depots: board.depots.filter((d) => d.hex !== '1125') };
    expect(makePlan(noDepot, STYLES.expert).goals.get('henry')).toMatchObject({ kind: 'winter' });
  });

  it('16.31: the Coalition expert gets no last siege: screened, it lost games against hold (1757 seed 1, Charles near Breslau)', () => {
    const level: Partial<Record<Seat, Level>> = { prussia: 'hold', hanover: 'hold' };
    for (const s of ['austria', 'france', 'russia', 'sweden', 'empire'] as const) level[s] = 'expert';
    let got: GameState | undefined;
    playGame({
      scenario: '1757',
      seed: 1,
      level,
      map,
      turns: 15,
      onStep: ({ state }) => {
        if (!got && state.turn === 15 && state.phase === 'march' && state.pending.includes('austria'))
          got = state;
      },
    });
    if (!got) throw new Error('no Austrian March Phase on turn 15');
    const board = boardFromView(view(got, 'austria', [], map), map);
    const charles = makePlan(board, STYLES.expert).goals.get('charles');
    expect(charles?.kind).toBe('winter');
    expect(charles?.note).not.toContain('last siege');
  });
});

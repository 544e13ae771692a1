// The expert's garrison commanders (`command`, src/autopilot/plan.ts garrisonPost, decide.ts
// commandEntries): 13.0 takes the Initiative of the highest-ranked leader inside a fortress off every
// siege roll, so a leader with no SP to command goes into a threatened own fortress whose rolls he
// makes harder. 1761 seed 7 (expert allies against the standard Coalition): Ferdinand took
// Dusseldorf, left one SP in it and marched on; Karl walked about with no SP, and the French took
// the fortress back with its SP as prisoners.
import { describe, expect, it } from 'vitest';
import { commandEntries, decideWithReason, STYLES } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { apply } from '../../src/engine/apply.js';
import { legalActions } from '../../src/engine/legal.js';
import { setup } from '../../src/engine/setup.js';
import type { GameState } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';

const map = driverMap();

/**
 * 1761, turn 1: Frederick marches his 19 SP out of Breslau (1733) without Dohna, who is left there
 * with no SP to command; one Prussian SP garrisons the fortress and Austrian armies stand within
 * two marches (1623, 1230).
 */
function dohnaLeft(): GameState {
  const state = setup('1761', 1, { map });
  const march = legalActions(state, 'prussia', map).find(
    (a) => a.type === 'march' && a.leader === 'frederick' && a.take?.sp === 19 && !a.take.leaders,
  );
  if (!march) throw new Error('no march of Frederick with his 19 SP');
  const r = apply(state, 'prussia', march, map);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

describe('autopilot: leaders with no SP command threatened garrisons (the expert)', () => {
  it('13.0: Dohna, left in Breslau with no SP, is sent into its garrison; the standard level keeps him outside', () => {
    const state = dohnaLeft();
    expect(state.leaders.dohna).toMatchObject({ hex: '1733', inside: false, initiative: 1 });
    expect(state.forces['1733']?.prussia).toMatchObject({ out: 0, in: 1 });
    const board = boardFromView(view(state, 'prussia', [], map), map);
    const plan = makePlan(board, STYLES.expert);
    expect(plan.goals.get('dohna')).toMatchObject({ hex: '1733', kind: 'command' });
    expect(makePlan(board, STYLES.standard).goals.get('dohna')?.kind).not.toBe('command');
    expect(makePlan(board, { ...STYLES.expert, command: false }).goals.get('dohna')?.kind).not.toBe(
      'command',
    );
    // The engine lists only the entry of everything outside; the entry of Dohna alone is built.
    const legal = legalActions(state, 'prussia', map);
    const entries = commandEntries(board, plan, legal);
    expect(entries).toEqual([{ type: 'garrison', hex: '1733', direction: 'in', sp: 0, leaders: ['dohna'] }]);
    const v = view(state, 'prussia', [], map);
    const picked = decideWithReason(v, legal, createAutopilotRng(1), 'expert', map);
    expect(picked.action).toEqual(entries[0]);
    expect(picked.why).toMatch(/commands the garrison of Breslau/);
    const r = apply(state, 'prussia', picked.action, map);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.leaders.dohna?.inside).toBe(true);
  });

  it('13.0: no post where he would not change the roll, nor where no enemy army threatens', () => {
    const state = dohnaLeft();
    // 13.0 names the highest-ranked leader inside, not the best: with Dohna (rank 9, Initiative 1)
    // inside, Kleist (rank 14, Initiative 2) would change nothing there.
    const ranked = structuredClone(state);
    ranked.leaders.dohna = { ...ranked.leaders.dohna!, inside: true };
    ranked.leaders.kleist = { ...ranked.leaders.kleist!, hex: '1733', inside: false };
    expect(ranked.leaders.kleist!.initiative).toBeGreaterThan(ranked.leaders.dohna!.initiative);
    let board = boardFromView(view(ranked, 'prussia', [], map), map);
    const kleist = makePlan(board, STYLES.expert).goals.get('kleist');
    expect(kleist?.kind === 'command' && kleist.hex === '1733').toBe(false);
    // No enemy army within two marches of any garrisoned Prussian fortress near him.
    const quiet = structuredClone(state);
    for (const f of Object.values(quiet.forces))
      for (const n of ['austria', 'russia', 'empire', 'sweden', 'france'] as const)
        if (f[n]) f[n] = { ...f[n], out: 0 };
    board = boardFromView(view(quiet, 'prussia', [], map), map);
    expect(makePlan(board, STYLES.expert).goals.get('dohna')?.kind).not.toBe('command');
  });
});

// The engine's state copy (src/tactical/clone.ts): apply copies the state once per action, so the
// copy must be complete (equal to structuredClone's) and deep (nothing shared with the input).
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { playBattle } from '../../src/autopilot/tactical/driver.js';
import { tacticalScenario } from '../../src/autopilot/tactical/scenarios.js';
import { apply, legalActions, pendingSeats } from '../../src/tactical/apply.js';
import { cloneData } from '../../src/tactical/clone.js';
import type { TacState } from '../../src/tactical/state.js';

describe('the state copy of apply', () => {
  it('copies a Leuthen battle state in the middle of the day completely and deeply', () => {
    const sc = tacticalScenario('leuthen-1');
    if (!sc.ok) throw new Error(sc.error);
    const r = playBattle({ loaded: sc.loaded, map: sc.map, seed: 3, turns: 4 });
    const s = r.state;
    const c = cloneData(s);
    expect(isDeepStrictEqual(c, structuredClone(s))).toBe(true);
    expect(c).not.toBe(s);
    expect(c.units[0]).not.toBe(s.units[0]);
    c.units[0]!.cp = 99;
    c.units[0]!.flags.push('guard');
    c.leaders[0]!.hex = null;
    c.ledger.prussia.leadersLost.push('x');
    expect(s.units[0]!.cp).not.toBe(99);
    expect(s.units[0]!.flags).not.toContain('guard');
    expect(s.leaders[0]!.hex).not.toBeNull();
    expect(s.ledger.prussia.leadersLost).not.toContain('x');
  });

  it('apply leaves its input state exactly as it was', () => {
    const sc = tacticalScenario('leuthen-1');
    if (!sc.ok) throw new Error(sc.error);
    let s: TacState = playBattle({ loaded: sc.loaded, map: sc.map, seed: 5, turns: 3 }).state;
    for (let i = 0; i < 40; i++) {
      const seat = pendingSeats(s)[0]!;
      const before = JSON.stringify(s);
      const r = apply(s, seat, legalActions(s, seat).at(-1));
      expect(JSON.stringify(s)).toBe(before);
      if (!r.ok) break;
      s = r.state;
    }
  });
});

// The tactical autopilot (issue #14 item 7): plays a whole Leuthen from its own view with legal
// actions only (the engine never refuses it), deterministically for a seed, and beats a side that
// never moves. Balance figures over many seeds are in docs/tactical-balance.md (ftg battle balance).
import { describe, expect, it } from 'vitest';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { decideTactical } from '../../src/autopilot/tactical/decide.js';
import { playBattle, viewAsState } from '../../src/autopilot/tactical/driver.js';
import { tacticalScenario } from '../../src/autopilot/tactical/scenarios.js';
import type { TacAction } from '../../src/tactical/actions.js';
import { legalActions } from '../../src/tactical/apply.js';
import { envFor, useTacticalMap } from '../../src/tactical/env.js';
import { setupBattle } from '../../src/tactical/setup.js';

const sc = tacticalScenario('leuthen-1');
if (!sc.ok) throw new Error(sc.error);
const { loaded, map } = sc;

describe('tactical autopilot', () => {
  it('plays a whole scenario 1 to its end with legal actions only (no refusal), autopilot against autopilot', () => {
    const refused: string[] = [];
    const r = playBattle({ loaded, map, seed: 1, onRefused: (x) => refused.push(`${x.rule}: ${x.message}`) });
    expect(refused).toEqual([]);
    expect(r.state.over).not.toBeNull();
    expect(r.state.turn).toBeLessThanOrEqual(15);
  }, 120_000);

  it('is deterministic for a seed (same seed, same actions)', () => {
    const run = (seed: number) => {
      const acts: string[] = [];
      try {
        playBattle({
          loaded,
          map,
          seed,
          onStep: (i) => {
            acts.push(JSON.stringify(i.action));
            if (acts.length >= 250) throw new Error('enough');
          },
        });
      } catch (e) {
        if ((e as Error).message !== 'enough') throw e;
      }
      return acts;
    };
    const a = run(7);
    expect(a).toHaveLength(250);
    expect(run(7)).toEqual(a);
  }, 120_000);

  it('decides from the view among the offered actions only', () => {
    const set = setupBattle(loaded, map, 3);
    if (!set.ok) throw new Error(set.errors.join('; '));
    useTacticalMap(map);
    const env = envFor(map.id)!;
    const s = set.state;
    const rng = createAutopilotRng(3);
    for (const seat of ['prussia', 'austria'] as const) {
      const legal = legalActions(s, seat);
      if (!legal.length) continue;
      const d = decideTactical(viewAsState(s, seat), env, seat, legal, rng);
      expect(legal.map((a: TacAction) => JSON.stringify(a))).toContain(JSON.stringify(d.action));
    }
  });
});

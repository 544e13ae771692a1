// A short fuzz run inside `npm test`: every scenario, one seed, on the committed map. The full run
// is `npm run fuzz` (ftg fuzz).
import { describe, expect, it, vi } from 'vitest';
import { fuzzAutopilotGame } from '../../src/autopilot/fuzz-drive.js';
import { run as runFuzz } from '../../src/cli/commands/fuzz.js';
import { checkInvariants, checkStep, deepFreeze, fuzzGame, notPlainJson } from '../../src/engine/fuzz.js';
import { setup, useMap } from '../../src/engine/index.js';
import { SCENARIO_IDS } from '../../src/engine/types.js';
import { loadMap } from '../../src/map/strategic-map.js';

useMap(loadMap());

describe('fuzz: random legal play to the end of every scenario', () => {
  it.each(SCENARIO_IDS)(
    'scenario %s, seed 11: invariants hold, never stuck, ends, replays identically',
    (id) => {
      const r = fuzzGame({ scenario: id, seed: 11, doneBias: 0.75, actionsPerStep: 1 });
      expect(r.failures).toEqual([]);
      expect(r.over).not.toBeNull();
      // #17.8: views, events, refused probes, round trips and VP were checked along the way.
      expect(r.probes).toBeGreaterThan(0);
    },
  );

  it('checkInvariants can fail: a lost SP breaks conservation', () => {
    const s = setup('1757', 1);
    expect(checkInvariants(s)).toEqual([]);
    s.forces['1623']!.prussia!.out -= 1;
    expect(checkInvariants(s).join()).toContain('SP conservation for prussia');
  });
});

describe('fuzz checks (#17.8)', () => {
  const map = loadMap();

  it('the autopilot plays a turn of 1757 under the checks (frozen state, views, probes, VP)', () => {
    const r = fuzzAutopilotGame({ scenario: '1757', seed: 5, turns: 1, checkEvery: 10 });
    expect(r.failures).toEqual([]);
    expect(r.steps).toBeGreaterThan(10);
  });

  it('checkStep can fail: a loss that shrinks, a badly tagged event, a state that is not JSON', () => {
    const s = setup('1757', 1);
    expect(checkStep(s, [], map)).toEqual([]);
    const prev = structuredClone(s);
    prev.ledger.eliminated.prussia = 3;
    expect(checkStep(s, [], map, { prev })).toContain('eliminated SP of prussia went down');
    const bad = { kind: 'x', text: 'x', vis: { to: 'seats' as const, seats: [] } };
    expect(checkStep(s, [bad], map).join()).toMatch(/event x has a bad visibility/);
    const odd = structuredClone(s) as unknown as { turn: number };
    odd.turn = Number.NaN;
    expect(checkStep(odd as never, [], map).join()).toMatch(/state is not plain JSON: \$\.turn = NaN/);
    expect(notPlainJson({ a: new Map() })).toBe('$.a is a Map');
  });

  it('a frozen state makes any write by the engine throw', () => {
    const s = deepFreeze(setup('1757', 1));
    expect(() => {
      s.forces['1623']!.prussia!.out = 0;
    }).toThrow(TypeError);
  });

  it('ftg fuzz --minutes runs a time-boxed campaign and reports games, actions and violations', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((x: string) => void lines.push(String(x)));
    try {
      const code = await runFuzz(['--scenario', '1756', '--minutes', '0.001', '--check-every', '50']);
      expect(code).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(lines.at(-2)).toMatch(
      /^fuzz: 1 game\(s\), \d+ action\(s\), \d+ refused probe\(s\), 0 violation\(s\) in 0 game\(s\)/,
    );
    expect(lines.at(-1)).toBe('fuzz: all games passed');
  });
});

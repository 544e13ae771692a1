import { describe, expect, it } from 'vitest';
import { apply, legalActions, loadScenario, setup, useMap, view } from '../../src/engine/index.js';
import { SCENARIO_IDS } from '../../src/engine/types.js';
import { FakeMap } from './fixtures/fake-map.js';

useMap(new FakeMap());

describe('18.0 scenarios', () => {
  it.each(SCENARIO_IDS)('18.0: scenario %s validates and sets up', (id) => {
    const sc = loadScenario(id);
    const s = setup(id, 1);
    expect(s.scenario).toBe(id);
    expect(s.turn).toBe(sc.firstTurn);
    const total = Object.values(s.forces).reduce(
      (n, hf) => n + Object.values(hf).reduce((m, v) => m + (v?.out ?? 0) + (v?.in ?? 0), 0),
      0,
    );
    expect(total).toBe(sc.setup.reduce((n, e) => n + e.sp, 0));
  });

  it('18.0: 1756 starts on Game-Turn 9 and lasts to 18', () => {
    const s = setup('1756', 1);
    expect(s.turn).toBe(9);
    expect(s.lastTurn).toBe(18);
  });

  it('18.0 1762 4A: the Russian seat plays for the Prussian-Allied side', () => {
    const s = setup('1762', 1);
    expect(s.seatSide.russia).toBe('prussian-allied');
  });

  it('18.0: a pure garrison deploys inside, a stack with leaders keeps 1 SP inside', () => {
    const s = setup('1757', 1);
    expect(s.forces['2217']?.prussia).toEqual({ out: 0, in: 3 });
    expect(s.forces['1623']?.prussia).toEqual({ out: 15, in: 1 });
    expect(s.leaders.frederick?.inside).toBe(false);
  });

  it('18.0 1758: "*" keeps Ziethen\'s 7 SP outside Schweidnitz; "+" puts 2 SP inside Brunn', () => {
    const s = setup('1758', 1);
    expect(s.forces['1631']?.prussia).toEqual({ out: 7, in: 0 });
    expect(s.forces['0631']?.austria).toEqual({ out: 5, in: 2 });
  });

  it('18.0 / 12.11: a leader of an entry marked "inside" starts inside the fortress with its SP', () => {
    const sc = structuredClone(loadScenario('1757'));
    sc.id = 'inside-test';
    sc.setup.push({
      nationality: 'austria',
      hex: '1125',
      sp: 4,
      position: 'inside',
      leaders: [{ id: 'harsch', rank: 20 }],
    });
    const s = setup(sc, 1);
    expect(s.forces['1125']?.austria?.in).toBeGreaterThanOrEqual(4);
    expect(s.leaders.harsch).toMatchObject({ hex: '1125', inside: true, status: 'map' });
  });

  it('smoke: the state waits on a seat with legal actions and a view', () => {
    const s = setup('1757', 7);
    expect(s.pending.length).toBeGreaterThan(0);
    const seat = s.pending[0]!;
    const acts = legalActions(s, seat);
    expect(acts.length).toBeGreaterThan(0);
    const r = apply(s, seat, acts.at(-1));
    expect(r.ok).toBe(true);
    const v = view(s, 'public');
    expect(JSON.stringify(v)).not.toContain('"sp"');
  });
});

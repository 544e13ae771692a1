import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { apply, engineMap, loadScenario, setup } from '../../src/engine/index.js';
import { computeSupply } from '../../src/engine/rules/supply.js';
import type { GameState } from '../../src/engine/types.js';
import { act, ok, rejected, runTo, start, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

describe('15 reinforcements', () => {
  it("15.11-15.12: reinforcements arrive in their side's Reinforcement Phase, outside the fortress, even among enemies", () => {
    const s = start(
      [
        { nationality: 'prussia', hex: '1623', sp: 3, leaders: [{ id: 'frederick', rank: 1 }] },
        { nationality: 'austria', hex: '1125', sp: 3, leaders: [{ id: 'daun', rank: 2 }] },
      ],
      {
        extra: {
          reinforcements: [
            {
              id: 'A',
              turn: 2,
              nationality: 'austria',
              sp: 4,
              leaders: [{ id: 'loudoun', rank: 3 }],
              hex: '1623',
            },
          ],
        },
      },
    );
    expect(s.leaders.loudoun?.status).toBe('pending');
    const t2pa = runTo(s, 'march', 'prussian-allied', 2);
    expect(t2pa.forces['1623']?.austria).toBeUndefined();
    const t2c = runTo(t2pa, 'march', 'coalition', 2);
    expect(t2c.forces['1623']?.austria).toEqual({ out: 4, in: 0 });
    expect(t2c.leaders.loudoun).toMatchObject({ status: 'map', hex: '1623', inside: false });
    expect(t2c.ledger.entered.austria).toBe(7);
  });
});

describe('18.0 scenario special rules', () => {
  it('1756 4A: Saxon (Empire) units never leave Saxony', () => {
    withMap({ regions: { '1622': 'saxony', '1623': 'saxony' } });
    const s = setup('1756', 1, { dice: [6, 6] });
    const c = runTo(s, 'march', 'coalition');
    rejected(act(c, 'empire', { type: 'march', leader: 'rutowski', path: ['1624'] }), '1756 A');
    ok(act(c, 'empire', { type: 'march', leader: 'rutowski', path: ['1622'] }));
  });

  it('1756 4D: only the fortresses of Silesia, Saxony, Magdeburg and the Austrian lands exist', () => {
    const s = setup('1756', 1);
    const m = engineMap();
    // Nuremberg (Empire lands) is no fortress in 1756: a Coalition SP inside it would supply nothing.
    s.forces['0816'] = { austria: { out: 0, in: 1 } };
    expect(computeSupply(s, m, 'coalition').fortresses).not.toContain('0816');
    expect(computeSupply(s, m, 'coalition').fortresses).toContain('1125');
  });

  it('1757 5A (unit): east of Magdeburg means a column beyond 17; lifted once the Coalition holds it', () => {
    const s = setup('1757', 1, { dice: [6] });
    s.leaders.zastrow!.hex = '2216';
    s.forces['2216'] = { hanover: { out: 1, in: 0 } };
    rejected(
      act(s, 'hanover', { type: 'march', leader: 'zastrow', path: ['2217', '2218'], take: { sp: 1 } }),
      '1757 A',
    );
    const cap: GameState = structuredClone(s);
    cap.captured['2217'] = 'coalition';
    ok(act(cap, 'hanover', { type: 'march', leader: 'zastrow', path: ['2217', '2218'], take: { sp: 1 } }));
  });

  it('1757 A: the Hanoverian restriction is cited as 1757 A, also from a custom scenario file', () => {
    const sc = loadScenario('1757');
    const custom = { ...structuredClone(sc), id: 'my-1757' };
    for (const s of [setup('1757', 1, { dice: [6] }), setup(custom, 1, { dice: [6] })]) {
      s.leaders.zastrow!.hex = '2216';
      s.forces['2216'] = { hanover: { out: 1, in: 0 } };
      rejected(
        act(s, 'hanover', { type: 'march', leader: 'zastrow', path: ['2217', '2218'], take: { sp: 1 } }),
        '1757 A',
      );
    }
    // A file that names no label: the refusal cites where the rulebook prints the rule.
    const bare = structuredClone(custom);
    delete bare.rules.labels;
    const b = setup(bare, 1, { dice: [6] });
    b.leaders.zastrow!.hex = '2216';
    b.forces['2216'] = { hanover: { out: 1, in: 0 } };
    rejected(
      act(b, 'hanover', { type: 'march', leader: 'zastrow', path: ['2217', '2218'], take: { sp: 1 } }),
      '1757 A / 1758 C',
    );
  });

  it('18.0: every special rule a scenario file switches on carries its rulebook label', () => {
    const coverage = readFileSync(new URL('../../docs/rules-coverage.md', import.meta.url), 'utf8');
    for (const id of ['1756', '1757', '1758', '1759', '1760', '1761', '1762']) {
      const rules = loadScenario(id as '1757').rules as Record<string, unknown> & {
        labels?: Record<string, string>;
      };
      for (const [key, v] of Object.entries(rules)) {
        if (key === 'labels' || v === false || v === undefined) continue;
        if (Array.isArray(v) && v.length === 0) continue;
        const label = rules.labels?.[key];
        expect(label, `${id} ${key}`).toMatch(new RegExp(`^${id} [A-E]$`));
        expect(coverage).toContain(`| ${label} |`);
      }
    }
  });

  it('1759 5C: Hanoverians never east of the Elbe; 5B: Empire never west of the Rhine', () => {
    withMap({ eastOfElbe: (h) => Number(h.slice(2)) >= 12, westOfRhine: (h) => Number(h.slice(2)) <= 15 });
    const s = setup('1759', 1, { dice: [6, 6] });
    rejected(
      act(s, 'hanover', { type: 'march', leader: 'ferdinand', path: ['1812'], take: { sp: 12 } }),
      '1759 C',
    );
    const c = runTo(s, 'march', 'coalition');
    rejected(act(c, 'empire', { type: 'march', leader: 'zweibrucken', path: ['1015'] }), '1759 B');
    ok(act(c, 'empire', { type: 'march', leader: 'zweibrucken', path: ['1017'] }));
  });

  it('1760 5C: from Turn 7 a Coalition roll of 1 at the start of a turn removes all Russians for good', () => {
    const s = setup('1760', 1);
    const s7 = runTo(s, 'forcemarch', 'coalition', 6);
    const russianSp = Object.values(s7.forces).reduce(
      (n, hf) => n + (hf.russia?.out ?? 0) + (hf.russia?.in ?? 0),
      0,
    );
    expect(russianSp).toBeGreaterThan(0);
    // The next die is the withdrawal roll at the start of Turn 7 (no attrition roll is needed).
    s7.rng.forced = [1];
    const r = ok(apply(s7, 'prussia', { type: 'timeout' }));
    expect(r.turn).toBe(7);
    expect(Object.values(r.forces).some((hf) => hf.russia)).toBe(false);
    expect(r.leaders.saltykov?.status).toBe('removed');
    // Removed, not eliminated (rulings 1760 5C), after the Prussian attrition of turn 6.
    expect(r.ledger.removed.russia).toBe(russianSp);
  });

  it('1762 5B-5C and 4A: Swedes leave on Turn 4, Swedish Pomerania closes; Russians join Prussia on 5 and leave on 8', () => {
    withMap({ regions: { '3321': 'swedish-pomerania', '3320': 'swedish-pomerania' } });
    const s = setup('1762', 1);
    const t4 = runTo(s, 'march', 'prussian-allied', 4);
    expect(t4.forces['3321']?.sweden).toBeUndefined();
    expect(t4.leaders.hamilton?.status).toBe('removed');
    expect(t4.ledger.removed.sweden).toBeGreaterThan(0);
    const t5 = runTo(t4, 'march', 'prussian-allied', 5);
    expect(t5.forces['1936']?.russia?.out).toBe(8);
    expect(t5.pending).toContain('russia');
    // The Russian seat plays for the Prussian-Allied side and moves in its March Phase.
    ok(act(t5, 'russia', { type: 'march', leader: 'rumyantsev', path: ['1935'], take: { sp: 8 } }));
    const t8 = runTo(t5, 'march', 'prussian-allied', 8);
    expect(Object.values(t8.forces).some((hf) => hf.russia)).toBe(false);
    expect(t8.leaders.rumyantsev?.status).toBe('removed');
  });

  it('1760 C / 1761 D: a scenario file that starts on Turn 7 makes the Russian withdrawal roll at once', () => {
    for (const id of ['1760', '1761'] as const) {
      const late = { ...structuredClone(loadScenario(id)), id: `${id}-t7`, firstTurn: 7 };
      const s = setup(late, 1, { dice: [1] });
      expect(s.turn).toBe(7);
      expect(Object.values(s.forces).some((hf) => hf.russia)).toBe(false);
      expect(
        Object.values(s.leaders)
          .filter((l) => l.nationality === 'russia')
          .map((l) => l.status),
      ).not.toContain('map');
      expect(s.ledger.removed.russia).toBeGreaterThan(0);
      // Any other roll: they stay.
      const t = setup(late, 1, { dice: [2] });
      expect(Object.values(t.forces).some((hf) => hf.russia)).toBe(true);
    }
  });

  it('15.1: a scenario file that starts after a reinforcement turn brings the overdue groups in at once', () => {
    const late = { ...structuredClone(loadScenario('1757')), id: '1757-t9', firstTurn: 9 };
    const s = runTo(setup(late, 1), 'march', 'coalition', 9);
    expect(s.forces['3742']?.russia?.out).toBeGreaterThan(0);
    expect(s.depots['3742']).toMatchObject({ owner: 'russia', offMapLink: true });
    expect(s.reinforcements.every((r) => r.arrived)).toBe(true);
  });

  it('1762 B: a scenario file that starts on Turn 4 removes the Swedes at once', () => {
    withMap({ regions: { '3321': 'swedish-pomerania', '3320': 'swedish-pomerania' } });
    const late = { ...structuredClone(loadScenario('1762')), id: '1762-t4', firstTurn: 4 };
    const s = setup(late, 1);
    expect(s.turn).toBe(4);
    expect(Object.values(s.forces).some((hf) => hf.sweden)).toBe(false);
    expect(s.leaders.hamilton?.status).toBe('removed');
    expect(s.ledger.removed.sweden).toBeGreaterThan(0);
  });

  it('1757 4B: the Russian depot arriving on Turn 8 is operative, linked to an off-map fortress', () => {
    const s = setup('1757', 1);
    const t8 = runTo(s, 'march', 'coalition', 8);
    expect(t8.depots['3742']).toMatchObject({ owner: 'russia', status: 'complete', offMapLink: true });
    const sup = computeSupply(t8, engineMap(), 'coalition');
    expect(sup.operativeDepots).toContain('3742');
    expect(sup.supplied.has('3742')).toBe(true);
  });
});

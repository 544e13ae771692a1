import { describe, expect, it } from 'vitest';
import crtJson from '../../assets/tables/crt.json' with { type: 'json' };
import {
  defaultCrt,
  loadCrt,
  parseCell,
  percentageLoss,
  renderPercentageLossTable,
  siegeResult,
  siegeTableData,
  victoryLevel,
} from '../../src/engine/tables/index.js';

describe('Combat Results Table data (9.6)', () => {
  it('9.6 erratum: the 66-99% column gives the attacker 20% on a modified 7', () => {
    expect(defaultCrt.lookup(66, 7)?.attacker).toEqual({ kind: 'loss', percent: 20, leaderKilled: false });
  });

  it('9.47: columns run from 33% to 400%', () => {
    expect(defaultCrt.columns[0]).toBe(33);
    expect(defaultCrt.columns.at(-1)).toBe(400);
    expect(defaultCrt.columns).toContain(66);
  });

  it('9.6: 1:1 battles are bloody for both sides on every roll', () => {
    for (let roll = -1; roll <= 8; roll++) {
      const r = defaultCrt.lookup(100, roll)!;
      const pct = (s: typeof r.attacker) => (s.kind === 'loss' ? s.percent : 100);
      expect(pct(r.attacker) + pct(r.defender)).toBeGreaterThanOrEqual(40);
      expect(Math.min(pct(r.attacker), pct(r.defender))).toBeGreaterThanOrEqual(10);
    }
  });

  it('9.43: P appears only at 300%+ on high rolls: row 8 at 300%, row 5 up at 400% (rules version 3)', () => {
    const pRolls = (column: number) =>
      crtJson.rows.filter((r) => r.cells[crtJson.columns.indexOf(column)]!.includes('P')).map((r) => r.roll);
    for (const row of crtJson.rows)
      row.cells.forEach((cell, i) => {
        if (cell.includes('P')) expect(crtJson.columns[i]).toBeGreaterThanOrEqual(300);
      });
    expect(pRolls(300)).toEqual([8]);
    expect(pRolls(400)).toEqual([5, 6, 7, 8]);
  });

  it('9.42: every percentage is a 5% step and L results are rare', () => {
    const cells = crtJson.rows.flatMap((r) => r.cells);
    const ls = cells.filter((c) => c.includes('L')).length;
    expect(ls).toBeGreaterThan(0);
    expect(ls).toBeLessThanOrEqual(4);
    for (const c of cells) expect(parseCell(c)).toBeDefined();
  });

  it('9.6: rolls beyond the printed rows use the end rows', () => {
    expect(defaultCrt.lookup(100, -5)).toEqual(defaultCrt.lookup(100, -1));
    expect(defaultCrt.lookup(100, 12)).toEqual(defaultCrt.lookup(100, 8));
    expect(defaultCrt.lookup(75, 3)).toBeUndefined();
  });

  it('9.6: a replacement chart that contradicts the erratum cell is rejected with a clear error', () => {
    const bad = structuredClone(crtJson);
    bad.rows[8]!.cells[2] = '25L/25';
    const r = loadCrt(bad);
    expect(r).toHaveProperty('error');
    expect((r as { error: string }).error).toMatch(/66%\/7 must read 20/);
  });

  it('9.6: malformed cells are rejected', () => {
    expect(parseCell('20')).toBeUndefined();
    expect(parseCell('22/10')).toBeUndefined();
    expect(parseCell('X/10')).toBeUndefined();
    expect(parseCell('10L/P')).toEqual({
      attacker: { kind: 'loss', percent: 10, leaderKilled: true },
      defender: { kind: 'captured' },
    });
  });
});

describe('Percentage Loss Table (9.32, 9.33)', () => {
  it('9.32: a 15% loss to a force of 19 SP is 3 SP', () => {
    expect(percentageLoss(15, 19)).toBe(3);
  });

  it('9.33: rounds to the nearest SP, halves up, and never exceeds the force', () => {
    expect(percentageLoss(10, 15)).toBe(2); // 1.5 -> 2
    expect(percentageLoss(5, 9)).toBe(0); // 0.45 -> 0
    expect(percentageLoss(5, 10)).toBe(1); // 0.5 -> 1
    expect(percentageLoss(50, 7)).toBe(4); // 3.5 -> 4
    expect(percentageLoss(0, 30)).toBe(0);
    for (let sp = 1; sp < 80; sp++) expect(percentageLoss(50, sp)).toBeLessThanOrEqual(sp);
  });

  it('9.33: the rendered table shows the 19 SP row with 3 under 15%', () => {
    const lines = renderPercentageLossTable().split('\n');
    const header = lines[0]!.split('\t');
    const row19 = lines.find((l) => l.startsWith('19\t'))!.split('\t');
    expect(row19[header.indexOf('15%')]).toBe('3');
    expect(lines).toHaveLength(61);
  });
});

describe('Siege Resolution Table (13.2)', () => {
  it('13.2: a leaderless garrison is breached on one roll in three', () => {
    const breaches = [1, 2, 3, 4, 5, 6].filter((d) => siegeResult(d) === 'breach');
    expect(breaches).toHaveLength(2);
  });

  it('13.32: low rolls cost the besieger a Strength Point', () => {
    expect(siegeResult(1)).toBe('attacker-loss');
    expect(siegeResult(-2)).toBe('attacker-loss');
    expect(siegeResult(3)).toBe('no-effect');
  });

  it('1761 C: the fortified camp modifier is -1 and from the rulebook', () => {
    expect(siegeTableData.fortifiedCampModifier).toBe(-1);
    expect(siegeTableData.fortifiedCampProvenance).toBe('rulebook');
  });
});

describe('Level of Victory Table (17.1)', () => {
  it('17.1: 1-7 draw, 8-15 marginal, 16-24 substantive, 25+ decisive', () => {
    expect(victoryLevel(1)).toBe('draw');
    expect(victoryLevel(7)).toBe('draw');
    expect(victoryLevel(8)).toBe('marginal');
    expect(victoryLevel(15)).toBe('marginal');
    expect(victoryLevel(16)).toBe('substantive');
    expect(victoryLevel(24)).toBe('substantive');
    expect(victoryLevel(25)).toBe('decisive');
    expect(victoryLevel(90)).toBe('decisive');
  });
});

import { describe, expect, it } from 'vitest';
import { calibrate, calibrationMarkdown } from '../../../src/tactical/bridge/calibrate.js';

describe('ftg battle calibrate (issue #16)', () => {
  it('gives exact table rates and measured tactical rates per odds, deterministically', () => {
    const rows = calibrate(1, 3, [[8, 8]]);
    expect(rows).toHaveLength(1);
    const r = rows[0]!;
    expect(r.table.win + r.table.draw + r.table.loss).toBeCloseTo(1, 9);
    expect(r.tactical.win + r.tactical.draw + r.tactical.loss).toBe(1);
    expect(JSON.stringify(calibrate(1, 3, [[8, 8]]))).toBe(JSON.stringify(rows));
    expect(calibrationMarkdown(rows)).toMatch(/^\| odds/);
  });
});

describe('calibration targets (issue #16) at a cheap, seeded sample', () => {
  // The full measurement is `ftg battle calibrate` (docs/tactical-calibration.md); this guard replays
  // its 8:8 rows (100 seeded battles a side, seed 1, both nationalities attacking) and a smaller
  // seeded sample at 1:2 and 2:1, so a change that breaks the targets fails here. Table at 8:8
  // (exact): attacker 17 %, draw 50 %, defender 33 %. Smaller samples scatter by about 10 points
  // around the full measurement (attackers win 6 % and 8 % in seeds 1-64, 25 % and 25 % in seeds
  // 1001-1048), too much for the 10-point targets; 100 a side is the documented row itself.
  const rows = (odds: [number, number], runs: number) =>
    (['prussia', 'austria'] as const).map((side) => calibrate(runs, 1, [odds], side)[0]!);
  const mean = (rs: ReturnType<typeof rows>, k: 'win' | 'draw' | 'loss') =>
    rs.reduce((a, r) => a + r.tactical[k], 0) / rs.length;

  it('1:1: each nationality attacking wins within 10 points of the table, its defender too; draws common; 1:2 < 1:1 < 2:1', () => {
    const even = rows([8, 8], 100);
    const table = even[0]!.table;
    for (const r of even) {
      expect(Math.abs(r.tactical.win - table.win), r.odds).toBeLessThanOrEqual(0.1);
      expect(r.tactical.loss, r.odds).toBeGreaterThanOrEqual(table.loss - 0.1);
      expect(r.tactical.loss, r.odds).toBeGreaterThanOrEqual(r.tactical.win);
    }
    // Draws are common at equal odds, as on the table (no longer a rare accident of rounding).
    expect(mean(even, 'draw')).toBeGreaterThanOrEqual(0.3);
    const weak = rows([6, 12], 16);
    const strong = rows([12, 6], 16);
    expect(mean(weak, 'win')).toBeLessThan(mean(even, 'win'));
    expect(mean(strong, 'win')).toBeGreaterThan(mean(even, 'win'));
  }, 180_000);
});

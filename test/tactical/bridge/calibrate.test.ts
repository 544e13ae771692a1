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

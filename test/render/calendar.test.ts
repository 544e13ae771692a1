import { describe, expect, it } from 'vitest';
import { CALENDAR, scenarioYear, turnDate } from '../../src/render/calendar.js';

describe('game calendar (half-month Game-Turns, map-facts.md)', () => {
  it('Turn 9 of 1757 is late August 1757', () => {
    const d = turnDate(9, 1757);
    expect(d.ok && d.label).toBe('late August 1757');
  });

  it('Turn 1 is the second half of April, Turn 2 early May', () => {
    const a = turnDate(1, 1757);
    const b = turnDate(2, 1757);
    expect(a.ok && a.label).toBe('late April 1757');
    expect(b.ok && b.label).toBe('early May 1757');
  });

  it('Turn 14 early November, Turn 16 early December (Leuthen) and winter', () => {
    const n = turnDate(14, 1757);
    const d = turnDate(16, 1757);
    expect(n.ok && n.label).toBe('early November 1757');
    expect(d.ok && d.label).toBe('early December 1757');
    expect(d.ok && d.winter).toBe(true);
    const t15 = turnDate(15, 1757);
    expect(t15.ok && t15.winter).toBe(false);
  });

  it('Turn 18 is early January of the next year', () => {
    const d = turnDate(18, 1757);
    expect(d.ok && d.label).toBe('early January 1758');
  });

  it('18 turns a year, each listed once in order', () => {
    expect(CALENDAR.turnsPerYear).toBe(18);
    expect(CALENDAR.turns.map((t) => t.turn)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
  });

  it('rejects a turn outside the calendar with a clear error', () => {
    const d = turnDate(19, 1757);
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.error).toMatch(/turn 19 is not a Game-Turn/);
    expect(turnDate(0, 1757).ok).toBe(false);
    expect(turnDate(2.5, 1757).ok).toBe(false);
  });

  it('a custom scenario without a year gets a date without a year', () => {
    expect(scenarioYear('1760')).toBe(1760);
    expect(scenarioYear('my-campaign')).toBeNull();
    const d = turnDate(3, null);
    expect(d.ok && d.label).toBe('late May');
  });
});

// Issue 18.14: map markers and labels that got in the way of three players.
import { createCanvas } from 'canvas';
import { describe, expect, it } from 'vitest';
import { drawCounter } from '../../src/render/counters.js';
import { abbreviate } from '../../src/render/render-map.js';

describe('map labels and markers (issue 18.14)', () => {
  it('a leader label with no room is shortened to a whole word, never "Char." or "D\'Es."', () => {
    expect(abbreviate('Charles of Lorraine')).toBe('Lorraine');
    expect(abbreviate("D'Estrées")).toBe("D'Estrées");
    expect(abbreviate('Frederick II +2')).toBe('Frederick');
    expect(abbreviate('Maurice of Anhalt-Dessau')).toBe('Anhalt');
    expect(abbreviate('Saint-Germain')).toBe('Germain');
    expect(abbreviate('Daun')).toBe('Daun');
  });

  it("11.1: the demoralized marker stays within its own counter's width (it covered the next counter) and is part of its box", () => {
    const ctx = createCanvas(200, 120).getContext('2d');
    const size = 50;
    const at = { x: 100, y: 70 };
    const stack = {
      hex: '',
      side: 'coalition' as const,
      nationalities: ['austria' as const],
      strength: null,
      leaders: [],
      demoralized: true,
    };
    const box = drawCounter(ctx, at, size, stack);
    expect(box.x).toBeGreaterThanOrEqual(at.x - size / 2);
    expect(box.x + box.w).toBeLessThanOrEqual(at.x + size / 2);
    // The marker sits above the counter: the box grows upward to hold it.
    expect(box.y).toBeLessThan(at.y - size / 2);
    const plain = drawCounter(ctx, at, size, { ...stack, demoralized: false });
    expect(plain).toEqual({ x: at.x - size / 2, y: at.y - size / 2, w: size, h: size });
  });
});

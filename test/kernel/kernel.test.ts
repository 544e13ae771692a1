// The shared kernel (src/kernel): the state-held RNG both engines roll with, RuleError helpers and
// named steps.
import { describe, expect, it } from 'vitest';
import {
  createRng,
  isRuleError,
  parseStepName,
  randomInt,
  refuse,
  rollD6,
  rollD10,
  ruleError,
  stepName,
} from '../../src/kernel/index.js';

describe('kernel RNG', () => {
  it('the same seed gives the same rolls; another seed other rolls', () => {
    const a = { rng: createRng('leuthen') };
    const b = { rng: createRng('leuthen') };
    const c = { rng: createRng('leuthen2') };
    const ra = Array.from({ length: 30 }, () => rollD6(a));
    const rb = Array.from({ length: 30 }, () => rollD6(b));
    const rc = Array.from({ length: 30 }, () => rollD6(c));
    expect(ra).toEqual(rb);
    expect(ra).not.toEqual(rc);
  });

  it("keeps the strategic engine's sequence (seed 1: the first d6 rolls are fixed)", () => {
    const h = { rng: createRng(1) };
    expect(Array.from({ length: 10 }, () => rollD6(h))).toEqual(SEED1_D6);
  });

  it('d6 reads 1-6 and d10 reads 0-9 (Leuthen 0.1), every face turning up', () => {
    const h = { rng: createRng(42) };
    const d6 = new Set<number>();
    const d10 = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      d6.add(rollD6(h));
      d10.add(rollD10(h));
    }
    expect([...d6].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...d10].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(h.rng.rolls).toBe(4000);
  });

  it('forced rolls come first, in order, for either die, without moving the generator', () => {
    const free = { rng: createRng(9) };
    const forced = { rng: createRng(9, [0, 6, 4]) };
    expect([rollD10(forced), rollD6(forced), rollD10(forced)]).toEqual([0, 6, 4]);
    expect(forced.rng.forced).toEqual([]);
    expect(forced.rng.rolls).toBe(3);
    expect(rollD6(forced)).toBe(rollD6(free));
  });

  it('randomInt stays in [0, n) and gives 0 for n <= 1', () => {
    const rng = createRng(5);
    for (let i = 0; i < 500; i++) {
      const x = randomInt(rng, 7);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(7);
    }
    expect(randomInt(rng, 1)).toBe(0);
    expect(randomInt(rng, 0)).toBe(0);
  });

  it('the state is plain JSON: a copy continues exactly like the original', () => {
    const h = { rng: createRng('copy') };
    rollD6(h);
    const copy = JSON.parse(JSON.stringify(h)) as typeof h;
    expect(Array.from({ length: 5 }, () => rollD10(copy))).toEqual(
      Array.from({ length: 5 }, () => rollD10(h)),
    );
  });
});

describe('kernel RuleError and named steps', () => {
  it('builds and recognises rule errors', () => {
    const e = ruleError('5.45', 'mountain-hexside', 'No crossing.');
    expect(isRuleError(e)).toBe(true);
    expect(isRuleError({ mp: 1, pass: false })).toBe(false);
    expect(isRuleError(null)).toBe(false);
    expect(refuse('9.2', 'x', 'y')).toEqual({ ok: false, error: { rule: '9.2', code: 'x', message: 'y' } });
  });

  it('names a step phase.sub@where and parses it back', () => {
    expect(stepName('combat', 'option', '2011')).toBe('combat.option@2011');
    expect(stepName('prisoner-exchange', 'offer')).toBe('prisoner-exchange.offer');
    expect(parseStepName('combat.option@2011')).toEqual({ phase: 'combat', sub: 'option', where: '2011' });
    expect(parseStepName('siege.honours')).toEqual({ phase: 'siege', sub: 'honours' });
    expect(parseStepName('nonsense')).toBeUndefined();
  });
});

const SEED1_D6 = [3, 1, 3, 5, 4, 2, 4, 1, 2, 1];

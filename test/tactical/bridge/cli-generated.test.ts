import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../../src/cli/battle/map.js';

describe('ftg battle map check --generated (issue #16)', () => {
  afterEach(() => vi.restoreAllMocks());
  it('checks a generated field for a strategic hex and refuses a bad hex clearly', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((s: string) => out.push(s));
    const err: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((s: string) => err.push(s));
    expect(await run(['check', '--generated', '1520', '--seed', '4'])).toBe(0);
    expect(out.join('\n')).toMatch(/generated field valid/);
    expect(await run(['check', '--generated', '9999'])).toBe(2);
    expect(err.join('\n')).toMatch(/not a land hex/);
    expect(await run(['check', '--generated', '1520', '--counters', 'x'])).toBe(2);
  });
});

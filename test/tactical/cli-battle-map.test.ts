import { describe, expect, it, vi } from 'vitest';
import { run as battle } from '../../src/cli/commands/battle.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((s: unknown) => void out.push(String(s)));
  const error = vi.spyOn(console, 'error').mockImplementation((s: unknown) => void err.push(String(s)));
  return {
    out,
    err,
    restore: () => {
      log.mockRestore();
      error.mockRestore();
    },
  };
}

describe('ftg battle map', () => {
  it('check prints every invariant and exits 0 on the committed Leuthen map', async () => {
    const c = capture();
    const code = await battle(['map', 'check']);
    c.restore();
    expect(code).toBe(0);
    expect(c.out.join('\n')).toMatch(/ok {3}entry-on-west-edge/);
    expect(c.out.join('\n')).toMatch(/all invariants hold/);
  });

  it('an unknown map id is a clear error, exit 1', async () => {
    const c = capture();
    const code = await battle(['map', 'check', '--map', 'kolin']);
    c.restore();
    expect(code).toBe(1);
    expect(c.err.join('\n')).toMatch(/unknown tactical map "kolin"/);
  });

  it('an unknown subcommand lists the known ones, exit 2', async () => {
    const c = capture();
    const code = await battle(['nonsense']);
    c.restore();
    expect(code).toBe(2);
    expect(c.err.join('\n')).toMatch(/unknown subcommand "nonsense".*map/);
  });
});

// `ftg battle demo` (npm start -- battle, ftg demo --battle): options are checked, the autopilot
// Leuthen plays with a line and a picture per turn, and a whole battle ends with a result.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/battle/demo.js';
import { run as demo } from '../../src/cli/commands/demo.js';

const dir = mkdtempSync(join(tmpdir(), 'ftg-battle-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quietly = async (f: () => Promise<number>) => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const err = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await f();
    return {
      code,
      out: log.mock.calls.map((c) => String(c[0])),
      err: err.mock.calls.map((c) => String(c[0])).join('\n'),
    };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
};

describe('ftg battle demo', () => {
  it('rejects bad options with exit code 2 and a specific message', async () => {
    const a = await quietly(() => run(['--prussia', 'lazy']));
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/--prussia must be one of autopilot, random, hold/);
    const b = await quietly(() => run(['--scenario', 'leuthen-9']));
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/unknown battle scenario "leuthen-9"/);
    const c = await quietly(() => demo(['--battle']));
    expect(c.code).toBe(2);
  });

  it('plays turns with a line and a picture per turn (ftg demo --battle leuthen-1)', async () => {
    const out = join(dir, 'pics');
    const r = await quietly(() => demo(['--battle', 'leuthen-1', '--turns', '2', '--out', out, '--quiet']));
    expect(r.code).toBe(0);
    expect(r.out.some((l) => l.startsWith('Turn  1 (10:00)'))).toBe(true);
    expect(r.out.some((l) => l.startsWith('Turn  2 (10:30)'))).toBe(true);
    const files = readdirSync(out).sort();
    expect(files).toEqual(['turn-00-setup.png', 'turn-01.png', 'turn-02.png']);
    for (const f of files) expect(statSync(join(out, f)).size).toBeLessThan(400 * 1024);
  }, 120_000);

  it('plays a whole battle to its result', async () => {
    const r = await quietly(() => run(['--seed', '2', '--no-maps', '--quiet']));
    expect(r.code).toBe(0);
    // It either runs to the turn limit (turn 15) or ends earlier by a victory condition (8.4 or
    // the reconstructed army withdrawal), which the demo announces; which one depends on the
    // autopilot's tuning, not on the demo.
    const reachedLimit = r.out.some((l) => l.startsWith('Turn 15 (17:00)'));
    const endedEarly = r.out.some((l) => /^\nResult: .*(withdrawal|8\.4|Frederick)/.test(l));
    expect(reachedLimit || endedEarly).toBe(true);
    expect(
      r.out.some((l) =>
        /^\nResult: (Prussia|Austria) (marginal|substantive|decisive) victory|^\nResult: a draw/.test(l),
      ),
    ).toBe(true);
    // Ruling Aftermath: the result names the prisoners of the pursuit (none in a draw).
    expect(r.out.some((l) => /^Prisoners: Prussia \d+ CP, Austria \d+ CP \(/.test(l))).toBe(true);
  }, 120_000);
});

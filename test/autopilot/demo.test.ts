// `ftg demo`: options are checked, a short campaign runs, maps are written per seat and turn.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/commands/demo.js';

const dir = mkdtempSync(join(tmpdir(), 'ftg-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ftg demo', () => {
  it('rejects bad options with exit code 2 and a specific message', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await run(['--turns', '40'])).toBe(2);
    expect(await run(['--level', 'prussia=lazy'])).toBe(2);
    expect(await run(['--scenario', join(dir, 'missing.json')])).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/--turns must be a Game-Turn 1..18/);
    err.mockRestore();
  });

  it('plays a turn with the autopilot on every seat and writes the public and per-seat maps', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = join(dir, 'run');
    expect(await run(['--scenario', '1757', '--seed', '3', '--turns', '1', '--out', out, '--quiet'])).toBe(0);
    const lines = log.mock.calls.map((c) => String(c[0]));
    log.mockRestore();
    expect(lines.some((l) => l.startsWith('Turn  1/18'))).toBe(true);
    const files = readdirSync(out);
    expect(files).toContain('end-of-turn-01-public.png');
    expect(files).toContain('end-of-turn-01-prussia.png');
    expect(files).toContain('end-of-turn-01-austria.png');
    expect(existsSync(join(out, 'result.json'))).toBe(true);
    const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8')) as { endedBy: string };
    expect(result.endedBy).toBe('turn-limit');
  });

  it("--trace prints the decisions of the seats asked with their reasons, and nobody else's", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const args = ['--scenario', '1759', '--seed', '12', '--turns', '1', '--no-maps', '--level', 'expert'];
    expect(await run([...args, '--trace', 'austria'])).toBe(0);
    const lines = log.mock.calls.map((c) => String(c[0]));
    log.mockClear();
    const traced = lines.filter((l) => /^ {2}T\d+ /.test(l));
    expect(traced.length).toBeGreaterThan(0);
    for (const l of traced) expect(l).toMatch(/^ {2}T1 \S+ austria: \{"type":".*\} -- \S/);
    // Daun's march on Breslau in 1759 and its reason.
    expect(traced.some((l) => l.includes('"leader":"daun"') && /besiege Breslau/.test(l))).toBe(true);
    expect(traced.some((l) => l.includes('"type":"done"'))).toBe(false);
    // Without --trace, no decision lines.
    expect(await run(args)).toBe(0);
    expect(log.mock.calls.map((c) => String(c[0])).filter((l) => /^ {2}T\d+ /.test(l))).toEqual([]);
    log.mockRestore();
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await run([...args, '--trace', 'lapland'])).toBe(2);
    expect(String(err.mock.calls[0]?.[0])).toMatch(/--trace takes all or seats/);
    err.mockRestore();
  });
});

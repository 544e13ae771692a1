import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/commands/map.js';

afterEach(() => vi.restoreAllMocks());

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(String(s)));
  vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(String(s)));
  return { out, err };
}

describe('ftg map', () => {
  it('check passes on the committed map and prints the counts', async () => {
    const { out } = capture();
    expect(await run(['check'])).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('hexes: 1900');
    expect(text).toMatch(/river hexsides: .*Elbe \d+/);
    expect(text).toMatch(/passes: \d+, fortresses: 36/);
    expect(text).toContain('map check: all invariants hold');
  });
  it('check fails with a precise message when a scenario hex is not land', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftg-map-'));
    const fx = join(dir, 'fx.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      fx,
      JSON.stringify({
        slips: {},
        scenarios: { x: { deployments: ['3520'], garrisons: [], reinforcements: [] } },
        errata: {},
      }),
    );
    const { err } = capture();
    expect(await run(['check', '--scenarios', fx])).toBe(1);
    expect(err.join('\n')).toContain('scenario hex 3520 is sea, not land');
  });
  it('render writes a PNG crop and rejects bad options', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftg-map-'));
    const file = join(dir, 'crop.png');
    capture();
    expect(await run(['render', '--out', file, '--center', '1623', '--radius', '2', '--labels'])).toBe(0);
    expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    expect(await run(['render', '--out', file, '--center', '9999'])).toBe(2);
    expect(await run(['render', '--out', file, '--center', '1623', '--radius', '0'])).toBe(2);
    expect(await run(['render'])).toBe(2);
    expect(await run(['frobnicate'])).toBe(2);
  });
});

// ftg play / schema and the --scenario / --dice helpers (src/cli/scenario-arg.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run as play } from '../../src/cli/commands/play.js';
import { run as schema } from '../../src/cli/commands/schema.js';
import { parseDice, resolveScenario } from '../../src/cli/scenario-arg.js';

let out: string[] = [];
let err: string[] = [];
beforeEach(() => {
  out = [];
  err = [];
  vi.spyOn(console, 'log').mockImplementation((s: unknown) => void out.push(String(s)));
  vi.spyOn(console, 'error').mockImplementation((s: unknown) => void err.push(String(s)));
});
afterEach(() => vi.restoreAllMocks());

describe('ftg play', () => {
  it('applies a script, prints events and the view, and writes --out files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftg-play-'));
    const file = join(dir, 'a.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({
          seat: 'prussia',
          action: { type: 'march', leader: 'frederick', path: ['1624'], take: { sp: 10 } },
        }),
        JSON.stringify({ seat: 'prussia', action: { type: 'done' } }),
      ].join('\n'),
    );
    const code = await play([
      '--scenario',
      '1757',
      '--seed',
      '3',
      '--dice',
      '4',
      '--actions',
      file,
      '--as',
      'prussia',
      '--out',
      dir,
    ]);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out.some((l) => l.includes('[march]'))).toBe(true);
    const v = JSON.parse(readFileSync(join(dir, 'view.json'), 'utf8'));
    expect(v.viewer).toBe('prussia');
    expect(v.marchRoll).toBe(4);
  });

  it('a refused action prints the RuleError and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftg-play-'));
    const file = join(dir, 'a.jsonl');
    writeFileSync(
      file,
      JSON.stringify({ seat: 'prussia', action: { type: 'march', leader: 'frederick', path: ['0101'] } }),
    );
    const code = await play(['--scenario', '1757', '--actions', file]);
    expect(code).toBe(1);
    expect(err.join()).toMatch(/refused \[5\.\d+\]/);
  });
});

describe('ftg play positions (--from, --keep-going, --until)', () => {
  const line = (seat: string, action: unknown) => JSON.stringify({ seat, action });

  it('--keep-going reports a refused line and goes on; the exit code is 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftg-play-'));
    const file = join(dir, 'a.jsonl');
    writeFileSync(
      file,
      [
        line('prussia', { type: 'march', leader: 'frederick', path: ['0101'] }),
        line('prussia', { type: 'march', leader: 'frederick', path: ['1624'], take: { sp: 10 } }),
      ].join('\n'),
    );
    const code = await play([
      '--scenario',
      '1757',
      '--dice',
      '4',
      '--actions',
      file,
      '--keep-going',
      '--out',
      dir,
    ]);
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(/line 1: refused/);
    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
    expect(state.leaders.frederick.hex).toBe('1624');
  });

  it('--until stops at a phase; --from continues the saved game from there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftg-play-'));
    const file = join(dir, 'a.jsonl');
    const rest = join(dir, 'b.jsonl');
    writeFileSync(
      file,
      [line('prussia', { type: 'timeout' }), line('prussia', { type: 'timeout' })].join('\n'),
    );
    expect(
      await play([
        '--scenario',
        '1757',
        '--dice',
        '4',
        '--actions',
        file,
        '--until',
        'forcemarch',
        '--out',
        dir,
      ]),
    ).toBe(0);
    expect(out.some((l) => /stopped at line 2: Game-Turn 1, forcemarch/.test(l))).toBe(true);
    const saved = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
    expect(saved.phase).toBe('forcemarch');
    writeFileSync(rest, line('prussia', { type: 'timeout' }));
    const next = join(dir, 'next');
    expect(await play(['--from', join(dir, 'state.json'), '--actions', rest, '--out', next])).toBe(0);
    const after = JSON.parse(readFileSync(join(next, 'state.json'), 'utf8'));
    expect(after.version).toBe(saved.version + 1);
    expect(after.phase).not.toBe('forcemarch');
  });

  it('--from refuses a file that is not a saved state, and --until a phase that does not exist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftg-play-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ schema: 1 }));
    expect(await play(['--from', bad])).toBe(2);
    expect(err.join()).toMatch(/not a saved game state/);
    expect(await play(['--scenario', '1757', '--until', 'lunch'])).toBe(2);
    expect(err.join()).toMatch(/--until takes a phase/);
  });
});

describe('scenario-arg', () => {
  it('resolves ids and paths, and validates the file', () => {
    expect(resolveScenario('1759')).toEqual({ ok: true, value: '1759' });
    const dir = mkdtempSync(join(tmpdir(), 'ftg-sc-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, readFileSync('scenarios/1758.json', 'utf8'));
    expect(resolveScenario(good).ok).toBe(true);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ id: 'x' }));
    const r = resolveScenario(bad);
    expect(r.ok).toBe(false);
    expect(resolveScenario(join(dir, 'missing.json')).ok).toBe(false);
  });

  it('--dice takes rolls 1-6', () => {
    expect(parseDice('4,2,6')).toEqual({ ok: true, value: [4, 2, 6] });
    expect(parseDice('7').ok).toBe(false);
    expect(parseDice('a').ok).toBe(false);
  });
});

describe('ftg schema', () => {
  it('prints the JSON Schema of the actions', async () => {
    expect(await schema(['actions'])).toBe(0);
    const s = JSON.parse(out.join('\n'));
    const types = JSON.stringify(s);
    for (const t of ['march', 'forcemarch', 'depot-build', 'garrison', 'done', 'timeout'])
      expect(types).toContain(`"${t}"`);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

async function cli(args: string[]) {
  const c = capture();
  try {
    const code = await battle(args);
    return { code, out: c.out.join('\n'), err: c.err.join('\n') };
  } finally {
    c.restore();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'battle-play-'));

describe('ftg battle play|schema|fuzz', () => {
  it('play: applies a JSONL action file and writes the state; --from continues it', async () => {
    const first = await cli(['play', '--scenario', 'leuthen-1', '--seed', '2', '--as', 'prussia']);
    expect(first.code).toBe(0);
    const m = /\{"type":"activate","formations":\["([a-z-]+)"\]\}/.exec(first.out);
    expect(m).not.toBeNull();
    const actions = join(dir, 'a.jsonl');
    writeFileSync(
      actions,
      `${JSON.stringify({ seat: 'prussia', action: { type: 'activate', formations: [m![1]] } })}\n{"seat":"prussia","action":{"type":"done"}}\n`,
    );
    const out = join(dir, 's.json');
    const r = await cli([
      'play',
      '--scenario',
      'leuthen-1',
      '--seed',
      '2',
      '--actions',
      actions,
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const saved = JSON.parse(readFileSync(out, 'utf8'));
    expect(saved.kind).toBe('tactical');
    expect(saved.formations.find((f: { id: string }) => f.id === m![1]).activated).toBe(true);
    const again = await cli(['play', '--from', out, '--as', 'austria', '--view']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out).viewer).toBe('austria');
  });

  it('play: a finished battle prints its result and the prisoners of the aftermath (ruling Aftermath)', async () => {
    const out = join(dir, 'over.json');
    expect((await cli(['play', '--scenario', 'leuthen-1', '--seed', '2', '--out', out])).code).toBe(0);
    const s = JSON.parse(readFileSync(out, 'utf8'));
    s.phase = 'over';
    s.ledger.austria.cpLost = 20;
    s.ledger.austria.prisoners = 18;
    s.ledger.prussia.cpLost = 10;
    s.over = {
      winner: 'prussia',
      level: 'decisive',
      reason: 'test',
      turn: 15,
      aftermath: {
        captor: 'prussia',
        score: { prussia: 32, austria: 14 },
        routedCp: 0,
        pursuitCp: 18,
        prisoners: 18,
        units: [],
      },
    };
    writeFileSync(out, JSON.stringify(s));
    const r = await cli(['play', '--from', out]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Battle over: decisive prussia victory (test).');
    expect(r.out).toContain(
      'prisoners: Prussia 0 CP, Austria 18 CP (0 CP of routed units, 18 CP for the 9.0 score difference 32 - 14); CP lost incl. prisoners: Prussia 10, Austria 38.',
    );
  });

  it('play: a refused action names its rule and the state is written as before that line', async () => {
    const actions = join(dir, 'bad.jsonl');
    writeFileSync(actions, '{"seat":"austria","action":{"type":"yield-first"}}\n');
    const out = join(dir, 'bad.json');
    const r = await cli([
      'play',
      '--scenario',
      'leuthen-1',
      '--seed',
      '2',
      '--actions',
      actions,
      '--out',
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.jsonl:1: refused by rule 4/);
    const saved = JSON.parse(readFileSync(out, 'utf8'));
    expect(saved.version).toBe(0);
    writeFileSync(actions, '{"seat":"prussia","action":{"type":"move","unit":"nope"}}\n');
    const r2 = await cli(['play', '--scenario', 'leuthen-1', '--actions', actions]);
    expect(r2.err).toMatch(/refused by rule input \(bad-action\)/);
    writeFileSync(actions, 'not json\n');
    expect((await cli(['play', '--actions', actions])).err).toMatch(/bad\.jsonl:1: not JSON/);
  });

  it('play: a broken scenario file or bad option is a clear error naming the field', async () => {
    const broken = join(dir, 'broken.json');
    const raw = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'scenarios', 'tactical', 'leuthen-1.json'), 'utf8'),
    );
    raw.units[0].formation = 'no-such-formation';
    writeFileSync(broken, JSON.stringify(raw));
    const r = await cli(['play', '--scenario', broken]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/units\.0\.formation: unknown formation "no-such-formation"/);
    expect((await cli(['play', '--dice', '4,x'])).err).toMatch(/--dice takes die faces/);
    expect((await cli(['play', '--scenario', 'nowhere'])).err).toMatch(/unknown scenario "nowhere"/);
    writeFileSync(join(dir, 'notstate.json'), '{"a":1}');
    expect((await cli(['play', '--from', join(dir, 'notstate.json')])).err).toMatch(
      /not a saved battle state/,
    );
  });

  it('schema: prints the JSON Schema of scenarios, ratings, actions and maps', async () => {
    for (const what of ['scenario', 'ratings', 'actions', 'map']) {
      const r = await cli(['schema', what]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out).$schema).toMatch(/json-schema/);
    }
    expect((await cli(['schema', 'nope'])).code).toBe(2);
  });

  it('fuzz: rejects bad options, naming them', async () => {
    expect((await cli(['fuzz', '--seeds', 'many'])).err).toMatch(/--seeds must be a whole number/);
    expect((await cli(['fuzz', '--scenario', 'nowhere', '--seeds', '1'])).code).toBe(2);
  });
});

// `ftg render` end to end, and the last moves drawn only for the moving side.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/commands/render.js';
import { apply, view } from '../../src/engine/index.js';
import { campaignBase } from '../../src/render/campaign-base.js';
import { pictureFromView } from '../../src/render/from-view.js';
import { resolveCentre } from '../../src/render/game-picture.js';
import { game, map, pngInfo } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'ftg-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const march = { type: 'march', leader: 'frederick', path: ['1622', '1522', '1421'], take: { sp: 15 } };

async function quiet(args: string[]): Promise<{ code: number; err: string }> {
  const errs: string[] = [];
  const e = vi.spyOn(console, 'error').mockImplementation((s: unknown) => void errs.push(String(s)));
  const l = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    return { code: await run(args), err: errs.join('\n') };
  } finally {
    e.mockRestore();
    l.mockRestore();
  }
}

describe('ftg render', () => {
  it('writes a zoomed PNG of a seat view after a JSONL of actions', async () => {
    const actions = join(dir, 'a.jsonl');
    writeFileSync(actions, `${JSON.stringify({ seat: 'prussia', action: march })}\n`);
    const out = join(dir, 'z.png');
    const r = await quiet([
      '--scenario',
      '1757',
      '--seed',
      '3',
      '--actions',
      actions,
      '--as',
      'prussia',
      '--out',
      out,
      '--center',
      '1421',
      '--radius',
      '3',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const png = readFileSync(out);
    const info = pngInfo(png);
    expect(info.signature).toBe(true);
    expect(info.width).toBeGreaterThan(600);
    expect(png.length).toBeLessThan(500 * 1024);
  });

  it('a battle inset needs --center', async () => {
    const r = await quiet(['--scenario', '1757', '--as', 'prussia', '--out', join(dir, 'x.png'), '--inset']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--inset needs --center/);
  });

  it('rejects an unknown seat, bad dice and a hex off the map with exit code 2', async () => {
    const out = join(dir, 'bad.png');
    const seat = await quiet(['--scenario', '1757', '--as', 'poland', '--out', out]);
    expect(seat.code).toBe(2);
    expect(seat.err).toMatch(/--as must be one of/);
    const dice = await quiet(['--scenario', '1757', '--as', 'public', '--out', out, '--dice', '4,7']);
    expect(dice.code).toBe(2);
    expect(dice.err).toMatch(/--dice takes die faces 1..6/);
    const hex = await quiet(['--scenario', '1757', '--as', 'public', '--out', out, '--center', '9950']);
    expect(hex.code).toBe(2);
    expect(hex.err).toMatch(/not on the map/);
  });

  it('reports an illegal action with its line number and rule', async () => {
    const actions = join(dir, 'bad.jsonl');
    writeFileSync(actions, `\n${JSON.stringify({ seat: 'austria', action: march })}\n`);
    const r = await quiet([
      '--scenario',
      '1757',
      '--actions',
      actions,
      '--as',
      'public',
      '--out',
      join(dir, 'n.png'),
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.jsonl:2: /);
  });

  it('reads a scenario file path as well as an id', async () => {
    const out = join(dir, 'file.png');
    const r = await quiet(['--scenario', 'scenarios/1756.json', '--as', 'public', '--out', out]);
    expect(r.code).toBe(0);
    expect(pngInfo(readFileSync(out)).signature).toBe(true);
  });
});

describe('last moves on the picture', () => {
  const r = apply(game('1757'), 'prussia', march, map);
  if (!r.ok) throw new Error(r.error.message);

  it("the moving side sees its march, start hex first, in Prussia's colour", () => {
    const p = pictureFromView(view(r.state, 'prussia', r.events, map));
    expect(p.moves).toEqual([{ nationality: 'prussia', path: ['1623', '1622', '1522', '1421'] }]);
    const h = pictureFromView(view(r.state, 'hanover', r.events, map));
    expect(h.moves).toHaveLength(1);
  });

  it('the enemy and the public see no path', () => {
    expect(pictureFromView(view(r.state, 'austria', r.events, map)).moves).toEqual([]);
    expect(pictureFromView(view(r.state, 'public', r.events, map)).moves).toEqual([]);
  });
});

describe('--center names a hex, a force or a place', () => {
  const state = game('1757');
  const base = campaignBase(map);
  it("a force by its leader's id or name", () => {
    const v = view(state, 'prussia', [], map);
    expect(resolveCentre(v, base, 'frederick')).toMatchObject({ ok: true, hex: '1623' });
    expect(resolveCentre(v, base, 'Frederick II')).toMatchObject({ ok: true, hex: '1623' });
  });
  it('a place by name, accents ignored; a hex as is', () => {
    const v = view(state, 'public', [], map);
    expect(resolveCentre(v, base, 'Königgrätz')).toMatchObject({ ok: true, hex: '1230' });
    expect(resolveCentre(v, base, '1125')).toMatchObject({ ok: true, hex: '1125' });
  });
  it('8.21: an enemy leader the view hides cannot be found', () => {
    // Browne stands under Charles of Lorraine at Prague: Prussia sees only the top leader.
    const v = view(state, 'prussia', [], map);
    expect(resolveCentre(v, base, 'charles')).toMatchObject({ ok: true, hex: '1125' });
    const r = resolveCentre(v, base, 'browne');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/neither a hex RRCC, a leader this view shows, nor a place/);
    expect(resolveCentre(view(state, 'austria', [], map), base, 'browne')).toMatchObject({
      ok: true,
      hex: '1125',
    });
  });
});

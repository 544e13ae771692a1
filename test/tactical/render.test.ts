// Tactical pictures: size and width limits, a valid palette PNG, determinism, and that only what
// the render model holds is drawn (the model is built from one seat's view).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { run as battle } from '../../src/cli/commands/battle.js';
import { renderTacticalMap } from '../../src/render/tactical/draw.js';
import { modelFromScenario } from '../../src/render/tactical/from-scenario.js';
import { emptyModel, type TacticalRenderModel } from '../../src/render/tactical/model.js';
import { encodePalettePng } from '../../src/render/tactical/png8.js';
import { leuthenMap } from '../../src/tactical/maps.js';
import { scenarioSchema } from '../../src/tactical/schema.js';

const map = leuthenMap();
const dir = mkdtempSync(join(tmpdir(), 'ftg-battle-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scenario = (id: string) =>
  scenarioSchema.parse(
    JSON.parse(readFileSync(join(import.meta.dirname, '../../scenarios/tactical', `${id}.json`), 'utf8')),
  );

function decode(buf: Buffer): PNG {
  return PNG.sync.read(buf);
}

function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = (png.width * Math.round(y) + Math.round(x)) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
}

const one: TacticalRenderModel = {
  title: 'test',
  formations: [{ id: 'wedel-corps', side: 'prussia', code: 'WED', name: 'Wedel' }],
  units: [
    {
      id: 'u',
      side: 'prussia',
      formation: 'wedel-corps',
      arm: 'infantry',
      hex: '2806',
      facing: 0,
      strength: 3,
    },
  ],
  leaders: [],
};

describe('tactical pictures', () => {
  it('the whole map with the Scenario 1 set-up is a valid palette PNG under 400 KB', () => {
    const pic = renderTacticalMap(map, modelFromScenario(scenario('leuthen-1')));
    expect(pic.png.length).toBeLessThan(400 * 1024);
    const png = decode(pic.png);
    expect([png.width, png.height]).toEqual([pic.width, pic.height]);
    expect(pic.png[25]).toBe(3); // IHDR colour type: indexed
  });

  it('a crop is at most 1,000 px wide whatever width is asked, and shows its centre', () => {
    const pic = renderTacticalMap(map, one, { center: '2806', radius: 3, width: 4000 });
    expect(pic.width).toBeLessThanOrEqual(1000);
    const dflt = renderTacticalMap(map, one, { center: '2806', radius: 3 });
    expect(dflt.width).toBe(800);
    expect(dflt.png.length).toBeLessThan(400 * 1024);
  });

  it('is deterministic: the same model gives the same bytes', () => {
    const a = renderTacticalMap(map, one, { center: '2806', radius: 3 });
    const b = renderTacticalMap(map, one, { center: '2806', radius: 3 });
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('draws a counter only where the model puts one (nothing else reaches the image)', () => {
    const withUnit = decode(renderTacticalMap(map, one, { center: '2806', radius: 2 }).png);
    const without = decode(renderTacticalMap(map, emptyModel('test'), { center: '2806', radius: 2 }).png);
    // the centre hex is the middle of the crop's map area
    const x = withUnit.width / 2 + 6;
    const y = 46 + (withUnit.height - 46) / 2 + 6;
    const p = pixel(withUnit, x, y);
    const q = pixel(without, x, y);
    expect(p).not.toEqual(q);
    // Prussian counters are dark blue
    expect(p[2]).toBeGreaterThan(p[0] + 40);
    // elsewhere the two pictures agree (no trace of anything outside the model)
    expect(pixel(withUnit, 30, withUnit.height - 20)).toEqual(pixel(without, 30, without.height - 20));
  });

  it('Scenario 2: units waiting off the map (entry hexes) are not drawn', () => {
    const s = scenario('leuthen-2');
    const model = modelFromScenario(s);
    const offMap = s.units.filter((u) => u.hex === null).map((u) => u.id);
    expect(offMap.length).toBeGreaterThan(0);
    for (const id of offMap) expect(model.units.find((u) => u.id === id)).toBeUndefined();
  });

  it('the palette encoder round-trips a flat image exactly', () => {
    const w = 7;
    const h = 5;
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) rgba.set(i % 3 === 0 ? [255, 0, 0, 255] : [10, 20, 30, 255], i * 4);
    const png = decode(encodePalettePng(rgba, w, h));
    expect(pixel(png, 0, 0)).toEqual([255, 0, 0]);
    expect(pixel(png, 1, 0)).toEqual([10, 20, 30]);
  });
});

async function quiet(args: string[]): Promise<{ code: number; err: string; out: string }> {
  const errs: string[] = [];
  const outs: string[] = [];
  const e = vi.spyOn(console, 'error').mockImplementation((s: unknown) => void errs.push(String(s)));
  const l = vi.spyOn(console, 'log').mockImplementation((s: unknown) => void outs.push(String(s)));
  try {
    return { code: await battle(args), err: errs.join('\n'), out: outs.join('\n') };
  } finally {
    e.mockRestore();
    l.mockRestore();
  }
}

describe('ftg battle render / battle map render', () => {
  it('writes the base map and a zoomed set-up picture', async () => {
    const base = join(dir, 'base.png');
    expect((await quiet(['map', 'render', '--out', base])).code).toBe(0);
    expect(decode(readFileSync(base)).width).toBe(1000);
    const crop = join(dir, 'crop.png');
    const r = await quiet([
      'render',
      '--scenario',
      'leuthen-1',
      '--as',
      'austria',
      '--center',
      '2104',
      '--radius',
      '4',
      '--out',
      crop,
    ]);
    expect(r.code).toBe(0);
    expect(decode(readFileSync(crop)).width).toBe(800);
  });

  it('draws a saved state from a seat view (--from) and refuses a file that is not a state', async () => {
    const tac = await import('../../src/tactical/index.js');
    tac.useTacticalMap(map);
    const ratings = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../assets/tactical/ratings.json'), 'utf8'),
    );
    const raw = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../scenarios/tactical/leuthen-2.json'), 'utf8'),
    );
    const loaded = tac.parseScenario(raw, ratings);
    if (!loaded.ok) throw new Error(loaded.errors.join('; '));
    const made = tac.setupBattle(loaded.value, map, 3);
    if (!made.ok) throw new Error(made.errors.join('; '));
    const file = join(dir, 'state.json');
    (await import('node:fs')).writeFileSync(file, JSON.stringify(made.state));
    const out = join(dir, 'from.png');
    const r = await quiet(['render', '--from', file, '--as', 'austria', '--out', out]);
    expect(r.code).toBe(0);
    expect(decode(readFileSync(out)).width).toBe(1000);
    const notState = join(dir, 'not-state.json');
    (await import('node:fs')).writeFileSync(notState, '{"hello": 1}');
    expect(await quiet(['render', '--from', notState, '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/not a battle state/),
    });
  });

  it('--los draws lines of fire and refuses one that is not two hexes of the map', async () => {
    const out = join(dir, 'los.png');
    expect(
      (await quiet(['render', '--center', '2805', '--radius', '3', '--los', '2703:3005', '--out', out])).code,
    ).toBe(0);
    expect(await quiet(['render', '--los', '2703-3005', '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--los "2703-3005" is not FROM:TO/),
    });
  });

  it('refuses a bad centre, a crop wider than 1,000 px, a bad side and a broken model, naming the option', async () => {
    const out = join(dir, 'x.png');
    expect(await quiet(['render', '--center', '9999', '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--center "9999" is not a hex/),
    });
    expect(await quiet(['render', '--center', '2104', '--width', '1200', '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--width must be/),
    });
    expect(await quiet(['render', '--as', 'france', '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--as must be prussia, austria/),
    });
    const bad = join(dir, 'bad-model.json');
    (await import('node:fs')).writeFileSync(
      bad,
      JSON.stringify({ ...one, units: [{ ...one.units[0], facing: 7 }] }),
    );
    expect(await quiet(['render', '--model', bad, '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/units\[0\]\.facing/),
    });
    expect(await quiet(['render', '--scenario', 'no-such-battle', '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/cannot read scenario/),
    });
  });
});

describe('docs/tactical.md pictures', () => {
  it('exist, are palette PNGs and stay under 400 KB', () => {
    for (const f of ['tactical-map.png', 'tactical-sagschutz.png']) {
      const buf = readFileSync(join(import.meta.dirname, '../../docs', f));
      expect(buf.length).toBeLessThan(400 * 1024);
      expect(decode(buf).width).toBeLessThanOrEqual(1000);
    }
    const md = readFileSync(join(import.meta.dirname, '../../docs/tactical.md'), 'utf8');
    expect(md).toContain('(tactical-map.png)');
    expect(md).toContain('(tactical-sagschutz.png)');
  });
});

describe('render model from a seat view', () => {
  const view = {
    viewer: 'austria' as const,
    turn: 3,
    lastTurn: 15,
    phase: 'operations',
    units: [
      {
        id: 'a',
        side: 'austria' as const,
        formation: 'colloredo-corps',
        arm: 'infantry' as const,
        cp: 2,
        hex: '2104',
        facing: 3,
        disorganized: true,
        routed: false,
        eliminated: false,
      },
      {
        id: 'b',
        side: 'austria' as const,
        formation: 'colloredo-corps',
        arm: 'artillery' as const,
        cp: 0,
        firePoints: 3,
        hex: '2104',
        facing: 3,
        disorganized: false,
        routed: false,
        eliminated: false,
      },
      {
        id: 'c',
        side: 'prussia' as const,
        formation: 'p-guard',
        arm: 'infantry' as const,
        cp: 0,
        hex: null,
        facing: 0,
        disorganized: false,
        routed: false,
        eliminated: true,
      },
      {
        id: 'd',
        side: 'prussia' as const,
        formation: 'p-guard',
        arm: 'cavalry' as const,
        cp: 1,
        hex: '2107',
        facing: 7,
        disorganized: false,
        routed: true,
        eliminated: false,
      },
    ],
    leaders: [
      {
        id: 'charles',
        side: 'austria' as const,
        name: 'Prince Charles',
        role: 'cinc' as const,
        hex: '2203',
        formation: null,
        eliminated: false,
        outOfCommand: false,
      },
      {
        id: 'col',
        side: 'austria' as const,
        name: 'Colloredo',
        role: 'formation' as const,
        hex: '2004',
        formation: 'colloredo-corps',
        eliminated: false,
        outOfCommand: true,
      },
    ],
    formations: [
      { id: 'colloredo-corps', side: 'austria' as const, name: 'Colloredo', leader: 'col', activated: true },
      { id: 'p-guard', side: 'prussia' as const, name: 'Guard', leader: null, activated: false },
    ],
    breached: ['2004'],
  };

  it('draws only units and leaders the view shows on the map; batteries show fire points', async () => {
    const { modelFromView } = await import('../../src/render/tactical/from-view.js');
    const m = modelFromView(view);
    expect(m.units.map((u) => u.id).sort()).toEqual(['a', 'b', 'd']);
    expect(m.units.find((u) => u.id === 'b')!.strength).toBe(3);
    expect(m.units.find((u) => u.id === 'd')).toMatchObject({ routed: true, facing: 1 });
    expect(m.leaders.find((l) => l.id === 'col')).toMatchObject({ outOfCommand: true, activated: true });
    expect(m.subtitle).toMatch(/Austrian view/);
    expect(m.breached).toEqual(['2004']);
    const pic = renderTacticalMap(map, m, { center: '2104', radius: 3 });
    expect(pic.png.length).toBeLessThan(400 * 1024);
  });
});

describe('Scenario 2 pictures keep the approach hidden', () => {
  it('the Prussian view counts its own units waiting at the entry hexes; the Austrian view shows nothing of them', async () => {
    const tac = await import('../../src/tactical/index.js');
    const { modelFromView } = await import('../../src/render/tactical/from-view.js');
    tac.useTacticalMap(map);
    const ratings = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../assets/tactical/ratings.json'), 'utf8'),
    );
    const raw = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../scenarios/tactical/leuthen-2.json'), 'utf8'),
    );
    const loaded = tac.parseScenario(raw, ratings);
    if (!loaded.ok) throw new Error(loaded.errors.join('; '));
    const made = tac.setupBattle(loaded.value, map, 1);
    if (!made.ok) throw new Error(made.errors.join('; '));
    const offMap = made.state.units.filter((u) => u.side === 'prussia' && u.hex === null).length;
    const pru = modelFromView(tac.view(made.state, 'prussia'));
    expect(pru.waiting?.reduce((n, w) => n + w.count, 0)).toBe(offMap);
    for (const w of pru.waiting ?? []) expect(map.isEdge(w.hex, 'west')).toBe(true);
    const aus = modelFromView(tac.view(made.state, 'austria'));
    expect(aus.waiting).toBeUndefined();
    expect(aus.units.filter((u) => u.side === 'prussia')).toHaveLength(0);
    // and the pictures differ exactly there: an entry hex is drawn differently for the two sides
    const a = decode(renderTacticalMap(map, aus, { center: '1119', radius: 2 }).png);
    const p = decode(renderTacticalMap(map, pru, { center: '1119', radius: 2 }).png);
    expect(a.width).toBe(p.width);
    expect(a.data.equals(p.data)).toBe(false);
  });

  it('a crop against the map edge does not blow hexes up: the image narrows instead', () => {
    const pic = renderTacticalMap(map, emptyModel('edge'), { center: '1119', radius: 2 });
    expect(pic.width).toBeLessThan(800);
  });
});

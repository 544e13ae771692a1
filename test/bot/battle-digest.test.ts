// The battle thread's words and pictures (issue 15): runs of movements fold into one line, combat
// results stay whole, long digests keep the results, crops cover the whole action, and pictures come
// when an activation is over (whole map when a turn begins), never in the middle of one.
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../src/app/engine-port.js';
import { cropAround, digestLines, fitLines, pictureFor, titleFor } from '../../src/bot/battle/digest.js';
import { distance } from '../../src/tactical/hex.js';
import type { TacView } from '../../src/tactical/view.js';

const ev = (type: string, text: string, extra: Record<string, unknown> = {}): EngineEvent =>
  ({ type, text, visibility: 'public', ...extra }) as EngineEvent;

const view = {
  units: [
    { id: 'u1', name: 'Grenadiers', side: 'prussia', formation: 'forcade-corps' },
    { id: 'u2', name: 'Dragoons', side: 'prussia', formation: 'forcade-corps' },
  ],
  leaders: [],
  formations: [{ id: 'forcade-corps', name: 'Forcade infantry corps', side: 'prussia' }],
  activation: null,
  over: null,
} as unknown as TacView;

describe('battle digest', () => {
  it('folds a run of movements into one line per run, each unit once from its first hex to its last', () => {
    const lines = digestLines(
      [
        ev('activated', 'prussia activates forcade-corps.'),
        ev('move', 'u1 moves', { unit: 'u1', from: '1203', to: '1204' }),
        ev('move', 'u1 moves', { unit: 'u1', from: '1204', to: '1205' }),
        ev('face', 'u1 turns', { unit: 'u1', facing: 2 }),
        ev('move', 'u2 moves', { unit: 'u2', from: '1303', to: '1304' }),
        ev('prompt', 'austria decides: retreat'),
        ev('shock', 'Shock: Grenadiers (3) against X (2): 3:2, d6 4: attacker -, defender R (11.3-11.5).'),
        ev('hidden', 'secret', { visibility: { seats: ['austria'] } }),
      ],
      view,
    );
    expect(lines).toEqual([
      'Prussia activates Forcade infantry corps.',
      '↪ Grenadiers 1203→1205, turned; Dragoons 1303→1304',
      'Shock: Grenadiers (3) against X (2): 3:2, d6 4: attacker -, defender R (11.3-11.5).',
    ]);
  });

  it('fits long digests by dropping movement lines first, then the oldest, and says so', () => {
    const lines = [
      `↪ ${'a 0101→0102; '.repeat(4)}`,
      'Fire result one',
      `↪ ${'b 0201→0202; '.repeat(4)}`,
      'Shock result two',
    ];
    expect(fitLines(lines, 1000)).toBe(lines.join('\n'));
    const fitted = fitLines(lines, 100);
    expect(fitted).toMatch(/^… 2 earlier lines left out/);
    expect(fitted).toContain('Fire result one');
    expect(fitted).toContain('Shock result two');
    expect(fitted.length).toBeLessThanOrEqual(100);
  });

  it('crops around every hex of the action', () => {
    const hexes = ['1203', '1208', '1505'];
    const c = cropAround(hexes)!;
    for (const h of hexes) expect(distance(h, c.center)).toBeLessThanOrEqual(c.radius);
    expect(cropAround(['1203'])).toEqual({ center: '1203', radius: 3 });
    expect(cropAround([])).toBeUndefined();
  });

  it('pictures: whole map at a turn, a crop when an activation ended with action, none mid-activation', () => {
    const moved = [ev('move', 'm', { unit: 'u1', from: '1203', to: '1204' })];
    expect(pictureFor([ev('turn', 'Turn 2 of 15.')], view, false)).toBe('map');
    expect(pictureFor([...moved, ev('activation-end', 'done')], view, false)).toBe('crop');
    const active = { ...view, activation: { side: 'prussia', formations: ['forcade-corps'] } } as TacView;
    expect(pictureFor(moved, active, true)).toBeNull();
    expect(pictureFor([ev('activation-end', 'done')], active, true)).toBe('crop');
    expect(pictureFor([ev('activation-end', 'done')], view, false)).toBeNull();
  });

  it('titles a message by the activations it closes, else by the decision awaited', () => {
    const end = (formations: string[]) => ev('activation-end', 'x', { side: 'prussia', formations });
    expect(titleFor([end(['forcade-corps'])], view)).toBe('Activation over: Forcade infantry corps');
    expect(titleFor([end(['forcade-corps']), end(['zieten'])], view)).toBe(
      'Activations over: Forcade infantry corps, zieten',
    );
    const asked = { ...view, prompt: { side: 'austria', kind: 'retreat', text: 't' } } as TacView;
    expect(titleFor([], asked)).toBe('Austria decides: retreat');
    expect(titleFor([], view)).toBe('Battle update');
  });
});

// The order preview's map draws the planned path: the bot passes it to the renderer as a march
// arrow (the render API's lastMoves), start hex first.
import { describe, expect, it } from 'vitest';
import { engine } from '../../src/app/engine-adapter.js';
import { createMapRenderer, createThreadedMapRenderer, warmMapRenderer } from '../../src/bot/map-renderer.js';
import { plannedMove } from '../../src/bot/orders.js';

describe('preview path', () => {
  const state = engine.setup('1757', 7, {});
  const prussia = engine.view(state, 'prussia') as {
    hexes: Array<{ hex: string; stacks: Array<{ leaders: Array<{ id: string }> }> }>;
  };
  const start = prussia.hexes.find((h) => h.stacks.some((st) => st.leaders.some((l) => l.id === 'frederick')))
    ?.hex as string;

  it("5.0: a march's path starts at the leader's hex in the seat's own view", () => {
    expect(start).toMatch(/^\d{4}$/);
    const move = plannedMove(prussia, 'prussia', {
      type: 'march',
      leader: 'frederick',
      path: ['1622', '1522'],
    });
    expect(move).toEqual({ nationality: 'prussia', path: [start, '1622', '1522'] });
    // A leader the view does not show gives no arrow (nothing is guessed).
    expect(plannedMove(prussia, 'prussia', { type: 'march', leader: 'nobody', path: ['1622'] })).toBeNull();
  });

  it('9.5: a retreat is drawn from its hex to its destination; into the fortress, no arrow', () => {
    expect(plannedMove(prussia, 'austria', { type: 'combat-retreat', hex: '1528', to: '1428' })).toEqual({
      nationality: 'austria',
      path: ['1528', '1428'],
    });
    expect(
      plannedMove(prussia, 'austria', { type: 'combat-retreat', hex: '1528', to: 'fortress' }),
    ).toBeNull();
  });

  it('#19.1: the picture thread draws exactly what the in-process renderer draws', async () => {
    const threaded = await createThreadedMapRenderer();
    try {
      const options = { zoom: '1622', move: { nationality: 'prussia', path: [start, '1622', '1522'] } };
      const [a, b] = await Promise.all([threaded(prussia, options), createMapRenderer()(prussia, options)]);
      expect(a).toBeInstanceOf(Buffer);
      expect(Buffer.compare(a as Buffer, b as Buffer)).toBe(0);
      expect(await threaded({ not: 'a view' }, {})).toBeNull();
    } finally {
      await threaded.close();
    }
  });

  it('#19.1: the start-up warm-up draws a whole map and a zoom (the base layers are then cached)', async () => {
    const warm = await warmMapRenderer(createMapRenderer(), prussia);
    expect(warm.bytes.every((b) => b > 0)).toBe(true);
  });

  it('the map renderer draws the planned path: the picture differs from the same view without it', async () => {
    const render = createMapRenderer();
    const plain = await render(prussia, { zoom: '1622' });
    const withPath = await render(prussia, {
      zoom: '1622',
      move: { nationality: 'prussia', path: [start, '1622', '1522'] },
    });
    const single = await render(prussia, { zoom: '1622', move: { nationality: 'prussia', path: [start] } });
    expect(plain).toBeInstanceOf(Buffer);
    expect(withPath).toBeInstanceOf(Buffer);
    expect(Buffer.compare(plain as Buffer, withPath as Buffer)).not.toBe(0);
    // A one-hex "path" has nothing to draw.
    expect(Buffer.compare(plain as Buffer, single as Buffer)).toBe(0);
  }, 60_000);
});

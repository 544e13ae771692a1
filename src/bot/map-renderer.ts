// The bot's map pictures: the renderer (src/render) draws a View, never raw state. The base layer
// (the committed map) is built once, on first use. A view the renderer cannot read (not the
// engine's View shape) gives no picture rather than an error: the embed still carries the text.
import type { Nationality } from '../engine/types.js';
import type { MapRenderer } from './types.js';

export function createMapRenderer(): MapRenderer {
  let base:
    | Promise<{
        draw: (
          view: unknown,
          centre?: string,
          move?: { nationality: string; path: string[] },
        ) => Buffer | null;
      }>
    | undefined;
  const load = async () => {
    const [{ loadMap }, { campaignBase }, { viewPng }] = await Promise.all([
      import('../map/strategic-map.js'),
      import('../render/campaign-base.js'),
      import('../render/game-picture.js'),
    ]);
    const layer = campaignBase(loadMap());
    return {
      draw(view: unknown, centre?: string, move?: { nationality: string; path: string[] }): Buffer | null {
        const v = view as Parameters<typeof viewPng>[0];
        if (!v || !Array.isArray((v as { hexes?: unknown }).hexes)) return null;
        // A planned move is drawn with the renderer's march arrows (the view's lastMoves).
        const shown =
          move && move.path.length >= 2
            ? { ...v, lastMoves: [{ nationality: move.nationality as Nationality, path: [...move.path] }] }
            : v;
        const r = viewPng(shown, layer, centre ? { centre, radius: 4 } : {});
        return r.ok ? r.png : null;
      },
    };
  };
  return async (view, options) => {
    base ??= load();
    const b = await base;
    return b.draw(view, options.zoom, options.move);
  };
}

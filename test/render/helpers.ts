// Helpers for the render tests: the committed map behind the engine, a game state per scenario,
// and a spy that records every string drawn on a canvas context.
import type { CanvasRenderingContext2D } from 'canvas';
import { setup, useMap, view } from '../../src/engine/index.js';
import type { GameState, ScenarioId, Seat } from '../../src/engine/types.js';
import type { View } from '../../src/engine/view.js';
import { loadMap } from '../../src/map/strategic-map.js';
import type { BaseLayer } from '../../src/render/base-layer.js';
import { campaignBase } from '../../src/render/campaign-base.js';

export const map = loadMap();
useMap(map);

let base: BaseLayer | undefined;
export function theBase(): BaseLayer {
  base ??= campaignBase(map);
  return base;
}

export function game(id: ScenarioId, seed = 1): GameState {
  return setup(id, seed, { map });
}

export function viewOf(state: GameState, viewer: Seat | 'public'): View {
  return view(state, viewer, [], map);
}

/**
 * Record every string passed to fillText/strokeText on any 2D context while `fn` runs (the
 * prototype is wrapped, so contexts created inside the renderer are covered too).
 */
export async function drawnText<T>(fn: () => T | Promise<T>): Promise<{ result: T; texts: string[] }> {
  const { CanvasRenderingContext2D: Ctx } = await import('canvas');
  const proto = (Ctx as unknown as { prototype: CanvasRenderingContext2D }).prototype;
  const fill = proto.fillText;
  const stroke = proto.strokeText;
  const texts: string[] = [];
  proto.fillText = function (this: CanvasRenderingContext2D, t: string, x: number, y: number, w?: number) {
    texts.push(String(t));
    return w === undefined ? fill.call(this, t, x, y) : fill.call(this, t, x, y, w);
  };
  proto.strokeText = function (this: CanvasRenderingContext2D, t: string, x: number, y: number, w?: number) {
    texts.push(String(t));
    return w === undefined ? stroke.call(this, t, x, y) : stroke.call(this, t, x, y, w);
  };
  try {
    const result = await fn();
    return { result, texts };
  } finally {
    proto.fillText = fill;
    proto.strokeText = stroke;
  }
}

/** PNG signature, IHDR width and height. */
export function pngInfo(buf: Buffer): { signature: boolean; width: number; height: number } {
  const sig = buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { signature: sig, width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

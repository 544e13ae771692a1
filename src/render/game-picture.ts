// From a game to PNG bytes: view(state, seat) -> MapPicture -> canvas -> PNG. The renderer
// receives the engine's `view` function from its caller (the CLI or the game service), so
// src/render itself imports only engine types (layer guard).
import type { GameEvent, GameState, HexId, Seat } from '../engine/types.js';
import type { View } from '../engine/view.js';
import type { BaseLayer } from './base-layer.js';
import { pictureFromView, type ViewExtras } from './from-view.js';
import type { MapPicture } from './model.js';
import { renderPicture, toPng } from './render-map.js';

export type ViewFn = (state: GameState, viewer: Seat | 'public', events?: readonly GameEvent[]) => View;

export interface PngOptions {
  centre?: HexId;
  radius?: number;
  scale?: number;
  supply?: boolean;
}

export type PngResult =
  | { ok: true; png: Buffer; width: number; height: number; picture: MapPicture }
  | { ok: false; error: string };

/** Render one viewer's picture of a View to PNG bytes. */
export function viewPng(v: View & ViewExtras, base: BaseLayer, opts: PngOptions = {}): PngResult {
  const picture = pictureFromView(v);
  const r = renderPicture(picture, {
    base,
    ...(opts.centre !== undefined ? { centre: opts.centre } : {}),
    ...(opts.radius !== undefined ? { radius: opts.radius } : {}),
    ...(opts.scale !== undefined ? { scale: opts.scale } : {}),
    ...(opts.supply !== undefined ? { supply: opts.supply } : {}),
  });
  if (!r.ok) return r;
  return { ok: true, png: toPng(r.canvas), width: r.width, height: r.height, picture };
}

/**
 * A battle inset for reports (9.0): a small crop around the battle hex with a caption instead of
 * the banner. Drawn from the viewer's View like every picture: before the battle is committed the
 * enemy strength stays "?", after it the view opens it.
 */
export function battleInsetPng(
  v: View & ViewExtras,
  base: BaseLayer,
  hex: HexId,
  caption?: string,
): PngResult {
  const picture = pictureFromView(v);
  const name = base.fortressName(hex);
  const r = renderPicture(picture, {
    base,
    centre: hex,
    radius: 2,
    legend: false,
    caption: caption ?? `Battle at ${name ? `${name} (${hex})` : hex} · Turn ${picture.turn}`,
  });
  if (!r.ok) return r;
  return { ok: true, png: toPng(r.canvas), width: r.width, height: r.height, picture };
}

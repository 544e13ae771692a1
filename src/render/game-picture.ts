// From a View to PNG bytes: View -> MapPicture -> canvas -> PNG. The caller (the CLI, the game
// service) builds the View with the engine's view(state, seat); src/render itself imports only
// engine types (layer guard).
import type { HexId, View } from '../engine/index.js';
import type { BaseLayer } from './base-layer.js';
import { pictureFromView, type ViewExtras } from './from-view.js';
import type { MapPicture } from './model.js';
import { renderPicture, toPng } from './render-map.js';

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

export type CentreResult = { ok: true; hex: HexId; what: string } | { ok: false; error: string };

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * What `--center` names: a hex "RRCC", a force by its leader (id or name, only among the leaders
 * this view shows, so an enemy leader hidden from the viewer cannot be found), or a place name.
 */
export function resolveCentre(v: View, base: BaseLayer, text: string): CentreResult {
  if (/^\d{4}$/.test(text)) return { ok: true, hex: text, what: `hex ${text}` };
  const want = fold(text);
  if (want === '') return { ok: false, error: '--center is empty' };
  for (const h of v.hexes)
    for (const st of h.stacks)
      for (const l of st.leaders)
        if (fold(l.id) === want || fold(l.name) === want)
          return { ok: true, hex: h.hex, what: `${l.name}'s force` };
  const place = base.hexByName?.(text);
  if (place) return { ok: true, hex: place, what: text };
  return {
    ok: false,
    error: `--center "${text}" is neither a hex RRCC, a leader this view shows, nor a place on the map`,
  };
}

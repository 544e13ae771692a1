// The bot's map pictures: the renderer (src/render) draws a View, never raw state. The base layer
// (the committed map) is built once, on first use. A view the renderer cannot read (not the
// engine's View shape) gives no picture rather than an error: the embed still carries the text.
//
// Pictures are for phones (issue 18.10): every file stays under 400 KB. A crop (a zoom on a hex)
// is a PNG (sharp text, ~300 KB); the whole map is drawn at a smaller scale and sent as a JPEG
// (a PNG of the textured map is over 1 MB). pictureName() names the file by what it holds.
import type { Nationality } from '../app/engine-types.js';
import { type BattlePictures, inlineBattlePictures } from './battle/pictures.js';
import type { RenderRequest } from './render-thread.js';
import type { MapRenderer } from './types.js';

/** Discord and phones: no picture above this many bytes. */
export const MAX_PICTURE_BYTES = 400_000;
/** Pixels per hex size of the whole map (the CLI's full scale is 24; 20 keeps it under the budget). */
const WHOLE_SCALE = 20;

/** The attachment name for a picture: `.jpg` for JPEG bytes, `.png` otherwise. */
export function pictureName(base: string, data: Buffer): string {
  return `${base}.${data[0] === 0xff && data[1] === 0xd8 ? 'jpg' : 'png'}`;
}

interface Encodable {
  toBuffer(type: 'image/png', o?: { compressionLevel?: number }): Buffer;
  toBuffer(type: 'image/jpeg', o?: { quality?: number }): Buffer;
}

/** PNG when it fits the budget, else JPEG at the best quality that fits. */
function encode(canvas: Encodable, preferJpeg: boolean): Buffer {
  if (!preferJpeg) {
    const png = canvas.toBuffer('image/png', { compressionLevel: 6 });
    if (png.length <= MAX_PICTURE_BYTES) return png;
  }
  let jpg = canvas.toBuffer('image/jpeg', { quality: 0.8 });
  for (const q of [0.7, 0.6, 0.5]) {
    if (jpg.length <= MAX_PICTURE_BYTES) break;
    jpg = canvas.toBuffer('image/jpeg', { quality: q });
  }
  return jpg;
}

export function createMapRenderer(): MapRenderer {
  let base:
    | Promise<{
        draw: (
          view: unknown,
          o: { centre?: string; radius?: number; moves?: Array<{ nationality: string; path: string[] }> },
        ) => Buffer | null;
      }>
    | undefined;
  const load = async () => {
    const [{ loadMap }, { campaignBase }, { pictureFromView }, { renderPicture }] = await Promise.all([
      import('../map/strategic-map.js'),
      import('../render/campaign-base.js'),
      import('../render/from-view.js'),
      import('../render/render-map.js'),
    ]);
    const layer = campaignBase(loadMap());
    return {
      draw(
        view: unknown,
        o: { centre?: string; radius?: number; moves?: Array<{ nationality: string; path: string[] }> },
      ) {
        const v = view as Parameters<typeof pictureFromView>[0];
        if (!v || !Array.isArray((v as { hexes?: unknown }).hexes)) return null;
        // Planned moves (an order's path, the retreat choices) are drawn with the renderer's march
        // arrows (the view's lastMoves).
        const moves = (o.moves ?? []).filter((m) => m.path.length >= 2);
        const shown = moves.length
          ? {
              ...v,
              lastMoves: moves.map((m) => ({ nationality: m.nationality as Nationality, path: [...m.path] })),
            }
          : v;
        const r = renderPicture(
          pictureFromView(shown),
          o.centre
            ? { base: layer, centre: o.centre, radius: o.radius ?? 4 }
            : { base: layer, scale: WHOLE_SCALE },
        );
        if (!r.ok) return null;
        return encode(r.canvas as unknown as Encodable, !o.centre);
      },
    };
  };
  return async (view, options) => {
    base ??= load();
    const b = await base;
    return b.draw(view, {
      ...(options.zoom ? { centre: options.zoom } : {}),
      ...(options.radius ? { radius: options.radius } : {}),
      ...(options.move || options.moves
        ? { moves: [...(options.move ? [options.move] : []), ...(options.moves ?? [])] }
        : {}),
    });
  };
}

/**
 * The same renderer in a worker thread (render-thread.ts), so drawing never blocks the event loop
 * that answers interactions (#19.1). canvas is loaded here first: its native module must be
 * initialised by the main thread before a worker uses it.
 */
export async function createThreadedMapRenderer(): Promise<
  MapRenderer & { close(): Promise<void>; battle: BattlePictures }
> {
  await import('canvas');
  const { startModuleWorker } = await import('../app/thread-runner.js');
  const worker = startModuleWorker(new URL('./render-thread.ts', import.meta.url), null);
  let seq = 0;
  const waiting = new Map<number, { resolve: (b: Buffer | null) => void; reject: (e: Error) => void }>();
  let failed: Error | null = null;
  const failAll = (e: Error) => {
    failed = e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (m: { id: number; png?: Uint8Array | null; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (!w) return;
    if (m.error !== undefined) w.reject(new Error(m.error));
    else w.resolve(m.png ? Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength) : null);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the picture thread exited (${code})`)));
  const ask = (request: Omit<RenderRequest, 'id'>) =>
    new Promise<Buffer | null>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  const render = ((view, options) => ask({ view, options })) as MapRenderer & {
    close(): Promise<void>;
    battle: BattlePictures;
  };
  // A battle picture the thread cannot draw (a campaign battle's generated field is registered only
  // in the thread that built it) is drawn here instead.
  render.battle = (view, options) =>
    ask({ kind: 'battle', view, options }).catch(() => inlineBattlePictures(view, options));
  render.close = async () => {
    await worker.terminate();
  };
  return render;
}

/**
 * Warm the renderer at start-up (#19.1): load the map, build the cached base layers and draw one
 * whole-map and one zoomed picture of `v` (a public view of a set-up position), so the first
 * player's picture does not pay for it. Returns the time taken and the picture sizes (0 = none).
 */
export async function warmMapRenderer(
  render: MapRenderer,
  v: unknown,
): Promise<{ ms: number; bytes: number[] }> {
  const started = performance.now();
  const whole = await render(v, {});
  const zoom = await render(v, { zoom: '1730', radius: 4 });
  return {
    ms: Math.round(performance.now() - started),
    bytes: [whole?.length ?? 0, zoom?.length ?? 0],
  };
}

/**
 * The centre of a seat's own front for its DM picture: the hex of its largest own force (SP
 * outside and inside), read from its own view; null when it has no force on the map.
 */
export function frontHex(view: unknown, seat: string): string | null {
  const v = view as {
    hexes?: Array<{ hex: string; stacks: Array<{ sp?: Record<string, { out: number; in: number }> }> }>;
  } | null;
  let best: { hex: string; sp: number } | null = null;
  for (const h of v?.hexes ?? [])
    for (const st of h.stacks) {
      const own = st.sp?.[seat];
      if (!own) continue;
      const sp = own.out + own.in;
      if (!best || sp > best.sp) best = { hex: h.hex, sp };
    }
  return best?.hex ?? null;
}

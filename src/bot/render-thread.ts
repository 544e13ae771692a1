// The picture thread (#19.1): the bot's map pictures are drawn in a worker thread so a render
// (tens of milliseconds, hundreds for the first) never holds up interactions. The thread runs the
// ordinary renderer (map-renderer.ts) and answers each request with the PNG bytes.
import { parentPort } from 'node:worker_threads';
import { createMapRenderer } from './map-renderer.js';
import type { MapRenderer } from './types.js';

export type RenderRequest = { id: number; view: unknown; options: Parameters<MapRenderer>[1] };
export type RenderAnswer = { id: number; png: Uint8Array | null } | { id: number; error: string };

const port = parentPort;
if (port) {
  const render = createMapRenderer();
  port.on('message', (m: RenderRequest) => {
    render(m.view, m.options).then(
      (png) => {
        const bytes = png ? new Uint8Array(png.buffer, png.byteOffset, png.byteLength).slice() : null;
        port.postMessage({ id: m.id, png: bytes } satisfies RenderAnswer, bytes ? [bytes.buffer] : []);
      },
      (e: unknown) =>
        port.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) } satisfies RenderAnswer),
    );
  });
}

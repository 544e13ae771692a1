// The picture thread (#19.1): the bot's map pictures are drawn in a worker thread so a render
// (tens of milliseconds, hundreds for the first) never holds up interactions. The thread runs the
// ordinary renderer (map-renderer.ts), or for a Leuthen battle (issue 15) the tactical picture
// (battle/present.ts), and answers each request with the PNG bytes.
import { parentPort } from 'node:worker_threads';
import type { TacView } from '../app/battle-types.js';
import type { BattlePictureOptions } from './battle/pictures.js';
import { battlePicture } from './battle/present.js';
import { createMapRenderer } from './map-renderer.js';
import type { MapRenderer } from './types.js';

export type RenderRequest =
  | { id: number; kind?: 'campaign'; view: unknown; options: Parameters<MapRenderer>[1] }
  | { id: number; kind: 'battle'; view: unknown; options: BattlePictureOptions };
export type RenderAnswer = { id: number; png: Uint8Array | null } | { id: number; error: string };

const port = parentPort;
if (port) {
  const render = createMapRenderer();
  port.on('message', (m: RenderRequest) => {
    const drawn =
      m.kind === 'battle'
        ? new Promise<Buffer | null>((resolve) => resolve(battlePicture(m.view as TacView, m.options)))
        : render(m.view, m.options);
    drawn.then(
      (png) => {
        const bytes = png ? new Uint8Array(png.buffer, png.byteOffset, png.byteLength).slice() : null;
        port.postMessage({ id: m.id, png: bytes } satisfies RenderAnswer, bytes ? [bytes.buffer] : []);
      },
      (e: unknown) =>
        port.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) } satisfies RenderAnswer),
    );
  });
}

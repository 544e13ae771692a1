// What a compute worker does with a job (issue 19.5): an autopilot decision through the service's
// engine port (routed by the state's kind: campaign or battle) and a map picture through the bot's
// renderer. Everything comes from the job's data; nothing is read from a database or a game store.
import { engine } from '../app/engines.js';
import { createMapRenderer } from '../bot/map-renderer.js';
import type { MapRenderer } from '../bot/types.js';
import type { ComputeAnswer, ComputeHandler, ComputeJob } from '../queue/compute.js';

export function createComputeHandler(worker: string): ComputeHandler {
  let render: MapRenderer | undefined;
  return async (job: ComputeJob): Promise<ComputeAnswer> => {
    if (job.kind === 'decide') {
      if (!engine.autopilot) throw new Error('the engine has no autopilot');
      return { kind: 'decide', action: engine.autopilot(job.state as never, job.seat, job.level), worker };
    }
    render ??= createMapRenderer();
    const png = await render(job.view, job.options as Parameters<MapRenderer>[1]);
    return { kind: 'render', image: png ? png.toString('base64') : null, worker };
  };
}

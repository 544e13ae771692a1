// Checks an order against the current state without committing it, for the preview: asked of the
// service (CampaignService.preview, src/app/preview.ts), which answers with only what the acting
// seat may see; the bot never runs the engine itself.
import type { Action } from '../app/engine-port.js';
import type { Preview } from '../app/preview.js';
import type { BotDeps } from './types.js';

export type { MpStep } from '../app/preview.js';
export type DryRun = Preview;

export interface Sequence {
  /** Orders applied before the main one (e.g. leaving a fortress, 12.21). */
  before?: Action[];
  /** Orders applied after it (e.g. entering the fortress at the end of a march). */
  after?: Action[];
}

export function dryRun(
  deps: Pick<BotDeps, 'service'>,
  gameId: string,
  seat: string,
  userId: string,
  action: Action,
  sequence: Sequence = {},
): DryRun {
  return deps.service.preview({
    gameId,
    seat,
    userId,
    action,
    ...(sequence.before ? { before: sequence.before } : {}),
    ...(sequence.after ? { after: sequence.after } : {}),
  });
}

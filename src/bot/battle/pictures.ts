// How the bot gets a battle picture (issue 15): through a BattlePictures function, so the drawing
// (a whole map takes 150-300 ms of CPU, a crop 20-80 ms) runs in the picture thread
// (render-thread.ts) and never on the event loop that acknowledges interactions. `inlineBattlePictures`
// draws in the calling thread: tests, and the fallback when the picture thread cannot draw (a
// campaign battle's generated field is known only to the thread that built it).
import type { TacView } from '../../app/battle-types.js';
import { battlePicture } from './present.js';

export type BattlePictureOptions = Parameters<typeof battlePicture>[1];
export type BattlePictures = (view: TacView, options: BattlePictureOptions) => Promise<Buffer | null>;

export const inlineBattlePictures: BattlePictures = async (view, options) => battlePicture(view, options);

// The side a nationality plays for when the scenario says nothing else (the engine's DEFAULT_SIDE,
// its one table), for the bot, which does not import the engine. A game's own sides come from its
// views (1762: Russia changes sides).
import { DEFAULT_SIDE, type Side } from '../engine/index.js';

export type { Side };

export function defaultSideOf(seat: string): Side | undefined {
  return (DEFAULT_SIDE as Readonly<Record<string, Side>>)[seat];
}

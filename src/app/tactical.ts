// Campaign battles on the tactical map (issue #16) in the host application: the one function that
// registers the Leuthen host with the strategic engine (the engine never imports src/tactical).
// src/app/engines.ts calls it, so everything that runs the real engines (`ftg bot`, workers, the
// job thread, `ftg replay`, `ftg play`, `ftg demo`) offers tactical battles. The campaign's
// setting itself is in tactical-settings.ts.
import { useTacticalHost } from '../engine/index.js';
import { tacticalHostImpl } from '../tactical/bridge/host.js';

/** Registers the tactical host (idempotent; one host for the process, battles live in game states). */
export function registerTacticalBattles(): void {
  useTacticalHost(tacticalHostImpl);
}

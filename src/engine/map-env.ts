// Which StrategicMap the engine consults. The game state is plain JSON and does not hold the map;
// the engine reads the map registered here (by default the committed map, via src/map), and tests
// may register a small synthetic map with `useMap`.
import { loadMap } from '../map/strategic-map.js';
import type { StrategicMap } from '../map/types.js';

let current: StrategicMap | undefined;
let defaultLoader: () => StrategicMap = loadMap;

/** Register the map the engine uses (tests, CLI, game service). */
export function useMap(map: StrategicMap): void {
  current = map;
}

/** Register a lazy loader for the default map (called once on first use). */
export function setDefaultMapLoader(loader: () => StrategicMap): void {
  defaultLoader = loader;
}

export function engineMap(): StrategicMap {
  if (!current) current = defaultLoader();
  return current;
}

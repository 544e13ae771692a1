// Board positions for tests, kept in test/autopilot/positions/<name>.json (src/autopilot/position.ts):
// a game's scenario, seed and action log up to a cut, which the engine replays without asking any
// autopilot. Record one with `npx ftg demo --scenario S --seed N --level ... --cut TURN:PHASE[:SEAT]
// --position test/autopilot/positions/NAME.json` (or `recordPosition` for a cut no flag can name),
// then build the test on `loadPosition(NAME)`: the position stays put when the autopilot changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Position, parsePosition } from '../../src/autopilot/position.js';

export const POSITIONS_DIR = join(import.meta.dirname, '../autopilot/positions');

export function loadPosition(name: string): Position {
  const file = join(POSITIONS_DIR, `${name}.json`);
  const p = parsePosition(JSON.parse(readFileSync(file, 'utf8')));
  if (!p.ok) throw new Error(`${file}: ${p.message}`);
  return p.value;
}

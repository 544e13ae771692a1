// `ftg play --scenario 1757|PATH --seed N [--dice 4,2,6] --actions FILE.jsonl [--as SEAT] [--out DIR]`
// applies a script of actions (one JSON `{ "seat": ..., "action": {...} }` per line), prints the
// events and the resulting view; a refused action prints its RuleError and exits 1.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clip } from '../../app/result.js';
import {
  apply,
  eventsFor,
  type GameEvent,
  isNationality,
  type Seat,
  setup,
  view,
} from '../../engine/index.js';
import { parseCommandArgs } from '../options.js';
import { parseDice, parseSeed, resolveScenario } from '../scenario-arg.js';

export const summary = 'Apply a JSONL script of actions to a scenario and print the events and the view';

const HELP = `Usage: ftg play --scenario 1757|PATH [--seed N] [--dice 4,2,6] --actions FILE.jsonl [--as SEAT] [--out DIR]
  Each line of FILE is {"seat": "prussia", "action": {"type": "done"}}.
  --as SEAT   print the events and view that seat sees (default: public)
  --out DIR   also write state.json, view.json and events.jsonl there`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('play', HELP, {
    args,
    options: {
      scenario: { type: 'string' },
      seed: { type: 'string' },
      dice: { type: 'string' },
      actions: { type: 'string' },
      as: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const values: Record<string, string | boolean | undefined> = parsed.values;
  const sc = resolveScenario(values.scenario as string | undefined);
  if (!sc.ok) {
    console.error(`ftg play: ${sc.error}`);
    return 2;
  }
  const dice = parseDice(values.dice as string | undefined);
  if (!dice.ok) {
    console.error(`ftg play: ${dice.error}`);
    return 2;
  }
  const as = (values.as as string | undefined) ?? 'public';
  if (as !== 'public' && !isNationality(as)) {
    console.error(
      `ftg play: --as takes a seat (prussia, hanover, austria, france, russia, sweden, empire) or public`,
    );
    return 2;
  }
  const viewer = as as Seat | 'public';
  let state: ReturnType<typeof setup>;
  try {
    state = setup(sc.value, parseSeed(values.seed as string | undefined), { dice: dice.value });
  } catch (e) {
    // A scenario file that passes the schema but not the map (an unknown hex, a leader twice).
    console.error(`ftg play: ${clip((e as Error).message, 300)}`);
    return 2;
  }
  const all: GameEvent[] = [];
  let lines: string[] = [];
  if (values.actions) {
    try {
      lines = readFileSync(values.actions as string, 'utf8').split('\n');
    } catch (e) {
      console.error(`ftg play: cannot read ${values.actions}: ${(e as Error).message}`);
      return 2;
    }
  }
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    let entry: { seat?: unknown; action?: unknown };
    try {
      entry = JSON.parse(line);
    } catch (e) {
      console.error(`line ${i + 1}: not JSON: ${clip((e as Error).message, 120)}`);
      return 1;
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      console.error(`line ${i + 1}: expected an object {"seat": ..., "action": {...}}, not ${clip(line)}`);
      return 1;
    }
    const r = apply(state, entry.seat as Seat, entry.action);
    if (!r.ok) {
      console.error(`line ${i + 1}: refused [${r.error.rule}] ${r.error.code}: ${r.error.message}`);
      return 1;
    }
    state = r.state;
    for (const e of eventsFor(r.events, viewer, state.seatSide)) console.log(`[${e.kind}] ${e.text}`);
    all.push(...r.events);
  }
  const v = view(state, viewer);
  console.log(JSON.stringify(v, null, 2));
  if (values.out) {
    const dir = values.out as string;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'state.json'), `${JSON.stringify(state, null, 2)}\n`);
    writeFileSync(join(dir, 'view.json'), `${JSON.stringify(v, null, 2)}\n`);
    writeFileSync(
      join(dir, 'events.jsonl'),
      eventsFor(all, viewer, state.seatSide)
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
  }
  return 0;
}

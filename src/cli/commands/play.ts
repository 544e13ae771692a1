// `ftg play --scenario 1757|PATH --seed N [--dice 4,2,6] --actions FILE.jsonl [--as SEAT] [--out DIR]`
// applies a script of actions (one JSON `{ "seat": ..., "action": {...} }` per line), prints the
// events and the resulting view; a refused action prints its RuleError and exits 1 (with
// --keep-going: reported, skipped, exit 1 at the end). `--from STATE.json` continues a saved game
// (the state.json that --out writes) instead of setting up a scenario; `--until PHASE` stops once
// the game reaches that phase (`7:combat`: of Game-Turn 7).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clip } from '../../app/result.js';
import { registerTacticalBattles } from '../../app/tactical.js';
import {
  apply,
  eventsFor,
  GAME_TURN_PHASES,
  type GameEvent,
  type GameState,
  isNationality,
  type PhaseName,
  type Seat,
  setup,
  view,
} from '../../engine/index.js';
import { drive } from '../../kernel/index.js';
import { parseCommandArgs } from '../options.js';
import { parseDice, parseSeed, resolveScenario } from '../scenario-arg.js';

export const summary = 'Apply a JSONL script of actions to a scenario and print the events and the view';

const PHASES = GAME_TURN_PHASES;

const HELP = `Usage: ftg play (--scenario 1757|PATH [--seed N] | --from STATE.json) [--dice 4,2,6] --actions FILE.jsonl
                [--as SEAT] [--out DIR] [--keep-going] [--until [TURN:]PHASE] [--tactical MODE]
  Each line of FILE is {"seat": "prussia", "action": {"type": "done"}}.
  --from FILE     continue a saved game (the state.json --out writes) instead of a scenario
  --dice 4,2,6    the next die rolls (with --from: replace the saved forced rolls)
  --as SEAT       print the events and view that seat sees (default: public)
  --out DIR       also write state.json, view.json and events.jsonl there
  --keep-going    report a refused line and go on with the next (exit code 1 at the end)
  --tactical MODE off|offer|always: battles fought out on the tactical map (issue #16; default off;
                  orders are {"type":"combat-tactical-order","hex":..,"as":..,"order":{..}})
  --until PHASE   stop once the game reaches PHASE (${PHASES.join(', ')}); 7:combat = Game-Turn 7's`;

/** `PHASE` or `TURN:PHASE` for --until; undefined when absent, an error message when bad. */
function parseUntil(v: string | undefined): { turn?: number; phase: PhaseName } | string | undefined {
  if (v === undefined) return undefined;
  const m = /^(?:(\d{1,2}):)?([a-z-]+)$/.exec(v);
  const phase = m?.[2] as PhaseName | undefined;
  if (!m || !phase || !PHASES.includes(phase))
    return `--until takes a phase (${PHASES.join(', ')}), optionally after a turn (7:combat), not ${clip(v, 40)}`;
  return m[1] ? { turn: Number(m[1]), phase } : { phase };
}

/** A saved state (state.json from --out): read and checked enough to continue from it. */
function loadState(path: string): { ok: true; value: GameState } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return { ok: false, error: `cannot read ${clip(path, 120)}: ${clip((e as Error).message, 160)}` };
  }
  const s = raw as Partial<GameState> | null;
  if (
    typeof s !== 'object' ||
    s === null ||
    s.schema !== 1 ||
    typeof s.turn !== 'number' ||
    !PHASES.includes(s.phase as PhaseName) ||
    typeof s.forces !== 'object' ||
    typeof s.leaders !== 'object' ||
    typeof s.rng !== 'object' ||
    !Array.isArray(s.pending)
  )
    return {
      ok: false,
      error: `${clip(path, 120)} is not a saved game state (schema 1, as ftg play --out writes)`,
    };
  return { ok: true, value: s as GameState };
}

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
      from: { type: 'string' },
      'keep-going': { type: 'boolean' },
      until: { type: 'string' },
      tactical: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const values: Record<string, string | boolean | undefined> = parsed.values;
  const from = values.from as string | undefined;
  if (from && (values.scenario || values.seed)) {
    console.error('ftg play: --from continues a saved game: give no --scenario or --seed with it');
    return 2;
  }
  const sc = from ? undefined : resolveScenario(values.scenario as string | undefined);
  if (sc && !sc.ok) {
    console.error(`ftg play: ${sc.error}`);
    return 2;
  }
  const until = parseUntil(values.until as string | undefined);
  if (typeof until === 'string') {
    console.error(`ftg play: ${until}`);
    return 2;
  }
  const keepGoing = values['keep-going'] === true;
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
  // Issue #16: the tactical host is registered always, so a saved game with battles on the
  // tactical map (--from) goes on; --tactical sets the mode of a new one.
  registerTacticalBattles();
  const mode = values.tactical as string | undefined;
  if (mode !== undefined && mode !== 'off' && mode !== 'offer' && mode !== 'always') {
    console.error(`ftg play: --tactical takes off, offer or always, not ${clip(mode, 40)}`);
    return 2;
  }
  const tactical = mode === undefined ? undefined : { mode: mode as 'off' | 'offer' | 'always', minSp: 6 };
  let state: GameState;
  if (from) {
    const loaded = loadState(from);
    if (!loaded.ok) {
      console.error(`ftg play: ${loaded.error}`);
      return 2;
    }
    state = loaded.value;
    if (values.dice) state.rng = { ...state.rng, forced: [...dice.value] };
  } else {
    try {
      state = setup(sc!.value as never, parseSeed(values.seed as string | undefined), {
        dice: dice.value,
        ...(tactical ? { tactical } : {}),
      });
    } catch (e) {
      // A scenario file that passes the schema but not the map (an unknown hex, a leader twice).
      console.error(`ftg play: ${clip((e as Error).message, 300)}`);
      return 2;
    }
  }
  let refusedLines = 0;
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
  // The script is the policy of the one game loop (src/kernel/drive.ts): each line is a turn.
  let i = -1;
  let exit: number | undefined;
  const played = drive<GameState, unknown, GameEvent>({
    state,
    isOver: () => false,
    apply: (s, seat, action) => apply(s, seat as Seat, action),
    next(s) {
      for (i++; i < lines.length; i++) {
        if (
          until !== undefined &&
          s.phase === until.phase &&
          (until.turn === undefined || s.turn === until.turn)
        ) {
          console.log(`stopped at line ${i + 1}: Game-Turn ${s.turn}, ${s.phase} phase reached (--until)`);
          return { stop: 'until' };
        }
        const line = (lines[i] as string).trim();
        if (!line || line.startsWith('#')) continue;
        let entry: { seat?: unknown; action?: unknown };
        try {
          entry = JSON.parse(line);
        } catch (e) {
          console.error(`line ${i + 1}: not JSON: ${clip((e as Error).message, 120)}`);
          exit = 1;
          return { stop: 'bad-line' };
        }
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
          console.error(
            `line ${i + 1}: expected an object {"seat": ..., "action": {...}}, not ${clip(line)}`,
          );
          exit = 1;
          return { stop: 'bad-line' };
        }
        return { seat: entry.seat as string, candidates: [entry.action] };
      }
      return { stop: 'end' };
    },
    refused(_s, _seat, _action, error) {
      console.error(`line ${i + 1}: refused [${error.rule}] ${error.code}: ${error.message}`);
    },
    exhausted() {
      if (!keepGoing) {
        exit = 1;
        return 'stop';
      }
      refusedLines++;
      return 'continue';
    },
    accepted({ state: s, events }) {
      for (const e of eventsFor(events, viewer, s.seatSide)) console.log(`[${e.kind}] ${e.text}`);
      all.push(...events);
      return undefined;
    },
  });
  if (exit !== undefined) return exit;
  state = played.state;
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
  if (refusedLines > 0) {
    console.error(`ftg play: ${refusedLines} line(s) refused (--keep-going)`);
    return 1;
  }
  return 0;
}

// `ftg battle play`: play a Leuthen battle from the command line, one JSON action per line.
// A refused action reports its rule case and the state is written as it stood before that line.
import { readFileSync, writeFileSync } from 'node:fs';
import { drive } from '../../kernel/index.js';
import {
  apply,
  legalActions,
  pendingSeats,
  prisonersLine,
  step,
  type TacEvent,
  type TacState,
  view,
} from '../../tactical/index.js';
import { parseCommandArgs } from '../options.js';
import { loadState, parseDice, setupFromScenario } from '../tactical-load.js';

export const summary =
  'Play a battle: apply actions (JSONL) to a set-up or saved state; print the step and legal actions';

const HELP = `Usage: ftg battle play [--scenario leuthen-1|leuthen-2|PATH] [--seed N] [--dice 4,2,6]
                       [--from STATE.json] [--actions FILE.jsonl] [--as SIDE] [--out STATE.json] [--view]

  --scenario   scenario id under scenarios/tactical or a path (default leuthen-1)
  --seed       RNG seed of a new battle (default 1)
  --dice       force the next die rolls (d6 1-6, d10 0-9), used before any random one
  --from       continue a saved state instead of a new battle
  --actions    JSON lines: {"seat":"prussia","action":{...}} or a bare action (seat: --as, or the
               one pending seat); applied in order, stopping at the first refusal
  --as         the seat to act and to list legal actions for (prussia, austria, side:formation)
  --out        write the resulting state here (also on a refusal: the state before that line)
  --view       print the seat's view (JSON) at the end instead of the legal actions`;

export async function run(argv: string[]): Promise<number> {
  const p = parseCommandArgs('battle play', HELP, {
    args: argv,
    allowPositionals: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      scenario: { type: 'string' },
      seed: { type: 'string' },
      dice: { type: 'string' },
      from: { type: 'string' },
      actions: { type: 'string' },
      as: { type: 'string' },
      out: { type: 'string' },
      view: { type: 'boolean' },
    },
  });
  if (!p.ok) return p.exit;
  const v = p.values;
  const seed = v.seed === undefined ? 1 : Number(v.seed);
  if (!Number.isInteger(seed) || seed < 0) {
    console.error(`ftg battle play: --seed must be a whole number, got "${v.seed}"`);
    return 2;
  }
  const dice = parseDice(v.dice);
  if (typeof dice === 'string') {
    console.error(`ftg battle play: ${dice}`);
    return 2;
  }
  if (v.from && v.scenario) {
    console.error('ftg battle play: give --scenario or --from, not both');
    return 2;
  }
  const loaded = v.from ? loadState(v.from) : setupFromScenario(v.scenario ?? 'leuthen-1', seed, dice ?? []);
  if (!loaded.ok) {
    console.error(`ftg battle play: ${loaded.error}`);
    return 2;
  }
  let state: TacState = loaded.state;
  if (v.from && dice) state = { ...state, rng: { ...state.rng, forced: [...state.rng.forced, ...dice] } };
  const save = () => {
    if (v.out) writeFileSync(v.out, `${JSON.stringify(state)}\n`);
  };
  if (v.actions) {
    let text: string;
    try {
      text = readFileSync(v.actions, 'utf8');
    } catch (e) {
      console.error(`ftg battle play: cannot read ${v.actions}: ${(e as Error).message}`);
      return 2;
    }
    const lines = text.split('\n');
    // The script is the policy of the one game loop (src/kernel/drive.ts): each line is a turn.
    let i = -1;
    let exit: number | undefined;
    const fail = (message: string, ...more: string[]) => {
      console.error(`ftg battle play: ${v.actions}:${i + 1}: ${message}`);
      for (const m of more) console.error(m);
      exit = 1;
      return { stop: 'bad-line' };
    };
    const played = drive<TacState, unknown, TacEvent>({
      state,
      isOver: () => false,
      apply,
      next(st) {
        for (i++; i < lines.length; i++) {
          const line = lines[i]!.trim();
          if (!line || line.startsWith('#')) continue;
          let entry: unknown;
          try {
            entry = JSON.parse(line);
          } catch {
            return fail('not JSON; state left as before this line');
          }
          const e = entry as { seat?: unknown; action?: unknown };
          const action = e && typeof e === 'object' && 'action' in e ? e.action : entry;
          let seat = typeof e?.seat === 'string' ? e.seat : v.as;
          if (seat === undefined) {
            const pend = pendingSeats(st);
            if (pend.length !== 1)
              return fail(`say which seat acts ("seat" or --as); pending: ${pend.join(', ') || 'none'}`);
            seat = pend[0]!;
          }
          return { seat, candidates: [action] };
        }
        return { stop: 'end' };
      },
      refused(_st, _seat, _action, error) {
        fail(
          `refused by rule ${error.rule} (${error.code}): ${error.message}`,
          'The state is left as it stood before this line.',
        );
      },
      accepted({ seat, events }) {
        for (const ev of events)
          if (ev.visibility === 'public' || ev.visibility.seats.includes(seat.split(':')[0]!))
            console.log(`  ${ev.text}`);
        return undefined;
      },
    });
    state = played.state;
    if (exit !== undefined) {
      save();
      return exit;
    }
  }
  save();
  const seatView = v.as ?? pendingSeats(state)[0] ?? 'public';
  if (v.view) {
    console.log(JSON.stringify(view(state, seatView), null, 2));
    return 0;
  }
  const over = state.over;
  console.log(
    `Turn ${state.turn}${state.strategicTurn && state.turn === 0 ? ` (strategic ${state.strategicTurn})` : ''}, step ${step(state).id}`,
  );
  if (over) {
    console.log(
      `Battle over: ${over.winner ? `${over.level} ${over.winner} victory` : 'draw'} (${over.reason}).`,
    );
    const prisoners = prisonersLine(state);
    if (prisoners) console.log(`${prisoners}.`);
    return 0;
  }
  console.log(`Pending: ${pendingSeats(state).join(', ')}`);
  if (state.prompt) console.log(`Decision for ${state.prompt.side}: ${state.prompt.text}`);
  if (seatView !== 'public') {
    const legal = legalActions(state, seatView);
    console.log(`Legal actions for ${seatView} (${legal.length}):`);
    for (const a of legal.slice(0, 60)) console.log(`  ${JSON.stringify(a)}`);
    if (legal.length > 60) console.log(`  ... and ${legal.length - 60} more`);
  }
  return 0;
}

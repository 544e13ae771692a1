// A position: a game cut at a chosen step and kept as what the engine needs to rebuild it (the
// scenario, the seed, fixed dice, and the action log up to the cut). Rebuilding replays the log
// through the engine alone (`positionState`): no autopilot is asked. A test that needs a board
// position (who stands where, which siege is on, what the seat sees) therefore keeps its position
// when the autopilot changes, where a test that plays a seed to that point loses it as soon as a
// change adds or removes a die roll earlier in the game (issue 20: 34 tests in 13 files re-pinned
// for one such change). Engine rule changes still break a position; the versions it was recorded
// under say so (`checkPositionVersions`), as `ftg replay --verify` does for stored games.
import { z } from 'zod';
import {
  type Action,
  actionSchema,
  apply,
  GAME_TURN_PHASES,
  type GameEvent,
  type GameState,
  MAP_VERSION,
  NATIONALITIES,
  pendingSeats,
  RULES_VERSION,
  SCENARIO_IDS,
  type ScenarioId,
  type Seat,
  setup,
} from '../engine/index.js';
import type { StrategicMap } from '../map/types.js';
import { LEVELS, type Level } from './decide.js';
import { type DriverOptions, driverMap, playGame } from './driver.js';

export interface Position {
  /** What the position shows and how it was found (levels, seed, turn, phase). */
  note: string;
  scenario: ScenarioId;
  seed: number | string;
  /** Die rolls fixed in advance (`--dice`), if the game had any. */
  dice?: number[];
  rulesVersion: number;
  mapVersion: number;
  /** The action log up to the cut: each action with the seat that played it. */
  actions: Array<[Seat, Action]>;
  /** The autopilot level each seat played when the position was recorded. */
  levels?: Partial<Record<Seat, Level>>;
  /**
   * Each seat's autopilot RNG state word at the cut (rng.ts): played on from the position with
   * the same levels, the autopilots choose as they did in the recorded game.
   */
  autopilot?: Partial<Record<Seat, number>>;
}

const seatSchema = z.enum(NATIONALITIES as unknown as [Seat, ...Seat[]]);

const positionSchema = z.object({
  note: z.string(),
  scenario: z.enum(SCENARIO_IDS as unknown as [ScenarioId, ...ScenarioId[]]),
  seed: z.union([z.number(), z.string()]),
  dice: z.array(z.number().int().min(1).max(6)).optional(),
  rulesVersion: z.number().int(),
  mapVersion: z.number().int(),
  actions: z.array(z.tuple([seatSchema, actionSchema])),
  levels: z.partialRecord(seatSchema, z.enum(LEVELS)).optional(),
  autopilot: z.partialRecord(seatSchema, z.number().int().min(0).max(0xffffffff)).optional(),
});

/** A position file's content checked (structure only; `positionState` checks the actions). */
export function parsePosition(json: unknown): { ok: true; value: Position } | { ok: false; message: string } {
  const r = positionSchema.safeParse(json);
  if (r.success) {
    const { dice, levels, autopilot, ...rest } = r.data;
    return {
      ok: true,
      value: {
        ...rest,
        ...(dice ? { dice } : {}),
        ...(levels ? { levels: levels as Partial<Record<Seat, Level>> } : {}),
        ...(autopilot ? { autopilot: autopilot as Partial<Record<Seat, number>> } : {}),
      },
    };
  }
  const issue = r.error.issues[0];
  return { ok: false, message: `${issue?.path.join('.') || 'position'}: ${issue?.message ?? 'invalid'}` };
}

/**
 * Why a position recorded under other rules or another map may not rebuild (undefined: same
 * versions as this build).
 */
export function checkPositionVersions(p: Position): string | undefined {
  if (p.rulesVersion !== RULES_VERSION || p.mapVersion !== MAP_VERSION)
    return `recorded under rules v${p.rulesVersion} and map v${p.mapVersion}; this build plays rules v${RULES_VERSION} and map v${MAP_VERSION}`;
  return undefined;
}

/** One logged action as the engine replays it. */
export interface ReplayStep {
  seat: Seat;
  action: Action;
  events: GameEvent[];
  before: GameState;
  state: GameState;
}

/**
 * The game state a position names: the scenario set up with its seed (and dice), then every logged
 * action applied by the engine, each reported to `onStep` (a test finds its moments there, as it
 * would in the driver's `onStep`). Throws if the engine refuses one (the rules changed since).
 */
export function replayPosition(
  p: Position,
  onStep?: (step: ReplayStep) => void,
  map: StrategicMap = driverMap(),
): GameState {
  let state = setup(p.scenario, p.seed, { map, ...(p.dice ? { dice: p.dice } : {}) });
  p.actions.forEach(([seat, action], i) => {
    const r = apply(state, seat, action, map);
    if (!r.ok) {
      const versions = checkPositionVersions(p);
      throw new Error(
        `position "${p.note}": action ${i + 1} of ${p.actions.length} (${seat} ${JSON.stringify(action)}) refused: ${r.error.message}${versions ? ` (${versions})` : ''}`,
      );
    }
    onStep?.({ seat, action, events: r.events, before: state, state: r.state });
    state = r.state;
  });
  return state;
}

/** The state at the end of a position's log. */
export function positionState(p: Position, map: StrategicMap = driverMap()): GameState {
  return replayPosition(p, undefined, map);
}

/**
 * Play a game with the autopilots (the driver's options) and cut it before the first seat is asked
 * in a state `at` accepts, or keep the whole game (`at` = 'end'). Undefined if the game never
 * reaches such a state.
 */
export function recordPosition(
  opts: DriverOptions & { scenario: ScenarioId },
  at: ((state: GameState) => boolean) | 'end',
  note: string,
): { position: Position; state: GameState } | undefined {
  const actions: Array<[Seat, Action]> = [];
  const game = playGame({ ...opts, ...(at === 'end' ? {} : { stopWhen: at }), log: actions });
  if (at === 'end' ? game.state.over === null : game.endedBy !== 'stop-when') return undefined;
  const levels: Partial<Record<Seat, Level>> = {};
  for (const seat of NATIONALITIES)
    levels[seat] = typeof opts.level === 'string' ? opts.level : (opts.level?.[seat] ?? 'standard');
  return {
    position: {
      note,
      scenario: opts.scenario,
      seed: opts.seed,
      ...(opts.dice ? { dice: opts.dice } : {}),
      rulesVersion: RULES_VERSION,
      mapVersion: MAP_VERSION,
      levels,
      autopilot: game.rngStates,
      actions,
    },
    state: game.state,
  };
}

/**
 * A cut point named as `turn:phase[:seat]`: the first state of that Game-Turn and phase (with that
 * seat to act); or `end`: the whole game.
 */
export function parseCut(text: string): ((state: GameState) => boolean) | 'end' | undefined {
  if (text.trim() === 'end') return 'end';
  const m = /^(\d{1,2}):([a-z-]+)(?::([a-z]+))?$/.exec(text.trim());
  if (!m) return undefined;
  const turn = Number(m[1]);
  const phase = m[2];
  const seat = m[3];
  if (turn < 1 || turn > 18 || !(GAME_TURN_PHASES as readonly string[]).includes(phase ?? ''))
    return undefined;
  if (seat !== undefined && !(NATIONALITIES as readonly string[]).includes(seat)) return undefined;
  return (state) =>
    state.turn === turn && state.phase === phase && (seat === undefined || pendingSeats(state)[0] === seat);
}

/** A position as JSON with one logged action a line, so that a diff shows where two logs part. */
export function formatPosition(p: Position): string {
  const { actions, ...head } = p;
  const lines = actions.map((a) => `    ${JSON.stringify(a)}`);
  const top = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${top},\n  "actions": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

// The four game loops as they were before src/kernel/drive.ts replaced them (issue #13 item 6),
// kept as references: drive.test.ts checks that the autopilot driver and the fuzzer, now policies of
// the one loop, play exactly the games these loops played (same seeds, same states and logs).
// Should a loop's policy change on purpose (a new safety net, another fallback), change it here too.

import { decideWithReason, type Level } from '../../src/autopilot/decide.js';
import { type DriverOptions, driverMap, type GameSummary } from '../../src/autopilot/driver.js';
import { type AutopilotRng, createAutopilotRng } from '../../src/autopilot/rng.js';
import { MALFORMED_ACTIONS } from '../../src/engine/fuzz.js';
import {
  type Action,
  type ApplyResult,
  apply,
  checkInvariants,
  checkStep,
  deepFreeze,
  engineMap,
  type GameEvent,
  type GameState,
  legalActions,
  moduleAutopilot,
  pendingSeats,
  type Scenario,
  type ScenarioId,
  type Seat,
  type Side,
  setup,
  stepOf,
  view,
} from '../../src/engine/index.js';
import { createRng, randomInt } from '../../src/engine/rng.js';
import type { StrategicMap } from '../../src/map/types.js';

const STEP_ACTION_LIMIT = 600;

export function referencePlayGame(opts: DriverOptions): {
  state: GameState;
  steps: number;
  refused: number;
  stalls: number;
  endedBy: string;
} {
  const levelFor = (o: DriverOptions['level'], seat: Seat): Level =>
    !o ? 'standard' : typeof o === 'string' ? o : (o[seat] ?? 'standard');
  const map = driverMap(opts.map);
  let state = setup(opts.scenario, opts.seed, { map, ...(opts.dice ? { dice: opts.dice } : {}) });
  const lastTurn = Math.min(opts.turns ?? state.lastTurn, state.lastTurn);
  const maxSteps = opts.maxSteps ?? 200_000;
  const rngs = new Map<Seat, AutopilotRng>();
  const rngOf = (seat: Seat) => {
    let r = rngs.get(seat);
    if (!r) {
      r = createAutopilotRng(`${opts.seed}:${seat}`);
      rngs.set(seat, r);
    }
    return r;
  };
  const captures: GameSummary['captures'] = [];
  let steps = 0;
  let refused = 0;
  let stalls = 0;
  let lastStepKey = '';
  let stepActions = 0;
  const refusals: GameSummary['refusals'] = [];
  let turnEvents: GameEvent[] = [];
  let endedBy: GameSummary['endedBy'] | undefined;
  while (state.over === null) {
    if (steps >= maxSteps) {
      endedBy = 'step-limit';
      break;
    }
    // Safety net: a seat that keeps acting in one step (a loop between the autopilot and a rule)
    // is timed out, as the service's deadline would (time enters the engine only as an action).
    // (A battle fought on the tactical map, issue #16, is many steps of one phase: each counts.)
    const stepKey = `${state.turn}|${state.phasing}|${state.phase}|${stepOf(state)}`;
    if (stepKey !== lastStepKey) {
      lastStepKey = stepKey;
      stepActions = 0;
    } else if (++stepActions > STEP_ACTION_LIMIT) {
      const t = apply(state, pendingSeats(state)[0] ?? 'prussia', { type: 'timeout' }, map);
      if (!t.ok) throw new Error(`driver: timeout refused: ${t.error.message}`);
      stalls++;
      state = t.state;
      stepActions = 0;
      continue;
    }
    const pending = pendingSeats(state);
    const seat = pending[0];
    if (!seat) {
      endedBy = 'step-limit';
      break;
    }
    const level = levelFor(opts.level, seat);
    // Issue #16: the phase module's own choice first (the tactical offer's answer, tactical orders).
    const own = moduleAutopilot(state, seat);
    const ownR = own ? apply(state, seat, own, map) : undefined;
    const v = ownR?.ok ? undefined : view(state, seat, [], map);
    let legal = v?.legal ?? [];
    let d =
      own && ownR?.ok
        ? { action: own, why: 'tactical' }
        : decideWithReason(v!, legal, rngOf(seat), level, map);
    let r = ownR?.ok ? ownR : apply(state, seat, d.action, map);
    // The autopilot only picks listed actions; should the engine still refuse one (a mismatch
    // between its legal list and its rules), record it and choose again without that action.
    for (let retry = 0; v && !r.ok && retry < 5; retry++) {
      refused++;
      if (refusals.length < 20)
        refusals.push({
          seat,
          turn: state.turn,
          phase: state.phase,
          action: d.action,
          error: `${r.error.rule}: ${r.error.message}`,
        });
      const bad = JSON.stringify(d.action);
      legal = legal.filter((a) => JSON.stringify(a) !== bad);
      if (legal.length === 0) break;
      d = decideWithReason(v, legal, rngOf(seat), level, map);
      r = apply(state, seat, d.action, map);
    }
    if (!r.ok) r = apply(state, seat, { type: 'done' }, map);
    if (!r.ok) r = apply(state, seat, { type: 'timeout' }, map);
    if (!r.ok) throw new Error(`driver: the engine refused even a timeout for ${seat}: ${r.error.message}`);
    const { action, why } = d;
    steps++;
    const before = state.turn;
    state = r.state;
    for (const e of r.events)
      if (e.kind === 'fortress-captured' && e.data)
        captures.push({ hex: String(e.data.hex), side: e.data.side as Side, turn: before });
    turnEvents.push(...r.events);
    opts.onStep?.({ seat, action, why, events: r.events, state });
    if (state.turn !== before || state.over) {
      opts.onTurn?.({ turn: before, state, events: turnEvents });
      turnEvents = [];
      if (!state.over && state.turn > lastTurn) {
        endedBy = 'turn-limit';
        break;
      }
    }
  }
  return { state, steps, refused, stalls, endedBy: endedBy ?? state.over?.reason ?? 'last-turn' };
}

export function referenceFuzzGame(opts: {
  scenario: ScenarioId | Scenario;
  seed: number | string;
  map?: StrategicMap;
  maxSteps?: number;
  actionsPerStep?: number;
  doneBias?: number;
  checkEvery?: number;
  replay?: boolean;
}) {
  const map = opts.map ?? engineMap();
  const maxSteps = opts.maxSteps ?? 20000;
  const perStep = opts.actionsPerStep ?? 3;
  const doneBias = opts.doneBias ?? 0.35;
  const seed = String(opts.seed);
  const chooser = createRng(`fuzz:${seed}`);
  const scenarioId = typeof opts.scenario === 'string' ? opts.scenario : opts.scenario.id;
  const failures: string[] = [];
  const log: Array<{ seat: Seat; action: Action }> = [];
  const checkEvery = opts.checkEvery ?? 25;
  let probes = 0;
  let lastEvents: GameEvent[] = [];
  let prev: GameState | undefined;
  const initial = setup(opts.scenario, seed, { map });
  let s = deepFreeze(initial);
  failures.push(...checkInvariants(s).map((f) => `setup: ${f}`));
  let used = new Map<string, number>();
  let stepKey = '';
  let steps = 0;
  while (!s.over && failures.length === 0) {
    if (steps >= maxSteps) {
      failures.push(`runaway: not over after ${steps} actions (turn ${s.turn}, ${s.phase})`);
      break;
    }
    const key = `${s.turn}/${s.phasing}/${s.phase}`;
    if (key !== stepKey) {
      stepKey = key;
      used = new Map();
    }
    const seat = s.pending[randomInt(chooser, s.pending.length)]!;
    const legal = legalActions(s, seat, map);
    if (legal.length === 0) {
      failures.push(`stuck: ${seat} pending with no legal action at turn ${s.turn} ${s.phase}`);
      break;
    }
    const n = used.get(seat) ?? 0;
    const done = legal.find((a) => a.type === 'done');
    let action: Action;
    if (done && (n >= perStep || randomInt(chooser, 1000) < doneBias * 1000)) action = done;
    else action = legal[randomInt(chooser, legal.length)]!;
    used.set(seat, n + 1);
    if (checkEvery > 0 && steps % checkEvery === 0) {
      failures.push(
        ...checkStep(s, lastEvents, map, { prev, nextSeat: seat, next: action }).map(
          (f) => `turn ${s.turn} ${s.phase}: ${f}`,
        ),
      );
      probes += MALFORMED_ACTIONS.length + 2;
      prev = s;
      if (failures.length) break;
    }
    let r: ApplyResult;
    try {
      r = apply(s, seat, action, map);
    } catch (e) {
      // The state is deep-frozen: a write to it (mutating the input) throws here.
      failures.push(
        `apply threw at turn ${s.turn} ${s.phase} for ${JSON.stringify(action)}: ${(e as Error).message}`,
      );
      break;
    }
    if (!r.ok) {
      failures.push(
        `legal action refused at turn ${s.turn} ${s.phase} by ${seat}: ${JSON.stringify(action)} -> ${r.error.rule} ${r.error.message}`,
      );
      break;
    }
    log.push({ seat, action });
    steps++;
    // A seat stuck in a loop of non-done actions is pushed on by a timeout after many actions.
    if (n > perStep + 20) {
      r = apply(r.state, seat, { type: 'timeout' }, map);
      if (!r.ok) break;
      log.push({ seat, action: { type: 'timeout' } });
    }
    s = deepFreeze(r.state);
    lastEvents = r.events;
    failures.push(...checkInvariants(s).map((f) => `turn ${s.turn} ${s.phase}: ${f}`));
  }
  if (failures.length === 0 && checkEvery > 0)
    failures.push(...checkStep(s, lastEvents, map, { prev }).map((f) => `end: ${f}`));
  if (failures.length === 0 && opts.replay !== false) {
    let t = setup(opts.scenario, seed, { map });
    for (const { seat, action } of log) {
      const r = apply(t, seat, action, map);
      if (!r.ok) {
        failures.push(`replay refused ${JSON.stringify(action)}: ${r.error.message}`);
        break;
      }
      t = r.state;
    }
    if (JSON.stringify(t) !== JSON.stringify(s)) failures.push('replay diverged from the original game');
  }
  return {
    ok: failures.length === 0,
    scenario: scenarioId,
    seed,
    steps,
    turn: s.turn,
    over: s.over,
    failures,
    log,
    probes,
  };
}

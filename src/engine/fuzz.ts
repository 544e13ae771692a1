// A seeded fuzzer: plays random legal actions through a scenario to its end and checks invariants
// after every step: SP conservation (on map + eliminated + prisoners + removed = set-up +
// reinforcements), nothing negative, one depot per hex, never both sides inside one fortress, never
// stuck without a legal action, the game ends, and the action log replays identically.
// `checkStep` adds the checks of #17.8 (run on a sample of steps): every seat's and the public view
// builds, is plain JSON and offers exactly the legal actions; `eventsFor` filters each step's events
// consistently; malformed and illegal actions are refused without changing the state; the input
// state is never mutated (deep-frozen); the state survives a JSON round trip (same next result);
// victory points add up and losses never shrink.
import { drive } from '../kernel/index.js';
import type { StrategicMap } from '../map/types.js';
import type { Action } from './actions.js';
import { type ApplyResult, apply } from './apply.js';
import { eventsFor } from './events.js';
import { legalActions } from './legal.js';
import { engineMap } from './map-env.js';
import { createRng, randomInt } from './rng.js';
import type { Scenario } from './scenario/index.js';
import { setup } from './setup.js';
import type { GameEvent, GameState, Nationality, ScenarioId, Seat, Side } from './types.js';
import { NATIONALITIES } from './types.js';
import { finalScore } from './victory/score.js';
import { view } from './view.js';

export interface FuzzOptions {
  scenario: ScenarioId | Scenario;
  seed: number | string;
  /** Abort (as a failure: runaway game) after this many applied actions. */
  maxSteps?: number;
  /** Actions a seat may take in one step before the fuzzer sends `done` for it. */
  actionsPerStep?: number;
  /** Chance (0-1) that a seat ends its step at once. */
  doneBias?: number;
  /** Check that replaying the log gives the same final state. */
  replay?: boolean;
  map?: StrategicMap;
  /** Run `checkStep` every this many actions (default 25; 0 = never) and at the end. */
  checkEvery?: number;
}

export interface FuzzResult {
  ok: boolean;
  scenario: string;
  seed: string;
  steps: number;
  turn: number;
  over: GameState['over'];
  failures: string[];
  log: Array<{ seat: Seat; action: Action }>;
  /** Actions sent that had to be refused (malformed or illegal), all refused cleanly. */
  probes: number;
}

/** Invariant violations of a state (empty when fine). */
export function checkInvariants(s: GameState): string[] {
  const out: string[] = [];
  const onMap: Partial<Record<Nationality, number>> = {};
  for (const [hex, hf] of Object.entries(s.forces)) {
    let pa = 0;
    let co = 0;
    for (const [nat, v] of Object.entries(hf) as Array<[Nationality, { out: number; in: number }]>) {
      if (!v || v.out < 0 || v.in < 0 || !Number.isInteger(v.out) || !Number.isInteger(v.in))
        out.push(`bad SP ${nat} at ${hex}: ${JSON.stringify(v)}`);
      onMap[nat] = (onMap[nat] ?? 0) + v.out + v.in;
      if (v.in > 0) {
        if (s.seatSide[nat] === 'prussian-allied') pa += v.in;
        else co += v.in;
      }
    }
    if (pa > 0 && co > 0) out.push(`12.13: both sides inside the fortress at ${hex}`);
  }
  for (const [hex, d] of Object.entries(s.depots))
    if (d.hex !== hex) out.push(`7.0: depot key ${hex} holds ${d.hex}`);
  for (const nat of NATIONALITIES) {
    const elim = s.ledger.eliminated[nat] ?? 0;
    const removed = s.ledger.removed[nat] ?? 0;
    const pris = (s.ledger.prisoners['prussian-allied'][nat] ?? 0) + (s.ledger.prisoners.coalition[nat] ?? 0);
    if (elim < 0 || removed < 0 || pris < 0) out.push(`negative ledger for ${nat}`);
    const entered = s.ledger.entered[nat] ?? 0;
    const total = (onMap[nat] ?? 0) + elim + removed + pris;
    if (total !== entered)
      out.push(
        `SP conservation for ${nat}: map ${onMap[nat] ?? 0} + elim ${elim} + removed ${removed} + prisoners ${pris} != entered ${entered}`,
      );
  }
  for (const l of Object.values(s.leaders)) {
    if (l.status === 'map' && !l.hex) out.push(`leader ${l.id} on map without a hex`);
    if (l.status !== 'map' && l.hex) out.push(`leader ${l.id} ${l.status} but at ${l.hex}`);
  }
  if (!s.over && s.pending.length === 0) out.push('no seat pending while the game is not over');
  return out;
}

/** Freeze a value and everything it holds, so any write to it throws (ES modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Where a value is not plain JSON (NaN, Infinity, undefined in arrays, Map, Date, functions). */
export function notPlainJson(value: unknown, path = '$'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} = ${value}`;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      if (v === undefined) return `${path}[${i}] is undefined`;
      const bad = notPlainJson(v, `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return `${path} is a ${proto?.constructor?.name}`;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      const bad = notPlainJson(v, `${path}.${k}`);
      if (bad) return bad;
    }
    return null;
  }
  return `${path} is a ${typeof value}`;
}

/** Actions no seat may ever have accepted: wrong shapes, unknown types, absurd values. */
export const MALFORMED_ACTIONS: readonly unknown[] = [
  null,
  undefined,
  42,
  'done',
  [],
  {},
  { type: 42 },
  { type: 'no-such-action' },
  { type: 'march', leader: { id: 'frederick' }, path: '1623' },
  { type: 'march', leader: 'frederick', path: ['x'.repeat(5000)] },
  { type: 'garrison', hex: '1623', sp: 2 ** 53 },
  { type: 'depot-build', hex: -1 },
];

const SIDES: readonly Side[] = ['prussian-allied', 'coalition'];

/**
 * The #17.8 checks on one position: `s` is the state an action was just applied to produce (with
 * its `events`), `prev` the one before (for monotone losses), `next` an action about to be applied
 * by `nextSeat` (for the round trip). Returns the violations found.
 */
export function checkStep(
  s: GameState,
  events: readonly GameEvent[],
  map: StrategicMap,
  o: { prev?: GameState; nextSeat?: Seat; next?: Action; probe?: number } = {},
): string[] {
  const out: string[] = [];
  const guard = (what: string, f: () => void) => {
    try {
      f();
    } catch (e) {
      out.push(`${what} threw: ${(e as Error).message}`);
    }
  };
  // Views: every seat and the public; plain JSON; legal = the engine's legal actions.
  for (const viewer of [...NATIONALITIES, 'public'] as const) {
    guard(`view(${viewer})`, () => {
      const v = view(s, viewer, events, map);
      const bad = notPlainJson(v);
      if (bad) out.push(`view(${viewer}) is not plain JSON: ${bad}`);
      const legal = viewer === 'public' ? [] : legalActions(s, viewer, map);
      if (JSON.stringify(v.legal) !== JSON.stringify(legal))
        out.push(`view(${viewer}).legal differs from legalActions`);
    });
  }
  // Events: well-tagged, seen by somebody, and the public sees a subset of what every seat sees.
  guard('eventsFor', () => {
    for (const e of events) {
      const ok =
        e.vis.to === 'all' ||
        (e.vis.to === 'sides' && e.vis.sides.length > 0 && e.vis.sides.every((x) => SIDES.includes(x))) ||
        (e.vis.to === 'seats' &&
          e.vis.seats.length > 0 &&
          e.vis.seats.every((x) => NATIONALITIES.includes(x)));
      if (!ok) out.push(`event ${e.kind} has a bad visibility ${JSON.stringify(e.vis)}`);
    }
    const pub = eventsFor(events, 'public', s.seatSide);
    for (const seat of NATIONALITIES) {
      const mine = eventsFor(events, seat, s.seatSide);
      if (mine.some((e) => !events.includes(e))) out.push(`eventsFor(${seat}) invented an event`);
      if (pub.some((e) => !mine.includes(e))) out.push(`eventsFor(${seat}) misses a public event`);
    }
  });
  // Malformed and illegal actions are refused with a reason; the frozen state cannot change.
  const seat = s.pending[0] ?? 'prussia';
  const probes: Array<[Seat, unknown]> = MALFORMED_ACTIONS.map((a) => [seat, a]);
  const idle = NATIONALITIES.find((n) => !s.pending.includes(n));
  const someLegal = s.pending.length ? legalActions(s, seat, map)[0] : undefined;
  if (idle && someLegal) probes.push([idle, someLegal]);
  probes.push(['nobody' as Seat, { type: 'done' }]);
  const before = JSON.stringify(s);
  for (const [who, action] of probes) {
    guard(`apply(${who}, ${JSON.stringify(action)?.slice(0, 60)})`, () => {
      const r = apply(s, who, action, map);
      if (r.ok)
        out.push(
          `accepted a malformed or illegal action from ${who}: ${JSON.stringify(action)?.slice(0, 80)}`,
        );
      else if (typeof r.error.message !== 'string' || r.error.message.length === 0)
        out.push(`refusal without a message for ${JSON.stringify(action)?.slice(0, 60)}`);
    });
  }
  if (JSON.stringify(s) !== before) out.push('a refused action changed the state');
  // JSON round trip: plain JSON, and the next action gives the same result on the copy.
  const bad = notPlainJson(s);
  if (bad) out.push(`state is not plain JSON: ${bad}`);
  if (o.next && o.nextSeat) {
    guard('round trip', () => {
      const copy = JSON.parse(before) as GameState;
      const a = apply(s, o.nextSeat!, o.next, map);
      const b = apply(copy, o.nextSeat!, o.next, map);
      if (JSON.stringify(a) !== JSON.stringify(b))
        out.push(`the JSON round-tripped state answers ${JSON.stringify(o.next)} differently`);
    });
  }
  // Victory points (17.0): totals are fortress VP minus losses, integers; losses never shrink.
  guard('finalScore', () => {
    const v = finalScore(s, map);
    for (const side of SIDES) {
      const parts = [v.fortressVp[side], v.lossVp[side], v.total[side]];
      if (!parts.every(Number.isInteger)) out.push(`17.0: VP of ${side} not whole numbers: ${parts}`);
      if (v.fortressVp[side] < 0 || v.lossVp[side] < 0) out.push(`17.0: negative VP part for ${side}`);
      if (v.total[side] !== v.fortressVp[side] - v.lossVp[side])
        out.push(`17.0: ${side} total != fortress - losses`);
      const elim = NATIONALITIES.filter((n) => s.seatSide[n] === side).reduce(
        (a, n) => a + (s.ledger.eliminated[n] ?? 0),
        0,
      );
      if (v.lossVp[side] < elim)
        out.push(`17.0: ${side} loss VP ${v.lossVp[side]} below its ${elim} SP eliminated`);
    }
    const t = v.total;
    const expected =
      v.basis === 'forfeit' ? 'coalition' : t['prussian-allied'] === t.coalition ? 'draw' : undefined;
    if (expected && v.winner !== expected) out.push(`17.0: winner ${v.winner}, expected ${expected}`);
    if (v.winner !== 'draw' && v.basis !== 'forfeit') {
      const higher = t['prussian-allied'] > t.coalition ? 'prussian-allied' : 'coalition';
      if (v.winner !== higher) out.push(`17.0: ${v.winner} wins with the lower total`);
    }
  });
  if (o.prev) {
    for (const n of NATIONALITIES) {
      if ((s.ledger.eliminated[n] ?? 0) < (o.prev.ledger.eliminated[n] ?? 0))
        out.push(`eliminated SP of ${n} went down`);
    }
  }
  return out;
}

export function fuzzGame(opts: FuzzOptions): FuzzResult {
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
  let threw = false;
  // The seat's count of actions in this step when the current action was chosen.
  let n = 0;
  const result = drive<GameState, Action, GameEvent>({
    state: s,
    maxSteps,
    isOver: (state) => state.over !== null || failures.length > 0,
    next(state, steps) {
      const key = `${state.turn}/${state.phasing}/${state.phase}`;
      if (key !== stepKey) {
        stepKey = key;
        used = new Map();
      }
      const seat = state.pending[randomInt(chooser, state.pending.length)]!;
      const legal = legalActions(state, seat, map);
      if (legal.length === 0) {
        failures.push(`stuck: ${seat} pending with no legal action at turn ${state.turn} ${state.phase}`);
        return { stop: 'stuck' };
      }
      n = used.get(seat) ?? 0;
      const done = legal.find((a) => a.type === 'done');
      let action: Action;
      if (done && (n >= perStep || randomInt(chooser, 1000) < doneBias * 1000)) action = done;
      else action = legal[randomInt(chooser, legal.length)]!;
      used.set(seat, n + 1);
      if (checkEvery > 0 && steps % checkEvery === 0) {
        failures.push(
          ...checkStep(state, lastEvents, map, { prev, nextSeat: seat, next: action }).map(
            (f) => `turn ${state.turn} ${state.phase}: ${f}`,
          ),
        );
        probes += MALFORMED_ACTIONS.length + 2;
        prev = state;
        if (failures.length) return { stop: 'failed' };
      }
      return { seat, candidates: [action] };
    },
    apply(state, seat, action) {
      try {
        return apply(state, seat as Seat, action, map);
      } catch (e) {
        // The state is deep-frozen: a write to it (mutating the input) throws here.
        threw = true;
        failures.push(
          `apply threw at turn ${state.turn} ${state.phase} for ${JSON.stringify(action)}: ${(e as Error).message}`,
        );
        return { ok: false, error: { rule: 'engine', code: 'threw', message: (e as Error).message } };
      }
    },
    refused(state, seat, action, error) {
      if (threw) return;
      failures.push(
        `legal action refused at turn ${state.turn} ${state.phase} by ${seat}: ${JSON.stringify(action)} -> ${error.rule} ${error.message}`,
      );
    },
    accepted({ before, state, seat, action, events }) {
      log.push({ seat: seat as Seat, action });
      let r: ApplyResult = { ok: true, state, events };
      // A seat stuck in a loop of non-done actions is pushed on by a timeout after many actions.
      if (n > perStep + 20) {
        r = apply(state, seat as Seat, { type: 'timeout' }, map);
        if (!r.ok) return { state: before, stop: 'timeout-refused' };
        log.push({ seat: seat as Seat, action: { type: 'timeout' } });
      }
      const next = deepFreeze(r.state);
      lastEvents = r.events;
      failures.push(...checkInvariants(next).map((f) => `turn ${next.turn} ${next.phase}: ${f}`));
      return { state: next };
    },
  });
  s = result.state;
  const steps = result.steps;
  if (result.stopped === 'step-limit')
    failures.push(`runaway: not over after ${steps} actions (turn ${s.turn}, ${s.phase})`);
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

// A seeded fuzzer: plays random legal actions through a scenario to its end and checks invariants
// after every step: SP conservation (on map + eliminated + prisoners + removed = set-up +
// reinforcements), nothing negative, one depot per hex, never both sides inside one fortress, never
// stuck without a legal action, the game ends, and the action log replays identically.
import type { StrategicMap } from '../map/types.js';
import type { Action } from './actions.js';
import { type ApplyResult, apply } from './apply.js';
import { legalActions } from './legal.js';
import { engineMap } from './map-env.js';
import { createRng, randomInt } from './rng.js';
import type { Scenario } from './scenario/index.js';
import { setup } from './setup.js';
import type { GameState, Nationality, ScenarioId, Seat } from './types.js';
import { NATIONALITIES } from './types.js';

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
  const initial = setup(opts.scenario, seed, { map });
  let s = initial;
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
    let r: ApplyResult = apply(s, seat, action, map);
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
    s = r.state;
    failures.push(...checkInvariants(s).map((f) => `turn ${s.turn} ${s.phase}: ${f}`));
  }
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
  };
}

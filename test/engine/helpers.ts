// Helpers for engine rule tests: tiny scenarios on the fake map, and driving the phase machine.
import { expect } from 'vitest';
import type { Scenario } from '../../src/engine/index.js';
import { type ApplyResult, apply, setup, useMap } from '../../src/engine/index.js';
import type { GameState, PhaseName, Seat, Side } from '../../src/engine/types.js';
import { FakeMap, type FakeMapOptions } from './fixtures/fake-map.js';

export type Entry = Scenario['setup'][number];

export function scenario(entries: Entry[], extra: Partial<Scenario> = {}): Scenario {
  return {
    id: 'test',
    title: 'test',
    firstTurn: 1,
    lastTurn: 18,
    setup: entries,
    reinforcements: [],
    rules: { prisonerExchange: [] },
    ...extra,
  };
}

export function withMap(opts: FakeMapOptions = {}): FakeMap {
  const m = new FakeMap(opts);
  useMap(m);
  return m;
}

/** Skip steps with `timeout` until the given phase of the given phasing side is reached. */
export function runTo(
  state: GameState,
  phase: PhaseName,
  phasing: Side = 'prussian-allied',
  turn?: number,
): GameState {
  let s = state;
  for (let i = 0; i < 400; i++) {
    if (s.phase === phase && s.phasing === phasing && (turn === undefined || s.turn === turn)) return s;
    if (s.over) break;
    const r = apply(s, 'prussia', { type: 'timeout' });
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  throw new Error(`never reached ${phase}/${phasing} (at turn ${s.turn} ${s.phase}/${s.phasing})`);
}

/**
 * Idle leaders (Initiative 2, so 10.52-10.53 never bind them) far away on both sides keep every movement phase interactive, so the phase machine
 * stops at each side's March and Force March Phases instead of running on.
 */
export const IDLE: Entry[] = [
  { nationality: 'hanover', hex: '3801', sp: 0, leaders: [{ id: 'ziethen', rank: 9 }] },
  { nationality: 'austria', hex: '0150', sp: 0, leaders: [{ id: 'hadik', rank: 13 }] },
];

export function start(
  entries: Entry[],
  opts: { dice?: number[]; extra?: Partial<Scenario>; idle?: boolean } = {},
): GameState {
  const all = opts.idle === false ? entries : [...entries, ...IDLE];
  return setup(scenario(all, opts.extra), 'test', { dice: opts.dice ?? [] });
}

export function ok(r: ApplyResult): GameState {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.rule} ${r.error.code}: ${r.error.message}`);
  return r.state;
}

export function rejected(r: ApplyResult, rule: string): void {
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.rule).toBe(rule);
}

export function act(s: GameState, seat: Seat, action: unknown): ApplyResult {
  return apply(s, seat, action);
}

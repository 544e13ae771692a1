// Test harness: small fixture maps and battles built from fixture scenarios, with forced dice.
import { expect } from 'vitest';
import { apply, legalActions, pendingSeats } from '../../src/tactical/apply.js';
import { step } from '../../src/tactical/hex.js';
import { type TacticalMap, type Terrain, tacticalMapFromData } from '../../src/tactical/map.js';
import { parseScenario } from '../../src/tactical/scenario.js';
import type { ScenarioInput } from '../../src/tactical/schema.js';
import { setupBattle } from '../../src/tactical/setup.js';
import type { TacState, UnitState } from '../../src/tactical/state.js';
import { type FixtureUnit, fixtureRatings, fixtureScenario } from './fixtures.js';

export interface MapSpec {
  cols?: number;
  rows?: number;
  terrain?: Record<string, Terrain>;
  elevation?: Record<string, number>;
  hexsides?: { a: string; b: string; features: ('stream' | 'bridge' | 'ford' | 'abatis' | 'road')[] }[];
}

export function fixtureMap(spec: MapSpec = {}): TacticalMap {
  const cols = spec.cols ?? 12;
  const rows = spec.rows ?? 12;
  const hexes = [];
  for (let c = 1; c <= cols; c++)
    for (let r = 1; r <= rows; r++) {
      const id = `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
      hexes.push({ id, terrain: spec.terrain?.[id] ?? 'clear', elevation: spec.elevation?.[id] ?? 0 });
    }
  const m = tacticalMapFromData({
    format: 1,
    id: 'fixture',
    name: 'Fixture field',
    provenance: 'generated',
    rationale: 'test fixture',
    columns: { from: 1, to: cols },
    rows: { from: 1, to: rows },
    hexes,
    hexsides: spec.hexsides ?? [],
    labels: [],
    edges: { prussia: 'west', austria: 'east' },
  });
  if (!m.ok) throw new Error(m.error);
  return m.map;
}

export function battle(
  units: FixtureUnit[],
  opts: {
    map?: MapSpec;
    dice?: number[];
    seed?: number;
    scenario?: Partial<ScenarioInput>;
    leaders?: Record<string, string | null>;
  } = {},
): TacState {
  const map = fixtureMap(opts.map);
  const input = fixtureScenario(units, opts.scenario);
  for (const [id, hex] of Object.entries(opts.leaders ?? {})) {
    const l = input.leaders.find((x) => x.id === id);
    if (l) l.hex = hex;
  }
  const sc = parseScenario(input, fixtureRatings, (h) => map.has(h));
  if (!sc.ok) throw new Error(sc.errors.join('\n'));
  const r = setupBattle(sc.value, map, opts.seed ?? 1, { dice: opts.dice ?? [] });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.state;
}

/** Applies and expects success. */
export function act(s: TacState, seat: string, action: unknown): TacState {
  const r = apply(s, seat, action);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r.state;
}

/** Applies and expects a refusal naming `rule`; the state is unchanged. */
export function refused(s: TacState, seat: string, action: unknown, rule: string): string {
  const before = JSON.stringify(s);
  const r = apply(s, seat, action);
  expect(r.ok, JSON.stringify(action)).toBe(false);
  if (r.ok) return '';
  expect(r.error.rule).toBe(rule);
  expect(JSON.stringify(s)).toBe(before);
  return r.error.message;
}

export function unit(s: TacState, id: string): UnitState {
  const u = s.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** Forces the next die rolls. */
export function dice(s: TacState, ...rolls: number[]): TacState {
  const c = structuredClone(s);
  c.rng.forced = [...rolls];
  return c;
}

/** Puts `side` in an activation of `formations` directly (bypasses initiative for rule tests). */
export function activate(
  s: TacState,
  side: 'prussia' | 'austria',
  formations: string[],
  rolls: number[] = [],
): TacState {
  let c = structuredClone(s);
  c.rng.forced = [];
  // Drive to operations with the given side choosing.
  for (
    let i = 0;
    i < 50 && !(c.phase === 'operations' && !c.activation && c.segment?.queue[0] === side);
    i++
  ) {
    const seat = pendingSeats(c)[0];
    if (!seat) break;
    if (c.phase === 'operations' && !c.activation && c.segment) {
      c.segment.queue = [side, side === 'prussia' ? 'austria' : 'prussia'];
      c.segment.winner = side;
      c.segment.double = true;
      break;
    }
    c = act(c, seat, { type: 'done' });
  }
  c.rng.forced = [...rolls];
  return act(c, side, { type: 'activate', formations });
}

export { legalActions, pendingSeats };

/** The neighbour of a hex in direction d (0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW). */
export function nb(hex: string, d: number): string {
  const n = step(hex, d as 0);
  if (!n) throw new Error(`no neighbour of ${hex} in ${d}`);
  return n;
}

/** Answers prompts: a value per prompt kind (or the default), until none is left or `stopAt` kind comes. */
export function settlePrompts(
  s: TacState,
  choices: Record<string, string | string[]> = {},
  stopAt?: string,
): TacState {
  let c = s;
  const queues = Object.fromEntries(
    Object.entries(choices).map(([k, v]) => [k, Array.isArray(v) ? [...v] : [v]]),
  );
  for (let i = 0; i < 50 && c.prompt; i++) {
    const p = c.prompt;
    if (p.kind === stopAt) break;
    const q = queues[p.kind];
    const value = q?.length ? (q.length > 1 ? q.shift()! : q[0]!) : p.options[p.default]!.value;
    c = act(c, p.side, { type: 'choose', value });
  }
  return c;
}

/** Event texts of one apply. */
export function eventsOf(
  s: TacState,
  seat: string,
  action: unknown,
): { state: TacState; texts: string[]; events: { type: string; [k: string]: unknown }[] } {
  const r = apply(s, seat, action);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return { state: r.state, texts: r.events.map((e) => e.text), events: r.events };
}

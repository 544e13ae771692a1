// The strategic context of a campaign battle's field (design 5.2), read from the strategic map and
// the campaign state: terrain, hexsides, town, season, and the edge each army came from.
import {
  arrivalOf,
  type GameState,
  type HexId,
  NATIONALITIES,
  type Side as StrategicSide,
  sideOf,
} from '../../engine/index.js';
import { directionTo, neighbours } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import type { Edge, FieldContext } from './field.js';

export interface FieldEdges {
  attacker: Edge;
  defender: Edge;
  /** What decided: the attacker's arrival hexside, the defender's, or (both unknown) the seed. */
  from: 'attacker' | 'defender' | 'seed';
}

const opposite = (e: Edge): Edge => (e === 'west' ? 'east' : 'west');

/**
 * The field's long axis runs west-east; every strategic hexside has a west or east component
 * (rows are offset, map/hex.ts), so an arrival from NE, E or SE is from the east.
 */
function edgeOf(hex: HexId, from: HexId): Edge | undefined {
  const d = directionTo(hex, from);
  return d === undefined ? undefined : d.includes('E') ? 'east' : 'west';
}

/** The edge a strategic side came from: its largest nationality (SP in the hex) with a record. */
function sideEdge(state: GameState, map: StrategicMap, hex: HexId, side: StrategicSide): Edge | undefined {
  const near = new Set(neighbours(hex, map.rows, map.cols));
  const hf = state.forces[hex] ?? {};
  const candidates = NATIONALITIES.filter((n) => sideOf(state, n) === side)
    .map((n) => ({ n, sp: hf[n]?.out ?? 0, from: arrivalOf(state, hex, n) }))
    .filter((c) => c.from !== undefined && near.has(c.from))
    .sort((a, b) => b.sp - a.sp);
  const c = candidates[0];
  return c ? edgeOf(hex, c.from!) : undefined;
}

/**
 * Issue #16 (design 5.2, docs/rulings.md "Arrival hexsides"): each army's edge of a generated field
 * follows the direction it came from. The attacker's own arrival decides; else the defender's
 * arrival (the attacker takes the other edge); a defender that did not move gets the edge away from
 * the attacker; when neither moved into the hex (or the campaign keeps no records), the seed.
 */
export function fieldEdges(
  state: GameState,
  map: StrategicMap,
  hex: HexId,
  attacker: StrategicSide,
  seed: number,
): FieldEdges {
  const a = sideEdge(state, map, hex, attacker);
  if (a) return { attacker: a, defender: opposite(a), from: 'attacker' };
  const d = sideEdge(state, map, hex, attacker === 'prussian-allied' ? 'coalition' : 'prussian-allied');
  if (d) return { attacker: opposite(d), defender: d, from: 'defender' };
  const s: Edge = seed % 2 === 0 ? 'west' : 'east';
  return { attacker: s, defender: opposite(s), from: 'seed' };
}

export interface ContextInput {
  hex: string;
  winter: boolean;
  attacker: 'prussia' | 'austria';
  attackerEdge: Edge;
  counters: { attacker: number; defender: number };
}

export function fieldContext(map: StrategicMap, input: ContextInput): FieldContext {
  const sides = neighbours(input.hex, map.rows, map.cols)
    .filter((n) => map.onMap(n))
    .map((n) => map.hexside(input.hex, n));
  const town = map.fortress(input.hex)?.name ?? map.towns().find((t) => t.hex === input.hex)?.name;
  return {
    hex: input.hex,
    region: map.region(input.hex),
    mountain: map.terrain(input.hex) === 'mountain',
    river: sides.some((fs) => fs.some((f) => f.kind === 'river')),
    mountainSides: Math.min(2, sides.filter((fs) => fs.some((f) => f.kind === 'mountain')).length),
    ...(town ? { town } : {}),
    winter: input.winter,
    attacker: input.attacker,
    attackerEdge: input.attackerEdge,
    counters: input.counters,
  };
}

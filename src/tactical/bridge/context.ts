// The strategic context of a campaign battle's field (design 5.2), read from the strategic map.
import { neighbours } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import type { Edge, FieldContext } from './field.js';

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

// Retreat choices (9.5) a player can weigh: each destination named by its compass direction and
// distance from the battle, the nearest place, and what awaits there (supply, enemy next door, own
// forces), ordered with the sensible ones first. Read only from the retreating seat's own view.

import type { Action } from '../../app/engine-port.js';
import { adjacentHexes, distance, hexCentre } from '../../map/hex.js';
import type { NameBook } from '../names.js';

interface ViewLike {
  side?: string | null;
  supply?: string[];
  hexes?: Array<{ hex: string; stacks: Array<{ side: string }> }>;
}

export interface RetreatFacts {
  direction: string;
  steps: number;
  near: string | null;
  supplied: boolean | null;
  enemyNear: boolean;
  friends: boolean;
}

const COMPASS = ['E', 'NE', 'N', 'NW', 'W', 'SW', 'S', 'SE'];

/** 8-point compass direction from one hex to another (rows count from the south). */
export function compass(from: string, to: string): string {
  const a = hexCentre(from);
  const b = hexCentre(to);
  // hexCentre's y grows southward on the page only if rows are drawn top-down; rows count from the
  // south, so a larger row is further north: use the row difference's sign for north.
  const dx = b.x - a.x;
  const north = Number(to.slice(0, 2)) - Number(from.slice(0, 2));
  const dy = north === 0 ? 0 : Math.sign(north) * Math.abs(b.y - a.y);
  const angle = Math.atan2(dy, dx);
  const k = Math.round((angle / (2 * Math.PI)) * 8 + 8) % 8;
  return COMPASS[k] as string;
}

export function retreatFacts(a: Action, view: unknown, names?: NameBook): RetreatFacts | null {
  if (a.type !== 'combat-retreat' || typeof a.hex !== 'string' || typeof a.to !== 'string') return null;
  if (!/^\d{4}$/.test(a.to) || !/^\d{4}$/.test(a.hex)) return null;
  const v = view as ViewLike | null;
  const side = v?.side ?? null;
  const to = a.to;
  let near: string | null = null;
  let best = 4;
  for (const p of names?.places ?? []) {
    const d = distance(to, p.value);
    if (d < best) {
      best = d;
      near = d === 0 ? `at ${p.name}` : `near ${p.name}`;
    }
  }
  const around = new Set([to, ...adjacentHexes(to)]);
  const stacksAt = (hex: string) => v?.hexes?.find((h) => h.hex === hex)?.stacks ?? [];
  const enemyNear = side !== null && [...around].some((h) => stacksAt(h).some((st) => st.side !== side));
  const friends = side !== null && stacksAt(to).some((st) => st.side === side);
  return {
    direction: compass(a.hex, to),
    steps: distance(a.hex, to),
    near,
    supplied: Array.isArray(v?.supply) ? v.supply.includes(to) : null,
    enemyNear,
    friends,
  };
}

/** "Retreat 2 hexes NE to 1730, at Dresden · supplied · your forces there". */
export function retreatLabel(a: Action, view: unknown, names?: NameBook): string | null {
  const f = retreatFacts(a, view, names);
  if (!f) return null;
  const parts = [
    `Retreat ${f.steps} ${f.steps === 1 ? 'hex' : 'hexes'} ${f.direction} to ${a.to}${f.near ? `, ${f.near}` : ''}`,
  ];
  if (f.supplied !== null) parts.push(f.supplied ? 'supplied' : 'out of supply');
  if (f.enemyNear) parts.push('next to the enemy');
  if (f.friends) parts.push('your forces there');
  return parts.join(' · ');
}

/** Sensible retreats first: supplied, away from the enemy, toward friends; then by direction. */
export function orderRetreats(actions: Action[], view: unknown, names?: NameBook): Action[] {
  const score = (a: Action): number[] => {
    if (a.type === 'combat-retreat' && a.to === 'fortress') return [-1, 0, 0, 0];
    const f = retreatFacts(a, view, names);
    if (!f) return [9, 0, 0, 0];
    return [
      f.supplied === false ? 1 : 0,
      f.enemyNear ? 1 : 0,
      f.friends ? 0 : 1,
      COMPASS.indexOf(f.direction),
    ];
  };
  const keyed = actions.map((a, i) => ({ a, k: score(a), i }));
  keyed.sort((x, y) => {
    for (let j = 0; j < 4; j++)
      if ((x.k[j] as number) !== (y.k[j] as number)) return (x.k[j] as number) - (y.k[j] as number);
    return x.i - y.i;
  });
  return keyed.map((x) => x.a);
}

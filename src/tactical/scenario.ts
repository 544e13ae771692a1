// Loading a Leuthen scenario: zod shape (schema.ts), then the cross-references zod cannot see
// (formations, leaders, ratings, one C-in-C a side, set-up stacking), then the resolved values each
// counter plays with. Errors name the field; nothing throws for bad data (parseScenario returns them).
import {
  type Rating,
  type RatingsFile,
  ratingsFileSchema,
  type ScenarioData,
  type Side,
  scenarioSchema,
} from './schema.js';

export interface ResolvedUnit {
  id: string;
  side: Side;
  formation: string;
  name: string;
  arm: ScenarioData['units'][number]['arm'];
  flags: string[];
  cp: number;
  ma: number;
  morale: number;
  firePoints: number;
  hex: string | null;
  facing: number;
  entry?: { hex: string; order: number };
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

function zodErrors(issues: { path: PropertyKey[]; message: string }[], what: string): string[] {
  return issues.slice(0, 10).map((i) => `${what}: ${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
}

export function parseRatings(raw: unknown): Parsed<RatingsFile> {
  const r = ratingsFileSchema.safeParse(raw);
  if (!r.success) return { ok: false, errors: zodErrors(r.error.issues, 'ratings') };
  const seen = new Set<string>();
  const errors: string[] = [];
  for (const [i, x] of r.data.ratings.entries()) {
    if (seen.has(x.key)) errors.push(`ratings: ratings.${i}.key: duplicate key "${x.key}"`);
    seen.add(x.key);
    if (x.arm === 'artillery' && x.firePoints === undefined)
      errors.push(`ratings: ratings.${i}.firePoints: an artillery rating needs fire points (10.2)`);
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: r.data };
}

/** The values a unit plays with: its own, else its rating's (an unknown rating is an error). */
export function resolveUnit(
  u: ScenarioData['units'][number],
  ratings: Map<string, Rating>,
): ResolvedUnit | string {
  const rating = u.rating === undefined ? undefined : ratings.get(u.rating);
  if (u.rating !== undefined && !rating) return `rating: unknown rating "${u.rating}"`;
  if (rating && (rating.arm !== u.arm || rating.side !== u.side))
    return `rating: "${u.rating}" is for ${rating.side} ${rating.arm}, the unit is ${u.side} ${u.arm}`;
  const ma = u.ma ?? rating?.ma;
  const morale = u.morale ?? rating?.morale;
  if (ma === undefined) return 'ma: no movement allowance (give ma or a rating)';
  if (morale === undefined) return 'morale: no morale (give morale or a rating)';
  const art = u.arm === 'artillery';
  const firePoints = art ? (u.firePoints ?? rating?.firePoints) : 0;
  if (art && firePoints === undefined) return 'firePoints: a battery needs fire points (10.2)';
  const cp = art ? 0 : (u.cp ?? rating?.cp);
  if (cp === undefined || (!art && cp < 1)) return 'cp: a non-artillery unit needs 1-3 combat points (1)';
  return {
    id: u.id,
    side: u.side,
    formation: u.formation,
    name: u.name,
    arm: u.arm,
    flags: [...u.flags],
    cp,
    ma,
    morale,
    firePoints: firePoints ?? 0,
    hex: u.hex,
    facing: u.facing,
    ...(u.entry ? { entry: u.entry } : {}),
  };
}

export interface LoadedScenario {
  data: ScenarioData;
  ratings: RatingsFile;
  units: ResolvedUnit[];
}

/**
 * Shape and cross-reference checks. `hexExists` (from the map) checks set-up hexes when given.
 * Stacking at set-up (3) is checked by setup() with the engine's stacking rule.
 */
export function parseScenario(
  raw: unknown,
  ratingsRaw: unknown,
  hexExists?: (hex: string) => boolean,
): Parsed<LoadedScenario> {
  const rr = parseRatings(ratingsRaw);
  if (!rr.ok) return rr;
  const p = scenarioSchema.safeParse(raw);
  if (!p.success) return { ok: false, errors: zodErrors(p.error.issues, 'scenario') };
  const d = p.data;
  const errors: string[] = [];
  const formations = new Map(d.formations.map((f) => [f.id, f]));
  const leaders = new Map(d.leaders.map((l) => [l.id, l]));
  const ids = new Set<string>();
  const dup = (id: string, where: string) => {
    if (ids.has(id)) errors.push(`scenario: ${where}: id "${id}" is used twice`);
    ids.add(id);
  };
  d.formations.forEach((f, i) => {
    dup(f.id, `formations.${i}.id`);
    if (f.leader !== undefined) {
      const l = leaders.get(f.leader);
      if (!l) errors.push(`scenario: formations.${i}.leader: unknown leader "${f.leader}"`);
      else if (l.side !== f.side)
        errors.push(`scenario: formations.${i}.leader: "${f.leader}" is on the other side`);
      else if (l.role === 'cinc')
        errors.push(`scenario: formations.${i}.leader: a C-in-C leads no formation (8)`);
    } else if (f.kind !== 'independent')
      errors.push(`scenario: formations.${i}.leader: a ${f.kind} formation needs a leader (9)`);
  });
  for (const side of ['prussia', 'austria'] as const) {
    const c = d.leaders.filter((l) => l.side === side && l.role === 'cinc');
    if (c.length !== 1)
      errors.push(`scenario: leaders: ${side} needs exactly one C-in-C (8), found ${c.length}`);
    if (!d.formations.some((f) => f.side === side))
      errors.push(`scenario: formations: ${side} has no formation (5)`);
  }
  d.leaders.forEach((l, i) => {
    dup(l.id, `leaders.${i}.id`);
    if (l.role !== 'cinc' && l.activation === undefined)
      errors.push(`scenario: leaders.${i}.activation: a ${l.role} leader needs an activation value (8.3)`);
    if (l.successor !== undefined) {
      const s = leaders.get(l.successor);
      if (!s || s.side !== l.side)
        errors.push(`scenario: leaders.${i}.successor: unknown leader "${l.successor}" of ${l.side}`);
    }
    if (l.onFall !== undefined && l.role !== 'cinc')
      errors.push(`scenario: leaders.${i}.onFall: only a C-in-C's fall has an effect of its own (8.4)`);
    if (l.hex !== null && hexExists && !hexExists(l.hex))
      errors.push(`scenario: leaders.${i}.hex: hex ${l.hex} is not on the map`);
  });
  const ratingMap = new Map(rr.value.ratings.map((r) => [r.key, r]));
  const units: ResolvedUnit[] = [];
  d.units.forEach((u, i) => {
    dup(u.id, `units.${i}.id`);
    const f = formations.get(u.formation);
    if (!f) errors.push(`scenario: units.${i}.formation: unknown formation "${u.formation}"`);
    else if (f.side !== u.side)
      errors.push(`scenario: units.${i}.formation: "${u.formation}" belongs to ${f.side}`);
    if (u.hex !== null && hexExists && !hexExists(u.hex))
      errors.push(`scenario: units.${i}.hex: hex ${u.hex} is not on the map`);
    if (u.entry && d.strategicTurns && !d.strategicTurns.entryHexes.includes(u.entry.hex))
      errors.push(`scenario: units.${i}.entry.hex: ${u.entry.hex} is not an entry hex of the scenario`);
    if (u.hex === null && !d.strategicTurns)
      errors.push(`scenario: units.${i}.hex: only a scenario with strategic turns has units entering later`);
    const r = resolveUnit(u, ratingMap);
    if (typeof r === 'string') errors.push(`scenario: units.${i}.${r}`);
    else units.push(r);
  });
  if (d.deployment) {
    const theirs = new Set(d.deployment.zones.austria);
    const both = d.deployment.zones.prussia.filter((r) => theirs.has(r));
    if (both.length)
      errors.push(
        `scenario: deployment.zones: rows ${both.join(', ')} are in both zones (they must be disjoint)`,
      );
  }
  for (const id of Object.keys(d.victory.aftermath?.initiative ?? {})) {
    const l = leaders.get(id);
    if (!l) errors.push(`scenario: victory.aftermath.initiative: unknown leader "${id}"`);
    else if (l.role !== 'cinc' && !d.leaders.some((x) => x.successor === id))
      errors.push(
        `scenario: victory.aftermath.initiative: "${id}" is neither a commander-in-chief nor a named successor (8.4)`,
      );
  }
  for (const o of d.victory.vp.objectives)
    if (hexExists && !hexExists(o.hex))
      errors.push(`scenario: victory.vp.objectives: hex ${o.hex} is not on the map`);
  if (d.strategicTurns && hexExists)
    for (const h of d.strategicTurns.entryHexes)
      if (!hexExists(h)) errors.push(`scenario: strategicTurns.entryHexes: hex ${h} is not on the map`);
  return errors.length ? { ok: false, errors } : { ok: true, value: { data: d, ratings: rr.value, units } };
}

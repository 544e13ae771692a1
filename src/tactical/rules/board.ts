// Board queries shared by every rule: who is where, facing arcs (2), ZOC (6), stacking (3), terrain
// costs (7.1, from the Terrain Table), line of sight (10.2) and command tracing (8.2, 9.1, 9.3).
// Pure functions of (state, env); nothing here changes the state.
import type { Env } from '../env.js';
import {
  type ArcClass,
  arcDirections,
  type Dir,
  directionTo,
  distance,
  lineSteps,
  step,
  type Vertex,
  vertexSides,
} from '../hex.js';
import type { Terrain } from '../map.js';
import type { LeaderState, Side, TacState, UnitState } from '../state.js';
import { otherSide } from '../state.js';
import type { MoveClass } from '../tables/index.js';

export function unitOf(s: TacState, id: string): UnitState | undefined {
  return s.units.find((u) => u.id === id);
}

export function leaderOf(s: TacState, id: string): LeaderState | undefined {
  return s.leaders.find((l) => l.id === id);
}

/** Units on the map (not eliminated, not off the map). */
export function onMap(s: TacState): UnitState[] {
  return s.units.filter((u) => !u.eliminated && u.hex !== null);
}

export function unitsAt(s: TacState, hex: string): UnitState[] {
  return s.units.filter((u) => u.hex === hex && !u.eliminated);
}

export function leadersAt(s: TacState, hex: string): LeaderState[] {
  return s.leaders.filter((l) => l.hex === hex && !l.eliminated);
}

export const isInfantry = (u: UnitState): boolean => u.arm === 'infantry' || u.arm === 'light-infantry';
export const isCavalry = (u: UnitState): boolean => u.arm === 'cavalry' || u.arm === 'light-cavalry';
export const isArtillery = (u: UnitState): boolean => u.arm === 'artillery';
export const isLight = (u: UnitState): boolean => u.arm === 'light-infantry' || u.arm === 'light-cavalry';

export function moveClass(u: UnitState): MoveClass {
  return isArtillery(u) ? 'artillery' : isCavalry(u) ? 'cavalry' : 'infantry';
}

/** The terrain a hex counts as: a breached churchyard is a village (ruling Breaching). */
export function effTerrain(s: TacState, env: Env, hex: string): Terrain {
  const t = env.map.terrain(hex);
  if (s.breached.includes(hex)) return env.tables.terrain.terrain[t].breachedAs ?? t;
  return t;
}

export function terrainRow(s: TacState, env: Env, hex: string) {
  return env.tables.terrain.terrain[effTerrain(s, env, hex)];
}

/** 2: the arc class of a unit where it stands (infantry in a town has six front hexes). */
export function arcClass(s: TacState, env: Env, u: UnitState): ArcClass {
  if (isArtillery(u)) return 'artillery';
  if (isCavalry(u)) return 'cavalry';
  return u.hex !== null && terrainRow(s, env, u.hex).builtUp ? 'infantry-in-town' : 'infantry';
}

function hexesIn(env: Env, hex: string, dirs: readonly Dir[]): string[] {
  const out: string[] = [];
  for (const d of dirs) {
    const n = env.map.neighbourIn(hex, d);
    if (n) out.push(n);
  }
  return out;
}

export function frontHexes(s: TacState, env: Env, u: UnitState): string[] {
  if (u.hex === null) return [];
  return hexesIn(env, u.hex, arcDirections(arcClass(s, env, u), u.facing as Vertex).front);
}

export function flankHexesOf(s: TacState, env: Env, u: UnitState): string[] {
  if (u.hex === null) return [];
  return hexesIn(env, u.hex, arcDirections(arcClass(s, env, u), u.facing as Vertex).flank);
}

/** The arc of unit u that hex `other` (adjacent) lies in. */
export function arcTowards(
  s: TacState,
  env: Env,
  u: UnitState,
  other: string,
): 'front' | 'flank' | 'rear' | undefined {
  if (u.hex === null) return undefined;
  const d = directionTo(u.hex, other);
  if (d === undefined) return undefined;
  const a = arcDirections(arcClass(s, env, u), u.facing as Vertex);
  if (a.front.includes(d)) return 'front';
  if (a.flank.includes(d)) return 'flank';
  if (a.rear.includes(d)) return 'rear';
  return undefined;
}

/** 7.1: movement only into the two hexes of the facing vertex (every arm, 7.1 "even for cavalry"). */
export function moveHexes(env: Env, u: UnitState): string[] {
  if (u.hex === null) return [];
  return hexesIn(env, u.hex, vertexSides(u.facing as Vertex));
}

/** 7.3: the two rear hexes a unit may withdraw into, keeping its facing. */
export function rearHexes(env: Env, u: UnitState): string[] {
  if (u.hex === null) return [];
  const v = u.facing;
  return hexesIn(env, u.hex, [((v + 3) % 6) as Dir, ((v + 4) % 6) as Dir]);
}

/** 6: units with a ZOC: not leaders, not artillery, not routed (12.4). */
export function exertsZoc(u: UnitState): boolean {
  return !u.eliminated && u.hex !== null && !u.routed && !isArtillery(u);
}

// Read-only memo for legal-action generation: the same state is asked the same board questions
// hundreds of times (one per candidate order). Only used inside withBoardMemo, never while a state
// is being changed.
let memo: { s: TacState; cache: Map<string, unknown> } | null = null;

export function withBoardMemo<T>(s: TacState, f: () => T): T {
  const prev = memo;
  memo = { s, cache: new Map() };
  try {
    return f();
  } finally {
    memo = prev;
  }
}

function memoized<T>(s: TacState, key: string, f: () => T): T {
  if (!memo || memo.s !== s) return f();
  if (memo.cache.has(key)) return memo.cache.get(key) as T;
  const v = f();
  memo.cache.set(key, v);
  return v;
}

/** 6 / 6.1: hexes in the ZOC of `side`'s units (frontal hexes; never into woods or towns). */
export function zocOf(s: TacState, env: Env, side: Side): Set<string> {
  return memoized(s, `zoc:${side}`, () => zocOfNow(s, env, side));
}

function zocOfNow(s: TacState, env: Env, side: Side): Set<string> {
  const out = new Set<string>();
  for (const u of s.units) {
    if (u.side !== side || !exertsZoc(u)) continue;
    for (const h of frontHexes(s, env, u)) if (terrainRow(s, env, h).zoc) out.add(h);
  }
  return out;
}

/** 6.2: hexes in the flank of `side`'s (non-routed) units. */
export function flanksOf(s: TacState, env: Env, side: Side): Set<string> {
  return memoized(s, `flank:${side}`, () => flanksOfNow(s, env, side));
}

function flanksOfNow(s: TacState, env: Env, side: Side): Set<string> {
  const out = new Set<string>();
  for (const u of s.units) {
    if (u.side !== side || u.eliminated || u.hex === null || u.routed) continue;
    for (const h of flankHexesOf(s, env, u)) out.add(h);
  }
  return out;
}

/** 3: whether these units may share a hex. */
export function stackOk(units: readonly UnitState[]): boolean {
  const us = units.filter((u) => !u.eliminated);
  if (us.length <= 1) return true;
  if (us.length > 2) return false;
  const [a, b] = us as [UnitState, UnitState];
  if (a.side !== b.side) return false;
  if (isArtillery(a) && isArtillery(b)) return a.firePoints + b.firePoints <= 4;
  const foot = (u: UnitState) => isInfantry(u) || u.flags.includes('dragoon');
  return (isArtillery(a) && foot(b)) || (isArtillery(b) && foot(a));
}

/** 3: whether unit u may stand in hex with what is there now. */
export function mayStackInto(s: TacState, u: UnitState, hex: string): boolean {
  const there = unitsAt(s, hex).filter((x) => x.id !== u.id);
  return stackOk([...there, u]);
}

export function enemyIn(s: TacState, side: Side, hex: string): boolean {
  return s.units.some((u) => u.hex === hex && !u.eliminated && u.side !== side);
}

export function friendIn(s: TacState, side: Side, hex: string): boolean {
  return s.units.some((u) => u.hex === hex && !u.eliminated && u.side === side);
}

/**
 * 7.1: MP to enter `to` from adjacent `from` for a movement class (Terrain Table), or null when
 * prohibited. A road across the hexside replaces the hex's terrain cost; hexside features add
 * theirs (a bridge or ford replaces the stream); moving uphill adds the uphill cost.
 */
export function enterCost(s: TacState, env: Env, cls: MoveClass, from: string, to: string): number | null {
  const t = env.tables.terrain;
  const row = terrainRow(s, env, to);
  const base = row.mp[cls];
  if (base === null) return null;
  const f = env.map.hexsideFeatures(from, to);
  let cost = f.includes('road') ? (t.hexsides.road.roadCost ?? base) : base;
  if (f.includes('stream')) {
    const x = f.includes('bridge')
      ? t.hexsides.bridge
      : f.includes('ford')
        ? t.hexsides.ford
        : t.hexsides.stream;
    const m = x.mp[cls];
    if (m === null) return null;
    cost += m;
  }
  if (f.includes('abatis')) {
    const m = t.hexsides.abatis.mp[cls];
    if (m === null) return null;
    cost += m;
  }
  if (env.map.elevation(to) > env.map.elevation(from)) cost += t.uphill.mp;
  return cost;
}

/** Whether a class may enter `to` from `from` at all (11.2: cavalry may not attack where it may not enter). */
export function mayEnter(s: TacState, env: Env, cls: MoveClass, from: string, to: string): boolean {
  return enterCost(s, env, cls, from, to) !== null;
}

/** 12.6: light troops gain +1 morale in woods. */
export function effMorale(s: TacState, env: Env, u: UnitState): number {
  const woods = u.hex !== null && effTerrain(s, env, u.hex) === 'woods';
  return u.morale + (isLight(u) && woods ? 1 : 0);
}

// --- line of sight (10.2) ----------------------------------------------------------------------

function losObstacle(s: TacState, env: Env, hex: string, from: string, to: string): boolean {
  if (terrainRow(s, env, hex).losObstacle) return true;
  const e = env.map.elevation(hex);
  return e > env.map.elevation(from) && e > env.map.elevation(to);
}

/**
 * 10.2: line of sight from `from` to `to`. Adjacent hexes always see each other. Between them, a
 * hex with any unit, or an obstacle hex (village, woods, a hill higher than both ends), blocks;
 * where the line runs along a hexside both hexes must block (hex edges do not block, ruling
 * 10.2). From a lower elevation, an obstacle adjacent to the target does not block.
 */
export function hasLos(s: TacState, env: Env, from: string, to: string): boolean {
  if (from === to || distance(from, to) <= 1) return true;
  return memoized(s, `los:${from}:${to}`, () => hasLosNow(s, env, from, to));
}

function hasLosNow(s: TacState, env: Env, from: string, to: string): boolean {
  const lower = env.map.elevation(from) < env.map.elevation(to);
  const steps = lineSteps(from, to);
  for (let i = 1; i < steps.length - 1; i++) {
    const st = steps[i]!;
    const blocks = st.every((h) => {
      if (!env.map.has(h)) return false;
      if (s.units.some((u) => u.hex === h && !u.eliminated)) return true;
      if (!losObstacle(s, env, h, from, to)) return false;
      return !(lower && distance(h, to) === 1);
    });
    if (blocks) return false;
  }
  return true;
}

/** 10.2: artillery fires only through its two frontal hexes (the hexes of its facing vertex). */
export function inFieldOfFire(_env: Env, u: UnitState, target: string): boolean {
  if (u.hex === null) return false;
  const front = vertexSides(u.facing as Vertex)
    .map((d) => step(u.hex as string, d))
    .filter((h): h is string => h !== undefined);
  if (front.includes(target)) return true;
  const steps = lineSteps(u.hex, target);
  const first = steps[1];
  return (first?.some((h) => front.includes(h)) ?? false) && distance(u.hex, target) > 1;
}

// --- command (8.2, 9.1, 9.3) -------------------------------------------------------------------

/**
 * 8.2 / 6.1 (ruling): hexes a chain of command of `side` (and its leaders' movement, 7.4) may not
 * enter: front hexes of enemy units that have a ZOC and flank hexes of enemy infantry, unless a
 * friendly unit stands there; and enemy-occupied hexes.
 */
export function commandBlocked(s: TacState, env: Env, side: Side): Set<string> {
  return memoized(s, `block:${side}`, () => commandBlockedNow(s, env, side));
}

function commandBlockedNow(s: TacState, env: Env, side: Side): Set<string> {
  const out = new Set<string>();
  const enemy = otherSide(side);
  for (const u of s.units) {
    if (u.side !== enemy || u.eliminated || u.hex === null) continue;
    out.add(u.hex);
    if (!exertsZoc(u)) continue;
    for (const h of frontHexes(s, env, u)) out.add(h);
    for (const h of flankHexesOf(s, env, u)) out.add(h);
  }
  for (const u of s.units) {
    if (u.side === side && !u.eliminated && u.hex !== null && !enemyIn(s, side, u.hex)) out.delete(u.hex);
  }
  return out;
}

/** 8.2: hexes within `range` steps of `from` by a chain avoiding blocked hexes (from itself counts). */
export function commandReach(
  env: Env,
  from: string,
  range: number,
  blocked: Set<string>,
): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; d <= range && frontier.length; d++) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of env.map.neighbours(h)) {
        if (dist.has(n) || blocked.has(n)) continue;
        dist.set(n, d);
        next.push(n);
      }
    frontier = next;
  }
  return dist;
}

/** 9.3: two units of a formation are in one battle line (infantry flank to flank; cavalry adjacent). */
export function lineLinked(s: TacState, env: Env, a: UnitState, b: UnitState): boolean {
  if (a.hex === null || b.hex === null || distance(a.hex, b.hex) !== 1) return false;
  if (isCavalry(a) && isCavalry(b)) return true;
  if (!isInfantry(a) || !isInfantry(b)) return false;
  return flankHexesOf(s, env, a).includes(b.hex) && flankHexesOf(s, env, b).includes(a.hex);
}

/** Distance between two hexes (re-export for rules modules). */
export { distance };

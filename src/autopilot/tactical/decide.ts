// The tactical autopilot (issue #14 item 7, design 5.8): one decision at a time for one side, from
// that side's view of the battle and among the legal actions only. Postures (plan.ts) say what each
// formation wants; moves go one hex at a time toward the formation's target; attacks are chosen by
// their expected result, computed from the shock and fire tables (never from the dice to come);
// prompts (losses, retreats, advances, reaction fire, aides) follow standing orders. Deterministic:
// ties are broken by the autopilot's own seeded RNG, never by the game's dice.
import type { TacAction } from '../../tactical/actions.js';
import type { Env } from '../../tactical/env.js';
import type { TacticalMap } from '../../tactical/map.js';
import {
  distance,
  effMorale,
  frontHexes,
  isArtillery,
  isCavalry,
  mayEnter,
  terrainRow,
  unitOf,
} from '../../tactical/rules/board.js';
import {
  batteryCanFireAt,
  chargeShifts,
  loneBattery,
  protection,
  shockOdds,
} from '../../tactical/rules/combat.js';
import { victoryPoints } from '../../tactical/rules/victory.js';
import type { Side, TacState, UnitState } from '../../tactical/state.js';
import { crtLookup, type ShockResult } from '../../tactical/tables/index.js';
import type { AutopilotRng } from '../rng.js';
import { anchorHex, type FormationPlan, formationPlan, planFor } from './plan.js';

/** Who plays a side: the autopilot, uniform random legal play, or a side that never moves. */
export type TacPolicy = 'autopilot' | 'random' | 'hold';
export const TAC_POLICIES: readonly TacPolicy[] = ['autopilot', 'random', 'hold'];

export interface TacDecision {
  action: TacAction;
  why: string;
}

/** Expected CP-equivalent gain an attack must promise (tuned by ftg battle balance). */
const ATTACK_THRESHOLD = 0.5;
/** What a shock from a hex next to the target must promise before a unit steps into it. */
const CLOSE_THRESHOLD = 0.25;
/** How far both thresholds fall by the last turn for a side that is not ahead on points. */
const URGENCY = 0.6;
/** Fire risks nothing: any expected gain will do. */
const FIRE_THRESHOLD = 0.05;

type MoveCls = 'infantry' | 'cavalry' | 'artillery';

/**
 * Tables that depend on the battlefield only (terrain, hexside features, the terrain table and the
 * walls breached so far), kept per map object for the whole process: a campaign battle's generated
 * field is another map, and may even reuse an id, so the map object itself is the key (held weakly,
 * so finished battles' maps can go).
 */
const terrainCaches = new WeakMap<TacticalMap, WeakMap<Env['tables'], Map<string, unknown>>>();
function terrainCache(env: Env): Map<string, unknown> {
  let byTables = terrainCaches.get(env.map);
  if (!byTables) {
    byTables = new WeakMap();
    terrainCaches.set(env.map, byTables);
  }
  let m = byTables.get(env.tables);
  if (!m) {
    m = new Map();
    byTables.set(env.tables, m);
  }
  return m;
}

/**
 * Steps from every hex to next to `target` for a movement class, around what the class may not
 * cross (marsh, abatis, the churchyard wall for horse...), ignoring units.
 */
export function pathSteps(s: TacState, env: Env, cls: MoveCls, from: string, target: string): number {
  const cache = terrainCache(env);
  const key = `path|${s.breached.join(',')}|${cls}|${target}`;
  let m = cache.get(key) as Map<string, number> | undefined;
  if (!m) {
    m = new Map([[target, 0]]);
    const queue = [target];
    for (let i = 0; i < queue.length; i++) {
      const h = queue[i]!;
      const d = m.get(h)!;
      for (const n of env.map.neighbours(h)) {
        if (m.has(n)) continue;
        // n -> h must be a legal step (the target itself is only to be reached next to it).
        if (h !== target && !mayEnter(s, env, cls, n, h)) continue;
        if (h === target && !mayEnter(s, env, cls, n, n)) continue;
        m.set(n, d + 1);
        queue.push(n);
      }
    }
    cache.set(key, m);
  }
  return m.get(from) ?? 60 + distance(from, target);
}

/** 11.2: whether horse may attack into a hex from some neighbour (terrain and breaches only). */
function horseMayAttack(s: TacState, env: Env, hex: string): boolean {
  const cache = terrainCache(env);
  const key = `horse|${s.breached.join(',')}|${hex}`;
  let r = cache.get(key) as boolean | undefined;
  if (r === undefined) {
    r = env.map.neighbours(hex).some((n) => mayEnter(s, env, 'cavalry', n, hex));
    cache.set(key, r);
  }
  return r;
}

const other = (side: Side): Side => (side === 'prussia' ? 'austria' : 'prussia');
const alive = (u: UnitState) => !u.eliminated && u.hex !== null;

/** One decision for `side` among `legal` (non-empty). */
export function decideTactical(
  s: TacState,
  env: Env,
  side: Side,
  legal: readonly TacAction[],
  rng: AutopilotRng,
  policy: TacPolicy = 'autopilot',
): TacDecision {
  if (legal.length === 0) throw new Error('decideTactical: no legal action');
  if (policy === 'random') return { action: rng.pick(legal), why: 'random legal action' };
  if (policy === 'hold') return hold(s, legal);
  return new Autopilot(s, env, side, legal, rng).decide();
}

function hold(s: TacState, legal: readonly TacAction[]): TacDecision {
  const choose = legal.filter((a) => a.type === 'choose');
  if (choose.length && s.prompt) {
    const v = s.prompt.options[s.prompt.default]?.value;
    const a = choose.find((x) => x.type === 'choose' && x.value === v) ?? choose[0]!;
    return { action: a, why: 'hold: the default answer' };
  }
  const done = legal.find((a) => a.type === 'done');
  if (done) return { action: done, why: 'hold: stay in place' };
  const act = legal.find((a) => a.type === 'activate');
  return { action: act ?? legal[0]!, why: 'hold: the first formation' };
}

/**
 * Value of a unit routing (CP-equivalents): half its CP in victory points, the rest toward the army's
 * withdrawal level and the chance that it is cut down or driven off the map (12.4), plus the
 * column shift of +2 every later attack on it gets (11.4).
 */
const routValue = (u: UnitState) => 0.8 * u.cp + 0.5;

/**
 * Value of one Disorganization result on a unit. 12.3: an already Disorganized unit checks at +2
 * and routs above its morale, else loses a step; 12.2: an Ordered unit next to the enemy keeps its
 * marker while it stays in an enemy ZOC, so the next D result puts it to that check.
 */
function disorgValue(u: UnitState): number {
  const pRout = Math.min(1, Math.max(0, (6 - (u.morale - 2)) / 6));
  if (u.disorganized) return pRout * routValue(u) + (1 - pRout) * 1;
  return 0.3 + 0.25 * pRout * routValue(u);
}

/** Value of a shock result to the side that suffers it (CP-equivalents). */
function harm(r: ShockResult, units: readonly UnitState[]): number {
  const cp = units.reduce((a, u) => a + u.cp, 0);
  if (r.e) return cp + 1;
  let v = Math.min(r.loss, cp);
  if (r.star) v += units.filter((u) => isCavalry(u) && u.disorganized).reduce((a, u) => a + u.cp, 0);
  if (r.d) v += units.reduce((a, u) => Math.max(a, disorgValue(u)), 0);
  v += r.retreat * 0.3;
  return v;
}

export class Autopilot {
  private readonly enemies: UnitState[];
  private readonly mine: UnitState[];
  private readonly targets = new Map<string, UnitState | undefined>();
  private readonly nearest = new Map<string, number>();
  private readonly urgency: number;
  constructor(
    private readonly s: TacState,
    private readonly env: Env,
    private readonly side: Side,
    private readonly legal: readonly TacAction[],
    private readonly rng: AutopilotRng,
  ) {
    this.enemies = s.units.filter((u) => u.side === other(side) && alive(u));
    this.mine = s.units.filter((u) => u.side === side && alive(u));
    // A side not ahead on points (what it can count from its view) accepts worse attacks as the
    // day runs out: holding on to a lost battle wins nothing.
    const behind = victoryPoints(s, side) <= victoryPoints(s, other(side));
    this.urgency = behind ? (URGENCY * Math.max(0, s.turn - 1)) / Math.max(1, s.lastTurn - 1) : 0;
  }

  decide(): TacDecision {
    const { legal, s } = this;
    if (s.prompt && s.prompt.side === this.side) {
      const d = this.answerPrompt();
      if (d) return d;
    }
    // Design 5.4: the autopilot deploys by the standard template (bridge/deploy.ts) and commits;
    // a draft a player already adjusted (the seat timed out) is committed as it stands.
    const template = legal.find((a) => a.type === 'deploy' && a.template === 'auto' && a.commit);
    if (template) {
      const t = s.deployment?.template.units ?? {};
      const adjusted = this.mine.some(
        (u) => t[u.id] && (t[u.id]!.hex !== u.hex || t[u.id]!.facing !== u.facing),
      );
      return adjusted
        ? this.done('commit the deployment as the player left it')
        : { action: template, why: 'the standard deployment (template)' };
    }
    if (legal.some((a) => a.type === 'activate')) return this.activate();
    if (s.phase === 'barrage') return this.bestAttack(0.05) ?? this.done('no worthwhile barrage target');
    if (s.phase === 'command') return this.moveCinc();
    if (s.activation && s.activation.side === this.side) return this.operate();
    return this.done('nothing to do');
  }

  private done(why: string): TacDecision {
    const d = this.legal.find((a) => a.type === 'done');
    return d ? { action: d, why } : { action: this.legal[0]!, why: `${why} (first legal action)` };
  }

  // --- prompts (standing orders) -------------------------------------------------------------

  private answerPrompt(): TacDecision | undefined {
    const p = this.s.prompt!;
    const pick = (value: string, why: string): TacDecision | undefined => {
      const a = this.legal.find((x) => x.type === 'choose' && x.value === value);
      return a ? { action: a, why } : undefined;
    };
    const values = p.options.map((o) => o.value);
    switch (p.kind) {
      case 'retreat': {
        // Standing order: retreat away from the enemy, avoiding ZOC and flank hexes (labels say so).
        let best = values[p.default]!;
        let score = Number.NEGATIVE_INFINITY;
        for (const o of p.options) {
          const danger =
            (o.label.includes('ZOC') ? 3 : 0) +
            (o.label.includes('flank') ? 1 : 0) +
            (o.label.includes('displaces') ? 1 : 0);
          const sc = this.nearestEnemy(o.value) - danger;
          if (sc > score) {
            score = sc;
            best = o.value;
          }
        }
        return pick(best, 'standing order: retreat away from the enemy');
      }
      case 'advance': {
        // Advance into a village, the churchyard or an objective; otherwise only when attacking.
        const objectives = new Set(this.s.victory.vp.objectives.map((o) => o.hex));
        for (const v of values) {
          if (v === 'none') continue;
          const hex = v.split('@')[1]!;
          const u = unitOf(this.s, v.split('@')[0]!);
          const plan = u ? formationPlan(this.s, this.side, u.formation) : undefined;
          if (objectives.has(hex) || terrainRow(this.s, this.env, hex).builtUp || plan?.posture === 'attack')
            return pick(v, 'standing order: advance into the vacated hex');
        }
        return pick('none', 'standing order: stay');
      }
      case 'reaction': {
        // Standing order: always fire in reaction, at the strongest attacker.
        let best = values.find((v) => v !== 'hold');
        let cp = -1;
        for (const v of values) {
          const u = v === 'hold' ? undefined : unitOf(this.s, v);
          if (u && u.cp > cp) {
            cp = u.cp;
            best = v;
          }
        }
        return best ? pick(best, 'standing order: reaction fire') : undefined;
      }
      case 'loss': {
        // Take losses on the strongest ordered unit, never one that would be eliminated if avoidable.
        const us = values.map((v) => unitOf(this.s, v)).filter((u): u is UnitState => !!u);
        us.sort(
          (a, b) =>
            Number(a.disorganized) - Number(b.disorganized) || b.cp - a.cp || a.id.localeCompare(b.id),
        );
        return us[0] ? pick(us[0].id, 'standing order: the strongest unit takes the loss') : undefined;
      }
      default:
        return pick(values[p.default]!, 'standing order: the default answer');
    }
  }

  // --- activation choice (4.C) ---------------------------------------------------------------

  private formationScore(f: string): number {
    const plan = formationPlan(this.s, this.side, f);
    let sc = 0;
    for (const u of this.mine) {
      if (u.formation !== f) continue;
      const d = this.nearestEnemy(u.hex!);
      if (d <= 1) sc += 3;
      else if (this.posture(plan) === 'attack') sc += 1 + Math.max(0, 6 - d) * 0.3;
      else if (d <= 3) sc += 0.5;
    }
    return sc;
  }

  private activate(): TacDecision {
    let best: TacAction | undefined;
    let score = Number.NEGATIVE_INFINITY;
    for (const a of this.legal) {
      if (a.type !== 'activate') continue;
      const sc = a.formations.reduce((x, f) => x + this.formationScore(f), 0) + this.rng.next() * 1e-3;
      if (sc > score) {
        score = sc;
        best = a;
      }
    }
    const a = best!;
    return { action: a, why: `activate ${a.type === 'activate' ? a.formations.join(' + ') : ''}` };
  }

  // --- the activation: moves, then attacks -------------------------------------------------

  private posture(plan: FormationPlan): 'attack' | 'hold' {
    if (plan.posture === 'reserve') return this.s.turn >= (plan.from ?? 1) ? 'attack' : 'hold';
    return plan.posture;
  }

  private nearestEnemy(hex: string): number {
    const hit = this.nearest.get(hex);
    if (hit !== undefined) return hit;
    let d = 99;
    for (const e of this.enemies) if (!e.routed) d = Math.min(d, distance(hex, e.hex!));
    this.nearest.set(hex, d);
    return d;
  }

  /** The enemy a unit goes for: near it and near its formation's anchor; weak and routed ones first. */
  private targetOf(u: UnitState, plan: FormationPlan): UnitState | undefined {
    if (this.targets.has(u.id)) return this.targets.get(u.id);
    const t = this.findTarget(u, plan);
    this.targets.set(u.id, t);
    return t;
  }

  private findTarget(u: UnitState, plan: FormationPlan): UnitState | undefined {
    const anchor = anchorHex(this.env, plan.anchor) ?? u.hex!;
    const reach = this.posture(plan) === 'attack' ? 99 : (plan.reach ?? 0);
    const cls: MoveCls = isCavalry(u) ? 'cavalry' : 'infantry';
    let best: UnitState | undefined;
    let score = Number.POSITIVE_INFINITY;
    for (const e of this.enemies) {
      if (isArtillery(e) && !loneBattery(this.s, e)) continue;
      const du = distance(u.hex!, e.hex!);
      if (du > reach) continue;
      const base =
        du + 0.6 * distance(e.hex!, anchor) - (e.routed ? 1 : 0) - (e.disorganized ? 1 : 0) + e.morale * 0.3;
      // The terms below only add: an enemy that cannot beat the best so far needs no more work.
      if (base >= score) continue;
      // 11.2: horse may not attack into terrain it could not enter: no target for cavalry.
      if (cls === 'cavalry' && !horseMayAttack(this.s, this.env, e.hex!)) continue;
      // Free hexes next to the enemy this unit could stand in; none left (friends fill them): go
      // for another enemy rather than queue behind them (a line, not a column).
      const free = du <= 1 ? 1 : this.approaches(e, cls);
      if (free === 0) continue;
      const sc = base + (free === 1 ? 1 : 0);
      if (sc < score) {
        score = sc;
        best = e;
      }
    }
    return best;
  }

  private occupiedHexes: Set<string> | undefined;
  private occupied(): Set<string> {
    this.occupiedHexes ??= new Set(this.s.units.filter(alive).map((u) => u.hex!));
    return this.occupiedHexes;
  }

  private readonly approachCache = new Map<string, number>();
  /** Hexes next to an enemy unit that are empty and open to the arm (where an attacker can stand). */
  private approaches(e: UnitState, cls: MoveCls): number {
    const key = `${e.id}|${cls}`;
    const hit = this.approachCache.get(key);
    if (hit !== undefined) return hit;
    let n = 0;
    for (const h of this.env.map.neighbours(e.hex!)) {
      if (!mayEnter(this.s, this.env, cls, h, h)) continue;
      if (this.occupied().has(h)) continue;
      n++;
    }
    this.approachCache.set(key, n);
    return n;
  }

  /** Hexes a unit wants to be in (lower is better) for its posture; undefined: no wish to move. */
  private goalDistance(u: UnitState, hex: string): number | undefined {
    const plan = formationPlan(this.s, this.side, u.formation);
    if (isArtillery(u)) {
      // Batteries close to 2-3 hexes of the enemy, never adjacent.
      if (this.posture(plan) !== 'attack') return undefined;
      const d = this.nearestEnemy(hex);
      return d <= 1 ? 50 : Math.abs(d - 2);
    }
    const t = this.targetOf(u, plan);
    if (!t) return undefined;
    return pathSteps(this.s, this.env, isCavalry(u) ? 'cavalry' : 'infantry', hex, t.hex!);
  }

  private operate(): TacDecision {
    const { s, legal } = this;
    // Scenario 2: bring units on first, facing east.
    const enter = legal.filter((a) => a.type === 'enter');
    if (enter.length) {
      const a = enter.find((x) => x.type === 'enter' && x.facing === 1) ?? enter[0]!;
      return { action: a, why: 'enter the map in column' };
    }
    const act = s.activation!;
    const current = act.current;
    const pulled = this.pullBack();
    if (pulled) return pulled;
    // Moves and facings that bring a unit nearer its goal; the unit already moving first (7.1).
    let best: TacDecision | undefined;
    let bestScore = 0;
    for (const a of legal) {
      if (a.type !== 'move' && a.type !== 'face') continue;
      const u = unitOf(s, a.unit);
      if (!u || !alive(u) || u.routed) continue;
      // A shaken attacker does not go forward again before it has rallied (12.2-12.3).
      if (u.disorganized && this.shaken(u)) continue;
      const now = this.goalDistance(u, u.hex!);
      if (now === undefined) {
        if (a.type === 'face' && !isArtillery(u)) {
          const sc = this.faceThreat(u, a.facing);
          if (sc > bestScore) {
            bestScore = sc;
            best = { action: a, why: `${u.name} faces the enemy` };
          }
        }
        continue;
      }
      let sc = 0;
      if (a.type === 'move') {
        const after = this.goalDistance(u, a.to)!;
        sc = now - after;
        if (sc <= 0) continue;
        // Close with the enemy only beside a friend (a line, not single battalions fed in).
        if (!isArtillery(u) && this.nearestEnemy(a.to) <= 1 && !this.supported(u, a.to)) continue;
        // Step next to the target only where the shock from there promises enough (reaction fire
        // and the defender's terrain counted); the approach hex with the better odds (a flank or
        // the rear, 11.4) is preferred. Otherwise wait out of musket range for the guns to work.
        if (!isArtillery(u) && this.nearestEnemy(u.hex!) > 1 && this.nearestEnemy(a.to) <= 1) {
          const t = this.targetOf(u, formationPlan(s, this.side, u.formation));
          if (t && distance(a.to, t.hex!) === 1) {
            const est = this.closeValue(u, a.to, t);
            if (est < CLOSE_THRESHOLD - this.urgency) continue;
            sc += 0.2 * est;
          }
        }
        if (this.s.victory.vp.objectives.some((o) => o.hex === a.to)) sc += 0.3;
      } else {
        if (now <= 1 && isArtillery(u)) continue;
        // Front hexes after the turn that the unit could enter (free, terrain open to its arm).
        const cls = isArtillery(u) ? 'artillery' : isCavalry(u) ? 'cavalry' : 'infantry';
        const front = this.frontAfter(u, a.facing).filter(
          (h) => !s.units.some((x) => x.hex === h && !x.eliminated) && mayEnter(s, this.env, cls, u.hex!, h),
        );
        const gain = Math.max(...front.map((h) => now - (this.goalDistance(u, h) ?? now)), 0);
        // What the legal moves of the unit offer now (blocked front hexes offer nothing).
        const have = Math.max(
          ...legal.map((m) =>
            m.type === 'move' && m.unit === u.id ? now - (this.goalDistance(u, m.to) ?? now) : 0,
          ),
          0,
        );
        // Face only when no front hex helps now and the new facing opens one (or faces the target).
        if (have > 0 || gain <= 0) {
          if (now === 1 && !isArtillery(u)) {
            const t = this.targetOf(u, formationPlan(s, this.side, u.formation));
            if (t && !frontHexes(s, this.env, u).includes(t.hex!) && front.includes(t.hex!)) sc = 0.5;
          }
          if (sc <= 0) continue;
        } else sc = gain * 0.8;
      }
      if (a.unit === current) sc += 0.05;
      sc += this.rng.next() * 1e-3;
      if (sc > bestScore) {
        bestScore = sc;
        best = {
          action: a,
          why: `${u.name} ${a.type === 'move' ? `moves to ${a.to}` : `turns to ${a.facing}`} toward its target`,
        };
      }
    }
    if (best) return best;
    const leader = this.moveLeader();
    if (leader) return leader;
    const attack = this.bestAttack(ATTACK_THRESHOLD - this.urgency);
    return attack ?? this.done('activation finished');
  }

  /**
   * A Disorganized unit of an attacking formation, or of a holding one whose plan says so (`rally`),
   * not a battery: it rallies before it attacks again.
   */
  private shaken(u: UnitState): boolean {
    const plan = formationPlan(this.s, this.side, u.formation);
    return !isArtillery(u) && (this.posture(plan) === 'attack' || plan.rally === true);
  }

  /**
   * 12.2-12.3: a Disorganized unit keeps its marker while it stands in an enemy ZOC, and the next D
   * result puts it to a rout check at +2. An attacking formation takes its shaken units back out of
   * contact (a 7.3 withdrawal or a plain move) so that they rally at the end of the turn, rather
   * than leave them to be shot to pieces; a holding formation keeps its ground unless its plan says `rally`.
   */
  private pullBack(): TacDecision | undefined {
    let best: TacDecision | undefined;
    let bestScore = 0;
    for (const a of this.legal) {
      if (a.type !== 'move') continue;
      const u = unitOf(this.s, a.unit);
      if (!u || !alive(u) || u.routed || !u.disorganized || !this.shaken(u)) continue;
      const now = this.nearestEnemy(u.hex!);
      if (now > 1) continue;
      const after = this.nearestEnemy(a.to);
      if (after <= 1) continue;
      const sc = after + this.rng.next() * 1e-3;
      if (sc > bestScore) {
        bestScore = sc;
        best = { action: a, why: `${u.name} is Disorganized: it falls back to rally` };
      }
    }
    return best;
  }

  /** Expected value of a shock on `t` by `u` standing at `hex`, with the friends already next to `t`. */
  private closeValue(u: UnitState, hex: string, t: UnitState): number {
    const act = this.s.activation;
    const friends = this.mine.filter(
      (f) =>
        f.id !== u.id &&
        !isArtillery(f) &&
        !f.routed &&
        f.attackedTurn !== this.s.turn &&
        (act?.inCommand.includes(f.id) ?? false) &&
        frontHexes(this.s, this.env, f).includes(t.hex!),
    );
    return this.shockValue([{ ...u, hex }, ...friends], [t]);
  }

  /** Another unit of the side (not a battery) within 2 hexes of `hex`. */
  private supported(u: UnitState, hex: string): boolean {
    return this.mine.some((f) => f.id !== u.id && !isArtillery(f) && !f.routed && distance(f.hex!, hex) <= 2);
  }

  private frontAfter(u: UnitState, facing: number): string[] {
    return frontHexes(this.s, this.env, { ...u, facing });
  }

  /** A hold unit turns toward an enemy within 3 hexes that is outside its front (never in an enemy ZOC). */
  private faceThreat(u: UnitState, facing: number): number {
    const near = this.enemies.filter((e) => !e.routed && distance(u.hex!, e.hex!) <= 2);
    if (!near.length || near.some((e) => distance(u.hex!, e.hex!) === 1)) return 0;
    const e = near.sort((a, b) => distance(u.hex!, a.hex!) - distance(u.hex!, b.hex!))[0]!;
    const frontNow = frontHexes(this.s, this.env, u);
    const dNow = Math.min(...frontNow.map((h) => distance(h, e.hex!)));
    const dNew = Math.min(...this.frontAfter(u, facing).map((h) => distance(h, e.hex!)));
    return dNew < dNow ? 0.4 : 0;
  }

  /** The formation leader follows his units: toward the unit nearest the rest (the medoid). */
  private moveLeader(): TacDecision | undefined {
    let best: TacDecision | undefined;
    let bestGain = 0;
    for (const a of this.legal) {
      if (a.type !== 'move-leader') continue;
      const l = this.s.leaders.find((x) => x.id === a.leader);
      if (!l || l.hex === null || l.formation === null) continue;
      const us = this.mine.filter((u) => u.formation === l.formation);
      if (!us.length) continue;
      let medoid = us[0]!.hex!;
      let sum = Number.POSITIVE_INFINITY;
      for (const u of us) {
        const t = us.reduce((x, v) => x + distance(u.hex!, v.hex!), 0);
        if (t < sum) {
          sum = t;
          medoid = u.hex!;
        }
      }
      if (this.nearestEnemy(a.to) <= 1 && !this.mine.some((u) => u.hex === a.to)) continue;
      const gain = distance(l.hex, medoid) - distance(a.to, medoid);
      if (gain > bestGain && distance(l.hex, medoid) > 1) {
        bestGain = gain;
        best = { action: a, why: `${l.name} follows his formation` };
      }
    }
    return best;
  }

  // --- attacks: expected results from the tables ----------------------------------------------

  private shockValue(att: UnitState[], def: UnitState[]): number {
    const { s, env } = this;
    if (def.every((d) => isArtillery(d) && loneBattery(s, d))) return 1.5;
    const odds = shockOdds(s, env, att, def);
    const charged = (u: UnitState) => (s.activation?.charge[u.id] ?? 0) >= 2;
    const shifts = [...odds.shifts, ...chargeShifts(s, env, att, def, charged)].reduce(
      (a, x) => a + x.shift,
      0,
    );
    let v = 0;
    for (let die = 1; die <= 6; die++) {
      const r = crtLookup(odds.column + shifts, die, odds.moraleDiff, env.tables.crt);
      v += harm(r.defender, def) - harm(r.attacker, att);
    }
    return v / 6 - this.reactionHarm(att, def);
  }

  /**
   * Expected harm of the reaction fire a shock draws before it is resolved (11, 10.1): every
   * attacked infantry unit and every enemy battery that can reach an attacker fires first, at the
   * strongest attacker (the defender's standing order).
   */
  private reactionHarm(att: UnitState[], def: UnitState[]): number {
    const { s, env } = this;
    const target = [...att].sort((a, b) => b.cp - a.cp)[0]!;
    let v = 0;
    for (const d of def)
      if (!d.routed && (d.arm === 'infantry' || d.arm === 'light-infantry'))
        if (frontHexes(s, env, d).includes(target.hex!)) v += this.fireValue(d, target);
    for (const b of this.batteries())
      if (att.some((a) => this.batteryReaches(b, a.hex!))) v += this.fireValue(b, target);
    return v;
  }

  private enemyBatteries: UnitState[] | undefined;
  private batteries(): UnitState[] {
    this.enemyBatteries ??= this.enemies.filter((b) => isArtillery(b) && !b.routed);
    return this.enemyBatteries;
  }

  private readonly reachCache = new Map<string, boolean>();
  /** Whether an enemy battery can fire at a hex (10.2: range, front, line of sight), memoised per decision. */
  private batteryReaches(b: UnitState, hex: string): boolean {
    const key = `${b.id}|${hex}`;
    let r = this.reachCache.get(key);
    if (r === undefined) {
      r =
        distance(b.hex!, hex) <= this.env.tables.fire.artillery.maxRange &&
        batteryCanFireAt(this.s, this.env, b, hex);
      this.reachCache.set(key, r);
    }
    return r;
  }

  private fireValue(firer: UnitState, target: UnitState): number {
    const { s, env } = this;
    if (loneBattery(s, target)) return 1.5;
    const prot = protection(s, env, firer.hex!, target.hex!);
    let value = firer.cp;
    let mod = prot;
    const art = isArtillery(firer);
    if (art) {
      value = firer.firePoints;
      mod +=
        env.tables.fire.artillery.range.find((x) => x.distance === distance(firer.hex!, target.hex!))
          ?.modifier ?? 0;
    } else if (isCavalry(firer)) mod += env.tables.fire.cavalryFireBonus.value;
    const morale = effMorale(s, env, target);
    const dval = disorgValue(target);
    let v = 0;
    for (let die = 0; die <= 9; die++) {
      const r = die + mod;
      if (art ? r <= 0 : r === 0) v += 1 + dval;
      else if (r < value) v += dval;
      else if (r === value) v += (Math.max(0, 6 - morale) / 6) * dval;
    }
    return v / 10;
  }

  private bestAttack(threshold: number): TacDecision | undefined {
    const { s } = this;
    let best: TacDecision | undefined;
    let bestScore = 0;
    for (const a of this.legal) {
      let sc: number;
      let why: string;
      // A shock risks the attacker and must promise `threshold`; fire risks nothing (FIRE_THRESHOLD).
      let gate = FIRE_THRESHOLD;
      if (a.type === 'shock') {
        gate = threshold;
        const att = a.attackers.map((id) => unitOf(s, id)!).filter(alive);
        const def = a.defenders.map((id) => unitOf(s, id)!).filter(alive);
        if (!att.length || !def.length) continue;
        const plans = att.map((u) => formationPlan(s, this.side, u.formation));
        sc = this.shockValue(att, def);
        // A side holding a position leaves it only for a clearly good shock, unless its plan is an
        // active defence (counter-attacks within reach at the same threshold as an attacker).
        if (plans.every((p) => this.posture(p) === 'hold' && !p.counter)) sc -= 0.4;
        why = `shock ${att.map((u) => u.name).join(' + ')} against ${def.map((u) => u.name).join(' + ')} (expected ${sc.toFixed(2)})`;
      } else if (a.type === 'fire') {
        const f = unitOf(s, a.unit);
        const t = unitOf(s, a.target);
        if (!f || !t) continue;
        sc = this.fireValue(f, t);
        why = `${f.name} fires at ${t.name} (expected ${sc.toFixed(2)})`;
      } else if (a.type === 'breach') {
        sc = 0.3;
        why = 'fire at the churchyard wall';
      } else continue;
      if (sc <= gate) continue;
      sc += this.rng.next() * 1e-4;
      if (sc > bestScore) {
        bestScore = sc;
        best = { action: a, why };
      }
    }
    return best;
  }

  // --- command phase (7.4) -------------------------------------------------------------------

  private moveCinc(): TacDecision {
    const { s, env } = this;
    const cinc = s.leaders.find(
      (l) => l.side === this.side && l.role === 'cinc' && !l.eliminated && l.hex !== null,
    );
    if (!cinc) return this.done('no commander-in-chief');
    const formationLeaders = s.leaders.filter(
      (l) => l.side === this.side && l.role !== 'cinc' && !l.eliminated && l.hex !== null,
    );
    const covered = (hex: string) =>
      formationLeaders.filter((l) => distance(hex, l.hex!) <= cinc.commandRange).length;
    const anchor = anchorHex(env, planFor(s, this.side).cincAnchor);
    const score = (hex: string) =>
      covered(hex) * 10 -
      (anchor ? distance(hex, anchor) * 0.1 : 0) +
      (this.nearestEnemy(hex) >= 3 ? 0 : -100);
    let best: TacDecision | undefined;
    let bestScore = score(cinc.hex!) + 0.05;
    for (const a of this.legal) {
      if (a.type !== 'move-leader' || a.leader !== cinc.id) continue;
      const sc = score(a.to);
      if (sc > bestScore) {
        bestScore = sc;
        best = { action: a, why: `${cinc.name} moves to keep his corps commanders in range` };
      }
    }
    return best ?? this.done('the commander-in-chief stays');
  }
}

// 5.0-5.5 movement: March Phase and Force March Phase moves of a leader's force, pick-ups and
// detachments (5.35), once per phase (5.36), rank order (5.34), the supreme-commander limit (5.37),
// MP costs and prohibitions (5.4), Overwhelming Attacks (5.5), capture of lone leaders (8.31),
// morale (11.12, 11.14, 11.16), supply limits on leaders (10.52) and scenario restrictions.
import type { StrategicMap } from '../../map/types.js';
import type { MarchAction, Units } from '../actions.js';
import { ev, toSides } from '../events.js';
import {
  addLedger,
  addSp,
  commanderOf,
  effectiveInitiative,
  isDemoralizedAt,
  isWinterTurn,
  nationSp,
  otherSide,
  sideLeadersAt,
  sideOccupies,
  sideOf,
  sideSp,
  supremeCommander,
} from '../state.js';
import type {
  ActiveForce,
  GameEvent,
  GameState,
  HexId,
  LeaderState,
  Nationality,
  RuleError,
  Seat,
} from '../types.js';
import { NATIONALITIES } from '../types.js';
import { recordArrival } from './arrivals.js';
import { depotHousekeeping } from './depots.js';
import { entryForbidden } from './scenario-rules.js';
import { computeSupply } from './supply.js';
import { ENEMY_HEX_MP, isRuleError, stepCost } from './terrain.js';

/** 5.1 / 5.2: a Movement Allowance is never more than six. */
export const MAX_MA = 6;
/** 5.2: a force march whose die + Initiative reaches this costs one SP. */
export const FORCE_MARCH_LOSS_AT = 6;
/** 5.5: an Overwhelming Attack succeeds at 400% of the stationary force. */
export const OVERWHELM_RATIO = 4;

function err(rule: string, code: string, message: string): RuleError {
  return { rule, code, message };
}

/** 5.1, 5.2, 16.11: MA = die + Initiative, at most 6, one less in winter. */
export function movementAllowance(die: number, initiative: number, turn: number): number {
  const ma = Math.min(MAX_MA, die + initiative);
  return Math.max(0, ma - (isWinterTurn(turn) ? 1 : 0));
}

/** 5.36: SP of a nationality in a hex that have not yet moved this phase (outside the fortress). */
export function unmovedSp(state: GameState, hex: HexId, nat: Nationality): number {
  const out = nationSp(state, hex, nat).out;
  const moved = state.movement.movedSp[hex]?.[nat] ?? 0;
  let carried = 0;
  for (const a of state.movement.active)
    if (a.hex === hex) carried += a.nationality === nat ? a.sp : (a.otherSp[nat] ?? 0);
  return Math.max(0, out - moved - carried);
}

function markMovedSp(state: GameState, hex: HexId, nat: Nationality, n: number): void {
  if (n <= 0) return;
  const rec = state.movement.movedSp[hex] ?? {};
  rec[nat] = (rec[nat] ?? 0) + n;
  state.movement.movedSp[hex] = rec;
}

export function leaderLabel(l: LeaderState): string {
  return `${l.name} (${l.nationality} #${l.rank})`;
}

/** Can this leader start a move now (5.34, 5.36, 12.11, 16.22)? */
export function canStartMove(
  state: GameState,
  seat: Seat,
  leader: LeaderState | undefined,
): RuleError | undefined {
  if (!leader) return err('8.0', 'unknown-leader', 'There is no such leader.');
  if (leader.status !== 'map' || !leader.hex)
    return err('8.0', 'leader-not-on-map', `${leaderLabel(leader)} is not on the map.`);
  const side = sideOf(state, leader.nationality);
  const demoralized = isDemoralizedAt(state, leader.hex, side);
  if (leader.nationality !== seat)
    return err('8.22', 'not-your-leader', `${leaderLabel(leader)} is not commanded by the ${seat} seat.`);
  if (leader.inside)
    return err(
      '12.21',
      'inside-fortress',
      `${leaderLabel(leader)} is inside the fortress at ${leader.hex}: bring him out first (garrison out).`,
    );
  if (state.movement.moved.includes(leader.id))
    return err('5.36', 'already-moved', `${leaderLabel(leader)} has already moved this phase.`);
  if (state.movement.bypassed.includes(leader.id))
    return err(
      '5.34',
      'bypassed',
      `${leaderLabel(leader)} was bypassed in rank order and may not move this phase.`,
    );
  if (demoralized) {
    // 11.12 / 11.16: a demoralized force moves whole, under its commander (8.23).
    const cmd = commanderOf(state, leader.hex, side);
    if (cmd?.id !== leader.id)
      return err(
        '11.12',
        'demoralized-not-commander',
        `The demoralized force at ${leader.hex} cannot be divided: only its commander ${cmd ? leaderLabel(cmd) : ''} may move it.`,
      );
  }
  return undefined;
}

/** 5.34: moving this leader bypasses the unmoved leaders of higher rank of his nationality. */
function bypassHigherRanks(state: GameState, leader: LeaderState): void {
  for (const l of Object.values(state.leaders)) {
    if (l.nationality !== leader.nationality || l.status !== 'map') continue;
    if (
      l.rank < leader.rank &&
      !state.movement.moved.includes(l.id) &&
      !state.movement.bypassed.includes(l.id)
    )
      state.movement.bypassed.push(l.id);
  }
}

/**
 * SP under the supreme commander of a nationality (5.37, rulings): while he moves, the force he
 * carries; at rest, his nationality's SP in his hex, less SP of other forces only passing through.
 */
export function supremeCommandSp(state: GameState, nat: Nationality): number | undefined {
  const sup = supremeCommander(state, nat);
  if (!sup?.hex) return undefined;
  const moving = state.movement.active.find((a) => a.leader === sup.id);
  if (moving) return moving.sp;
  const s = nationSp(state, sup.hex, nat);
  let passing = 0;
  for (const a of state.movement.active) if (a.hex === sup.hex && a.nationality === nat) passing += a.sp;
  return s.out + s.in - passing;
}

/**
 * Excess over the supreme commander of each subordinate commander of a nationality (5.37): the
 * best-ranked leader of the nationality in a hex commands all its SP there (8.21). Keyed by leader,
 * so a force that moves intact under the same commander keeps its excess. Leaderless SP are nobody's.
 */
export type CommandExcess = Map<string, { hex: HexId; excess: number }>;

export function commandExcess(state: GameState, nat: Nationality): CommandExcess {
  const excess = new Map<string, { hex: HexId; excess: number }>();
  if (nat === 'prussia') return excess; // 5.37 exception: the Prussian army is exempt.
  const sup = supremeCommander(state, nat);
  if (!sup?.hex) return excess;
  const supSp = supremeCommandSp(state, nat) ?? 0;
  const best = new Map<HexId, LeaderState>();
  for (const l of Object.values(state.leaders)) {
    if (l.status !== 'map' || l.nationality !== nat || !l.hex || l.hex === sup.hex) continue;
    const b = best.get(l.hex);
    if (!b || l.rank < b.rank) best.set(l.hex, l);
  }
  for (const [hex, l] of best) {
    const s = nationSp(state, hex, nat);
    const e = s.out + s.in - supSp;
    if (e > 0) excess.set(l.id, { hex, excess: e });
  }
  return excess;
}

/**
 * 5.37: a reorganisation may not leave any subordinate commanding more than the supreme commander,
 * beyond what he already commanded (an excess caused by losses, or a force moving intact, stays).
 */
export function check537(
  before: GameState,
  after: GameState,
  nat: Nationality,
  // Callers testing many moves from one position (legal destinations) compute it once.
  b: CommandExcess = commandExcess(before, nat),
): RuleError | undefined {
  const a = commandExcess(after, nat);
  for (const [id, e] of a) {
    if (e.excess > (b.get(id)?.excess ?? 0)) {
      const sup = supremeCommander(after, nat);
      const l = after.leaders[id];
      return err(
        '5.37',
        'exceeds-supreme-commander',
        `After this move ${l ? leaderLabel(l) : id} at ${e.hex} would command more ${nat} SP than the supreme commander ${sup ? sup.name : ''}.`,
      );
    }
  }
  return undefined;
}

/**
 * A cheap copy of `state` (only what 5.37 reads) as it would stand after leader `l`'s force of `sp`
 * SP of his nationality (with the leaders it carries) moved from where it is to `dest` and stays
 * active there, as after a `march` action.
 */
export function hypotheticalMove(
  state: GameState,
  l: LeaderState,
  f: ActiveForce | undefined,
  dest: HexId,
  sp: number,
): GameState {
  const nat = l.nationality;
  const from = f?.hex ?? l.hex!;
  // 5.37 reads forces only by hex lookups, so the copy inherits every hex from the real table and
  // overrides the two that change: O(1) instead of copying the table for each destination tried.
  const forces: GameState['forces'] = Object.create(state.forces);
  const shift = (hex: HexId, d: number) => {
    const hf = { ...(forces[hex] ?? {}) };
    const v = hf[nat] ?? { out: 0, in: 0 };
    hf[nat] = { out: v.out + d, in: v.in };
    // defineProperty, not assignment: a frozen state's inherited hex would refuse a plain write.
    Object.defineProperty(forces, hex, { value: hf, enumerable: true, writable: true, configurable: true });
  };
  if (sp > 0 && from !== dest) {
    shift(from, -sp);
    shift(dest, sp);
  }
  const leaders = { ...state.leaders };
  for (const id of [l.id, ...(f?.leaders ?? [])]) {
    const x = leaders[id];
    if (x) leaders[id] = { ...x, hex: dest };
  }
  const moving: ActiveForce = f
    ? { ...f, hex: dest }
    : {
        leader: l.id,
        nationality: nat,
        kind: 'march',
        hex: dest,
        mpLeft: 0,
        sp,
        leaders: [],
        pinnedByPass: false,
        overwhelmedAt: [],
        otherSp: {},
        demoralized: false,
      };
  const active = [...state.movement.active.filter((a) => a.leader !== l.id), moving];
  return { ...state, forces, leaders, movement: { ...state.movement, active } };
}

function takeUnits(
  state: GameState,
  force: ActiveForce,
  hex: HexId,
  units: Units | undefined,
  mover: LeaderState,
): RuleError | undefined {
  if (!units) return undefined;
  const sp = units.sp ?? 0;
  if (sp > 0) {
    const avail = unmovedSp(state, hex, force.nationality);
    if (sp > avail)
      return err(
        '5.36',
        'not-enough-sp',
        `Only ${avail} unmoved ${force.nationality} SP are outside the fortress at ${hex}; cannot pick up ${sp}.`,
      );
    force.sp += sp;
  }
  for (const id of units.leaders ?? []) {
    const l = state.leaders[id];
    if (l?.status !== 'map' || l.hex !== hex || l.inside)
      return err('5.35', 'leader-not-here', `Leader ${id} is not outside the fortress at ${hex}.`);
    if (l.nationality !== force.nationality)
      return err('8.22', 'other-nationality', `${leaderLabel(mover)} may not move ${leaderLabel(l)}.`);
    if (l.rank <= mover.rank)
      return err(
        '5.0',
        'higher-ranked',
        `${leaderLabel(mover)} may only carry lower-ranked leaders, not ${l.name}.`,
      );
    if (
      state.movement.moved.includes(id) ||
      state.movement.bypassed.includes(id) ||
      force.leaders.includes(id)
    )
      return err(
        '5.36',
        'leader-already-moved',
        `${leaderLabel(l)} has already moved or been bypassed this phase.`,
      );
    force.leaders.push(id);
    state.movement.moved.push(id);
  }
  return undefined;
}

function dropUnits(
  state: GameState,
  force: ActiveForce,
  hex: HexId,
  units: Units | undefined,
): RuleError | undefined {
  if (!units) return undefined;
  const sp = units.sp ?? 0;
  if (sp > force.sp)
    return err(
      '5.35',
      'drop-too-many',
      `The force carries only ${force.sp} SP; cannot detach ${sp} at ${hex}.`,
    );
  force.sp -= sp;
  markMovedSp(state, hex, force.nationality, sp);
  for (const id of units.leaders ?? []) {
    const i = force.leaders.indexOf(id);
    if (i < 0) return err('5.35', 'not-carried', `Leader ${id} is not part of this force.`);
    force.leaders.splice(i, 1);
  }
  return undefined;
}

/** Every nationality present in the moving force. */
function forceNations(state: GameState, f: ActiveForce): Nationality[] {
  const set = new Set<Nationality>([f.nationality]);
  for (const [n, v] of Object.entries(f.otherSp)) if ((v ?? 0) > 0) set.add(n as Nationality);
  for (const id of f.leaders) {
    const l = state.leaders[id];
    if (l) set.add(l.nationality);
  }
  return [...set];
}

function forceStrength(f: ActiveForce): number {
  let n = f.sp;
  for (const v of Object.values(f.otherSp)) n += v ?? 0;
  return n;
}

function relocate(state: GameState, f: ActiveForce, to: HexId): void {
  const from = f.hex;
  if (f.sp > 0) {
    addSp(state, from, f.nationality, 'out', -f.sp);
    addSp(state, to, f.nationality, 'out', f.sp);
  }
  for (const [n, v] of Object.entries(f.otherSp) as Array<[Nationality, number]>) {
    if (!v) continue;
    addSp(state, from, n, 'out', -v);
    addSp(state, to, n, 'out', v);
  }
  for (const id of [f.leader, ...f.leaders]) {
    const l = state.leaders[id]!;
    l.hex = to;
  }
  // 11.11: the Demoralized marker travels with the force it sits on.
  const side = sideOf(state, f.nationality);
  // 11.11 / 11.15: the marker travels with a demoralized force; friendly units in a hex it enters
  // become demoralized too; the origin keeps its marker only if friendly units remain outside there.
  // A force that was not demoralized when it began moving only passes through (rulings 11.15).
  if (f.demoralized) {
    if (sideSp(state, from, side, 'out') === 0 && sideLeadersAt(state, from, side, 'out').length === 0)
      state.demoralized[side] = state.demoralized[side].filter((h) => h !== from);
    if (!state.demoralized[side].includes(to)) state.demoralized[side].push(to);
  }
  f.hex = to;
}

/** The units of a side outside the fortress in a hex become prisoners of the other side (5.5, 8.31). */
function captureOutside(
  state: GameState,
  hex: HexId,
  victim: 'prussian-allied' | 'coalition',
  withSp: boolean,
  events: GameEvent[],
): void {
  const captor = otherSide(victim);
  let sp = 0;
  if (withSp) {
    for (const nat of NATIONALITIES) {
      if (state.seatSide[nat] !== victim) continue;
      const s = nationSp(state, hex, nat);
      if (s.out > 0) {
        sp += s.out;
        addLedger(state.ledger.prisoners[captor], nat, s.out);
        addSp(state, hex, nat, 'out', -s.out);
      }
    }
  }
  const leaders = sideLeadersAt(state, hex, victim, 'out');
  for (const l of leaders) {
    l.status = 'captured';
    l.hex = null;
    l.inside = false;
    state.ledger.prisonerLeaders[captor].push(l.id);
  }
  state.demoralized[victim] = state.demoralized[victim].filter((h) => h !== hex);
  if (sp > 0 || leaders.length > 0)
    events.push(
      ev(
        'captured',
        `At ${hex}, ${[sp > 0 ? `${sp} SP` : '', leaders.map((l) => l.name).join(', ')].filter(Boolean).join(' and ')} ${sp + leaders.length > 1 ? 'are' : 'is'} taken prisoner.`,
        undefined,
        { hex, sp, leaders: leaders.map((l) => l.id) },
      ),
    );
}

/** One hex of a march as moveForce counted it (for explainMarch; 5.41). */
export interface MarchTraceStep {
  from: HexId;
  hex: HexId;
  /** MP the hex cost, and MP left after entering it. */
  cost: number;
  left: number;
  /** 5.43: the hex held the enemy when entered. */
  enemyHex: boolean;
}

export interface MoveContext {
  map: StrategicMap;
  events: GameEvent[];
  /** When given, moveForce records the MP it had and what each hex cost (explainMarch). */
  trace?: { allowance: number; steps: MarchTraceStep[] };
}

/** Start the move of a leader's force: `ma` MP, picking up `take` in the start hex. */
export function startForce(
  state: GameState,
  seat: Seat,
  leaderId: string,
  kind: 'march' | 'forcemarch',
  ma: number,
  take: Units | undefined,
): RuleError | ActiveForce {
  const leader = state.leaders[leaderId];
  const e = canStartMove(state, seat, leader);
  if (e) return e;
  const l = leader!;
  const hex = l.hex!;
  const side = sideOf(state, l.nationality);
  const force: ActiveForce = {
    leader: l.id,
    nationality: l.nationality,
    kind,
    hex,
    mpLeft: ma,
    sp: 0,
    leaders: [],
    pinnedByPass: false,
    overwhelmedAt: [],
    otherSp: {},
    demoralized: isDemoralizedAt(state, hex, side),
  };
  bypassHigherRanks(state, l);
  state.movement.moved.push(l.id);
  if (isDemoralizedAt(state, hex, side)) {
    // 11.12: a demoralized force may not be divided: a `take` must name the whole of it.
    const whole = unmovedSp(state, hex, l.nationality);
    if (take?.sp !== undefined && take.sp !== whole)
      return err(
        '11.12',
        'demoralized-division',
        `The demoralized force at ${hex} may not be divided: ${leaderLabel(l)} moves all ${whole} ${l.nationality} SP there (take ${whole}, or name no SP).`,
      );
    // 11.12 / 11.16: the whole demoralized force moves together, whatever the nationalities.
    for (const nat of NATIONALITIES) {
      if (state.seatSide[nat] !== side) continue;
      const n = unmovedSp(state, hex, nat);
      if (n <= 0) continue;
      if (nat === l.nationality) force.sp = n;
      else force.otherSp[nat] = n;
    }
    for (const o of sideLeadersAt(state, hex, side, 'out')) {
      if (o.id === l.id || state.movement.moved.includes(o.id)) continue;
      force.leaders.push(o.id);
      state.movement.moved.push(o.id);
    }
  } else {
    const te = takeUnits(state, force, hex, take, l);
    if (te) return te;
  }
  state.movement.active.push(force);
  return force;
}

/** Move the active force along `action.path` (5.4), with stops (5.35) and an optional OA (5.5). */
export function moveForce(state: GameState, action: MarchAction, ctx: MoveContext): RuleError | undefined {
  const f = activeForceOf(state, action.leader);
  if (!f) return err('5.0', 'no-active-force', 'That force is not moving.');
  const { map, events } = ctx;
  const side = sideOf(state, f.nationality);
  const enemy = otherSide(side);
  const mover = state.leaders[f.leader]!;
  const demoralized = f.demoralized;
  const stops = new Map<HexId, NonNullable<MarchAction['stops']>[number]>();
  for (const s of action.stops ?? []) {
    if (demoralized)
      return err('11.12', 'demoralized-division', 'A demoralized force may not drop off or pick up units.');
    stops.set(s.hex, s);
  }
  const startStop = stops.get(f.hex);
  if (startStop) {
    const de =
      dropUnits(state, f, f.hex, startStop.drop) ?? takeUnits(state, f, f.hex, startStop.pick, mover);
    if (de) return de;
  }
  // 10.51-10.52: supply status judged when the leader begins to move; a leader with Initiative 0
  // (11.13: also when demoralized) may not move out of supply on his own.
  const init = effectiveInitiative(state, mover);
  const supply = init <= 0 ? computeSupply(state, map, side) : undefined;
  const startedSupplied = supply?.supplied.has(f.hex) ?? true;
  if (ctx.trace) ctx.trace.allowance = f.mpLeft;
  for (let i = 0; i < action.path.length; i++) {
    const to = action.path[i]!;
    const from = f.hex;
    if (f.pinnedByPass)
      return err(
        '5.54',
        'pass-pinned',
        `The force entered ${from} across a mountain pass without a successful Overwhelming Attack and may not leave it this phase.`,
      );
    const step = stepCost(map, from, to);
    if (isRuleError(step)) return step;
    const enemyThere = sideOccupies(state, to, enemy);
    const cost = step.mp + (enemyThere ? ENEMY_HEX_MP : 0);
    if (cost > f.mpLeft)
      return err(
        '5.41',
        'not-enough-mp',
        `Entering ${to} costs ${cost} MP but ${leaderLabel(mover)}'s force has only ${f.mpLeft} left.`,
      );
    if (enemyThere && f.demoralized)
      return err(
        '11.14',
        'demoralized-enemy-hex',
        `A demoralized force may not enter the enemy-occupied hex ${to}.`,
      );
    for (const nat of forceNations(state, f)) {
      const fe = entryForbidden(state, map, nat, to);
      if (fe) return fe;
    }
    if (supply && startedSupplied && !supply.supplied.has(to))
      return err(
        '10.52',
        'zero-initiative-out-of-supply',
        `${leaderLabel(mover)} has Initiative 0 and may not move out of supply into ${to}.`,
      );
    f.mpLeft -= cost;
    ctx.trace?.steps.push({ from, hex: to, cost, left: f.mpLeft, enemyHex: enemyThere });
    relocate(state, f, to);
    // Issue #16: the hexside the force entered by (a tactical battle here puts it at that edge).
    recordArrival(state, to, from, forceNations(state, f));
    // 11.15: joining a demoralized friendly stack demoralizes the newcomers (marker covers the hex).
    if (enemyThere && step.pass) f.pinnedByPass = true;
    // 8.31: lone enemy leaders (no enemy combat unit in the hex, not inside a fortress) are captured
    // the instant a combat unit enters.
    if (
      forceStrength(f) > 0 &&
      sideSp(state, to, enemy) === 0 &&
      sideLeadersAt(state, to, enemy, 'out').length > 0
    )
      captureOutside(state, to, enemy, false, events);
    // 10.46 / 10.42 at every step: an enemy depot the force reaches with its SP is taken at once.
    if (forceStrength(f) > 0) depotHousekeeping(state, events);
    const stop = stops.get(to);
    if (stop) {
      const de = dropUnits(state, f, to, stop.drop) ?? takeUnits(state, f, to, stop.pick, mover);
      if (de) return de;
    }
  }
  if (action.overwhelm) {
    const oe = overwhelm(state, f, ctx);
    if (oe) return oe;
  }
  return undefined;
}

/** 5.5 Overwhelming Attack by the active force against the enemy force outside the fortress in its hex. */
function overwhelm(state: GameState, f: ActiveForce, ctx: MoveContext): RuleError | undefined {
  const side = sideOf(state, f.nationality);
  const enemy = otherSide(side);
  const hex = f.hex;
  if (f.demoralized)
    return err('11.14', 'demoralized-attack', 'A demoralized force may not make an Overwhelming Attack.');
  if (f.overwhelmedAt.includes(hex))
    return err('5.58', 'already-attempted', `This force already attempted an Overwhelming Attack at ${hex}.`);
  const stationary = sideSp(state, hex, enemy, 'out');
  const enemyLeaders = sideLeadersAt(state, hex, enemy, 'out');
  if (stationary === 0 && enemyLeaders.length === 0) {
    if (sideSp(state, hex, enemy, 'in') > 0)
      return err(
        '12.32',
        'fortress-immune',
        `The enemy at ${hex} is inside the fortress: no Overwhelming Attack.`,
      );
    return err('5.5', 'no-enemy', `There is no enemy force at ${hex} to attack.`);
  }
  f.overwhelmedAt.push(hex);
  const strength = forceStrength(f);
  // 5.5 / 5.51: the mover announces its strength; the defender answers only "success" or "none made".
  ctx.events.push(
    ev('overwhelm-announced', `An Overwhelming Attack of ${strength} SP is announced at ${hex}.`, undefined, {
      hex,
      strength,
    }),
  );
  if (strength >= OVERWHELM_RATIO * stationary) {
    captureOutside(state, hex, enemy, true, ctx.events);
    const depot = state.depots[hex];
    if (depot && sideOf(state, depot.owner) === enemy) {
      if (depot.status === 'complete') {
        depot.owner = f.nationality;
        delete depot.offMapLink;
        ctx.events.push(ev('depot-captured', `The depot at ${hex} is captured.`));
      } else {
        delete state.depots[hex];
        ctx.events.push(ev('depot-removed', `The unfinished depot at ${hex} is destroyed.`));
      }
    }
    f.pinnedByPass = false;
    ctx.events.push(
      ev('overwhelm-success', `The Overwhelming Attack at ${hex} succeeds.`, undefined, { hex }),
    );
  } else {
    ctx.events.push(
      ev('overwhelm-failed', `No Overwhelming Attack has been made at ${hex}.`, undefined, { hex }),
    );
    if (f.pinnedByPass) state.movement.mustAttack.push({ hex, side });
    ctx.events.push(
      ev('overwhelm-failed-detail', `The attack at ${hex} fell short of 400%.`, toSides(side), {
        hex,
        strength,
      }),
    );
  }
  return undefined;
}

/** End the active force's move ("hand withdrawn"): its units may not move again this phase (5.36). */
export function finishForce(state: GameState, nat: Nationality): void {
  const f = state.movement.active.find((a) => a.nationality === nat);
  if (!f) return;
  markMovedSp(state, f.hex, f.nationality, f.sp);
  for (const [n, v] of Object.entries(f.otherSp) as Array<[Nationality, number]>)
    markMovedSp(state, f.hex, n, v);
  state.movement.active = state.movement.active.filter((a) => a !== f);
}

export function finishAllForces(state: GameState): void {
  for (const a of [...state.movement.active]) finishForce(state, a.nationality);
}

export function activeForceOf(state: GameState, leaderId: string): ActiveForce | undefined {
  return state.movement.active.find((a) => a.leader === leaderId);
}

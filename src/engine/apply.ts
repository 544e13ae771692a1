// apply(state, seat, action): validate (zod), check the rules, and return a new state with the
// events it produced, or a RuleError. Never mutates its input and never throws for bad input.
import type { StrategicMap } from '../map/types.js';
import { type Action, actionSchema, type MarchAction } from './actions.js';
import { inTacticalBattle } from './combat/tactical-stage.js';
import { ev, toSides } from './events.js';
import { engineMap } from './map-env.js';
import { advance, housekeeping, marchAllowance } from './phases/machine.js';
import { moduleFor } from './phases/registry.js';
import { runExchange } from './prisoners/phase.js';
import { rollDie } from './rng.js';
import { buildDepot, depotBuildError, destroyDepot, destroyDepotError } from './rules/depots.js';
import { forfeitAvailable } from './rules/forfeit.js';
import { buildCamp, campBuildError } from './rules/fortified-camp.js';
import { applyGarrison } from './rules/garrison.js';
import {
  activeForceOf,
  check537,
  FORCE_MARCH_LOSS_AT,
  finishAllForces,
  finishForce,
  leaderLabel,
  type MoveContext,
  moveForce,
  movementAllowance,
  startForce,
  unmovedSp,
} from './rules/movement.js';
import { resupplyBypassError, resupplyDoneError, resupplyFinishError } from './rules/resupply.js';
import { computeSupply } from './rules/supply.js';
import { isRuleError } from './rules/terrain.js';
import { addLedger, addSp, effectiveInitiative, isDemoralizedAt, otherSide, sideOf } from './state.js';
import type { GameEvent, GameState, RuleError, Seat } from './types.js';
import { isNationality } from './types.js';

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; error: RuleError };

function fail(rule: string, code: string, message: string): ApplyResult {
  return { ok: false, error: { rule, code, message } };
}

export function apply(
  state: GameState,
  seat: Seat,
  action: unknown,
  map: StrategicMap = engineMap(),
): ApplyResult {
  if (typeof seat !== 'string' || !isNationality(seat))
    return fail('input', 'bad-seat', `Unknown seat "${String(seat)}".`);
  const parsed = actionSchema.safeParse(action);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(
      'input',
      'bad-action',
      `Malformed action: ${issue ? `${issue.path.join('.') || 'action'}: ${issue.message}` : 'invalid'}.`,
    );
  }
  const a = parsed.data as Action;
  if (state.over) return fail('4.0', 'game-over', 'The game is over.');
  try {
    const s: GameState = structuredClone(state);
    const events: GameEvent[] = [];
    const r = dispatch(state, s, seat, a, map, events);
    if (r) return { ok: false, error: r };
    housekeeping(s, map, events);
    let out = s;
    if (!out.over && out.pending.length === 0) out = advance(out, map, events);
    if (out.over) endOfGame(out, map, events);
    out.version = state.version + 1;
    return { ok: true, state: out, events };
  } catch (e) {
    // An engine bug must not crash the caller; the input state is untouched (we worked on a copy).
    return fail('engine', 'internal-error', `Internal engine error: ${(e as Error).message}`);
  }
}

/** When the game ends: the end-of-game exchange (1757 B) on the real state, announced (14.17). */
function endOfGame(s: GameState, map: StrategicMap, events: GameEvent[]): void {
  if (s.ledger.endExchanged) return;
  s.ledger.endExchanged = true;
  if (!s.rules.prisonerExchange.some((p) => p.turns === 'end')) return;
  const done: GameEvent[] = [];
  runExchange(s, 'end', done, {}, map);
  if (done.length > 0)
    events.push(
      ev('end-exchange', 'The game is over: prisoners are exchanged as the scenario provides (1757 B).'),
      ...done,
    );
}

function dispatch(
  before: GameState,
  s: GameState,
  seat: Seat,
  a: Action,
  map: StrategicMap,
  events: GameEvent[],
): RuleError | undefined {
  if (a.type === 'timeout') {
    // Time enters the engine only as an action: every seat still pending is treated as done.
    const timedOut = [...s.pending];
    const mod = moduleFor(s.phase);
    if (mod) {
      const r = mod.timeout(s, map);
      Object.assign(s, r.state);
      events.push(...r.events);
      s.pending = mod.pending(s);
      if (s.pending.length > 0 && !mod.timeoutKeepsPending) s.pending = [];
    } else {
      finishAllForces(s);
      s.pending = [];
    }
    // The seats it finished are named, so each holder is told (and the service sees them involved).
    events.push(
      ev('timeout', `The deadline of the ${s.phase} phase passed.`, undefined, { seats: timedOut }),
    );
    return undefined;
  }
  if (a.type === 'forfeit') {
    // 14.15: open at any moment (not only in the seat's own step) while Frederick is a prisoner.
    if (!forfeitAvailable(s, seat))
      return {
        rule: '14.15',
        code: 'no-forfeit',
        message:
          seat === 'prussia'
            ? 'The Allied player may forfeit only while Frederick is held prisoner.'
            : 'Only the Prussian seat may forfeit, and only after Frederick is captured.',
      };
    s.over = { reason: 'forfeit', turn: s.turn };
    s.pending = [];
    events.push(
      ev('forfeit', 'With Frederick a prisoner, the Allied player forfeits: a decisive Coalition victory.'),
    );
    return undefined;
  }
  // 12.21 (rulings.md, Combat Phase): moving in or out of a fortress takes no step of its own; the
  // combat hook decides whether this seat may do it now (hexes with no battle to come: any time).
  const combatGarrison = s.phase === 'combat' && a.type === 'garrison';
  // Issue 16 (tactical ruling "Standing orders"): a standing order for a campaign battle on the
  // tactical map may be given at any time by a seat in it; it changes no step.
  const standingOrder =
    s.phase === 'combat' &&
    a.type === 'combat-tactical-order' &&
    (a as { order?: { type?: unknown } }).order?.type === 'standing-order' &&
    inTacticalBattle(s, seat);
  if (!s.pending.includes(seat) && !combatGarrison && !standingOrder)
    return {
      rule: '4.1',
      code: 'not-your-step',
      message: `The ${seat} seat has nothing to do now (turn ${s.turn}, ${s.phasing} player-turn, ${s.phase} phase).`,
    };
  // A phase with a module: the module decides (its own actions, `done`, `garrison` in combat).
  const mod = moduleFor(s.phase);
  if (mod) {
    const r = mod.apply(s, seat, a, map);
    if (!r.ok) return r.error;
    Object.assign(s, r.state);
    events.push(...r.events);
    s.pending = mod.pending(s);
    return undefined;
  }
  // Any action other than continuing the same force ends that seat's force's move (5.0).
  const continuing = a.type === 'march' && activeForceOf(s, String(a.leader)) !== undefined;
  if (!continuing) {
    const f = s.movement.active.find((x) => x.nationality === seat);
    const re = f ? resupplyFinishError(s, map, f) : undefined;
    if (re) return re;
    finishForce(s, seat);
  }
  switch (a.type) {
    case 'done': {
      const de = resupplyDoneError(s, map, seat);
      if (de) return de;
      s.pending = s.pending.filter((x) => x !== seat);
      events.push(ev('done', `${seat} has finished the ${s.phase} phase.`, toSides(sideOf(s, seat))));
      return undefined;
    }
    case 'halt':
      return undefined;
    case 'march':
      return doMarch(before, s, seat, a as MarchAction, map, events);
    case 'forcemarch':
      return doForceMarch(
        s,
        seat,
        a as { leader: string; take?: { sp?: number; leaders?: string[] } },
        events,
      );
    case 'depot-build': {
      const hex = String(a.hex);
      const e = depotBuildError(s, map, seat, hex, computeSupply(s, map, sideOf(s, seat)));
      if (e) return e;
      buildDepot(s, seat, hex, events);
      return undefined;
    }
    case 'camp-build': {
      const hex = String(a.hex);
      const e = campBuildError(s, map, seat, hex);
      if (e) return e;
      buildCamp(s, hex, events);
      return undefined;
    }
    case 'depot-destroy': {
      const hex = String(a.hex);
      const e = destroyDepotError(s, seat, hex);
      if (e) return e;
      destroyDepot(s, hex, events);
      return undefined;
    }
    case 'garrison': {
      if (s.phase !== 'march' && s.phase !== 'forcemarch')
        return {
          rule: '12.21',
          code: 'not-movement-phase',
          message: 'Garrisons change only in movement or combat phases.',
        };
      return applyGarrison(s, map, seat, a as never, events);
    }
    default:
      return {
        rule: '4.1',
        code: 'wrong-phase',
        message: `A "${a.type}" action is not possible in the ${s.phase} phase.`,
      };
  }
}

/** A march order on the working copy `s`; `trace` (explainMarch) records what each hex cost. */
export function doMarch(
  before: GameState,
  s: GameState,
  seat: Seat,
  a: MarchAction,
  map: StrategicMap,
  events: GameEvent[],
  trace?: MoveContext['trace'],
): RuleError | undefined {
  const leader = s.leaders[a.leader];
  let f = activeForceOf(s, a.leader);
  if (f && leader?.nationality !== seat)
    return {
      rule: '8.22',
      code: 'not-your-leader',
      message: `${a.leader} is not commanded by the ${seat} seat.`,
    };
  if (!f) {
    if (s.phase === 'forcemarch')
      return {
        rule: '5.2',
        code: 'declare-force-march',
        message: `Declare a force march for ${leader ? leaderLabel(leader) : a.leader} first: the die is rolled before it moves.`,
      };
    if (s.phase !== 'march')
      return {
        rule: '5.31',
        code: 'not-movement-phase',
        message: 'Forces move only in a March or Force March Phase.',
      };
    if (!leader) return { rule: '8.0', code: 'unknown-leader', message: `There is no leader "${a.leader}".` };
    const ma = marchAllowance(s, effectiveInitiative(s, leader));
    const bypass = leader.nationality === seat ? resupplyBypassError(s, map, leader) : undefined;
    if (bypass) return bypass;
    const started = startForce(s, seat, a.leader, 'march', ma, a.take);
    if (isRuleError(started)) return started;
    f = started;
  } else if (a.take) {
    a = { ...a, stops: [{ hex: f.hex, pick: a.take }, ...(a.stops ?? [])] };
  }
  const from = f.hex;
  const e = moveForce(s, a, trace ? { map, events, trace } : { map, events });
  if (e) return e;
  const e537 = check537(before, s, seat);
  if (e537) return e537;
  const side = sideOf(s, seat);
  const g = activeForceOf(s, a.leader);
  if (a.path.length > 0)
    events.push(
      ev('march', `${leader!.name}'s force marches ${from} -> ${a.path.join(' -> ')}.`, toSides(side), {
        leader: a.leader,
        path: a.path,
        sp: g?.sp,
        mpLeft: g?.mpLeft,
      }),
      ev(
        'march-seen',
        `A ${seat} force led by ${leader!.name} moves ${from} -> ${a.path.at(-1)}.`,
        toSides(otherSide(side)),
        {
          leader: a.leader,
          to: a.path.at(-1),
        },
      ),
    );
  return undefined;
}

function doForceMarch(
  s: GameState,
  seat: Seat,
  a: { leader: string; take?: { sp?: number; leaders?: string[] } },
  events: GameEvent[],
): RuleError | undefined {
  if (s.phase !== 'forcemarch')
    return {
      rule: '5.2',
      code: 'not-force-march-phase',
      message: 'Force marches are made only in the Force March Phase.',
    };
  const leader = s.leaders[a.leader];
  if (leader?.hex && isDemoralizedAt(s, leader.hex, sideOf(s, leader.nationality)) && !leader.inside)
    return {
      rule: '11.18',
      code: 'demoralized-force-march',
      message: `${leaderLabel(leader)}'s force is demoralized and may not force march.`,
    };
  // Validate the declaration before rolling, so an illegal one leaves the dice untouched.
  const started = startForce(s, seat, a.leader, 'forcemarch', 0, a.take);
  if (isRuleError(started)) return started;
  const l = leader!;
  const init = effectiveInitiative(s, l);
  const die = rollDie(s);
  const sum = die + init;
  started.mpLeft = movementAllowance(die, init, s.turn);
  const side = sideOf(s, seat);
  events.push(
    ev(
      'forcemarch-roll',
      `${l.name} force marches: die ${die} + Initiative ${init} = ${sum}, ${started.mpLeft} MP.`,
      toSides(side),
      {
        leader: l.id,
        die,
        ma: started.mpLeft,
      },
    ),
  );
  // 5.2: a sum of six or more costs the force one SP at once (rulings 5.2 for a leader alone).
  if (sum >= FORCE_MARCH_LOSS_AT) {
    const hex = started.hex;
    if (started.sp > 0) {
      started.sp -= 1;
      addSp(s, hex, l.nationality, 'out', -1);
      addLedger(s.ledger.eliminated, l.nationality, 1);
      events.push(ev('forcemarch-loss', `The forced march costs ${l.name}'s force one SP.`, toSides(side)));
    } else if (unmovedSp(s, hex, l.nationality) > 0) {
      addSp(s, hex, l.nationality, 'out', -1);
      addLedger(s.ledger.eliminated, l.nationality, 1);
      events.push(
        ev('forcemarch-loss', `The forced march costs one ${l.nationality} SP at ${hex}.`, toSides(side)),
      );
    }
  }
  return undefined;
}

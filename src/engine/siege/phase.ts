import { type StepName, stepName } from '../../kernel/phase.js';
import { distance } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import type { Action } from '../actions.js';
import { captureLeader } from '../combat/phase.js';
import { toCombatLeader } from '../combat/types.js';
import { ev } from '../events.js';
import { engineMap } from '../map-env.js';
import type { HookResult, HookStep, PhaseHook } from '../phases/module.js';
import { rollDie } from '../rng.js';
import { addLedger, addSp, fortressAt, garrisonSide, otherSide, sideLeadersAt } from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, RuleError, Seat, Side } from '../types.js';
import { NATIONALITIES } from '../types.js';
import {
  type SiegeHookState,
  siegeActionSchemas,
  siegeHonoursSchema,
  siegeResolveSchema,
  siegeSurrenderSchema,
} from './actions.js';
import {
  type BreachContext,
  type BreachOutcome,
  decideBreach,
  startBreach,
  takeLargestFirst,
} from './honours.js';
import { rollSiege } from './resolution.js';

export { siegeActionSchemas } from './actions.js';

function hs(state: GameState): SiegeHookState {
  return state.combat.hook.siege ?? { remaining: [] };
}
function setHs(state: GameState, h: SiegeHookState): void {
  state.combat.hook = { ...state.combat.hook, siege: h };
}
function err(rule: string, code: string, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { rule, code, message } };
}

/** 1761 C: hexes holding a completed Prussian fortified camp (when the state model records them). */
function fortifiedCamps(state: GameState): HexId[] {
  const f = (state as unknown as { fortifiedCamps?: HexId[] }).fortifiedCamps;
  return Array.isArray(f) ? f : [];
}

function spIn(state: GameState, hex: HexId, side: Side): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of NATIONALITIES)
    if (state.seatSide[n] === side && (state.forces[hex]?.[n]?.in ?? 0) > 0)
      out[n] = state.forces[hex]![n]!.in;
  return out;
}
function spOut(state: GameState, hex: HexId, side: Side): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of NATIONALITIES)
    if (state.seatSide[n] === side && (state.forces[hex]?.[n]?.out ?? 0) > 0)
      out[n] = state.forces[hex]![n]!.out;
  return out;
}

/** Hex distance on the RRCC grid: the map's one implementation (kept under this name for callers). */
export const hexDistance = distance;

/** 13.33 (1): nearest non-besieged fortress garrisoned by that nationality (ties: lowest hex id). */
export function nearestGarrison(
  state: GameState,
  from: HexId,
  nat: Nationality,
  map: StrategicMap = engineMap(),
): HexId | undefined {
  return Object.keys(state.forces)
    .filter(
      (h) =>
        h !== from &&
        (state.forces[h]?.[nat]?.in ?? 0) > 0 &&
        !state.besieged.includes(h) &&
        fortressAt(state, map, h) !== undefined,
    )
    .sort((x, y) => hexDistance(from, x) - hexDistance(from, y) || (x < y ? -1 : 1))[0];
}

function besiegedByPhasing(state: GameState): HexId[] {
  return state.besieged.filter((h) => {
    const g = garrisonSide(state, h);
    return g !== undefined && g !== state.phasing;
  });
}

function seatOfDepot(state: GameState, hex: HexId): Seat {
  const d = state.depots[hex];
  return (
    (d && state.seatSide[d.owner] === state.phasing ? d.owner : undefined) ?? firstSeat(state, state.phasing)
  );
}
function firstSeat(state: GameState, side: Side): Seat {
  return NATIONALITIES.find((n) => state.seatSide[n] === side)!;
}
function garrisonSeat(state: GameState, hex: HexId): Seat {
  const side = otherSide(state.phasing);
  const inside = sideLeadersAt(state, hex, side, 'in')[0];
  if (inside) return inside.nationality;
  const strongest = Object.entries(spIn(state, hex, side)).sort((a, b) => b[1] - a[1])[0];
  return (strongest?.[0] as Seat | undefined) ?? firstSeat(state, side);
}

function pending(state: GameState): Seat[] {
  const h = hs(state);
  if (h.breach) {
    const step = h.breach.step.step;
    if (step === 'honours-requested') return [seatOfDepot(state, h.breach.hex)];
    if (step === 'surrender-demanded') return [garrisonSeat(state, h.breach.hex)];
  }
  return [...new Set(h.remaining.map((hex) => seatOfDepot(state, hex)))];
}

function enter(state: GameState): HookStep {
  setHs(state, { remaining: besiegedByPhasing(state) });
  return { ok: true, state, events: [] };
}

function context(state: GameState, map: StrategicMap, hex: HexId): BreachContext {
  const gSide = otherSide(state.phasing);
  return {
    garrison: {
      side: gSide,
      sp: spIn(state, hex, gSide),
      leaders: sideLeadersAt(state, hex, gSide, 'in').map(toCombatLeader),
    },
    besiegers: {
      side: state.phasing,
      sp: spOut(state, hex, state.phasing),
      leaders: sideLeadersAt(state, hex, state.phasing, 'out').map(toCombatLeader),
    },
    // 1756 A: Saxon (Empire) garrisons must surrender when denied the honours.
    mustSurrender: state.rules.saxonsMustSurrender ? ['empire'] : [],
    nearestGarrison: (n) => nearestGarrison(state, hex, n as Nationality, map),
  };
}

function resolve(
  state: GameState,
  map: StrategicMap,
  hex: HexId,
  garrisonSp: number,
  h: SiegeHookState,
  events: GameEvent[],
): RuleError | undefined {
  const gSide = otherSide(state.phasing);
  // 13.0: the garrison commander is the highest-ranked leader inside (printed Initiative, rulings 13.0).
  const commander = sideLeadersAt(state, hex, gSide, 'in')[0];
  const die = rollDie(state);
  const r = rollSiege({
    die,
    garrisonInitiative: commander?.initiative ?? 0,
    fortifiedCamp: fortifiedCamps(state).includes(hex),
  });
  if ('error' in r) return { rule: r.rule, code: 'siege-roll', message: r.error };
  h.remaining = h.remaining.filter((x) => x !== hex);
  // The roll is announced to all (below): both players keep it (issue 20, the autopilot's memory).
  state.siegeRolls = {
    ...(state.siegeRolls ?? {}),
    [hex]: { turn: state.turn, garrison: gSide, die, modified: r.modifiedRoll },
  };
  const name = fortressAt(state, map, hex)?.name ?? hex;
  events.push(
    ev(
      'siege-roll',
      `Siege of ${name}: die ${die}, modified ${r.modifiedRoll}: ${r.result}.`,
      { to: 'all' },
      { hex, die, modifiedRoll: r.modifiedRoll, result: r.result },
    ),
  );
  if (r.result === 'attacker-loss') {
    // 13.32: one besieging SP lost to a sortie; counted for victory.
    const taken = takeLargestFirst(spOut(state, hex, state.phasing), 1);
    for (const [nat, n] of Object.entries(taken)) {
      addSp(state, hex, nat as Nationality, 'out', -n);
      addLedger(state.ledger.eliminated, nat as Nationality, n);
    }
  } else if (r.result === 'breach') {
    // 13.33: the garrison's request for the honours of war is compulsory, so it is made at once.
    h.breach = { hex, step: startBreach(), garrisonSp };
    events.push(
      ev(
        'honours-requested',
        `${name} is breached; its garrison asks for the honours of war.`,
        { to: 'all' },
        { hex },
      ),
    );
  }
  return undefined;
}

function applyOutcome(
  state: GameState,
  map: StrategicMap,
  hex: HexId,
  o: BreachOutcome,
  garrisonSp: number,
  events: GameEvent[],
): void {
  const gSide = otherSide(state.phasing);
  const name = fortressAt(state, map, hex)?.name ?? hex;
  if (o.how === 'honours') {
    for (const t of o.transferred) {
      const nat = t.nationality as Nationality;
      if (t.sp > 0) addSp(state, hex, nat, 'in', -t.sp);
      if (t.to) {
        if (t.sp > 0) addSp(state, t.to, nat, 'in', t.sp);
        for (const id of t.leaders) state.leaders[id] = { ...state.leaders[id]!, hex: t.to, inside: true };
      } else {
        // 13.33 note: removed from play, not eliminated.
        if (t.sp > 0) addLedger(state.ledger.removed, nat, t.sp);
        for (const id of t.leaders)
          state.leaders[id] = { ...state.leaders[id]!, status: 'removed', hex: null, inside: false };
      }
    }
    events.push(
      ev(
        'honours',
        `${name}: the garrison marches out with the honours of war.`,
        { to: 'all' },
        { hex, to: o.transferred.map((t) => ({ nationality: t.nationality, to: t.to ?? null })) },
      ),
    );
  } else if (o.how === 'surrender') {
    for (const [nat, n] of Object.entries(o.prisonersSp)) {
      addSp(state, hex, nat as Nationality, 'in', -n);
      addLedger(state.ledger.prisoners[state.phasing], nat as Nationality, n);
    }
    for (const id of o.prisonerLeaders) captureLeader(state, id, state.phasing);
    events.push(
      ev('surrender', `${name} surrenders; its garrison is taken prisoner.`, { to: 'all' }, { hex }),
    );
  } else {
    for (const side of [gSide, state.phasing] as const) {
      const where = side === gSide ? 'in' : 'out';
      for (const [nat, n] of Object.entries(o.eliminated[side])) {
        addSp(state, hex, nat as Nationality, where, -n);
        addLedger(state.ledger.eliminated, nat as Nationality, n);
      }
    }
    if (o.prisonerLeadersOf)
      for (const id of o.prisonerLeaders) captureLeader(state, id, otherSide(o.prisonerLeadersOf));
    events.push(
      ev(
        'storm',
        `${name} is stormed: ${o.fortressFalls ? 'it falls' : 'the assault fails'}.`,
        { to: 'all' },
        { hex, eliminated: o.eliminated },
      ),
    );
  }
  if (o.fortressFalls) {
    // 13.33: the besieger may garrison the fortress with its units in the hex (default 1 SP, rulings 13.33).
    const out = Object.entries(spOut(state, hex, state.phasing)).sort((a, b) => b[1] - a[1]);
    let left = garrisonSp;
    for (const [nat, n] of out) {
      const k = Math.min(n, left);
      if (k > 0) {
        addSp(state, hex, nat as Nationality, 'out', -k);
        addSp(state, hex, nat as Nationality, 'in', k);
        left -= k;
      }
    }
  }
  // 10.48: the depot that won the siege goes when the fortress changes hands.
  if (o.removeSiegeDepot && state.depots[hex] && state.seatSide[state.depots[hex]!.owner] === state.phasing)
    delete state.depots[hex];
}

function decide(
  state: GameState,
  map: StrategicMap,
  h: SiegeHookState,
  by: 'besieger' | 'garrison',
  choice: 'grant' | 'deny' | 'surrender' | 'refuse',
  events: GameEvent[],
): RuleError | undefined {
  const b = h.breach!;
  const d =
    by === 'besieger'
      ? { by, choice: choice as 'grant' | 'deny' }
      : { by, choice: choice as 'surrender' | 'refuse' };
  const next = decideBreach(context(state, map, b.hex), b.step, d);
  if ('error' in next) return { rule: next.rule, code: 'honours-sequence', message: next.error };
  if (next.step === 'done') {
    applyOutcome(state, map, b.hex, next.outcome, b.garrisonSp, events);
    h.breach = undefined;
  } else {
    b.step = next;
    events.push(
      ev(
        'honours-denied',
        'The honours of war are denied; the garrison is summoned to surrender.',
        { to: 'all' },
        { hex: b.hex },
      ),
    );
  }
  return undefined;
}

function apply(state: GameState, seat: Seat, action: Action, map: StrategicMap): HookResult {
  const h = hs(state);
  const side = state.seatSide[seat];
  const events: GameEvent[] = [];
  switch (action.type) {
    case 'siege-resolve': {
      const a = siegeResolveSchema.parse(action);
      if (h.breach) return err('13.33', 'breach-open', 'Settle the breach first.');
      if (side !== state.phasing)
        return err('13.0', 'not-phasing', 'Only the phasing player resolves sieges.');
      if (!h.remaining.includes(a.hex))
        return err(
          '13.12',
          'not-besieged',
          `You do not besiege a fortress at ${a.hex} (or already rolled against it).`,
        );
      const e = resolve(state, map, a.hex, a.garrisonSp ?? 1, h, events);
      if (e) return { ok: false, error: e };
      break;
    }
    case 'siege-honours': {
      const a = siegeHonoursSchema.parse(action);
      if (!h.breach || h.breach.hex !== a.hex)
        return err('13.33', 'no-breach', `No breach is waiting at ${a.hex}.`);
      if (side !== state.phasing)
        return err('13.33', 'not-besieger', 'Only the besieging player grants or denies the honours of war.');
      const e = decide(state, map, h, 'besieger', a.grant ? 'grant' : 'deny', events);
      if (e) return { ok: false, error: e };
      break;
    }
    case 'siege-surrender': {
      const a = siegeSurrenderSchema.parse(action);
      if (!h.breach || h.breach.hex !== a.hex)
        return err('13.33', 'no-breach', `No breach is waiting at ${a.hex}.`);
      if (side === state.phasing)
        return err('13.33', 'not-garrison', "Only the garrison's owner surrenders or refuses.");
      const e = decide(state, map, h, 'garrison', a.accept ? 'surrender' : 'refuse', events);
      if (e) return { ok: false, error: e };
      break;
    }
    case 'done':
      defaultStep(state, map, h, seat, events);
      break;
    default:
      return err('input', 'unknown-action', `"${action.type}" is not a Siege Resolution Phase action.`);
  }
  setHs(state, h);
  return { ok: true, state, events };
}

/**
 * Defaults (done / deadline): pass on the remaining sieges (13.15); a waiting besieger grants the
 * honours; a waiting garrison surrenders unless it outnumbers the besiegers (then a storm would
 * destroy them). See docs/rulings.md 13.33.
 */
function defaultStep(
  state: GameState,
  map: StrategicMap,
  h: SiegeHookState,
  seat: Seat | undefined,
  events: GameEvent[],
): void {
  if (h.breach) {
    if (h.breach.step.step === 'honours-requested') decide(state, map, h, 'besieger', 'grant', events);
    else {
      const c = context(state, map, h.breach.hex);
      const g = Object.values(c.garrison.sp).reduce((a, b) => a + b, 0);
      const b = Object.values(c.besiegers.sp).reduce((a, x) => a + x, 0);
      decide(state, map, h, 'garrison', g > b ? 'refuse' : 'surrender', events);
    }
    return;
  }
  h.remaining = seat ? h.remaining.filter((hex) => seatOfDepot(state, hex) !== seat) : [];
}

function legal(state: GameState, seat: Seat): Action[] {
  if (!pending(state).includes(seat)) return [];
  const h = hs(state);
  if (h.breach) {
    if (h.breach.step.step === 'honours-requested')
      return [
        { type: 'siege-honours', hex: h.breach.hex, grant: true },
        { type: 'siege-honours', hex: h.breach.hex, grant: false },
      ];
    return [
      { type: 'siege-surrender', hex: h.breach.hex, accept: true },
      { type: 'siege-surrender', hex: h.breach.hex, accept: false },
    ];
  }
  return [
    ...h.remaining
      .filter((hex) => seatOfDepot(state, hex) === seat)
      .map((hex) => ({ type: 'siege-resolve' as const, hex })),
    { type: 'done' },
  ];
}

function timeout(state: GameState, map: StrategicMap): HookStep {
  const h = hs(state);
  const events: GameEvent[] = [];
  for (let guard = 0; (h.breach || h.remaining.length > 0) && guard < 100; guard++)
    defaultStep(state, map, h, undefined, events);
  setHs(state, h);
  return { ok: true, state, events };
}

/**
 * The named step: the breach decision and its fortress (13.33), or the rolls still open, listed by
 * hex (each roll is a step of its own: the list shrinks).
 */
function stepOfSiege(state: GameState): StepName {
  const h = hs(state);
  if (h.breach?.step.step === 'honours-requested') return stepName('siege', 'honours', h.breach.hex);
  if (h.breach?.step.step === 'surrender-demanded') return stepName('siege', 'surrender', h.breach.hex);
  if (h.remaining.length > 0) return stepName('siege', 'resolve', h.remaining.join(','));
  return stepName('siege', 'done');
}

/** The Siege Resolution Phase module; the map is passed in by the engine (tests may omit it). */
export const siegePhaseHook = {
  phase: 'siege' as const,
  actions: siegeActionSchemas,
  enter: (state: GameState, _map?: StrategicMap) => enter(state),
  pending,
  legal: (state: GameState, seat: Seat, _map?: StrategicMap) => legal(state, seat),
  apply: (state: GameState, seat: Seat, action: Action, map?: StrategicMap) =>
    apply(state, seat, action, map ?? engineMap()),
  timeout: (state: GameState, map?: StrategicMap) => timeout(state, map ?? engineMap()),
  step: stepOfSiege,
} satisfies PhaseHook;

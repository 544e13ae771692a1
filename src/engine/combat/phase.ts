// The Combat Phase (4.2 A6/B6, 9.0) as a phase module: the phasing player orders the contested
// hexes; in each, the first option to attack goes to the higher commander Initiative (8.23, ties by
// dice); a decline passes the option; two declines mean no battle. Committing reveals both forces in
// that hex (state.combat.committed); the battle resolver decides it (resolver.ts: the CRT by
// default), outcome.ts applies the result, the loser retreats (retreat-step.ts) and is demoralized
// (9.55). Sorties from besieged fortresses follow 12.23. Units move into or out of the fortress of
// their hex with the `garrison` action (12.21, docs/rulings.md 12.21 (Combat Phase)): in the hex
// being resolved, the side without the option first, then the holder (fortress.ts).
//
// Files: actions.ts (schemas and the phase's state), forces.ts (who fights where), fortress.ts
// (garrison moves and sorties), resolver.ts (the seam), outcome.ts, retreat-step.ts, and this file
// (the stages: order, garrison window, option, retreat; legal actions, defaults, deadline).
import { type StepName, stepName } from '../../kernel/phase.js';
import type { StrategicMap } from '../../map/types.js';
import type { Action } from '../actions.js';
import { ev, toSeats, toSides } from '../events.js';
import { engineMap } from '../map-env.js';
import type { HookResult, HookStep, PhaseHook } from '../phases/module.js';
import { rollDie } from '../rng.js';
import { garrisonSide, isWinterTurn, otherSide, seatsOf, sideSp } from '../state.js';
import type { GameEvent, GameState, HexId, RuleError, Seat, Side } from '../types.js';
import { NATIONALITIES } from '../types.js';
import {
  type CombatHookState,
  combatActionSchemas,
  combatOrderSchema,
  combatRetreatSchema,
  combatSortieSchema,
  combatTacticalOrderSchema,
  combatTacticalSchema,
  finishHex,
  hookState,
  setHookState,
} from './actions.js';
import type { BattleOutcome } from './battle.js';
import { firstAttackOption } from './battle.js';
import { attackBlocker, contestedHexes, forceInHex, mayAct, mustAttack, seatFor } from './forces.js';
import { combatGarrison, garrisonMoves, sortie, windowSeats } from './fortress.js';
import { applyBattle } from './outcome.js';
import { type BattleResolver, crtResolver } from './resolver.js';
import { carryOutRetreat, startRetreat } from './retreat-step.js';
import { type TacticalHost, tacticalHost } from './tactical-host.js';
import {
  applyTacticalOrder,
  participantSeats,
  playTacticalAutopilot,
  startTacticalBattle,
  tacticalAutopilotAction,
  tacticalLegal,
  tacticalPending,
  tacticalStep,
  tacticalViewPart,
} from './tactical-stage.js';

export { combatActionSchemas } from './actions.js';
export { contestedHexes, forceInHex } from './forces.js';
export { captureLeader, killLeader } from './outcome.js';
export { retreatBoard } from './retreat-step.js';
export { type TacticalHost, tacticalHost, useTacticalHost } from './tactical-host.js';
export { participantSeats, type TacticalViewPart } from './tactical-stage.js';

/** What the phase's functions need besides the state: the map and who decides battles. */
interface CombatEnv {
  map: StrategicMap;
  resolver: BattleResolver;
  /** The setting when tactical battles are offered now (absent: every battle goes to the table). */
  tactical?: TacticalOption;
  /** Who runs a tactical battle already underway (the registered host unless one was injected). */
  host?: TacticalHost;
}

/**
 * Issue #16 (design 5.1): campaign battles may be fought out on the tactical map. `offer` asks both
 * commanding seats after the attack is committed; `always` skips the question. The tactical host
 * is injected (the strategic engine does not import the tactical engine).
 */
export interface TacticalOption {
  mode: 'offer' | 'always';
  host: TacticalHost;
  /** Each side needs at least this many SP outside a fortress (default 6). */
  minSp?: number;
  /** Cap on the tactical game turns (state.tactical.maxTurns). */
  maxTurns?: number;
}

/** Design 5.1: a field battle of the minimum size; sieges, sorties and garrisons stay strategic. */
export function tacticalEligible(state: GameState, hex: HexId, minSp: number): boolean {
  if (state.besieged.includes(hex)) return false;
  if (Object.values(state.forces[hex] ?? {}).some((f) => (f?.in ?? 0) > 0)) return false;
  return (
    sideSp(state, hex, 'prussian-allied', 'out') >= minSp && sideSp(state, hex, 'coalition', 'out') >= minSp
  );
}

function err(rule: string, code: string, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { rule, code, message } };
}

/** Moves to the next hex with a live option, skipping sides that cannot attack. Mutates state. */
function advance(state: GameState, map: StrategicMap, h: CombatHookState, events: GameEvent[]): void {
  for (;;) {
    if (h.option) {
      const { hex, side, declined } = h.option;
      if (!declined.includes(side) && mayAct(state, hex, side)) return;
      if (!declined.includes(side)) declined.push(side);
      const other = otherSide(side);
      if (!declined.includes(other) && mayAct(state, hex, other)) {
        h.option = { hex, side: other, declined };
        return;
      }
      // 9.0: neither side attacks here.
      events.push(ev('no-battle', `No battle at ${hex}.`, toSides('prussian-allied', 'coalition'), { hex }));
      h.queue = h.queue.filter((x) => x !== hex);
      h.option = undefined;
    }
    const hex = h.queue[0];
    if (!hex) {
      h.stage = 'done';
      return;
    }
    h.stage = 'option';
    const first = firstOption(state, hex, events);
    // 12.21 (rulings.md): the side without the option may first move units in or out of a
    // non-besieged fortress here, when the option holder could attack at all.
    const waiting = mayAct(state, hex, first) ? windowSeats(state, map, hex, otherSide(first)) : [];
    if (waiting.length > 0) {
      h.stage = 'garrison';
      h.garrison = { hex, side: otherSide(first), first, waiting };
      return;
    }
    h.option = { hex, side: first, declined: [] };
  }
}

/** 12.21: open the option in the window's hex once every waiting seat has answered. */
function closeWindow(state: GameState, map: StrategicMap, h: CombatHookState, events: GameEvent[]): void {
  const w = h.garrison;
  if (!w) return;
  h.garrison = undefined;
  h.stage = 'option';
  h.option = { hex: w.hex, side: w.first, declined: [] };
  advance(state, map, h, events);
}

/** 9.0 procedure: higher commander Initiative (8.23) first; equal: a die each, ties rolled again. */
function firstOption(state: GameState, hex: HexId, events: GameEvent[]): Side {
  const a = forceInHex(state, hex, 'prussian-allied');
  const c = forceInHex(state, hex, 'coalition');
  let r = firstAttackOption(a, c);
  let guard = 0;
  while (r === 'roll' || r === 'reroll') {
    const dice = { 'prussian-allied': rollDie(state), coalition: rollDie(state) };
    events.push(
      ev(
        'option-roll',
        `Option to attack at ${hex}: dice ${dice['prussian-allied']} (Allied) v ${dice.coalition} (Coalition).`,
        toSides('prussian-allied', 'coalition'),
        { hex, dice },
      ),
    );
    r = firstAttackOption(a, c, dice);
    if (++guard > 50) r = 'prussian-allied';
  }
  return r;
}

function pendingOf(state: GameState, host: TacticalHost | undefined): Seat[] {
  const h = hookState(state);
  if (h.stage === 'tactical' && h.battle) return tacticalPending(host, h.battle);
  if (h.stage === 'order') return [seatsOf(state, state.phasing)[0]!];
  if (h.stage === 'garrison' && h.garrison) return [...h.garrison.waiting];
  if (h.stage === 'option' && h.option) return [seatFor(state, h.option.hex, h.option.side)];
  if (h.stage === 'tactical-offer' && h.tactical) {
    const t = h.tactical;
    return (['prussian-allied', 'coalition'] as const)
      .filter((s) => t.answers[s] === undefined)
      .map((s) => seatFor(state, t.hex, s));
  }
  if (h.stage === 'retreat' && h.retreat) return [seatFor(state, h.retreat.hex, h.retreat.side)];
  return [];
}

function enter(state: GameState, map: StrategicMap): HookStep {
  const events: GameEvent[] = [];
  state.combat.fought = [];
  state.combat.besiegersFought = [];
  state.combat.committed = [];
  const queue = contestedHexes(state);
  const h: CombatHookState = { stage: queue.length > 1 ? 'order' : 'option', queue };
  if (h.stage === 'option') advance(state, map, h, events);
  setHookState(state, h);
  return { ok: true, state, events };
}

function apply(state: GameState, seat: Seat, action: Action, env: CombatEnv): HookResult {
  const { map } = env;
  const h = hookState(state);
  const side = state.seatSide[seat];
  const events: GameEvent[] = [];
  switch (action.type) {
    case 'combat-order': {
      const a = combatOrderSchema.parse(action);
      if (h.stage !== 'order') return err('9.0', 'not-ordering', 'The order of battles is already set.');
      if (side !== state.phasing)
        return err('9.0', 'not-phasing', 'Only the phasing player orders the battles.');
      const want = [...h.queue].sort().join();
      if ([...a.hexes].sort().join() !== want || new Set(a.hexes).size !== a.hexes.length)
        return err('9.0', 'bad-order', `List each contested hex exactly once: ${h.queue.join(', ')}.`);
      h.queue = [...a.hexes];
      h.stage = 'option';
      advance(state, map, h, events);
      break;
    }
    case 'combat-sortie': {
      const a = combatSortieSchema.parse(action);
      const e = sortie(state, seat, a, h, events);
      if (e) return { ok: false, error: e };
      advance(state, map, h, events);
      break;
    }
    case 'garrison': {
      const e = combatGarrison(state, map, seat, action, h, events);
      if (e) return { ok: false, error: e };
      // The option holder may have left itself nothing to attack with (or nothing to attack).
      if (h.stage === 'option') advance(state, map, h, events);
      break;
    }
    case 'combat-attack':
    case 'combat-decline': {
      const hex = action.hex;
      if (h.stage !== 'option' || !h.option || h.option.hex !== hex)
        return err('9.0', 'no-option', `There is no option to attack at ${hex} now.`);
      if (h.option.side !== side)
        return err('9.0', 'not-your-option', 'The option to attack is not yours at the moment.');
      if (action.type === 'combat-decline') {
        if (mustAttack(state, hex, side))
          return err(
            '5.54',
            'must-attack',
            `Your force that crossed a pass into ${hex} may not decline to attack.`,
          );
        events.push(
          ev(
            'decline',
            `The option to attack at ${hex} is declined.`,
            toSides('prussian-allied', 'coalition'),
            { hex, side },
          ),
        );
        h.option.declined.push(side);
        h.option.side = otherSide(side);
        advance(state, map, h, events);
        break;
      }
      const blocked = attackBlocker(state, hex, side);
      if (blocked) return { ok: false, error: blocked };
      const t = env.tactical;
      if (t && tacticalEligible(state, hex, t.minSp ?? 6)) {
        if (t.mode === 'offer') {
          // 9.0: committed: both players now see both forces; each commander is asked.
          if (!state.combat.committed.includes(hex)) state.combat.committed.push(hex);
          h.stage = 'tactical-offer';
          h.tactical = { hex, attacker: side, answers: {} };
          h.option = undefined;
          events.push(
            ev(
              'tactical-offer',
              `The attack at ${hex} is committed. Fight it out on the tactical map? Both commanders must agree.`,
              toSeats(...participantSeats(state, hex)),
              { hex, attacker: side },
            ),
          );
          break;
        }
        const e = startTactical(state, env, hex, side, h, events);
        if (e) return { ok: false, error: e };
        break;
      }
      const e = fight(state, env, hex, side, h, events);
      if (e) return { ok: false, error: e };
      if ((h.stage as CombatHookState['stage']) !== 'retreat') advance(state, map, h, events);
      break;
    }
    case 'combat-tactical': {
      const a = combatTacticalSchema.parse(action);
      const t = h.tactical;
      if (h.stage !== 'tactical-offer' || !t || t.hex !== a.hex)
        return err('9.0', 'no-tactical-offer', `No tactical battle is offered at ${a.hex}.`);
      if (!pendingOf(state, env.host).includes(seat))
        return err(
          '9.0',
          'not-your-answer',
          'Your commander has answered already, or is not in this battle.',
        );
      t.answers[side] = a.accept;
      const e = answerTactical(state, env, h, events);
      if (e) return { ok: false, error: e };
      break;
    }
    case 'combat-tactical-order': {
      const a = combatTacticalOrderSchema.parse(action);
      const e =
        applyTacticalOrder(state, env.host, h, seat, a, events) ?? continueTactical(state, env, h, events);
      if (e) return { ok: false, error: e };
      break;
    }
    case 'combat-retreat': {
      const a = combatRetreatSchema.parse(action);
      if (h.stage !== 'retreat' || !h.retreat || h.retreat.hex !== a.hex)
        return err('9.51', 'no-retreat', `No retreat is waiting at ${a.hex}.`);
      if (h.retreat.side !== side)
        return err('9.51', 'not-your-retreat', 'It is not your force that retreats.');
      const opt = h.retreat.options.find((o) => o.to === a.to);
      if (!opt)
        return err(
          '9.52',
          'illegal-retreat',
          `${a.to} is not a legal end of this retreat; choose one of ${h.retreat.options.map((o) => o.to).join(', ')}.`,
        );
      carryOutRetreat(state, h.retreat.hex, side, opt, events, h.retreat.draw);
      finishHex(h, h.retreat.hex);
      h.retreat = undefined;
      h.stage = 'option';
      advance(state, map, h, events);
      break;
    }
    case 'done':
      if (!pendingOf(state, env.host).includes(seat))
        return err('9.0', 'nothing-pending', 'You have nothing to decide in this Combat Phase.');
      if (h.stage === 'tactical' && h.battle)
        return err(
          '9.0',
          'give-orders',
          `The battle at ${h.battle.hex} is being fought on the tactical map: give your orders there (combat-tactical-order), or let the deadline pass.`,
        );
      if (h.stage === 'garrison' && h.garrison) {
        // 12.21: this seat makes no (more) garrison moves here; the option opens when all have answered.
        h.garrison.waiting = h.garrison.waiting.filter((x) => x !== seat);
        if (h.garrison.waiting.length === 0) closeWindow(state, map, h, events);
        break;
      }
      defaultStep(state, env, h, events);
      break;
    default:
      return err('input', 'unknown-action', `"${action.type}" is not a Combat Phase action.`);
  }
  setHookState(state, h);
  return { ok: true, state, events };
}

/** 9.0: commit, reveal, resolve and apply one battle; start the loser's retreat. */
function fight(
  state: GameState,
  env: CombatEnv,
  hex: HexId,
  attackerSide: Side,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const { map, resolver } = env;
  const defenderSide = otherSide(attackerSide);
  const attacker = forceInHex(state, hex, attackerSide);
  const defender = forceInHex(state, hex, defenderSide);
  // The seam: the resolver decides the committed battle; conclude() applies its outcome.
  const out = resolver.resolve(state, { hex, attacker, defender }, map);
  if ('error' in out) return { rule: out.rule, code: 'illegal-attack', message: out.error };
  return conclude(state, map, hex, out, h, events);
}

/**
 * 9.4-9.5: apply a decided battle's outcome (a table result or a tactical battle's end, the same
 * code for both) and start the loser's retreat.
 */
function conclude(
  state: GameState,
  map: StrategicMap,
  hex: HexId,
  out: BattleOutcome,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const wasBesieged = state.besieged.includes(hex);
  // 9.0: both players may now examine the two forces in this hex, and nobody else.
  if (!state.combat.committed.includes(hex)) state.combat.committed.push(hex);
  state.combat.fought.push(hex);
  // 12.23: the besiegers (outside, the side not garrisoning) took part in combat here.
  if (wasBesieged && !state.combat.besiegersFought.includes(hex)) state.combat.besiegersFought.push(hex);
  applyBattle(state, hex, out, events);
  const loser = out.mustRetreat;
  if (!loser) {
    // 12.23 example: after a draw at a besieged fortress, the besieged side's survivors outside
    // (the sortie and the units that joined it) may go back in or retreat out of the hex.
    const besieged = wasBesieged ? besiegedSide(state, hex) : undefined;
    if (besieged && sideSp(state, hex, besieged, 'out') > 0)
      return startRetreat(state, map, hex, besieged, h, events, true);
    finishHex(h, hex);
    return undefined;
  }
  return startRetreat(state, map, hex, loser, h, events);
}

/** Issue #16: the committed battle goes to the tactical map (the `tactical` stage). */
function startTactical(
  state: GameState,
  env: CombatEnv,
  hex: HexId,
  attackerSide: Side,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const t = env.tactical;
  if (!t) return { rule: '9.0', code: 'no-tactical-host', message: 'Tactical battles are not available.' };
  const battle = {
    hex,
    attacker: forceInHex(state, hex, attackerSide),
    defender: forceInHex(state, hex, otherSide(attackerSide)),
  };
  const options = t.maxTurns !== undefined ? { maxTurns: t.maxTurns } : {};
  const e = startTacticalBattle(state, t.host, env.map, battle, h, events, options);
  return e ?? continueTactical(state, { ...env, host: t.host }, h, events);
}

/**
 * Issue #16: once the tactical game is over, its outcome is applied like a table result and the
 * phase goes on (the loser's retreat, then the next hex). Nothing to do while it is being fought.
 */
function continueTactical(
  state: GameState,
  env: CombatEnv,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const b = h.battle;
  const host = env.host;
  if (h.stage !== 'tactical' || !b || !host || !host.isOver(b.session)) return undefined;
  const out = host.outcome(state, b.session);
  h.battle = undefined;
  h.stage = 'option';
  const e = conclude(state, env.map, b.hex, out, h, events);
  if (e) return e;
  if ((h.stage as CombatHookState['stage']) !== 'retreat') advance(state, env.map, h, events);
  return undefined;
}

/**
 * Issue #16: once both answered, fight: tactically if both accepted, on the table at once if one
 * refused (design 5.1). Waits while one answer is missing.
 */
function answerTactical(
  state: GameState,
  env: CombatEnv,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const t = h.tactical;
  if (!t) return undefined;
  const answers = Object.values(t.answers);
  const refused = answers.includes(false);
  if (!refused && answers.length < 2) return undefined;
  h.tactical = undefined;
  h.stage = 'option';
  const tactical = !refused && !!env.tactical;
  events.push(
    ev(
      'tactical-answer',
      tactical
        ? `Both commanders accept: the battle at ${t.hex} is fought out on the tactical map.`
        : `The battle at ${t.hex} is decided on the strategic table.`,
      toSeats(...participantSeats(state, t.hex)),
      { hex: t.hex, tactical: !!tactical },
    ),
  );
  const e = tactical
    ? startTactical(state, env, t.hex, t.attacker, h, events)
    : fight(state, env, t.hex, t.attacker, h, events);
  if (e) return e;
  const stage = h.stage as CombatHookState['stage'];
  if (stage !== 'retreat' && stage !== 'tactical') advance(state, env.map, h, events);
  return undefined;
}

/** The side whose fortress at `hex` is besieged: its garrison's, else (all came out) its holder's. */
function besiegedSide(state: GameState, hex: HexId): Side | undefined {
  return garrisonSide(state, hex) ?? state.fortressControl[hex];
}

function legal(state: GameState, seat: Seat, map: StrategicMap, host: TacticalHost | undefined): Action[] {
  if (!pendingOf(state, host).includes(seat)) return [];
  const h = hookState(state);
  const side = state.seatSide[seat];
  if (h.stage === 'tactical' && h.battle) return tacticalLegal(host, h.battle, seat);
  if (h.stage === 'order') return [{ type: 'combat-order', hexes: [...h.queue] }];
  if (h.stage === 'garrison' && h.garrison)
    return [...garrisonMoves(state, map, h.garrison.hex, seat), { type: 'done' }];
  if (h.stage === 'retreat' && h.retreat)
    return h.retreat.options.map((o) => ({ type: 'combat-retreat', hex: h.retreat!.hex, to: o.to }));
  if (h.stage === 'tactical-offer' && h.tactical)
    return [
      { type: 'combat-tactical', hex: h.tactical.hex, accept: true },
      { type: 'combat-tactical', hex: h.tactical.hex, accept: false },
    ];
  if (h.stage === 'option' && h.option && h.option.side === side) {
    const hex = h.option.hex;
    const out: Action[] = [];
    if (attackBlocker(state, hex, side) === undefined) out.push({ type: 'combat-attack', hex });
    if (!mustAttack(state, hex, side)) out.push({ type: 'combat-decline', hex });
    const inside: Record<string, number> = {};
    for (const nat of NATIONALITIES)
      if (state.seatSide[nat] === side && (state.forces[hex]?.[nat]?.in ?? 0) > 0)
        inside[nat] = state.forces[hex]![nat]!.in;
    if (Object.keys(inside).length > 0 && !isWinterTurn(state.turn))
      out.push({ type: 'combat-sortie', hex, sp: inside });
    // 12.21: the holder may also take its own units inside before deciding (coming out: the sortie).
    out.push(...garrisonMoves(state, map, hex, seat).filter((m) => m.direction === 'in'));
    return out;
  }
  return [];
}

/**
 * The default for the step now waiting: the listed order, a decline (an attack when 5.54 forces one),
 * the first (default) retreat option. `done` and the deadline use it.
 */
function defaultStep(state: GameState, env: CombatEnv, h: CombatHookState, events: GameEvent[]): void {
  const { map } = env;
  if (h.stage === 'order') {
    h.stage = 'option';
    advance(state, map, h, events);
  } else if (h.stage === 'garrison') {
    // 12.21: a seat that does not answer makes no garrison move.
    closeWindow(state, map, h, events);
  } else if (h.stage === 'tactical-offer' && h.tactical) {
    // Design 5.1: no answer (a timeout) counts as a refusal: the table decides.
    for (const s of ['prussian-allied', 'coalition'] as const) h.tactical.answers[s] ??= false;
    answerTactical(state, env, h, events);
  } else if (h.stage === 'tactical' && h.battle) {
    tacticalTimeout(state, env, h, events);
  } else if (h.stage === 'retreat' && h.retreat) {
    carryOutRetreat(state, h.retreat.hex, h.retreat.side, h.retreat.options[0]!, events, h.retreat.draw);
    finishHex(h, h.retreat.hex);
    h.retreat = undefined;
    h.stage = 'option';
    advance(state, map, h, events);
  } else if (h.stage === 'option' && h.option) {
    const { hex, side } = h.option;
    if (mustAttack(state, hex, side) && attackBlocker(state, hex, side) === undefined) {
      // 5.54: the forced attack; where tactical battles are fought without asking, it goes there.
      const t = env.tactical;
      if (t?.mode === 'always' && tacticalEligible(state, hex, t.minSp ?? 6))
        startTactical(state, env, hex, side, h, events);
      else fight(state, env, hex, side, h, events);
      const stage = h.stage as CombatHookState['stage'];
      if (stage !== 'retreat' && stage !== 'tactical') advance(state, map, h, events);
    } else {
      h.option.declined.push(side);
      h.option.side = otherSide(side);
      advance(state, map, h, events);
    }
  } else h.stage = 'done';
}

/**
 * Issue #16: a deadline in the tactical stage hands the awaited seats' tactical seats to the
 * tactical autopilot until another seat is awaited or the battle ends (then its outcome applies).
 */
function tacticalTimeout(state: GameState, env: CombatEnv, h: CombatHookState, events: GameEvent[]): void {
  const b = h.battle;
  if (!b || !env.host) return;
  const awaited = tacticalPending(env.host, b);
  events.push(
    ev(
      'tactical-timeout',
      `Deadline passed in the battle at ${b.hex}: the autopilot gives the orders of ${awaited.join(', ')} for this step.`,
      toSeats(...participantSeats(state, b.hex)),
      { hex: b.hex, seats: awaited },
    ),
  );
  playTacticalAutopilot(state, env.host, b, awaited, events, true);
  continueTactical(state, env, h, events);
}

/**
 * Deadline: every remaining step takes its default. In the tactical stage only the step waited on
 * is played (by the autopilot); the battle's next steps, and what follows it, get their own
 * deadlines (the phase then stays pending: timeoutKeepsPending).
 */
function timeoutStep(state: GameState, env: CombatEnv): HookStep {
  const events: GameEvent[] = [];
  const h = hookState(state);
  if (h.stage === 'tactical') tacticalTimeout(state, env, h, events);
  else
    for (let guard = 0; guard < 1000; guard++) {
      const stage = h.stage as CombatHookState['stage'];
      if (stage === 'done' || stage === 'tactical') break;
      defaultStep(state, env, h, events);
    }
  setHookState(state, h);
  return { ok: true, state, events };
}

/**
 * The Combat Phase module with a given battle resolver (the CRT by default; issue #16 plugs a
 * tactical one in here). The map is passed in by the engine; a direct call without one (tests)
 * uses the engine's map.
 */
/** The named step (kernel StepName) the Combat Phase waits on: its stage and the hex being resolved. */
function stepOfCombat(state: GameState, host: TacticalHost | undefined): StepName {
  const h = hookState(state);
  if (h.stage === 'tactical') return tacticalStep(host, h.battle);
  if (h.stage === 'order') return stepName('combat', 'order');
  if (h.stage === 'garrison') return stepName('combat', 'garrison', h.garrison?.hex);
  if (h.stage === 'option') return stepName('combat', 'option', h.option?.hex);
  if (h.stage === 'tactical-offer') return stepName('combat', 'tactical-offer', h.tactical?.hex);
  if (h.stage === 'retreat') return stepName('combat', 'retreat', h.retreat?.hex);
  return stepName('combat', 'done');
}

/**
 * The game's setting (state.tactical) with the host registered by the host application
 * (tactical-host.ts useTacticalHost; the engine never imports the tactical engine). A state without
 * the setting (games begun before issue #16) keeps every battle on the table, so it replays as
 * recorded; the service writes the default (offer, 6 SP) into each new campaign's options.
 */
function tacticalFromState(state: GameState, host: TacticalHost | undefined): TacticalOption | undefined {
  const mode = state.tactical?.mode ?? 'off';
  if (!host || mode === 'off') return undefined;
  const maxTurns = state.tactical?.maxTurns;
  return { mode, host, minSp: state.tactical?.minSp ?? 6, ...(maxTurns !== undefined ? { maxTurns } : {}) };
}

/**
 * The Combat Phase module with a given battle resolver (the CRT by default) and, for tests, a
 * given tactical option; without one the game's setting and the registered tactical host apply.
 */
export function createCombatPhase(resolver: BattleResolver = crtResolver, tactical?: TacticalOption) {
  const hostOf = (): TacticalHost | undefined => tactical?.host ?? tacticalHost();
  const env = (map: StrategicMap | undefined, state: GameState): CombatEnv => {
    const host = hostOf();
    const t = tactical ?? tacticalFromState(state, host);
    return { map: map ?? engineMap(), resolver, ...(t ? { tactical: t } : {}), ...(host ? { host } : {}) };
  };
  return {
    phase: 'combat' as const,
    actions: combatActionSchemas,
    enter: (state: GameState, map?: StrategicMap) => enter(state, map ?? engineMap()),
    pending: (state: GameState) => pendingOf(state, hostOf()),
    legal: (state: GameState, seat: Seat, map?: StrategicMap) =>
      legal(state, seat, map ?? engineMap(), hostOf()),
    apply: (state: GameState, seat: Seat, action: Action, map?: StrategicMap) =>
      apply(state, seat, action, env(map, state)),
    timeout: (state: GameState, map?: StrategicMap) => timeoutStep(state, env(map, state)),
    /** Issue #16: a timeout in the tactical stage plays one step; the seats then awaited stay pending. */
    timeoutKeepsPending: true,
    view: (state: GameState, viewer: Seat | 'public') => combatView(state, viewer, hostOf()),
    step: (state: GameState) => stepOfCombat(state, hostOf()),
    /**
     * Issue #16: what an autopilot seat does in the tactical parts of the phase: its answer to the
     * offer (the per-seat setting, default accept) and its orders in the tactical stage.
     */
    autopilot: (state: GameState, seat: Seat) => combatAutopilot(state, seat, hostOf()),
  } satisfies PhaseHook;
}

function combatAutopilot(state: GameState, seat: Seat, host: TacticalHost | undefined): Action | undefined {
  const h = hookState(state);
  if (h.stage === 'tactical-offer' && h.tactical && pendingOf(state, host).includes(seat)) {
    const answer = state.tactical?.autopilot?.[seat] ?? 'accept';
    return { type: 'combat-tactical', hex: h.tactical.hex, accept: answer === 'accept' };
  }
  return tacticalAutopilotAction(host, h, seat);
}

/** What the Combat Phase adds to a seat's view: the battle being fought on the tactical map. */
function combatView(state: GameState, viewer: Seat | 'public', host: TacticalHost | undefined) {
  const part = tacticalViewPart(state, host, hookState(state), viewer);
  return part ? { tactical: part } : undefined;
}

export const combatPhaseHook = createCombatPhase();

// The Combat Phase (4.2 A6/B6, 9.0) as a phase hook: the phasing player orders the contested hexes;
// in each, the first option to attack goes to the higher commander Initiative (8.23, ties by dice);
// a decline passes the option; two declines mean no battle. Committing reveals both forces in that hex
// (state.combat.committed), the battle is resolved at once (battle.ts), the loser retreats
// (retreat.ts) and is demoralized (9.55). Sorties from besieged fortresses follow 12.23. Units move
// into or out of the fortress of their hex with the `garrison` action (12.21, docs/rulings.md 12.21
// (Combat Phase)): in the hex being resolved, the side without the option first, then the holder.
import { z } from 'zod';
import type { StrategicMap } from '../../map/types.js';
import type { GarrisonAction } from '../actions.js';
import { ev, toSides } from '../events.js';
import { neighbours } from '../hexgrid.js';
import { engineMap } from '../map-env.js';
import type { HookAction, HookResult, HookStep, PhaseHook } from '../phases/hooks.js';
import { rollDie } from '../rng.js';
import { applyGarrison } from '../rules/garrison.js';
import { entryForbidden } from '../rules/scenario-rules.js';
import { computeSupply, distanceToSources } from '../rules/supply.js';
import { isRuleError, stepCost } from '../rules/terrain.js';
import {
  addLedger,
  addSp,
  fortressAt,
  garrisonSide,
  isDemoralizedAt,
  isWinterTurn,
  nationSp,
  otherSide,
  seatsOf,
  sideLeadersAt,
  sideOccupies,
  sideSp,
} from '../state.js';
import { defaultCrt } from '../tables/crt.js';
import type {
  GameEvent,
  GameState,
  HexId,
  LeaderState,
  Nationality,
  RuleError,
  Seat,
  Side,
} from '../types.js';
import { NATIONALITIES } from '../types.js';
import { type BattleOutcome, firstAttackOption, resolveBattle } from './battle.js';
import { combatValues } from './commander.js';
import { combatColumn } from './odds.js';
import { planRetreat, type RetreatBoard, type RetreatOption } from './retreat.js';
import type { CombatForce, CombatLeader } from './types.js';

const hexId = z.string().regex(/^\d{4}$/, 'a hex id is four digits RRCC');

/** 9.0: the phasing player sets the order in which the contested hexes are resolved. */
export const combatOrderSchema = z.object({ type: z.literal('combat-order'), hexes: z.array(hexId).min(1) });
/** 9.0: take the option to attack in the hex now being resolved. */
export const combatAttackSchema = z.object({ type: z.literal('combat-attack'), hex: hexId });
/** 9.0: decline the option; it passes to the opponent (two declines: no battle). */
export const combatDeclineSchema = z.object({ type: z.literal('combat-decline'), hex: hexId });
/** 12.21, 12.23: bring units out of your besieged (or own) fortress in that hex before deciding. */
export const combatSortieSchema = z.object({
  type: z.literal('combat-sortie'),
  hex: hexId,
  sp: z.record(z.string(), z.number().int().min(0)).optional(),
  leaders: z.array(z.string().min(1)).optional(),
});
/** 9.52: choose where the defeated force ends its retreat ('fortress': back inside, 12.23 example). */
export const combatRetreatSchema = z.object({
  type: z.literal('combat-retreat'),
  hex: hexId,
  to: z.union([hexId, z.literal('fortress')]),
});

export const combatActionSchemas = [
  combatOrderSchema,
  combatAttackSchema,
  combatDeclineSchema,
  combatSortieSchema,
  combatRetreatSchema,
] as const;

/** What the hook keeps in state.combat.hook between actions (plain JSON). */
export interface CombatHookState {
  stage: 'order' | 'garrison' | 'option' | 'retreat' | 'done';
  /** Contested hexes still to resolve, in order; the first is current once ordered. */
  queue: HexId[];
  /** The side holding the option in the current hex, and the sides that have declined there. */
  option?: { hex: HexId; side: Side; declined: Side[] };
  /**
   * 12.21: before the first option in a hex, the seats of the side without it that may still move
   * units into or out of the fortress there (`waiting`); `first` then receives the option.
   */
  garrison?: { hex: HexId; side: Side; first: Side; waiting: Seat[] };
  retreat?: {
    hex: HexId;
    side: Side;
    die: number;
    allowance: number;
    options: { to: HexId | 'fortress'; path: HexId[] }[];
  };
}

function hookState(state: GameState): CombatHookState {
  return (state.combat.hook as { combat?: CombatHookState }).combat ?? { stage: 'done', queue: [] };
}
function setHookState(state: GameState, h: CombatHookState): void {
  state.combat.hook = { ...state.combat.hook, combat: h };
}

function err(rule: string, code: string, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { rule, code, message } };
}

/** SP of a side outside the fortress in a hex, by nationality. */
function outsideSp(state: GameState, hex: HexId, side: Side): Record<string, number> {
  const out: Record<string, number> = {};
  for (const nat of NATIONALITIES) {
    if (state.seatSide[nat] !== side) continue;
    const n = state.forces[hex]?.[nat]?.out ?? 0;
    if (n > 0) out[nat] = n;
  }
  return out;
}

function toCombatLeader(l: LeaderState): CombatLeader {
  return {
    id: l.id,
    nationality: l.nationality,
    rank: l.rank,
    initiative: l.initiative,
    attack: l.attack,
    defence: l.defence,
  };
}

/** 9.13, 12.33: the force a side fights with in a hex: everything outside the fortress. */
export function forceInHex(state: GameState, hex: HexId, side: Side): CombatForce {
  return {
    side,
    sp: outsideSp(state, hex, side),
    leaders: sideLeadersAt(state, hex, side, 'out').map(toCombatLeader),
    demoralized: state.demoralized[side].includes(hex),
  };
}

/**
 * Hexes where a battle may happen this phase: one side has units outside the fortress and the other
 * has SP outside, or garrisons the fortress there (a possible sortie, 12.23). 9.12: once per phase.
 */
export function contestedHexes(state: GameState): HexId[] {
  const out: HexId[] = [];
  for (const hex of Object.keys(state.forces).sort()) {
    if (state.combat.fought.includes(hex)) continue;
    const a = sideSp(state, hex, 'prussian-allied', 'out');
    const c = sideSp(state, hex, 'coalition', 'out');
    const ai = sideSp(state, hex, 'prussian-allied', 'in');
    const ci = sideSp(state, hex, 'coalition', 'in');
    if ((a > 0 && c > 0) || (a > 0 && ci > 0) || (c > 0 && ai > 0)) out.push(hex);
  }
  return out;
}

/** The seat that speaks for a side in a hex: its commander's nationality, else its strongest one. */
function seatFor(state: GameState, hex: HexId, side: Side): Seat {
  const f = forceInHex(state, hex, side);
  const best = [...f.leaders].sort((x, y) => x.rank - y.rank)[0];
  if (best) return best.nationality as Seat;
  const strongest = Object.entries(f.sp).sort((x, y) => y[1] - x[1])[0];
  if (strongest) return strongest[0] as Seat;
  const garrison = NATIONALITIES.find(
    (n) => state.seatSide[n] === side && (state.forces[hex]?.[n]?.in ?? 0) > 0,
  );
  return garrison ?? seatsOf(state, side)[0]!;
}

/** Whether `side` could attack in `hex` right now (9.14, 9.47, something to attack). */
function attackBlocker(state: GameState, hex: HexId, side: Side): RuleError | undefined {
  const me = forceInHex(state, hex, side);
  const them = forceInHex(state, hex, otherSide(side));
  if (me.demoralized)
    return { rule: '9.14', code: 'demoralized', message: 'A demoralized force may not attack.' };
  const mine = Object.values(me.sp).reduce((x, y) => x + y, 0);
  const theirs = Object.values(them.sp).reduce((x, y) => x + y, 0);
  if (mine === 0)
    return { rule: '9.23', code: 'no-sp', message: `You have no SP outside the fortress at ${hex}.` };
  if (theirs === 0)
    return {
      rule: '12.32',
      code: 'nothing-to-attack',
      message: `No enemy SP stand outside the fortress at ${hex}.`,
    };
  const col = combatColumn(defaultCrt, mine, theirs);
  if (typeof col !== 'number') return { rule: col.rule, code: 'ratio-too-low', message: col.error };
  return undefined;
}

/** A side may use the option if it can attack now, or could after bringing its garrison out (12.23). */
function mayAct(state: GameState, hex: HexId, side: Side): boolean {
  if (attackBlocker(state, hex, side) === undefined) return true;
  return (
    !state.demoralized[side].includes(hex) &&
    !isWinterTurn(state.turn) && // 16.22: a garrison in winter quarters cannot come out to attack.
    sideSp(state, hex, side, 'in') > 0 &&
    sideSp(state, hex, otherSide(side), 'out') > 0
  );
}

function mustAttack(state: GameState, hex: HexId, side: Side): boolean {
  return state.movement.mustAttack.some((m) => m.hex === hex && m.side === side);
}

/** Moves to the next hex with a live option, skipping sides that cannot attack. Mutates state. */
function advance(state: GameState, h: CombatHookState, events: GameEvent[]): void {
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
    const waiting = mayAct(state, hex, first) ? windowSeats(state, hex, otherSide(first)) : [];
    if (waiting.length > 0) {
      h.stage = 'garrison';
      h.garrison = { hex, side: otherSide(first), first, waiting };
      return;
    }
    h.option = { hex, side: first, declined: [] };
  }
}

/** 12.21: the garrison moves open to `nat` in `hex` now (whole contingents, like legal.ts). */
function garrisonMoves(state: GameState, hex: HexId, nat: Nationality): HookAction[] {
  if (!fortressAt(state, engineMap(), hex)) return [];
  const side = state.seatSide[nat];
  const ns = nationSp(state, hex, nat);
  const mine = Object.values(state.leaders).filter(
    (l) => l.status === 'map' && l.hex === hex && l.nationality === nat,
  );
  const outside = mine.filter((l) => !l.inside).map((l) => l.id);
  const inside = mine.filter((l) => l.inside).map((l) => l.id);
  const out: HookAction[] = [];
  const besieged = state.besieged.includes(hex) && !state.combat.besiegersFought.includes(hex);
  // 12.13, 12.23, 11.12: as applyGarrison checks them.
  if (
    (ns.out > 0 || outside.length > 0) &&
    garrisonSide(state, hex) !== otherSide(side) &&
    !besieged &&
    !isDemoralizedAt(state, hex, side)
  )
    out.push({ type: 'garrison', hex, direction: 'in', sp: ns.out, leaders: outside });
  // 16.22: winter quarters keep them inside.
  if ((ns.in > 0 || inside.length > 0) && !isWinterTurn(state.turn))
    out.push({ type: 'garrison', hex, direction: 'out', sp: ns.in, leaders: inside });
  return out;
}

/**
 * 12.21 (rulings.md): the seats of `side` offered a garrison step in `hex` before the first option:
 * only at a fortress that is not besieged (12.23: its besiegers cannot have fought here yet).
 */
function windowSeats(state: GameState, hex: HexId, side: Side): Seat[] {
  if (state.besieged.includes(hex)) return [];
  return NATIONALITIES.filter((n) => state.seatSide[n] === side && garrisonMoves(state, hex, n).length > 0);
}

/** 12.21: open the option in the window's hex once every waiting seat has answered. */
function closeWindow(state: GameState, h: CombatHookState, events: GameEvent[]): void {
  const w = h.garrison;
  if (!w) return;
  h.garrison = undefined;
  h.stage = 'option';
  h.option = { hex: w.hex, side: w.first, declined: [] };
  advance(state, h, events);
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

function pendingOf(state: GameState): Seat[] {
  const h = hookState(state);
  if (h.stage === 'order') return [seatsOf(state, state.phasing)[0]!];
  if (h.stage === 'garrison' && h.garrison) return [...h.garrison.waiting];
  if (h.stage === 'option' && h.option) return [seatFor(state, h.option.hex, h.option.side)];
  if (h.stage === 'retreat' && h.retreat) return [seatFor(state, h.retreat.hex, h.retreat.side)];
  return [];
}

function enter(state: GameState): HookStep {
  const events: GameEvent[] = [];
  state.combat.fought = [];
  state.combat.besiegersFought = [];
  state.combat.committed = [];
  const queue = contestedHexes(state);
  const h: CombatHookState = { stage: queue.length > 1 ? 'order' : 'option', queue };
  if (h.stage === 'option') advance(state, h, events);
  setHookState(state, h);
  return { ok: true, state, events };
}

function apply(state: GameState, seat: Seat, action: HookAction): HookResult {
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
      advance(state, h, events);
      break;
    }
    case 'combat-sortie': {
      const a = combatSortieSchema.parse(action);
      const e = sortie(state, seat, a, h, events);
      if (e) return { ok: false, error: e };
      advance(state, h, events);
      break;
    }
    case 'garrison': {
      const e = combatGarrison(state, seat, action as unknown as GarrisonAction, h, events);
      if (e) return { ok: false, error: e };
      // The option holder may have left itself nothing to attack with (or nothing to attack).
      if (h.stage === 'option') advance(state, h, events);
      break;
    }
    case 'combat-attack':
    case 'combat-decline': {
      const hex = String(action.hex);
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
        advance(state, h, events);
        break;
      }
      const blocked = attackBlocker(state, hex, side);
      if (blocked) return { ok: false, error: blocked };
      const e = fight(state, hex, side, h, events);
      if (e) return { ok: false, error: e };
      if ((h.stage as CombatHookState['stage']) !== 'retreat') advance(state, h, events);
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
      carryOutRetreat(state, h.retreat.hex, side, opt, events);
      finishHex(h, h.retreat.hex);
      h.retreat = undefined;
      h.stage = 'option';
      advance(state, h, events);
      break;
    }
    case 'done':
      if (!pendingOf(state).includes(seat))
        return err('9.0', 'nothing-pending', 'You have nothing to decide in this Combat Phase.');
      if (h.stage === 'garrison' && h.garrison) {
        // 12.21: this seat makes no (more) garrison moves here; the option opens when all have answered.
        h.garrison.waiting = h.garrison.waiting.filter((x) => x !== seat);
        if (h.garrison.waiting.length === 0) closeWindow(state, h, events);
        break;
      }
      defaultStep(state, h, events);
      break;
    default:
      return err('input', 'unknown-action', `"${action.type}" is not a Combat Phase action.`);
  }
  setHookState(state, h);
  return { ok: true, state, events };
}

function finishHex(h: CombatHookState, hex: HexId): void {
  h.queue = h.queue.filter((x) => x !== hex);
  h.option = undefined;
}

/** 12.21/12.23: garrison units step outside the fortress in the hex before the option is used. */
function sortie(
  state: GameState,
  seat: Seat,
  a: z.infer<typeof combatSortieSchema>,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const side = state.seatSide[seat];
  if (h.stage !== 'option' || !h.option || h.option.hex !== a.hex || h.option.side !== side)
    return {
      rule: '12.23',
      code: 'no-sortie',
      message: `You may bring units out at ${a.hex} only while you hold the option to attack there.`,
    };
  // 16.22: units in winter quarters stay inside (the one exception, a fortress taken by siege, is
  // the Siege Phase's: honours of war or surrender).
  if (isWinterTurn(state.turn))
    return {
      rule: '16.22',
      code: 'winter-quarters',
      message: `Units in winter quarters at ${a.hex} may not come out of the fortress.`,
    };
  const sp = a.sp ?? {};
  for (const [nat, n] of Object.entries(sp)) {
    if (state.seatSide[nat as Nationality] !== side)
      return { rule: '8.22', code: 'not-yours', message: `${nat} units are not yours.` };
    if ((state.forces[a.hex]?.[nat as Nationality]?.in ?? 0) < n)
      return {
        rule: '12.11',
        code: 'not-enough-sp',
        message: `Not that many ${nat} SP are inside the fortress at ${a.hex}.`,
      };
  }
  for (const id of a.leaders ?? []) {
    const l = state.leaders[id];
    if (l?.status !== 'map' || l.hex !== a.hex || !l.inside || state.seatSide[l.nationality] !== side)
      return {
        rule: '12.11',
        code: 'leader-not-inside',
        message: `Leader ${id} is not inside the fortress at ${a.hex}.`,
      };
  }
  if (Object.values(sp).every((n) => n === 0) && (a.leaders ?? []).length === 0)
    return { rule: '12.11', code: 'nothing', message: 'Name the SP or leaders that come out.' };
  for (const [nat, n] of Object.entries(sp)) {
    if (n === 0) continue;
    addSp(state, a.hex, nat as Nationality, 'in', -n);
    addSp(state, a.hex, nat as Nationality, 'out', n);
  }
  for (const id of a.leaders ?? []) state.leaders[id]!.inside = false;
  events.push(
    ev('sortie', `Units come out of the fortress at ${a.hex}.`, toSides('prussian-allied', 'coalition'), {
      hex: a.hex,
    }),
  );
  return undefined;
}

/**
 * 12.21 in the Combat Phase (rulings.md 12.21 (Combat Phase)): a hex still waiting in the queue
 * takes no garrison move until it is being resolved; then only the side whose step it is (the
 * window, or the option holder) may move, never while a committed battle's retreat is pending
 * (9.13). Hexes with no battle to come take moves at any time. 12.23 comes from applyGarrison.
 */
function combatGarrison(
  state: GameState,
  seat: Seat,
  a: GarrisonAction,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const side = state.seatSide[seat];
  if (h.queue.includes(a.hex)) {
    const current =
      h.stage === 'garrison' ? h.garrison?.hex : h.stage === 'option' ? h.option?.hex : h.retreat?.hex;
    if (h.stage === 'order' || current !== a.hex)
      return {
        rule: '12.21',
        code: 'hex-not-current',
        message: `A battle may still come at ${a.hex}: move units in or out there when that hex is resolved.`,
      };
    if (h.stage === 'retreat' || state.combat.committed.includes(a.hex))
      return {
        rule: '9.13',
        code: 'battle-committed',
        message: `The battle at ${a.hex} is committed: every unit outside the fortress takes part in it.`,
      };
    const turn = h.stage === 'garrison' ? h.garrison?.side : h.option?.side;
    if (turn !== side)
      return {
        rule: '12.21',
        code: 'not-your-step',
        message: `Your side may not move units in or out of the fortress at ${a.hex} now.`,
      };
  }
  return applyGarrison(state, engineMap(), seat, a, events, {
    besiegersFought: state.combat.besiegersFought.includes(a.hex),
  });
}

/** 9.0: commit, reveal, resolve and apply one battle; start the loser's retreat. */
function fight(
  state: GameState,
  hex: HexId,
  attackerSide: Side,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const map = engineMap();
  const defenderSide = otherSide(attackerSide);
  const attacker = forceInHex(state, hex, attackerSide);
  const defender = forceInHex(state, hex, defenderSide);
  const wasBesieged = state.besieged.includes(hex);
  const die = rollDie(state);
  const out = resolveBattle({
    attacker,
    defender,
    die,
    mountain: map.onMap(hex) && map.terrain(hex) === 'mountain',
    crt: defaultCrt,
  });
  if ('error' in out) return { rule: out.rule, code: 'illegal-attack', message: out.error };
  // 9.0: both players may now examine the two forces in this hex, and nobody else.
  if (!state.combat.committed.includes(hex)) state.combat.committed.push(hex);
  state.combat.fought.push(hex);
  // 12.23: the besiegers (outside, the side not garrisoning) took part in combat here.
  if (wasBesieged && !state.combat.besiegersFought.includes(hex)) state.combat.besiegersFought.push(hex);
  applyBattle(state, hex, out, events);
  const loser = out.mustRetreat;
  if (!loser) {
    finishHex(h, hex);
    return undefined;
  }
  return startRetreat(state, map, hex, loser, h, events);
}

function applyBattle(state: GameState, hex: HexId, out: BattleOutcome, events: GameEvent[]): void {
  for (const s of [out.attacker, out.defender]) {
    const captor = otherSide(s.side);
    for (const [nat, n] of Object.entries(s.eliminated)) {
      addSp(state, hex, nat as Nationality, 'out', -n);
      addLedger(state.ledger.eliminated, nat as Nationality, n);
    }
    for (const [nat, n] of Object.entries(s.captured)) {
      if (n === 0) continue;
      addSp(state, hex, nat as Nationality, 'out', -n);
      addLedger(state.ledger.prisoners[captor], nat as Nationality, n);
    }
    for (const id of s.killed) killLeader(state, id);
    for (const id of s.capturedLeaders) captureLeader(state, id, captor);
  }
  for (const side of out.depotsLost) loseDepot(state, hex, side);
  const text =
    `Battle at ${hex}: column ${out.column}%, modified roll ${out.modifiedRoll}. ` +
    (out.victor === 'draw'
      ? 'A draw.'
      : `${out.victor === 'prussian-allied' ? 'Prussian-Allied' : 'Coalition'} victory.`);
  events.push(
    ev('battle', text, toSides('prussian-allied', 'coalition'), {
      hex,
      column: out.column,
      modifiedRoll: out.modifiedRoll,
      victor: out.victor,
      attacker: battleReport(out.attacker),
      defender: battleReport(out.defender),
      prisonersDue: out.prisonersDue,
    }),
  );
  events.push(
    ev('battle-public', `A battle was fought at ${hex}.`, { to: 'all' }, { hex, victor: out.victor }),
  );
}

/** What the two players learn of one side's battle (no leader ratings: the view never shows enemy ones). */
function battleReport(o: BattleOutcome['attacker']) {
  return {
    side: o.side,
    result: o.result,
    eliminated: o.eliminated,
    captured: o.captured,
    killed: o.killed,
    capturedLeaders: o.capturedLeaders,
    remainingSp: o.remainingSp,
    score: o.score,
  };
}

/** 9.44: killed in action, out of the game for good. 8.12: succession is automatic (lowest rank on map). */
export function killLeader(state: GameState, id: string): void {
  const l = state.leaders[id];
  if (!l) return;
  l.status = 'killed';
  l.hex = null;
  l.inside = false;
}

/** 14.0: a captured leader is held by the captor. */
export function captureLeader(state: GameState, id: string, captor: Side): void {
  const l = state.leaders[id];
  if (!l) return;
  l.status = 'captured';
  l.hex = null;
  l.inside = false;
  if (!state.ledger.prisonerLeaders[captor].includes(id)) state.ledger.prisonerLeaders[captor].push(id);
}

/** 10.46 / 9.46: a completed depot is taken over by the enemy; one still being built is removed. */
function loseDepot(state: GameState, hex: HexId, side: Side): void {
  const d = state.depots[hex];
  if (!d || state.seatSide[d.owner] !== side) return;
  const enemy = otherSide(side);
  if (d.status !== 'complete') {
    delete state.depots[hex];
    return;
  }
  const sp = outsideSp(state, hex, enemy);
  const newOwner = Object.entries(sp).sort((x, y) => y[1] - x[1])[0]?.[0] as Nationality | undefined;
  if (newOwner) state.depots[hex] = { ...d, owner: newOwner };
}

/** The retreat board for `side` leaving `from` (9.52, 9.54, scenario movement bans). */
export function retreatBoard(
  state: GameState,
  map: StrategicMap,
  side: Side,
  nats: Nationality[],
): RetreatBoard {
  const supply = computeSupply(state, map, side);
  const dist = distanceToSources(state, map, supply);
  const enemy = otherSide(side);
  return {
    neighbours: (hex) => neighbours(hex).filter((n) => map.onMap(n)),
    terrainCost: (from, to) => {
      const c = stepCost(map, from, to);
      if (isRuleError(c)) return null;
      if (nats.some((n) => entryForbidden(state, map, n, to))) return null;
      return c.mp;
    },
    enemyOccupied: (hex) => sideOccupies(state, hex, enemy),
    inSupply: (hex) => supply.supplied.has(hex),
    distanceToSupply: (hex) => dist.get(hex) ?? Number.POSITIVE_INFINITY,
  };
}

function startRetreat(
  state: GameState,
  map: StrategicMap,
  hex: HexId,
  side: Side,
  h: CombatHookState,
  events: GameEvent[],
): RuleError | undefined {
  const force = forceInHex(state, hex, side);
  const nats = Object.keys(force.sp) as Nationality[];
  const die = rollDie(state);
  // 9.51, 9.53, 9.57, 11.13: Initiative of the whole force's commander; zero if leaderless or demoralized.
  const initiative = combatValues(force).initiative;
  const f = fortressAt(state, map, hex);
  const plan = planRetreat(retreatBoard(state, map, side, nats), {
    from: hex,
    die,
    initiative,
    winter: isWinterTurn(state.turn),
    // 12.23 example: survivors may go back into the fortress unless the enemy holds it (12.13).
    mayReenterFortress: f !== undefined && garrisonSide(state, hex) !== otherSide(side),
  });
  if ('error' in plan) return { rule: plan.rule, code: 'retreat', message: plan.error };
  events.push(
    ev(
      'retreat-roll',
      `The defeated force at ${hex} rolls ${die}: ${plan.allowance} MP of retreat.`,
      toSides('prussian-allied', 'coalition'),
      { hex, die, allowance: plan.allowance },
    ),
  );
  if (plan.trapped) {
    // docs/rulings.md 9.52: nowhere to go: the force is captured.
    const captor = otherSide(side);
    for (const [nat, n] of Object.entries(force.sp)) {
      addSp(state, hex, nat as Nationality, 'out', -n);
      addLedger(state.ledger.prisoners[captor], nat as Nationality, n);
    }
    for (const l of force.leaders) captureLeader(state, l.id, captor);
    loseDepot(state, hex, side);
    events.push(
      ev(
        'retreat-trapped',
        `The defeated force at ${hex} has no line of retreat and is captured.`,
        toSides('prussian-allied', 'coalition'),
        { hex },
      ),
    );
    finishHex(h, hex);
    return undefined;
  }
  const options = plan.options.map(optionJson);
  if (options.length === 1) {
    carryOutRetreat(state, hex, side, options[0]!, events);
    finishHex(h, hex);
    return undefined;
  }
  h.stage = 'retreat';
  h.retreat = { hex, side, die, allowance: plan.allowance, options };
  return undefined;
}

function optionJson(o: RetreatOption): { to: HexId | 'fortress'; path: HexId[] } {
  return o.kind === 'fortress' ? { to: 'fortress', path: [] } : { to: o.to, path: o.path.hexes };
}

/** Moves the whole defeated force (9.52, 9.57), leaves depots (9.56), demoralizes it at the end (9.55). */
function carryOutRetreat(
  state: GameState,
  hex: HexId,
  side: Side,
  opt: { to: HexId | 'fortress'; path: HexId[] },
  events: GameEvent[],
): void {
  const force = forceInHex(state, hex, side);
  const enemy = otherSide(side);
  const dest = opt.to === 'fortress' ? hex : opt.to;
  const where = opt.to === 'fortress' ? 'in' : 'out';
  const hasSp = Object.values(force.sp).some((n) => n > 0);
  // 8.31: enemy leaders standing alone (outside a fortress) on the path are captured.
  if (hasSp)
    for (const step of opt.path) {
      if (sideSp(state, step, enemy) > 0) continue;
      for (const l of sideLeadersAt(state, step, enemy, 'out')) captureLeader(state, l.id, side);
    }
  for (const [nat, n] of Object.entries(force.sp)) {
    addSp(state, hex, nat as Nationality, 'out', -n);
    addSp(state, dest, nat as Nationality, where, n);
  }
  for (const l of force.leaders) {
    const ls = state.leaders[l.id]!;
    ls.hex = dest;
    ls.inside = where === 'in';
  }
  // 9.56, 10.46: depots stay behind and fall to an enemy left alone in the hex.
  if (sideSp(state, hex, side, 'out') === 0 && sideSp(state, hex, enemy, 'out') > 0)
    loseDepot(state, hex, side);
  if (opt.to !== 'fortress' && !sideOccupies(state, hex, side))
    state.demoralized[side] = state.demoralized[side].filter((x) => x !== hex);
  if (!state.demoralized[side].includes(dest)) state.demoralized[side].push(dest);
  events.push(
    ev(
      'retreat',
      opt.to === 'fortress'
        ? `The defeated force at ${hex} falls back into the fortress, demoralized.`
        : `The defeated force at ${hex} retreats to ${dest}, demoralized.`,
      toSides('prussian-allied', 'coalition'),
      { hex, to: opt.to, path: opt.path },
    ),
  );
  events.push(ev('retreat-public', `A defeated force left ${hex}.`, { to: 'all' }, { hex }));
}

function legal(state: GameState, seat: Seat): HookAction[] {
  if (!pendingOf(state).includes(seat)) return [];
  const h = hookState(state);
  const side = state.seatSide[seat];
  if (h.stage === 'order') return [{ type: 'combat-order', hexes: [...h.queue] }];
  if (h.stage === 'garrison' && h.garrison)
    return [...garrisonMoves(state, h.garrison.hex, seat), { type: 'done' }];
  if (h.stage === 'retreat' && h.retreat)
    return h.retreat.options.map((o) => ({ type: 'combat-retreat', hex: h.retreat!.hex, to: o.to }));
  if (h.stage === 'option' && h.option && h.option.side === side) {
    const hex = h.option.hex;
    const out: HookAction[] = [];
    if (attackBlocker(state, hex, side) === undefined) out.push({ type: 'combat-attack', hex });
    if (!mustAttack(state, hex, side)) out.push({ type: 'combat-decline', hex });
    const inside: Record<string, number> = {};
    for (const nat of NATIONALITIES)
      if (state.seatSide[nat] === side && (state.forces[hex]?.[nat]?.in ?? 0) > 0)
        inside[nat] = state.forces[hex]![nat]!.in;
    if (Object.keys(inside).length > 0 && !isWinterTurn(state.turn))
      out.push({ type: 'combat-sortie', hex, sp: inside });
    // 12.21: the holder may also take its own units inside before deciding (coming out: the sortie).
    out.push(...garrisonMoves(state, hex, seat).filter((m) => m.direction === 'in'));
    return out;
  }
  return [];
}

/**
 * The default for the step now waiting: the listed order, a decline (an attack when 5.54 forces one),
 * the first (default) retreat option. `done` and the deadline use it.
 */
function defaultStep(state: GameState, h: CombatHookState, events: GameEvent[]): void {
  if (h.stage === 'order') {
    h.stage = 'option';
    advance(state, h, events);
  } else if (h.stage === 'garrison') {
    // 12.21: a seat that does not answer makes no garrison move.
    closeWindow(state, h, events);
  } else if (h.stage === 'retreat' && h.retreat) {
    carryOutRetreat(state, h.retreat.hex, h.retreat.side, h.retreat.options[0]!, events);
    finishHex(h, h.retreat.hex);
    h.retreat = undefined;
    h.stage = 'option';
    advance(state, h, events);
  } else if (h.stage === 'option' && h.option) {
    const { hex, side } = h.option;
    if (mustAttack(state, hex, side) && attackBlocker(state, hex, side) === undefined) {
      fight(state, hex, side, h, events);
      if ((h.stage as CombatHookState['stage']) !== 'retreat') advance(state, h, events);
    } else {
      h.option.declined.push(side);
      h.option.side = otherSide(side);
      advance(state, h, events);
    }
  } else h.stage = 'done';
}

/** Deadline: every remaining step takes its default. */
function timeoutStep(state: GameState): HookStep {
  const events: GameEvent[] = [];
  const h = hookState(state);
  for (let guard = 0; h.stage !== 'done' && guard < 1000; guard++) defaultStep(state, h, events);
  setHookState(state, h);
  return { ok: true, state, events };
}

export const combatPhaseHook: PhaseHook = {
  phase: 'combat',
  actions: combatActionSchemas,
  enter,
  pending: pendingOf,
  legal,
  apply,
  timeout: (state) => timeoutStep(state),
};

// 12.1-12.2 garrisons: moving units into or out of the fortress of their hex, free of MP (12.21),
// never alongside an enemy garrison (12.13), besieged fortresses (12.23), winter quarters (16.21-16.22).
import type { StrategicMap } from '../../map/types.js';
import type { GarrisonAction } from '../actions.js';
import { ev, toSides } from '../events.js';
import {
  addSp,
  fortressAt,
  garrisonSide,
  isDemoralizedAt,
  isWinterTurn,
  nationSp,
  otherSide,
  sideOf,
} from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, RuleError, Seat } from '../types.js';

function err(rule: string, code: string, message: string): RuleError {
  return { rule, code, message };
}

/** SP of `nat` that moved this phase, outside (`movedSp`) or inside (`movedIn`) the fortress at `hex`. */
function movedCount(state: GameState, where: 'in' | 'out', hex: HexId, nat: Nationality): number {
  const rec = where === 'out' ? state.movement.movedSp : state.movement.movedIn;
  return rec?.[hex]?.[nat] ?? 0;
}

/** Carry `n` moved SP of `nat` across the walls at `hex`, to the side `to`. */
function shiftMoved(state: GameState, hex: HexId, nat: Nationality, n: number, to: 'in' | 'out'): void {
  if (n <= 0) return;
  const m = state.movement;
  m.movedIn ??= {};
  const outRec = m.movedSp[hex] ?? {};
  const inRec = m.movedIn[hex] ?? {};
  const d = to === 'in' ? n : -n;
  outRec[nat] = (outRec[nat] ?? 0) - d;
  inRec[nat] = (inRec[nat] ?? 0) + d;
  m.movedSp[hex] = outRec;
  m.movedIn[hex] = inRec;
}

/**
 * Apply a garrison action for `seat` (its own nationality only). `combatPhase` tells whether the
 * besiegers of this hex fought this Combat Phase (12.23); E2's combat hook may call this too.
 */
export function applyGarrison(
  state: GameState,
  map: StrategicMap,
  seat: Seat,
  a: GarrisonAction,
  events: GameEvent[],
  opts: { besiegersFought?: boolean } = {},
): RuleError | undefined {
  const nat = seat;
  const side = sideOf(state, nat);
  const f = fortressAt(state, map, a.hex);
  if (!f) return err('12.0', 'no-fortress', `There is no fortress at ${a.hex}.`);
  const winter = isWinterTurn(state.turn);
  const besieged = state.besieged.includes(a.hex);
  const leaders = (a.leaders ?? []).map((id) => state.leaders[id]);
  for (const [i, l] of leaders.entries()) {
    const id = a.leaders![i];
    if (l?.status !== 'map' || l.hex !== a.hex)
      return err('12.11', 'leader-not-here', `Leader ${id} is not at ${a.hex}.`);
    if (l.nationality !== nat) return err('8.22', 'not-your-leader', `${l.name} is not a ${nat} leader.`);
    if (l.inside !== (a.direction === 'out'))
      return err(
        '12.11',
        'leader-wrong-side',
        `${l.name} is already ${l.inside ? 'inside' : 'outside'} the fortress.`,
      );
    // 5.34 orders the moves of a Movement Phase only; in the Combat Phase (12.21) it does not apply.
    const movementPhase = state.phase === 'march' || state.phase === 'forcemarch';
    if (a.direction === 'out' && movementPhase && state.movement.bypassed.includes(l.id))
      return err('5.34', 'bypassed', `${l.name} was bypassed in rank order this phase.`);
  }
  if (a.sp === 0 && leaders.length === 0) return err('12.11', 'nothing', 'Name the SP or leaders to move.');
  if (a.direction === 'in') {
    // 12.13: never inside a fortress held by the enemy.
    if (garrisonSide(state, a.hex) === otherSide(side))
      return err(
        '12.13',
        'enemy-garrison',
        `The fortress at ${a.hex} (${f.name}) is held by an enemy garrison.`,
      );
    // 12.23: a besieged fortress is entered only in a Combat Phase in which its besiegers fought.
    if (besieged && !opts.besiegersFought)
      return err(
        '12.23',
        'besieged-entry',
        `${f.name} is besieged: units may enter it only in a Combat Phase in which the besiegers fought.`,
      );
    if (isDemoralizedAt(state, a.hex, side))
      return err('11.12', 'demoralized-division', `The demoralized force at ${a.hex} cannot be divided.`);
    // 12.22: a force may march into the hex and straight into the fortress, so moved SP may enter.
    if (a.sp > nationSp(state, a.hex, nat).out)
      return err(
        '12.11',
        'not-enough-sp',
        `Only ${nationSp(state, a.hex, nat).out} ${nat} SP are outside at ${a.hex}.`,
      );
    if (a.sp > 0) {
      addSp(state, a.hex, nat, 'out', -a.sp);
      addSp(state, a.hex, nat, 'in', a.sp);
      // 3.2 / 5.36: SP are interchangeable; the ones that already moved go in first.
      shiftMoved(state, a.hex, nat, Math.min(movedCount(state, 'out', a.hex, nat), a.sp), 'in');
    }
    for (const l of leaders) l!.inside = true;
  } else {
    // 16.22: units in winter quarters stay inside.
    if (winter)
      return err('16.22', 'winter-quarters', `Units in winter quarters at ${f.name} may not come out.`);
    if (a.sp > nationSp(state, a.hex, nat).in)
      return err(
        '12.11',
        'not-enough-sp',
        `Only ${nationSp(state, a.hex, nat).in} ${nat} SP are inside ${f.name}.`,
      );
    if (a.sp > 0) {
      // 3.2 / 5.36: the unmoved SP inside come out first; beyond them, moved ones.
      const inside = nationSp(state, a.hex, nat).in;
      const movedIn = movedCount(state, 'in', a.hex, nat);
      const movedOut = Math.max(0, a.sp - (inside - movedIn));
      shiftMoved(state, a.hex, nat, movedOut, 'out');
      addSp(state, a.hex, nat, 'in', -a.sp);
      addSp(state, a.hex, nat, 'out', a.sp);
      // rulings.md 12.23: units leaving a besieged fortress outside a qualifying Combat Phase stay in
      // the hex, so they count as moved this phase.
      if (besieged && !opts.besiegersFought) {
        const rec = state.movement.movedSp[a.hex] ?? {};
        rec[nat] = (rec[nat] ?? 0) + a.sp - movedOut;
        state.movement.movedSp[a.hex] = rec;
      }
    }
    for (const l of leaders) {
      l!.inside = false;
      if (besieged && !opts.besiegersFought) state.movement.moved.push(l!.id);
    }
  }
  events.push(
    ev(
      'garrison',
      `${a.sp} ${nat} SP${leaders.length ? ` and ${leaders.map((l) => l!.name).join(', ')}` : ''} move ${a.direction === 'in' ? 'into' : 'out of'} ${f.name}.`,
      toSides(side),
      { hex: a.hex, direction: a.direction, sp: a.sp },
    ),
  );
  events.push(
    ev(
      'garrison-seen',
      `${nat} units move ${a.direction === 'in' ? 'into' : 'out of'} ${f.name}.`,
      toSides(otherSide(side)),
    ),
  );
  return undefined;
}

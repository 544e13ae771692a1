// Who fights where in the Combat Phase: the forces outside the fortress in a hex (9.13, 12.33),
// the contested hexes (9.12), the seat that speaks for a side, and whether a side may attack now
// (9.14, 9.23, 9.47, 12.32) or must (5.54).
import { isWinterTurn, otherSide, seatsOf, sideLeadersAt, sideSp } from '../state.js';
import { defaultCrt } from '../tables/crt.js';
import type { GameState, HexId, RuleError, Seat, Side } from '../types.js';
import { NATIONALITIES } from '../types.js';
import { combatColumn } from './odds.js';
import { type CombatForce, toCombatLeader } from './types.js';

/** SP of a side outside the fortress in a hex, by nationality. */
export function outsideSp(state: GameState, hex: HexId, side: Side): Record<string, number> {
  const out: Record<string, number> = {};
  for (const nat of NATIONALITIES) {
    if (state.seatSide[nat] !== side) continue;
    const n = state.forces[hex]?.[nat]?.out ?? 0;
    if (n > 0) out[nat] = n;
  }
  return out;
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
export function seatFor(state: GameState, hex: HexId, side: Side): Seat {
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
export function attackBlocker(state: GameState, hex: HexId, side: Side): RuleError | undefined {
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
export function mayAct(state: GameState, hex: HexId, side: Side): boolean {
  if (attackBlocker(state, hex, side) === undefined) return true;
  return (
    !state.demoralized[side].includes(hex) &&
    !isWinterTurn(state.turn) && // 16.22: a garrison in winter quarters cannot come out to attack.
    sideSp(state, hex, side, 'in') > 0 &&
    sideSp(state, hex, otherSide(side), 'out') > 0
  );
}

export function mustAttack(state: GameState, hex: HexId, side: Side): boolean {
  return state.movement.mustAttack.some((m) => m.hex === hex && m.side === side);
}

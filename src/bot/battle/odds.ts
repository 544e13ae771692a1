// The odds of a shock or a charge before Confirm (issue 15): the combat points on each side, the
// odds column, the column shifts (terrain, flank and rear, routed defender, charge, built-up hex)
// and the morale difference, as the engine will compute them (11.3-11.4). The die is not rolled:
// the preview never shows an outcome. Everything here is public on the battlefield.
import { envFor } from '../../tactical/env.js';
import { isCavalry, unitOf } from '../../tactical/rules/board.js';
import { chargeShifts, shockOdds } from '../../tactical/rules/combat.js';
import type { TacState, UnitState } from '../../tactical/state.js';

export function shockOddsText(
  state: TacState,
  attackerIds: readonly string[],
  defenderIds: readonly string[],
): string | undefined {
  const env = envFor(state.map);
  if (!env) return undefined;
  const alive = (ids: readonly string[]) =>
    ids.map((id) => unitOf(state, id)).filter((u): u is UnitState => !!u && !u.eliminated && u.hex !== null);
  const att = alive(attackerIds);
  const def = alive(defenderIds);
  if (!att.length || !def.length) return undefined;
  const odds = shockOdds(state, env, att, def);
  const charged = (u: UnitState) => (state.activation?.charge[u.id] ?? 0) >= 2;
  const shifts = [...odds.shifts, ...chargeShifts(state, env, att, def, charged)];
  const col = env.tables.crt.columns[odds.column]?.label ?? String(odds.column);
  const total = shifts.reduce((a, x) => a + x.shift, 0);
  const final =
    env.tables.crt.columns[Math.max(0, Math.min(env.tables.crt.columns.length - 1, odds.column + total))]
      ?.label;
  return [
    `${att.map((u) => u.name).join(' + ')} (${odds.attack} CP) against ${def.map((u) => u.name).join(' + ')} (${odds.defence} CP): column ${col}`,
    ...shifts.map((x) => `${x.shift > 0 ? '+' : ''}${x.shift} ${x.reason}`),
    `${total ? `so column ${final}, ` : ''}morale ${odds.moraleDiff >= 0 ? '+' : ''}${odds.moraleDiff} (11.3-11.4)`,
  ].join('; ');
}

/** 11.2: whether the unit's moves so far make its shock a charge (two straight clear hexes). */
export function chargeNote(state: TacState, unitId: string): string {
  const u = unitOf(state, unitId);
  const straight = state.activation?.charge[unitId] ?? 0;
  if (!u || !isCavalry(u)) return `${u?.name ?? unitId} is not cavalry: no charge bonus (11.2).`;
  return straight >= 2
    ? `A charge: ${straight} straight hexes through clear terrain (+1 column if the target stands in clear terrain, 11.2-11.4).`
    : `Not a charge: it needs two straight hexes through clear terrain without turning (${straight} so far, 11.2).`;
}

/**
 * Whether the orders roll a die on the way (a Facing check in an enemy ZOC, 7.2; a check on entering
 * woods or a town, 12.6; a withdrawal into an enemy flank, 7.3). Then a preview must not show the
 * field after them: it would tell the die before Confirm, and a player could cancel and try again.
 */
export function rollsOnTheWay(
  apply: (state: unknown, seat: string, action: unknown) => { ok: true; state: unknown } | { ok: false },
  state: TacState,
  seat: string,
  orders: readonly unknown[],
): boolean {
  let s: unknown = state;
  for (const a of orders) {
    const r = apply(s, seat, a);
    if (!r.ok) return false;
    s = r.state;
  }
  return (s as TacState).rng.rolls !== state.rng.rolls;
}

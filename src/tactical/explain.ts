// The engine explains a shock or a charge before Confirm (issue 15): the combat points on each
// side, the odds column, the column shifts (terrain, flank and rear, routed defender, charge,
// built-up hex) and the morale difference, computed by the rules' own functions (11.3-11.4). The die
// is not rolled: a preview never shows an outcome. Everything read here is public on the
// battlefield, so it works on a side's (or the common) view as well as on a state.
import { envFor } from './env.js';
import { isCavalry, unitOf } from './rules/board.js';
import { chargeShifts, shockOdds } from './rules/combat.js';
import type { TacState, UnitState } from './state.js';

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

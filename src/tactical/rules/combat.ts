// Combat: fire (11.1), artillery fire (10.2), breaching (ruling), and the shock computation
// (11.3-11.4: odds for the defender, column shifts, morale). Results are applied in tasks.ts.
import { rollD6, rollD10 } from '../../kernel/index.js';
import type { Env } from '../env.js';
import { type Ctx, ev } from '../events.js';
import type { ShockPlan, TacState, UnitState } from '../state.js';
import { crtLookup, oddsColumn } from '../tables/index.js';
import {
  arcTowards,
  distance,
  effMorale,
  effTerrain,
  hasLos,
  inFieldOfFire,
  isArtillery,
  isCavalry,
  isInfantry,
  terrainRow,
  unitOf,
  unitsAt,
} from './board.js';
import { dCheck, disorganize, eliminate, loseCp } from './effects.js';

/** 10.3: a battery with no infantry or dragoons in its hex. */
export function loneBattery(s: TacState, u: UnitState): boolean {
  if (!isArtillery(u) || u.hex === null) return false;
  return !unitsAt(s, u.hex).some((x) => x.side === u.side && !isArtillery(x));
}

/** 11.1: fire protection of the target's hex against a firer in `from` (terrain, uphill, abatis). */
export function protection(s: TacState, env: Env, from: string, target: string): number {
  const t = env.tables.terrain;
  let p = terrainRow(s, env, target).protection;
  if (env.map.elevation(target) > env.map.elevation(from)) p += t.uphill.protection;
  if (distance(from, target) === 1 && env.map.hasHexsideFeature(from, target, 'abatis'))
    p += t.hexsides.abatis.protection;
  return p;
}

/** Outcome of one fire roll (11.1 / 10.2), applied to the target. */
function applyFireResult(
  c: Ctx,
  target: UnitState,
  r: number,
  value: number,
  zeroOrLess: boolean,
  label: string,
): void {
  if (zeroOrLess ? r <= 0 : r === 0) {
    c.events.push(
      ev('fire-result', `${label}: ${target.name} Disorganized with a step loss.`, {
        unit: target.id,
        roll: r,
      }),
    );
    loseCp(c, target, 1, label);
    if (!target.eliminated) disorganize(c, target, label);
  } else if (r < value) {
    c.events.push(ev('fire-result', `${label}: ${target.name} Disorganized.`, { unit: target.id, roll: r }));
    disorganize(c, target, label);
  } else if (r === value) {
    c.events.push(ev('fire-result', `${label}: ${target.name} must check.`, { unit: target.id, roll: r }));
    dCheck(c, target, label);
  } else c.events.push(ev('fire-result', `${label}: no effect.`, { unit: target.id, roll: r }));
}

/**
 * Resolves fire by `firer` at `target`: 10.2 for batteries (d10 + protection + range modifier vs
 * fire points, "0 or less" = D + step), 11.1 otherwise (d10 + protection, +1 for cavalry, vs the
 * firer's CP). Any attack on a lone battery destroys it (10.3).
 */
export function resolveFire(c: Ctx, firer: UnitState, target: UnitState, why: string): void {
  const { s, env } = c;
  if (firer.hex === null || target.hex === null) return;
  if (loneBattery(s, target)) {
    c.events.push(
      ev('fire', `${firer.name} fires at the lone battery ${target.name} (${why}).`, {
        firer: firer.id,
        target: target.id,
      }),
    );
    eliminate(c, target, '10.3: a lone battery attacked');
    return;
  }
  const die = rollD10(s);
  const prot = protection(s, env, firer.hex, target.hex);
  if (isArtillery(firer)) {
    const d = distance(firer.hex, target.hex);
    const mod = env.tables.fire.artillery.range.find((x) => x.distance === d)?.modifier ?? 0;
    const r = die + prot + mod;
    c.events.push(
      ev(
        'fire',
        `${firer.name} fires at ${target.name} (${why}): d10 ${die} + protection ${prot} + range ${mod} = ${r} vs ${firer.firePoints} (10.2).`,
        { firer: firer.id, target: target.id, die, result: r },
      ),
    );
    applyFireResult(c, target, r, firer.firePoints, true, `artillery fire by ${firer.name}`);
    return;
  }
  const bonus = isCavalry(firer) ? env.tables.fire.cavalryFireBonus.value : 0;
  const r = die + prot + bonus;
  c.events.push(
    ev(
      'fire',
      `${firer.name} fires at ${target.name} (${why}): d10 ${die} + protection ${prot}${bonus ? ` + ${bonus}` : ''} = ${r} vs CP ${firer.cp} (11.1).`,
      { firer: firer.id, target: target.id, die, result: r },
    ),
  );
  applyFireResult(c, target, r, firer.cp, false, `fire by ${firer.name}`);
}

/** Ruling Breaching: 1d6 <= fire points breaches a walled hex. */
export function resolveBreach(c: Ctx, battery: UnitState, hex: string): void {
  const die = rollD6(c.s);
  const ok = die <= battery.firePoints;
  if (ok) c.s.breached.push(hex);
  c.events.push(
    ev(
      'breach',
      `${battery.name} fires at the wall of ${hex}: d6 ${die} vs ${battery.firePoints}: ${ok ? 'breached' : 'holds'} (ruling Breaching).`,
      { unit: battery.id, hex, die, breached: ok },
    ),
  );
}

/** 10.2: may this battery fire at this hex now (range, field of fire, line of sight)? */
export function batteryCanFireAt(
  s: TacState,
  env: Env,
  b: UnitState,
  hex: string,
  range = env.tables.fire.artillery.maxRange,
): boolean {
  if (b.hex === null || b.eliminated || hex === b.hex) return false;
  if (distance(b.hex, hex) > range) return false;
  return inFieldOfFire(env, b, hex) && hasLos(s, env, b.hex, hex);
}

export interface ShockOdds {
  attack: number;
  defence: number;
  column: number;
  shifts: { reason: string; shift: number }[];
  moraleDiff: number;
}

/** 11.3-11.4: odds column, shifts and morale difference of a shock (without the die). */
export function shockOdds(s: TacState, env: Env, attackers: UnitState[], defenders: UnitState[]): ShockOdds {
  const t = env.tables.terrain;
  const attack = attackers.reduce((a, u) => a + u.cp, 0);
  const defence = defenders.reduce((a, u) => a + u.cp, 0);
  const column = oddsColumn(attack, defence, env.tables.crt);
  const shifts: ShockOdds['shifts'] = [];
  // Terrain (11.3): the defender's most favourable terrain; hexsides and height when every attacker crosses them.
  const terr = Math.min(...defenders.map((d) => terrainRow(s, env, d.hex!).shockShift));
  if (terr)
    shifts.push({
      reason: `defender's terrain (${defenders.map((d) => effTerrain(s, env, d.hex!)).join('/')})`,
      shift: terr,
    });
  let side = 0;
  for (const d of defenders) {
    const adj = attackers.filter((a) => distance(a.hex!, d.hex!) === 1);
    if (!adj.length) continue;
    for (const f of ['stream', 'abatis'] as const) {
      if (
        adj.every(
          (a) =>
            env.map.hasHexsideFeature(a.hex!, d.hex!, f) &&
            !env.map.hasHexsideFeature(a.hex!, d.hex!, 'bridge'),
        )
      )
        side = Math.min(side, t.hexsides[f].shockShift);
    }
    if (adj.every((a) => env.map.elevation(a.hex!) < env.map.elevation(d.hex!)))
      side = Math.min(side, t.uphill.shockShift);
  }
  if (side) shifts.push({ reason: 'across a stream or abatis, or uphill', shift: side });
  // 11.4 flank and rear: the orientation least favourable to each defender; the least among defenders.
  let orient = Number.POSITIVE_INFINITY;
  for (const d of defenders) {
    let best = 0;
    for (const a of attackers) {
      const arc = arcTowards(s, env, d, a.hex!);
      if (arc === 'rear') best = Math.max(best, 2);
      else if (arc === 'flank' && isInfantry(d)) best = Math.max(best, 1);
    }
    orient = Math.min(orient, best);
  }
  if (orient > 0 && Number.isFinite(orient))
    shifts.push({ reason: orient === 2 ? 'rear attack' : 'flank attack', shift: orient });
  if (defenders.every((d) => d.routed)) shifts.push({ reason: 'routed defender', shift: 2 });
  return {
    attack,
    defence,
    column,
    shifts,
    moraleDiff:
      Math.min(...attackers.map((u) => effMorale(s, env, u))) -
      Math.min(...defenders.map((u) => effMorale(s, env, u))),
  };
}

/** 11.4: the charge and built-up shifts need the attack's movement record. */
export function chargeShifts(
  s: TacState,
  env: Env,
  attackers: UnitState[],
  defenders: UnitState[],
  charged: (u: UnitState) => boolean,
): ShockOdds['shifts'] {
  const out: ShockOdds['shifts'] = [];
  const cav = attackers.filter(isCavalry);
  if (cav.length && cav.some(charged) && defenders.every((d) => effTerrain(s, env, d.hex!) === 'clear'))
    out.push({ reason: 'cavalry charge', shift: 1 });
  if (cav.length && defenders.some((d) => terrainRow(s, env, d.hex!).builtUp))
    out.push({ reason: 'cavalry against a built-up hex', shift: -1 });
  return out;
}

/** Rolls and looks up a shock (11.3); returns the results of both sides. */
export function rollShock(c: Ctx, plan: ShockPlan, charged: (u: UnitState) => boolean) {
  const { s, env } = c;
  const att = plan.attackers.map((id) => unitOf(s, id)!).filter((u) => !u.eliminated && u.hex !== null);
  const def = plan.defenders.map((id) => unitOf(s, id)!).filter((u) => !u.eliminated && u.hex !== null);
  const odds = shockOdds(s, env, att, def);
  const shifts = [...odds.shifts, ...chargeShifts(s, env, att, def, charged)];
  const total = shifts.reduce((a, x) => a + x.shift, 0);
  const die = rollD6(s);
  const r = crtLookup(odds.column + total, die, odds.moraleDiff, env.tables.crt);
  const col = env.tables.crt.columns[odds.column]!.label;
  c.events.push(
    ev(
      'shock',
      `Shock: ${att.map((u) => u.name).join(' + ')} (${odds.attack}) against ${def.map((u) => u.name).join(' + ')} (${odds.defence}): ${col}${shifts.map((x) => `, ${x.shift > 0 ? '+' : ''}${x.shift} ${x.reason}`).join('')}, morale ${odds.moraleDiff >= 0 ? '+' : ''}${odds.moraleDiff}, d6 ${die}: attacker ${r.cell.attacker}, defender ${r.cell.defender} (11.3-11.5).`,
      {
        attackers: plan.attackers,
        defenders: plan.defenders,
        column: col,
        shifts,
        die,
        index: r.s,
        attacker: r.cell.attacker,
        defender: r.cell.defender,
      },
    ),
  );
  return { att, def, result: r };
}

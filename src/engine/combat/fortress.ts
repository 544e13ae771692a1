// Units and the fortress of a hex during the Combat Phase (12.21, 12.23; docs/rulings.md 12.21
// (Combat Phase)): the garrison moves open to a seat, the window before the first option, sorties
// by the option holder, and the garrison action's timing rules.
import type { z } from 'zod';
import type { StrategicMap } from '../../map/types.js';
import type { GarrisonAction } from '../actions.js';
import { ev, toSides } from '../events.js';
import { applyGarrison } from '../rules/garrison.js';
import {
  addSp,
  fortressAt,
  garrisonSide,
  isDemoralizedAt,
  isWinterTurn,
  nationSp,
  otherSide,
} from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, RuleError, Seat, Side } from '../types.js';
import { NATIONALITIES } from '../types.js';
import type { CombatHookState, combatSortieSchema } from './actions.js';

/** 12.21: the garrison moves open to `nat` in `hex` now (whole contingents, like legal.ts). */
export function garrisonMoves(
  state: GameState,
  map: StrategicMap,
  hex: HexId,
  nat: Nationality,
): GarrisonAction[] {
  if (!fortressAt(state, map, hex)) return [];
  const side = state.seatSide[nat];
  const ns = nationSp(state, hex, nat);
  const mine = Object.values(state.leaders).filter(
    (l) => l.status === 'map' && l.hex === hex && l.nationality === nat,
  );
  const outside = mine.filter((l) => !l.inside).map((l) => l.id);
  const inside = mine.filter((l) => l.inside).map((l) => l.id);
  const out: GarrisonAction[] = [];
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
export function windowSeats(state: GameState, map: StrategicMap, hex: HexId, side: Side): Seat[] {
  if (state.besieged.includes(hex)) return [];
  return NATIONALITIES.filter(
    (n) => state.seatSide[n] === side && garrisonMoves(state, map, hex, n).length > 0,
  );
}

/** 12.21/12.23: garrison units step outside the fortress in the hex before the option is used. */
export function sortie(
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
export function combatGarrison(
  state: GameState,
  map: StrategicMap,
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
  return applyGarrison(state, map, seat, a, events, {
    besiegersFought: state.combat.besiegersFought.includes(a.hex),
  });
}

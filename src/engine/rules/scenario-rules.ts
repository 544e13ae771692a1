// Scenario special rules (18.0) that restrict movement or remove forces, expressed over the
// declarative `state.rules` read from the scenario file.

import { columnOf } from '../../map/hex.js';
import type { StrategicMap } from '../../map/types.js';
import { ev, toSides } from '../events.js';
import { rollDie } from '../rng.js';
import { addLedger, addSp } from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, RuleError, ScenarioRuleKey } from '../types.js';

const MAGDEBURG: HexId = '2217';

/** Where the rulebook prints each special rule (18.0), for scenario files that name no label. */
const PRINTED: Record<ScenarioRuleKey, string> = {
  saxonsStayInSaxony: '1756 A',
  saxonsMustSurrender: '1756 A',
  fortressRegions: '1756 D',
  hanoverNotEastOfMagdeburg: '1757 A / 1758 C',
  hanoverNotEastOfElbe: '1759 C',
  empireNotWestOfRhine: '1758 B / 1759 B / 1760 B',
  russianWithdrawalFromTurn: '1760 C / 1761 D',
  swedishRemovalTurn: '1762 B',
  noControlFortresses: '1762 B',
  russianRemovalTurn: '1762 C',
  fortifiedCampAfterTurn: '1761 C',
  prisonerExchange: '14.11',
};

/** The label a refusal cites for a scenario special rule: the scenario file's, else where it is printed. */
export function ruleLabel(state: GameState, key: ScenarioRuleKey): string {
  return state.rules.labels?.[key] ?? PRINTED[key];
}

/** Scenario rules that forbid a nationality to enter a hex; undefined when allowed. */
export function entryForbidden(
  state: GameState,
  map: StrategicMap,
  nat: Nationality,
  hex: HexId,
): RuleError | undefined {
  const r = state.rules;
  if (r.saxonsStayInSaxony && nat === 'empire' && map.region(hex) !== 'saxony')
    return {
      rule: ruleLabel(state, 'saxonsStayInSaxony'),
      code: 'saxons-stay-in-saxony',
      message: `Saxon (Empire) units may not leave Saxony: ${hex} is outside it.`,
    };
  if (r.hanoverNotEastOfMagdeburg && nat === 'hanover' && state.captured[MAGDEBURG] !== 'coalition') {
    // rulings.md 1757 5A: "east of Magdeburg" = a column east of Magdeburg's column (17).
    if (columnOf(hex) > columnOf(MAGDEBURG))
      return {
        rule: ruleLabel(state, 'hanoverNotEastOfMagdeburg'),
        code: 'hanover-east-of-magdeburg',
        message: `Hanoverian units may not move east of Magdeburg (${hex}) until the Coalition captures it.`,
      };
  }
  if (r.hanoverNotEastOfElbe && nat === 'hanover' && map.eastOfElbe(hex))
    return {
      rule: ruleLabel(state, 'hanoverNotEastOfElbe'),
      code: 'hanover-east-of-elbe',
      message: `Hanoverian units may not move east of the Elbe (${hex}).`,
    };
  if (r.empireNotWestOfRhine && nat === 'empire' && map.westOfRhine(hex))
    return {
      rule: ruleLabel(state, 'empireNotWestOfRhine'),
      code: 'empire-west-of-rhine',
      message: `Empire units may not move west of the Rhine (${hex}).`,
    };
  if (
    r.swedishRemovalTurn !== undefined &&
    state.turn >= r.swedishRemovalTurn &&
    map.region(hex) === 'swedish-pomerania'
  )
    return {
      rule: ruleLabel(state, 'swedishRemovalTurn'),
      code: 'swedish-pomerania-closed',
      message: `Swedish Pomerania is closed after Sweden left the war: ${hex} may not be entered.`,
    };
  return undefined;
}

/** Remove every unit of a nationality from play (not eliminated for victory purposes). */
export function removeNationality(
  state: GameState,
  nat: Nationality,
  events: GameEvent[],
  why: string,
): void {
  let sp = 0;
  for (const [hex, hf] of Object.entries(state.forces)) {
    const s = hf[nat];
    if (!s) continue;
    sp += s.out + s.in;
    if (s.out) addSp(state, hex, nat, 'out', -s.out);
    if (s.in) addSp(state, hex, nat, 'in', -s.in);
  }
  addLedger(state.ledger.removed, nat, sp);
  for (const l of Object.values(state.leaders)) {
    if (l.nationality !== nat || (l.status !== 'map' && l.status !== 'pending')) continue;
    l.status = 'removed';
    l.hex = null;
    l.inside = false;
  }
  for (const [hex, d] of Object.entries(state.depots)) if (d.owner === nat) delete state.depots[hex];
  state.reinforcements = state.reinforcements.filter((r) => r.arrived || r.nationality !== nat);
  events.push(
    ev('removed-from-play', `${why}: all ${nat} forces leave the game.`, undefined, { nat }),
    ev('removed-from-play-detail', `${sp} ${nat} SP were removed.`, toSides(state.seatSide[nat]), {
      nat,
      sp,
    }),
  );
}

/**
 * Scenario effects at the start of a Game-Turn (1760 C, 1761 D, 1762 B-C). `catchUp` (set-up of a
 * scenario that starts after Turn 1): one-time removals due on or before this turn happen now, as
 * they would have in a game that reached it (rulings 18.0 (later start)).
 */
export function startOfTurnRules(
  state: GameState,
  map: StrategicMap,
  events: GameEvent[],
  catchUp = false,
): void {
  const r = state.rules;
  const due = (turn: number | undefined) =>
    turn !== undefined && (catchUp ? state.turn >= turn : state.turn === turn);
  const russiansIn = () =>
    Object.values(state.forces).some((hf) => (hf.russia?.out ?? 0) + (hf.russia?.in ?? 0) > 0) ||
    Object.values(state.leaders).some((l) => l.nationality === 'russia' && l.status === 'map');
  if (
    r.russianWithdrawalFromTurn !== undefined &&
    state.turn >= r.russianWithdrawalFromTurn &&
    russiansIn()
  ) {
    const die = rollDie(state);
    events.push(ev('russian-withdrawal-roll', `Russian withdrawal roll: ${die}.`, undefined, { die }));
    if (die === 1) removeNationality(state, 'russia', events, 'The Russians withdraw');
  }
  const swedesIn = () =>
    Object.values(state.forces).some((hf) => (hf.sweden?.out ?? 0) + (hf.sweden?.in ?? 0) > 0) ||
    Object.values(state.leaders).some((l) => l.nationality === 'sweden' && l.status === 'map');
  if (due(r.swedishRemovalTurn) && (!catchUp || swedesIn()))
    removeNationality(state, 'sweden', events, 'Sweden leaves the war');
  if (r.swedishRemovalTurn !== undefined && due(r.swedishRemovalTurn + 1)) {
    // rulings.md 1762 5B: units still in Swedish Pomerania a turn after its closure are removed.
    for (const [hex, hf] of Object.entries(state.forces)) {
      if (map.region(hex) !== 'swedish-pomerania') continue;
      for (const [nat, s] of Object.entries(hf) as Array<[Nationality, { out: number; in: number }]>) {
        const n = s.out + s.in;
        if (s.out) addSp(state, hex, nat, 'out', -s.out);
        if (s.in) addSp(state, hex, nat, 'in', -s.in);
        addLedger(state.ledger.removed, nat, n);
        events.push(
          ev(
            'removed-from-play',
            `${nat} units left in closed Swedish Pomerania (${hex}) are removed.`,
            undefined,
            {
              hex,
            },
          ),
          ev('removed-from-play-detail', `${n} ${nat} SP removed at ${hex}.`, toSides(state.seatSide[nat]), {
            hex,
            n,
          }),
        );
      }
    }
    for (const l of Object.values(state.leaders))
      if (l.status === 'map' && l.hex && map.region(l.hex) === 'swedish-pomerania') {
        l.status = 'removed';
        l.hex = null;
      }
  }
  if (due(r.russianRemovalTurn) && russiansIn())
    removeNationality(state, 'russia', events, 'Russia changes sides again');
}

// 1761 special rule C: after Turn 7 the Prussians may build one fortified camp in a Prussian-held
// Silesian fortress hex, in the manner of a depot (10.41-10.43) but with the highest-ranking
// Prussian leader present throughout. A completed camp makes sieges there harder (siege hook).
import type { StrategicMap } from '../../map/types.js';
import { ev } from '../events.js';
import { fortressAt, nationSp, sideSp, supremeCommander } from '../state.js';
import type { GameEvent, GameState, HexId, RuleError, Seat } from '../types.js';
import { DEPOT_MIN_SP } from './depots.js';
import { ruleLabel } from './scenario-rules.js';

function err(state: GameState, code: string, message: string): RuleError {
  return { rule: ruleLabel(state, 'fortifiedCampAfterTurn'), code, message };
}

/** Conditions that must hold while the camp is built (10 SP, the supreme commander present). */
function campConditions(state: GameState, hex: HexId): RuleError | undefined {
  const sup = supremeCommander(state, 'prussia');
  if (!sup || sup.hex !== hex)
    return err(
      state,
      'no-supreme-commander',
      `The highest-ranking Prussian leader must stay at ${hex} while the camp is built.`,
    );
  const sp = sideSp(state, hex, 'prussian-allied');
  if (sp < DEPOT_MIN_SP)
    return err(
      state,
      'too-few-sp',
      `A fortified camp needs ${DEPOT_MIN_SP} friendly SP at ${hex}; it has ${sp}.`,
    );
  return undefined;
}

export function campBuildError(
  state: GameState,
  map: StrategicMap,
  seat: Seat,
  hex: HexId,
): RuleError | undefined {
  const after = state.rules.fortifiedCampAfterTurn;
  if (after === undefined) return err(state, 'no-camp-rule', 'This scenario has no fortified camp.');
  if (state.turn <= after)
    return err(state, 'too-early', `The fortified camp may be begun only after Turn ${after}.`);
  if (seat !== 'prussia') return err(state, 'not-prussian', 'Only the Prussians build the fortified camp.');
  if (state.phase !== 'depot' || state.phasing !== 'prussian-allied')
    return err(
      state,
      'not-depot-phase',
      'The camp is begun in the Prussian Depot Creation Phase, like a depot.',
    );
  if ((state.fortifiedCamps?.length ?? 0) > 0 || state.campBuilding)
    return err(state, 'only-one', 'Only one fortified camp may be built in this scenario.');
  const f = fortressAt(state, map, hex);
  if (f?.region !== 'silesia')
    return err(state, 'not-silesian-fortress', `${hex} is not a fortress hex in Silesia.`);
  if (nationSp(state, hex, 'prussia').in <= 0)
    return err(state, 'not-prussian-fortress', `${f.name} is not garrisoned by Prussian SP.`);
  return campConditions(state, hex);
}

export function buildCamp(state: GameState, hex: HexId, events: GameEvent[]): void {
  state.campBuilding = { hex, placedTurn: state.turn };
  events.push(ev('camp-begun', `The Prussians begin a fortified camp at ${hex}.`, undefined, { hex }));
}

/** At the Prussian Depot Creation Phase: finish a camp begun on an earlier turn. */
export function completeCamp(state: GameState, events: GameEvent[]): void {
  const b = state.campBuilding;
  if (!b || b.placedTurn >= state.turn) return;
  state.fortifiedCamps = [...(state.fortifiedCamps ?? []), b.hex];
  state.campBuilding = null;
  events.push(ev('camp-complete', `The fortified camp at ${b.hex} is complete.`, undefined, { hex: b.hex }));
}

/** Checked after every step: an unfinished camp is abandoned when its conditions lapse. */
export function campHousekeeping(state: GameState, events: GameEvent[]): void {
  const b = state.campBuilding;
  if (!b) return;
  const e = campConditions(state, b.hex);
  if (!e) return;
  state.campBuilding = null;
  events.push(ev('camp-abandoned', `The unfinished fortified camp at ${b.hex} is abandoned: ${e.message}`));
}

// End-of-game victory (17.0) over the game state: the end-of-game exchange first (1757 B), then
// fortress VP by garrison (1756 D and 1762 B through state.rules), losses from the ledger, and
// unexchanged prisoners (14.17).
import type { StrategicMap } from '../../map/types.js';
import { engineMap } from '../map-env.js';
import { runExchange } from '../prisoners/phase.js';
import { fortressAt, garrisonSide } from '../state.js';
import type { GameEvent, GameState, Nationality, Side } from '../types.js';
import { NATIONALITIES } from '../types.js';
import { scoreVictory, type VictoryReport } from './victory.js';

/** Scores a finished game. Works on a copy: the caller's state is not changed. */
export function finalScore(state: GameState, map: StrategicMap = engineMap()): VictoryReport {
  // The end-of-game exchange (14.17) writes only the ledger and replaces leader entries, so a copy of
  // those two is enough; views call this on every step, and cloning the whole state was costly.
  const s: GameState = state.ledger.endExchanged
    ? state
    : { ...state, ledger: structuredClone(state.ledger), leaders: { ...state.leaders } };
  const events: GameEvent[] = [];
  if (!s.ledger.endExchanged) runExchange(s, 'end', events);
  const fortresses = map.fortresses().filter((f) => fortressAt(s, map, f.hex));
  const garrison: Record<string, Side | undefined> = {};
  for (const f of fortresses) garrison[f.hex] = garrisonSide(s, f.hex);
  const sum = (side: Side, rec: Partial<Record<Nationality, number>>) =>
    NATIONALITIES.filter((n) => s.seatSide[n] === side).reduce((a, n) => a + (rec[n] ?? 0), 0);
  return scoreVictory({
    fortresses,
    garrison,
    eliminatedSp: {
      'prussian-allied': sum('prussian-allied', s.ledger.eliminated),
      coalition: sum('coalition', s.ledger.eliminated),
    },
    unexchangedPrisonerSp: {
      'prussian-allied': sum('prussian-allied', s.ledger.prisoners.coalition),
      coalition: sum('coalition', s.ledger.prisoners['prussian-allied']),
    },
    excludedFortressHexes: s.rules.noControlFortresses ?? [],
    alliedForfeit: s.over?.reason === 'forfeit',
  });
}

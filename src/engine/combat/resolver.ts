// The battle-resolver seam (issue #13 item 3): where a committed battle is decided. The Combat
// Phase commits a battle (9.0), asks the resolver for its outcome, and applies that outcome with
// the same code whoever resolved it (outcome.ts, then the retreat, retreat-step.ts). The default
// resolver consults the Combat Results Table (9.3-9.4, battle.ts); a tactical resolver (Leuthen
// battles, issue #16) can decide the same battle by play instead and return the same outcome.
import type { StrategicMap } from '../../map/types.js';
import { rollDie } from '../rng.js';
import { defaultCrt } from '../tables/crt.js';
import type { GameState, HexId } from '../types.js';
import { type BattleOutcome, resolveBattle } from './battle.js';
import type { CombatForce, RuleViolation } from './types.js';

/** A battle just committed in the Combat Phase: where, and the two forces as they stand. */
export interface CommittedBattle {
  hex: HexId;
  attacker: CombatForce;
  defender: CombatForce;
}

/**
 * Decides a committed battle. `state` is the phase's private copy: dice come from its RNG (the
 * kernel's rollDie), so a replay gives the same outcome. Returns the outcome, or the rule that
 * forbids the attack (the action is then refused and the copy discarded).
 */
export interface BattleResolver {
  readonly id: string;
  resolve(state: GameState, battle: CommittedBattle, map: StrategicMap): BattleOutcome | RuleViolation;
}

/** 9.3-9.4: one die on the Combat Results Table (mountain hexes per 9.34). */
export const crtResolver: BattleResolver = {
  id: 'crt',
  resolve(state, battle, map) {
    const die = rollDie(state);
    return resolveBattle({
      attacker: battle.attacker,
      defender: battle.defender,
      die,
      mountain: map.onMap(battle.hex) && map.terrain(battle.hex) === 'mountain',
      crt: defaultCrt,
    });
  },
};

// A tactical battle resolver for the Combat Phase's seam (issue #16; src/engine/combat/resolver.ts):
// the committed battle is converted (forces.ts), placed on its field (field.ts, deploy.ts), fought
// out on the Leuthen rules and converted back (outcome.ts); the Combat Phase then applies the
// outcome with the same code as a table result. This resolver plays every formation with the
// tactical autopilot inside one resolve call, so the whole battle is a deterministic function of
// the campaign state: its seed and the leader-fate dice come from the campaign's RNG, and replaying
// the campaign's action log replays the battle. Ineligible battles (below the minimum size, a
// besieged fortress or a sortie) go to the strategic table (design 5.1).
import ratingsJson from '../../../assets/tactical/ratings.json' with { type: 'json' };
import type { TacPolicy } from '../../autopilot/tactical/decide.js';
import { playBattle } from '../../autopilot/tactical/driver.js';
import type { BattleOutcome } from '../../engine/combat/battle.js';
import { type BattleResolver, crtResolver } from '../../engine/combat/resolver.js';
import { totalSp, violation } from '../../engine/combat/types.js';
import { nextUint32, rollDie } from '../../engine/rng.js';
import { isWinterTurn } from '../../engine/state.js';
import { useTacticalMap } from '../env.js';
import { leuthenMap } from '../maps.js';
import { parseScenario } from '../scenario.js';
import type { Side, TacState } from '../state.js';
import { fieldContext } from './context.js';
import { campaignScenario, mapObjectives } from './deploy.js';
import { generateField, historicalField } from './field.js';
import { tacticalSide, toTacticalSetup } from './forces.js';
import { toStrategicOutcome } from './outcome.js';

export interface TacticalRecord {
  hex: string;
  seed: number;
  map: string;
  scenario: string;
  steps: number;
  end: TacState;
  outcome: BattleOutcome;
}

export interface TacticalResolverOptions {
  /** Design 5.1: each side needs at least this many SP, else the table decides (default 6). */
  minSp?: number;
  /** How the autopilot plays each tactical side (default: the autopilot). */
  policies?: Partial<Record<Side, TacPolicy>>;
  /** Told about every battle fought tactically (tests, logs). */
  onBattle?(r: TacticalRecord): void;
}

export function createTacticalResolver(o: TacticalResolverOptions = {}): BattleResolver {
  const minSp = o.minSp ?? 6;
  return {
    id: 'tactical',
    resolve(state, battle, map) {
      const { hex, attacker, defender } = battle;
      const garrisoned = Object.values(state.forces[hex] ?? {}).some((f) => (f?.in ?? 0) > 0);
      if (
        totalSp(attacker.sp) < minSp ||
        totalSp(defender.sp) < minSp ||
        state.besieged.includes(hex) ||
        garrisoned
      )
        return crtResolver.resolve(state, battle, map);
      if (attacker.side === defender.side) return violation('9.11', 'a side cannot attack itself');
      if (attacker.demoralized) return violation('9.14', 'a demoralized force may not attack');
      const seed = nextUint32(state.rng);
      const winter = isWinterTurn(state.turn);
      const names = Object.fromEntries(Object.values(state.leaders).map((l) => [l.id, l.name ?? l.id]));
      const setup = toTacticalSetup({ attacker, defender, winter, names });
      const count = (side: Side) => setup.units.filter((u) => u.side === side).length;
      const historical = historicalField(hex);
      let tmap = historical ? leuthenMap() : undefined;
      let objectives = tmap ? mapObjectives(tmap) : [];
      if (!tmap) {
        const att = tacticalSide(attacker.side);
        const field = generateField(
          fieldContext(map, {
            hex,
            winter,
            attacker: att,
            // The hexside each force entered by is not recorded yet: the seed picks the attacker's edge.
            attackerEdge: seed % 2 === 0 ? 'west' : 'east',
            counters: { attacker: count(att), defender: count(att === 'prussia' ? 'austria' : 'prussia') },
          }),
          seed,
        );
        tmap = field.map;
        objectives = field.objectives;
      }
      useTacticalMap(tmap);
      const raw = campaignScenario({
        setup,
        map: tmap,
        objectives,
        id: `campaign-${hex}-t${state.turn}`,
        name: `Battle at ${hex}, turn ${state.turn}`,
      });
      const parsed = parseScenario(raw, ratingsJson, (h) => tmap.has(h));
      if (!parsed.ok) throw new Error(`tactical battle at ${hex}: ${parsed.errors.join('; ')}`);
      const sum = playBattle({
        loaded: parsed.value,
        map: tmap,
        seed,
        ...(o.policies ? { policies: o.policies } : {}),
      });
      const outcome = toStrategicOutcome({
        setup,
        end: sum.state,
        attacker,
        defender,
        rollD6: () => rollDie(state),
      });
      o.onBattle?.({ hex, seed, map: tmap.id, scenario: raw.id, steps: sum.steps, end: sum.state, outcome });
      return outcome;
    },
  };
}

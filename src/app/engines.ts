// The engines the service hosts, chosen by the game's kind (issue 15): a `campaign` is played by
// the strategic engine (engine-adapter), a `battle` by the Leuthen tactical engine (battle-engine).
// `engine` routes each call: setup and seats by the scenario's kind, everything that takes a state
// by the state itself (a tactical state says `kind: 'tactical'`), so the step resolver, the outbox,
// deadlines and replay work for both without knowing which one they run.
import { BATTLE_SCENARIOS, battleEngine } from './battle-engine.js';
import { engine as campaignEngine } from './engine-adapter.js';
import { type GameKind, kindedEngine } from './engine-kind.js';
import { registerTacticalBattles } from './tactical.js';

// Issue #16: campaign battles may be fought out on the tactical map wherever the real engines run.
registerTacticalBattles();

export type { GameKind };

export const engine = kindedEngine({
  campaign: campaignEngine as never,
  battle: battleEngine as never,
  battleScenarios: BATTLE_SCENARIOS,
});

// The engine's types the bot may read, re-exported so the bot never imports src/engine (the service
// is its only door; scripts/layer-guard.ts enforces it). Types, and the one list of nationalities in
// display order (a constant, one home: engine/types.ts): no engine code runs in the bot.
export type {
  ActionType,
  BattleEventData,
  BattlePublicData,
  BattleSideReport,
  Nationality,
  Side,
  VictoryReport,
  View as CampaignView,
  ViewHex,
  ViewLeader,
  ViewStack,
} from '../engine/index.js';
export { NATIONALITIES } from '../engine/index.js';

// The campaign bridge (issue #16): strategic battle <-> Leuthen tactical battle.
export { type BridgeData, bridgeData } from './data.js';
export {
  type BridgeFormation,
  type BridgeLeader,
  type BridgeUnit,
  type ConversionInput,
  strategicSide,
  type TacticalSetup,
  tacticalSide,
  toTacticalSetup,
  turnLimit,
} from './forces.js';
export { brokeOrWithdrew, type OutcomeInput, type TacticalEnd, toStrategicOutcome } from './outcome.js';

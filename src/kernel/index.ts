// The shared pure kernel of both engines (strategic campaign and Leuthen tactical battles):
// the state-held RNG, the RuleError type and the phase-module interface. No I/O, no clock, no
// Math.random (layer guard); nothing here knows either game's rules.

export { type Applied, type DriveResult, type DriveSpec, drive, type Pause, type Turn } from './drive.js';
export { isRuleError, type RuleError, refuse, ruleError } from './errors.js';
export { foldName } from './names.js';
export {
  type ActionShape,
  type PhaseModule,
  parseStepName,
  type Step,
  type StepName,
  type StepResult,
  stepName,
} from './phase.js';
export {
  createRng,
  nextUint32,
  type RngHolder,
  type RngState,
  randomInt,
  rollD6,
  rollD10,
  rollsIn,
} from './rng.js';

export { ApiError, type DiscordErrorBody, type FormErrorTree } from './api-errors.js';
export { InteractionHandle } from './interaction-handle.js';
export type { InteractionState } from './interactions.js';
export type {
  Audience,
  MessageOrigin,
  RecordedAttachment,
  RecordedMessage,
  StandinEvent,
  WaitOptions,
} from './ledger.js';
export { WaitTimeoutError } from './ledger.js';
export { LIMITS } from './limits.js';
export {
  type AutocompleteInput,
  type OptionValue,
  SimulatedUser,
  type SlashInput,
} from './simulated-user.js';
export {
  type AttachmentFilter,
  DiscordStandin,
  type RateLimitOptions,
  type StandinOptions,
} from './standin.js';
export type { WorldSpec } from './world.js';

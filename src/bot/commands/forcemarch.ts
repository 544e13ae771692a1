// /forcemarch (5.2): declare a force march; the die and the leader's Initiative give its MP.
import type { BotCommand } from '../types.js';
import { buildMarch, leaderAutocomplete, marchOrder } from './march.js';

export const command: BotCommand = {
  data: buildMarch('forcemarch'),
  slow: () => true,
  privateReply: () => true,
  execute: (deps, input) => marchOrder(deps, input, 'forcemarch'),
  autocomplete: leaderAutocomplete,
};

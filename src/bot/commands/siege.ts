// /siege: resolve a siege and answer the honours of war (13.x).
import { decisionCommand } from './decision.js';

export const command = decisionCommand({
  name: 'siege',
  description: 'Resolve a siege or answer the honours of war (13.0)',
  types: ['siege-resolve', 'siege-honours', 'siege-surrender'],
  rule: '13.1',
  what: 'siege decision',
});

// /retreat: choose among the retreat paths the engine offers (9.5), or the default.
import { decisionCommand } from './decision.js';

export const command = decisionCommand({
  name: 'retreat',
  description: 'Choose a retreat path after a battle (9.5), or take the default',
  types: ['combat-retreat'],
  rule: '9.5',
  what: 'retreat',
});

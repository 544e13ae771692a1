// /attack: the attack option and battle choices of the Combat Phase (9.x), offered by the engine.
import { decisionCommand } from './decision.js';

export const command = decisionCommand({
  name: 'attack',
  description: 'Take or decline the attack option in the Combat Phase (9.1)',
  types: ['combat-order', 'combat-attack', 'combat-decline', 'combat-sortie'],
  rule: '9.1',
  what: 'attack option',
});

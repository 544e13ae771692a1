// /attack: the attack option and battle choices of the Combat Phase (9.x), offered by the engine,
// and the offer to fight a committed battle out on the tactical map (issue 16).
import { decisionCommand } from './decision.js';

export const command = decisionCommand({
  name: 'attack',
  description: 'Take or decline the attack option in the Combat Phase (9.1)',
  types: ['combat-order', 'combat-attack', 'combat-decline', 'combat-sortie', 'combat-tactical'],
  rule: '9.1',
  what: 'attack option',
});

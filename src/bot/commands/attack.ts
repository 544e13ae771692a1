// /attack: the attack option and battle choices of the Combat Phase (9.x), offered by the engine.
import { decisionCommand } from './decision.js';

export const command = decisionCommand({
  name: 'attack',
  description: 'Take or decline the attack option in the Combat Phase (9.1)',
  matches: (t) => /attack|decline|combat-order|sortie/.test(t) && !/retreat/.test(t),
  rule: '9.1',
  what: 'attack option',
});

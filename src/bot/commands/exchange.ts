// /exchange: the prisoner exchange of even turns (14.x).
import { decisionCommand } from './decision.js';

export const command = decisionCommand({
  name: 'exchange',
  description: 'Offer, accept or decline a prisoner exchange (14.1)',
  types: ['exchange-choice'],
  rule: '14.1',
  what: 'prisoner exchange',
});

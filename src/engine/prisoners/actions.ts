// The Prisoner Exchange Phase's action (14.14, 14.16) and the state the phase keeps between actions
// (state.combat.hook.exchange). It joins the closed action union in ../actions.ts.
import { z } from 'zod';
import { hexId } from '../ids.js';
import type { HexId, Seat, Side } from '../types.js';

/** 14.14 / 14.16: the leaders you release first, and where your own returning prisoners go. */
export const exchangeChoiceSchema = z.object({
  type: z.literal('exchange-choice'),
  release: z.array(z.string().min(1)).optional(),
  returnTo: z.record(z.string(), hexId).optional(),
});

export const exchangeActionSchemas = [exchangeChoiceSchema] as const;

export interface SideChoice {
  release?: string[];
  returnTo?: Record<string, HexId>;
}
export interface ExchangeHookState {
  waiting: Seat[];
  choices: Partial<Record<Side, SideChoice>>;
}

/** Every action only the Prisoner Exchange Phase takes (it also takes `done`). */
export type ExchangeAction = z.infer<(typeof exchangeActionSchemas)[number]>;

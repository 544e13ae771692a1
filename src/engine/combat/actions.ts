// The Combat Phase's actions (9.0, 12.21, 12.23, 9.52) and the state the phase keeps between them
// (state.combat.hook.combat). They join the closed action union in ../actions.ts.
import { z } from 'zod';
import { hexId } from '../ids.js';
import type { GameState, HexId, Seat, Side } from '../types.js';

/** 9.0: the phasing player sets the order in which the contested hexes are resolved. */
export const combatOrderSchema = z.object({ type: z.literal('combat-order'), hexes: z.array(hexId).min(1) });
/** 9.0: take the option to attack in the hex now being resolved. */
export const combatAttackSchema = z.object({ type: z.literal('combat-attack'), hex: hexId });
/** 9.0: decline the option; it passes to the opponent (two declines: no battle). */
export const combatDeclineSchema = z.object({ type: z.literal('combat-decline'), hex: hexId });
/** 12.21, 12.23: bring units out of your besieged (or own) fortress in that hex before deciding. */
export const combatSortieSchema = z.object({
  type: z.literal('combat-sortie'),
  hex: hexId,
  sp: z.record(z.string(), z.number().int().min(0)).optional(),
  leaders: z.array(z.string().min(1)).optional(),
});
/** 9.52: choose where the defeated force ends its retreat ('fortress': back inside, 12.23 example). */
export const combatRetreatSchema = z.object({
  type: z.literal('combat-retreat'),
  hex: hexId,
  to: z.union([hexId, z.literal('fortress')]),
});

/**
 * Issue #16 (design 5.1): after an attack is committed, each side's commanding seat answers whether
 * the battle is fought out on the tactical map; any refusal sends it to the strategic table.
 */
export const combatTacticalSchema = z.object({
  type: z.literal('combat-tactical'),
  hex: hexId,
  accept: z.boolean(),
});

/**
 * Issue #16: one order in the tactical battle being fought at `hex`, given as the tactical seat
 * `as` (`prussia`, `austria` or `<side>:<formation>`) that the sending campaign seat holds. The
 * tactical engine validates `order` (a Leuthen action such as {"type":"move","unit":..,"to":..}).
 */
export const combatTacticalOrderSchema = z.object({
  type: z.literal('combat-tactical-order'),
  hex: hexId,
  as: z.string().min(1).max(100),
  order: z.looseObject({ type: z.string().min(1).max(40) }),
});

export const combatActionSchemas = [
  combatOrderSchema,
  combatAttackSchema,
  combatDeclineSchema,
  combatSortieSchema,
  combatRetreatSchema,
  combatTacticalSchema,
  combatTacticalOrderSchema,
] as const;

/** What the hook keeps in state.combat.hook between actions (plain JSON). */
export interface CombatHookState {
  stage: 'order' | 'garrison' | 'option' | 'tactical-offer' | 'tactical' | 'retreat' | 'done';
  /** Contested hexes still to resolve, in order; the first is current once ordered. */
  queue: HexId[];
  /** The side holding the option in the current hex, and the sides that have declined there. */
  option?: { hex: HexId; side: Side; declined: Side[] };
  /**
   * 12.21: before the first option in a hex, the seats of the side without it that may still move
   * units into or out of the fortress there (`waiting`); `first` then receives the option.
   */
  garrison?: { hex: HexId; side: Side; first: Side; waiting: Seat[] };
  /** Issue #16: the committed attack waiting for both commanders' answer to "fight it out?". */
  tactical?: { hex: HexId; attacker: Side; answers: Partial<Record<Side, boolean>> };
  /**
   * Issue #16: the battle being fought out on the tactical map (stage 'tactical'): the host's
   * session (the whole tactical game, plain JSON) and which campaign seat holds each tactical seat.
   */
  battle?: { hex: HexId; attacker: Side; seats: Record<string, Seat>; session: unknown };
  retreat?: {
    hex: HexId;
    side: Side;
    die: number;
    allowance: number;
    options: { to: HexId | 'fortress'; path: HexId[] }[];
    /** 12.23 example: a drawn battle at a besieged fortress; the survivors may stay (`to` = hex). */
    draw?: boolean;
  };
}

export type CombatOrderAction = z.infer<typeof combatOrderSchema>;
export type CombatAttackAction = z.infer<typeof combatAttackSchema>;
export type CombatDeclineAction = z.infer<typeof combatDeclineSchema>;
export type CombatSortieAction = z.infer<typeof combatSortieSchema>;
export type CombatRetreatAction = z.infer<typeof combatRetreatSchema>;
export type CombatTacticalAction = z.infer<typeof combatTacticalSchema>;
export type CombatTacticalOrderAction = z.infer<typeof combatTacticalOrderSchema>;
/** Every action only the Combat Phase takes (it also takes `done` and `garrison`). */
export type CombatAction = z.infer<(typeof combatActionSchemas)[number]>;

/** The Combat Phase's slot of the state (state.combat.hook.combat). */
export function hookState(state: GameState): CombatHookState {
  return state.combat.hook.combat ?? { stage: 'done', queue: [] };
}
export function setHookState(state: GameState, h: CombatHookState): void {
  state.combat.hook = { ...state.combat.hook, combat: h };
}

/** The current hex is finished: off the queue, no option open. */
export function finishHex(h: CombatHookState, hex: HexId): void {
  h.queue = h.queue.filter((x) => x !== hex);
  h.option = undefined;
}

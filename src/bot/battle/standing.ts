// /battle orders (issue 15): standing orders for routine prompts (retreat path, displacement,
// advance after combat, loss allocation, reaction fire), set once per unit, per formation or for
// all units of the player's command. They are the engine's state (action `standing-order`, see
// src/tactical/rules/standing.ts), so the engine answers the prompt when it arises and a replay
// gives the same game. Shown privately: the enemy never sees another side's standing orders.

import type { TacView } from '../../app/battle-types.js';
import type { GameRow } from '../../app/directory.js';
import { type BotDeps, type Choice, type CommandInput, errorReply, type Reply } from '../types.js';
import { battleSeatsOf, participantPart } from './host.js';
import { SIDE_NAME } from './present.js';

export const STANDING_KINDS = [
  { name: 'retreat: which hex a beaten unit retreats to (11.6)', value: 'retreat' },
  { name: 'displace: push friends out of the retreat hex, or not (11.6)', value: 'displace' },
  { name: 'advance after combat, or stay (11.7)', value: 'advance' },
  { name: 'loss: which unit takes the combat points lost (11.5)', value: 'loss' },
  { name: 'reaction fire before an enemy shock (10.1)', value: 'reaction' },
] as const;

export const STANDING_POLICIES: Record<string, { value: string; name: string }[]> = {
  retreat: [
    { value: 'edge', name: 'edge: toward our own map edge' },
    { value: 'leader', name: 'leader: toward the formation leader (stay in command)' },
  ],
  displace: [
    { value: 'displace', name: 'displace: friends give way' },
    { value: 'eliminate', name: 'eliminate: lose the retreating unit instead' },
  ],
  advance: [
    { value: 'advance', name: 'advance: into the vacated hex whenever allowed' },
    { value: 'stay', name: 'stay: never advance' },
  ],
  loss: [
    { value: 'strongest', name: 'strongest: each point from the strongest unit' },
    { value: 'weakest', name: 'weakest: from the weakest unit (spare the others)' },
  ],
  reaction: [
    { value: 'fire', name: 'fire: always give reaction fire' },
    { value: 'hold', name: 'hold: never' },
  ],
};

interface Held {
  /** The battle seat (a side, or side:formation). */
  seat: string;
  side: 'prussia' | 'austria';
  formation?: string;
}

type Submitted = { ok: true } | { ok: false; error: { message: string; rule?: string } };

/**
 * Where standing orders go: a standalone battle's own seats, or (issue 16) the tactical seats a
 * user's campaign seats hold in a campaign battle, whose orders travel wrapped as
 * `combat-tactical-order` from the campaign seat.
 */
interface Command {
  held: Held[];
  active: boolean;
  /** The user's side's view of the battle, as seen from one of their seats. */
  view(h: Held): TacView | null;
  submit(
    h: Held,
    order: { type: 'standing-order'; kind: string; subject: string; policy: string },
  ): Promise<Submitted>;
}

function standaloneCommand(deps: BotDeps, game: GameRow, userId: string): Command {
  return {
    held: heldSeats(deps, game, userId),
    active: game.status === 'active',
    view: (h) => sideView(deps, game, h.seat, userId),
    submit: (h, order) => deps.service.submit({ gameId: game.id, seat: h.seat, userId, action: order }),
  };
}

/** Issue 16: a campaign battle's standing orders, from the campaign seats the user holds in it. */
function campaignCommand(deps: BotDeps, game: GameRow, hex: string, userId: string): Command {
  const mine = battleSeatsOf(deps, game, hex).filter((s) => s.userId === userId);
  const held: (Held & { submitSeat: string })[] = mine
    .flatMap((s) =>
      s.tactical.map((t) => {
        const [side, formation] = t.split(':') as ['prussia' | 'austria', string | undefined];
        return { seat: t, side, ...(formation ? { formation } : {}), submitSeat: s.seat };
      }),
    )
    .sort((a, b) => Number(a.formation !== undefined) - Number(b.formation !== undefined));
  // The side's own view (with its standing orders): the campaign seat's view of the battle.
  const viewOf = (h: Held) => {
    const seat = held.find((x) => x.seat === h.seat)?.submitSeat;
    const v = seat ? deps.service.view({ gameId: game.id, seat, userId }) : undefined;
    return v?.ok ? (participantPart(v.view)?.view ?? null) : null;
  };
  return {
    held,
    active: game.status === 'active',
    view: viewOf,
    submit: (h, order) =>
      deps.service.submit({
        gameId: game.id,
        seat: held.find((x) => x.seat === h.seat)!.submitSeat,
        userId,
        action: { type: 'combat-tactical-order', hex, as: h.seat, order },
      }),
  };
}

/** The battle seats the user holds (side seats first). */
function heldSeats(deps: BotDeps, game: GameRow, userId: string): Held[] {
  return deps.directory
    .seats(game.id)
    .filter((s) => s.userId === userId)
    .map((s) => {
      const [side, formation] = s.seat.split(':') as ['prussia' | 'austria', string | undefined];
      return { seat: s.seat, side, ...(formation ? { formation } : {}) };
    })
    .sort((a, b) => Number(a.formation !== undefined) - Number(b.formation !== undefined));
}

function sideView(deps: BotDeps, game: GameRow, seat: string, userId: string): TacView | null {
  const v = deps.service.view({ gameId: game.id, seat, userId });
  return v.ok ? (v.view as TacView) : null;
}

/** The seat of the user's that commands `subject` (the side's seat covers everything of the side). */
function seatFor(held: Held[], view: TacView | null, subject: string): Held | undefined {
  const side = held.find((h) => h.formation === undefined);
  if (subject === 'all') return side ?? held[0];
  const unit = view?.units.find((u) => u.id === subject);
  const formation = unit?.formation ?? view?.formations.find((f) => f.id === subject)?.id;
  const owner = unit?.side ?? view?.formations.find((f) => f.id === subject)?.side;
  if (side && owner === side.side) return side;
  return held.find((h) => h.formation !== undefined && h.formation === formation);
}

function subjectName(view: TacView | null, subject: string, h?: Held): string {
  if (subject === 'all')
    return h?.formation
      ? `all of ${view?.formations.find((f) => f.id === h.formation)?.name ?? h.formation}`
      : 'all units';
  return (
    (view?.units.find((u) => u.id === subject) as { name?: string } | undefined)?.name ??
    view?.formations.find((f) => f.id === subject)?.name ??
    subject
  );
}

/** The side's standing orders in words, from that side's view. */
export function standingText(view: TacView | null): string[] {
  return (view?.standing ?? []).map(
    (o) =>
      `${subjectName(view, o.subject)}: ${o.kind} → ${STANDING_POLICIES[o.kind]?.find((p) => p.value === o.policy)?.name ?? o.policy}`,
  );
}

export function ordersCommand(deps: BotDeps, game: GameRow, input: CommandInput): Promise<Reply> {
  return runOrders(standaloneCommand(deps, game, input.userId), input);
}

/** /battle orders in a campaign battle's thread (issue 16). */
export function campaignOrdersCommand(
  deps: BotDeps,
  game: GameRow,
  hex: string,
  input: CommandInput,
): Promise<Reply> {
  return runOrders(campaignCommand(deps, game, hex, input.userId), input);
}

async function runOrders(cmd: Command, input: CommandInput): Promise<Reply> {
  const held = cmd.held;
  if (!held.length) return errorReply('Only a player of this battle gives standing orders.');
  if (!cmd.active) return errorReply('Standing orders are given once the battle has started.');
  const view = cmd.view(held[0]!);
  const kind = input.options.kind;
  const subject = typeof input.options.subject === 'string' ? input.options.subject.trim() : undefined;
  const policy = typeof input.options.policy === 'string' ? input.options.policy.trim() : undefined;
  const list = () => {
    const lines = standingText(cmd.view(held[0]!));
    return lines.length
      ? `Standing orders of ${SIDE_NAME[held[0]!.side]} (seen by your side only):\n${lines.map((l) => `• ${l}`).join('\n')}`
      : `${SIDE_NAME[held[0]!.side]} has no standing orders: every prompt is asked. Set one with /battle orders kind subject policy.`;
  };
  if (kind === undefined) return { content: list().slice(0, 1900), ephemeral: true };
  if (typeof kind !== 'string' || !STANDING_POLICIES[kind])
    return errorReply(`"${String(kind).slice(0, 20)}" is not a kind of standing order.`);
  if (!subject || !policy)
    return errorReply(
      `Give the subject (a unit, a formation or all) and the policy: ${STANDING_POLICIES[kind]!.map((p) => p.value).join(', ')} or clear.`,
    );
  const h = seatFor(held, view, subject);
  if (!h) return errorReply(`${subjectName(view, subject)} is not under your command.`);
  const r = await cmd.submit(h, { type: 'standing-order', kind, subject, policy });
  if (!r.ok) return errorReply(r.error.message, r.error.rule);
  const said =
    policy === 'clear'
      ? `Standing order for ${kind} of ${subjectName(view, subject, h)} cleared: that prompt is asked again.`
      : `Standing order set: ${subjectName(view, subject, h)}, ${kind} → ${policy}. The engine answers that prompt by it from now on.`;
  return { content: `✅ ${said}\n\n${list()}`.slice(0, 1900), ephemeral: true };
}

export function ordersAutocomplete(
  deps: BotDeps,
  game: GameRow,
  input: CommandInput,
  focused: { name: string; value: string },
): Choice[] {
  return completeOrders(() => standaloneCommand(deps, game, input.userId), input, focused);
}

/** /battle orders' autocomplete in a campaign battle's thread (issue 16): the user's own command only. */
export function campaignOrdersAutocomplete(
  deps: BotDeps,
  game: GameRow,
  hex: string,
  input: CommandInput,
  focused: { name: string; value: string },
): Choice[] {
  return completeOrders(() => campaignCommand(deps, game, hex, input.userId), input, focused);
}

function completeOrders(
  command: () => Command,
  input: CommandInput,
  focused: { name: string; value: string },
): Choice[] {
  const q = focused.value.toLowerCase();
  const match = (c: Choice) => c.name.toLowerCase().includes(q) || c.value.toLowerCase().includes(q);
  if (focused.name === 'policy') {
    const kind = typeof input.options.kind === 'string' ? input.options.kind : '';
    return [
      ...(STANDING_POLICIES[kind] ?? []),
      { value: 'clear', name: 'clear: remove the order (ask again)' },
    ].filter(match);
  }
  if (focused.name !== 'subject') return [];
  const cmd = command();
  const held = cmd.held;
  if (!held.length) return [];
  // Only the user's own command: their side's view, their formations and units.
  const view = cmd.view(held[0]!);
  const side = held.find((h) => h.formation === undefined);
  const mine = (formation: string) =>
    side ? true : held.some((h) => h.formation === formation && h.side === held[0]!.side);
  const out: Choice[] = [
    { value: 'all', name: side ? 'All units of your side' : 'All units of your formation' },
  ];
  for (const f of view?.formations ?? [])
    if (f.side === held[0]!.side && mine(f.id)) out.push({ value: f.id, name: `Formation: ${f.name}` });
  for (const u of view?.units ?? [])
    if (u.side === held[0]!.side && !u.eliminated && mine(u.formation))
      out.push({
        value: u.id,
        name: `${(u as { name?: string }).name ?? u.id}${u.hex ? ` (${u.hex})` : ''}`,
      });
  return out.filter(match).slice(0, 25);
}

// The decision commands (/attack, /retreat, /siege, /exchange) share one shape: the engine offers
// a short list of legal actions for the step (attack option 9.x, retreat paths 9.5, siege and
// honours of war 13.x, prisoner exchange 14.x); the player picks one by autocomplete, or gets
// them as buttons. Picking goes through the usual preview.
import { SlashCommandBuilder } from 'discord.js';
import type { Action } from '../../app/engine-port.js';
import type { ActionType } from '../../app/engine-types.js';
import { pictureName } from '../map-renderer.js';
import { actionKey, buttonableActions, decisionRows, previewOrder } from '../orders.js';
import { actionLabel } from '../presenters/describe.js';
import { orderRetreats, retreatLabel } from '../presenters/retreat.js';
import { siegeNotes } from '../presenters/status.js';
import { findActiveGame, findSeat, seatLabel } from '../session.js';
import { type BotCommand, type BotDeps, type CommandInput, errorReply, type Reply } from '../types.js';
import { addSeatOption, str } from './options.js';

export interface DecisionSpec {
  name: string;
  description: string;
  /** The engine's action types this command offers (a closed list: renaming one fails to compile). */
  types: readonly ActionType[];
  /** Rule case cited when nothing is offered. */
  rule: string;
  what: string;
}

function offered(deps: BotDeps, input: CommandInput, spec: DecisionSpec, seat?: string) {
  const g = findActiveGame(deps, input);
  if (!g.ok) return g;
  const pending = deps.service.pending({ gameId: g.game.id, userId: input.userId });
  if (!pending.ok) return { ok: false as const, message: pending.error.message };
  const decisions = pending.decisions.filter((d) => seat === undefined || d.seat === seat);
  const list = decisions.flatMap((d) =>
    buttonableActions(d.legalActions).flatMap((a, index) =>
      (spec.types as readonly string[]).includes(a.type) ? [{ seat: d.seat, action: a, index }] : [],
    ),
  );
  return { ok: true as const, game: g.game, version: pending.version, list };
}

function seatView(deps: BotDeps, gameId: string, seat: string, userId: string): unknown {
  const v = deps.service.view({ gameId, seat, userId });
  return v.ok ? v.view : undefined;
}

export function decisionCommand(spec: DecisionSpec): BotCommand {
  const data = addSeatOption(
    new SlashCommandBuilder()
      .setName(spec.name)
      .setDescription(spec.description)
      .addStringOption((o) =>
        o
          .setName('choice')
          .setDescription(`The ${spec.what} to take (leave empty for buttons)`)
          .setAutocomplete(true),
      ),
    false,
  );
  async function execute(deps: BotDeps, input: CommandInput): Promise<Reply> {
    const seatOpt = str(input, 'seat');
    if (seatOpt) {
      const s = findActiveGame(deps, input);
      if (!s.ok) return errorReply(s.message);
      const own = findSeat(deps, input, s.game);
      if (!own.ok) return errorReply(own.message);
    }
    const o = offered(deps, input, spec, seatOpt);
    if (!o.ok) return errorReply(o.message);
    if (o.list.length === 0) {
      const refusal = errorReply(`You have no ${spec.what} to decide now.`, spec.rule);
      // 13.1: at the siege step, say what each fortress the player's forces stand at is missing.
      if (spec.name === 'siege') {
        const why = deps.directory
          .seats(o.game.id)
          .filter((s) => s.userId === input.userId && (seatOpt === undefined || s.seat === seatOpt))
          .flatMap((s) => {
            const v = deps.service.view({ gameId: o.game.id, seat: s.seat, userId: input.userId });
            return v.ok ? siegeNotes(v.view, s.seat, deps.names) : [];
          });
        if (why.length) refusal.content = `${refusal.content}\n${why.join('\n')}`.slice(0, 1900);
      }
      return refusal;
    }
    const choice = str(input, 'choice');
    if (choice === undefined) {
      const bySeat = new Map<string, Action[]>();
      const rows = [];
      for (const item of o.list) bySeat.set(item.seat, [...(bySeat.get(item.seat) ?? []), item.action]);
      for (const [seat] of bySeat) {
        const all = deps.service.pending({ gameId: o.game.id, userId: input.userId });
        const d = all.ok ? all.decisions.find((x) => x.seat === seat) : undefined;
        if (!d) continue;
        // Buttons index into the full offered list, so a click is checked against it.
        rows.push(
          ...decisionRows(deps, {
            gameId: o.game.id,
            seat,
            userId: input.userId,
            stepId: d.stepId,
            actions: buttonableActions(d.legalActions),
            seatInLabel: bySeat.size > 1,
            view: seatView(deps, o.game.id, seat, input.userId),
          }),
        );
      }
      // 9.5: the retreat choices drawn as arrows on a crop around the battle, from the seat's view.
      const files: Reply['files'] = [];
      const retreats = o.list.filter(
        (x) => x.action.type === 'combat-retreat' && /^\d{4}$/.test(String(x.action.to)),
      );
      const first = retreats[0];
      if (deps.render && first) {
        const from = String(first.action.hex);
        const png = await deps.render(seatView(deps, o.game.id, first.seat, input.userId), {
          zoom: from,
          radius: 5,
          title: 'Retreat choices',
          // The eight most sensible choices (as the buttons list them), so the crop stays readable.
          moves: orderRetreats(
            retreats.filter((x) => x.seat === first.seat && x.action.hex === from).map((x) => x.action),
            seatView(deps, o.game.id, first.seat, input.userId),
            deps.names,
          )
            .slice(0, 8)
            .map((a) => ({ nationality: first.seat, path: [from, String(a.to)] })),
        });
        if (png)
          files.push({
            name: pictureName('retreats', png),
            data: png,
            description: `The first eight retreats ${seatLabel(first.seat)} may choose from ${from}`,
          });
      }
      return { content: `Choose your ${spec.what}:`, components: rows.slice(0, 5), files, ephemeral: true };
    }
    const m = /^([a-z]+)\.([A-Za-z0-9_-]{12})$/.exec(choice);
    const item = m ? o.list.find((x) => x.seat === m[1] && actionKey(x.action) === m[2]) : undefined;
    if (!item) {
      return errorReply(
        `"${choice.slice(0, 60)}" is not one of the choices offered now; pick one from the list.`,
      );
    }
    return previewOrder(deps, {
      game: o.game,
      seat: item.seat,
      userId: input.userId,
      action: item.action,
      command: spec.name,
    });
  }
  return {
    data,
    slow: () => true,
    privateReply: () => true,
    execute,
    async autocomplete(deps, input, focused) {
      if (focused.name !== 'choice') return [];
      const o = offered(deps, input, spec, str(input, 'seat'));
      if (!o.ok) return [];
      const q = focused.value.toLowerCase();
      // Retreats (9.5) are named by direction, place and supply, sensible ones first; the query
      // matches what is shown (the destination, never the battle hex they leave).
      const views = new Map<string, unknown>();
      const viewOf = (seat: string) => {
        if (!views.has(seat)) views.set(seat, seatView(deps, o.game.id, seat, input.userId));
        return views.get(seat);
      };
      const bySeat = new Map<string, Action[]>();
      for (const x of o.list) bySeat.set(x.seat, [...(bySeat.get(x.seat) ?? []), x.action]);
      const ordered = [...bySeat.entries()].flatMap(([seat, actions]) =>
        orderRetreats(actions, viewOf(seat), deps.names).map((action) => ({ seat, action })),
      );
      return ordered
        .map((x) => {
          const text =
            retreatLabel(x.action, viewOf(x.seat), deps.names) ?? actionLabel(x.action, deps.names);
          return {
            name: `${seatLabel(x.seat)}: ${text}`.slice(0, 100),
            value: `${x.seat}.${actionKey(x.action)}`,
          };
        })
        .filter((c) => c.name.toLowerCase().includes(q))
        .slice(0, 25);
    },
  };
}

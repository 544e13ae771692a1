// The order flow: every order is first checked and shown privately (path, MP per hex, warnings)
// with Confirm / Edit / Cancel; only Confirm sends it to the campaign service. Decisions the
// engine offers as a short list (attack option, retreat paths, honours of war, exchanges) are
// buttons, one per legal action.
import { createHash } from 'node:crypto';
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import type { TacView } from '../app/battle-types.js';
import type { GameRow } from '../app/directory.js';
import type { Action } from '../app/engine-port.js';
import { campaignOrderText } from './battle/host.js';
import { battleActionLabel } from './battle/orders.js';
import { battleSeatName } from './battle/present.js';
import { ANY_STEP, decodeComponentId, EXPIRED_MESSAGE, encodeComponentId, stepTag } from './custom-id.js';
import { dryRun, type Sequence } from './dry-run.js';
import { pictureName } from './map-renderer.js';
import { battleEmbeds } from './presenters/battle.js';
import { describeAction, describeEvent, humanize, placeLabel } from './presenters/describe.js';
import { orderRetreats, retreatLabel } from './presenters/retreat.js';
import { seatLabel } from './session.js';
import { type BotDeps, errorReply, type Reply } from './types.js';

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** Orders given during a phase (not decisions): their preview also checks the seat's /done after them. */
const PHASE_ORDERS = new Set([
  'march',
  'forcemarch',
  'garrison',
  'depot-build',
  'depot-destroy',
  'camp-build',
  'halt',
]);

function button(customId: string, label: string, style: ButtonStyle): APIButtonComponent {
  return { type: ComponentType.Button, custom_id: customId, label, style: style as ButtonStyle.Primary };
}

export async function previewOrder(
  deps: BotDeps,
  o: {
    game: GameRow;
    seat: string;
    userId: string;
    action: Action;
    command: string;
    notes?: string[];
    sequence?: Sequence;
    /** What the order moves (SP and leaders), said plainly. */
    moves?: string;
    /** Warnings the bot adds (e.g. 5.34 rank order), shown with the engine's. */
    warnings?: string[];
  },
): Promise<Reply> {
  const check = dryRun(deps, o.game.id, o.seat, o.userId, o.action, o.sequence);
  if (!check.ok) return errorReply(check.error.message, check.error.rule, deps.names);
  // Previews check everything the step will check: would the seat still be refused /done after this
  // order (10.52-10.53: a leader obliged to regain supply)? Said now, not after Confirm.
  const doneCheck = PHASE_ORDERS.has(o.action.type)
    ? dryRun(deps, o.game.id, o.seat, o.userId, o.action, {
        ...(o.sequence?.before ? { before: o.sequence.before } : {}),
        after: [...(o.sequence?.after ?? []), { type: 'done' }],
      })
    : null;
  const doneWarning =
    doneCheck && !doneCheck.ok && doneCheck.error.code !== 'not-pending'
      ? [
          `After this order you still may not finish the phase with /done: ${humanize(doneCheck.error.message, deps.names)} (rule ${doneCheck.error.rule})`,
        ]
      : [];
  // The step the order is previewed in: Confirm acts only while the game is still in it.
  const stepId = currentStepOf(deps, o.game.id, o.userId, o.seat);
  const preview = deps.previews.add({
    ...(stepId ? { stepId } : {}),
    userId: o.userId,
    gameId: o.game.id,
    seat: o.seat,
    action: o.action,
    ...(o.sequence?.before?.length ? { before: o.sequence.before } : {}),
    ...(o.sequence?.after?.length ? { after: o.sequence.after } : {}),
    command: o.command,
    version: check.version,
  });
  const lines = check.events.map((e) => describeEvent(e, deps.names));
  const warnings = [
    ...(o.warnings ?? []),
    ...doneWarning,
    ...check.warnings,
    ...lines.filter((l) => /supply|attrition|warning/i.test(l)),
  ];
  const steps = lines.filter((l) => !warnings.includes(l));
  const fields = [];
  if (o.moves) fields.push({ name: 'What moves', value: o.moves.slice(0, 1000) });
  if (check.steps.length) {
    const first = check.steps[0] as { cost: number; left: number };
    const mp = check.steps.map((st) => `${placeLabel(deps.names, st.hex)}: ${st.cost} MP (${st.left} left)`);
    fields.push({
      name: 'Movement points (5.41)',
      value: [`Allowance: ${first.cost + first.left} MP`, ...mp].join('\n').slice(0, 1000),
    });
  }
  if (steps.length) fields.push({ name: 'Step by step', value: steps.join('\n').slice(0, 1000) });
  if (check.rollsDice) {
    fields.push({
      name: 'Outcome',
      value: 'Decided only when you confirm (dice or hidden enemy strength); the preview does not peek.',
    });
  }
  if (warnings.length) fields.push({ name: '⚠️ Warnings', value: warnings.join('\n').slice(0, 1000) });
  for (const n of o.notes ?? []) fields.push({ name: 'Note', value: n.slice(0, 1000) });
  const embed: APIEmbed = {
    title: `Preview — ${seatLabel(o.seat)}`,
    description: [...(o.sequence?.before ?? []), o.action, ...(o.sequence?.after ?? [])]
      .map((a) => describeAction(a, deps.names))
      .join(', then '),
    fields,
    footer: { text: 'Nothing is sent until you press Confirm.' },
  };
  const base = {
    gameId: o.game.id,
    seat: o.seat,
    userId: o.userId,
    step: stepId ? stepTag(stepId) : ANY_STEP,
    token: preview.id,
  };
  const row: Row = {
    type: ComponentType.ActionRow,
    components: [
      button(encodeComponentId({ ...base, verb: 'ok' }), 'Confirm', ButtonStyle.Success),
      button(encodeComponentId({ ...base, verb: 'edit' }), 'Edit', ButtonStyle.Secondary),
      button(encodeComponentId({ ...base, verb: 'cancel' }), 'Cancel', ButtonStyle.Danger),
    ],
  };
  const files = [];
  if (deps.render) {
    // The seat's own view after the order (deterministic orders), else the view now.
    const now = deps.service.view({ gameId: o.game.id, seat: o.seat, userId: o.userId });
    const shown = check.viewAfter ?? (now.ok ? now.view : null);
    const path = Array.isArray(o.action.path) ? (o.action.path as string[]) : [];
    const hexes = path.length ? path : typeof o.action.hex === 'string' ? [o.action.hex] : [];
    const move = plannedMove(now.ok ? now.view : null, o.seat, o.action);
    if (shown) {
      const png = await deps.render(shown, {
        zoom: hexes[hexes.length - 1],
        highlight: hexes,
        title: 'Preview',
        ...(move ? { move } : {}),
      });
      if (png) {
        const file = pictureName('preview', png);
        files.push({ name: file, data: png, description: `Planned order for ${seatLabel(o.seat)}` });
        embed.image = { url: `attachment://${file}` };
      }
    }
  }
  return { embeds: [embed], components: [row], files, ephemeral: true };
}

/**
 * The path an order plans, start hex first, for the preview map's march arrow: a march from the
 * leader's hex in the seat's own view now (5.0), a retreat from its hex to its destination (9.5).
 */
export function plannedMove(
  viewNow: unknown,
  seat: string,
  action: Action,
): { nationality: string; path: string[] } | null {
  if (action.type === 'combat-retreat' && typeof action.hex === 'string' && typeof action.to === 'string')
    return /^\d{4}$/.test(action.to) ? { nationality: seat, path: [action.hex, action.to] } : null;
  if (action.type !== 'march' || !Array.isArray(action.path)) return null;
  const path = (action.path as unknown[]).filter((h): h is string => typeof h === 'string');
  const v = viewNow as { hexes?: Array<{ hex: string; stacks: Array<{ leaders: Array<{ id: string }> }> }> };
  const from = v?.hexes?.find((h) =>
    h.stacks.some((st) => st.leaders.some((l) => l.id === action.leader)),
  )?.hex;
  if (!from || path.length === 0) return null;
  return { nationality: seat, path: [from, ...path] };
}

/** Sends an action to the service and answers privately with what the seat may see of the result. */
/** What an order did, as bullet lines under the confirmation (within Discord's message limit). */
function bullets(lines: readonly string[]): string {
  return lines.length
    ? `\n${lines
        .map((l) => `• ${l}`)
        .join('\n')
        .slice(0, 1800)}`
    : '';
}

export async function submitAction(
  deps: BotDeps,
  o: { gameId: string; seat: string; userId: string; action: Action; requestId?: string },
): Promise<Reply> {
  // The request id makes a repeated click or command (same decision, same version) a no-op (#17.3).
  const r = await deps.service.submit({
    gameId: o.gameId,
    seat: o.seat,
    userId: o.userId,
    action: o.action,
    ...(o.requestId ? { requestId: o.requestId } : {}),
  });
  if (!r.ok) return errorReply(r.error.message, r.error.rule, deps.names);
  if (o.action.type !== 'done') await deps.afterCommit?.(o.gameId, o.seat).catch(() => {});
  let lines = r.events.map((e) => describeEvent(e, deps.names)).filter(Boolean);
  // A campaign battle's order (issue 16) is answered in its thread: only what both sides saw.
  const tac = campaignOrderText(deps, o.gameId, o.action, r.events);
  if (tac) lines = tac.events.map((e) => describeEvent(e, deps.names)).filter(Boolean);
  // A battle (issue 15) says its orders with unit names from the battle's own view.
  if (tac || deps.directory.game(o.gameId)?.kind === 'battle') {
    const v = deps.service.view({ gameId: o.gameId, seat: 'public', userId: '' });
    const view = tac ? tac.view : v.ok ? (v.view as TacView) : null;
    return {
      content: `✅ ${battleSeatName(tac?.seat ?? o.seat, view)}: ${battleActionLabel(view, tac?.order ?? o.action)}.${bullets(lines)}`,
      ephemeral: true,
    };
  }
  const reports = battleEmbeds(r.events, deps.names);
  return {
    ...(reports.length ? { embeds: reports } : {}),
    content: `✅ ${seatLabel(o.seat)}: ${describeAction(o.action, deps.names)}.${bullets(lines)}`,
    ephemeral: true,
  };
}

/** A short digest naming one action (canonical JSON), used in button ids and choice values. */
export function actionKey(a: Action): string {
  return createHash('sha256').update(canonicalJson(a)).digest('base64url').slice(0, 12);
}

export const ACTION_KEY = /^[A-Za-z0-9_-]{12}$/;

function canonicalJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonicalJson).join(',')}]`;
  if (x && typeof x === 'object') {
    const r = x as Record<string, unknown>;
    return `{${Object.keys(r)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(r[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(x) ?? 'null';
}

/** The engine step the seat is deciding in now (the port's step().id), if it has a decision. */
export function currentStepOf(deps: BotDeps, gameId: string, userId: string, seat: string): string | null {
  const pending = deps.service.pending({ gameId, userId });
  if (!pending.ok) return null;
  return pending.decisions.find((d) => d.seat === seat)?.stepId ?? null;
}

/**
 * One button per legal action of a decision (up to 20), addressed to one user, valid only in the
 * step it was made for (`stepId`, the engine's step id).
 */
export function decisionRows(
  deps: Pick<BotDeps, 'names'>,
  o: {
    gameId: string;
    seat: string;
    userId: string;
    stepId: string;
    actions: Action[];
    /** Prefix each label with the seat's name (a message offering several seats' choices). */
    seatInLabel?: boolean;
    /** The seat's own view: retreats are then named by direction, place and supply, sensible first. */
    view?: unknown;
  },
): Row[] {
  const rows: Row[] = [];
  // Custom ids must be unique in a message: one button per distinct action.
  const seen = new Set<string>();
  const distinct = o.actions.filter((a) => !seen.has(actionKey(a)) && seen.add(actionKey(a)));
  const picks = (o.view !== undefined ? orderRetreats(distinct, o.view, deps.names) : distinct).slice(0, 20);
  const label = (a: Action): string => {
    const retreat = o.view !== undefined ? retreatLabel(a, o.view, deps.names) : null;
    const text = retreat ?? describeAction(a, deps.names);
    const full = o.seatInLabel ? `${seatLabel(o.seat)}: ${text}` : text;
    return full.length > 80 ? `${full.slice(0, 77)}…` : full;
  };
  for (let i = 0; i < picks.length; i += 5) {
    rows.push({
      type: ComponentType.ActionRow,
      components: picks.slice(i, i + 5).map((a) =>
        button(
          encodeComponentId({
            verb: 'pick',
            gameId: o.gameId,
            seat: o.seat,
            userId: o.userId,
            step: stepTag(o.stepId),
            token: actionKey(a),
          }),
          label(a),
          a.type === 'done' || a.type === 'decline' || (a.type === 'combat-tactical' && a.accept === false)
            ? ButtonStyle.Secondary
            : ButtonStyle.Primary,
        ),
      ),
    });
  }
  return rows;
}

/**
 * 14.15: the Forfeit button for the Prussian seat while Frederick is a prisoner (the view says
 * canForfeit). A click only asks; the forfeit is sent after a second, explicit confirmation.
 */
export function forfeitRow(o: { gameId: string; seat: string; userId: string; version: number }): Row {
  return {
    type: ComponentType.ActionRow,
    components: [
      button(
        encodeComponentId({
          verb: 'forfeit',
          gameId: o.gameId,
          seat: o.seat,
          userId: o.userId,
          step: ANY_STEP,
          token: `v${o.version}`,
        }),
        'Forfeit the campaign (14.15)',
        ButtonStyle.Danger,
      ),
    ],
  };
}

/**
 * The answer to a click. `update: 'replace'` replaces the clicked message (text, embeds, pictures)
 * and removes its buttons; `update: 'keep'` keeps the clicked message's reference information
 * (embeds, pictures: the forces list and map of a DM), puts the answer in its text line and removes
 * its buttons; without `update` the answer is a new private message and the clicked message stays
 * exactly as it was (errors, expired buttons, the preview a decision button opens).
 */
export type ComponentReply = Reply & { update?: 'replace' | 'keep' };

async function handleForfeit(
  deps: BotDeps,
  id: {
    verb: 'forfeit' | 'forfeit-yes' | 'forfeit-no';
    gameId: string;
    seat: string;
    userId: string;
    step: string;
    token: string;
  },
): Promise<ComponentReply> {
  if (id.seat !== 'prussia') return errorReply('Only the Prussian seat may forfeit.', '14.15');
  if (id.verb === 'forfeit-no') {
    return {
      content: 'Forfeit withdrawn: the campaign goes on. Use /forces or /help for your orders.',
      ephemeral: true,
      update: 'replace',
      components: [],
      embeds: [],
    };
  }
  if (id.verb === 'forfeit') {
    const v = deps.service.view({ gameId: id.gameId, seat: id.seat, userId: id.userId });
    if (!v.ok) return errorReply(v.error.message, v.error.rule);
    if ((v.view as { canForfeit?: unknown } | null)?.canForfeit !== true)
      return errorReply('Forfeiting is open only while Frederick is held prisoner.', '14.15');
    const base = { gameId: id.gameId, seat: id.seat, userId: id.userId, step: ANY_STEP, token: id.token };
    return {
      content:
        '⚠️ Forfeit the campaign? The game ends at once as a decisive Coalition victory (14.15). This cannot be undone.',
      embeds: [],
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            button(encodeComponentId({ ...base, verb: 'forfeit-yes' }), 'Yes, forfeit', ButtonStyle.Danger),
            button(encodeComponentId({ ...base, verb: 'forfeit-no' }), 'No, fight on', ButtonStyle.Secondary),
          ],
        },
      ],
      ephemeral: true,
    };
  }
  const r = await submitAction(deps, {
    gameId: id.gameId,
    seat: id.seat,
    userId: id.userId,
    action: { type: 'forfeit' },
    requestId: `forfeit:${id.token}`,
  });
  return r.content?.startsWith('✅') ? { ...r, update: 'replace', components: [] } : r;
}

/** Legal actions worth offering as buttons: short lists of concrete choices, not free movement. */
export function buttonableActions(actions: Action[]): Action[] {
  const free = new Set([
    'march',
    'forcemarch',
    'depot-build',
    'depot-destroy',
    'camp-build',
    'garrison',
    'halt',
    'timeout',
  ]);
  return actions.filter((a) => !free.has(a.type));
}

/** The decision command a legal action belongs to (for a preview's "Edit"). */
function commandFor(a: Action): string {
  if (/retreat/.test(a.type)) return 'retreat';
  if (/siege|storm|honour|honor|surrender/.test(a.type)) return 'siege';
  if (/exchange|prisoner/.test(a.type)) return 'exchange';
  return 'attack';
}

/**
 * A button made for another step than the current one: it expired. Answers privately and, when the
 * seat has a decision now, offers its current choices as fresh buttons.
 */
function expiredReply(
  deps: BotDeps,
  o: { gameId: string; seat: string; userId: string },
  decision: { stepId: string; legalActions: Action[] } | undefined,
): ComponentReply {
  // Issue 16: a battle fought on the tactical map is played in its thread, not from here.
  const inBattle = decision?.legalActions.some((a) => a.type === 'combat-tactical-order') ?? false;
  const actions = decision
    ? buttonableActions(decision.legalActions).filter((a) => a.type !== 'combat-tactical-order')
    : [];
  if (!decision || actions.length === 0) {
    return {
      content: `⌛ ${EXPIRED_MESSAGE}${decision ? '' : ` ${seatLabel(o.seat)} has nothing to decide now.`}${inBattle ? ` ${seatLabel(o.seat)}'s orders in the battle being fought are given in its thread.` : ''}`,
      ephemeral: true,
    };
  }
  return {
    content: `⌛ This button belongs to an earlier step of the campaign and has expired; nothing was done.\n${seatLabel(o.seat)}'s current choices:`,
    components: decisionRows(deps, { ...o, stepId: decision.stepId, actions }).slice(0, 5),
    ephemeral: true,
  };
}

/**
 * Handles a click on one of our buttons. A button acts only in the engine step it was made for
 * (its custom id carries the step's tag, checked here against the service's current step).
 * Decisions follow one confirmation rule: a choice (attack, decline, retreat, siege, honours,
 * exchange) opens the same preview as its slash command and is sent by its Confirm; Done acts at
 * once, as /done does.
 */
export async function handleComponent(
  deps: BotDeps,
  click: { userId: string; customId: string },
): Promise<ComponentReply> {
  const decoded = decodeComponentId(click.customId);
  if (!decoded.ok)
    return decoded.expired
      ? { content: `⌛ ${decoded.message}`, ephemeral: true }
      : errorReply(decoded.message);
  const id = decoded.id;
  if (id.userId !== click.userId) {
    return errorReply('This button belongs to another player; only they can use it.');
  }
  if (id.verb === 'forfeit' || id.verb === 'forfeit-yes' || id.verb === 'forfeit-no') {
    return handleForfeit(deps, { ...id, verb: id.verb });
  }
  const pending = deps.service.pending({ gameId: id.gameId, userId: click.userId });
  if (!pending.ok) return errorReply(pending.error.message, pending.error.rule);
  const decision = pending.decisions.find((d) => d.seat === id.seat);
  const base = { gameId: id.gameId, seat: id.seat, userId: click.userId };
  if (id.verb === 'pick') {
    if (!ACTION_KEY.test(id.token)) return errorReply('This button is damaged; use /help for fresh choices.');
    if (!decision || stepTag(decision.stepId) !== id.step) return expiredReply(deps, base, decision);
    // Within its step the button names its action by a digest: it stays valid while the engine
    // still offers exactly that action (other seats may act meanwhile), and is refused once gone.
    // A campaign battle's orders (issue 16) are wrapped battle decisions: the same.
    const battle =
      deps.directory.game(id.gameId)?.kind === 'battle' ||
      decision.legalActions.some((a) => a.type === 'combat-tactical-order' && actionKey(a) === id.token);
    const action = (battle ? decision.legalActions : buttonableActions(decision.legalActions)).find(
      (a) => actionKey(a) === id.token,
    );
    if (!action) return expiredReply(deps, base, decision);
    // A battle's buttons are its short decisions (activate, a prompt's option, done): sent at once.
    if (action.type === 'done' || battle) {
      deps.previews.discard(click.userId, id.gameId, id.seat);
      const r = await submitAction(deps, {
        ...base,
        action,
        requestId: `pick:${pending.version}:${id.token}`,
      });
      // A standalone battle's thread message is edited by its publisher when the step moves on
      // (one message per step): the answer comes privately, so the two never edit it at once.
      if (deps.directory.game(id.gameId)?.kind === 'battle') return r;
      return r.content?.startsWith('✅') ? { ...r, update: 'keep', components: [] } : r;
    }
    const game = deps.directory.game(id.gameId);
    if (!game) return errorReply('This campaign no longer exists.');
    return previewOrder(deps, {
      game,
      seat: id.seat,
      userId: click.userId,
      action,
      command: commandFor(action),
    });
  }
  const preview = deps.previews.get(id.token);
  if (
    !preview ||
    preview.gameId !== id.gameId ||
    preview.seat !== id.seat ||
    preview.userId !== click.userId
  ) {
    return errorReply('This order has expired or was already handled; give it again.');
  }
  if (id.verb === 'cancel') {
    deps.previews.take(preview.id);
    return {
      content: 'Order cancelled; nothing was sent.',
      ephemeral: true,
      update: 'replace',
      components: [],
      embeds: [],
    };
  }
  if (id.verb === 'edit') {
    deps.previews.take(preview.id);
    return {
      content: `Order withdrawn. Run /${preview.command} again with the changes (your previous order: ${describeAction(preview.action, deps.names)}).`,
      ephemeral: true,
      update: 'replace',
      components: [],
      embeds: [],
    };
  }
  // Confirm acts only in the step the order was previewed in.
  if (
    preview.stepId !== undefined &&
    (decision === undefined || stepTag(decision.stepId) !== stepTag(preview.stepId))
  ) {
    deps.previews.take(preview.id);
    return {
      content: `⌛ This order was previewed in an earlier step of the campaign and has expired; nothing was sent. ${
        decision ? 'Use /help for your current choices.' : `${seatLabel(id.seat)} has nothing to decide now.`
      }`,
      ephemeral: true,
      update: 'replace',
      components: [],
      embeds: [],
    };
  }
  deps.previews.take(preview.id);
  // Send the orders in sequence; stop at the first refusal (the earlier ones stand, as committed).
  const parts: string[] = [];
  const embeds: APIEmbed[] = [];
  const sequence = [...(preview.before ?? []), preview.action, ...(preview.after ?? [])];
  for (const [i, action] of sequence.entries()) {
    const r = await submitAction(deps, {
      gameId: preview.gameId,
      seat: preview.seat,
      userId: click.userId,
      action,
      requestId: `preview:${preview.id}.${preview.createdAt}:${i}`,
    });
    parts.push(r.content ?? '');
    embeds.push(...(r.embeds ?? []));
    if (!r.content?.startsWith('✅')) break;
  }
  return {
    content: parts.join('\n').slice(0, 1990),
    ephemeral: true,
    update: 'replace',
    components: [],
    embeds: embeds.slice(0, 5),
  };
}

const FREE_COMMANDS: Record<string, string> = {
  march: '/march',
  forcemarch: '/forcemarch',
  'depot-build': '/depot',
  'depot-destroy': '/depot action:destroy',
  'camp-build': '/depot action:camp',
  garrison: '/garrison',
  halt: '/done',
};

/** Lines describing a seat's decision: its buttons, plus the free orders by command. */
export function decisionSummary(deps: Pick<BotDeps, 'names'>, actions: Action[], view?: unknown): string[] {
  const offered = buttonableActions(actions);
  const lines = (view !== undefined ? orderRetreats(offered, view, deps.names) : offered)
    .slice(0, 8)
    .map(
      (a) => (view !== undefined ? retreatLabel(a, view, deps.names) : null) ?? describeAction(a, deps.names),
    );
  if (offered.length > 8) lines.push(`… and ${offered.length - 8} more: see the buttons, or /help.`);
  const counts = new Map<string, number>();
  for (const a of actions) {
    const cmd = FREE_COMMANDS[a.type];
    if (cmd) counts.set(cmd, (counts.get(cmd) ?? 0) + 1);
  }
  for (const [cmd, n] of counts) {
    // A few orders are named outright ("/depot: Build a depot at Torgau (1728)"); many are counted.
    const these = actions.filter((a) => FREE_COMMANDS[a.type] === cmd);
    if (n <= 3 && cmd !== '/march' && cmd !== '/forcemarch')
      lines.push(`${cmd}: ${these.map((a) => describeAction(a, deps.names)).join('; ')}`);
    else lines.push(`${cmd}: ${n} legal order${n > 1 ? 's' : ''} to choose from`);
  }
  return lines;
}

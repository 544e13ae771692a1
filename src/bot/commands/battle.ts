// /battle: a Leuthen tactical battle in its own thread (issue 15). create opens the thread and the
// battle; join takes a side (the commander-in-chief: initiative choices, which formation to
// activate, and every formation of the side nobody else holds) or a formation; start hands unheld
// seats to the autopilot; status, map, concede; orders for the active formation (move with a path
// and a final facing, face, fire, shock) are previewed privately with a crop picture before Confirm.
// Everything here only validates, commits and enqueues: pictures of results and the autopilot run
// in queue jobs. The thread logic depends only on the game (kind 'battle'), not on how it was made.
import { SlashCommandBuilder } from 'discord.js';
import { battleHexDistance, explainCharge, explainShock, type TacView } from '../../app/battle-types.js';
import type { GameRow } from '../../app/directory.js';
import type { Action } from '../../app/engine-port.js';
import { type BattleHost, campaignBattleUnderway, campaignHost, standaloneHost } from '../battle/host.js';
import { battleActionLabel } from '../battle/orders.js';
import { battleSeatName, SIDE_NAME, statusEmbed, unitName } from '../battle/present.js';
import {
  campaignOrdersAutocomplete,
  campaignOrdersCommand,
  ordersAutocomplete,
  ordersCommand,
  STANDING_KINDS,
  standingText,
} from '../battle/standing.js';
import { encodeComponentId, stepTag } from '../custom-id.js';
import {
  type BotCommand,
  type BotDeps,
  type Choice,
  type CommandInput,
  errorReply,
  type Reply,
} from '../types.js';
import { int, str } from './options.js';

const SCENARIOS = [
  { name: 'Leuthen, scenario 1 (the historical set-up)', value: 'leuthen-1' },
  { name: 'Leuthen, scenario 2 (the approach march)', value: 'leuthen-2' },
];
const MINUTE = 60_000;

const unitOpt = (o: import('discord.js').SlashCommandStringOption) =>
  o.setName('unit').setDescription('One of your units').setRequired(true).setAutocomplete(true);
const pathOpt = (o: import('discord.js').SlashCommandStringOption) =>
  o.setName('path').setDescription('Hexes in order, e.g. 1203, 1204').setRequired(true).setAutocomplete(true);

export const data = new SlashCommandBuilder()
  .setName('battle')
  .setDescription('Play a Leuthen 1757 battle in its own thread')
  .addSubcommand((s) =>
    s
      .setName('create')
      .setDescription('Open a battle in a new thread of this channel')
      .addStringOption((o) =>
        o
          .setName('scenario')
          .setDescription('Which Leuthen scenario')
          .setRequired(true)
          .addChoices(...SCENARIOS),
      )
      .addIntegerOption((o) =>
        o
          .setName('deadline_minutes')
          .setDescription('Minutes each activation stays open (default 24 hours)')
          .setMinValue(1)
          .setMaxValue(20_160),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('join')
      .setDescription('Take a side (commander-in-chief) or one formation')
      .addStringOption((o) =>
        o
          .setName('seat')
          .setDescription('prussia, austria, or a formation')
          .setRequired(true)
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((s) => s.setName('start').setDescription('Start the battle (creator only)'))
  .addSubcommand((s) => s.setName('status').setDescription('Turn, phase and who must act'))
  .addSubcommand((s) =>
    s
      .setName('map')
      .setDescription('A picture of the battlefield, or of the area around a hex or a formation')
      .addStringOption((o) => o.setName('hex').setDescription('Centre on this hex (XXYY)'))
      .addStringOption((o) =>
        o.setName('formation').setDescription('Centre on this formation').setAutocomplete(true),
      ),
  )
  .addSubcommand((s) => s.setName('concede').setDescription('Concede the battle for your side'))
  .addSubcommand((s) =>
    s
      .setName('move')
      .setDescription('Move a unit along a path, then face it (preview first)')
      .addStringOption(unitOpt)
      .addStringOption(pathOpt)
      .addIntegerOption((o) =>
        o.setName('facing').setDescription('Final facing vertex 0-5').setMinValue(0).setMaxValue(5),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('face')
      .setDescription('Turn a unit to a new facing (preview first)')
      .addStringOption(unitOpt)
      .addIntegerOption((o) =>
        o
          .setName('facing')
          .setDescription('Facing vertex 0-5')
          .setRequired(true)
          .setMinValue(0)
          .setMaxValue(5),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('fire')
      .setDescription('Fire at an enemy unit (preview first)')
      .addStringOption(unitOpt)
      .addStringOption((o) =>
        o.setName('target').setDescription('The enemy unit').setRequired(true).setAutocomplete(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('shock')
      .setDescription(
        'Shock: one unit (or several, with) against one enemy (or several adjacent), preview first',
      )
      .addStringOption(unitOpt)
      .addStringOption((o) =>
        o
          .setName('target')
          .setDescription('The enemy unit (several: a, b when one unit attacks alone)')
          .setRequired(true)
          .setAutocomplete(true),
      )
      .addStringOption((o) =>
        o
          .setName('with')
          .setDescription('More of your units joining the attack on one target (11.2)')
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('charge')
      .setDescription('Cavalry: move along a path, then shock (a charge after two straight clear hexes)')
      .addStringOption(unitOpt)
      .addStringOption(pathOpt)
      .addStringOption((o) =>
        o
          .setName('target')
          .setDescription('The enemy unit next to the last hex')
          .setRequired(true)
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('autopilot')
      .setDescription('Hand a seat to the autopilot with a posture (creator only)')
      .addStringOption((o) =>
        o.setName('seat').setDescription('The seat').setRequired(true).setAutocomplete(true),
      )
      .addStringOption((o) =>
        o
          .setName('posture')
          .setDescription('How it plays')
          .setRequired(true)
          .addChoices(
            { name: 'attack (the tactical autopilot)', value: 'attack' },
            { name: 'hold (stays in place, takes defaults)', value: 'hold' },
            { name: 'off (back to its holder)', value: 'off' },
          ),
      ),
  )
  .addSubcommand((s) =>
    s.setName('ready').setDescription('Live mode: when every player is ready, deadlines shrink to minutes'),
  )
  .addSubcommand((s) =>
    s
      .setName('orders')
      .setDescription('Standing orders for routine prompts (retreat, advance, losses...): list, set or clear')
      .addStringOption((o) =>
        o
          .setName('kind')
          .setDescription('Which prompt (leave out to list your orders)')
          .addChoices(...STANDING_KINDS),
      )
      .addStringOption((o) =>
        o.setName('subject').setDescription('A unit, a formation, or all').setAutocomplete(true),
      )
      .addStringOption((o) =>
        o.setName('policy').setDescription('How to answer (or clear)').setAutocomplete(true),
      ),
  );

type Found = { ok: true; game: GameRow; host: BattleHost } | { ok: false; reply: Reply };

/**
 * The battle this thread shows: a standalone battle (the thread is the game's channel) or a
 * campaign's sub-battle (issue 16: a private thread the publisher opened for it), through its host.
 */
function findBattle(deps: BotDeps, input: CommandInput, active = true): Found {
  const game = deps.directory.inChannel(input.guildId, input.channelId);
  if (game?.kind === 'battle') {
    if (active && game.status !== 'active')
      return {
        ok: false,
        reply: errorReply(`The battle is ${game.status === 'setup' ? 'not started yet' : game.status}.`),
      };
    return { ok: true, game, host: standaloneHost(deps, game) };
  }
  const thread = deps.battleThreads?.inThread(input.channelId);
  const campaign = thread ? deps.directory.game(thread.gameId) : undefined;
  if (thread && campaign) {
    if (!thread.open || campaign.status !== 'active' || !campaignBattleUnderway(deps, campaign, thread.hex))
      return { ok: false, reply: errorReply('This battle is over; the campaign goes on in its channel.') };
    return { ok: true, game: campaign, host: campaignHost(deps, campaign, thread.hex) };
  }
  return {
    ok: false,
    reply: errorReply('There is no battle in this thread. Open one with /battle create in a channel.'),
  };
}

/** Subcommands that set a standalone battle up; a campaign battle's seats are the campaign's. */
function standaloneOnly(f: Found & { ok: true }): Reply | null {
  return f.host.kind === 'battle'
    ? null
    : errorReply(
        "This is a campaign battle: its formations belong to the campaign's seats (your nationality's), and the campaign's settings decide who plays them.",
      );
}

async function preview(
  deps: BotDeps,
  host: BattleHost,
  input: CommandInput,
  actions: Action[],
  focus: string[],
): Promise<Reply> {
  const found = host.decision(input.userId);
  if (!found.ok) return found.reply;
  const { decision } = found;
  const check = host.dryRun(decision, actions);
  if (!check.ok) return check.reply;
  const before = host.view();
  const rolls = actions.some((a) => a.type === 'fire' || a.type === 'shock');
  // A shock (or the shock that ends a charge): the odds as the engine will reckon them, on the field
  // as it will be after the moves before it (the field is open to both sides: the odds are public);
  // the die is rolled only on Confirm.
  const shockAt = actions.findIndex((a) => a.type === 'shock');
  const odds: string[] = [];
  // Moves that roll a die on the way (7.2, 7.3, 12.6) are previewed on the field as it is now: the
  // field after them would tell the die before Confirm (and a Cancel would let one try again). The
  // service withholds that field and says a die rolled.
  const moves = shockAt >= 0 ? host.dryRun(decision, actions.slice(0, shockAt)) : check;
  const hidden = moves.ok && moves.rolled;
  const beforeShock: TacView | null = shockAt > 0 && !hidden && moves.ok ? moves.after : before;
  if (hidden)
    odds.push(
      'A die is rolled on the way (a check, 7.2 / 7.3 / 12.6): the field after the moves shows only after Confirm.',
    );
  else if (shockAt >= 0 && beforeShock) {
    const sh = actions[shockAt]!;
    const text = explainShock(beforeShock, sh.attackers as string[], sh.defenders as string[]);
    if (text) odds.push(text);
    if (shockAt > 0) odds.push(explainCharge(beforeShock, String((sh.attackers as string[])[0])));
  }
  // The picture: after a move or a turn (deterministic), the field now for fire and shock (dice);
  // a charge shows the field after its moves.
  const shown = hidden ? before : shockAt > 0 ? beforeShock : rolls ? before : check.after;
  const [first, ...rest] = actions.map((a) => host.wrap(decision, a)) as [Action, ...Action[]];
  const p = deps.previews.add({
    userId: input.userId,
    gameId: host.game.id,
    seat: decision.submitSeat,
    action: first,
    ...(rest.length ? { after: rest } : {}),
    command: `battle ${input.subcommand}`,
    version: decision.version,
    stepId: decision.stepId,
  });
  const base = {
    gameId: host.game.id,
    seat: decision.submitSeat,
    userId: input.userId,
    step: stepTag(decision.stepId),
    token: p.id,
  };
  // Drawn in the picture thread; the router acknowledged the interaction before we got here.
  const png = shown
    ? await deps.battlePictures(shown, {
        title: 'Preview',
        center: focus.at(-1),
        radius: 3,
        highlights: focus,
      })
    : null;
  return {
    embeds: [
      {
        title: `Preview — ${battleSeatName(decision.seat, before)}`,
        description: actions.map((a) => battleActionLabel(before, a)).join(', then '),
        ...(rolls || hidden
          ? {
              fields: [
                ...(odds.length
                  ? [{ name: hidden ? 'On the way' : 'Odds', value: odds.join('\n').slice(0, 1024) }]
                  : []),
                { name: 'Outcome', value: 'The dice are rolled only when you confirm.' },
              ],
            }
          : {}),
        footer: { text: 'Nothing is sent until you press Confirm.' },
        ...(png ? { image: { url: 'attachment://preview.png' } } : {}),
      },
    ],
    components: [
      {
        type: 1,
        components: [
          { type: 2, style: 3, label: 'Confirm', custom_id: encodeComponentId({ ...base, verb: 'ok' }) },
          { type: 2, style: 4, label: 'Cancel', custom_id: encodeComponentId({ ...base, verb: 'cancel' }) },
        ],
      },
    ] as never,
    files: png ? [{ name: 'preview.png', data: png, description: 'Your planned order' }] : [],
    ephemeral: true,
  };
}

const HEX = /^\d{4}$/;

/** "a, b" or "a b" -> ids (unit ids have no spaces or commas). */
function idList(v: string | undefined): string[] {
  return (v ?? '')
    .split(/[\s,;+]+/)
    .map((x) => x.trim())
    .filter(Boolean);
}

function hexList(v: string | undefined): string[] | undefined {
  const path = (v ?? '')
    .split(/[\s,;>→-]+/)
    .map((x) => x.trim())
    .filter(Boolean);
  return path.length && path.every((h) => HEX.test(h)) ? path : undefined;
}

async function execute(deps: BotDeps, input: CommandInput): Promise<Reply> {
  switch (input.subcommand) {
    case 'create':
      return create(deps, input);
    case 'join':
      return join(deps, input);
    case 'start': {
      const f = findBattle(deps, input, false);
      if (!f.ok) return f.reply;
      const only = standaloneOnly(f);
      if (only) return only;
      const r = await deps.service.start({ gameId: f.game.id, userId: input.userId });
      if (!r.ok) return errorReply(r.error.message, r.error.rule);
      return {
        content: '⚔️ The battle begins. Seats nobody holds are played by the autopilot.',
        ephemeral: false,
      };
    }
    case 'status': {
      const f = findBattle(deps, input);
      if (!f.ok) return f.reply;
      const view = f.host.view();
      if (!view) return errorReply('The battle has not started yet.');
      const awaited = f.host.awaited();
      const holders = f.host
        .holders()
        .filter((s) => s.userId)
        .map((s) => `${battleSeatName(s.seat, view)}: <@${s.userId}>${s.autopilot ? ' (autopilot)' : ''}`);
      const live = deps.service.liveStatus({ gameId: f.game.id });
      const embed = statusEmbed({
        view,
        awaited,
        dueAt: live.ok ? live.dueAt : null,
        live: live.ok && live.live,
      });
      embed.fields?.push({ name: 'Seats', value: (holders.join('\n') || 'nobody').slice(0, 1024) });
      // Live mode half-way: who pressed Ready and who is still awaited (/battle ready).
      if (live.ok && !live.live && live.ready.length > 0)
        embed.fields?.push({
          name: 'Live mode',
          value: `Ready: ${live.ready.map((u) => `<@${u}>`).join(', ')}; waiting for ${live.missing
            .map((u) => `<@${u}>`)
            .join(', ')} (/battle ready)`.slice(0, 1024),
        });
      // The asking player's side's standing orders (their side's view only: the enemy's stay hidden).
      const own =
        f.host.kind === 'battle'
          ? deps.directory.seats(f.game.id).find((s) => s.userId === input.userId)
          : undefined;
      if (own) {
        const v = deps.service.view({ gameId: f.game.id, seat: own.seat, userId: input.userId });
        const lines = standingText(v.ok ? (v.view as TacView) : null);
        embed.fields?.push({
          name: "Your side's standing orders",
          value: (lines.join('\n') || 'none: every prompt is asked (/battle orders)').slice(0, 1024),
        });
      }
      return { embeds: [embed], ephemeral: true };
    }
    case 'map': {
      const f = findBattle(deps, input);
      if (!f.ok) return f.reply;
      const view = f.host.view();
      if (!view) return errorReply('The battle has not started yet.');
      let center = str(input, 'hex');
      if (center !== undefined && !HEX.test(center))
        return errorReply(`"${center.slice(0, 20)}" is not a hex (XXYY).`);
      const formation = str(input, 'formation');
      if (formation !== undefined) {
        const hexes = view.units
          .filter((u) => u.formation === formation && u.hex && !u.eliminated)
          .map((u) => u.hex!);
        if (!hexes.length) return errorReply(`No formation "${formation.slice(0, 40)}" on the field.`);
        center = hexes[Math.floor(hexes.length / 2)];
      }
      const png = await deps.battlePictures(view, {
        title: center ? `Around ${center}` : 'The battlefield',
        center,
        radius: 5,
      });
      if (!png) return errorReply('That hex is not on the battlefield.');
      return {
        content: center ? `The field around ${center}.` : 'The whole battlefield.',
        files: [
          {
            name: 'battle-map.png',
            data: png,
            description: 'Battlefield (public: the field is open to both sides)',
          },
        ],
        ephemeral: true,
      };
    }
    case 'concede':
      return concede(deps, input);
    case 'autopilot':
      return autopilot(deps, input);
    case 'ready':
      return ready(deps, input);
    case 'orders': {
      const f = findBattle(deps, input, false);
      if (!f.ok) return f.reply;
      // Issue 16: a campaign battle's standing orders go from the campaign seats in it.
      const t = f.host.kind === 'campaign' ? deps.battleThreads?.inThread(input.channelId) : undefined;
      if (t) return campaignOrdersCommand(deps, f.game, t.hex, input);
      return ordersCommand(deps, f.game, input);
    }
    case 'move':
    case 'face':
    case 'fire':
    case 'shock':
    case 'charge': {
      const f = findBattle(deps, input);
      if (!f.ok) return f.reply;
      const unit = str(input, 'unit') ?? '';
      if (input.subcommand === 'move') {
        const path = (str(input, 'path') ?? '')
          .split(/[\s,;>→-]+/)
          .map((x) => x.trim())
          .filter(Boolean);
        if (!path.length || path.some((h) => !HEX.test(h)))
          return errorReply('Give the path as hexes in order, e.g. "1203, 1204".');
        const facing = int(input, 'facing');
        const actions: Action[] = path.map((to) => ({ type: 'move', unit, to }));
        if (facing !== undefined) actions.push({ type: 'face', unit, facing });
        return preview(deps, f.host, input, actions, path);
      }
      if (input.subcommand === 'face') {
        const facing = int(input, 'facing') ?? 0;
        const hex = f.host.view()?.units.find((u) => u.id === unit)?.hex;
        return preview(deps, f.host, input, [{ type: 'face', unit, facing }], hex ? [hex] : []);
      }
      const target = str(input, 'target') ?? '';
      const view = f.host.view();
      const hexOf = (id: string) => view?.units.find((u) => u.id === id)?.hex ?? undefined;
      if (input.subcommand === 'fire') {
        const focus = [hexOf(unit), hexOf(target)].filter((h): h is string => !!h);
        return preview(deps, f.host, input, [{ type: 'fire', unit, target }], focus);
      }
      // 11.2: several attackers against one defender, or one attacker against several adjacent ones.
      const attackers = [unit, ...idList(str(input, 'with'))].filter((x, i, a) => a.indexOf(x) === i);
      const defenders = idList(target);
      if (!defenders.length) return errorReply('Name the enemy unit to attack.');
      if (input.subcommand === 'charge') {
        const path = hexList(str(input, 'path'));
        if (!path) return errorReply('Give the path as hexes in order, e.g. "1203, 1204".');
        const moves: Action[] = path.map((to) => ({ type: 'move', unit, to }));
        const focus = [...path, ...defenders.map(hexOf)].filter((h): h is string => !!h);
        return preview(deps, f.host, input, [...moves, { type: 'shock', attackers, defenders }], focus);
      }
      const focus = [...attackers, ...defenders].map(hexOf).filter((h): h is string => !!h);
      return preview(deps, f.host, input, [{ type: 'shock', attackers, defenders }], focus);
    }
    default:
      return errorReply('Unknown /battle subcommand.');
  }
}

async function create(deps: BotDeps, input: CommandInput): Promise<Reply> {
  const scenario = str(input, 'scenario') ?? '';
  if (!SCENARIOS.some((s) => s.value === scenario))
    return errorReply(`There is no battle scenario "${scenario.slice(0, 40)}" (leuthen-1 or leuthen-2).`);
  if (!input.guildId) return errorReply('A battle is opened in a server channel.');
  if (!deps.openThread) return errorReply('Threads are not available here.');
  const minutes = int(input, 'deadline_minutes');
  const threadId = await deps.openThread(input.channelId, `Leuthen — ${scenario}`);
  if (!threadId) return errorReply('I could not open a thread in this channel (missing permission?).');
  const r = deps.service.createGame({
    guildId: input.guildId,
    channelId: threadId,
    userId: input.userId,
    scenario,
    kind: 'battle',
    ...(minutes ? { settings: { deadlineMs: { phase: minutes * MINUTE, prompt: minutes * MINUTE } } } : {}),
  });
  if (!r.ok) return errorReply(r.error.message, r.error.rule);
  return {
    content: `⚔️ Battle of Leuthen (${scenario}) opened in <#${threadId}>. Join there with /battle join (a side, or a formation), then the creator starts it with /battle start.`,
    ephemeral: false,
  };
}

async function join(deps: BotDeps, input: CommandInput): Promise<Reply> {
  const f = findBattle(deps, input, false);
  if (!f.ok) return f.reply;
  const only = standaloneOnly(f);
  if (only) return only;
  const seat = (str(input, 'seat') ?? '').trim();
  const seats = deps.directory.seats(f.game.id);
  const row = seats.find((s) => s.seat === seat);
  if (!row)
    return errorReply(`This battle has no seat "${seat.slice(0, 60)}" (prussia, austria or side:formation).`);
  const side = seat.split(':')[0]!;
  if (!seat.includes(':')) {
    const r = deps.service.joinSeat({ gameId: f.game.id, seat, userId: input.userId });
    if (!r.ok) return errorReply(r.error.message);
    // The commander-in-chief also plays every formation of the side nobody else holds.
    const took: string[] = [];
    for (const s of seats)
      if (s.seat.startsWith(`${side}:`) && s.userId === null) {
        const j = deps.service.joinSeat({ gameId: f.game.id, seat: s.seat, userId: input.userId });
        if (j.ok) took.push(s.seat);
      }
    return {
      content: `<@${input.userId}> commands ${SIDE_NAME[side as 'prussia']} (commander-in-chief) and ${took.length} formation(s) nobody else holds.`,
      ephemeral: false,
    };
  }
  // A formation the side's commander holds by default passes to the volunteer.
  const sideRow = seats.find((s) => s.seat === side);
  if (row.userId !== null && row.userId !== input.userId && row.userId === sideRow?.userId) {
    const r = deps.service.replacePlayer({
      gameId: f.game.id,
      seat,
      newUserId: input.userId,
      byUserId: row.userId,
    });
    if (!r.ok) return errorReply(r.error.message);
  } else {
    const r = deps.service.joinSeat({ gameId: f.game.id, seat, userId: input.userId });
    if (!r.ok) return errorReply(r.error.message);
  }
  return { content: `<@${input.userId}> commands ${battleSeatName(seat)}.`, ephemeral: false };
}

async function concede(deps: BotDeps, input: CommandInput): Promise<Reply> {
  const f = findBattle(deps, input);
  if (!f.ok) return f.reply;
  const only = standaloneOnly(f);
  if (only) return only;
  const sides = deps.directory
    .seats(f.game.id)
    .filter((s) => !s.seat.includes(':') && s.userId === input.userId)
    .map((s) => s.seat);
  if (!sides.length) return errorReply("Only a side's commander-in-chief may concede the battle.");
  // The concession is the side commander's to make; the service records it as the battle's end.
  const r = deps.service.end({
    gameId: f.game.id,
    userId: f.game.createdBy,
    // The conceding side goes to the standings (issue 21): the other side wins the battle.
    ending: { endedBy: 'conceded', concededSide: sides[0] as 'prussia' | 'austria' },
  });
  if (!r.ok) return errorReply(r.error.message);
  const winner = sides[0] === 'prussia' ? 'Austria' : 'Prussia';
  return {
    content: `🏳️ ${SIDE_NAME[sides[0] as 'prussia']} concedes the battle; ${winner} holds the field.`,
    ephemeral: false,
  };
}

async function autopilot(deps: BotDeps, input: CommandInput): Promise<Reply> {
  const f = findBattle(deps, input, false);
  if (!f.ok) return f.reply;
  const only = standaloneOnly(f);
  if (only) return only;
  const seat = str(input, 'seat') ?? '';
  const posture = str(input, 'posture');
  const level = posture === 'hold' ? 1 : posture === 'attack' ? 2 : 0;
  const r = await deps.service.setAutopilot({ gameId: f.game.id, seat, level, byUserId: input.userId });
  if (!r.ok) return errorReply(r.error.message);
  return {
    content: `${battleSeatName(seat)}: ${level === 0 ? 'back to its holder' : `the autopilot plays it (${posture})`}.`,
    ephemeral: false,
  };
}

/**
 * Live mode: once every human in the battle pressed Ready, activations and prompts get minutes. The
 * Ready list is kept by the service (in the database), so a restart of the bot keeps it.
 */
export const LIVE_DEADLINE_MS = 5 * MINUTE;

async function ready(deps: BotDeps, input: CommandInput): Promise<Reply> {
  const f = findBattle(deps, input, false);
  if (!f.ok) return f.reply;
  const only = standaloneOnly(f);
  if (only) return only;
  const r = deps.service.pressReady({
    gameId: f.game.id,
    userId: input.userId,
    liveDeadlineMs: LIVE_DEADLINE_MS,
  });
  if (!r.ok)
    return errorReply(
      r.error.code === 'not-seat-holder' ? 'Only a player of this battle can press Ready.' : r.error.message,
    );
  if (r.missing.length)
    return {
      content: `✋ <@${input.userId}> is ready for live play; waiting for ${r.missing.map((u) => `<@${u}>`).join(', ')}.`,
      ephemeral: false,
    };
  if (!r.wentLive) return errorReply('Live mode is already on: everyone pressed Ready.');
  return {
    content: `⚡ Live mode: everyone is ready. Each activation and prompt now has ${LIVE_DEADLINE_MS / MINUTE} minutes.`,
    ephemeral: false,
  };
}

async function autocomplete(
  deps: BotDeps,
  input: CommandInput,
  focused: { name: string; value: string },
): Promise<Choice[]> {
  const f = findBattle(deps, input, false);
  if (!f.ok) return [];
  const q = focused.value.toLowerCase();
  const match = (c: Choice) => c.name.toLowerCase().includes(q) || c.value.toLowerCase().includes(q);
  if (focused.name === 'seat') {
    return f.host
      .holders()
      .map((s) => ({ name: `${battleSeatName(s.seat)}${s.userId ? ' (held)' : ''}`, value: s.seat }))
      .filter(match)
      .slice(0, 25);
  }
  if (input.subcommand === 'orders') {
    if (f.host.kind === 'battle') return ordersAutocomplete(deps, f.game, input, focused);
    const t = deps.battleThreads?.inThread(input.channelId);
    return t ? campaignOrdersAutocomplete(deps, f.game, t.hex, input, focused) : [];
  }
  if (f.game.status !== 'active') return [];
  const view = f.host.view();
  if (focused.name === 'formation')
    return (view?.formations ?? [])
      .map((x) => ({ name: x.name, value: x.id }))
      .filter(match)
      .slice(0, 25);
  // Orders: only the user's own acting seat's legal actions (the user's units, legal hexes/targets).
  const d = f.host.decision(input.userId);
  const decision = d.ok ? d.decision : undefined;
  const legal = decision?.legalActions ?? [];
  const unit = str(input, 'unit');
  const out = new Map<string, string>();
  const name = (id: string) => unitName(view, id);
  if (focused.name === 'path' && decision && unit) {
    // A path typed so far ("1203, 1204, 12"): the legal next hexes after the hexes already given.
    const done = hexList(focused.value.replace(/[\s,;>→-]*[^\s,;>→-]*$/, '')) ?? [];
    const partial = /[^\s,;>→-]*$/.exec(focused.value)?.[0] ?? '';
    const next = done.length
      ? f.host.legalAfter(
          decision,
          done.map((to) => ({ type: 'move', unit, to })),
        )
      : legal;
    for (const a of next)
      if (a.type === 'move' && a.unit === unit && String(a.to).startsWith(partial)) {
        const v = [...done, String(a.to)].join(', ');
        out.set(v, v);
      }
    return [...out].map(([value, n]) => ({ name: n, value })).slice(0, 25);
  }
  if (focused.name === 'target' && input.subcommand === 'charge' && unit && view) {
    // The enemy units next to the last hex of the path given so far.
    const last = hexList(str(input, 'path'))?.at(-1);
    const side = view.units.find((u) => u.id === unit)?.side;
    for (const e of view.units)
      if (last && e.side !== side && e.hex && !e.eliminated && battleHexDistance(e.hex, last) === 1)
        out.set(e.id, name(e.id));
  }
  for (const a of legal) {
    const attackers = (a.attackers as string[] | undefined) ?? [];
    const defenders = (a.defenders as string[] | undefined) ?? [];
    if (focused.name === 'unit') {
      const id = (a.unit ?? (a.type === 'shock' ? attackers[0] : undefined)) as string | undefined;
      const kinds = input.subcommand === 'charge' ? ['move'] : ['move', 'face', 'fire', 'shock'];
      if (id && kinds.includes(a.type)) out.set(id, name(id));
      // A unit that joins a shock of several is one of its attackers too.
      if (a.type === 'shock' && input.subcommand === 'shock') for (const x of attackers) out.set(x, name(x));
    } else if (focused.name === 'target') {
      if (input.subcommand === 'fire' && a.type === 'fire' && a.unit === unit)
        out.set(String(a.target), name(String(a.target)));
      if (input.subcommand === 'shock' && a.type === 'shock' && unit && attackers.includes(unit)) {
        for (const x of defenders) out.set(x, name(x));
        // 11.2: one unit against several adjacent enemies together.
        if (defenders.length > 1 && attackers.length === 1)
          out.set(defenders.join(', '), `Together: ${defenders.map(name).join(' + ')}`);
      }
    } else if (focused.name === 'with' && input.subcommand === 'shock' && a.type === 'shock') {
      // 11.2: more attackers on the same single target.
      const target = str(input, 'target');
      if (!unit || !attackers.includes(unit) || attackers.length < 2) continue;
      if (target && (defenders.length !== 1 || defenders[0] !== target)) continue;
      const others = attackers.filter((x) => x !== unit);
      if (others.length > 1) out.set(others.join(', '), `All of: ${others.map(name).join(' + ')}`);
      for (const x of others) out.set(x, name(x));
    }
  }
  return [...out]
    .map(([value, n]) => ({ name: n, value }))
    .filter(match)
    .slice(0, 25);
}

export const command: BotCommand = {
  data,
  slow: (input) =>
    ['create', 'map', 'move', 'face', 'fire', 'shock', 'charge'].includes(input.subcommand ?? ''),
  // These make a picture: acknowledged first, the picture drawn in the picture thread (issue 15).
  deferFirst: (input) => ['map', 'move', 'face', 'fire', 'shock', 'charge'].includes(input.subcommand ?? ''),
  privateReply: (input) =>
    ['map', 'status', 'move', 'face', 'fire', 'shock', 'charge', 'orders'].includes(input.subcommand ?? ''),
  execute,
  autocomplete,
};

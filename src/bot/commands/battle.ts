// /battle: a Leuthen tactical battle in its own thread (issue 15). create opens the thread and the
// battle; join takes a side (the commander-in-chief: initiative choices, which formation to
// activate, and every formation of the side nobody else holds) or a formation; start hands unheld
// seats to the autopilot; status, map, concede; orders for the active formation (move with a path
// and a final facing, face, fire, shock) are previewed privately with a crop picture before Confirm.
// Everything here only validates, commits and enqueues: pictures of results and the autopilot run
// in queue jobs. The thread logic depends only on the game (kind 'battle'), not on how it was made.
import { SlashCommandBuilder } from 'discord.js';
import { stateOf } from '../../app/apply-action.js';
import type { Action } from '../../app/engine-port.js';
import type { GameRow } from '../../db/schema.js';
import type { TacView } from '../../tactical/view.js';
import { battleActionLabel } from '../battle/orders.js';
import { battlePicture, battleSeatName, SIDE_NAME, statusEmbed, unitName } from '../battle/present.js';
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
      .addStringOption((o) =>
        o
          .setName('path')
          .setDescription('Hexes in order, e.g. 1203, 1204')
          .setRequired(true)
          .setAutocomplete(true),
      )
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
      .setDescription('Shock an enemy unit (preview first)')
      .addStringOption(unitOpt)
      .addStringOption((o) =>
        o.setName('target').setDescription('The enemy unit').setRequired(true).setAutocomplete(true),
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
  );

type Found = { ok: true; game: GameRow } | { ok: false; reply: Reply };

function findBattle(deps: BotDeps, input: CommandInput, active = true): Found {
  const game = deps.directory.inChannel(input.guildId, input.channelId);
  if (game?.kind !== 'battle')
    return {
      ok: false,
      reply: errorReply('There is no battle in this thread. Open one with /battle create in a channel.'),
    };
  if (active && game.status !== 'active')
    return {
      ok: false,
      reply: errorReply(`The battle is ${game.status === 'setup' ? 'not started yet' : game.status}.`),
    };
  return { ok: true, game };
}

function publicView(deps: BotDeps, game: GameRow): TacView | null {
  const v = deps.service.view({ gameId: game.id, seat: 'public', userId: '' });
  return v.ok ? (v.view as TacView) : null;
}

/** The user's seat that must act now (a formation's activation, or the side's decision). */
function actingDecision(deps: BotDeps, game: GameRow, userId: string) {
  const p = deps.service.pending({ gameId: game.id, userId });
  if (!p.ok) return { ok: false as const, reply: errorReply(p.error.message, p.error.rule) };
  const d = p.decisions[0];
  if (!d) {
    const state = stateOf(game);
    const waiting = deps.engine.pendingSeats(state);
    return {
      ok: false as const,
      reply: errorReply(
        `None of your seats has to act now${waiting.length ? ` (waiting for ${waiting.map((s) => battleSeatName(s)).join(', ')})` : ''}.`,
      ),
    };
  }
  return { ok: true as const, decision: d, version: p.version };
}

/** Checks a sequence of orders against the current state without committing anything. */
function dryRun(
  deps: BotDeps,
  game: GameRow,
  seat: string,
  actions: Action[],
): { ok: true; after: unknown } | { ok: false; reply: Reply } {
  let state = stateOf(game);
  for (const a of actions) {
    const r = deps.engine.apply(state, seat, a);
    if (!r.ok) return { ok: false, reply: errorReply(r.error.message, r.error.rule) };
    state = r.state;
  }
  return { ok: true, after: state };
}

async function preview(
  deps: BotDeps,
  game: GameRow,
  input: CommandInput,
  actions: Action[],
  focus: string[],
): Promise<Reply> {
  const found = actingDecision(deps, game, input.userId);
  if (!found.ok) return found.reply;
  const { decision, version } = found;
  const check = dryRun(deps, game, decision.seat, actions);
  if (!check.ok) return check.reply;
  const before = publicView(deps, game);
  const rolls = actions.some((a) => a.type === 'fire' || a.type === 'shock');
  // The picture: after a move or a turn (deterministic), the field now for fire and shock (dice).
  const shown = rolls ? before : (deps.engine.view(check.after, 'public') as TacView);
  const [first, ...rest] = actions as [Action, ...Action[]];
  const p = deps.previews.add({
    userId: input.userId,
    gameId: game.id,
    seat: decision.seat,
    action: first,
    ...(rest.length ? { after: rest } : {}),
    command: `battle ${input.subcommand}`,
    version,
    stepId: decision.stepId,
  });
  const base = {
    gameId: game.id,
    seat: decision.seat,
    userId: input.userId,
    step: stepTag(decision.stepId),
    token: p.id,
  };
  const png = shown
    ? battlePicture(shown, { title: 'Preview', center: focus.at(-1), radius: 3, highlights: focus })
    : null;
  return {
    embeds: [
      {
        title: `Preview — ${battleSeatName(decision.seat, before)}`,
        description: actions.map((a) => battleActionLabel(before, a)).join(', then '),
        ...(rolls
          ? { fields: [{ name: 'Outcome', value: 'The dice are rolled only when you confirm.' }] }
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

async function execute(deps: BotDeps, input: CommandInput): Promise<Reply> {
  switch (input.subcommand) {
    case 'create':
      return create(deps, input);
    case 'join':
      return join(deps, input);
    case 'start': {
      const f = findBattle(deps, input, false);
      if (!f.ok) return f.reply;
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
      const view = publicView(deps, f.game);
      if (!view) return errorReply('The battle has not started yet.');
      const seats = deps.directory.seats(f.game.id);
      const awaited = deps.engine.pendingSeats(stateOf(f.game)).map((seat) => {
        const row = seats.find((s) => s.seat === seat);
        return { seat, userId: row && row.autopilot === 0 ? row.userId : null };
      });
      const holders = seats
        .filter((s) => s.userId)
        .map((s) => `${battleSeatName(s.seat, view)}: <@${s.userId}>${s.autopilot ? ' (autopilot)' : ''}`);
      const embed = statusEmbed({ view, awaited, dueAt: null });
      embed.fields?.push({ name: 'Seats', value: (holders.join('\n') || 'nobody').slice(0, 1024) });
      return { embeds: [embed], ephemeral: true };
    }
    case 'map': {
      const f = findBattle(deps, input);
      if (!f.ok) return f.reply;
      const view = publicView(deps, f.game);
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
      const png = battlePicture(view, {
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
    case 'move':
    case 'face':
    case 'fire':
    case 'shock': {
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
        return preview(deps, f.game, input, actions, path);
      }
      if (input.subcommand === 'face') {
        const facing = int(input, 'facing') ?? 0;
        const hex = publicView(deps, f.game)?.units.find((u) => u.id === unit)?.hex;
        return preview(deps, f.game, input, [{ type: 'face', unit, facing }], hex ? [hex] : []);
      }
      const target = str(input, 'target') ?? '';
      const view = publicView(deps, f.game);
      const focus = [unit, target]
        .map((id) => view?.units.find((u) => u.id === id)?.hex)
        .filter((h): h is string => !!h);
      const action: Action =
        input.subcommand === 'fire'
          ? { type: 'fire', unit, target }
          : { type: 'shock', attackers: [unit], defenders: [target] };
      return preview(deps, f.game, input, [action], focus);
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

/** Live mode: once every human in the battle pressed Ready, activations and prompts get minutes. */
const readyUsers = new Map<string, Set<string>>();
export const LIVE_DEADLINE_MS = 5 * MINUTE;

async function ready(deps: BotDeps, input: CommandInput): Promise<Reply> {
  const f = findBattle(deps, input, false);
  if (!f.ok) return f.reply;
  const humans = new Set(
    deps.directory
      .seats(f.game.id)
      .filter((s) => s.userId && s.autopilot === 0)
      .map((s) => s.userId!),
  );
  if (!humans.has(input.userId)) return errorReply('Only a player of this battle can press Ready.');
  const set = readyUsers.get(f.game.id) ?? new Set<string>();
  set.add(input.userId);
  readyUsers.set(f.game.id, set);
  const missing = [...humans].filter((u) => !set.has(u));
  if (missing.length)
    return {
      content: `✋ <@${input.userId}> is ready for live play; waiting for ${missing.map((u) => `<@${u}>`).join(', ')}.`,
      ephemeral: false,
    };
  const r = deps.directory.updateSettings(f.game.id, { deadlineMinutes: LIVE_DEADLINE_MS / MINUTE });
  if (!r.ok) return errorReply(r.message);
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
  const game = deps.directory.inChannel(input.guildId, input.channelId);
  if (game?.kind !== 'battle') return [];
  const q = focused.value.toLowerCase();
  const match = (c: Choice) => c.name.toLowerCase().includes(q) || c.value.toLowerCase().includes(q);
  if (focused.name === 'seat') {
    return deps.directory
      .seats(game.id)
      .map((s) => ({ name: `${battleSeatName(s.seat)}${s.userId ? ' (held)' : ''}`, value: s.seat }))
      .filter(match)
      .slice(0, 25);
  }
  if (game.status !== 'active') return [];
  const view = publicView(deps, game);
  if (focused.name === 'formation')
    return (view?.formations ?? [])
      .map((f) => ({ name: f.name, value: f.id }))
      .filter(match)
      .slice(0, 25);
  // Orders: only the user's own acting seat's legal actions (the user's units, legal hexes/targets).
  const p = deps.service.pending({ gameId: game.id, userId: input.userId });
  const legal = p.ok ? (p.decisions[0]?.legalActions ?? []) : [];
  const unit = str(input, 'unit');
  const out = new Map<string, string>();
  for (const a of legal) {
    if (focused.name === 'unit') {
      const id = (a.unit ?? (a.type === 'shock' ? (a.attackers as string[])[0] : undefined)) as
        | string
        | undefined;
      if (id && ['move', 'face', 'fire', 'shock'].includes(a.type)) out.set(id, unitName(view, id));
    } else if (focused.name === 'path' && a.type === 'move' && a.unit === unit) {
      out.set(String(a.to), `${a.to as string}`);
    } else if (focused.name === 'target') {
      if (input.subcommand === 'fire' && a.type === 'fire' && a.unit === unit)
        out.set(String(a.target), unitName(view, String(a.target)));
      if (
        input.subcommand === 'shock' &&
        a.type === 'shock' &&
        (a.attackers as string[]).length === 1 &&
        (a.attackers as string[])[0] === unit
      )
        for (const d of a.defenders as string[]) out.set(d, unitName(view, d));
    }
  }
  return [...out]
    .map(([value, name]) => ({ name, value }))
    .filter(match)
    .slice(0, 25);
}

export const command: BotCommand = {
  data,
  slow: (input) => ['create', 'map', 'move', 'face', 'fire', 'shock'].includes(input.subcommand ?? ''),
  privateReply: (input) =>
    ['map', 'status', 'move', 'face', 'fire', 'shock'].includes(input.subcommand ?? ''),
  execute,
  autocomplete,
};

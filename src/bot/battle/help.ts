// /help in a battle's thread (issue 15): what the battle waits on now, for whom, and with which
// commands, then the asker's own decision with its buttons. Drawn from the public view and the
// asker's pending decisions only (a prompt's options go to the deciding side alone).

import type { TacView } from '../../app/battle-types.js';
import type { GameRow } from '../../app/directory.js';
import type { BotDeps, CommandInput, Reply } from '../types.js';
import { campaignBattleUnderway, campaignHost } from './host.js';
import { battleDecisionRows, battleDecisionText } from './orders.js';
import { battleSeatName, phaseLine, SIDE_NAME } from './present.js';

const PROMPT_HELP: Record<string, string> = {
  loss: 'which unit takes the combat points lost (11.5)',
  retreat: 'the hex a beaten unit retreats into (11.6)',
  displace: 'whether friends give way to a retreating unit, or it is eliminated instead (11.6)',
  advance: 'whether a winning unit advances into the emptied hex (11.7)',
  aide: 'where the aide-de-camp of a fallen leader takes over (9.4)',
  reaction: 'whether a unit fires in reaction before the shock (10.1)',
};

const COMMANDS = [
  '/battle status · map [hex|formation] · orders (standing orders for prompts) · ready (live mode) · concede',
  '/rule 11.5 summarises a Leuthen case here (/rule F9.3 a case of the strategic game).',
];

function whatNow(v: TacView, awaited: string[]): string[] {
  const who = awaited.length ? awaited.join(', ') : 'nobody (the autopilot is playing)';
  const p = v.prompt as { side: string; kind: string; text: string } | null;
  if (v.over) return ['The battle is over.'];
  if (p)
    return [
      `Waiting for ${who}: ${SIDE_NAME[p.side as 'prussia'] ?? p.side} decides ${PROMPT_HELP[p.kind] ?? p.text}.`,
      `Answer with the buttons of the latest thread message. Routine prompts can be answered in advance: /battle orders kind:${p.kind === 'aide' ? 'retreat' : p.kind} subject:all policy:…`,
    ];
  if (v.activation)
    return [
      `Waiting for ${who}: ${v.activation.formations.map((f) => v.formations.find((x) => x.id === f)?.name ?? f).join(' + ')} (${SIDE_NAME[v.activation.side]}) is activated (5): first movement, then combat (${v.activation.stage} now).`,
      'Orders: /battle move unit path [facing] (7.1) · /battle face (7.2) · /battle fire (11.1) · /battle shock unit target [with] (11.2: several attackers on one target, or one against several) · /battle charge unit path target (cavalry, 11.2); each is previewed, Confirm sends it. Press Done when the formation has finished.',
    ];
  if (v.phase === 'operations')
    return [
      `Waiting for ${who}: the commander-in-chief chooses the formation to activate (4.C, 5), or lets the enemy go first after winning the initiative.`,
      'Use the Activate buttons of the latest thread message.',
    ];
  if (v.phase === 'barrage')
    return [
      `Waiting for ${who}: ${v.actingSide ? SIDE_NAME[v.actingSide] : 'a side'}'s batteries may fire (4.B, 10.1): /battle fire, then Done.`,
    ];
  if (v.phase === 'command')
    return [`Waiting for ${who}: the commanders-in-chief may move (4.D, 7.4); press Done when finished.`];
  if (v.phase === 'strategic')
    return [
      `Waiting for ${who}: strategic movement of scenario 2 (S2): /battle move with doubled MP, away from the enemy's sight; Done when finished.`,
    ];
  return [`Waiting for ${who}.`];
}

export function battleHelp(deps: BotDeps, game: GameRow, input: CommandInput): Reply {
  if (game.status !== 'active') {
    const intro =
      game.status === 'setup'
        ? 'This battle has not started: take a side with /battle join seat:prussia|austria, or one formation (seat:austria:<formation>); the creator starts it with /battle start. Seats nobody holds are played by the autopilot.'
        : `This battle is ${game.status}.`;
    return { content: [intro, ...COMMANDS].join('\n'), ephemeral: true };
  }
  const pv = deps.service.view({ gameId: game.id, seat: 'public', userId: '' });
  const view = pv.ok ? (pv.view as TacView) : null;
  if (!view) return { content: COMMANDS.join('\n'), ephemeral: true };
  const seats = deps.directory.seats(game.id);
  const state = deps.service.pending({ gameId: game.id, userId: input.userId });
  const awaitedSeats = view.over ? [] : pendingSeatsOf(deps, game);
  const awaited = awaitedSeats.map((seat) => {
    const row = seats.find((s) => s.seat === seat);
    const holder = row?.userId && row.autopilot === 0 ? `<@${row.userId}>` : 'the autopilot';
    return `${battleSeatName(seat, view)} (${holder})`;
  });
  const lines = [phaseLine(view), ...whatNow(view, awaited)];
  const rows = [];
  if (state.ok && state.decisions.length) {
    for (const d of state.decisions) {
      lines.push(`**You decide now** as ${battleSeatName(d.seat, view)}.`);
      const own = deps.service.view({ gameId: game.id, seat: d.seat, userId: input.userId });
      const ownView = own.ok ? (own.view as TacView) : view;
      lines.push(...battleDecisionText(ownView, d.seat, d.legalActions));
      rows.push(
        ...battleDecisionRows({
          gameId: game.id,
          seat: d.seat,
          userId: input.userId,
          stepId: d.stepId,
          actions: d.legalActions,
          view: ownView,
          seatInLabel: state.decisions.length > 1,
        }),
      );
    }
  } else if (seats.some((s) => s.userId === input.userId)) {
    lines.push('Nothing waits for you right now.');
  } else {
    lines.push(
      'You hold no seat in this battle (the sides and formations are taken with /battle join before the start).',
    );
  }
  lines.push(...COMMANDS);
  return { content: lines.join('\n').slice(0, 1950), components: rows.slice(0, 5), ephemeral: true };
}

function pendingSeatsOf(deps: BotDeps, game: GameRow): string[] {
  return deps.service.pendingSeats({ gameId: game.id });
}

const CAMPAIGN_COMMANDS = [
  '/battle status · map [hex|formation] · orders (standing orders for prompts) · move · face · fire · shock · charge (each previewed first)',
  '/rule 11.5 summarises a Leuthen case here (/rule F9.3 a case of the strategic game). When the battle is over the campaign goes on in its channel.',
];

/**
 * /help in a campaign battle's thread (issue 16): the same step-aware help as in a standalone
 * battle, drawn from what the thread may show (both sides' common view, battle/host.ts) and the
 * asker's own decision. Someone holding no seat in the battle learns nothing of it here.
 */
export function campaignBattleHelp(
  deps: BotDeps,
  game: GameRow,
  thread: { hex: string; open: boolean },
  input: CommandInput,
): Reply {
  if (!thread.open || game.status !== 'active' || !campaignBattleUnderway(deps, game, thread.hex))
    return {
      content: 'This battle is over; the campaign goes on in its channel (/help there).',
      ephemeral: true,
    };
  const host = campaignHost(deps, game, thread.hex);
  if (!host.holders().some((h) => h.userId === input.userId))
    return { content: 'You hold no seat in this battle.', ephemeral: true };
  const view = host.view();
  if (!view) return { content: CAMPAIGN_COMMANDS.join('\n'), ephemeral: true };
  const awaited = host
    .awaited()
    .map((a) => `${battleSeatName(a.seat, view)} (${a.userId ? `<@${a.userId}>` : 'the autopilot'})`);
  const lines = [phaseLine(view), ...whatNow(view, awaited)];
  const rows = [];
  const d = host.decision(input.userId);
  if (d.ok) {
    const { decision } = d;
    lines.push(`**You decide now** as ${battleSeatName(decision.seat, view)}.`);
    lines.push(...battleDecisionText(view, decision.seat, decision.legalActions));
    rows.push(
      ...battleDecisionRows({
        gameId: game.id,
        seat: decision.submitSeat,
        userId: input.userId,
        stepId: decision.stepId,
        actions: decision.legalActions,
        view,
        wrap: (order) => host.wrap(decision, order),
      }),
    );
  } else lines.push('Nothing waits for you right now.');
  lines.push(...CAMPAIGN_COMMANDS);
  return { content: lines.join('\n').slice(0, 1950), components: rows.slice(0, 5), ephemeral: true };
}

// /help: what you can do now, by phase; lists your pending decisions as buttons.
import { SlashCommandBuilder } from 'discord.js';
import { battleHelp, campaignBattleHelp } from '../battle/help.js';
import { buttonableActions, decisionRows } from '../orders.js';
import { phaseLine } from '../presenters/status.js';
import { findGame, seatLabel } from '../session.js';
import type { BotCommand, Reply } from '../types.js';
import { readView } from '../view-reader.js';

const BY_PHASE: Record<string, string> = {
  march: '/march moves a force (5.1); /garrison moves units in or out of a fortress; /done when finished.',
  forcemarch: '/forcemarch declares a force march (5.2), then /march moves it; /done when finished.',
  depot: '/depot builds a depot (10.41); /done when finished.',
  combat: '/attack takes or declines the attack option (9.1); /retreat chooses a retreat path (9.5).',
  siege: '/siege resolves sieges and the honours of war (13.x).',
  'prisoner-exchange': '/exchange deals with prisoners (14.x).',
};

const GENERAL = [
  '/campaign create · join · start · status · map · settings',
  '/forces shows your forces privately; /rule 5.41 summarises a rule case.',
  '/standings shows the server standings; /history tells the story of a campaign.',
  'Orders are previewed privately first: Confirm sends them, Edit or Cancel withdraws them; /undo withdraws unconfirmed orders.',
];

export const command: BotCommand = {
  data: new SlashCommandBuilder()
    .setName('help')
    .setDescription('What you can do now in this campaign or battle'),
  privateReply: () => true,
  async execute(deps, input): Promise<Reply> {
    // A battle's thread (issue 15): what the battle waits on now, for whom, with which commands.
    const here = deps.directory.inChannel(input.guildId, input.channelId);
    if (here?.kind === 'battle') return battleHelp(deps, here, input);
    // A campaign battle's thread (issue 16): the same, for the battle fought there.
    const thread = deps.battleThreads?.inThread(input.channelId);
    const campaign = thread ? deps.directory.game(thread.gameId) : undefined;
    if (thread && campaign) return campaignBattleHelp(deps, campaign, thread, input);
    const g = findGame(deps, input);
    if (!g.ok || g.game.status !== 'active') {
      const intro = g.ok
        ? 'The campaign has not started: take a seat with /campaign join; the creator starts it with /campaign start.'
        : 'No open campaign here. Create one with /campaign create scenario:1757.';
      return { content: [intro, ...GENERAL].join('\n'), ephemeral: true };
    }
    const v = deps.service.view({ gameId: g.game.id, seat: 'public', userId: input.userId });
    const phase = v.ok ? readView(v.view).phase : null;
    const pending = deps.service.pending({ gameId: g.game.id, userId: input.userId });
    const lines = [v.ok ? phaseLine(v.view) : ''];
    if (phase && BY_PHASE[phase]) lines.push(BY_PHASE[phase] as string);
    const rows = [];
    if (pending.ok && pending.decisions.length) {
      lines.push(`Waiting for you: ${pending.decisions.map((d) => seatLabel(d.seat)).join(', ')}.`);
      for (const d of pending.decisions) {
        const actions = buttonableActions(d.legalActions);
        if (actions.length) {
          rows.push(
            ...decisionRows(deps, {
              gameId: g.game.id,
              seat: d.seat,
              userId: input.userId,
              stepId: d.stepId,
              actions,
              // Several seats' buttons in one message: each names its seat.
              seatInLabel: pending.decisions.length > 1,
            }),
          );
        }
      }
    } else {
      lines.push('Nothing is waiting for you right now.');
    }
    lines.push(...GENERAL);
    return { content: lines.filter(Boolean).join('\n'), components: rows.slice(0, 5), ephemeral: true };
  },
};

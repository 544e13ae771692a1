// The plain-data contract between the Discord glue (router.ts) and the command handlers. Handlers
// receive a CommandInput (no discord.js objects) and return a Reply, so they can be tested without
// a gateway and so routing stays thin.
import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord-api-types/v10';
import type { CampaignService } from '../app/campaign-service.js';
import type { CampaignDirectory } from '../app/directory.js';
import type { CampaignRecords } from '../app/standings/index.js';
import type { BattlePictures } from './battle/pictures.js';
import type { BattleThreads } from './battle/threads.js';
import type { NameBook } from './names.js';
import { humanize } from './presenters/describe.js';
import type { PreviewStore } from './previews.js';
import type { RuleBook } from './rules.js';
import type { Settlements } from './settlement.js';

export type OptionValue = string | number | boolean;

export interface CommandInput {
  userId: string;
  guildId: string | null;
  channelId: string;
  /** Server managers (Manage Server permission) may replace players and end campaigns. */
  isManager: boolean;
  subcommand: string | null;
  options: Record<string, OptionValue | undefined>;
}

export interface ReplyFile {
  name: string;
  data: Buffer;
  /** Alt text; never contains hidden strengths. */
  description?: string;
}

export interface Reply {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  files?: ReplyFile[];
  /** Only the acting user sees it. Errors are always private. */
  ephemeral: boolean;
}

export interface Choice {
  name: string;
  value: string;
}

/** Draws a view (never raw state) to PNG; absent until the renderer is wired. */
export type MapRenderer = (
  view: unknown,
  options: {
    zoom?: string;
    /** Hexes shown around `zoom` (default 4). */
    radius?: number;
    highlight?: string[];
    title?: string;
    /** A planned move to draw as a march arrow (start hex first), e.g. an order's preview. */
    move?: { nationality: string; path: string[] };
    /** Several planned moves, e.g. every retreat a seat may choose (9.5). */
    moves?: Array<{ nationality: string; path: string[] }>;
  },
) => Promise<Buffer | null>;

export interface BotDeps {
  /**
   * The bot's only door to games (issue 13 item 5): views, previews and dry runs, pending seats,
   * settings, orders. The bot holds no engine and no database (scripts/layer-guard.ts).
   */
  service: CampaignService;
  directory: CampaignDirectory;
  names: NameBook;
  previews: PreviewStore;
  rules: RuleBook;
  /** Finished campaigns, standings and histories (optional: without it /standings and /history are refused). */
  records?: CampaignRecords;
  /** Concessions and draw offers (optional: without it /campaign concede and draw are refused). */
  settlements?: Settlements;
  render?: MapRenderer;
  /** Draws a battle picture (issue 15), in the picture thread when the bot has one. */
  battlePictures: BattlePictures;
  now: () => number;
  /** Called after an order is committed (posts the per-move public map when the campaign wants it). */
  afterCommit?: (gameId: string, seat: string) => Promise<void>;
  /** Opens a public thread under a channel (a battle's own thread, issue 15); its id, or null. */
  openThread?: (channelId: string, name: string) => Promise<string | null>;
  /** Campaign sub-battles' private threads (issue 16): which thread shows which battle. */
  battleThreads?: BattleThreads;
  /** Notices for a user we could not reach (DMs closed), shown at their next command. */
  takeNotices?: (userId: string) => string[];
}

export interface BotCommand {
  /** The slash command definition (discord.js builder). */
  data: { readonly name: string; toJSON(): unknown };
  /** When the handler may exceed Discord's 3 s window (a phase resolves, a map renders). */
  slow?: (input: CommandInput) => boolean;
  /**
   * Acknowledge (defer) before the handler runs: it makes a picture, which must never hold up the
   * acknowledgement (issue 15); the answer then fills the deferred reply.
   */
  deferFirst?: (input: CommandInput) => boolean;
  /** Whether the first answer is private (used when the router defers). */
  privateReply?: (input: CommandInput) => boolean;
  execute(deps: BotDeps, input: CommandInput): Promise<Reply>;
  autocomplete?(
    deps: BotDeps,
    input: CommandInput,
    focused: { name: string; value: string },
  ): Promise<Choice[]>;
}

/** A private refusal; engine ids in the message are turned into names (humanize). */
export function errorReply(message: string, rule?: string, names?: NameBook): Reply {
  const cite = rule && rule !== 'service' && rule !== 'input' ? ` (rule ${rule})` : '';
  return { content: `⛔ ${humanize(message, names)}${cite}`, ephemeral: true };
}

export function privateReply(content: string, extra: Partial<Reply> = {}): Reply {
  return { content, ephemeral: true, ...extra };
}

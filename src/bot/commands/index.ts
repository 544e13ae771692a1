// Every slash command, one per file. The router looks commands up here by name.
import type { BotCommand } from '../types.js';
import { command as attack } from './attack.js';
import { command as battle } from './battle.js';
import { command as campaign } from './campaign.js';
import { command as depot } from './depot.js';
import { command as done } from './done.js';
import { command as exchange } from './exchange.js';
import { command as forcemarch } from './forcemarch.js';
import { command as forces } from './forces.js';
import { command as garrison } from './garrison.js';
import { command as help } from './help.js';
import { command as history } from './history.js';
import { command as march } from './march.js';
import { command as retreat } from './retreat.js';
import { command as rule } from './rule.js';
import { command as siege } from './siege.js';
import { command as standings } from './standings.js';
import { command as undo } from './undo.js';

export const COMMANDS: readonly BotCommand[] = [
  campaign,
  march,
  forcemarch,
  depot,
  garrison,
  attack,
  retreat,
  siege,
  exchange,
  done,
  undo,
  forces,
  help,
  rule,
  standings,
  history,
  battle,
];

export function commandByName(name: string): BotCommand | undefined {
  return COMMANDS.find((c) => c.data.name === name);
}

/** The JSON sent to Discord's bulk overwrite endpoint. */
export function commandDefinitions(): unknown[] {
  return COMMANDS.map((c) => c.data.toJSON());
}

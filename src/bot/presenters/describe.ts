// Short player-readable descriptions of actions, events and errors. Uses only the fields of the
// action or event itself (which the acting seat or the event's audience may see).
import type { Action, EngineEvent } from '../../app/engine-port.js';
import type { NameBook } from '../names.js';
import { battleLine } from './battle.js';

export function placeLabel(names: NameBook | undefined, hex: string): string {
  const name = names?.placeName(hex);
  return name ? `${name} (${hex})` : hex;
}

function units(u: unknown, names?: NameBook): string {
  if (typeof u !== 'object' || u === null) return '';
  const r = u as { sp?: unknown; leaders?: unknown };
  const parts: string[] = [];
  if (typeof r.sp === 'number' && r.sp > 0) parts.push(`${r.sp} SP`);
  if (Array.isArray(r.leaders) && r.leaders.length) {
    parts.push(r.leaders.map((id) => (names ? names.leaderName(String(id)) : String(id))).join(', '));
  }
  return parts.join(' + ');
}

/** One line naming what an action does, e.g. "March Keith: 1729 → Dresden (1730)". */
export function describeAction(a: Action, names?: NameBook): string {
  const hex = (x: unknown) => (typeof x === 'string' ? placeLabel(names, x) : '?');
  switch (a.type) {
    case 'march':
    case 'forcemarch': {
      const path = Array.isArray(a.path) ? a.path.map(hex).join(' → ') : '';
      const take = units(a.take, names);
      return [
        `${a.type === 'march' ? 'March' : 'Force march'} ${names ? names.leaderName(String(a.leader)) : String(a.leader)}`,
        path ? `: ${path}` : '',
        take ? ` taking ${take}` : '',
        a.overwhelm === true ? ' with an overwhelming attack' : '',
      ].join('');
    }
    case 'depot-build':
      return `Build a depot at ${hex(a.hex)}`;
    case 'camp-build':
      return `Begin the fortified camp at ${hex(a.hex)}`;
    case 'depot-destroy':
      return `Destroy the depot at ${hex(a.hex)}`;
    case 'garrison':
      return `Move ${String(a.sp)} SP ${a.direction === 'in' ? 'into' : 'out of'} the fortress at ${hex(a.hex)}`;
    case 'combat-attack':
      return `Attack at ${hex(a.hex)}`;
    case 'combat-decline':
      return `Decline to attack at ${hex(a.hex)}`;
    case 'combat-order':
      return `Resolve the battles in this order: ${Array.isArray(a.hexes) ? a.hexes.map(hex).join(', ') : '?'}`;
    case 'combat-tactical':
      // Issue 16: the offer to fight the committed battle out on the tactical map.
      return a.accept === true
        ? `Fight the battle at ${hex(a.hex)} out on the tactical map`
        : `Decline: resolve the battle at ${hex(a.hex)} on the table`;
    case 'combat-tactical-order': {
      // Issue 16: an order in a battle fought on the tactical map (its thread shows the details).
      const o = (a.order ?? {}) as { type?: string };
      return `Battle at ${hex(a.hex)}: ${o.type === 'done' ? 'done' : (o.type ?? 'order').replace(/-/g, ' ')} (${String(a.as)})`;
    }
    case 'combat-sortie':
      return `Sortie from the fortress at ${hex(a.hex)}`;
    case 'combat-retreat':
      return a.to === 'fortress'
        ? `Retreat from ${hex(a.hex)} back inside the fortress`
        : `Retreat from ${hex(a.hex)} to ${hex(a.to)}`;
    case 'siege-resolve':
      return `Roll for the siege of ${hex(a.hex)}`;
    case 'siege-honours':
      return a.grant === true
        ? `Grant the honours of war at ${hex(a.hex)}`
        : `Deny the honours of war at ${hex(a.hex)} and demand surrender`;
    case 'siege-surrender':
      return a.accept === true
        ? `Surrender ${hex(a.hex)}`
        : `Refuse to surrender ${hex(a.hex)} (it is stormed)`;
    case 'exchange-choice':
      return 'Carry out the prisoner exchange';
    case 'done':
      return 'Done: finish my part of this step';
    case 'forfeit':
      return 'Forfeit the campaign (14.15)';
    case 'halt':
      return 'End this force’s move';
    default: {
      const fields = Object.entries(a)
        .filter(([k]) => k !== 'type')
        .map(([k, v]) => `${k}: ${typeof v === 'string' && /^\d{4}$/.test(v) ? hex(v) : JSON.stringify(v)}`);
      const title = a.type.replace(/[-_]/g, ' ');
      return fields.length ? `${title} (${fields.join(', ')})` : title;
    }
  }
}

/** A button label (Discord allows 80 characters). */
export function actionLabel(a: Action, names?: NameBook, seat?: string): string {
  const d = seat ? `${seat}: ${describeAction(a, names)}` : describeAction(a, names);
  return d.length > 80 ? `${d.slice(0, 77)}…` : d;
}

const ADJECTIVE: Record<string, string> = {
  prussia: 'Prussian',
  hanover: 'Hanoverian',
  austria: 'Austrian',
  france: 'French',
  russia: 'Russian',
  sweden: 'Swedish',
  empire: 'Imperial',
};
const NATION = Object.keys(ADJECTIVE).join('|');
/** The rulebook's names of the phases (4.2), by phase id (one home: status.ts phaseName reads it). */
export const PHASE_TITLES: Record<string, string> = {
  forcemarch: 'Force March Phase',
  march: 'March Phase',
  combat: 'Combat Phase',
  siege: 'Siege Resolution Phase',
  depot: 'Depot Creation Phase',
  'prisoner-exchange': 'Prisoner Exchange Phase',
};
const NOUNS = 'SP|force|forces|depot|depots|units?|leaders?|prisoners|garrison';

/**
 * Engine texts speak in ids ("A austria force", "prussia has finished", "frederick is not …");
 * players read names: nationalities as adjectives before a noun ("An Austrian force", "one French
 * SP") and capitalised otherwise ("Prussia has finished"), the two sides by name, and a leader id
 * opening a sentence as the leader's name.
 */
export function humanize(text: string, names?: NameBook): string {
  let t = text
    .replace(new RegExp(`\\b([Aa]) (${NATION})\\b(?= (?:${NOUNS})\\b)`, 'g'), (_m, a: string, n: string) => {
      const adj = ADJECTIVE[n] as string;
      const an = /^[AEIOU]/.test(adj) ? 'n' : '';
      return `${a}${an} ${adj}`;
    })
    .replace(
      new RegExp(`(?<![\\w/:.-])(${NATION})\\b(?= (?:${NOUNS})\\b)`, 'g'),
      (n) => ADJECTIVE[n] as string,
    )
    .replace(
      new RegExp(`(?<![\\w/:.-])(${NATION})(?![\\w-])`, 'g'),
      (n) => n.charAt(0).toUpperCase() + n.slice(1),
    )
    .replace(/\bprussian[- ]allied\b/gi, 'Prussian-Allied')
    .replace(/(?<![\w/:.-])coalition(?![\w-])/g, 'Coalition')
    // Phase ids in engine texts ("the forcemarch phase") become the rulebook's names (4.2).
    .replace(
      /\b(?:the )?(forcemarch|march|combat|siege|depot|prisoner-exchange) phase\b/g,
      (m: string, id: string) => `${m.startsWith('the ') ? 'the ' : ''}${PHASE_TITLES[id] ?? id}`,
    );
  if (names) {
    const first = /^([a-z][a-z_-]+)\b/.exec(t);
    if (first) {
      const name = names.leaderName(first[1] as string);
      if (name && name.toLowerCase() !== first[1] && !/^[a-z]/.test(name))
        t = name + t.slice(first[0].length);
    }
  }
  return t;
}

export function describeEvent(e: EngineEvent, names?: NameBook): string {
  const battle = battleLine(e, names);
  if (battle) return battle;
  if (typeof e.text === 'string' && e.text.length > 0) return humanize(e.text, names);
  return e.type.replace(/[-_]/g, ' ');
}

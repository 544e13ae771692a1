// Embeds for the public channel and for a seat's private messages. Public embeds are built from
// the public view and list positions and leaders only, never strengths; private ones show the
// seat's own strength, supply notes and pending decisions.
import type { APIEmbed } from 'discord-api-types/v10';
import type { NameBook } from '../names.js';
import { NATIONS, seatLabel } from '../session.js';
import { readView } from '../view-reader.js';
import { PHASE_TITLES, placeLabel } from './describe.js';

const MAX_FIELD = 1000;

/** 8.21: a fixed order, so the listing never hints which contingent is larger. */
function byNationOrder(a: string, b: string): number {
  const i = (x: string) => {
    const k = (NATIONS as readonly string[]).indexOf(x);
    return k === -1 ? NATIONS.length : k;
  };
  return i(a) - i(b) || a.localeCompare(b);
}

function clip(lines: string[], max = MAX_FIELD): string {
  let out = '';
  for (const l of lines) {
    if (out.length + l.length + 1 > max - 12) return `${out}… (more)`;
    out += `${out ? '\n' : ''}${l}`;
  }
  return out || '—';
}

/** Discord relative timestamp, e.g. "in 3 hours", shown in each reader's own time zone. */
export function relativeTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

/** The rulebook's name of a phase (4.2), e.g. "Force March Phase". */
export function phaseName(phase: string): string {
  return (
    PHASE_TITLES[phase] ??
    `${phase
      .split('-')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')} Phase`
  );
}

export function phaseLine(view: unknown): string {
  const v = readView(view);
  if (v.over) return 'The campaign is over.';
  const parts: string[] = [];
  if (v.turn !== null) parts.push(`Turn ${v.turn}`);
  if (v.phasing) parts.push(`${SIDE_NAME[v.phasing] ?? v.phasing} player-turn`);
  if (v.phase) parts.push(phaseName(v.phase));
  return parts.join(' · ') || 'Campaign in progress';
}

export function publicEmbed(
  view: unknown,
  o: {
    title: string;
    pendingSeats: string[];
    dueAt: number | null;
    names?: NameBook;
    events?: string[];
    withImage?: boolean;
  },
): APIEmbed {
  const v = readView(view, []);
  if (o.events?.length) v.recent = o.events.slice(-15);
  const fields = [];
  const byHex = new Map<string, { nations: Set<string>; leaders: string[] }>();
  for (const s of v.stacks) {
    const e = byHex.get(s.hex) ?? { nations: new Set(), leaders: [] };
    e.nations.add(s.nationality);
    byHex.set(s.hex, e);
  }
  for (const l of v.leaders) {
    if (!l.hex || (l.status && l.status !== 'map')) continue;
    const e = byHex.get(l.hex) ?? { nations: new Set(), leaders: [] };
    if (l.nationality) e.nations.add(l.nationality);
    e.leaders.push(l.name);
    byHex.set(l.hex, e);
  }
  // With a picture attached the forces are on the map; the text list is for text-only posts.
  if (byHex.size > 0 && !o.withImage) {
    const lines = [...byHex.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([hex, e]) =>
          `${placeLabel(o.names, hex)}: ${[...e.nations].sort(byNationOrder).map(seatLabel).join('/')}${e.leaders.length ? ` — ${e.leaders.join(', ')}` : ''}`,
      );
    fields.push({ name: 'Forces on the map', value: clip(lines) });
  }
  if (v.recent.length > 0) fields.push({ name: 'Since the last update', value: clip(v.recent) });
  if (v.victory.length > 0) fields.push({ name: 'Victory', value: clip(v.victory) });
  if (o.pendingSeats.length > 0) {
    fields.push({
      name: 'Waiting for',
      value: `${o.pendingSeats.map(seatLabel).join(', ')}${o.dueAt !== null ? ` — deadline ${relativeTime(o.dueAt)}` : ''}`,
    });
  }
  return { title: o.title, description: phaseLine(view), fields };
}

const SIDE_NAME: Record<string, string> = {
  'prussian-allied': 'Prussian-Allied',
  coalition: 'Coalition',
};

/**
 * 10.61: the own stacks out of supply (they suffer attrition), from the view's outOfSupply; and the
 * own leaders standing outside the supplied hexes (10.5: a leader's supply is judged when he starts
 * to move; one rated 0 or 1 for Initiative must then regain supply, 10.52-10.53). One statement, so
 * "all in supply" is never said while a leader is out of it.
 */
export function supplyLine(v: ReturnType<typeof readView>, names?: NameBook, seat?: string): string {
  if (v.supplied === null) return 'No supply data.';
  const supplied = new Set(v.supplied);
  const lines: string[] = [];
  if (v.outOfSupply.length > 0)
    lines.push(
      `Out of supply: ${v.outOfSupply.map((h) => placeLabel(names, h)).join(', ')} (attrition, 10.61)`,
    );
  const leaders = v.leaders.filter(
    (l) =>
      l.hex &&
      (seat === undefined || l.nationality === seat) &&
      (!l.status || l.status === 'map') &&
      !supplied.has(l.hex) &&
      !v.outOfSupply.includes(l.hex),
  );
  if (leaders.length)
    lines.push(
      `Leaders out of supply: ${leaders.map((l) => `${l.name} at ${placeLabel(names, l.hex as string)}`).join(', ')} (10.5)`,
    );
  if (lines.length) {
    lines.push(
      'A leader rated 0 or 1 for Initiative who starts the March Phase out of supply must move back into it (10.52-10.53).',
    );
    return clip(lines);
  }
  return 'All your forces and leaders are in supply.';
}

/**
 * 5.1: each own leader's Movement Allowance this March Phase (the phase's roll + his Initiative, at
 * most 6; Initiative 0 when demoralized, 11.13; one less in winter, 16.11), or what a force already
 * moving has left. Read from the seat's own view; empty when no march roll stands.
 */
export function marchAllowances(view: unknown, seat: string): string[] {
  const v = view as {
    phase?: string;
    marchRoll?: number | null;
    turn?: number;
    moving?: Array<{ leader: string; mpLeft: number }>;
    hexes?: Array<{
      stacks: Array<{
        demoralized?: boolean;
        leaders: Array<{
          id: string;
          name: string;
          nationality: string;
          initiative?: number;
          inside?: boolean;
        }>;
      }>;
    }>;
  } | null;
  if (v?.phase !== 'march' || typeof v.marchRoll !== 'number') return [];
  const roll = v.marchRoll;
  const winter = typeof v.turn === 'number' && v.turn >= 16 ? 1 : 0;
  const out: string[] = [];
  for (const h of v.hexes ?? [])
    for (const st of h.stacks)
      for (const l of st.leaders) {
        if (l.nationality !== seat || typeof l.initiative !== 'number') continue;
        const moving = v.moving?.find((m) => m.leader === l.id);
        if (moving) {
          out.push(`${l.name}: ${moving.mpLeft} MP left (on the move)`);
          continue;
        }
        const initiative = st.demoralized ? 0 : l.initiative;
        const mp = Math.max(0, Math.min(6, roll + initiative) - winter);
        out.push(
          `${l.name}: ${mp} MP (roll ${roll} + Initiative ${initiative}${winter ? ', winter −1' : ''})`,
        );
      }
  return out;
}

/**
 * 13.1: for each enemy-garrisoned fortress where the seat's own forces stand, whether it is under
 * siege and, if not, what is missing (13.12: a finished, supplied depot of the besieger's side in
 * the hex). Read from the seat's own view (its side's depots, the besieged flag).
 */
export function siegeNotes(view: unknown, seat: string, names?: NameBook): string[] {
  const v = view as {
    side?: string | null;
    hexes?: Array<{
      hex: string;
      besieged?: boolean;
      depot?: { owner: string; side: string; status: string };
      stacks: Array<{
        side: string;
        inside: string[];
        outside: string[];
        sp?: Record<string, { out: number }>;
      }>;
    }>;
  } | null;
  const side = v?.side;
  if (!side) return [];
  const out: string[] = [];
  for (const h of v?.hexes ?? []) {
    const enemyGarrison = h.stacks.some((st) => st.side !== side && st.inside.length > 0);
    const mine = h.stacks.some((st) => st.side === side && st.outside.includes(seat));
    if (!enemyGarrison || !mine) continue;
    const where = placeLabel(names, h.hex);
    if (h.besieged) {
      out.push(`${where}: besieged (13.12). Roll for it with /siege in your Siege Resolution Phase (13.2).`);
      continue;
    }
    const depot = h.depot && h.depot.side === side ? h.depot : undefined;
    if (!depot)
      out.push(
        `${where}: not besieged — no depot of your side here. Begin one with /depot in your Depot Creation Phase (10.41); once finished and supplied, the fortress is besieged (13.12).`,
      );
    else if (depot.status === 'building')
      out.push(
        `${where}: not besieged yet — your depot here is still being built; it is finished at your next Depot Creation Phase if ten SP stay with it and it is supplied (10.41-10.43, 13.12).`,
      );
    else
      out.push(
        `${where}: not besieged — your depot here cannot trace a supply path now (10.43), so it does not besiege (13.12).`,
      );
  }
  return out;
}

export function privateEmbed(
  view: unknown,
  o: {
    seat: string;
    title: string;
    pendingActions: string[];
    dueAt: number | null;
    names?: NameBook;
    events?: string[];
  },
): APIEmbed {
  const v = readView(view, [o.seat]);
  if (o.events?.length) v.recent = o.events.slice(-15);
  const own = v.stacks.filter((s) => s.nationality === o.seat);
  const leadersAt = (hex: string) =>
    v.leaders.filter((l) => l.hex === hex && l.nationality === o.seat && (!l.status || l.status === 'map'));
  const lines = own.map((s) => {
    const ls = leadersAt(s.hex).map((l) => l.name);
    const strength =
      (s.sp ?? 0) === 0 && s.inside
        ? `garrison of ${s.inside} SP`
        : `${s.sp ?? 0} SP${s.inside ? ` (+${s.inside} SP inside the fortress)` : ''}`;
    return `${placeLabel(o.names, s.hex)}: ${strength}${ls.length ? ` — ${ls.join(', ')}` : ''}`;
  });
  for (const l of v.leaders) {
    if (l.nationality !== o.seat || !l.hex || own.some((s) => s.hex === l.hex)) continue;
    if (l.status && l.status !== 'map') continue;
    lines.push(`${placeLabel(o.names, l.hex)}: ${l.name} (alone)`);
  }
  const fields = [{ name: `${seatLabel(o.seat)}: your forces`, value: clip(lines) }];
  const depots = v.depots.filter((d) => d.owner === o.seat);
  if (depots.length) {
    fields.push({
      name: 'Depots',
      value: clip(
        depots.map((d) => `${placeLabel(o.names, d.hex)}${d.status === 'building' ? ' (building)' : ''}`),
      ),
    });
  }
  const allowances = marchAllowances(view, o.seat);
  if (allowances.length)
    fields.push({ name: 'Movement allowance this phase (5.1)', value: clip(allowances) });
  fields.push({ name: 'Supply', value: supplyLine(v, o.names, o.seat) });
  const sieges = siegeNotes(view, o.seat, o.names);
  if (sieges.length) fields.push({ name: 'Sieges (13.1)', value: clip(sieges) });
  if (v.vp) {
    fields.push({
      name: 'Victory Points (17.0)',
      value: `${SIDE_NAME[v.vp.side] ?? 'Your side'}: ${v.vp.value} VP${v.vp.note ? ` (${v.vp.note})` : ''}`,
    });
  }
  if (v.canForfeit && o.seat === 'prussia') {
    fields.push({
      name: 'Forfeit (14.15)',
      value: 'Frederick is a prisoner: the Allied player may forfeit (a decisive Coalition victory).',
    });
  }
  if (v.recent.length) fields.push({ name: 'Since the last update', value: clip(v.recent) });
  if (o.pendingActions.length) {
    fields.push({
      name: 'Your decision',
      value: `${clip(o.pendingActions, 900)}${o.dueAt !== null ? `\nDeadline ${relativeTime(o.dueAt)}` : ''}`,
    });
  }
  return { title: o.title, description: phaseLine(view), fields };
}

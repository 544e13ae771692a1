// What a battle thread shows (issue 15): the status embed, results in words, seat names and the
// battle pictures. Everything is drawn from the public view of the battle (the battlefield is open
// to both sides per the tactical rulings), never from the state. Independent of how the battle was
// created, so campaign battles (issue 16) reuse it unchanged.
import type { APIEmbed } from 'discord-api-types/v10';
import { battleMapOf, battlePrisonersLine, type TacView } from '../../app/battle-types.js';
import type { EngineEvent } from '../../app/engine-port.js';
import { renderTacticalMap } from '../../render/tactical/draw.js';
import { modelFromView, type TacViewForPicture } from '../../render/tactical/from-view.js';
import { MAX_PICTURE_BYTES } from '../map-renderer.js';

export const SIDE_NAME = { prussia: 'Prussia', austria: 'Austria' } as const;

const PHASE_NAME: Record<string, string> = {
  strategic: 'Strategic movement',
  deployment: 'Secret deployment',
  verification: 'A · Command verification',
  barrage: 'B · Barrage',
  operations: 'C · Operations',
  command: 'D · Command',
  rally: 'E · Rally',
  over: 'Battle over',
};

/** `austria:reserve` -> "Austria — Reserve Corps" (the formation's name from the view). */
export function battleSeatName(seat: string, view?: TacView | null): string {
  const [side, formation] = seat.split(':') as ['prussia' | 'austria', string | undefined];
  const sideName = SIDE_NAME[side] ?? seat;
  if (!formation) return `${sideName} (commander-in-chief)`;
  const f = view?.formations.find((x) => x.id === formation);
  return `${sideName} — ${f?.name ?? formation}`;
}

export function unitName(view: TacView | null | undefined, id: string): string {
  const u = view?.units.find((x) => x.id === id);
  return u ? `${(u as { name?: string }).name ?? id}${u.hex ? ` (${u.hex})` : ''}` : id;
}

export function phaseLine(v: TacView): string {
  const turn = v.turn === 0 ? `Strategic turn ${v.strategicTurn}` : `Turn ${v.turn} of ${v.lastTurn}`;
  const act = v.activation
    ? ` · ${SIDE_NAME[v.activation.side]} activation: ${v.activation.formations
        .map((f) => v.formations.find((x) => x.id === f)?.name ?? f)
        .join(' + ')}`
    : '';
  return `${turn} · ${PHASE_NAME[v.phase] ?? v.phase}${act}`;
}

/** Results in words: the engine's own sentences (odds column, die, result, losses, retreats). */
export function eventLines(events: readonly EngineEvent[]): string[] {
  return events
    .filter((e) => e.visibility === 'public')
    .map((e) => (typeof e.text === 'string' ? e.text : ''))
    .filter((t) => t.length > 0);
}

/** Hexes the events name (the area of a crop): every four-digit string in their data. */
export function eventHexes(events: readonly EngineEvent[]): string[] {
  const out = new Set<string>();
  const walk = (x: unknown, depth: number) => {
    if (depth > 5 || x === null || x === undefined) return;
    if (typeof x === 'string') {
      if (/^\d{4}$/.test(x)) out.add(x);
    } else if (Array.isArray(x)) for (const y of x) walk(y, depth + 1);
    else if (typeof x === 'object')
      for (const [k, v] of Object.entries(x)) if (k !== 'text' && k !== 'visibility') walk(v, depth + 1);
  };
  for (const e of events) walk(e, 0);
  return [...out];
}

export interface StatusInput {
  view: TacView;
  /** Awaited seats with their holder (a user id, or null when the autopilot plays it). */
  awaited: { seat: string; userId: string | null }[];
  dueAt: number | null;
  live?: boolean;
  lines?: string[];
  title?: string;
}

export function statusEmbed(o: StatusInput): APIEmbed {
  const v = o.view;
  const fields: APIEmbed['fields'] = [];
  if (o.lines?.length) fields.push({ name: 'What happened', value: o.lines.join('\n').slice(0, 1024) });
  if (v.over) {
    // Ruling Aftermath: the pursuit's prisoners belong to the result (standalone Leuthen battles).
    const prisoners = battlePrisonersLine(v);
    fields.push({
      name: 'Result',
      value:
        `${v.over.winner ? `${SIDE_NAME[v.over.winner]} wins` : 'Draw'} (${v.over.level}): ${v.over.reason}${prisoners ? `\n${prisoners[0]!.toUpperCase()}${prisoners.slice(1)}.` : ''}`.slice(
          0,
          1024,
        ),
    });
  } else if (o.awaited.length) {
    fields.push({
      name: 'Waiting for',
      value: o.awaited
        .map((a) => `${battleSeatName(a.seat, v)}: ${a.userId ? `<@${a.userId}>` : 'the autopilot'}`)
        .join('\n')
        .slice(0, 1024),
    });
  }
  if (o.dueAt !== null && !v.over)
    fields.push({
      name: 'Deadline',
      value: `<t:${Math.floor(o.dueAt / 1000)}:R>${o.live ? ' (live mode)' : ''}`,
    });
  const cp = (side: 'prussia' | 'austria') =>
    v.units.filter((u) => u.side === side && !u.eliminated && u.hex !== null).reduce((a, u) => a + u.cp, 0);
  fields.push({
    name: 'Combat points on the field',
    value: `Prussia ${cp('prussia')} · Austria ${cp('austria')}`,
  });
  return {
    title: o.title ?? `Leuthen — ${phaseLine(v)}`,
    description: o.title ? phaseLine(v) : undefined,
    fields,
  };
}

/**
 * A picture of the battle from the public view: the whole map, or a crop around `center`. PNG with a
 * palette (png8) stays well under Discord's inline limit; a picture over the budget is dropped.
 */
export function battlePicture(
  view: TacView,
  o: { center?: string; radius?: number; title: string; highlights?: string[] },
): Buffer | null {
  // A campaign battle's generated field is registered by the tactical host (issue 16).
  const map = battleMapOf(view.map);
  const model = modelFromView(view as unknown as TacViewForPicture, {
    title: o.title,
    subtitle: phaseLine(view),
    ...(o.highlights?.length ? { highlights: o.highlights.filter((h) => map.has(h)) } : {}),
  });
  const center = o.center && map.has(o.center) ? o.center : undefined;
  const pic = renderTacticalMap(
    map,
    model,
    center ? { center, radius: o.radius ?? 4, width: 800 } : { width: 1000 },
  );
  return pic.png.length <= MAX_PICTURE_BYTES ? pic.png : null;
}

/** The hex at the middle of a set of hexes (for a crop around what happened). */
export function middleHex(hexes: readonly string[]): string | undefined {
  if (!hexes.length) return undefined;
  const cols = hexes.map((h) => Number(h.slice(0, 2)));
  const rows = hexes.map((h) => Number(h.slice(2)));
  const mid = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  const target = { c: mid(cols), r: mid(rows) };
  // The listed hex nearest the average (a hex of the action itself, never an empty guess).
  return [...hexes].sort(
    (a, b) =>
      Math.abs(Number(a.slice(0, 2)) - target.c) +
      Math.abs(Number(a.slice(2)) - target.r) -
      (Math.abs(Number(b.slice(0, 2)) - target.c) + Math.abs(Number(b.slice(2)) - target.r)),
  )[0];
}

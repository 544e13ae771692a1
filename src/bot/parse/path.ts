// Parses a march path typed by a player: hex numbers ("1729 1730") or place names with fuzzy
// matching ("Torgau, Dresdn"), separated by commas, arrows or spaces. Errors are values.
import type { NameBook } from '../names.js';

export type Parsed<T> = { ok: true; value: T; notes: string[] } | { ok: false; message: string };

/** Discord caps option strings; the engine caps a path at 12 hexes (5.36: at most 6 MP anyway). */
export const MAX_PATH_HEXES = 12;

function splitTokens(raw: string): string[] {
  const bySep = raw
    .split(/\s*(?:,|;|->|→|>|\|)\s*/)
    .map((t) => t.trim())
    .filter(Boolean);
  // "1729 1730 1731": a run of hex numbers separated by spaces.
  return bySep.flatMap((t) => (/^\d{4}(\s+\d{4})+$/.test(t) ? t.split(/\s+/) : [t]));
}

export function parsePath(raw: string, names: NameBook): Parsed<string[]> {
  if (typeof raw !== 'string' || raw.trim() === '')
    return { ok: false, message: 'Give the path: the hexes to enter, in order.' };
  if (raw.length > 300) return { ok: false, message: 'That path is too long.' };
  const tokens = splitTokens(raw);
  if (tokens.length > MAX_PATH_HEXES) {
    return {
      ok: false,
      message: `A path may list at most ${MAX_PATH_HEXES} hexes (5.36 limits a move to 6 MP).`,
    };
  }
  const hexes: string[] = [];
  const notes: string[] = [];
  for (const t of tokens) {
    if (/^\d+$/.test(t) && t.length !== 4) {
      return {
        ok: false,
        message: `"${t}" is not a hex number; hex numbers have four digits (row, column).`,
      };
    }
    const m = names.hex(t);
    if (!m.ok) return { ok: false, message: m.message };
    if (!m.exact) notes.push(`"${t}" read as ${m.match.name} (${m.match.value}).`);
    hexes.push(m.match.value);
  }
  return { ok: true, value: hexes, notes };
}

export interface UnitsSpec {
  sp?: number;
  leaders?: string[];
}

export interface StopSpec {
  hex: string;
  drop?: UnitsSpec;
  pick?: UnitsSpec;
}

/**
 * Pick-ups and drops along the path (5.35): "Torgau: drop 2 keith; 1730: pick 3".
 * `leaderId` resolves a typed leader name (fuzzy) to an id or returns an error message.
 */
export function parseStops(
  raw: string,
  names: NameBook,
  leaderId: (name: string) => { ok: true; id: string } | { ok: false; message: string },
): Parsed<StopSpec[]> {
  const stops: StopSpec[] = [];
  const notes: string[] = [];
  for (const part of raw
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(.+?)\s*:\s*(.+)$/.exec(part);
    if (!m)
      return { ok: false, message: `"${part}": write a stop as "place: drop 2 keith" or "place: pick 3".` };
    const where = names.hex(m[1] as string);
    if (!where.ok) return { ok: false, message: where.message };
    const stop: StopSpec = { hex: where.match.value };
    const words = (m[2] as string).split(/[\s,]+/).filter(Boolean);
    let mode: 'drop' | 'pick' | null = null;
    for (const w of words) {
      const lw = w.toLowerCase();
      if (lw === 'drop' || lw === 'pick') {
        mode = lw;
        stop[mode] = stop[mode] ?? {};
        continue;
      }
      if (!mode) return { ok: false, message: `"${part}": say "drop" or "pick" before the units.` };
      const target = stop[mode] as UnitsSpec;
      if (/^\d+$/.test(w)) {
        const n = Number(w);
        if (n > 99) return { ok: false, message: `"${w}" SP is more than any force holds.` };
        target.sp = (target.sp ?? 0) + n;
      } else if (/^\d+sp$/i.test(w)) {
        target.sp = (target.sp ?? 0) + Number(w.slice(0, -2));
      } else if (lw !== 'sp' && lw !== 'and') {
        const l = leaderId(w);
        if (!l.ok) return { ok: false, message: l.message };
        target.leaders = [...(target.leaders ?? []), l.id];
      }
    }
    stops.push(stop);
  }
  if (stops.length > MAX_PATH_HEXES) return { ok: false, message: 'Too many stops.' };
  return { ok: true, value: stops, notes };
}

/** A comma-separated list of leader names -> ids. */
export function parseLeaderList(
  raw: string,
  leaderId: (name: string) => { ok: true; id: string } | { ok: false; message: string },
): Parsed<string[]> {
  const ids: string[] = [];
  for (const name of raw
    .split(/[,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const l = leaderId(name);
    if (!l.ok) return { ok: false, message: l.message };
    if (!ids.includes(l.id)) ids.push(l.id);
  }
  if (ids.length > 10) return { ok: false, message: 'Too many leaders named.' };
  return { ok: true, value: ids, notes: [] };
}

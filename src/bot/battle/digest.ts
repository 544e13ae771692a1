// What a battle thread tells in words, and when it shows a picture (issue 15). A thread that posts
// every step reads like a log (551 messages by turn 5 in the first e2e run); a player wants the
// results of each activation (what attacked what, odds column, die, result, losses, retreats, routs)
// in full, the movements in short, and one picture when an activation (or a barrage) is over and a
// whole-map picture when a turn begins. Pure functions: publish.ts decides posting and editing.

import { battleHexDistance as distance, type TacView } from '../../app/battle-types.js';
import type { EngineEvent } from '../../app/engine-port.js';

/** Events that only move pieces: told in one short line per run of them. */
const MOVEMENT = new Set(['move', 'face', 'leader-move', 'enter']);
/** Events already said elsewhere in the message (the prompt's question stands under "Waiting for"). */
const SILENT = new Set(['prompt']);

type Ev = EngineEvent & { unit?: unknown; leader?: unknown; from?: unknown; to?: unknown; hex?: unknown };

const nameOf = (view: TacView | null | undefined, id: string): string => {
  const u = view?.units.find((x) => x.id === id) as { name?: string } | undefined;
  if (u?.name) return u.name;
  const l = (view as { leaders?: { id: string; name?: string }[] } | null | undefined)?.leaders?.find(
    (x) => x.id === id,
  );
  return l?.name ?? id;
};

/** One line for a run of movement events: each piece once, from its first hex to its last. */
function movementLine(run: Ev[], view: TacView | null | undefined): string {
  const paths = new Map<string, { from?: string; to?: string; turned: boolean }>();
  for (const e of run) {
    const id = String(e.unit ?? e.leader ?? '');
    if (!id) continue;
    const p = paths.get(id) ?? { turned: false };
    if (e.type === 'face') p.turned = true;
    else if (e.type === 'enter') p.to = String(e.hex ?? '');
    else {
      if (p.from === undefined && typeof e.from === 'string') p.from = e.from;
      if (typeof e.to === 'string') p.to = e.to;
    }
    paths.set(id, p);
  }
  const parts = [...paths].map(([id, p]) => {
    const where = p.to ? (p.from ? ` ${p.from}→${p.to}` : ` to ${p.to}`) : '';
    return `${nameOf(view, id)}${where}${p.turned ? (where ? ', turned' : ' turned') : ''}`;
  });
  return `↪ ${parts.join('; ')}`;
}

/** The engine's sentences name sides and formations by id: say them by name. */
function named(text: string, view: TacView | null | undefined): string {
  let t = text;
  for (const f of view?.formations ?? []) if (t.includes(f.id)) t = t.split(f.id).join(f.name);
  return t.replace(/\b(prussia|austria)\b/g, (x) => (x === 'prussia' ? 'Prussia' : 'Austria'));
}

/**
 * Results in words: combat, losses, retreats, routs and rallies as the engine says them (its
 * sentences name the odds column, the die and the result), runs of movements folded into one line.
 */
export function digestLines(events: readonly EngineEvent[], view?: TacView | null): string[] {
  const out: string[] = [];
  let run: Ev[] = [];
  const flush = () => {
    if (run.length) out.push(movementLine(run, view));
    run = [];
  };
  for (const e of events as Ev[]) {
    if (e.visibility !== 'public' || SILENT.has(e.type)) continue;
    if (MOVEMENT.has(e.type)) {
      run.push(e);
      continue;
    }
    flush();
    if (typeof e.text === 'string' && e.text) out.push(named(e.text, view));
  }
  flush();
  return out;
}

/**
 * Fits lines into `max` characters: the latest lines are kept, movement lines are dropped first,
 * and what was left out is counted so the reader knows (`/battle status` has the state).
 */
export function fitLines(lines: readonly string[], max: number): string {
  const keep = [...lines];
  const len = () => keep.join('\n').length;
  let dropped = 0;
  // Room for the note saying what was left out, once something is.
  const budget = () => (dropped ? max - 40 : max);
  while (keep.length > 1 && len() > budget()) {
    const i = keep.findIndex((l) => l.startsWith('↪'));
    keep.splice(i >= 0 ? i : 0, 1);
    dropped++;
  }
  const body = keep.join('\n').slice(0, budget());
  return dropped ? `… ${dropped} earlier line${dropped > 1 ? 's' : ''} left out\n${body}` : body;
}

/** Types whose events change the field (worth a picture once the activation is over). */
const VISUAL = new Set([
  'move',
  'face',
  'enter',
  'fire',
  'fire-result',
  'shock-declared',
  'shock',
  'loss',
  'retreat',
  'rout-move',
  'routed',
  'advance',
  'eliminated',
  'disorganized',
  'rally',
]);

export function isVisual(events: readonly EngineEvent[]): boolean {
  return events.some((e) => e.visibility === 'public' && VISUAL.has(e.type));
}

/**
 * Which picture an update carries: the whole map when a turn began (or the battle ended); a crop
 * when an activation, a barrage or a resolution closed with something to show; none in the middle
 * of an activation (a prompt), so each activation shows at most one picture to everyone.
 */
export function pictureFor(
  events: readonly EngineEvent[],
  view: TacView,
  pendingVisual: boolean,
): 'map' | 'crop' | null {
  if (events.some((e) => e.type === 'turn' || e.type === 'game-over') || view.over) return 'map';
  const closed = events.some((e) => e.type === 'activation-end') || view.activation === null;
  return closed && (pendingVisual || isVisual(events)) ? 'crop' : null;
}

/** The crop's centre and radius so that every hex of the action is in the picture (radius 3..7). */
export function cropAround(hexes: readonly string[]): { center: string; radius: number } | undefined {
  const valid = hexes.filter((h) => /^\d{4}$/.test(h));
  if (!valid.length) return undefined;
  const cols = valid.map((h) => Number(h.slice(0, 2)));
  const rows = valid.map((h) => Number(h.slice(2)));
  const mid = (xs: number[]) => Math.round((Math.min(...xs) + Math.max(...xs)) / 2);
  const target = `${String(mid(cols)).padStart(2, '0')}${String(mid(rows)).padStart(2, '0')}`;
  // The hex of the action nearest the middle of their box (never a hex off the map).
  const center = [...valid].sort(
    (a, b) => distance(a, target) - distance(b, target) || a.localeCompare(b),
  )[0]!;
  const far = Math.max(...valid.map((h) => distance(h, center)));
  return { center, radius: Math.min(7, Math.max(3, far + 1)) };
}

/** A message's title: the activations it closes by name, else the decision awaited. */
export function titleFor(events: readonly EngineEvent[], view: TacView): string {
  const name = (id: string) => view.formations.find((f) => f.id === id)?.name ?? id;
  const ended = events
    .filter((e) => e.type === 'activation-end' && e.visibility === 'public')
    .flatMap((e) => ((e as { formations?: unknown }).formations as string[] | undefined) ?? []);
  if (ended.length) {
    const list = ended.map(name);
    const shown =
      list.length > 3 ? `${list.slice(0, 3).join(', ')} and ${list.length - 3} more` : list.join(', ');
    return `Activation${ended.length > 1 ? 's' : ''} over: ${shown}`.slice(0, 256);
  }
  const p = view.prompt as { side?: string; kind?: string } | null;
  if (p?.kind) return `${p.side === 'prussia' ? 'Prussia' : 'Austria'} decides: ${p.kind}`;
  return 'Battle update';
}

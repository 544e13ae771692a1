// The leaders a user may order: those of the seats they hold, read from each seat's own view.
import type { GameRow } from '../app/directory.js';
import { matchName, type Named, rankNames } from './fuzzy.js';
import type { BotDeps } from './types.js';
import { readView } from './view-reader.js';

export interface OwnLeader {
  id: string;
  name: string;
  seat: string;
  hex: string | null;
}

export function ownLeaders(deps: BotDeps, game: GameRow, userId: string, seat?: string): OwnLeader[] {
  if (!game.started) return [];
  const held = deps.directory
    .seats(game.id)
    .filter((s) => s.userId === userId && (seat === undefined || s.seat === seat));
  const out: OwnLeader[] = [];
  for (const s of held) {
    const v = deps.service.view({ gameId: game.id, seat: s.seat, userId });
    if (!v.ok) continue;
    for (const l of readView(v.view, [s.seat]).leaders) {
      if (l.nationality !== s.seat) continue;
      if (l.status && l.status !== 'map') continue;
      out.push({ id: l.id, name: l.name, seat: s.seat, hex: l.hex });
    }
  }
  return out;
}

function named(leaders: OwnLeader[]): Named<OwnLeader>[] {
  return leaders.map((l) => ({ name: l.name, value: l, aliases: [l.id] }));
}

export function matchLeader(
  leaders: OwnLeader[],
  query: string,
): { ok: true; leader: OwnLeader } | { ok: false; message: string } {
  if (leaders.length === 0) return { ok: false, message: 'You have no leader on the map.' };
  const m = matchName(query, named(leaders), 'leader of yours');
  if (!m.ok) return { ok: false, message: m.message };
  return { ok: true, leader: m.match.value };
}

export function suggestLeaders(leaders: OwnLeader[], query: string): OwnLeader[] {
  return rankNames(query, named(leaders), 25).map((n) => n.value);
}

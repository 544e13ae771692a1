// The turn-by-turn story of a campaign (issue 21 /history), told from the engine's own events as
// the game is replayed from its action log: battles, sieges, storms and surrenders, captured
// fortresses, reinforcements, prisoners, and the end. Each event keeps its visibility, so during
// play a viewer is told only what their seats saw; after the end everyone may read everything.
import type { Db } from '../../db/client.js';
import { actionLog, getGame } from '../../db/game-repository.js';
import { scenarioYear, turnDate } from '../../render/calendar.js';
import type { Action, EngineEvent, RulesEngine } from '../engine-port.js';

/** Event types worth a line in the story. `turn` starts a new chapter. */
export const STORY_EVENTS: ReadonlySet<string> = new Set([
  'battle',
  'battle-public',
  'overwhelm-success',
  'retreat-trapped',
  'siege-roll',
  'storm',
  'honours',
  'surrender',
  'fortress-captured',
  'captured',
  'depot-captured',
  'reinforcement',
  'removed-from-play',
  'russian-withdrawal-roll',
  'forfeit',
  'winter',
  'game-over',
]);

export interface StoryChapter {
  turn: number;
  date: string;
  lines: string[];
}

/** Who reads: every event ('all'), or only what these seats (or the public) may see. */
export type StoryViewer = 'all' | { seats: readonly string[] };

function visible(e: EngineEvent, viewer: StoryViewer): boolean {
  if (viewer === 'all' || e.visibility === 'public') return true;
  return e.visibility.seats.some((s) => viewer.seats.includes(s));
}

/** Replays the game and tells its story to `viewer`. */
export function campaignStory(
  db: Db,
  engine: RulesEngine<unknown>,
  gameId: string,
  viewer: StoryViewer,
): StoryChapter[] {
  const game = getGame(db, gameId);
  if (!game || game.state === null || game.kind !== 'campaign') return [];
  const year = scenarioYear(game.scenario);
  let state = engine.setup(game.scenario, game.seed, JSON.parse(game.options)) as { turn?: number };
  const chapter = (turn: number): StoryChapter => {
    const d = turnDate(turn, year);
    return { turn, date: d.ok ? d.label : `Turn ${turn}`, lines: [] };
  };
  const chapters: StoryChapter[] = [chapter(state.turn ?? 1)];
  for (const row of actionLog(db, gameId)) {
    const r = engine.apply(state, row.seat, JSON.parse(row.action) as Action);
    if (!r.ok) break;
    const seen = r.events.filter((e) => visible(e, viewer));
    // A viewer told of the battle itself does not need the public notice of it too.
    const foughtHexes = new Set(
      seen.filter((e) => e.type === 'battle').map((e) => (e.data as { hex?: string } | undefined)?.hex),
    );
    for (const e of seen) {
      if (e.type === 'turn') {
        chapters.push(chapter((e.data as { turn?: number } | undefined)?.turn ?? chapters.length));
        continue;
      }
      if (!STORY_EVENTS.has(e.type)) continue;
      if (e.type === 'battle-public' && foughtHexes.has((e.data as { hex?: string } | undefined)?.hex))
        continue;
      const text = typeof e.text === 'string' ? e.text : '';
      if (text) chapters.at(-1)!.lines.push(text);
    }
    state = r.state as { turn?: number };
  }
  return chapters.filter((c) => c.lines.length > 0);
}

// Start-up data for the bot: place names (map sources) and leader names (scenario files) for
// fuzzy matching, and our rule summaries for /rule.
import { readFileSync } from 'node:fs';
import { displayLeaderName, type LeaderName, NameBook, type PlaceData } from './names.js';
import { RuleBook } from './rules.js';

const root = new URL('../../', import.meta.url);

function readJson(rel: string): unknown {
  return JSON.parse(readFileSync(new URL(rel, root), 'utf8'));
}

export function loadNames(): NameBook {
  let places: PlaceData = {};
  try {
    places = readJson('assets/map/src/places.json') as PlaceData;
  } catch {
    places = {};
  }
  const leaders = new Map<string, LeaderName>();
  for (const year of ['1756', '1757', '1758', '1759', '1760', '1761', '1762']) {
    try {
      const s = readJson(`scenarios/${year}.json`) as {
        setup?: Array<{ nationality: string; leaders?: Array<{ id: string }> }>;
      };
      for (const stack of s.setup ?? []) {
        for (const l of stack.leaders ?? []) {
          leaders.set(l.id, { id: l.id, name: displayLeaderName(l.id), nationality: stack.nationality });
        }
      }
    } catch {
      // A scenario file that is missing: its leaders still come from the views.
    }
  }
  // Display names only: the ratings in the same file are never read here.
  try {
    const book = readJson('scenarios/leaders.json') as { leaders?: Record<string, { name?: unknown }> };
    for (const [id, l] of Object.entries(book.leaders ?? {})) {
      if (typeof l.name === 'string') leaders.set(id, { ...leaders.get(id), id, name: l.name });
    }
  } catch {
    // No leader file: ids are shown title-cased.
  }
  return new NameBook(places, [...leaders.values()]);
}

export function loadRules(): RuleBook {
  return new RuleBook(readJson('assets/rules/summaries.json'));
}

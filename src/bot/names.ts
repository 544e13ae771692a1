// Place and leader names for fuzzy matching: fortresses and towns from the map's place list,
// leaders from the scenario files. Built once at start-up from plain data (see cli/commands/bot.ts).
import { type MatchResult, matchName, type Named, rankNames } from './fuzzy.js';

export interface PlaceData {
  fortresses?: Array<{ hex: string; name: string }>;
  towns?: Array<{ hex: string; name: string }>;
}

export interface LeaderName {
  id: string;
  name: string;
  nationality?: string;
}

/** "prince-henry" -> "Prince Henry". */
export function displayLeaderName(id: string): string {
  return id
    .split(/[-_ ]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(' ');
}

export class NameBook {
  readonly places: Named<string>[];

  constructor(places: PlaceData, leaders: LeaderName[] = []) {
    this.places = [...(places.fortresses ?? []), ...(places.towns ?? [])].map((p) => ({
      name: p.name,
      value: p.hex,
      aliases: [p.hex],
    }));
    this.leaders = leaders.map((l) => ({ name: l.name, value: l.id, aliases: [l.id] }));
  }

  readonly leaders: Named<string>[];

  /** A leader's display name from the scenario data (names only, never ratings), else the id. */
  leaderName(id: string): string {
    return this.leaders.find((l) => l.value === id)?.name ?? displayLeaderName(id);
  }

  placeName(hex: string): string | undefined {
    return this.places.find((p) => p.value === hex)?.name;
  }

  /** A hex id (four digits) as is, or a place name matched fuzzily. */
  hex(token: string): MatchResult<string> {
    const t = token.trim();
    if (/^\d{4}$/.test(t))
      return { ok: true, match: { name: this.placeName(t) ?? t, value: t }, exact: true };
    return matchName(t, this.places, 'place');
  }

  suggestPlaces(query: string, limit = 25): Named<string>[] {
    return rankNames(query, this.places, limit);
  }

  static leaderList(leaders: LeaderName[]): Named<string>[] {
    return leaders.map((l) => ({ name: l.name, value: l.id, aliases: [l.id] }));
  }
}

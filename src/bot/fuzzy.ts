// Fuzzy name matching for places (fortresses, towns) and leaders. Players type "Dresdn",
// "koln" or "Frederik"; we accept the closest name when it is clearly the best, and otherwise
// answer with the candidates so the player can choose. Pure: no Discord, no I/O.

export interface Named<T> {
  name: string;
  value: T;
  /** Other spellings that should also match (e.g. "Cologne" for Köln, a leader id). */
  aliases?: string[];
}

export type MatchResult<T> =
  | { ok: true; match: Named<T>; exact: boolean }
  | { ok: false; reason: 'unknown' | 'ambiguous'; candidates: Named<T>[]; message: string };

/** Lower case, accents removed, punctuation and spaces collapsed. */
export function normalizeName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => {
    const row = new Array<number>(n + 1).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j <= n; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= m; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = v;
    }
  }
  return (d[m] as number[])[n] as number;
}

/** A score where lower is better: 0 exact, then prefix, then typo distance. */
function score(query: string, key: string): number {
  if (query === key) return 0;
  // Two names sharing the typed prefix tie: the player must say which.
  if (key.startsWith(query)) return 0.5;
  const words = key.split(' ');
  if (words.some((w) => w.startsWith(query))) return 0.8;
  const dist = editDistance(query, key);
  // Compare against the same-length prefix too, so "magdeb" ~ "magdeburg" tolerates a typo.
  const prefixDist = key.length > query.length ? editDistance(query, key.slice(0, query.length)) + 0.3 : dist;
  return 1 + Math.min(dist, prefixDist);
}

/** How many typos we tolerate for a query of this length. */
function tolerance(len: number): number {
  if (len <= 3) return 0;
  if (len <= 5) return 1;
  if (len <= 8) return 2;
  return 3;
}

export function rankNames<T>(query: string, names: readonly Named<T>[], limit = 25): Named<T>[] {
  const q = normalizeName(query);
  if (q.length === 0) return names.slice(0, limit);
  const scored = names
    .map((n) => ({
      n,
      s: Math.min(...[n.name, ...(n.aliases ?? [])].map((k) => score(q, normalizeName(k)))),
    }))
    .filter((x) => x.s < 1 + tolerance(q.length) + 0.5)
    .sort((a, b) => a.s - b.s || a.n.name.localeCompare(b.n.name));
  return scored.slice(0, limit).map((x) => x.n);
}

/**
 * The single best match for `query`, or an error value listing the candidates. A match must be
 * exact, a unique prefix, or strictly closer (by edit distance) than every other name.
 */
export function matchName<T>(query: string, names: readonly Named<T>[], what: string): MatchResult<T> {
  const q = normalizeName(query);
  if (q.length === 0) {
    return { ok: false, reason: 'unknown', candidates: [], message: `Give a ${what} name.` };
  }
  const scored = names
    .map((n) => ({
      n,
      s: Math.min(...[n.name, ...(n.aliases ?? [])].map((k) => score(q, normalizeName(k)))),
    }))
    .sort((a, b) => a.s - b.s);
  const best = scored[0];
  if (!best || best.s >= 1 + tolerance(q.length) + 0.5) {
    const near = scored.slice(0, 3).map((x) => x.n.name);
    return {
      ok: false,
      reason: 'unknown',
      candidates: [],
      message: `No ${what} is called "${query}"${near.length ? ` (closest: ${near.join(', ')})` : ''}.`,
    };
  }
  if (best.s === 0) return { ok: true, match: best.n, exact: true };
  const ties = scored.filter((x) => x.s === best.s && x.n.name !== best.n.name);
  if (ties.length > 0) {
    const candidates = [best.n, ...ties.map((x) => x.n)].slice(0, 5);
    return {
      ok: false,
      reason: 'ambiguous',
      candidates,
      message: `"${query}" could be ${candidates.map((c) => c.name).join(' or ')}; be more precise.`,
    };
  }
  return { ok: true, match: best.n, exact: false };
}

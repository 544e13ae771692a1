// The seven scenarios and the leader ratings, validated by zod on load.
import s1756 from '../../../scenarios/1756.json' with { type: 'json' };
import s1757 from '../../../scenarios/1757.json' with { type: 'json' };
import s1758 from '../../../scenarios/1758.json' with { type: 'json' };
import s1759 from '../../../scenarios/1759.json' with { type: 'json' };
import s1760 from '../../../scenarios/1760.json' with { type: 'json' };
import s1761 from '../../../scenarios/1761.json' with { type: 'json' };
import s1762 from '../../../scenarios/1762.json' with { type: 'json' };
import leadersJson from '../../../scenarios/leaders.json' with { type: 'json' };
import type { ScenarioId } from '../types.js';
import { type LeaderRatings, leaderRatingsSchema, type Scenario, scenarioSchema } from './schema.js';

export * from './schema.js';

const RAW: Record<ScenarioId, unknown> = {
  '1756': s1756,
  '1757': s1757,
  '1758': s1758,
  '1759': s1759,
  '1760': s1760,
  '1761': s1761,
  '1762': s1762,
};

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Validate a parsed scenario object (from the bundled files or a user's file). */
export function parseScenario(raw: unknown): ParseResult<Scenario> {
  const r = scenarioSchema.safeParse(raw);
  if (!r.success) {
    const issues = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    return { ok: false, error: `invalid scenario: ${issues}` };
  }
  return { ok: true, value: r.data };
}

export function isScenarioId(x: unknown): x is ScenarioId {
  return typeof x === 'string' && x in RAW;
}

export function loadScenario(id: ScenarioId): Scenario {
  const r = parseScenario(RAW[id]);
  if (!r.ok) throw new Error(`bundled scenario ${id} is broken: ${r.error}`);
  return r.value;
}

let ratingsCache: LeaderRatings | undefined;
export function leaderRatings(): LeaderRatings {
  if (!ratingsCache) ratingsCache = leaderRatingsSchema.parse(leadersJson);
  return ratingsCache;
}

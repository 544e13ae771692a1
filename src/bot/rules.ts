// Our own short summaries of the rule cases (assets/rules/summaries.json), for /rule and for
// citing a case in error messages. The summaries are paraphrases written for this project.
import { z } from 'zod';
import { type Named, rankNames } from './fuzzy.js';

export const summariesSchema = z.object({
  note: z.string(),
  cases: z
    .array(
      z.object({
        case: z.string().regex(/^\d{1,2}\.\d{1,2}$/),
        title: z.string().min(1).max(100),
        summary: z.string().min(1).max(1500),
      }),
    )
    .min(1),
});

export type RuleSummary = z.infer<typeof summariesSchema>['cases'][number];

export class RuleBook {
  private readonly byCase = new Map<string, RuleSummary>();
  readonly all: RuleSummary[];

  constructor(data: unknown) {
    const parsed = summariesSchema.parse(data);
    this.all = parsed.cases;
    for (const c of parsed.cases) this.byCase.set(c.case, c);
  }

  /** "5.41", "[5.41]", "rule 5.41" or "5.410" all mean case 5.41. */
  lookup(query: string): { ok: true; rule: RuleSummary } | { ok: false; message: string } {
    const m = /(\d{1,2})\.(\d{1,2})/.exec(query);
    if (!m) return { ok: false, message: `"${query}" is not a rule case; give a number like 5.41.` };
    const key = `${Number(m[1])}.${m[2]}`;
    const exact = this.byCase.get(key);
    if (exact) return { ok: true, rule: exact };
    // 5.4 -> the section heading; 5.410 -> 5.41.
    const trimmed =
      this.byCase.get(key.replace(/0+$/, '')) ?? this.byCase.get(`${key}0`.replace(/\.(\d)0$/, '.$1'));
    if (trimmed) return { ok: true, rule: trimmed };
    const section = this.all.filter((c) => c.case.split('.')[0] === String(Number(m[1]))).map((c) => c.case);
    return {
      ok: false,
      message: `We have no summary of case ${key}.${section.length ? ` Cases in section ${Number(m[1])}: ${section.slice(0, 30).join(', ')}.` : ''}`,
    };
  }

  /** The cases one digit below a heading: 9.1 -> 9.11 ... 9.19 (none for a leaf case). */
  subCases(c: string): RuleSummary[] {
    return this.all.filter((x) => x.case.length === c.length + 1 && x.case.startsWith(c));
  }

  suggest(query: string, limit = 25): RuleSummary[] {
    const q = query.trim();
    if (/^\d/.test(q)) return this.all.filter((c) => c.case.startsWith(q.replace(/^\[/, ''))).slice(0, limit);
    const named: Named<RuleSummary>[] = this.all.map((c) => ({ name: c.title, value: c }));
    return rankNames(q, named, limit).map((n) => n.value);
  }
}

// Our own short summaries of the Leuthen 1757 tactical rules (assets/rules/leuthen-summaries.json),
// for /rule in a battle thread and /rule L11.5 anywhere. Cases: 0 ... 12.6 and the two scenarios
// (S1, S2). Paraphrases written for this project; the rulebook governs.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const schema = z.object({
  note: z.string(),
  cases: z
    .array(
      z.object({
        case: z.string().regex(/^(\d{1,2}(\.\d{1,2})?|S[12])$/),
        title: z.string().min(1).max(100),
        summary: z.string().min(1).max(1500),
      }),
    )
    .min(1),
});

export type LeuthenCase = z.infer<typeof schema>['cases'][number];

export class LeuthenRuleBook {
  readonly all: LeuthenCase[];
  private readonly byCase = new Map<string, LeuthenCase>();

  constructor(data: unknown) {
    this.all = schema.parse(data).cases;
    for (const c of this.all) this.byCase.set(c.case, c);
  }

  /** "11.5", "L11.5", "l 11.50", "11", "S1", "scenario 2" all find their case. */
  lookup(query: string): { ok: true; rule: LeuthenCase } | { ok: false; message: string } {
    const q = query.trim().replace(/^l(euthen)?\s*/i, '');
    const sc = /^s(?:cenario)?\s*([12])$/i.exec(q);
    if (sc) return { ok: true, rule: this.byCase.get(`S${sc[1]}`)! };
    const m = /^(\d{1,2})(?:\.(\d{1,2}))?/.exec(q);
    if (!m)
      return {
        ok: false,
        message: `"${query.slice(0, 30)}" is not a Leuthen case; give a number like L11.5 or S1.`,
      };
    const major = String(Number(m[1]));
    const minor = m[2]?.replace(/0$/, '').replace(/^$/, '0');
    const key = minor === undefined ? major : `${major}.${minor}`;
    const hit = this.byCase.get(key) ?? (minor === '0' ? this.byCase.get(major) : undefined);
    if (hit) return { ok: true, rule: hit };
    const section = this.all.filter((c) => c.case.split('.')[0] === major).map((c) => c.case);
    return {
      ok: false,
      message: `Leuthen 1757 has no case ${key}.${section.length ? ` Cases in section ${major}: ${section.join(', ')}.` : ' Its sections run from 0 to 12, with scenarios S1 and S2.'}`,
    };
  }

  /** A section's cases: 11 -> 11.1 ... 11.7. */
  subCases(c: string): LeuthenCase[] {
    return c.includes('.') || c.startsWith('S') ? [] : this.all.filter((x) => x.case.startsWith(`${c}.`));
  }

  suggest(query: string, limit = 25): LeuthenCase[] {
    const q = query
      .trim()
      .replace(/^l(euthen)?\s*/i, '')
      .toLowerCase();
    if (/^\d/.test(q)) return this.all.filter((c) => c.case.startsWith(q)).slice(0, limit);
    return this.all
      .filter((c) => !q || c.title.toLowerCase().includes(q) || c.case.toLowerCase() === q)
      .slice(0, limit);
  }
}

let book: LeuthenRuleBook | undefined;
export function leuthenRules(): LeuthenRuleBook {
  book ??= new LeuthenRuleBook(
    JSON.parse(
      readFileSync(new URL('../../../assets/rules/leuthen-summaries.json', import.meta.url), 'utf8'),
    ),
  );
  return book;
}

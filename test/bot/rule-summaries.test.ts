// assets/rules/summaries.json: valid, covers the rulebook's cases, and paraphrases: no run of ten
// words is shared with the rulebook text (checked when the rulebook is available locally).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RuleBook } from '../../src/bot/rules.js';

const data = JSON.parse(readFileSync(new URL('../../assets/rules/summaries.json', import.meta.url), 'utf8'));
const RULEBOOK = '/work/shared/rules/frederick-the-great-rules.txt';

function words(s: string): string[] {
  return s
    .toLowerCase()
    .replace(/-\s*\n\s*/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

function shingles(ws: string[], n: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + n <= ws.length; i++) out.add(ws.slice(i, i + n).join(' '));
  return out;
}

describe('rule summaries', () => {
  const book = new RuleBook(data);

  it('load, and look up by case, by section heading and by sloppy input', () => {
    expect(book.lookup('5.41')).toMatchObject({ ok: true, rule: { case: '5.41' } });
    expect(book.lookup('[13.33]')).toMatchObject({ ok: true, rule: { case: '13.33' } });
    expect(book.lookup('rule 9.5')).toMatchObject({ ok: true, rule: { case: '9.5' } });
    expect(book.lookup('5.410')).toMatchObject({ ok: true, rule: { case: '5.41' } });
    expect(book.lookup('99.1')).toMatchObject({ ok: false });
    expect(book.lookup('hello')).toMatchObject({ ok: false });
  });

  it('case numbers are unique', () => {
    const cases = book.all.map((c) => c.case);
    expect(new Set(cases).size).toBe(cases.length);
  });

  it.runIf(existsSync(RULEBOOK))('cover every case heading of the rulebook', () => {
    const text = readFileSync(RULEBOOK, 'utf8');
    const headings = new Set([...text.matchAll(/\[(\d{1,2}\.\d{1,2})[\])J]/g)].map((m) => m[1] as string));
    const missing = [...headings].filter((h) => !book.lookup(h).ok);
    expect(missing).toEqual([]);
  });

  it.runIf(existsSync(RULEBOOK))('share no ten-word run with the rulebook (paraphrase only)', () => {
    const rule = shingles(words(readFileSync(RULEBOOK, 'utf8')), 10);
    const copied: string[] = [];
    for (const c of book.all) {
      for (const s of shingles(words(`${c.title} ${c.summary}`), 10))
        if (rule.has(s)) copied.push(`${c.case}: ${s}`);
    }
    expect(copied).toEqual([]);
  });

  it.runIf(existsSync(RULEBOOK))('docs/playing.md shares no ten-word run with the rulebook either', () => {
    const rule = shingles(words(readFileSync(RULEBOOK, 'utf8')), 10);
    const doc = readFileSync(new URL('../../docs/playing.md', import.meta.url), 'utf8');
    expect([...shingles(words(doc), 10)].filter((s) => rule.has(s))).toEqual([]);
  });
});

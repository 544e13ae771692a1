// assets/rules/leuthen-summaries.json (issue 15, /rule for the Leuthen cases): valid, covers every
// case of the Leuthen rulebook, looks cases up the way players type them, and paraphrases: no run
// of ten words is shared with the rulebook text (checked when the rulebook is available locally).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LeuthenRuleBook, leuthenRules } from '../../src/bot/battle/rules.js';

const RULEBOOK = '/work/shared/rules/leuthen-1757-rules.txt';
const book = leuthenRules();

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

describe('Leuthen rule summaries', () => {
  it('11.5: look up by case, with the L prefix, by section and by scenario', () => {
    expect(book.lookup('11.5')).toMatchObject({ ok: true, rule: { case: '11.5' } });
    expect(book.lookup('L11.5')).toMatchObject({ ok: true, rule: { case: '11.5' } });
    expect(book.lookup('leuthen 11.50')).toMatchObject({ ok: true, rule: { case: '11.5' } });
    expect(book.lookup('11')).toMatchObject({ ok: true, rule: { case: '11' } });
    expect(book.lookup('11.0')).toMatchObject({ ok: true, rule: { case: '11' } });
    expect(book.lookup('S2')).toMatchObject({ ok: true, rule: { case: 'S2' } });
    expect(book.lookup('scenario 1')).toMatchObject({ ok: true, rule: { case: 'S1' } });
    expect(book.lookup('13.2')).toMatchObject({ ok: false });
    expect(book.lookup('11.9')).toMatchObject({ ok: false, message: expect.stringMatching(/11.1, 11.2/) });
    expect(book.lookup('hello')).toMatchObject({ ok: false });
    expect(book.subCases('11').map((c) => c.case)).toEqual([
      '11.1',
      '11.2',
      '11.3',
      '11.4',
      '11.5',
      '11.6',
      '11.7',
    ]);
    expect(book.suggest('L12').map((c) => c.case)).toEqual([
      '12',
      '12.1',
      '12.2',
      '12.3',
      '12.4',
      '12.5',
      '12.6',
    ]);
  });

  it('case numbers are unique and the schema refuses a malformed file', () => {
    const cases = book.all.map((c) => c.case);
    expect(new Set(cases).size).toBe(cases.length);
    expect(
      () => new LeuthenRuleBook({ note: '', cases: [{ case: 'x1', title: 't', summary: 's' }] }),
    ).toThrow();
  });

  it.runIf(existsSync(RULEBOOK))('cover every numbered case of the Leuthen rulebook', () => {
    const text = readFileSync(RULEBOOK, 'utf8');
    const heads = [...text.matchAll(/^\s*(\d{1,2}(?:\.\d{1,2})?)\.?\s+[A-Z]/gm)].map((m) => m[1]!);
    expect(heads.length).toBeGreaterThan(30);
    expect(heads.filter((h) => !book.lookup(h).ok)).toEqual([]);
  });

  it.runIf(existsSync(RULEBOOK))('share no ten-word run with the rulebook (paraphrase only)', () => {
    const rule = shingles(words(readFileSync(RULEBOOK, 'utf8')), 10);
    const copied: string[] = [];
    for (const c of book.all)
      for (const s of shingles(words(`${c.title} ${c.summary}`), 10))
        if (rule.has(s)) copied.push(`${c.case}: ${s}`);
    expect(copied).toEqual([]);
  });
});

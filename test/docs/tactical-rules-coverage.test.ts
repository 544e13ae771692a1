// Keeps docs/tactical-rules-coverage.md true: every numbered case of the Leuthen rules text (and the
// phases 4.A-4.E and both scenarios) has a row, statuses are allowed values, cited tests exist.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TEST_DIR = join(ROOT, 'test');
const DOC = join(ROOT, 'docs', 'tactical-rules-coverage.md');
const RULES = join(ROOT, '..', 'shared', 'rules', 'leuthen-1757-rules.txt');
const STATUSES = [
  'implemented and tested',
  'ruling',
  'not applicable',
  'implemented, NOT tested',
  'not yet',
  'engine bug',
];
const NEEDS_TESTS = new Set(['implemented and tested', 'ruling']);

interface Row {
  line: number;
  caseId: string;
  status: string;
  tests: { file: string; title: string }[];
}

function parseRows(doc: string): { rows: Row[]; problems: string[] } {
  const lines = doc.split('\n');
  const header = lines.findIndex((l) =>
    /^\|\s*case\s*\|\s*status\s*\|\s*tests\s*\|\s*notes\s*\|\s*$/.test(l),
  );
  if (header < 0) return { rows: [], problems: ['no table header'] };
  const rows: Row[] = [];
  const problems: string[] = [];
  for (let i = header + 2; i < lines.length; i++) {
    const l = lines[i] ?? '';
    if (!l.startsWith('|')) break;
    const cells = l
      .replace(/^\|/, '')
      .replace(/\|\s*$/, '')
      .split('|')
      .map((c) => c.trim());
    if (cells.length !== 4) {
      problems.push(`line ${i + 1}: expected 4 cells, found ${cells.length}`);
      continue;
    }
    const [caseId, status, tests] = cells as [string, string, string];
    const parsed: Row['tests'] = [];
    for (const t of tests === '' ? [] : tests.split('; ')) {
      const m = /^(\S+\.test\.ts): (.+)$/.exec(t.trim());
      if (!m) problems.push(`line ${i + 1}: test entry not "file: title": ${t}`);
      else parsed.push({ file: m[1]!, title: m[2]! });
    }
    rows.push({ line: i + 1, caseId, status, tests: parsed });
  }
  return { rows, problems };
}

/** Numbered headings of the rules text ("6.1 ZOC properties", "8.COMMANDERS"), plus 4.A-4.E and the scenarios. */
function leuthenCases(text: string): string[] {
  const out = new Set<string>();
  for (const l of text.split('\n')) {
    const m = /^(\d{1,2})\.(\d{1,2})?\s*[A-Z]/.exec(l);
    if (m) out.add(m[2] ? `${m[1]}.${m[2]}` : m[1]!);
    const p = /^([A-E])\. [A-Z]/.exec(l);
    if (p) out.add(`4.${p[1]}`);
    const s = /^(Scenario [12])\s*$/.exec(l.trim());
    if (s) out.add(s[1]!);
  }
  return [...out];
}

function titles(source: string): string[] {
  const out: string[] = [];
  const re = /\b(?:it|test)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const m of source.matchAll(re)) out.push(m[2]!.replace(/\\(['"`\\])/g, '$1'));
  // Template titles like `fuzz: ${id} ...`: keep the literal text around the placeholders.
  return out;
}

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...testFiles(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

function check(doc: string, byFile: Map<string, string[]>, rules?: string): string[] {
  const { rows, problems } = parseRows(doc);
  const seen = new Set<string>();
  for (const r of rows) {
    if (!/^(\d{1,2}(\.\d{1,2})?|4\.[A-E]|Scenario [12])$/.test(r.caseId))
      problems.push(`line ${r.line}: "${r.caseId}" is not a Leuthen case`);
    if (seen.has(r.caseId)) problems.push(`line ${r.line}: case ${r.caseId} listed twice`);
    seen.add(r.caseId);
    if (!STATUSES.includes(r.status))
      problems.push(`line ${r.line} (${r.caseId}): status "${r.status}" not allowed`);
    if (NEEDS_TESTS.has(r.status) && !r.tests.length)
      problems.push(`line ${r.line} (${r.caseId}): "${r.status}" names no test`);
    for (const t of r.tests) {
      const ts = byFile.get(t.file);
      if (!ts) problems.push(`line ${r.line} (${r.caseId}): no test file test/${t.file}`);
      else if (t.title.length < 12)
        problems.push(`line ${r.line} (${r.caseId}): title "${t.title}" too short`);
      else if (!ts.some((x) => x.includes(t.title)))
        problems.push(`line ${r.line} (${r.caseId}): no test titled "${t.title}" in test/${t.file}`);
    }
  }
  if (rules !== undefined)
    for (const c of leuthenCases(rules)) if (!seen.has(c)) problems.push(`Leuthen case ${c} has no row`);
  return problems;
}

describe('docs/tactical-rules-coverage.md', () => {
  const doc = readFileSync(DOC, 'utf8');
  const byFile = new Map(
    testFiles(TEST_DIR).map((f) => [
      relative(TEST_DIR, f).split('\\').join('/'),
      titles(readFileSync(f, 'utf8')),
    ]),
  );
  const rules = existsSync(RULES) ? readFileSync(RULES, 'utf8') : undefined;

  it('has a well-formed table with allowed statuses, and every cited test exists', () => {
    expect(check(doc, byFile)).toEqual([]);
  });

  it.skipIf(rules === undefined)(
    'lists every case of the Leuthen rules text (skipped without ../shared/rules)',
    () => {
      const cases = leuthenCases(rules ?? '');
      expect(cases).toContain('6.1');
      expect(cases).toContain('8');
      expect(cases).toContain('4.C');
      expect(cases).toContain('Scenario 2');
      expect(cases.length).toBeGreaterThan(45);
      expect(check(doc, byFile, rules)).toEqual([]);
    },
  );

  it('the checker flags a missing case, a bad status and a test that does not exist', () => {
    const head = '| case | status | tests | notes |\n|---|---|---|---|\n';
    const files = new Map([['tactical/x.test.ts', ['6.1: entering an enemy ZOC stops']]]);
    const p = check(
      `${head}| 6.1 | done | | |\n| 6.2 | ruling | tactical/x.test.ts: 6.2: nothing like this | |\n`,
      files,
      '6.1 ZOC\n6.2 Flanks\n7.  MOVEMENT\n',
    );
    expect(p.some((x) => x.includes('status "done"'))).toBe(true);
    expect(p.some((x) => x.includes('no test titled "6.2: nothing like this"'))).toBe(true);
    expect(p).toContain('Leuthen case 7 has no row');
  });
});

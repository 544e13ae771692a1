// Keeps docs/rules-coverage.md true: every rule case of the rulebook (4.0-18.0) and every scenario
// special rule has a row, every status is an allowed value, and every test a row cites exists.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TEST_DIR = join(ROOT, 'test');
const DOC = join(ROOT, 'docs', 'rules-coverage.md');
const RULES_DIR = join(ROOT, '..', 'shared', 'rules');

const STATUSES = [
  'implemented and tested',
  'ruling',
  'not applicable',
  'implemented, NOT tested',
  'not yet',
  'engine bug',
] as const;
/** Statuses that claim tests: each such row must cite at least one. */
const NEEDS_TESTS = new Set<string>(['implemented and tested', 'ruling']);
/** A cited title must be at least this long to be distinctive. */
const MIN_TITLE = 12;

interface Row {
  line: number;
  caseId: string;
  status: string;
  tests: Array<{ file: string; title: string }>;
  raw: string;
}

/** Parses the table `| case | status | tests | notes |`; returns rows and format problems. */
function parseCoverage(doc: string): { rows: Row[]; problems: string[] } {
  const rows: Row[] = [];
  const problems: string[] = [];
  const lines = doc.split('\n');
  const header = lines.findIndex((l) =>
    /^\|\s*case\s*\|\s*status\s*\|\s*tests\s*\|\s*notes\s*\|\s*$/.test(l),
  );
  if (header < 0) return { rows, problems: ['no table header "| case | status | tests | notes |"'] };
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
    const [caseId, status, tests, _notes] = cells as [string, string, string, string];
    const cited = tests === '' ? [] : tests.split('; ');
    const parsed: Row['tests'] = [];
    for (const t of cited) {
      const m = /^(\S+\.test\.ts): (.+)$/.exec(t.trim());
      if (!m) problems.push(`line ${i + 1} (${caseId}): test entry not "file: title": ${t}`);
      else parsed.push({ file: m[1]!, title: m[2]! });
    }
    rows.push({ line: i + 1, caseId, status, tests: parsed, raw: l });
  }
  return { rows, problems };
}

/** Bracketed case headings in the rulebook, e.g. [5.37], also the OCR slips "[5.37)]" and "[12.5J". */
function rulebookCases(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/\[(\d{1,2})\.(\d{1,2})(?:\)?\]|J)/g)) {
    const major = Number(m[1]);
    const id = `${m[1]}.${m[2]}`;
    if ((major >= 4 && major < 18) || id === '18.0') out.add(id);
  }
  return [...out];
}

/** Scenario special rules: "1756 A" for rule A of the 1756 scenario. */
function scenarioRules(text: string): string[] {
  const out: string[] = [];
  let year: string | undefined;
  let inRules = false;
  for (const raw of text.split('\n')) {
    const l = raw.replace(/<\|[^|]*\|>/g, '').trim();
    const y = /^(17[56]\d)$/.exec(l);
    if (y) year = y[1];
    if (/^\d\.\s+SPECIAL RULES/.test(l)) inRules = true;
    else if (/^\d\.\s+HISTORICAL RESULT/.test(l)) inRules = false;
    else if (inRules && year) {
      const r = /^([A-H])\.(\s|$)/.exec(l);
      if (r) out.push(`${year} ${r[1]}`);
    }
  }
  return out;
}

/** The it()/test() titles in a test file (quotes unescaped). */
function testTitles(source: string): string[] {
  const out: string[] = [];
  const re =
    /\b(?:it|test)(?:\.(?:each\([^)]*\)|fails|skip|only|todo|concurrent|sequential))*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const m of source.matchAll(re)) out.push(m[2]!.replace(/\\(['"`\\])/g, '$1'));
  return out;
}

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules') out.push(...testFiles(p));
    } else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Every problem found in the document; titlesByFile maps a path relative to test/ to its titles. */
function checkCoverage(
  doc: string,
  titlesByFile: Map<string, string[]>,
  rulebook: string | undefined,
): string[] {
  const { rows, problems } = parseCoverage(doc);
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (!/^(\d{1,2}\.\d{1,2}|17[56]\d [A-H])$/.test(r.caseId))
      problems.push(`line ${r.line}: "${r.caseId}" is not a case number nor a scenario rule like "1757 B"`);
    if (seen.has(r.caseId)) problems.push(`line ${r.line}: case ${r.caseId} listed twice`);
    seen.set(r.caseId, r.line);
    if (!(STATUSES as readonly string[]).includes(r.status))
      problems.push(
        `line ${r.line} (${r.caseId}): status "${r.status}" is not one of: ${STATUSES.join(', ')}`,
      );
    if (NEEDS_TESTS.has(r.status) && r.tests.length === 0)
      problems.push(`line ${r.line} (${r.caseId}): marked "${r.status}" but names no test`);
    for (const t of r.tests) {
      const titles = titlesByFile.get(t.file);
      if (!titles) {
        problems.push(`line ${r.line} (${r.caseId}): no test file test/${t.file}`);
        continue;
      }
      if (t.title.length < MIN_TITLE)
        problems.push(`line ${r.line} (${r.caseId}): title "${t.title}" is too short to be distinctive`);
      else if (!titles.some((x) => x.includes(t.title)))
        problems.push(`line ${r.line} (${r.caseId}): no test titled "${t.title}" in test/${t.file}`);
    }
  }
  if (rulebook !== undefined) {
    for (const c of [...rulebookCases(rulebook), ...scenarioRules(rulebook)])
      if (!seen.has(c)) problems.push(`rulebook case ${c} has no row`);
  }
  return problems;
}

function loadTitles(): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const f of testFiles(TEST_DIR))
    m.set(relative(TEST_DIR, f).split('\\').join('/'), testTitles(readFileSync(f, 'utf8')));
  return m;
}

function loadRulebook(): string | undefined {
  if (!existsSync(RULES_DIR)) return undefined;
  const files = readdirSync(RULES_DIR).filter((f) => f.endsWith('.txt'));
  const main = files.find((f) => f === 'frederick-the-great-rules.txt') ?? files[0];
  return main ? readFileSync(join(RULES_DIR, main), 'utf8') : undefined;
}

describe('docs/rules-coverage.md', () => {
  const doc = readFileSync(DOC, 'utf8');
  const titles = loadTitles();
  const rulebook = loadRulebook();

  it('has a well-formed table with allowed statuses, and every cited test exists', () => {
    // The rulebook comparison is the separate test below.
    expect(checkCoverage(doc, titles, undefined)).toEqual([]);
  });

  it.skipIf(rulebook === undefined)(
    'lists every bracketed case 4.0-18.0 and every scenario special rule of the rulebook (skipped: no rulebook at ../shared/rules)',
    () => {
      const book = rulebook ?? '';
      expect(rulebookCases(book).length).toBeGreaterThan(150);
      expect(scenarioRules(book)).toContain('1761 C');
      expect(checkCoverage(doc, titles, book)).toEqual([]);
    },
  );

  it('cites every test of test/engine/coverage-gaps.test.ts', () => {
    const cited = parseCoverage(doc)
      .rows.flatMap((r) => r.tests)
      .filter((t) => t.file === 'engine/coverage-gaps.test.ts')
      .map((t) => t.title);
    for (const title of titles.get('engine/coverage-gaps.test.ts') ?? [])
      expect(
        cited.some((c) => title.includes(c)),
        title,
      ).toBe(true);
  });
});

describe('the coverage checker itself', () => {
  const titles = new Map([
    ['engine/x.test.ts', ['5.41: clear + river costs 2 MP', "10.61: one SP in the owner's phase"]],
  ]);
  const head = '| case | status | tests | notes |\n|---|---|---|---|\n';

  it('accepts a good row and a quote inside a title', () => {
    const doc = `${head}| 5.41 | implemented and tested | engine/x.test.ts: 5.41: clear + river; engine/x.test.ts: 10.61: one SP in the owner's | |\n`;
    expect(checkCoverage(doc, titles, undefined)).toEqual([]);
  });

  it('flags a missing test, a bad status, a tested row without tests and a missing rulebook case', () => {
    const doc = `${head}| 5.41 | tested | | |\n| 5.42 | implemented and tested | | |\n| 5.43 | ruling | engine/x.test.ts: 5.43: no such test here | |\n`;
    const problems = checkCoverage(doc, titles, '[5.41] A\n[5.44] B\n[3.1] C\n[18.0] D\n');
    expect(problems.some((p) => p.includes('status "tested"'))).toBe(true);
    expect(
      problems.some((p) => p.includes('(5.42): marked "implemented and tested" but names no test')),
    ).toBe(true);
    expect(problems.some((p) => p.includes('no test titled "5.43: no such test here"'))).toBe(true);
    expect(problems).toContain('rulebook case 5.44 has no row');
    expect(problems).toContain('rulebook case 18.0 has no row');
    expect(problems.some((p) => p.includes('3.1'))).toBe(false);
  });

  it('reads the OCR slips of the headings and the scenario special rules', () => {
    expect(rulebookCases('[5.37)] x [12.5J HOW [10.62] [19.0] [4.0]').sort()).toEqual([
      '10.62',
      '12.5',
      '4.0',
      '5.37',
    ]);
    const book =
      '1757 \n5. SPECIAL RULES\nA. \nHanover\nB. \nAustrian\n6. HISTORICAL RESULT\nC. not a rule\n';
    expect(scenarioRules(book)).toEqual(['1757 A', '1757 B']);
  });
});

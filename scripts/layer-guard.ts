// The layer guard: keeps the pure layers pure and the presentation layers honest.
//   - src/kernel, src/engine, src/map, src/tactical, src/autopilot: no discord.js, drizzle-orm, better-sqlite3, bullmq,
//     ioredis, canvas or `node:` built-ins; no Math.random; no clock (Date.now, new Date(),
//     performance.now). Determinism (same scenario, seed and actions give the same game)
//     depends on it.
//   - src/render: may import only types from the engine (views are the contract).
//   - src/bot: imports none of src/engine, src/tactical, src/autopilot, src/kernel or src/db, not
//     even types: the service (src/app) is its only door, and app re-exports what the bot reads
//     (app/engine-types.ts, app/battle-types.ts, app/directory.ts). Nor does it get an engine or a
//     raw state: it imports none of the app modules that hand them out (apply-action, the engine
//     adapters and loaders), and names the RulesEngine port only in its composition root
//     (src/bot/client.ts, which hands the engine to the runtime, never to the handlers).
//   - everything outside src/engine imports only the engine's public surface, src/engine/index.ts.
//   - src/engine: never imports src/tactical or src/autopilot (issue #16: the tactical host is
//     injected through src/engine/combat/tactical-host.ts; types included, so the engine stands alone).
// TypeScript 7 ships no compiler API, so this is a small lexer: it blanks comments and the
// insides of strings (keeping import specifiers), then matches imports and forbidden calls.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Violation {
  file: string;
  line: number;
  message: string;
}

const PURE_DIRS = ['src/kernel', 'src/engine', 'src/map', 'src/tactical', 'src/autopilot'];
const TYPE_ONLY_ENGINE_DIRS = ['src/render'];
const SERVICE_ONLY_DIRS = ['src/bot'];
/** What the bot never imports: the engines, their kernel and autopilots, the database. */
const BEHIND_THE_SERVICE = ['src/engine', 'src/tactical', 'src/autopilot', 'src/kernel', 'src/db'];
/** App modules that hand out an engine or a raw game state: the bot asks the service instead. */
const ENGINE_HANDLES = [
  'src/app/apply-action',
  'src/app/battle-engine',
  'src/app/engine-adapter',
  'src/app/engine-kind',
  'src/app/engine-loader',
  'src/app/engines',
  'src/app/tactical',
];
/** The bot's composition root: builds the runtime (which holds the engine) and the handlers' deps. */
const BOT_ROOT = 'src/bot/client.ts';
const ENGINE_SURFACE = ['src/engine', 'src/engine/index', 'src/engine/index.js', 'src/engine/index.ts'];
const FORBIDDEN_IN_PURE = ['discord.js', 'drizzle-orm', 'better-sqlite3', 'bullmq', 'ioredis', 'canvas'];
const NODE_BUILTINS = new Set([
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'url',
  'util',
  'stream',
  'events',
  'worker_threads',
  'perf_hooks',
  'timers',
  'process',
  'buffer',
  'zlib',
  'readline',
  'dns',
  'cluster',
  'vm',
  'v8',
  'tls',
  'dgram',
  'module',
  'assert',
  'async_hooks',
  'inspector',
  'querystring',
]);
const FORBIDDEN_CALLS: [RegExp, string][] = [
  [/\bMath\s*\.\s*random\b/g, 'Math.random (use the RNG held in the game state)'],
  [/\bDate\s*\.\s*now\b/g, 'Date.now (time enters only as an action)'],
  [/\bnew\s+Date\b/g, 'new Date (time enters only as an action)'],
  [/\bperformance\s*\.\s*now\b/g, 'performance.now (time enters only as an action)'],
  [/(?<!\bnew\s+)\bDate\s*\(\s*\)/g, 'Date() (time enters only as an action)'],
];

/** Replace comments and string/template contents with spaces, keeping line structure. */
export function blankNonCode(src: string): { code: string; strings: { start: number; text: string }[] } {
  const out = src.split('');
  const strings: { start: number; text: string }[] = [];
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < src.length) {
    const c = src[i];
    const n = src[i + 1];
    if (c === '/' && n === '/') {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? src.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && n === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') j++;
        j++;
      }
      strings.push({ start: i, text: src.slice(i + 1, j) });
      blank(i + 1, j);
      i = j + 1;
    } else {
      i++;
    }
  }
  return { code: out.join(''), strings };
}

interface ImportRef {
  specifier: string;
  typeOnly: boolean;
  index: number;
}

/** Static imports, re-exports, dynamic import() and require() with their specifiers. */
export function findImports(src: string): ImportRef[] {
  const { code, strings } = blankNonCode(src);
  const stringAt = new Map(strings.map((s) => [s.start, s.text]));
  const refs: ImportRef[] = [];
  // `import ... from '<spec>'`, `export ... from '<spec>'`, `import '<spec>'`
  const stmt = /\b(import|export)\b([^;'"`]*?)(?:\bfrom\s*)?(['"])/g;
  for (let m = stmt.exec(code); m; m = stmt.exec(code)) {
    const quoteIndex = m.index + m[0].length - 1;
    const spec = stringAt.get(quoteIndex);
    if (spec === undefined) continue;
    const clause = (m[2] ?? '').trim();
    if (m[1] === 'export' && !/\bfrom\s*$/.test(m[0].slice(0, -1))) continue;
    if (m[1] === 'import' && clause !== '' && !/\bfrom\s*$/.test(m[0].slice(0, -1))) continue;
    refs.push({ specifier: spec, typeOnly: isTypeOnlyClause(clause), index: m.index });
  }
  const dyn = /\b(import|require)\s*\(\s*(['"`])/g;
  for (let m = dyn.exec(code); m; m = dyn.exec(code)) {
    const quoteIndex = m.index + m[0].length - 1;
    const spec = stringAt.get(quoteIndex);
    if (spec !== undefined) refs.push({ specifier: spec, typeOnly: false, index: m.index });
  }
  return refs;
}

function isTypeOnlyClause(clause: string): boolean {
  if (/^type\b/.test(clause)) return true;
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = (braces[1] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

function lineOf(src: string, index: number): number {
  let line = 1;
  for (let k = 0; k < index; k++) if (src.charCodeAt(k) === 10) line++;
  return line;
}

function packageName(spec: string): string {
  if (spec.startsWith('@')) return spec.split('/').slice(0, 2).join('/');
  return spec.split('/')[0] ?? spec;
}

function resolvesIntoEngine(fileRel: string, spec: string): boolean {
  return resolvesInto(fileRel, spec, 'src/engine');
}

/** The repository path a relative import resolves to, or null for a package import. */
function resolveTarget(fileRel: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const fromDir = fileRel.split('/').slice(0, -1);
  const parts = [...fromDir];
  for (const seg of spec.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

function resolvesInto(fileRel: string, spec: string, dir: string): boolean {
  const target = resolveTarget(fileRel, spec);
  return target !== null && (target === dir || target.startsWith(`${dir}/`));
}

/** Check one file's source, given its path relative to the repository root (with `/`). */
export function checkSource(fileRel: string, src: string): Violation[] {
  const violations: Violation[] = [];
  const inDir = (dirs: string[]) => dirs.some((d) => fileRel === d || fileRel.startsWith(`${d}/`));
  if (inDir(PURE_DIRS)) {
    for (const ref of findImports(src)) {
      const pkg = packageName(ref.specifier);
      const isBuiltin = ref.specifier.startsWith('node:') || NODE_BUILTINS.has(pkg);
      if (ref.typeOnly) continue;
      if (isBuiltin || FORBIDDEN_IN_PURE.includes(pkg)) {
        violations.push({
          file: fileRel,
          line: lineOf(src, ref.index),
          message: `pure layer imports "${ref.specifier}" (no I/O, Discord, database, queue or canvas in ${fileRel.split('/').slice(0, 2).join('/')})`,
        });
      }
    }
    const { code } = blankNonCode(src);
    for (const [pattern, what] of FORBIDDEN_CALLS) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(code); m; m = pattern.exec(code)) {
        violations.push({ file: fileRel, line: lineOf(src, m.index), message: `pure layer uses ${what}` });
      }
    }
  }
  if (inDir(['src/engine'])) {
    for (const ref of findImports(src)) {
      const into = ['src/tactical', 'src/autopilot'].find((d) => resolvesInto(fileRel, ref.specifier, d));
      if (into)
        violations.push({
          file: fileRel,
          line: lineOf(src, ref.index),
          message: `the strategic engine imports ${into} ("${ref.specifier}"); inject it instead (combat/tactical-host.ts)`,
        });
    }
  }
  if (inDir(TYPE_ONLY_ENGINE_DIRS)) {
    for (const ref of findImports(src)) {
      if (resolvesIntoEngine(fileRel, ref.specifier) && !ref.typeOnly) {
        violations.push({
          file: fileRel,
          line: lineOf(src, ref.index),
          message: `imports values from the engine ("${ref.specifier}"); render and bot may import only types (use \`import type\`)`,
        });
      }
    }
  }
  if (!inDir(['src/engine'])) {
    for (const ref of findImports(src)) {
      const target = resolveTarget(fileRel, ref.specifier);
      if (
        target !== null &&
        resolvesInto(fileRel, ref.specifier, 'src/engine') &&
        !ENGINE_SURFACE.includes(target)
      ) {
        violations.push({
          file: fileRel,
          line: lineOf(src, ref.index),
          message: `imports engine internals ("${ref.specifier}"); outside src/engine import only its public surface, src/engine/index.ts`,
        });
      }
    }
  }
  if (inDir(SERVICE_ONLY_DIRS)) {
    for (const ref of findImports(src)) {
      for (const dir of BEHIND_THE_SERVICE) {
        if (resolvesInto(fileRel, ref.specifier, dir)) {
          violations.push({
            file: fileRel,
            line: lineOf(src, ref.index),
            message: `the bot imports ${dir} ("${ref.specifier}"); it goes through the service (src/app) only`,
          });
        }
      }
      const target = resolveTarget(fileRel, ref.specifier)?.replace(/\.(ts|js|mts|mjs)$/, '');
      if (target !== undefined && ENGINE_HANDLES.includes(target))
        violations.push({
          file: fileRel,
          line: lineOf(src, ref.index),
          message: `the bot imports ${target} ("${ref.specifier}"), which hands out an engine or a raw state; ask the service`,
        });
    }
    if (fileRel !== BOT_ROOT) {
      const { code } = blankNonCode(src);
      const port = /\bRulesEngine\b/g;
      for (let m = port.exec(code); m; m = port.exec(code))
        violations.push({
          file: fileRel,
          line: lineOf(src, m.index),
          message: `the bot names the RulesEngine port outside ${BOT_ROOT}; its handlers get the service, never an engine`,
        });
    }
  }
  return violations;
}

function* walk(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.(ts|mts|cts|js|mjs)$/.test(name)) yield full;
  }
}

/** Check every source file under `root/src`. */
export function checkTree(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const file of walk(join(root, 'src'))) {
    const rel = relative(root, file).split(sep).join('/');
    violations.push(...checkSource(rel, readFileSync(file, 'utf8')));
  }
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.argv[2] ?? process.cwd();
  const violations = checkTree(root);
  for (const v of violations) console.error(`${v.file}:${v.line}: ${v.message}`);
  if (violations.length) {
    console.error(`layer guard: ${violations.length} violation(s)`);
    process.exit(1);
  }
  console.log('layer guard: ok');
}

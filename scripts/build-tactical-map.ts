// Builds assets/tactical/maps/<id>/map.json from assets/tactical/maps/<id>/src/features.json
// (default id: leuthen). Deterministic: same feature file, same bytes (the test rebuilds and
// compares). `--check` exits 1 when the committed map.json is stale; `--out FILE` writes elsewhere.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TacticalMapFile, tacticalMapFromData } from '../src/tactical/map.js';
import { parseFeatureFile, rasterise } from '../src/tactical/map-features.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function featuresPath(id: string): string {
  return join(ROOT, 'assets/tactical/maps', id, 'src/features.json');
}
export function mapPath(id: string): string {
  return join(ROOT, 'assets/tactical/maps', id, 'map.json');
}

/** Compact but diffable: one hex, hexside or label per line. */
export function stringifyTacticalMap(f: TacticalMapFile): string {
  const lines: string[] = ['{'];
  const entries = Object.entries(f).filter(([, v]) => v !== undefined);
  for (const [i, [k, v]] of entries.entries()) {
    const comma = i < entries.length - 1 ? ',' : '';
    if (Array.isArray(v)) {
      lines.push(`  ${JSON.stringify(k)}: [`);
      for (const [j, x] of v.entries()) lines.push(`    ${JSON.stringify(x)}${j < v.length - 1 ? ',' : ''}`);
      lines.push(`  ]${comma}`);
    } else if (v && typeof v === 'object') {
      lines.push(`  ${JSON.stringify(k)}: {`);
      const es = Object.entries(v);
      for (const [j, [kk, vv]] of es.entries())
        lines.push(`    ${JSON.stringify(kk)}: ${JSON.stringify(vv)}${j < es.length - 1 ? ',' : ''}`);
      lines.push(`  }${comma}`);
    } else {
      lines.push(`  ${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}`);
    }
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** The map.json text built from a feature file's text (throws with the reason on bad input). */
export function buildTacticalMapText(featuresText: string): string {
  const parsed = parseFeatureFile(JSON.parse(featuresText));
  if (!parsed.ok) throw new Error(parsed.error);
  const hash = createHash('sha256').update(featuresText).digest('hex');
  const file = rasterise(parsed.file, { featuresHash: hash });
  const check = tacticalMapFromData(file);
  if (!check.ok) throw new Error(check.error);
  return stringifyTacticalMap(file);
}

function main(argv: string[]): number {
  const idIdx = argv.indexOf('--map');
  const id = idIdx >= 0 && argv[idIdx + 1] ? argv[idIdx + 1]! : 'leuthen';
  const text = buildTacticalMapText(readFileSync(featuresPath(id), 'utf8'));
  if (argv.includes('--check')) {
    if (readFileSync(mapPath(id), 'utf8') !== text) {
      console.error(`${mapPath(id)} is stale: run \`npm run tactical-map:build\` and commit the result`);
      return 1;
    }
    console.log(`assets/tactical/maps/${id}/map.json is up to date with its features`);
    return 0;
  }
  const outIdx = argv.indexOf('--out');
  const out = outIdx >= 0 && argv[outIdx + 1] ? argv[outIdx + 1]! : mapPath(id);
  writeFileSync(out, text);
  const data = JSON.parse(text) as TacticalMapFile;
  const count = (t: string) => data.hexes.filter((h) => h.terrain === t).length;
  console.log(
    `${id}/map.json: ${data.hexes.length} hexes (village ${count('village')}, churchyard ${count('churchyard')}, woods ${count('woods')}, marsh ${count('marsh')}), ` +
      `hills ${data.hexes.filter((h) => h.elevation > 0).length}, hexsides ${data.hexsides.length}, labels ${data.labels.length}`,
  );
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exit(main(process.argv.slice(2)));

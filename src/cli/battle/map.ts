// `ftg battle map check [--map ID]` validates a battlefield map's invariants (Leuthen rules hexes,
// west edge, villages and heights, column 14, feature distances, streams, edges);
// `ftg battle map render --out FILE.png [--center HEX --radius N]` draws the base map.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParseArgsConfig } from 'node:util';
import { parseCommandArgs } from '../options.js';

export const summary = 'Battlefield map: `check` validates its invariants, `render` draws the base map';

const HELP = `Usage: ftg battle map check [--map ID]
       ftg battle map render --out FILE.png [--map ID] [--center HEX --radius N] [--width PX]

  check      validate the map: every hex the Leuthen rules name exists, the entry hexes lie on the
             west edge, the villages and heights are present, column 14 falls between Frobelwitz
             and Leuthen, village distances match the feature file within a hex, no stream cuts a
             village, both edges are reachable; exit 1 listing the failures
  render     draw the base map (terrain, villages and heights named, brooks, roads, abatis)
  --map      map id under assets/tactical/maps (default leuthen)
  --out      PNG file to write
  --center   crop around this hex (XXYY) ...
  --radius   ... showing N hexes each way (default 5)
  --width    image width in pixels (default 1000 whole map, 800 crop; at most 1000 for a crop)`;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const options = (args: string[]) =>
  ({
    args,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      map: { type: 'string' },
      out: { type: 'string' },
      center: { type: 'string' },
      radius: { type: 'string' },
      width: { type: 'string' },
    },
  }) satisfies ParseArgsConfig;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('battle map', HELP, options(args));
  if (!parsed.ok) return parsed.exit;
  const { values, positionals } = parsed;
  const id = values.map ?? 'leuthen';
  const sub = positionals[0];
  if (sub === 'check' && positionals.length === 1) return check(id);
  if (sub === 'render' && positionals.length === 1) {
    const { renderCommand } = await import('./render.js');
    return renderCommand('battle map render', HELP, { ...values, map: id }, undefined);
  }
  console.error(`ftg battle map: expected "check" or "render", got "${positionals.join(' ')}"\n${HELP}`);
  return 2;
}

async function check(id: string): Promise<number> {
  const { tacticalMap } = await import('../../tactical/maps.js');
  const { checkLeuthenMap } = await import('../../tactical/map-check.js');
  const { parseFeatureFile } = await import('../../tactical/map-features.js');
  let map: ReturnType<typeof tacticalMap>;
  try {
    map = tacticalMap(id);
  } catch (e) {
    console.error(`ftg battle map check: ${(e as Error).message}`);
    return 1;
  }
  const featuresFile = join(ROOT, 'assets/tactical/maps', id, 'src/features.json');
  let features: Parameters<typeof checkLeuthenMap>[1];
  try {
    const p = parseFeatureFile(JSON.parse(readFileSync(featuresFile, 'utf8')));
    if (!p.ok) {
      console.error(`ftg battle map check: ${p.error}`);
      return 1;
    }
    features = p.file;
  } catch (e) {
    console.error(`ftg battle map check: cannot read ${featuresFile}: ${(e as Error).message}`);
    return 1;
  }
  const hexes = map.hexes();
  const count = (t: string) => hexes.filter((h) => map.terrain(h) === t).length;
  console.log(
    `${map.name}: ${hexes.length} hexes (village ${count('village')}, churchyard ${count('churchyard')}, ` +
      `woods ${count('woods')}, marsh ${count('marsh')}, clear ${count('clear')}; ` +
      `hill ${hexes.filter((h) => map.elevation(h) > 0).length}), ${map.hexsides().size} hexsides, ${map.labels().length} labels`,
  );
  const results = checkLeuthenMap(map, features);
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.detail}`);
  const failed = results.filter((r) => !r.ok).length;
  if (failed) {
    console.error(`battle map check: ${failed} check(s) failed`);
    return 1;
  }
  console.log('battle map check: all invariants hold');
  return 0;
}

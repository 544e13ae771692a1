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
       ftg battle map check|render --generated HEX [--seed N] [--winter] [--attacker prussia|austria]
                                   [--from west|east] [--counters A,D] [--out FILE.png]

  check      validate the map: every hex the Leuthen rules name exists, the entry hexes lie on the
             west edge, the villages and heights are present, column 14 falls between Frobelwitz
             and Leuthen, village distances match the feature file within a hex, no stream cuts a
             village, both edges are reachable; exit 1 listing the failures
  render     draw the base map (terrain, villages and heights named, brooks, roads, abatis)
  --map      map id under assets/tactical/maps (default leuthen)
  --out      PNG file to write
  --center   crop around this hex (XXYY) ...
  --radius   ... showing N hexes each way (default 5)
  --width    image width in pixels (default 1000 whole map, 800 crop; at most 1000 for a crop)
  --generated  a campaign battlefield generated for strategic hex HEX (issue #16): check runs the
             generator's validity checks (room to deploy, both edges reachable, objectives on both
             halves); render draws it
  --seed     generator seed (default 1); --winter: a winter turn; --attacker (default prussia)
             comes from --from (default west); --counters: counters of attacker and defender (14,12)`;

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
      generated: { type: 'string' },
      seed: { type: 'string' },
      winter: { type: 'boolean' },
      attacker: { type: 'string' },
      from: { type: 'string' },
      counters: { type: 'string' },
    },
  }) satisfies ParseArgsConfig;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('battle map', HELP, options(args));
  if (!parsed.ok) return parsed.exit;
  const { values, positionals } = parsed;
  const id = values.map ?? 'leuthen';
  const sub = positionals[0];
  if (values.generated !== undefined && (sub === 'check' || sub === 'render') && positionals.length === 1) {
    const made = await generated(values);
    if (typeof made === 'number') return made;
    if (sub === 'check') return made.errors.length ? 1 : 0;
    const { renderCommand } = await import('./render.js');
    return renderCommand('battle map render', HELP, { ...values, map: made.id }, undefined);
  }
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

/** Generates (and registers) a campaign battlefield for `--generated HEX`; prints its check. */
async function generated(values: {
  generated?: string;
  seed?: string;
  winter?: boolean;
  attacker?: string;
  from?: string;
  counters?: string;
}): Promise<number | { id: string; errors: string[] }> {
  const { loadMap } = await import('../../map/strategic-map.js');
  const { fieldContext } = await import('../../tactical/bridge/context.js');
  const { generateField, validateField } = await import('../../tactical/bridge/field.js');
  const { addTacticalMap } = await import('../../tactical/maps.js');
  const smap = loadMap();
  const hex = values.generated ?? '';
  if (!smap.onMap(hex) || smap.terrain(hex) === 'sea' || smap.terrain(hex) === 'lake') {
    console.error(`ftg battle map: --generated: "${hex}" is not a land hex of the strategic map (RRCC)`);
    return 2;
  }
  const seed = Number(values.seed ?? '1');
  if (!Number.isInteger(seed)) {
    console.error(`ftg battle map: --seed must be an integer, got "${values.seed}"`);
    return 2;
  }
  const attacker = values.attacker ?? 'prussia';
  const from = values.from ?? 'west';
  if ((attacker !== 'prussia' && attacker !== 'austria') || (from !== 'west' && from !== 'east')) {
    console.error('ftg battle map: --attacker must be prussia or austria, --from west or east');
    return 2;
  }
  const counts = (values.counters ?? '14,12').split(',').map(Number);
  if (counts.length !== 2 || counts.some((n) => !Number.isInteger(n) || n < 1 || n > 200)) {
    console.error(`ftg battle map: --counters must be two counts 1-200 like 14,12, got "${values.counters}"`);
    return 2;
  }
  const ctx = fieldContext(smap, {
    hex,
    winter: values.winter ?? false,
    attacker,
    attackerEdge: from,
    counters: { attacker: counts[0]!, defender: counts[1]! },
  });
  let field: ReturnType<typeof generateField>;
  try {
    field = generateField(ctx, seed);
  } catch (e) {
    console.error(`ftg battle map: ${(e as Error).message}`);
    return 1;
  }
  addTacticalMap(field.map);
  const m = field.map;
  const hexes = m.hexes();
  const count = (t: string) => hexes.filter((h) => m.terrain(h) === t).length;
  console.log(
    `${m.name} (${m.id}, ${ctx.region}${ctx.mountain ? ', mountain' : ''}${ctx.river ? ', river' : ''}${ctx.town ? `, ${ctx.town}` : ''}): ` +
      `${m.data.columns.to} x ${m.data.rows.to}, village ${count('village')}, woods ${count('woods')}, marsh ${count('marsh')}, ` +
      `hill ${hexes.filter((h) => m.elevation(h) > 0).length}; ${m.hexsides().size} hexsides; objectives ${field.objectives.map((o) => `${o.name} ${o.hex} (${o.vp})`).join(', ')}`,
  );
  const errors = validateField(field, ctx);
  for (const e of errors) console.log(`FAIL ${e}`);
  if (!errors.length)
    console.log(
      'battle map check: generated field valid (room to deploy, edges reachable, objectives on both halves)',
    );
  return { id: m.id, errors };
}

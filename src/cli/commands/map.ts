// `ftg map check` validates the strategic map's invariants and prints its counts;
// `ftg map render --out FILE.png [--center HEX --radius N] [--labels]` draws the base layer.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParseArgsConfig } from 'node:util';
import { type ParsedArgs, parseCommandArgs } from '../options.js';

export const summary = 'Strategic map tools: `map check` validates invariants, `map render` draws a PNG';

const HELP = `Usage: ftg map check [--scenarios FILE]
       ftg map render --out FILE.png [--center HEX --radius N] [--labels] [--scale PX] [--hex-numbers]

  check        validate every map invariant (fortress hexes, rivers, passes, coasts, scenario hexes)
               and print counts; exit 1 with the violations listed when one fails
  --scenarios  scenario hex fixture (default test/map/fixtures/scenario-hexes.json)
  render       draw the base layer (terrain, rivers, ridges, passes, fortresses, towns)
  --out        PNG file to write
  --center     crop around this hex (RRCC) ...
  --radius     ... showing N hexes each way (default 6)
  --labels     draw fortress, town and pass names (fortress symbols and VP are always drawn)
  --scale      pixels per hex size (default 16 full map, 30 crop)
  --hex-numbers  force hex numbers on (default only on zoomed crops)`;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

interface Fixture {
  slips: Record<string, string>;
  scenarios: Record<string, { deployments: string[]; garrisons: string[]; reinforcements: string[] }>;
  errata: Record<string, string[]>;
}

/** Scenario hexes (slips corrected) and one-SP garrison hexes from the fixture. */
export function scenarioHexLists(fx: Fixture): { scenarioHexes: string[]; garrisonHexes: string[] } {
  const fix = (year: string, h: string) => fx.slips[`${year}:${h}`] ?? h;
  const scenarioHexes = new Set<string>();
  const garrisonHexes = new Set<string>();
  for (const [year, sc] of Object.entries(fx.scenarios)) {
    for (const h of [...sc.deployments, ...sc.reinforcements]) scenarioHexes.add(fix(year, h));
    for (const h of sc.garrisons) garrisonHexes.add(fix(year, h));
  }
  for (const list of Object.values(fx.errata)) for (const h of list) scenarioHexes.add(h);
  return { scenarioHexes: [...scenarioHexes].sort(), garrisonHexes: [...garrisonHexes].sort() };
}

function parseOptions(args: string[]) {
  return {
    args,
    allowPositionals: true,
    allowNegative: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      scenarios: { type: 'string' },
      out: { type: 'string' },
      center: { type: 'string' },
      radius: { type: 'string' },
      labels: { type: 'boolean' },
      scale: { type: 'string' },
      'hex-numbers': { type: 'boolean' },
    },
  } satisfies ParseArgsConfig;
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('map', HELP, parseOptions(args));
  if (!parsed.ok) return parsed.exit;
  const { values, positionals } = parsed;
  const sub = positionals[0];
  if (sub === 'check' && positionals.length === 1) return check(values.scenarios);
  if (sub === 'render' && positionals.length === 1) return render(values);
  console.error(`ftg map: expected "check" or "render", got "${positionals.join(' ')}"\n${HELP}`);
  return 2;
}

async function check(fixturePath: string | undefined): Promise<number> {
  const { loadMap } = await import('../../map/strategic-map.js');
  const { checkMap } = await import('../../map/check.js');
  const path = fixturePath ?? join(ROOT, 'test/map/fixtures/scenario-hexes.json');
  let fx: Fixture;
  try {
    fx = JSON.parse(readFileSync(path, 'utf8')) as Fixture;
  } catch (e) {
    console.error(`ftg map check: cannot read scenario fixture ${path}: ${(e as Error).message}`);
    return 2;
  }
  let map: ReturnType<typeof loadMap>;
  try {
    map = loadMap();
  } catch (e) {
    console.error(`ftg map check: ${(e as Error).message}`);
    return 1;
  }
  const { violations, counts } = checkMap(map, scenarioHexLists(fx));
  const t = counts.hexesByTerrain;
  console.log(
    `hexes: ${map.rows * map.cols} (clear ${t.clear}, mountain ${t.mountain}, sea ${t.sea}, lake ${t.lake})`,
  );
  console.log(
    `river hexsides: ${Object.entries(counts.riverHexsidesByRiver)
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}`,
  );
  console.log(
    `mountain hexsides: ${counts.mountainHexsides}, passes: ${counts.passes}, fortresses: ${counts.fortresses}`,
  );
  console.log(
    `passes by ridge: ${Object.entries(counts.passesByRidge)
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}`,
  );
  console.log(
    `regions (hexes): ${Object.entries(counts.hexesByRegion)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}`,
  );
  if (violations.length > 0) {
    console.error(`\n${violations.length} violation(s):`);
    for (const v of violations) console.error(`  - ${v}`);
    return 1;
  }
  console.log('map check: all invariants hold');
  return 0;
}

async function render(values: ParsedArgs<ReturnType<typeof parseOptions>>['values']): Promise<number> {
  if (!values.out) {
    console.error(`ftg map render: --out FILE.png is required\n${HELP}`);
    return 2;
  }
  const { loadMap } = await import('../../map/strategic-map.js');
  const map = loadMap();
  if (values.center !== undefined && !map.onMap(values.center)) {
    console.error(
      `ftg map render: --center "${values.center}" is not a hex of the map (RRCC, rows 01-${map.rows}, columns 01-${map.cols})`,
    );
    return 2;
  }
  const radius = values.radius === undefined ? undefined : Number(values.radius);
  if (radius !== undefined && !(Number.isInteger(radius) && radius >= 1 && radius <= 40)) {
    console.error(`ftg map render: --radius must be a whole number from 1 to 40, got "${values.radius}"`);
    return 2;
  }
  const scale = values.scale === undefined ? undefined : Number(values.scale);
  if (scale !== undefined && !(scale >= 4 && scale <= 80)) {
    console.error(`ftg map render: --scale must be between 4 and 80, got "${values.scale}"`);
    return 2;
  }
  const { basemapPng } = await import('../../render/basemap.js');
  const png = basemapPng(map, {
    center: values.center,
    radius,
    scale,
    labels: values.labels ?? false,
    hexNumbers: values['hex-numbers'],
  });
  writeFileSync(values.out, png);
  console.log(`${values.out}: ${png.length} bytes`);
  return 0;
}

// `ftg battle render --out FILE.png [--scenario ID|PATH | --model FILE.json] [--as SIDE]
// [--center HEX --radius N] [--width PX] [--command-ranges]`: a tactical picture. With --scenario
// it draws the scenario's printed set-up (public to both sides); with --model a render model (the
// shape src/render/tactical/model.ts defines, what a seat's view maps onto). Also serves
// `ftg battle map render` (no counters).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParseArgsConfig } from 'node:util';
import { parseCommandArgs } from '../options.js';

export const summary = 'Draw a tactical picture: a scenario set-up or a render model, whole or zoomed';

const HELP = `Usage: ftg battle render --out FILE.png [--scenario leuthen-1|PATH | --model FILE.json]
                         [--as prussia|austria] [--center HEX --radius N] [--width PX] [--command-ranges]

  --out             PNG file to write (8-bit palette, under 400 KB)
  --scenario        draw this scenario's set-up (id under scenarios/tactical or a path; default leuthen-1)
  --model           draw a render model (JSON; see src/render/tactical/model.ts)
  --as              whose picture (named in the subtitle; the set-up is public to both sides)
  --center          crop around this hex (XXYY) ...
  --radius          ... showing N hexes each way (default 5)
  --width           image width in pixels (default 1000 whole map, 800 crop; crops at most 1000)
  --command-ranges  outline the commanders-in-chief's command ranges (8.1)`;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const options = (args: string[]) =>
  ({
    args,
    allowPositionals: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      out: { type: 'string' },
      scenario: { type: 'string' },
      model: { type: 'string' },
      as: { type: 'string' },
      map: { type: 'string' },
      center: { type: 'string' },
      radius: { type: 'string' },
      width: { type: 'string' },
      'command-ranges': { type: 'boolean' },
    },
  }) satisfies ParseArgsConfig;

interface RenderValues {
  out?: string;
  map?: string;
  center?: string;
  radius?: string;
  width?: string;
}

/** Validate the picture options and write the PNG; `model` undefined draws the base map. */
export async function renderCommand(
  cmd: string,
  help: string,
  values: RenderValues,
  model: import('../../render/tactical/model.js').TacticalRenderModel | undefined,
): Promise<number> {
  if (!values.out) {
    console.error(`ftg ${cmd}: --out FILE.png is required\n${help}`);
    return 2;
  }
  const { tacticalMap } = await import('../../tactical/maps.js');
  let map: ReturnType<typeof tacticalMap>;
  try {
    map = tacticalMap(values.map ?? 'leuthen');
  } catch (e) {
    console.error(`ftg ${cmd}: ${(e as Error).message}`);
    return 2;
  }
  if (values.center !== undefined && !map.has(values.center)) {
    console.error(
      `ftg ${cmd}: --center "${values.center}" is not a hex of the map (XXYY, columns ${map.data.columns.from}-${map.data.columns.to}, rows ${map.data.rows.from}-${map.data.rows.to})`,
    );
    return 2;
  }
  if (values.radius !== undefined && values.center === undefined) {
    console.error(`ftg ${cmd}: --radius needs --center`);
    return 2;
  }
  const radius = values.radius === undefined ? undefined : Number(values.radius);
  if (radius !== undefined && !(Number.isInteger(radius) && radius >= 1 && radius <= 20)) {
    console.error(`ftg ${cmd}: --radius must be a whole number from 1 to 20, got "${values.radius}"`);
    return 2;
  }
  const width = values.width === undefined ? undefined : Number(values.width);
  const maxWidth = values.center === undefined ? 2400 : 1000;
  if (width !== undefined && !(Number.isInteger(width) && width >= 240 && width <= maxWidth)) {
    console.error(
      `ftg ${cmd}: --width must be a whole number from 240 to ${maxWidth}, got "${values.width}"`,
    );
    return 2;
  }
  const { renderTacticalMap } = await import('../../render/tactical/draw.js');
  const { emptyModel } = await import('../../render/tactical/model.js');
  const pic = renderTacticalMap(
    map,
    model ??
      emptyModel(
        map.name,
        `Battlefield reconstructed from geography; hexes of ${map.data.hexMetres ?? 350} m`,
      ),
    {
      ...(values.center ? { center: values.center } : {}),
      ...(radius ? { radius } : {}),
      ...(width ? { width } : {}),
    },
  );
  writeFileSync(values.out, pic.png);
  console.log(`wrote ${values.out} (${pic.width}x${pic.height}, ${(pic.png.length / 1024).toFixed(0)} KB)`);
  return 0;
}

function scenarioPath(arg: string): string {
  if (existsSync(arg)) return arg;
  return join(ROOT, 'scenarios/tactical', `${arg}.json`);
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('battle render', HELP, options(args));
  if (!parsed.ok) return parsed.exit;
  const { values } = parsed;
  if (values.as !== undefined && values.as !== 'prussia' && values.as !== 'austria') {
    console.error(`ftg battle render: --as must be prussia or austria, got "${values.as}"`);
    return 2;
  }
  if (values.model !== undefined && values.scenario !== undefined) {
    console.error('ftg battle render: give --scenario or --model, not both');
    return 2;
  }
  const who = values.as ? `${values.as === 'prussia' ? 'Prussian' : 'Austrian'} view` : undefined;
  let model: import('../../render/tactical/model.js').TacticalRenderModel;
  if (values.model !== undefined) {
    try {
      model = JSON.parse(readFileSync(values.model, 'utf8'));
    } catch (e) {
      console.error(`ftg battle render: cannot read --model ${values.model}: ${(e as Error).message}`);
      return 2;
    }
    const { checkRenderModel } = await import('../../render/tactical/model-check.js');
    const problem = checkRenderModel(model);
    if (problem) {
      console.error(`ftg battle render: --model ${values.model}: ${problem}`);
      return 2;
    }
  } else {
    const path = scenarioPath(values.scenario ?? 'leuthen-1');
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      console.error(`ftg battle render: cannot read scenario ${path}: ${(e as Error).message}`);
      return 2;
    }
    const { scenarioSchema } = await import('../../tactical/schema.js');
    const p = scenarioSchema.safeParse(raw);
    if (!p.success) {
      const i = p.error.issues[0]!;
      console.error(`ftg battle render: scenario ${path}: ${i.path.join('.')}: ${i.message}`);
      return 2;
    }
    const { modelFromScenario } = await import('../../render/tactical/from-scenario.js');
    model = modelFromScenario(p.data, {
      title: p.data.name,
      subtitle: `Set-up${who ? ` - ${who}` : ''}`,
      commandRanges: values['command-ranges'] ?? false,
    });
    values.map = values.map ?? p.data.map;
  }
  if (who && values.model !== undefined) model.subtitle = model.subtitle ?? who;
  return renderCommand('battle render', HELP, values, model);
}

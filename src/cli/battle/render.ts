// `ftg battle render --out FILE.png [--scenario ID|PATH [--seed N] | --from STATE.json | --model FILE.json]
// [--as SEAT] [--center HEX --radius N] [--width PX] [--command-ranges]`: a tactical picture drawn
// from one seat's view (src/tactical/view.ts) of a fresh set-up or a saved state, or from a render
// model (src/render/tactical/model.ts). Also serves `ftg battle map render` (no counters).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParseArgsConfig } from 'node:util';
import { parseCommandArgs } from '../options.js';

export const summary = "Draw a tactical picture from a seat's view (set-up or saved state), whole or zoomed";

const HELP = `Usage: ftg battle render --out FILE.png [--scenario leuthen-1|PATH [--seed N] | --from STATE.json | --model FILE.json]
                         [--as prussia|austria|SIDE:FORMATION|public] [--center HEX --radius N] [--width PX]
                         [--command-ranges] [--los FROM:TO ...]

  --out             PNG file to write (8-bit palette, under 400 KB)
  --scenario        the scenario's set-up (id under scenarios/tactical or a path; default leuthen-1)
  --seed            RNG seed of the set-up (default 1)
  --from            a saved battle state (JSON) instead of a fresh set-up
  --model           a render model (JSON; see src/render/tactical/model.ts)
  --as              whose view to draw (default public); only what that seat may see is drawn
  --center          crop around this hex (XXYY) ...
  --radius          ... showing N hexes each way (default 5)
  --width           image width in pixels (default 1000 whole map, 800 crop; crops at most 1000)
  --command-ranges  outline the command ranges of the viewer's leaders (8.1, 9.1)
  --los FROM:TO     draw a line of fire between two hexes, dashed orange when the line of sight is
                    blocked (10.2); repeat for more lines`;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const options = (args: string[]) =>
  ({
    args,
    allowPositionals: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      out: { type: 'string' },
      scenario: { type: 'string' },
      seed: { type: 'string' },
      from: { type: 'string' },
      model: { type: 'string' },
      as: { type: 'string' },
      map: { type: 'string' },
      center: { type: 'string' },
      radius: { type: 'string' },
      width: { type: 'string' },
      'command-ranges': { type: 'boolean' },
      los: { type: 'string', multiple: true },
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

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('battle render', HELP, options(args));
  if (!parsed.ok) return parsed.exit;
  const { values } = parsed;
  const tac = await import('../../tactical/index.js');
  const seat = values.as ?? 'public';
  if (seat !== 'public' && !/^(prussia|austria)(:[a-z0-9-]+)?$/.test(seat)) {
    console.error(
      `ftg battle render: --as must be prussia, austria, SIDE:FORMATION or public, got "${seat}"`,
    );
    return 2;
  }
  const sources = [values.scenario, values.from, values.model].filter((x) => x !== undefined).length;
  if (sources > 1) {
    console.error('ftg battle render: give one of --scenario, --from or --model');
    return 2;
  }
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
    const { tacticalMap: committedMap } = await import('../../tactical/maps.js');
    tac.setTacticalMapLoader((id) => {
      try {
        return committedMap(id);
      } catch {
        return undefined;
      }
    });
    let state: import('../../tactical/index.js').TacState;
    if (values.from !== undefined) {
      try {
        state = JSON.parse(readFileSync(values.from, 'utf8'));
      } catch (e) {
        console.error(`ftg battle render: cannot read --from ${values.from}: ${(e as Error).message}`);
        return 2;
      }
      if (
        !state ||
        typeof state !== 'object' ||
        !Array.isArray(state.units) ||
        typeof state.map !== 'string'
      ) {
        console.error(`ftg battle render: --from ${values.from} is not a battle state (no units or map)`);
        return 2;
      }
    } else {
      const made = await setupState(tac, values.scenario ?? 'leuthen-1', values.seed);
      if (typeof made === 'string') {
        console.error(`ftg battle render: ${made}`);
        return 2;
      }
      state = made;
    }
    if (!tac.tacticalMap(state.map)) {
      console.error(`ftg battle render: unknown battlefield map "${state.map}"`);
      return 2;
    }
    const v = tac.view(state, seat);
    const { modelFromView } = await import('../../render/tactical/from-view.js');
    const ranges = values['command-ranges']
      ? v.leaders
          .filter((l) => l.hex && !l.eliminated && (v.viewer === 'public' || l.side === v.viewer))
          .map((l) => ({
            hex: l.hex!,
            radius: l.commandRange,
            side: l.side,
            ...(l.role !== 'cinc' && l.formation ? { formation: l.formation } : {}),
          }))
      : undefined;
    const lines: { from: string; to: string; blocked?: boolean }[] = [];
    for (const spec of values.los ?? []) {
      const m = /^(\d{4}):(\d{4})$/.exec(spec);
      const map = tac.tacticalMap(state.map)!;
      if (!m || !map.has(m[1]!) || !map.has(m[2]!)) {
        console.error(
          `ftg battle render: --los "${spec}" is not FROM:TO with two hexes of the map (e.g. 2104:2107)`,
        );
        return 2;
      }
      const env = tac.envFor(state.map)!;
      const { hasLos } = await import('../../tactical/rules/board.js');
      lines.push({ from: m[1]!, to: m[2]!, ...(hasLos(state, env, m[1]!, m[2]!) ? {} : { blocked: true }) });
    }
    model = modelFromView(v, {
      ...(ranges ? { commandRanges: ranges } : {}),
      ...(lines.length ? { linesOfFire: lines } : {}),
    });
    values.map = state.map;
  }
  return renderCommand('battle render', HELP, values, model);
}

async function setupState(
  tac: typeof import('../../tactical/index.js'),
  scenarioArg: string,
  seedArg: string | undefined,
): Promise<import('../../tactical/index.js').TacState | string> {
  const seed = seedArg === undefined ? 1 : Number(seedArg);
  if (!Number.isInteger(seed) || seed < 0) return `--seed must be a whole number, got "${seedArg}"`;
  const path = existsSync(scenarioArg)
    ? scenarioArg
    : join(ROOT, 'scenarios/tactical', `${scenarioArg}.json`);
  let raw: unknown;
  let ratings: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
    ratings = JSON.parse(readFileSync(join(ROOT, 'assets/tactical/ratings.json'), 'utf8'));
  } catch (e) {
    return `cannot read scenario ${path}: ${(e as Error).message}`;
  }
  const mapId = (raw as { map?: unknown })?.map;
  const map = typeof mapId === 'string' ? tac.tacticalMap(mapId) : undefined;
  const loaded = tac.parseScenario(raw, ratings, map ? (h) => map.has(h) : undefined);
  if (!loaded.ok) return `scenario ${path}: ${loaded.errors[0]}`;
  if (!map) return `scenario ${path}: unknown battlefield map "${String(mapId)}"`;
  const s = tac.setupBattle(loaded.value, map, seed);
  if (!s.ok) return `scenario ${path}: ${s.errors[0]}`;
  return s.state;
}

// `ftg render`: draw one seat's (or the public) strategic map picture of a game to a PNG file.
// The game is a scenario set up with a seed (and optional forced dice), advanced by an optional
// JSONL file of actions; the picture is drawn from view(state, seat) only.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseCommandArgs } from '../options.js';

export const summary =
  "Render a seat's strategic map picture to PNG (--as SEAT|public, --center/--radius zoom)";

const HELP = `Usage: ftg render --scenario 1757|PATH --seed N [--dice 4,2,6] [--actions FILE.jsonl]
                  --as SEAT|public --out FILE.png [--center HEX --radius N] [--scale PX] [--no-supply]

  --scenario   a scenario id (1756..1762) or a path to a scenario JSON file
  --seed       the game seed (default 1)
  --dice       die rolls fixed in advance, e.g. 4,2,6
  --actions    JSON lines {"seat":"prussia","action":{...}} applied in order after setup
  --as         prussia, hanover, austria, france, russia, sweden, empire or public
  --out        the PNG file to write
  --center     zoom on a hex (RRCC), a force (its leader's id or name) or a place ...
  --radius     ... showing this many hexes around it (default 4)
  --scale      pixels per hex size (default 18 for the whole map, fitted for a zoom)
  --inset      draw a battle inset around --center instead of a zoom`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('render', HELP, {
    args,
    options: {
      scenario: { type: 'string' },
      seed: { type: 'string' },
      dice: { type: 'string' },
      actions: { type: 'string' },
      as: { type: 'string' },
      out: { type: 'string' },
      center: { type: 'string' },
      centre: { type: 'string' },
      radius: { type: 'string' },
      scale: { type: 'string' },
      inset: { type: 'boolean' },
      'no-supply': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const values: Record<string, string | boolean | undefined> = parsed.values;
  const fail = (msg: string) => {
    console.error(`ftg render: ${msg}`);
    return 2;
  };
  const scenarioArg = values.scenario as string | undefined;
  const viewer = values.as as string | undefined;
  const out = values.out as string | undefined;
  if (!scenarioArg) return fail('--scenario is required (1756..1762 or a scenario file)');
  const { NATIONALITIES: SEATS } = await import('../../engine/index.js');
  if (!viewer || (viewer !== 'public' && !(SEATS as readonly string[]).includes(viewer)))
    return fail(`--as must be one of ${SEATS.join(', ')} or public, got ${viewer ?? '(none)'}`);
  if (!out) return fail('--out FILE.png is required');
  const seedText = (values.seed as string | undefined) ?? '1';
  const seed = /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
  let dice: number[] = [];
  if (values.dice !== undefined) {
    const parts = String(values.dice)
      .split(',')
      .map((s) => s.trim());
    if (parts.some((p) => !/^[1-6]$/.test(p)))
      return fail(`--dice takes die faces 1..6 separated by commas, got "${values.dice}"`);
    dice = parts.map(Number);
  }
  const centre = (values.center ?? values.centre) as string | undefined;
  let radius: number | undefined;
  if (values.radius !== undefined) {
    radius = Number(values.radius);
    if (!Number.isInteger(radius)) return fail(`--radius must be a whole number, got "${values.radius}"`);
  }
  if (radius !== undefined && centre === undefined) return fail('--radius needs --center HEX');
  if (values.inset && centre === undefined) return fail('--inset needs --center HEX (the battle hex)');
  let scale: number | undefined;
  if (values.scale !== undefined) {
    scale = Number(values.scale);
    if (!Number.isFinite(scale)) return fail(`--scale must be a number, got "${values.scale}"`);
  }

  const engine = await import('../../engine/index.js');
  const { loadMap } = await import('../../map/strategic-map.js');
  const map = loadMap();
  engine.useMap(map);
  let scenario: Parameters<typeof engine.setup>[0];
  if (engine.isScenarioId(scenarioArg)) scenario = scenarioArg;
  else {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(scenarioArg, 'utf8'));
    } catch (e) {
      return fail(`cannot read scenario "${scenarioArg}": ${(e as Error).message}`);
    }
    const parsed = engine.parseScenario(raw);
    if (!parsed.ok) return fail(`scenario ${scenarioArg}: ${parsed.error}`);
    scenario = parsed.value;
  }
  let state: ReturnType<typeof engine.setup>;
  try {
    state = engine.setup(scenario, seed, { dice, map });
  } catch (e) {
    return fail((e as Error).message);
  }
  // Events of the current phase: the view shows the viewer's moves of the last phase from them.
  let phaseEvents: import('../../engine/index.js').GameEvent[] = [];
  if (values.actions) {
    let lines: string[];
    try {
      lines = readFileSync(String(values.actions), 'utf8').split('\n');
    } catch (e) {
      return fail(`cannot read actions "${values.actions}": ${(e as Error).message}`);
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.trim();
      if (line === '' || line.startsWith('#')) continue;
      let rec: { seat?: unknown; action?: unknown };
      try {
        rec = JSON.parse(line) as { seat?: unknown; action?: unknown };
      } catch (e) {
        return fail(`${values.actions}:${i + 1}: not JSON (${(e as Error).message})`);
      }
      const before = `${state.turn}/${state.phasing}/${state.phase}`;
      const r = engine.apply(state, rec.seat as never, rec.action);
      if (!r.ok) return fail(`${values.actions}:${i + 1}: ${r.error.rule}: ${r.error.message}`);
      state = r.state;
      const after = `${state.turn}/${state.phasing}/${state.phase}`;
      // keep the events of the phase the last action happened in
      phaseEvents = before === after ? [...phaseEvents, ...r.events] : r.events;
    }
  }
  const v = engine.view(state, viewer as never, phaseEvents, map);
  const { campaignBase } = await import('../../render/campaign-base.js');
  const { battleInsetPng, resolveCentre, viewPng } = await import('../../render/game-picture.js');
  const base = campaignBase(map);
  let centreHex: string | undefined;
  if (centre !== undefined) {
    const c = resolveCentre(v, base, centre);
    if (!c.ok) return fail(c.error);
    centreHex = c.hex;
  }
  const r = values.inset
    ? battleInsetPng(v, base, centreHex!)
    : viewPng(v, base, {
        ...(centreHex !== undefined ? { centre: centreHex } : {}),
        ...(radius !== undefined ? { radius } : {}),
        ...(scale !== undefined ? { scale } : {}),
        supply: !values['no-supply'],
      });
  if (!r.ok) return fail(r.error);
  writeFileSync(out, r.png);
  console.log(
    `${out}: ${r.width}x${r.height}, ${(r.png.length / 1024).toFixed(0)} KB, turn ${v.turn} ${v.phase}, as ${viewer}`,
  );
  for (const n of r.picture.notes) console.log(`  note: ${n}`);
  return 0;
}

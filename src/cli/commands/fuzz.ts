// `ftg fuzz [--scenario ID|PATH|all] [--seeds N] [--seed S] [--max-steps N] [--check-every N]
//           [--minutes M] [--autopilot-every K]`: play random legal actions (and, every K-th game,
// the autopilot) through scenarios to their end and check the engine's invariants and the #17.8
// checks (src/engine/fuzz.ts, src/autopilot/fuzz-drive.ts). With --minutes the run is a
// time-boxed campaign over the scenarios in turn, seeds counting up, with a summary at the end.
import { fuzzAutopilotGame } from '../../autopilot/fuzz-drive.js';
import type { Scenario } from '../../engine/index.js';
import { fuzzGame, SCENARIO_IDS, type ScenarioId } from '../../engine/index.js';
import { parseCommandArgs } from '../options.js';
import { parseSeed, resolveScenario } from '../scenario-arg.js';

export const summary = 'Play random legal actions through the scenarios and check invariants';

const HELP = `Usage: ftg fuzz [--scenario 1757|PATH|all] [--seeds N] [--seed S] [--max-steps N]
                [--check-every N] [--minutes M] [--autopilot-every K]
  --seeds N            games per scenario (default 3; ignored with --minutes)
  --seed S             first seed (default 1); later games count up from it
  --check-every N      views, events, malformed/illegal probes, JSON round trip and victory
                       points every N actions (default 25; 0 = only the invariants)
  --minutes M          run games until M minutes have passed (a time-boxed campaign)
  --autopilot-every K  every K-th game is played by the autopilot for all seats (default 3; 0 = never)`;

function positive(v: unknown, name: string, allowZero = false): number | string {
  if (v === undefined) return Number.NaN;
  const n = Number(v);
  const whole = name !== 'minutes';
  const low = allowZero ? n < 0 : whole ? n < 1 : n <= 0;
  if (!Number.isFinite(n) || low || (whole && !Number.isInteger(n)))
    return `--${name} takes a ${whole ? 'whole number' : 'number'} ${allowZero ? '>= 0' : '> 0'}`;
  return n;
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('fuzz', HELP, {
    args,
    options: {
      scenario: { type: 'string' },
      seeds: { type: 'string' },
      seed: { type: 'string' },
      'max-steps': { type: 'string' },
      'check-every': { type: 'string' },
      minutes: { type: 'string' },
      'autopilot-every': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const values: Record<string, string | boolean | undefined> = parsed.values;
  let scenarios: Array<ScenarioId | Scenario> = [...SCENARIO_IDS];
  const arg = values.scenario as string | undefined;
  if (arg && arg !== 'all') {
    const r = resolveScenario(arg);
    if (!r.ok) {
      console.error(`ftg fuzz: ${r.error}`);
      return 2;
    }
    scenarios = [r.value];
  }
  const numbers: Record<string, number> = {};
  for (const [name, allowZero] of [
    ['seeds', false],
    ['max-steps', false],
    ['check-every', true],
    ['minutes', false],
    ['autopilot-every', true],
  ] as const) {
    const n = positive(values[name], name, allowZero);
    if (typeof n === 'string') {
      console.error(`ftg fuzz: ${n}`);
      return 2;
    }
    numbers[name] = n;
  }
  const count = Number.isNaN(numbers.seeds!) ? 3 : numbers.seeds!;
  const maxSteps = Number.isNaN(numbers['max-steps']!) ? undefined : numbers['max-steps'];
  const checkEvery = Number.isNaN(numbers['check-every']!) ? undefined : numbers['check-every'];
  const autopilotEvery = Number.isNaN(numbers['autopilot-every']!) ? 3 : numbers['autopilot-every']!;
  const minutes = Number.isNaN(numbers.minutes!) ? undefined : numbers.minutes;
  const first = parseSeed(values.seed as string | undefined);
  const seedOf = (i: number) => (typeof first === 'number' ? first + i : `${first}-${i}`);
  const started = Date.now();
  const endAt = minutes === undefined ? undefined : started + minutes * 60_000;
  let games = 0;
  let actions = 0;
  let probes = 0;
  let failed = 0;
  let violations = 0;
  const playOne = (sc: ScenarioId | Scenario, i: number) => {
    const seed = seedOf(i);
    const byAutopilot = autopilotEvery > 0 && (games + 1) % autopilotEvery === 0;
    const r = byAutopilot
      ? { ...fuzzAutopilotGame({ scenario: sc, seed, checkEvery, maxSteps }), probes: 0, over: null }
      : fuzzGame({
          scenario: sc,
          seed,
          ...(maxSteps ? { maxSteps } : {}),
          ...(checkEvery !== undefined ? { checkEvery } : {}),
        });
    games++;
    actions += r.steps;
    probes += r.probes;
    violations += r.failures.length;
    const kind = byAutopilot ? 'autopilot' : 'random';
    const end = 'over' in r && r.over ? `over (${r.over.reason})` : `turn ${r.turn}`;
    const tag = `${r.scenario} seed ${seed} ${kind}: ${r.steps} actions, ${end}`;
    if (r.ok) console.log(`ok   ${tag}`);
    else {
      failed++;
      console.log(`FAIL ${tag}`);
      for (const f of r.failures.slice(0, 5)) console.log(`     ${f}`);
    }
  };
  if (endAt === undefined) {
    for (const sc of scenarios) for (let i = 0; i < count; i++) playOne(sc, i);
  } else {
    for (let i = 0; Date.now() < endAt; i++)
      playOne(scenarios[i % scenarios.length]!, Math.floor(i / scenarios.length));
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `fuzz: ${games} game(s), ${actions} action(s), ${probes} refused probe(s), ${violations} violation(s) in ${failed} game(s), ${seconds} s`,
  );
  console.log(failed === 0 ? 'fuzz: all games passed' : `fuzz: ${failed} game(s) failed`);
  return failed === 0 ? 0 : 1;
}

// `ftg fuzz [--scenario ID|PATH|all] [--seeds N] [--seed S] [--max-steps N]`: play random legal
// actions through scenarios to their end and check the engine's invariants (src/engine/fuzz.ts).
import { parseArgs } from 'node:util';
import { fuzzGame } from '../../engine/fuzz.js';
import type { Scenario } from '../../engine/scenario/index.js';
import { SCENARIO_IDS, type ScenarioId } from '../../engine/types.js';
import { parseSeed, resolveScenario } from '../scenario-arg.js';

export const summary = 'Play random legal actions through the scenarios and check invariants';

export async function run(args: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        scenario: { type: 'string' },
        seeds: { type: 'string' },
        seed: { type: 'string' },
        'max-steps': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    console.error(`ftg fuzz: ${(e as Error).message}`);
    return 2;
  }
  if (values.help) {
    console.log('Usage: ftg fuzz [--scenario 1757|PATH|all] [--seeds N] [--seed S] [--max-steps N]');
    return 0;
  }
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
  const count = Number(values.seeds ?? 3);
  const first = parseSeed(values.seed as string | undefined);
  const maxSteps = values['max-steps'] ? Number(values['max-steps']) : undefined;
  let failed = 0;
  for (const sc of scenarios) {
    for (let i = 0; i < count; i++) {
      const seed = typeof first === 'number' ? first + i : `${first}-${i}`;
      const r = fuzzGame({ scenario: sc, seed, ...(maxSteps ? { maxSteps } : {}) });
      const tag = `${r.scenario} seed ${seed}: ${r.steps} actions, turn ${r.turn}, ${r.over ? `over (${r.over.reason})` : 'not over'}`;
      if (r.ok) console.log(`ok   ${tag}`);
      else {
        failed++;
        console.log(`FAIL ${tag}`);
        for (const f of r.failures.slice(0, 5)) console.log(`     ${f}`);
      }
    }
  }
  console.log(failed === 0 ? 'fuzz: all games passed' : `fuzz: ${failed} game(s) failed`);
  return failed === 0 ? 0 : 1;
}

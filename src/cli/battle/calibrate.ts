// `ftg battle calibrate`: autopilot campaign sub-battles at strategic odds 1:2, 1:1, 3:2, 2:1, 3:1
// compared with the strategic table's victor rates and losses (issue #16; docs/tactical-calibration.md).
import { parseCommandArgs } from '../options.js';

export const summary =
  'Campaign battles: tactical victor rates and losses against the strategic table (markdown)';

const HELP = `Usage: ftg battle calibrate [--runs N] [--seed S] [--attacker prussia|austria|both]

  --runs   autopilot battles per odds (default 20), seeds S, S+1, ...
  --seed   first seed (default 1)
  --attacker  which side attacks (default both: every odds with a Prussian, then an Austrian attacker)`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('battle calibrate', HELP, {
    args,
    options: {
      help: { type: 'boolean', short: 'h' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      attacker: { type: 'string' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const runs = Number(parsed.values.runs ?? '20');
  const seed = Number(parsed.values.seed ?? '1');
  if (!Number.isInteger(runs) || runs < 1 || runs > 10000) {
    console.error(`ftg battle calibrate: --runs must be a whole number 1-10000, got "${parsed.values.runs}"`);
    return 2;
  }
  if (!Number.isInteger(seed)) {
    console.error(`ftg battle calibrate: --seed must be a whole number, got "${parsed.values.seed}"`);
    return 2;
  }
  const who = parsed.values.attacker ?? 'both';
  if (who !== 'prussia' && who !== 'austria' && who !== 'both') {
    console.error(`ftg battle calibrate: --attacker must be prussia, austria or both, got "${who}"`);
    return 2;
  }
  const { calibrate, calibrationMarkdown, CALIBRATION_ODDS } = await import(
    '../../tactical/bridge/calibrate.js'
  );
  const sides: ('prussia' | 'austria')[] = who === 'both' ? ['prussia', 'austria'] : [who];
  console.log(calibrationMarkdown(sides.flatMap((s) => calibrate(runs, seed, CALIBRATION_ODDS, s))));
  return 0;
}

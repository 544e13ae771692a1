// `ftg battle fuzz`: random legal play over the Leuthen scenarios and many seeds (issue 14 item 10):
// every offered action accepted, no dead end, over by the turn limit, deterministic replay, CP
// conserved, stacking and facing valid, views hiding what a side may not see.
import { fuzzBattle } from '../../tactical/fuzz.js';
import { parseCommandArgs } from '../options.js';
import { setupFromScenario } from '../tactical-load.js';

export const summary = 'Random legal play over battle scenarios and seeds, checking the engine invariants';

const HELP = `Usage: ftg battle fuzz [--scenario leuthen-1|leuthen-2|PATH|all] [--seeds N] [--from-seed S] [--max-actions N]

  --scenario     one scenario (id or path) or all (default all: leuthen-1 and leuthen-2)
  --seeds        number of seeds per scenario (default 5)
  --from-seed    first seed (default 1)
  --max-actions  give up (and report) after this many actions in one battle (default 40000)`;

export async function run(argv: string[]): Promise<number> {
  const p = parseCommandArgs('battle fuzz', HELP, {
    args: argv,
    allowPositionals: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      scenario: { type: 'string' },
      seeds: { type: 'string' },
      'from-seed': { type: 'string' },
      'max-actions': { type: 'string' },
    },
  });
  if (!p.ok) return p.exit;
  const v = p.values;
  const num = (x: string | undefined, d: number, name: string): number | undefined => {
    const n = x === undefined ? d : Number(x);
    if (!Number.isInteger(n) || n < 0) {
      console.error(`ftg battle fuzz: --${name} must be a whole number, got "${x}"`);
      return undefined;
    }
    return n;
  };
  const seeds = num(v.seeds, 5, 'seeds');
  const from = num(v['from-seed'], 1, 'from-seed');
  const max = num(v['max-actions'], 40000, 'max-actions');
  if (seeds === undefined || from === undefined || max === undefined) return 2;
  const scenarios = !v.scenario || v.scenario === 'all' ? ['leuthen-1', 'leuthen-2'] : [v.scenario];
  let bad = 0;
  for (const sc of scenarios) {
    for (let seed = from; seed < from + seeds; seed++) {
      const s = setupFromScenario(sc, seed);
      if (!s.ok) {
        console.error(`ftg battle fuzz: ${s.error}`);
        return 2;
      }
      const t0 = performance.now();
      const r = fuzzBattle(s.state, seed, max);
      const ms = performance.now() - t0;
      const result = r.over ? (r.winner ? `${r.level} ${r.winner}` : 'draw') : 'not over';
      console.log(
        `${sc} seed ${seed}: ${r.actions} actions, turn ${r.turn}, ${result}, ${(ms / Math.max(1, r.actions * 2)).toFixed(2)} ms/action${r.problems.length ? ' PROBLEMS' : ''}`,
      );
      for (const x of r.problems.slice(0, 5)) console.log(`  ${x}`);
      if (r.problems.length) bad++;
    }
  }
  console.log(bad ? `${bad} battle(s) with problems` : 'all battles clean');
  return bad ? 1 : 0;
}

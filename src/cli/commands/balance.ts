// `ftg balance --games N [--seed S] [--scenario all|1756,1757] [--matchup NAME,...] [--raw FILE]
// [--from FILE,...]`:
// the issue-20 measurements of the autopilot (src/autopilot/matchups.ts): for every scenario and
// seed, the suite of level-against-level games; prints the markdown for docs/balance.md. With
// --raw each game is appended to FILE as a JSON line as it ends (games already in FILE are not
// played again, so a run can be resumed or split over processes); --from renders the markdown
// from such files without playing; --matchup plays only the named games of the suite (e.g.
// expert-expert for the self-play figures of target 3), so a quick check is a command, not a script;
// --against FILE compares the games played (or those of --from) with the same games in FILE, cell
// by cell of the targets and matchup by matchup (src/autopilot/trial.ts): how a change is screened.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parseCommandArgs } from '../options.js';

export const summary =
  'Autopilot strength and balance: level-against-level games over many seeds (docs/balance.md)';

const HELP = `Usage: ftg balance [--games N] [--seed S] [--scenario all|1756,1757,...] [--matchup NAME,...] [--raw FILE] [--from FILE,...] [--against FILE]
  --games N      seeds per scenario (default 10): S, S+1, ...
  --seed S       first seed (default 1)
  --scenario     the scenarios, comma-separated, or all (default all)
  --matchup      only these games of the suite, ALLIED-COALITION levels (e.g. expert-expert,expert-passive; default all)
  --raw FILE     append each game's record to FILE (JSON lines) and skip games already there
  --from FILES   only render the markdown from these record files (comma-separated)
  --against FILE compare the games played (or those of --from) with the same games in FILE, e.g.
                 docs/balance-records.jsonl: each target cell before and after, and the games
                 each matchup changed (the way to screen an autopilot change on a few seeds)`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('balance', HELP, {
    args,
    options: {
      games: { type: 'string' },
      seed: { type: 'string' },
      scenario: { type: 'string' },
      matchup: { type: 'string' },
      raw: { type: 'string' },
      from: { type: 'string' },
      against: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const v: Record<string, string | boolean | undefined> = parsed.values;
  const fail = (msg: string) => {
    console.error(`ftg balance: ${msg}`);
    return 2;
  };
  const { balanceMarkdown, playMatchup, suite } = await import('../../autopilot/matchups.js');
  type GameRecord = import('../../autopilot/matchups.js').GameRecord;
  const { SCENARIO_IDS } = await import('../../engine/index.js');
  const read = (file: string): GameRecord[] =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as GameRecord);
  const command = `ftg balance ${args.join(' ')}`.trim();
  const against = typeof v.against === 'string' ? v.against : undefined;
  if (against !== undefined && !existsSync(against)) return fail(`--against: no file ${against}`);
  const render = async (rs: GameRecord[]) => {
    if (against === undefined) return balanceMarkdown(rs, command);
    const { trialMarkdown } = await import('../../autopilot/trial.js');
    return trialMarkdown(rs, read(against), command);
  };
  if (typeof v.from === 'string') {
    const files = v.from.split(',');
    for (const f of files) if (!existsSync(f)) return fail(`--from: no file ${f}`);
    console.log(await render(files.flatMap(read)));
    return 0;
  }
  const games = v.games === undefined ? 10 : Number(v.games);
  if (!Number.isInteger(games) || games < 1)
    return fail(`--games takes a whole number >= 1, got "${v.games}"`);
  const seed = v.seed === undefined ? 1 : Number(v.seed);
  if (!Number.isInteger(seed)) return fail(`--seed takes a whole number, got "${v.seed}"`);
  const scenArg = typeof v.scenario === 'string' ? v.scenario : 'all';
  const scenarios = scenArg === 'all' ? [...SCENARIO_IDS] : scenArg.split(',');
  for (const s of scenarios)
    if (!(SCENARIO_IDS as readonly string[]).includes(s))
      return fail(`--scenario: unknown scenario "${s}" (use ${SCENARIO_IDS.join(', ')} or all)`);
  const all = suite();
  const names = typeof v.matchup === 'string' ? v.matchup.split(',') : all.map((m) => m.name);
  for (const n of names)
    if (!all.some((m) => m.name === n))
      return fail(`--matchup: no game "${n}" in the suite (use ${all.map((m) => m.name).join(', ')})`);
  const matchups = all.filter((m) => names.includes(m.name));
  const raw = typeof v.raw === 'string' ? v.raw : undefined;
  const records: GameRecord[] = raw && existsSync(raw) ? read(raw) : [];
  const done = new Set(records.map((r) => `${r.scenario}|${r.seed}|${r.matchup}`));
  const t0 = Date.now();
  // Seeds outermost: an interrupted run still covers every scenario and matchup evenly.
  for (let i = 0; i < games; i++)
    for (const s of scenarios)
      for (const mu of matchups) {
        const key = `${s}|${seed + i}|${mu.name}`;
        if (done.has(key)) continue;
        const r = playMatchup(s as never, seed + i, mu, undefined, () => performance.now());
        records.push(r);
        if (raw) appendFileSync(raw, `${JSON.stringify(r)}\n`);
        console.error(
          `${s} seed ${seed + i} ${mu.name}: margin ${r.margin}, battles ${r.battles}, ${r.ms} ms; ${((Date.now() - t0) / 1000).toFixed(0)} s`,
        );
      }
  console.log(await render(records));
  return 0;
}

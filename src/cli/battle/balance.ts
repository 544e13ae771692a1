// `ftg battle balance`: many autopilot battles per match-up, summarised as markdown for
// docs/tactical-balance.md (issue #14 item 7 targets): the autopilot against random legal play and
// against a side that holds in place, as each side, and autopilot against autopilot (historical
// plausibility: Prussian victories, Austrian losses several times the Prussian).
import { readFileSync } from 'node:fs';
import { parseCommandArgs } from '../options.js';

export const summary = 'Balance runs: the autopilot against random, hold-in-place and itself (markdown)';

const HELP = `Usage: ftg battle balance [--scenario leuthen-1|leuthen-2|PATH] [--games N] [--seed S]
                          [--match ap-ap,ap-random,random-ap,ap-hold,hold-ap]

  --games   battles per match-up (default 200), seeds S, S+1, ...
  --seed    first seed (default 1)
  --match   which match-ups (Prussia-Austria; ap = autopilot), default all five`;

const MATCHES = {
  'ap-ap': ['autopilot', 'autopilot'],
  'ap-random': ['autopilot', 'random'],
  'random-ap': ['random', 'autopilot'],
  'ap-hold': ['autopilot', 'hold'],
  'hold-ap': ['hold', 'autopilot'],
} as const;
type Match = keyof typeof MATCHES;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('battle balance', HELP, {
    args,
    options: {
      scenario: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string' },
      match: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const v: Record<string, string | boolean | undefined> = parsed.values;
  const fail = (msg: string) => {
    console.error(`ftg battle balance: ${msg}`);
    return 2;
  };
  const games = Number((v.games as string | undefined) ?? '200');
  const first = Number((v.seed as string | undefined) ?? '1');
  if (!Number.isInteger(games) || games < 1)
    return fail(`--games must be a whole number >= 1, got "${v.games}"`);
  if (!Number.isInteger(first) || first < 0)
    return fail(`--seed must be a whole number >= 0, got "${v.seed}"`);
  const matches = ((v.match as string | undefined) ?? Object.keys(MATCHES).join(',')).split(',');
  for (const m of matches)
    if (!(m in MATCHES)) return fail(`unknown match-up "${m}" (known: ${Object.keys(MATCHES).join(', ')})`);

  const { loadTacticalScenario, tacticalScenario } = await import('../../autopilot/tactical/scenarios.js');
  const arg = (v.scenario as string | undefined) ?? 'leuthen-1';
  const sc = /^[a-z0-9-]+$/.test(arg)
    ? tacticalScenario(arg)
    : loadTacticalScenario(JSON.parse(readFileSync(arg, 'utf8')));
  if (!sc.ok) return fail(sc.error);
  const { playBattle } = await import('../../autopilot/tactical/driver.js');

  console.log(
    `## ${sc.loaded.data.name}: ${games} battles per match-up, seeds ${first}-${first + games - 1}\n`,
  );
  console.log(
    '| Prussia | Austria | Prussian wins | Austrian wins | Draws | Decisive / substantive / marginal (P) | CP lost P (mean) | CP lost A (mean) | A/P loss ratio | Prisoners P / A (mean CP) | CP lost incl. prisoners P / A (mean) | A/P ratio incl. prisoners | Ended by withdrawal | Refused | Units routed (mean P / A) | s per battle |',
  );
  console.log(
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const m of matches as Match[]) {
    const [pp, ap] = MATCHES[m];
    let pw = 0;
    let aw = 0;
    let dr = 0;
    const lv = { decisive: 0, substantive: 0, marginal: 0 };
    let lp = 0;
    let la = 0;
    const prisoners = { prussia: 0, austria: 0 };
    let refused = 0;
    let withdrawals = 0;
    const routs = { prussia: 0, austria: 0 };
    const t0 = performance.now();
    for (let i = 0; i < games; i++) {
      const r = playBattle({
        loaded: sc.loaded,
        map: sc.map,
        seed: first + i,
        policies: { prussia: pp, austria: ap },
        onRefused: () => refused++,
        onStep: (st) => {
          for (const e of st.events) {
            if (e.type !== 'routed') continue;
            const u = st.state.units.find((x) => x.id === e.unit);
            if (u) routs[u.side]++;
          }
        },
      });
      const o = r.state.over!;
      if (o.reason.startsWith('army withdrawal')) withdrawals++;
      if (o.winner === 'prussia') {
        pw++;
        if (o.level !== 'draw') lv[o.level]++;
      } else if (o.winner === 'austria') aw++;
      else dr++;
      lp += r.lost.prussia;
      la += r.lost.austria;
      prisoners.prussia += r.prisoners.prussia;
      prisoners.austria += r.prisoners.austria;
    }
    const pct = (n: number) => `${n} (${((100 * n) / games).toFixed(0)}%)`;
    const mean = (n: number) => (n / games).toFixed(1);
    // Killed and wounded (the battle's CP lost), then with the aftermath's prisoners (ruling Aftermath).
    const tp = lp + prisoners.prussia;
    const ta = la + prisoners.austria;
    console.log(
      `| ${pp} | ${ap} | ${pct(pw)} | ${pct(aw)} | ${pct(dr)} | ${lv.decisive} / ${lv.substantive} / ${lv.marginal} | ${mean(lp)} | ${mean(la)} | ${lp ? (la / lp).toFixed(1) : '-'} | ${mean(prisoners.prussia)} / ${mean(prisoners.austria)} | ${mean(tp)} / ${mean(ta)} | ${tp ? (ta / tp).toFixed(1) : '-'} | ${withdrawals} | ${refused} | ${(routs.prussia / games).toFixed(1)} / ${(routs.austria / games).toFixed(1)} | ${((performance.now() - t0) / 1000 / games).toFixed(1)} |`,
    );
  }
  return 0;
}

// Balance runs: many seeded autopilot campaigns of one scenario, summarised (levels of victory, SP
// lost by side, fortresses changing hands). `ftg demo --games N` prints the summary; docs/balance.md
// records the figures.
import type { Scenario, ScenarioId, Seat, Side } from '../engine/index.js';
import type { StrategicMap } from '../map/types.js';
import type { Level } from './decide.js';
import { driverMap, type GameSummary, playGame } from './driver.js';
import { type LossCauses, noLosses } from './loss-census.js';
import { noCuts, type SiegeCuts } from './siege-census.js';

export interface BatchSummary {
  scenario: string;
  games: number;
  /** Outcome label ("Prussian-Allied decisive", "draw", ...) -> count. */
  outcomes: Record<string, number>;
  mean: {
    totalVp: Record<Side, number>;
    fortressVp: Record<Side, number>;
    eliminated: Record<Side, number>;
    prisoners: Record<Side, number>;
    captures: number;
    difference: number;
    steps: number;
    /** SP lost by cause (loss-census.ts). */
    causes: Record<Side, LossCauses>;
    /** Sieges each side had on that ended for want of supply (siege-census.ts). */
    sieges: Record<Side, SiegeCuts>;
  };
  /** Fortress name -> number of games in which it changed hands at least once. */
  fortressChanges: Record<string, number>;
  refused: number;
  stalls: number;
  endedBy: Record<string, number>;
}

const NAME: Record<Side, string> = { 'prussian-allied': 'Prussian-Allied', coalition: 'Coalition' };

export function outcomeLabel(g: GameSummary): string {
  const v = g.victory;
  return v.winner === 'draw' ? 'draw' : `${NAME[v.winner]} ${v.level}`;
}

export function runBatch(opts: {
  scenario: ScenarioId | Scenario;
  seeds: Array<number | string>;
  /** One level for every seat, or per seat (default "standard"). */
  level?: Level | Partial<Record<Seat, Level>>;
  map?: StrategicMap;
  onGame?(i: number, g: GameSummary): void;
}): BatchSummary {
  const sides: Side[] = ['prussian-allied', 'coalition'];
  const zero = (): Record<Side, number> => ({ 'prussian-allied': 0, coalition: 0 });
  const sum = {
    totalVp: zero(),
    fortressVp: zero(),
    eliminated: zero(),
    prisoners: zero(),
    captures: 0,
    difference: 0,
    steps: 0,
  };
  const causes = noLosses();
  const sieges = noCuts();
  const outcomes: Record<string, number> = {};
  const fortressChanges: Record<string, number> = {};
  const endedBy: Record<string, number> = {};
  let refused = 0;
  let stalls = 0;
  let scenarioId = typeof opts.scenario === 'string' ? opts.scenario : opts.scenario.id;
  const map = driverMap(opts.map);
  opts.seeds.forEach((seed, i) => {
    const g = playGame({ scenario: opts.scenario, seed, level: opts.level ?? 'standard', map });
    scenarioId = String(g.state.scenario);
    const label = outcomeLabel(g);
    outcomes[label] = (outcomes[label] ?? 0) + 1;
    endedBy[g.endedBy] = (endedBy[g.endedBy] ?? 0) + 1;
    for (const s of sides) {
      sum.totalVp[s] += g.victory.total[s];
      sum.fortressVp[s] += g.victory.fortressVp[s];
      sum.eliminated[s] += g.losses[s].eliminated;
      sum.prisoners[s] += g.losses[s].prisoners;
      for (const k of Object.keys(causes[s]) as Array<keyof LossCauses>) causes[s][k] += g.causes[s][k];
      sieges[s].cut += g.sieges[s].cut;
      sieges[s].cutWinter += g.sieges[s].cutWinter;
    }
    sum.captures += g.captures.length;
    sum.difference += g.victory.total['prussian-allied'] - g.victory.total.coalition;
    sum.steps += g.steps;
    refused += g.refused;
    stalls += g.stalls;
    const names = new Set(g.captures.map((c) => map.fortress(c.hex)?.name ?? c.hex));
    for (const n of names) fortressChanges[n] = (fortressChanges[n] ?? 0) + 1;
    opts.onGame?.(i, g);
  });
  const n = Math.max(1, opts.seeds.length);
  const per = (r: Record<Side, number>) => ({
    'prussian-allied': r['prussian-allied'] / n,
    coalition: r.coalition / n,
  });
  return {
    scenario: scenarioId,
    games: opts.seeds.length,
    outcomes,
    mean: {
      totalVp: per(sum.totalVp),
      fortressVp: per(sum.fortressVp),
      eliminated: per(sum.eliminated),
      prisoners: per(sum.prisoners),
      captures: sum.captures / n,
      difference: sum.difference / n,
      steps: sum.steps / n,
      causes: {
        'prussian-allied': perCause(causes['prussian-allied'], n),
        coalition: perCause(causes.coalition, n),
      },
      sieges: {
        'prussian-allied': {
          cut: sieges['prussian-allied'].cut / n,
          cutWinter: sieges['prussian-allied'].cutWinter / n,
        },
        coalition: { cut: sieges.coalition.cut / n, cutWinter: sieges.coalition.cutWinter / n },
      },
    },
    fortressChanges,
    refused,
    stalls,
    endedBy,
  };
}

function perCause(c: LossCauses, n: number): LossCauses {
  return { winter: c.winter / n, winterUnled: c.winterUnled / n, supply: c.supply / n, sortie: c.sortie / n };
}

/** A markdown section for docs/balance.md. */
export function batchMarkdown(b: BatchSummary): string {
  const f = (x: number) => x.toFixed(1);
  const lines = [
    `### ${b.scenario} (${b.games} games)`,
    '',
    '| Outcome | Games |',
    '| --- | ---: |',
    ...Object.entries(b.outcomes)
      .sort((a, c) => c[1] - a[1])
      .map(([k, v]) => `| ${k} | ${v} |`),
    '',
    '| Mean per game | Prussian-Allied | Coalition |',
    '| --- | ---: | ---: |',
    `| VP total (17.0) | ${f(b.mean.totalVp['prussian-allied'])} | ${f(b.mean.totalVp.coalition)} |`,
    `| Fortress VP | ${f(b.mean.fortressVp['prussian-allied'])} | ${f(b.mean.fortressVp.coalition)} |`,
    `| SP eliminated | ${f(b.mean.eliminated['prussian-allied'])} | ${f(b.mean.eliminated.coalition)} |`,
    ...causeRows(b),
    `| SP held prisoner at the end | ${f(b.mean.prisoners['prussian-allied'])} | ${f(b.mean.prisoners.coalition)} |`,
    ...siegeRows(b),
    '',
    `Mean VP difference (allied - coalition): ${f(b.mean.difference)}; fortress captures per game: ${f(b.mean.captures)}; decisions per game: ${f(b.mean.steps)}; games ended by: ${Object.entries(
      b.endedBy,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
    `Fortresses that changed hands (games): ${
      Object.entries(b.fortressChanges)
        .sort((a, c) => c[1] - a[1])
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }.`,
  ];
  if (b.refused > 0)
    lines.push('', `Engine refusals of listed actions (engine legal/apply mismatches): ${b.refused}.`);
  return lines.join('\n');
}

/**
 * Sieges cut off (siege-census.ts): ended for want of supply (13.12) with the besiegers still
 * before the fortress, and of those the ones a winter turn ended (16.31 takes the depot guards).
 */
function siegeRows(b: BatchSummary): string[] {
  const f = (x: number) => x.toFixed(2);
  const s = b.mean.sieges;
  return [
    `| Sieges cut off from supply (13.12) | ${f(s['prussian-allied'].cut)} | ${f(s.coalition.cut)} |`,
    `| of them on a winter turn (16.31) | ${f(s['prussian-allied'].cutWinter)} | ${f(s.coalition.cutWinter)} |`,
  ];
}

/**
 * The SP eliminated split by cause: winter (16.31; of them forces with no leader, 5.3), supply
 * (10.61), siege rolls (13.32), and the rest (battles, storms, overruns, 9.0, 13.4, 5.5).
 */
function causeRows(b: BatchSummary): string[] {
  const f = (x: number) => x.toFixed(1);
  const c = b.mean.causes;
  const row = (label: string, pick: (x: LossCauses) => number) =>
    `| ${label} | ${f(pick(c['prussian-allied']))} | ${f(pick(c.coalition))} |`;
  const rest = (s: Side) => b.mean.eliminated[s] - c[s].winter - c[s].supply - c[s].sortie;
  return [
    row('of them to winter (16.31)', (x) => x.winter),
    row('of those, forces with no leader (5.3)', (x) => x.winterUnled),
    row('to supply (10.61)', (x) => x.supply),
    row('to siege rolls (13.32)', (x) => x.sortie),
    `| in battle and otherwise | ${f(rest('prussian-allied'))} | ${f(rest('coalition'))} |`,
  ];
}

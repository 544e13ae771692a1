// A trial of an autopilot change against the kept games (issue 20): `ftg balance --against FILE`.
// A change is screened by re-playing only the games it can alter over a few seeds (`--matchup`,
// `--games`) and reading, game by game against the same games in docs/balance-records.jsonl, what
// it did to the target cells. The games the trial did not play are taken from the kept file, so a
// cell that compares two matchups (a level against the one below it) is judged with the trial's
// games where it has them and the kept ones elsewhere, on the trial's seeds only.
import type { Side } from '../engine/index.js';
import type { Level } from './decide.js';
import { f1, type GameRecord, LADDER, mean, SIDE, suite, TOP, versus } from './matchups.js';

const key = (r: Pick<GameRecord, 'scenario' | 'seed' | 'matchup'>) => `${r.scenario}|${r.seed}|${r.matchup}`;

/** A game the trial changed: its result, captures or battles differ from the kept game. */
export function changed(a: GameRecord, b: GameRecord): boolean {
  return (
    a.margin !== b.margin ||
    a.winner !== b.winner ||
    a.battles !== b.battles ||
    JSON.stringify(a.captures) !== JSON.stringify(b.captures)
  );
}

/** The target cells (1: the top level against passive and hold; 2: each level against the one below). */
function cellsOf(rs: GameRecord[], scenario: string, side: Side): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  const p = versus(rs, scenario, side, TOP, 'passive', 'hold');
  const h = versus(rs, scenario, side, TOP, 'hold', 'passive');
  out.set('1: vs passive, wins', [p.wins, p.n]);
  out.set('1: vs hold, wins', [h.wins, h.n]);
  for (let i = 1; i < LADDER.length; i++) {
    const hi = LADDER[i] as Level;
    const lo = LADDER[i - 1] as Level;
    const v = versus(rs, scenario, side, hi, lo, lo);
    out.set(`2: ${hi} > ${lo}`, [v.better, v.paired]);
  }
  return out;
}

/**
 * The change in margin a game, each trial game against the same kept game (same scenario, seed and
 * matchup), and its t statistic (the mean over its standard error): the figure the sections of
 * docs/balance.md quote as "VP a game, paired game by game". A seed's dice are the same in both
 * games until the change makes a decision differ, so pairing removes most of the dice's noise.
 */
export function pairedChange(diffs: readonly number[]): { mean: string; t: string } {
  const n = diffs.length;
  if (n === 0) return { mean: '-', t: '-' };
  const m = diffs.reduce((a, d) => a + d, 0) / n;
  const sign = (x: number, digits: number) => `${x > 0 ? '+' : ''}${x.toFixed(digits)}`;
  if (n < 2) return { mean: sign(m, 2), t: '-' };
  const sd = Math.sqrt(diffs.reduce((a, d) => a + (d - m) ** 2, 0) / (n - 1));
  return { mean: sign(m, 2), t: sd > 0 ? sign(m / (sd / Math.sqrt(n)), 1) : '-' };
}

/** The markdown of a trial: target cells before and after, and what changed in each matchup. */
export function trialMarkdown(trial: GameRecord[], kept: GameRecord[], command: string): string {
  const pairs = new Set(trial.map((r) => `${r.scenario}|${r.seed}`));
  const before = kept.filter((r) => pairs.has(`${r.scenario}|${r.seed}`));
  const byKey = new Map(before.map((r) => [key(r), r]));
  const mine = new Map(trial.map((r) => [key(r), r]));
  const after = [...before.filter((r) => !mine.has(key(r))), ...mine.values()];
  const scenarios = [...new Set(trial.map((r) => r.scenario))].sort();
  const seeds = [...new Set(trial.map((r) => r.seed))].sort((a, b) => a - b);
  let nChanged = 0;
  let paired = 0;
  for (const r of mine.values()) {
    const b = byKey.get(key(r));
    if (b) paired++;
    if (b && changed(r, b)) nChanged++;
  }
  const lines: string[] = [
    '## Trial against the kept games',
    '',
    `Produced by \`${command}\`: ${mine.size} games (scenarios ${scenarios.join(', ')}; seeds ${seeds[0]}-${seeds.at(-1)}), ${paired} of them also among the kept games, ${nChanged} changed (result, captures or battles). Each cell counts the games that meet it before and after (of the games judged); the games the trial did not play are the kept ones.`,
    '',
  ];
  const sides: Side[] = ['prussian-allied', 'coalition'];
  const names = [...cellsOf([], scenarios[0] ?? '1756', 'coalition').keys()];
  lines.push(
    `| Scenario | Side | ${names.join(' | ')} |`,
    `| --- | --- | ${names.map(() => '---:').join(' | ')} |`,
  );
  const totals = new Map<string, number[]>();
  const cell = (b: [number, number], a: [number, number]) =>
    b[0] === a[0] && b[1] === a[1] ? `${a[0]}/${a[1]}` : `${b[0]}/${b[1]} -> **${a[0]}/${a[1]}**`;
  for (const s of scenarios)
    for (const side of sides) {
      const b = cellsOf(before, s, side);
      const a = cellsOf(after, s, side);
      const row = names.map((n) => {
        const bb = b.get(n) ?? [0, 0];
        const aa = a.get(n) ?? [0, 0];
        const t = totals.get(`${side}|${n}`) ?? [0, 0, 0, 0];
        totals.set(`${side}|${n}`, [
          (t[0] ?? 0) + bb[0],
          (t[1] ?? 0) + bb[1],
          (t[2] ?? 0) + aa[0],
          (t[3] ?? 0) + aa[1],
        ]);
        return cell(bb, aa);
      });
      lines.push(`| ${s} | ${SIDE[side]} | ${row.join(' | ')} |`);
    }
  for (const side of sides) {
    const row = names.map((n) => {
      const [b0 = 0, b1 = 0, a0 = 0, a1 = 0] = totals.get(`${side}|${n}`) ?? [];
      return cell([b0, b1], [a0, a1]);
    });
    lines.push(`| all | ${SIDE[side]} | ${row.join(' | ')} |`);
  }
  lines.push(
    '',
    '| Matchup | Games | Changed | Mean margin (allied VP) before | after | Allied wins before | after | Coalition wins before | after | Battles / game before | after | Change a game, paired (allied VP) | t |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const mu of suite()) {
    const games = [...mine.values()].filter((r) => r.matchup === mu.name);
    const olds = games.map((r) => byKey.get(key(r))).filter((r): r is GameRecord => r !== undefined);
    if (games.length === 0) continue;
    const wins = (xs: GameRecord[], w: Side) => xs.filter((r) => r.winner === w).length;
    const p = pairedChange(
      games.flatMap((r) => {
        const b = byKey.get(key(r));
        return b ? [r.margin - b.margin] : [];
      }),
    );
    lines.push(
      `| ${mu.name} | ${games.length} | ${
        games.filter((r) => {
          const b = byKey.get(key(r));
          return b !== undefined && changed(r, b);
        }).length
      } | ${f1(mean(olds.map((r) => r.margin)))} | ${f1(mean(games.map((r) => r.margin)))} | ${wins(olds, 'prussian-allied')} | ${wins(games, 'prussian-allied')} | ${wins(olds, 'coalition')} | ${wins(games, 'coalition')} | ${f1(mean(olds.map((r) => r.battles)))} | ${f1(mean(games.map((r) => r.battles)))} | ${p.mean} | ${p.t} |`,
    );
  }
  // The games to trace first (`ftg demo --scenario S --seed N --level ... --trace SEAT` replays
  // any of them decision by decision): the largest changes in margin.
  const moved = [...mine.values()]
    .map((r) => ({ r, b: byKey.get(key(r)) }))
    .filter((x): x is { r: GameRecord; b: GameRecord } => x.b !== undefined && changed(x.r, x.b))
    .sort(
      (x, y) =>
        Math.abs(y.r.margin - y.b.margin) - Math.abs(x.r.margin - x.b.margin) ||
        key(x.r).localeCompare(key(y.r)),
    );
  if (moved.length > 0) {
    const caps = (r: GameRecord) =>
      r.captures.map((c) => `${c.hex}${c.side === 'coalition' ? 'C' : 'A'}${c.turn}`).join(' ') || '-';
    lines.push(
      '',
      `The ${Math.min(MOVED_SHOWN, moved.length)} games whose margin moved most (of ${moved.length} changed); captures as hex, side (A allied, C Coalition) and turn:`,
      '',
      '| Scenario | Seed | Matchup | Margin (allied VP) before | after | Captures before | after |',
      '| --- | ---: | --- | ---: | ---: | --- | --- |',
    );
    for (const { r, b } of moved.slice(0, MOVED_SHOWN))
      lines.push(
        `| ${r.scenario} | ${r.seed} | ${r.matchup} | ${b.margin} | ${r.margin} | ${caps(b)} | ${caps(r)} |`,
      );
  }
  return lines.join('\n');
}

/** Changed games listed by `trialMarkdown`, the largest changes in margin first. */
const MOVED_SHOWN = 20;

// The autopilot's balance and strength measurements (issue 20): for each scenario and seed, a fixed
// suite of games between levels (self-play at the top level, the top level against the passive and
// the hold baselines as each side, the baselines against each other, each level against the one
// below it, random self-play), summarised against the targets. `ftg balance` runs it and
// prints the markdown of docs/balance.md; the records can be written as JSON lines and merged, so
// a long run can be split over processes and resumed.

import type { GameState, ScenarioId, Seat, Side } from '../engine/index.js';
import { isWinterTurn, setup } from '../engine/index.js';
import { distance as hexDistance } from '../map/hex.js';
import type { StrategicMap } from '../map/types.js';
import type { Level } from './decide.js';
import { driverMap, playGame } from './driver.js';

export const TOP: Level = 'expert';
/** The ladder of playing levels, weakest first (each must beat the one below it). */
export const LADDER: Level[] = ['passive', 'novice', 'standard', 'expert'];

export interface Matchup {
  name: string;
  allied: Level;
  coalition: Level;
}

/** The suite played for every scenario and seed. */
export function suite(): Matchup[] {
  const m = (allied: Level, coalition: Level): Matchup => ({
    name: `${allied}-${coalition}`,
    allied,
    coalition,
  });
  const out: Matchup[] = [
    m(TOP, TOP),
    m('passive', 'passive'),
    m('hold', 'passive'),
    m('passive', 'hold'),
    m(TOP, 'passive'),
    m('passive', TOP),
    m(TOP, 'hold'),
    m('hold', TOP),
    m('random', 'random'),
  ];
  for (let i = 1; i < LADDER.length; i++) {
    const lo = LADDER[i - 1] as Level;
    const hi = LADDER[i] as Level;
    out.push(m(hi, lo), m(lo, hi));
    if (hi !== TOP) out.push(m(hi, hi));
  }
  const seen = new Set<string>();
  return out.filter((x) => {
    if (seen.has(x.name)) return false;
    seen.add(x.name);
    return true;
  });
}

export interface GameRecord {
  scenario: string;
  seed: number;
  matchup: string;
  allied: Level;
  coalition: Level;
  /** Allied total VP less Coalition total VP (17.0). */
  margin: number;
  winner: Side | 'draw';
  battles: number;
  captures: Array<{ hex: string; side: Side; turn: number }>;
  /** Forces of 10+ SP idle for more than four non-winter turns (not besieging, not covering). */
  idle: number;
  /** Longest single step (view, decision and engine) in ms. */
  maxStepMs: number;
  steps: number;
  ms: number;
}

/** Leaders commanding 10+ SP in the open, by id -> hex (8.21). */
function armies(state: GameState): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of Object.values(state.leaders)) {
    if (l.status !== 'map' || !l.hex || l.inside) continue;
    const senior = Object.values(state.leaders).some(
      (o) =>
        o.status === 'map' &&
        o.hex === l.hex &&
        !o.inside &&
        o.nationality === l.nationality &&
        o.rank < l.rank,
    );
    if (senior) continue;
    if ((state.forces[l.hex]?.[l.nationality]?.out ?? 0) >= 10) out.set(l.id, l.hex);
  }
  return out;
}

function excused(state: GameState, hex: string, side: Side, map: StrategicMap): boolean {
  if (state.besieged.includes(hex)) return true;
  if (!map.fortress(hex)) return false;
  // Holding an own fortress an enemy force stands within three hexes of.
  const enemyNear = Object.entries(state.forces).some(([h, hf]) =>
    Object.entries(hf).some(
      ([n, f]) => state.seatSide[n as Seat] !== side && (f?.out ?? 0) > 0 && hexDistance(h, hex) <= 3,
    ),
  );
  return enemyNear;
}

export function playMatchup(
  scenario: ScenarioId,
  seed: number,
  mu: Matchup,
  map: StrategicMap = driverMap(),
  /** A clock for the step timings (the CLI passes one; the pure layer has none). */
  clock: () => number = () => 0,
): GameRecord {
  const seatSide = setup(scenario, seed, { map }).seatSide;
  const level: Partial<Record<Seat, Level>> = {};
  for (const [seat, side] of Object.entries(seatSide))
    level[seat as Seat] = side === 'prussian-allied' ? mu.allied : mu.coalition;
  let battles = 0;
  let maxStepMs = 0;
  let last = clock();
  const t0 = last;
  const idleRun = new Map<string, { hex: string; n: number; flagged: boolean }>();
  let idle = 0;
  const g = playGame({
    scenario,
    seed,
    level,
    map,
    onStep: ({ events }) => {
      const now = clock();
      maxStepMs = Math.max(maxStepMs, now - last);
      last = now;
      for (const e of events) if (e.kind === 'battle') battles++;
    },
    onTurn: ({ turn, state }) => {
      if (isWinterTurn(turn)) return;
      const now = armies(state);
      for (const [id, hex] of now) {
        const l = state.leaders[id];
        const side = l ? state.seatSide[l.nationality] : 'prussian-allied';
        const prev = idleRun.get(id);
        if (prev && prev.hex === hex && !excused(state, hex, side, map)) {
          prev.n++;
          if (prev.n > 4 && !prev.flagged) {
            prev.flagged = true;
            idle++;
          }
        } else idleRun.set(id, { hex, n: 0, flagged: prev?.hex === hex ? (prev?.flagged ?? false) : false });
      }
    },
  });
  return {
    scenario,
    seed,
    matchup: mu.name,
    allied: mu.allied,
    coalition: mu.coalition,
    margin: g.victory.total['prussian-allied'] - g.victory.total.coalition,
    winner: g.victory.winner,
    battles,
    captures: g.captures,
    idle,
    maxStepMs: Math.round(maxStepMs),
    steps: g.steps,
    ms: Math.round(clock() - t0),
  };
}

const pct = (a: number, n: number) => (n === 0 ? '-' : `${Math.round((100 * a) / n)}%`);
export const mean = (xs: number[]) =>
  xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
export const f1 = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));
export const SIDE: Record<Side, string> = { 'prussian-allied': 'Prussian-Allied', coalition: 'Coalition' };

/** Margin seen from `side`. */
const forSide = (r: GameRecord, side: Side) => (side === 'prussian-allied' ? r.margin : -r.margin);

function pick(rs: GameRecord[], scenario: string, allied: Level, coalition: Level): Map<number, GameRecord> {
  const out = new Map<number, GameRecord>();
  for (const r of rs)
    if (r.scenario === scenario && r.allied === allied && r.coalition === coalition) out.set(r.seed, r);
  return out;
}

/** `lvl` playing `side` against `opp`, with the games of `ref` playing `side` against `opp` as reference. */
export function versus(rs: GameRecord[], scenario: string, side: Side, lvl: Level, opp: Level, ref: Level) {
  const [a, c] = side === 'prussian-allied' ? [lvl, opp] : [opp, lvl];
  const [ra, rc] = side === 'prussian-allied' ? [ref, opp] : [opp, ref];
  const games = pick(rs, scenario, a, c);
  const refs = pick(rs, scenario, ra, rc);
  let wins = 0;
  let better = 0;
  let paired = 0;
  const margins: number[] = [];
  const refMargins: number[] = [];
  for (const [seed, g] of games) {
    margins.push(forSide(g, side));
    if (g.winner === side) wins++;
    const r = refs.get(seed);
    if (r) {
      paired++;
      refMargins.push(forSide(r, side));
      if (forSide(g, side) > forSide(r, side)) better++;
    }
  }
  return { n: games.size, wins, better, paired, margin: mean(margins), refMargin: mean(refMargins) };
}

export function balanceMarkdown(rs: GameRecord[], command: string): string {
  const scenarios = [...new Set(rs.map((r) => r.scenario))].sort();
  const sides: Side[] = ['prussian-allied', 'coalition'];
  const lines: string[] = [];
  const seeds = (s: string) => new Set(rs.filter((r) => r.scenario === s).map((r) => r.seed)).size;
  lines.push(
    '## Targets of issue 20',
    '',
    `Produced by \`${command}\` (${rs.length} games). "Wins" are 17.1 results (marginal or better) for the side named; margins are total VP (17.0) from that side's point of view. Top level: ${TOP}.`,
    '',
    '### 1. The top level against the baselines',
    '',
    'Against passive, the reference is the hold baseline playing the same side against passive; against hold, it is passive playing the same side against hold (the baselines against each other). Met when the win rate is 90%+ and the mean margin is 16+ VP above the reference.',
    '',
    '| Scenario | Seeds | Side | vs passive: wins | margin | reference | met | vs hold: wins | margin | reference | met |',
    '| --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |',
  );
  for (const s of scenarios)
    for (const side of sides) {
      const p = versus(rs, s, side, TOP, 'passive', 'hold');
      const h = versus(rs, s, side, TOP, 'hold', 'passive');
      const met = (x: typeof p) =>
        x.n > 0 && x.wins / x.n >= 0.9 && x.margin - x.refMargin >= 16 ? 'yes' : 'no';
      lines.push(
        `| ${s} | ${seeds(s)} | ${SIDE[side]} | ${pct(p.wins, p.n)} | ${f1(p.margin)} | ${f1(p.refMargin)} | ${met(p)} | ${pct(h.wins, h.n)} | ${f1(h.margin)} | ${f1(h.refMargin)} | ${met(h)} |`,
      );
    }
  lines.push(
    '',
    '### 2. Each level against the level below',
    '',
    'A level "beats" the one below in a game when, playing a side against it, it ends with a better margin than the lower level itself gets playing that side against it (same seed). Met at 65%+.',
    '',
    '| Scenario | Side | ' +
      LADDER.slice(1)
        .map((l, i) => `${l} vs ${LADDER[i]}`)
        .join(' | ') +
      ' |',
    `| --- | --- | ${LADDER.slice(1)
      .map(() => '---:')
      .join(' | ')} |`,
  );
  for (const s of scenarios)
    for (const side of sides) {
      const cells = LADDER.slice(1).map((hi, i) => {
        const lo = LADDER[i] as Level;
        const v = versus(rs, s, side, hi, lo, lo);
        return `${pct(v.better, v.paired)} (${f1(v.margin)} vs ${f1(v.refMargin)})`;
      });
      lines.push(`| ${s} | ${SIDE[side]} | ${cells.join(' | ')} |`);
    }
  lines.push(
    '',
    '### 3. Top-level self-play',
    '',
    '| Scenario | Games | Battles / game | Captures / game (not Glatz) | Idle 10+ SP forces / game | Allied wins | Draws | Coalition wins | Mean margin | Prussia takes Dresden | Longest step (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const s of scenarios) {
    const g = [...pick(rs, s, TOP, TOP).values()];
    const n = g.length;
    const caps = g.map((r) => r.captures.filter((c) => c.hex !== '1532').length);
    const dresden = g.filter((r) =>
      r.captures.some((c) => c.hex === '1623' && c.side === 'prussian-allied'),
    ).length;
    lines.push(
      `| ${s} | ${n} | ${f1(mean(g.map((r) => r.battles)))} | ${f1(mean(caps))} | ${f1(mean(g.map((r) => r.idle)))} | ${pct(g.filter((r) => r.winner === 'prussian-allied').length, n)} | ${pct(g.filter((r) => r.winner === 'draw').length, n)} | ${pct(g.filter((r) => r.winner === 'coalition').length, n)} | ${f1(mean(g.map((r) => r.margin)))} | ${pct(dresden, n)} | ${Math.max(0, ...g.map((r) => r.maxStepMs))} |`,
    );
  }
  lines.push(
    '',
    '### Baselines and every matchup',
    '',
    '| Scenario | Allied | Coalition | Games | Allied wins | Draws | Coalition wins | Mean margin | Battles / game | Captures / game | Mean ms / game |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const s of scenarios)
    for (const mu of suite()) {
      const g = [...pick(rs, s, mu.allied, mu.coalition).values()];
      if (g.length === 0) continue;
      const n = g.length;
      lines.push(
        `| ${s} | ${mu.allied} | ${mu.coalition} | ${n} | ${pct(g.filter((r) => r.winner === 'prussian-allied').length, n)} | ${pct(g.filter((r) => r.winner === 'draw').length, n)} | ${pct(g.filter((r) => r.winner === 'coalition').length, n)} | ${f1(mean(g.map((r) => r.margin)))} | ${f1(mean(g.map((r) => r.battles)))} | ${f1(mean(g.map((r) => r.captures.length)))} | ${Math.round(mean(g.map((r) => r.ms)))} |`,
      );
    }
  return lines.join('\n');
}

// Calibration of campaign battles (issue #16, design 6.4): autopilot sub-battles at strategic odds
// against the strategic table's own victor rates and losses. Pure: the CRT side is exact (the six
// dice enumerated), the tactical side plays `runs` seeded battles per odds.
import ratingsJson from '../../../assets/tactical/ratings.json' with { type: 'json' };
import { playBattle } from '../../autopilot/tactical/driver.js';
import type { CombatForce } from '../../engine/index.js';
import { defaultCrt, resolveBattle, totalSp } from '../../engine/index.js';
import { createRng, rollD6 } from '../../kernel/index.js';
import { useTacticalMap } from '../env.js';
import { parseScenario } from '../scenario.js';
import { campaignScenario } from './deploy.js';
import { generateField } from './field.js';
import { toTacticalSetup } from './forces.js';
import { toStrategicOutcome } from './outcome.js';

export const CALIBRATION_ODDS: readonly [number, number][] = [
  [6, 12],
  [8, 8],
  [12, 8],
  [12, 6],
  [18, 6],
];

export interface CalibrationRow {
  odds: string;
  attackerSp: number;
  defenderSp: number;
  runs: number;
  table: { win: number; draw: number; loss: number; attackerLost: number; defenderLost: number };
  tactical: { win: number; draw: number; loss: number; attackerLost: number; defenderLost: number };
}

const force = (side: CombatForce['side'], nat: string, sp: number, id: string): CombatForce => ({
  side,
  sp: { [nat]: sp },
  leaders: [{ id, nationality: nat, rank: 1, initiative: 2, attack: 0, defence: 0 }],
  demoralized: false,
});

const lost = (o: { eliminated: Record<string, number>; captured: Record<string, number> }) =>
  totalSp(o.eliminated) + totalSp(o.captured);

/** One row per odds: the table's exact rates and the tactical battles' measured ones. */
export function calibrate(
  runs: number,
  seed: number,
  odds = CALIBRATION_ODDS,
  attackerSide: 'prussia' | 'austria' = 'prussia',
): CalibrationRow[] {
  const rows: CalibrationRow[] = [];
  const prussianAttacks = attackerSide === 'prussia';
  for (const [a, d] of odds) {
    const p = (sp: number) => force('prussian-allied', 'prussia', sp, 'p-general');
    const c = (sp: number) => force('coalition', 'austria', sp, 'a-general');
    const attacker = prussianAttacks ? p(a) : c(a);
    const defender = prussianAttacks ? c(d) : p(d);
    const table = { win: 0, draw: 0, loss: 0, attackerLost: 0, defenderLost: 0 };
    for (let die = 1; die <= 6; die++) {
      const o = resolveBattle({ attacker, defender, die, mountain: false, crt: defaultCrt });
      if ('error' in o) continue;
      if (o.victor === 'draw') table.draw += 1 / 6;
      else if (o.victor === attacker.side) table.win += 1 / 6;
      else table.loss += 1 / 6;
      table.attackerLost += lost(o.attacker) / 6;
      table.defenderLost += lost(o.defender) / 6;
    }
    const tac = { win: 0, draw: 0, loss: 0, attackerLost: 0, defenderLost: 0 };
    const setup = toTacticalSetup({ attacker, defender, winter: false });
    const count = (s: string) => setup.units.filter((u) => u.side === s).length;
    for (let i = 0; i < runs; i++) {
      const s = seed + i;
      const field = generateField(
        {
          hex: '1520',
          region: 'silesia',
          mountain: false,
          river: false,
          mountainSides: 0,
          winter: false,
          attacker: attackerSide,
          attackerEdge: i % 2 === 0 ? 'west' : 'east',
          counters: {
            attacker: count(attackerSide),
            defender: count(prussianAttacks ? 'austria' : 'prussia'),
          },
        },
        s,
      );
      useTacticalMap(field.map);
      const raw = campaignScenario({
        setup,
        map: field.map,
        objectives: field.objectives,
        id: 'calibration',
        name: 'calibration',
      });
      const parsed = parseScenario(raw, ratingsJson, (h) => field.map.has(h));
      if (!parsed.ok) throw new Error(parsed.errors.join('; '));
      const sum = playBattle({ loaded: parsed.value, map: field.map, seed: s });
      const rng = { rng: createRng(s) };
      const o = toStrategicOutcome({ setup, end: sum.state, attacker, defender, rollD6: () => rollD6(rng) });
      if (o.victor === 'draw') tac.draw++;
      else if (o.victor === attacker.side) tac.win++;
      else tac.loss++;
      tac.attackerLost += lost(o.attacker);
      tac.defenderLost += lost(o.defender);
    }
    for (const k of Object.keys(tac) as (keyof typeof tac)[]) tac[k] /= Math.max(1, runs);
    rows.push({
      odds: `${a}:${d}${prussianAttacks ? '' : ' (Austrian attacker)'}`,
      attackerSp: a,
      defenderSp: d,
      runs,
      table,
      tactical: tac,
    });
  }
  return rows;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const num = (x: number) => x.toFixed(1);

export function calibrationMarkdown(rows: CalibrationRow[]): string {
  const lines = [
    '| odds (SP) | table win / draw / loss | tactical win / draw / loss | SP lost att/def (table) | SP lost att/def (tactical) | runs |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.odds} | ${pct(r.table.win)} / ${pct(r.table.draw)} / ${pct(r.table.loss)} | ${pct(r.tactical.win)} / ${pct(r.tactical.draw)} / ${pct(r.tactical.loss)} | ${num(r.table.attackerLost)} / ${num(r.table.defenderLost)} | ${num(r.tactical.attackerLost)} / ${num(r.tactical.defenderLost)} | ${r.runs} |`,
    );
  return lines.join('\n');
}

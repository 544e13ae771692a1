// Issue 20: how the autopilot reads hidden enemy strengths (view-adapter.ts estimateEnemies) and
// when it risks an Overwhelming Attack (5.5, 5.54). Estimates come from public data only: the
// scenario's set-up and reinforcements (18.0, 15.0), the prisoners held (14.0) and what the seat's
// view shows of each stack (its top leader, 8.21; the nationalities outside and inside).
import { describe, expect, it } from 'vitest';
import { attackOdds } from '../../src/autopilot/battle-odds.js';
import { overwhelmScore, STYLES } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { battleValue, spreadOdds } from '../../src/autopilot/plan.js';
import { replayPosition } from '../../src/autopilot/position.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { setup } from '../../src/engine/setup.js';
import type { Side } from '../../src/engine/types.js';
import { NATIONALITIES } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

describe('autopilot: estimates of hidden enemy strengths', () => {
  it("18.0/8.21: a stack is estimated by its top leader's command at set-up (1761: Soubise's army at 2104)", () => {
    const state = setup('1761', 1, { map });
    const truth = state.forces['2104']?.france?.out ?? 0;
    expect(truth).toBeGreaterThanOrEqual(30);
    const est = boardFromView(view(state, 'hanover', [], map), map).enemies.get('2104')?.estOut ?? 0;
    // Within a quarter of the truth (the rank-based shares of before gave Soubise about half).
    expect(est).toBeGreaterThanOrEqual(0.75 * truth);
    expect(est).toBeLessThanOrEqual(1.25 * truth);
    // The estimate reads the view, not the state: another strength there changes nothing.
    const altered = structuredClone(state);
    altered.forces['2104']!.france!.out = 5;
    expect(boardFromView(view(altered, 'hanover', [], map), map).enemies.get('2104')?.estOut).toBe(est);
  });

  it('9.0: over a whole game, enemy armies of 10+ SP are rarely taken for under four fifths of their size', () => {
    let big = 0;
    let under = 0;
    // Four whole expert self-play games of 1757, seeds 1-4, replayed from their action logs
    // (positions/estimate-1757-<seed>.json, each recorded with `ftg demo --scenario 1757 --seed N
    // --level expert --cut end`). The logs are fixed on purpose: the code under test is the
    // estimate (view-adapter.ts), and live games moved its share with every autopilot change (at
    // the commit of the 17.0 price seeds 1-4 gave 9.7, 10.5, 5.4, 14.3 %; after 5.35, 29 Nov 2026,
    // seeds 1-6 gave 11.0, 13.7, 12.7, 16.0, 17.5, 9.5 %, seeds 1-2 pooled 12.4 %). Each army is
    // judged as the first state of each March Phase shows it to a seat of the other side.
    for (const seed of [1, 2, 3, 4]) {
      const seen = new Set<string>();
      replayPosition(
        loadPosition(`estimate-1757-${seed}`),
        ({ state }) => {
          if (state.phase !== 'march' || seen.has(`${state.turn}/${state.phasing}`)) return;
          seen.add(`${state.turn}/${state.phasing}`);
          for (const side of ['prussian-allied', 'coalition'] as Side[]) {
            const seat = NATIONALITIES.find((n) => state.seatSide[n] === side);
            if (!seat) continue;
            const board = boardFromView(view(state, seat, [], map), map);
            for (const [hex, e] of board.enemies) {
              if (e.out !== null) continue;
              let truth = 0;
              for (const n of NATIONALITIES)
                if (state.seatSide[n] !== side) truth += state.forces[hex]?.[n]?.out ?? 0;
              if (truth < 10) continue;
              big++;
              if ((truth + 1) / ((e.estOut ?? 0) + 1) > 1.25) under++;
            }
          }
        },
        map,
      );
    }
    // 611 sightings in the four recorded games.
    expect(big).toBeGreaterThan(400);
    // The rank-based shares of before missed by over a quarter in 16 % of the seed 1 sightings;
    // the recorded games (seeds 1-4: 3.5, 0.7, 2.5, 8.4 %) pool to 3.9 %. The games are fixed now,
    // so the bound can sit just above that: a change to the estimate that misses more fails here
    // (it was 15 % while live games moved the share by several points).
    expect(under / big).toBeLessThan(0.06);
    // Four whole games replayed by the engine alone: some seconds on these shared two-core machines.
  }, 60_000);
});

describe('autopilot: Overwhelming Attacks (5.5, 5.54)', () => {
  // 0106-0107 is a pass hexside (the Wagensteig); 0207-0107 an open one.
  it('5.5: tries one on open ground when 400% looks likely, not when it does not', () => {
    expect(overwhelmScore(map, '0207', ['0107'], 21, 5)).toBeGreaterThan(0);
    expect(overwhelmScore(map, '0207', ['0107'], 19, 5)).toBeLessThan(0);
  });

  it('5.54: across a mountain pass it wants a quarter to spare, since a failed attempt forbids declining battle', () => {
    expect(overwhelmScore(map, '0106', ['0107'], 21, 5)).toBeLessThan(-1);
    expect(overwhelmScore(map, '0106', ['0107'], 25, 5)).toBeGreaterThan(0);
    // The last step of a longer path is what counts.
    expect(overwhelmScore(map, '0006', ['0106', '0107'], 21, 5)).toBeLessThan(-1);
  });
});

describe('autopilot: the expert judges a hidden strength over a spread around its estimate', () => {
  it('averages the odds over every whole SP from two thirds to four thirds of the estimate; a forbidden one forbids', () => {
    const seen: number[] = [];
    const o = spreadOdds(9, (d) => {
      seen.push(d);
      return { swing: d, winChance: d >= 9 ? 1 : 0, ownLoss: d / 3, allowed: true };
    });
    expect(seen).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(o.swing).toBeCloseTo(9);
    expect(o.winChance).toBeCloseTo(4 / 7);
    expect(o.ownLoss).toBeCloseTo(3);
    // A small estimate never asks about a stack of no SP.
    const low: number[] = [];
    spreadOdds(1, (d) => {
      low.push(d);
      return { swing: 0, winChance: 0, ownLoss: 0, allowed: true };
    });
    expect(low).toEqual([1]);
    expect(spreadOdds(9, (d) => ({ swing: 1, winChance: 1, ownLoss: 0, allowed: d < 12 })).allowed).toBe(
      false,
    );
  });

  it("9.0: Daun's 35 SP against Prince Henry's corps at Dresden (1758, estimated 10, truly 8) look good on the estimate alone, not across the spread", () => {
    const state = setup('1758', 2, { map });
    expect(state.forces['1623']?.prussia?.out).toBe(8);
    const board = boardFromView(view(state, 'austria', [], map), map);
    expect(board.enemies.get('1623')?.estOut).toBe(10);
    const daun = [...board.friends.values()].flatMap((s) => s.leaders).find((l) => l.id === 'daun');
    expect(daun).toBeDefined();
    const plain = battleValue(board, 35, [daun!], '1623', 0, 1, false);
    const robust = battleValue(board, 35, [daun!], '1623', 0, 1, true);
    // On the estimate: an even chance. Across 7-13 SP it ranges from two faces in three (7 SP, the
    // 400 % column of rules version 3) to none (13 SP, the 200 % column, where Henry's Defence 2 and
    // Initiative 2 beat Daun's 1), so the spread judges it worse than the estimate alone does: 16
    // winning faces of the 42 over the seven strengths.
    expect(plain.win).toBe(0.5);
    expect(robust.win).toBeCloseTo(16 / 42);
    expect(robust.swing).toBeLessThan(plain.swing);
    expect(STYLES.expert.robust).toBe(true);
    expect(STYLES.standard.robust).toBe(false);
  });
});

describe('autopilot: the odds are remembered by their whole input', () => {
  const leader = (attack: number, defence: number) => ({
    id: 'x',
    nationality: 'austria' as const,
    rank: 1,
    initiative: 1,
    attack,
    defence,
    inside: false,
  });
  const battle = (attack: number, defenderSp: number) => ({
    attackerSide: 'coalition' as const,
    attackerSp: 30,
    attackerLeaders: [leader(attack, 0)],
    defenderSp,
    defenderLeaders: [],
    mountain: false,
  });

  it('9.3-9.4: a second ask gives the same answer; another rating or strength of the same leader is a new question', () => {
    const first = attackOdds(battle(0, 12));
    expect(attackOdds(battle(0, 12))).toEqual(first);
    // Same leader id with another Attack bonus (9.22) is not served from the first answer.
    const bolder = attackOdds(battle(2, 12));
    expect(bolder.swing).toBeGreaterThan(first.swing);
    expect(attackOdds({ ...battle(0, 12), mountain: true }).swing).toBeLessThan(first.swing);
    expect(attackOdds(battle(0, 6))).not.toEqual(first);
  });
});

// The expert's price of an SP (17.0 as ruled, docs/rulings.md): beyond twenty SP lost, each more
// Allied SP costs two VP. src/autopilot/sp-price.ts and its uses in plan.ts, prompts.ts, decide.ts.
import { describe, expect, it } from 'vitest';
import { type Board, fortressHolder } from '../../src/autopilot/board.js';
import { depotGuardSp, STYLES, splitMarches } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { inEnemyReach } from '../../src/autopilot/exposure.js';
import { leaderHex, makePlan, meanMarch } from '../../src/autopilot/plan.js';
import { replayPosition } from '../../src/autopilot/position.js';
import { extraLossVp, lostSoFar, winterDear } from '../../src/autopilot/sp-price.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { setup } from '../../src/engine/setup.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { distance as hexDistance } from '../../src/map/hex.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/**
 * The first state of the March Phase of `turn` with `seat` pending, found by replaying the log of
 * a recorded position (test/autopilot/positions/NAME.json) through the engine alone: the position
 * stays put when the autopilot changes. Each position was recorded by playing its seed with the
 * levels its note names and cutting at the last of the moments its tests need.
 */
function marchOf(name: string, turn: number, seat: Seat): GameState {
  let got: GameState | undefined;
  replayPosition(
    loadPosition(name),
    ({ state }) => {
      if (!got && state.turn === turn && state.phase === 'march' && state.pending.includes(seat)) got = state;
    },
    map,
  );
  if (!got) throw new Error(`${name}: no March Phase of ${seat} on turn ${turn}`);
  return got;
}

/**
 * positions/sp-price-1757-1-standard.json: 1757 seed 1, standard self-play, cut as Austria is first
 * pending in the March Phase of turn 15 (the last of the moments below: the March Phases of turns
 * 4, 9, 12 and 15 for Prussia, of 12 and 15 for Austria).
 */
const standard = (turn: number, seat: Seat) => marchOf('sp-price-1757-1-standard', turn, seat);

/** The board of `seat` with its side's losses so far set to `lost` (the public ledger, 17.0). */
function withLosses(board: Board, lost: number): Board {
  return { ...board, eliminated: { [board.side]: lost }, heldPrisoners: 0 };
}

const UNPRICED = { ...STYLES.expert, price: false };

describe('autopilot: the price of an SP (17.0, the expert)', () => {
  it('17.0: the allies pay one more VP for each SP lost beyond twenty, the Coalition never', () => {
    const allied = boardFromView(view(setup('1757', 1, { map }), 'prussia', [], map), map);
    const coalition = boardFromView(view(setup('1757', 1, { map }), 'austria', [], map), map);
    expect(extraLossVp(withLosses(allied, 0), 5)).toBe(0);
    expect(extraLossVp(withLosses(allied, 18), 5)).toBe(3);
    expect(extraLossVp(withLosses(allied, 25), 2)).toBe(2);
    expect(extraLossVp(withLosses(allied, 25), 0)).toBe(0);
    expect(extraLossVp(withLosses(coalition, 40), 5)).toBe(0);
    // Prisoners not exchanged count as lost (14.17).
    expect(lostSoFar({ ...allied, eliminated: { 'prussian-allied': 12 }, heldPrisoners: 9 })).toBe(21);
  });

  it('14.17: the board counts own SP the enemy holds prisoner, from the public ledger', () => {
    const s = setup('1757', 1, { map });
    const state: GameState = {
      ...s,
      ledger: {
        ...s.ledger,
        prisoners: { coalition: { prussia: 3, hanover: 2 }, 'prussian-allied': { austria: 4 } },
      },
    };
    expect(boardFromView(view(state, 'prussia', [], map), map).heldPrisoners).toBe(5);
    expect(boardFromView(view(state, 'austria', [], map), map).heldPrisoners).toBe(4);
  });

  it('17.0/9.3: past twenty SP lost the expert cover no longer falls on an army at odds that cost it SP (1757 seed 1, turn 4)', () => {
    // positions/sp-price-1757-1-standard.json: Prussia first pending, March Phase of turn 4.
    const board = boardFromView(view(standard(4, 'prussia'), 'prussia', [], map), map);
    const beyond = withLosses(board, 24);
    expect(makePlan(beyond, UNPRICED).goals.get('schwerin')).toMatchObject({ hex: '1532', kind: 'attack' });
    expect(makePlan(beyond, STYLES.expert).goals.get('schwerin')).toMatchObject({
      hex: '1733',
      kind: 'cover',
    });
    // Far from the threshold the battle costs what it always did, and the cover still strikes.
    expect(makePlan(withLosses(board, 0), STYLES.expert).goals.get('schwerin')).toMatchObject({
      hex: '1532',
      kind: 'attack',
    });
  });

  it('17.0/16.31: past twenty SP lost an allied army that is not besieging takes winter quarters a turn ahead (1757 seed 1, turn 15)', () => {
    // positions/sp-price-1757-1-standard.json: Prussia first pending, March Phase of turn 15.
    const board = boardFromView(view(standard(15, 'prussia'), 'prussia', [], map), map);
    const beyond = withLosses(board, 24);
    expect(makePlan(beyond, UNPRICED).goals.get('frederick')).toMatchObject({ hex: '1125', kind: 'siege' });
    expect(makePlan(beyond, STYLES.expert).goals.get('frederick')).toMatchObject({ kind: 'winter' });
    expect(makePlan(withLosses(board, 10), STYLES.expert).goals.get('frederick')).toMatchObject({
      hex: '1125',
      kind: 'siege',
    });
  });

  it('17.0/16.31: past twenty SP lost the expert leaves a depot one guard SP, not one for each winter turn', () => {
    // positions/sp-price-1757-1-standard.json: Prussia first pending, March Phase of turn 12.
    const board = boardFromView(view(standard(12, 'prussia'), 'prussia', [], map), map);
    expect(depotGuardSp(withLosses(board, 10), true, true)).toBe(3);
    expect(depotGuardSp(withLosses(board, 24), true, false)).toBe(3);
    expect(depotGuardSp(withLosses(board, 24), true, true)).toBe(1);
  });

  it('16.31: the Coalition expert counts its winter SP dear from the first loss: quarters a turn ahead (1757 seed 1, turn 15)', () => {
    // positions/sp-price-1757-1-standard.json: Austria first pending, March Phase of turn 15.
    const board = boardFromView(view(standard(15, 'austria'), 'austria', [], map), map);
    expect(winterDear(withLosses(board, 0))).toBe(true);
    // Charles's army, not besieging, would march on the enemy army; the expert takes quarters.
    expect(makePlan(board, UNPRICED).goals.get('charles')).toMatchObject({ kind: 'attack' });
    expect(makePlan(board, STYLES.expert).goals.get('charles')).toMatchObject({
      hex: '1623',
      kind: 'winter',
    });
    // The allies only past twenty lost.
    const allied = boardFromView(view(standard(15, 'prussia'), 'prussia', [], map), map);
    expect(winterDear(withLosses(allied, 10))).toBe(false);
    expect(winterDear(withLosses(allied, 24))).toBe(true);
  });

  it('16.31: the Coalition expert leaves a depot one guard SP, not one for each winter turn (1757 seed 1, turn 12)', () => {
    // positions/sp-price-1757-1-standard.json: Austria first pending, March Phase of turn 12.
    const board = boardFromView(view(standard(12, 'austria'), 'austria', [], map), map);
    expect(depotGuardSp(board, true, false)).toBe(3);
    expect(depotGuardSp(board, true, true)).toBe(1);
  });
});

describe('autopilot: the allied expert leaves no depot guard to be overrun (5.5, 17.0)', () => {
  it('5.5: no split march leaves a guard an enemy four times its strength can reach next turn (1757 seed 1, turn 9)', () => {
    // positions/sp-price-1757-1-standard.json: Prussia first pending, March Phase of turn 9.
    const state = standard(9, 'prussia');
    const v = view(state, 'prussia', [], map);
    const board = boardFromView(v, map);
    const from = [...board.friends].find(([, s]) => s.leaders.some((l) => l.id === 'frederick'))?.[0];
    expect(from).toBeDefined();
    if (!from) return;
    expect(
      board.depots.some((d) => d.hex === from && d.side === 'prussian-allied' && d.status === 'complete'),
    ).toBe(true);
    expect(inEnemyReach(board, from, 4)).toBe(true);
    const guarded = (spare: boolean) =>
      splitMarches(board, v.legal, 1, spare).filter((a) => a.leader === 'frederick' && (a.take?.sp ?? 0) > 0);
    expect(guarded(false).length).toBeGreaterThan(0);
    expect(guarded(true)).toEqual([]);
    // Marching to battle, the army keeps its guard: beaten, the enemy threatens no depot.
    const plan = makePlan(board, STYLES.expert);
    const toBattle = {
      ...plan,
      goals: new Map([['frederick', { hex: from, kind: 'attack' as const, note: '' }]]),
    };
    expect(
      splitMarches(board, v.legal, 1, true, toBattle).filter(
        (a) => a.leader === 'frederick' && (a.take?.sp ?? 0) > 0,
      ).length,
    ).toBeGreaterThan(0);
  });
});

/**
 * The first state of the March Phase of `turn` with `seat` pending: the hold allies against the
 * expert Coalition. positions/sp-price-1757-1-hold-expert.json (1757 seed 1, cut as Russia is first
 * pending in the March Phase of turn 14, after Hanover's) and
 * positions/sp-price-1757-18-hold-expert.json (1757 seed 18, cut as Austria is first pending in the
 * March Phase of turn 14).
 */
function holdVsExpert(seed: 1 | 18, turn: number, seat: Seat): GameState {
  return marchOf(`sp-price-1757-${seed}-hold-expert`, turn, seat);
}

describe('autopilot: the Coalition expert reaches winter quarters before its first winter attrition (16.31)', () => {
  it('5.1: a mean March Phase is one die plus the Initiative, at most six MP', () => {
    expect(meanMarch(0)).toBe(3.5);
    expect(meanMarch(1)).toBeCloseTo(26 / 6);
    expect(meanMarch(2)).toBe(5);
    expect(meanMarch(3)).toBe(5.5);
  });

  it('16.31/A.8: an army more than a march from its nearest shelter sets out on turn 14 (1757 seed 1, Apraxin at 3341)', () => {
    // positions/sp-price-1757-1-hold-expert.json: Russia first pending, March Phase of turn 14.
    const board = boardFromView(view(holdVsExpert(1, 14, 'russia'), 'russia', [], map), map);
    expect(makePlan(board, STYLES.expert).goals.get('apraxin')).toMatchObject({
      hex: '3741',
      kind: 'winter',
    });
    // Without the price of a winter SP it keeps marching on Breslau, and reaches no fortress by turn 16.
    expect(makePlan(board, UNPRICED).goals.get('apraxin')).toMatchObject({ hex: '1733', kind: 'siege' });
  });

  it('16.31/A.8: a force whose shelter is within a march keeps its post until the last autumn turn (1757 seed 18, Serbelloni by Prague)', () => {
    // Until 6 Dec 2026 (the halt before the step ends, decide.ts) the same case was seed 1's
    // Contades at Minden, until 7 Dec 2026 (`soon`, plan.ts) seed 4's Soubise at Munster, and then
    // seed 6's Serbelloni at 1026 until the expert's force march into an enemy fortress (`hasten`,
    // decide.ts) changed the dice of that game.
    // positions/sp-price-1757-18-hold-expert.json: Austria first pending, March Phase of turn 14.
    const board = boardFromView(view(holdVsExpert(18, 14, 'austria'), 'austria', [], map), map);
    // Serbelloni (Initiative 0: 3.5 MP a March Phase on average, 5.1) stands two hexes from Prague, which
    // the Coalition holds: a shelter within a march, so turn 14 is not yet the time to set out.
    expect(leaderHex(board, 'serbelloni')).toBe('1127');
    expect(hexDistance('1127', '1125')).toBe(2);
    expect(fortressHolder(board, '1125')).toBe('coalition');
    expect(makePlan(board, STYLES.expert).goals.get('serbelloni')).toMatchObject({
      hex: '1230',
      kind: 'cover',
    });
  });

  it('16.31: the allies, whose Attrition Phase follows their turn-16 March Phase, do not set out early (1757 seed 1, Zastrow at 2211)', () => {
    // positions/sp-price-1757-1-hold-expert.json: Hanover first pending, March Phase of turn 14.
    const board = boardFromView(view(holdVsExpert(1, 14, 'hanover'), 'hanover', [], map), map);
    // Past twenty SP lost the allied expert counts winter SP dear too (sp-price.ts), and Zastrow's
    // shelter at 2206 lies beyond a march; the allies still have their turn-16 March Phase.
    const priced = withLosses(board, 30);
    expect(winterDear(priced)).toBe(true);
    expect(makePlan(priced, STYLES.expert).goals.get('zastrow')?.kind).not.toBe('winter');
  });
});

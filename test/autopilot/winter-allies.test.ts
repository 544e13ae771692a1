// The allied expert's winter (16.31, 17.0): an army that is not besieging takes winter quarters a
// turn ahead from the first SP lost, unless a last battle or a last siege still pays (`lastBattle`,
// `lastSiege`, plan.ts).
// docs/balance.md, "Winter quarters for the allied expert".
import { describe, expect, it } from 'vitest';
import { decideWithReason, STYLES } from '../../src/autopilot/decide.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { leaderHex, makePlan } from '../../src/autopilot/plan.js';
import { positionState } from '../../src/autopilot/position.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { legalActions } from '../../src/engine/legal.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { distance as hexDistance } from '../../src/map/hex.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/**
 * The state of a recorded position (test/autopilot/positions/NAME.json). Each was found by playing
 * its seed with the levels its note names and cutting before the first state of the March Phase of
 * `turn` with `seat` pending (what an `onStep` capture of that state gave); the engine replays its
 * log, so a change to the autopilot does not move it. The cut is checked here.
 */
function at(name: string, turn: number, seat: Seat): GameState {
  const state = positionState(loadPosition(name), map);
  expect([state.turn, state.phase, state.pending.includes(seat)]).toEqual([turn, 'march', true]);
  return state;
}

const UNPRICED = { ...STYLES.expert, price: false };

describe('autopilot: winter quarters for the allied expert (16.31, 17.0)', () => {
  it('16.31/17.0: with fewer than twenty SP lost an allied army that is not besieging takes winter quarters a turn ahead (1761 seed 1, Ferdinand)', () => {
    // positions/winter-allies-1761-1.json: 1761 seed 1, the expert allies against hold, cut as
    // Hanover is first pending in the March Phase of turn 15.
    const board = boardFromView(view(at('winter-allies-1761-1', 15, 'hanover'), 'hanover', [], map), map);
    expect((board.eliminated['prussian-allied'] ?? 0) + (board.heldPrisoners ?? 0)).toBeLessThan(20);
    // Ferdinand's 17 SP stand at Coblenz, taken on turn 14. Unpriced (until 6 Dec 2026 the
    // allies counted winter SP dear only past twenty lost) the plan marches them on Mainz, three
    // hexes off, into the winter turns; priced, they go into quarters where they stand.
    // (1761 seed 4 was the case until `safe`, 7 Dec 2026, eighth session, changed that game; in
    // this game he stood at Dusseldorf with Cologne to march on until the expert's force march
    // into an enemy fortress (`hasten`, decide.ts) changed its dice.)
    expect(makePlan(board, UNPRICED).goals.get('ferdinand')).toMatchObject({ hex: '1108', kind: 'siege' });
    expect(makePlan(board, STYLES.expert).goals.get('ferdinand')).toMatchObject({
      hex: '1306',
      kind: 'winter',
    });
  });

  it('13.12/17.0: an army in winter joins a siege whose depot stands, since a last roll can still take the fortress (1761 seed 47, Henry near Prague)', () => {
    // Henry stands at 1322, four hexes from Prague, on turn 17, and the allied depot in Prague's
    // hex is complete. (Seed 21 was the case, with Henry before Prague, until the expert's force
    // march into an enemy fortress, `hasten`, decide.ts, changed that game's dice.)
    // positions/winter-allies-1761-47.json: 1761 seed 47, the expert allies against hold, cut as
    // Prussia is first pending in the March Phase of turn 17.
    const board = boardFromView(view(at('winter-allies-1761-47', 17, 'prussia'), 'prussia', [], map), map);
    expect(leaderHex(board, 'henry')).toBe('1322');
    expect(board.depots.find((d) => d.hex === '1125')).toMatchObject({
      status: 'complete',
      side: 'prussian-allied',
    });
    const plan = makePlan(board, STYLES.expert);
    expect(plan.goals.get('henry')).toMatchObject({ hex: '1125', kind: 'siege' });
    expect(plan.goals.get('henry')?.note).toContain('last siege');
    // Without a depot in Prague's hex the first roll could come on turn 20 at the earliest (10.41:
    // a depot begun serves from the next turn; 13.12), after the last turn: quarters instead.
    const noDepot = { ...board, depots: board.depots.filter((d) => d.hex !== '1125') };
    expect(makePlan(noDepot, STYLES.expert).goals.get('henry')).toMatchObject({ kind: 'winter' });
  });

  it('10.41/13.12: an army standing on its own depot begun in an enemy fortress hex counts the first roll next turn (1756 seed 1, Frederick at Torgau)', () => {
    // Expert allies against passive: Dresden fell on turn 13, Frederick overran Rutowski's corps
    // outside Torgau on turn 14 and began a depot in its hex on turn 15. The depot is finished in
    // the next Depot Creation Phase (10.41), so the rolls come on turns 16-18 (13.12): three rolls
    // at a third each against Torgau's 3 VP, counted twice, beat the three winter SP (16.31).
    // Until 7 Dec 2026 the first roll was counted a turn late here too, as for a depot still to be
    // marched to, and he went back to Dresden for the winter with Torgau untouched.
    // positions/winter-allies-1756-1.json: 1756 seed 1, the expert allies against passive, cut as
    // Prussia is first pending in the March Phase of turn 15.
    const board = boardFromView(view(at('winter-allies-1756-1', 15, 'prussia'), 'prussia', [], map), map);
    expect(board.depots.find((d) => d.hex === '1821')).toMatchObject({
      status: 'building',
      side: 'prussian-allied',
    });
    expect(board.map.fortress('1821')?.name).toBe('Torgau');
    const plan = makePlan(board, STYLES.expert);
    expect(plan.goals.get('frederick')).toMatchObject({ hex: '1821', kind: 'siege' });
    expect(plan.goals.get('frederick')?.note).toContain('last siege of Torgau');
    // The same depot with the army a hex away still counts the turn late (a march may fall short, 5.1).
    const away = {
      ...board,
      depots: board.depots.map((d) => (d.hex === '1821' ? { ...d, hex: '1722' } : d)),
    };
    expect(makePlan(away, STYLES.expert).goals.get('frederick')?.note ?? '').not.toContain('Torgau');
  });

  it('16.31: the Coalition expert gets no last siege: screened, it lost games against hold (1757 seed 1, Charles near Breslau)', () => {
    // positions/winter-allies-1757-1.json: 1757 seed 1, hold allies against the expert Coalition,
    // cut as Austria is first pending in the March Phase of turn 15.
    const board = boardFromView(view(at('winter-allies-1757-1', 15, 'austria'), 'austria', [], map), map);
    const charles = makePlan(board, STYLES.expert).goals.get('charles');
    expect(charles?.kind).toBe('winter');
    expect(charles?.note).not.toContain('last siege');
  });

  it('9.3/16.31: an army in winter fights a battle within a march that it expects to win by more than a winter SP, then goes into quarters (1759 seed 2, Henry)', () => {
    // Henry's 19 SP stand at 1320 on turn 15 of this game and the battle is at 1016, against
    // Zweibrucken's Reichsarmee. (Until 7 Dec 2026, eighth session, when a leader stopped walking
    // off alone from SP that guard no depot, this game was played without `led` and Frederick stood
    // at 1425 with the battle at Prague; then Frederick at 1230 with the battle at 0928, until the
    // expert's force march into an enemy fortress (`hasten`, decide.ts) changed the game's dice.)
    // positions/winter-allies-1759-2.json: 1759 seed 2, expert self-play, cut as Prussia is first
    // pending in the March Phase of turn 15.
    const got = at('winter-allies-1759-2', 15, 'prussia');
    const v = view(got, 'prussia', [], map);
    const board = boardFromView(v, map);
    expect(got.leaders.henry?.hex).toBe('1320');
    expect(makePlan(board, STYLES.expert).goals.get('henry')).toMatchObject({
      hex: '1016',
      kind: 'attack',
    });
    expect(makePlan(board, STYLES.expert).goals.get('henry')?.note).toContain('last battle');
    // No enemy army within a march: winter quarters, as for any army not besieging.
    const alone = {
      ...board,
      enemies: new Map([...board.enemies].filter(([h]) => hexDistance(h, '1320') > 6)),
    };
    expect(makePlan(alone, STYLES.expert).goals.get('henry')?.kind).toBe('winter');
    // And the decision marches on it.
    const legal = legalActions(got, 'prussia', map).filter((a) => a.type !== 'march' || a.leader === 'henry');
    const d = decideWithReason(v, legal, createAutopilotRng(2), 'expert', map);
    expect(d.action).toMatchObject({ type: 'march', leader: 'henry' });
    // Toward the battle.
    const end = d.action.type === 'march' ? (d.action.path.at(-1) ?? '1320') : '1320';
    expect(hexDistance(end, '1016')).toBeLessThan(hexDistance('1320', '1016'));
  });
});

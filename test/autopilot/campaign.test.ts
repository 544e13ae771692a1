// Issue 20: the campaign plan (objectives, main army, covers, depot guards), battles by expected
// outcome, distinct levels, and the information check for every playing level. A test that needs a
// board situation of a particular game builds it from a recorded position
// (test/autopilot/positions/campaign-*.json, src/autopilot/position.ts): the engine replays the
// logged actions, so the situation stays put when the autopilot changes; a test of what the
// autopilot then does plays on live from there (`playGame({ from })`, the autopilots' RNGs restart
// at the cut).
import { describe, expect, it } from 'vitest';
import { campaignPlan } from '../../src/autopilot/campaign.js';
import { canMarchOff } from '../../src/autopilot/command-limit.js';
import {
  decideWithReason,
  depotGuardSp,
  keeps537,
  type Level,
  levelOf,
  STYLES,
} from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { marchDistanceFrom, SUPPLY_LENGTH, supplyPicture } from '../../src/autopilot/geometry.js';
import { makePlan } from '../../src/autopilot/plan.js';
import { positionState, replayPosition } from '../../src/autopilot/position.js';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import type { Action } from '../../src/engine/actions.js';
import { apply } from '../../src/engine/apply.js';
import { MAX_MA } from '../../src/engine/index.js';
import { setup } from '../../src/engine/setup.js';
import type { GameState, Seat, Side } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { distance as hexDistance } from '../../src/map/hex.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

/** Pass every step until `seat` is to act in its March Phase. */
function toMarch(state: GameState, seat: Seat): GameState {
  let s = state;
  for (let i = 0; i < 200 && !(s.phase === 'march' && s.pending.includes(seat)); i++) {
    const who = s.pending[0] as Seat;
    const r = apply(s, who, { type: 'done' }, map);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

function sideLevels(state: GameState, allied: Level, coalition: Level): Partial<Record<Seat, Level>> {
  const out: Partial<Record<Seat, Level>> = {};
  for (const [seat, side] of Object.entries(state.seatSide) as Array<[Seat, Side]>)
    out[seat] = side === 'prussian-allied' ? allied : coalition;
  return out;
}

describe('autopilot campaign plan', () => {
  it('17.0: in 1756 the Prussian plan aims its main army at Dresden, and a view rebuilds the same plan', () => {
    const state = toMarch(setup('1756', 1, { map }), 'prussia');
    const v = view(state, 'prussia', [], map);
    const a = campaignPlan(boardFromView(v, map));
    const b = campaignPlan(boardFromView(structuredClone(v), map));
    expect(a.target.prussia).toBe('1623');
    expect(a.roles.get('frederick')?.role).toBe('main');
    // Nothing is remembered between decisions: the plan is a function of the view.
    expect([...b.roles]).toEqual([...a.roles]);
    expect(b.target).toEqual(a.target);
    const g1 = makePlan(boardFromView(v, map), STYLES.expert);
    const g2 = makePlan(boardFromView(structuredClone(v), map), STYLES.expert);
    expect([...g2.goals]).toEqual([...g1.goals]);
  });

  // Seed 2: re-pinned when the 9.6 table was re-shaped (issue 20). Since Brunswick marches with the
  // army (`gather`, 28 Nov 2026) seeds 1, 2, 3, 5 and 6 of seeds 1-8 take Dresden (seed 1 loses it
  // again on turn 17). Now from positions/campaign-1756-2.json (expert self-play, cut 10:march:prussia):
  // Frederick staged at 1720 with his depot there being built; the experts play on live from there,
  // and the guard and the siege are their decisions (in the recorded game Brunswick guards the depot
  // on turn 10 and Dresden falls on turn 14).
  it('13.12/10.12 B: Prussia besieges and takes Dresden in 1756 behind a guarded depot line (seed 2)', () => {
    const from = positionState(loadPosition('campaign-1756-2'), map);
    let guarded = false;
    const g = playGame({
      scenario: '1756',
      seed: 2,
      from,
      level: sideLevels(from, 'expert', 'expert'),
      map,
      onStep: ({ seat, why }) => {
        if (seat === 'prussia' && why.startsWith('guards the depot')) guarded = true;
      },
    });
    expect(guarded).toBe(true);
    expect(g.captures.some((c) => c.hex === '1623' && c.side === 'prussian-allied')).toBe(true);
  });

  it('16.31/10.12 B: the expert leaves a depot guard that outlasts the winter still to come; the standard level leaves one SP', () => {
    const board = boardFromView(view(setup('1756', 1, { map }), 'prussia', [], map), map);
    // Turn 9: winter (turn 16) is seven turns off, one SP will do.
    expect(depotGuardSp(board, true)).toBe(1);
    // Turn 12: the winter attrition of turns 16 and 17 comes before the siege roll of the last turn.
    board.turn = 12;
    expect(depotGuardSp(board, true)).toBe(3);
    expect(depotGuardSp(board, false)).toBe(1);
    board.turn = 17;
    expect(depotGuardSp(board, true)).toBe(2);
  });

  it('13.12/16.31: in 1756 (seed 24) the siege of Dresden keeps its supply through winter and Prussia rolls on turns 17 and 18 if need be', () => {
    // Before: the depot that fed the siege was left with one SP; winter attrition took it on turn
    // 16, the depot at Dresden lost its supply (10.12 B, 13.12) and the army broke off without
    // another roll. Now the guard keeps SP and the siege goes on. (Seed 1 until 28 Nov 2026, when
    // the expert's quicker approach changed that game; then seed 42 until Brunswick marched with
    // the army, `gather`, and Dresden fell earlier there; then seed 38 until 7 Dec 2026, eighth
    // session, when a leader stopped walking off alone from SP that guard no depot and Dresden fell
    // on turn 14 there; then seed 58 until the expert force-marched into the fortress it means to
    // besiege, `hasten`, and Dresden fell on turn 17 there; seed 24 rolls on turns 14-18 and takes
    // Dresden on turn 18.) Now from positions/campaign-1756-24.json (expert self-play, cut
    // 12:march:prussia): Frederick on his finished depot at 1720 about to march on Dresden; the
    // experts play on live from there, so the guard he leaves at 1720, the siege and the winter are
    // theirs.
    const from = positionState(loadPosition('campaign-1756-24'), map);
    const rolls: number[] = [];
    const g = playGame({
      scenario: '1756',
      seed: 24,
      from,
      level: sideLevels(from, 'expert', 'expert'),
      map,
      onStep: ({ seat, events, state }) => {
        for (const e of events)
          if (e.kind === 'siege-roll' && seat === 'prussia' && (e.data as { hex?: string })?.hex === '1623')
            rolls.push(state.turn);
      },
    });
    expect(rolls).toContain(17);
    expect(rolls).toContain(18);
    expect(g.captures.some((c) => c.hex === '1623' && c.side === 'prussian-allied')).toBe(true);
  });

  it('13.2/16.2: on the last turn the expert depot guard stays at its post while a siege of the side goes on (1759 seed 13 against hold)', () => {
    // Before, every guard marched into winter quarters on the last turn (16.2), and a depot left
    // empty feeds nothing (10.12 B): the last siege roll was lost with it. The rule decided 1756
    // seed 39 of expert self-play (Dresden fell on turn 18) until 7 Dec 2026, when the Coalition
    // expert's `stay` changed that game; against hold (a Coalition that does not change with the
    // expert) no outcome of seeds 1-50 hung on it then, so the decision itself is checked: Fouque's
    // five SP on the depot at 0734 while Frederick besieges Brunn (0631). (Seed 25, with the depot
    // at 0833, until the expert's `hasten` force march changed that game.) The state:
    // positions/campaign-1759-13.json, recorded from that game (expert against hold) and cut before
    // the first state of the Prussian-Allied March Phase of turn 18.
    const state = positionState(loadPosition('campaign-1759-13'), map);
    expect([state.phase, state.phasing]).toEqual(['march', 'prussian-allied']);
    expect(state.turn).toBe(state.lastTurn);
    const board = boardFromView(view(state, 'prussia', [], map), map);
    expect(board.besieged?.has('0631')).toBe(true);
    expect(makePlan(board, STYLES.expert).goals.get('fouque')).toMatchObject({ hex: '0734', kind: 'guard' });
    // The standard level (no `drive`) takes him into winter quarters at Olmutz.
    expect(makePlan(board, STYLES.standard).goals.get('fouque')?.kind).toBe('winter');
  });

  it('9.3: by the odds with leaders (not 1.6 times the SP) the expert seeks battle where the novice does not (1757)', () => {
    // positions/campaign-1757-1.json: 1757 seed 1 after turn 1, the expert allies against passive
    // (where `playGame({ turns: 1 })` stopped); then every step passed to the Prussian March Phase.
    const state = toMarch(positionState(loadPosition('campaign-1757-1'), map), 'prussia');
    const board = boardFromView(view(state, 'prussia', [], map), map);
    // Frederick (15 SP at 1527) next to Koenigsegg's hidden army at 1528. Taken as 11 SP (15 v 11 is
    // under the novice's 1.6 times), the odds with Frederick's bonuses and Initiative against
    // Koenigsegg's still favour a battle. (After turn 1 on the 9.6 table as re-shaped in issue 20, the
    // view's own estimate is 7 SP, which is over 1.6 times for the novice too: hence the figure here.)
    const koenigsegg = board.enemies.get('1528');
    expect(koenigsegg?.out).toBeNull();
    koenigsegg!.estOut = 11;
    const expert = makePlan(board, STYLES.expert).goals.get('frederick');
    const novice = makePlan(board, STYLES.novice).goals.get('frederick');
    expect(expert?.kind).toBe('attack');
    expect(novice?.kind).not.toBe('attack');
  });
});

describe('autopilot: the expert marches on an enemy field army it expects to beat (9.3-9.4, 10.2)', () => {
  // 1757 seed 1, the Austrian March Phase of turn 1: Charles (15 SP at 1125) and Brunswick's Prussian
  // corps at 1626, seven MP away and inside the Austrian supply net; its strength is hidden from
  // the Austrian seat, which estimates it from the Prussian order of battle (8 SP, the truth here).
  // The tests set that estimate, the only figure of the corps the seat has.
  const austrianBoard = (estimate: number) => {
    const state = toMarch(setup('1757', 1, { map }), 'austria');
    const board = boardFromView(view(state, 'austria', [], map), map);
    const brunswick = board.enemies.get('1626');
    expect(brunswick?.out).toBeNull();
    expect(brunswick?.garrisoned).toBe(false);
    brunswick!.estOut = estimate;
    return board;
  };

  it('9.3: at good odds the expert main army marches on the enemy army; the standard level keeps to its fortress objective', () => {
    const board = austrianBoard(5);
    const expert = makePlan(board, STYLES.expert).goals.get('charles');
    expect(expert?.kind).toBe('attack');
    expect(expert?.hex).toBe('1626');
    // The same board without `seek`: Breslau, not the battle.
    const noSeek = makePlan(board, { ...STYLES.expert, seek: false }).goals.get('charles');
    expect(noSeek?.hex).not.toBe('1626');
    expect(makePlan(board, STYLES.standard).goals.get('charles')?.hex).not.toBe('1626');
  });

  it('10.32: the Prussian expert marches on an Austrian army its supply net reaches but for the army and its Zone of Control', () => {
    // 1757 seed 2 after a turn of standard self-play: Koenigsegg's army at 1426. The Prussian trace
    // does not enter his hex, nor leave the hexes of his Zone of Control (6.1, 10.32), so the hex
    // itself is never in the Prussian picture; until 28 Nov 2026 `seek` asked for it to be, and the
    // Prussians never sought out an Austrian army. The game: positions/campaign-1757-2.json (standard
    // self-play cut where `playGame({ turns: 1 })` stopped), then passed to the Prussian March Phase.
    const state = positionState(loadPosition('campaign-1757-2'), map);
    const board = boardFromView(view(toMarch(state, 'prussia'), 'prussia', [], map), map);
    expect(board.enemies.get('1426')?.leaders.map((l) => l.id)).toContain('koenigsegg');
    expect(supplyPicture(board).supplied.has('1426')).toBe(false);
    const goal = makePlan(board, STYLES.expert).goals.get('frederick');
    expect(goal?.kind).toBe('attack');
    expect(goal?.hex).toBe('1426');
    // A seek (worth a fortress of the year's aims), not the plain battle the standard level weighs.
    expect(goal?.note).toMatch(/marches on the enemy army/);
  });

  it('9.3: with 12 SP estimated (under 1.5 to 1 for its 15) the expert does not march on the corps', () => {
    const board = austrianBoard(12);
    const expert = makePlan(board, STYLES.expert).goals.get('charles');
    expect(expert?.hex).not.toBe('1626');
  });
});

describe('autopilot: split marches leave a depot guard (10.12 B, 5.35)', () => {
  it('10.12 B: an army leaving its field depot drops one SP there, and the engine accepts the split march', () => {
    // 1758 seed 2, the Coalition at expert against a passive Prussian-Allied side: the Russian
    // army builds depots on its way west; without a guard each depot would stop feeding it. From
    // positions/campaign-1758-2.json (that game cut 3:march:russia: Fermor's 29 SP on the finished
    // depot at 3339, before the first split march of the game) the autopilots play on to turn 6 in
    // the loop below, which checks each decision against the engine's list (their RNGs start afresh
    // at the cut; from there the Russians split on turns 3 and 5, the Empire on turn 4).
    let state = positionState(loadPosition('campaign-1758-2'), map);
    const levels = sideLevels(state, 'passive', 'expert');
    const rngs = new Map<Seat, ReturnType<typeof createAutopilotRng>>();
    let splits = 0;
    for (let i = 0; i < 4000 && !state.over && state.turn <= 6; i++) {
      const seat = state.pending[0] as Seat;
      const rng = rngs.get(seat) ?? createAutopilotRng(`2:${seat}`);
      rngs.set(seat, rng);
      const v = view(state, seat, [], map);
      const { action } = decideWithReason(v, v.legal, rng, levels[seat] ?? 'passive', map);
      const listed = v.legal.some((a) => JSON.stringify(a) === JSON.stringify(action));
      const carried = action.type === 'march' ? (action.take?.leaders ?? []) : [];
      const { leaders: _carried, ...bare } = action.type === 'march' ? (action.take ?? {}) : {};
      const plain = { ...action, take: bare };
      if (
        !listed &&
        action.type === 'march' &&
        carried.length &&
        v.legal.some((a) => JSON.stringify(a) === JSON.stringify(plain))
      ) {
        // Not listed either: a listed march that also takes lower-ranked leaders along (5.35,
        // carryLeaders); the engine moves them with it.
        const r = apply(state, seat, action, map);
        expect(r.ok).toBe(true);
        if (!r.ok) break;
        state = r.state;
        for (const id of carried) expect(state.leaders[id]?.hex).toBe(action.path.at(-1));
        continue;
      }
      if (!listed) {
        // Not listed: only a march the engine lists with one SP more taken (5.35).
        expect(action.type).toBe('march');
        if (action.type !== 'march') break;
        const full = v.legal.find(
          (a) =>
            a.type === 'march' &&
            a.leader === action.leader &&
            JSON.stringify(a.path) === JSON.stringify(action.path) &&
            (a.take?.sp ?? 0) === (action.take?.sp ?? 0) + 1,
        );
        expect(full).toBeDefined();
        const from = state.leaders[action.leader]?.hex as string;
        const r = apply(state, seat, action, map);
        expect(r.ok).toBe(true);
        if (!r.ok) break;
        state = r.state;
        // One SP of the nationality stays on the depot, which keeps feeding (10.12 B).
        const nat = state.leaders[action.leader]?.nationality as Seat;
        expect(state.forces[from]?.[nat]?.out).toBe(1);
        expect(state.depots[from]).toBeDefined();
        // `led`: the subordinates it carries march with it; the one it leaves keeps the guard.
        for (const id of carried) expect(state.leaders[id]?.hex).toBe(action.path.at(-1));
        splits++;
        continue;
      }
      const r = apply(state, seat, action, map);
      state = r.ok
        ? r.state
        : (apply(state, seat, { type: 'done' }, map) as { ok: true; state: GameState }).state;
    }
    expect(splits).toBeGreaterThan(0);
  });
});

describe('autopilot: 5.37 on split marches agrees with the engine', () => {
  it('5.37: the autopilot allows exactly the splits the engine accepts (1758, the Russian army at 3439)', () => {
    const state = toMarch(setup('1758', 2, { map }), 'russia');
    const v = view(state, 'russia', [], map);
    const board = boardFromView(v, map);
    const from = state.leaders.fermor?.hex as string;
    const first = v.legal.find((a) => a.type === 'march' && a.leader === 'fermor');
    if (first?.type !== 'march') throw new Error('no march for Fermor');
    const to = first.path.at(-1) as string;
    const total = state.forces[from]?.russia?.out ?? 0;
    expect(total).toBeGreaterThan(10);
    let allowed = 0;
    let refused = 0;
    for (const id of ['fermor', 'rumyantsev']) {
      for (const take of [total, total - 1, Math.floor(total / 2), 1]) {
        const ok = keeps537(board, id, from, to, take);
        const r = apply(
          state,
          'russia',
          { type: 'march', leader: id, path: first.path, take: { sp: take } },
          map,
        );
        if (ok) {
          expect(r.ok).toBe(true);
          allowed++;
        } else {
          expect(r.ok ? '' : r.error.rule).toBe('5.37');
          refused++;
        }
      }
    }
    // Both answers occur: the supreme commander may leave a guard, a subordinate may not march
    // off with most of the army.
    expect(allowed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('autopilot: the main army is one that can march (5.37)', () => {
  it("5.37: in 1761 Daun (21 SP out, one in Dresden) cannot march while Loudoun commands 22, so Loudoun's army is the Austrian main army and marches", () => {
    const state = toMarch(setup('1761', 42, { map }), 'austria');
    const v = view(state, 'austria', [], map);
    // The engine lists no march for the supreme commander: any march leaves Loudoun over him.
    expect(v.legal.some((a) => a.type === 'march' && a.leader === 'daun')).toBe(false);
    expect(v.legal.some((a) => a.type === 'march' && a.leader === 'loudoun')).toBe(true);
    const board = boardFromView(v, map);
    const plan = campaignPlan(board);
    expect(plan.roles.get('loudoun')?.role).toBe('main');
    expect(plan.roles.get('daun')?.role).not.toBe('main');
    expect(canMarchOff(board, 'daun', '1623', 21)).toBe(false);
    expect(canMarchOff(board, 'loudoun', '1230', 20)).toBe(true);
    for (const level of ['standard', 'expert'] as const) {
      const d = decideWithReason(v, v.legal, createAutopilotRng('t'), level, map);
      expect(d.action.type === 'march' ? d.action.leader : d.action.type).toBe('loudoun');
    }
    // Once Loudoun has marched off, leaving Koniggratz's SP behind, Daun could march; the main
    // army stays Loudoun's all the same (judged on the SP outside), so it does not turn back.
    const d = decideWithReason(v, v.legal, createAutopilotRng('t'), 'expert', map);
    const r = apply(state, 'austria', d.action, map);
    if (!r.ok) throw new Error(r.error.message);
    const after = campaignPlan(boardFromView(view(r.state, 'austria', [], map), map));
    expect(after.roles.get('loudoun')?.role).toBe('main');
  });

  // Played live from the set-up on purpose: the expert Coalition's whole campaign is what is
  // checked (Loudoun marches on turn 1), so no board situation of the game is pinned. The game stops
  // once Schweidnitz falls (turn 5 in that game).
  it('5.37: against the hold baseline the expert Coalition of 1761 (seed 42) takes Schweidnitz; its armies no longer stand all year', () => {
    const s0 = setup('1761', 42, { map });
    const g = playGame({
      scenario: '1761',
      seed: 42,
      level: sideLevels(s0, 'hold', 'expert'),
      map,
      stopWhen: (s) => s.fortressControl['1631'] === 'coalition',
    });
    expect(g.captures.some((c) => c.hex === '1631' && c.side === 'coalition')).toBe(true);
  });
});

describe('autopilot: the expert main army stays on the offensive', () => {
  // Re-pinned when the estimate of hidden strengths changed and again for the 300 %/400 % columns of
  // rules version 3 (issue 20): in 1760 seed 3 the expert Austrians take Breslau by Turn 8 (Turn 9
  // until the expert's `hasten` force march changed the dice of that game); the Prussian main army
  // (17 SP in that game) is moved two hexes from Breslau to threaten it. The game:
  // positions/campaign-1760-3.json (passive against expert, cut where `playGame({ turns: 8 })`
  // stopped), then passed to the Austrian March Phase of turn 9.
  it('13.1: after taking Breslau (1760 seed 3) the expert main army marches on Schweidnitz; the standard one stands guard', () => {
    const state = toMarch(positionState(loadPosition('campaign-1760-3'), map), 'austria');
    expect(state.leaders.daun?.hex).toBe('1733');
    expect(state.fortressControl['1733']).toBe('coalition');
    const fred = state.leaders.frederick;
    const from = fred?.hex as string;
    const sp = state.forces[from]?.prussia?.out ?? 0;
    expect(sp).toBeGreaterThanOrEqual(10);
    state.forces[from] = {
      ...state.forces[from],
      prussia: { out: 0, in: state.forces[from]?.prussia?.in ?? 0 },
    };
    state.forces['1533'] = { ...state.forces['1533'], prussia: { out: sp, in: 0 } };
    if (fred) fred.hex = '1533';
    const board = boardFromView(view(state, 'austria', [], map), map);
    expect(makePlan(board, STYLES.expert).goals.get('daun')).toMatchObject({ hex: '1631', kind: 'siege' });
    expect(makePlan(board, STYLES.standard).goals.get('daun')).toMatchObject({ hex: '1733', kind: 'defend' });
  });
});

describe('autopilot: fortresses on the way to the campaign objective (10.2, 13.1)', () => {
  // 1760 seed 1, novice allies against the standard Coalition. The Austrian objective is Breslau,
  // beyond the Austrian supply net; until 28 Nov 2026 the campaign objective counted half as much
  // again wherever it lay, and Daun waited at staging hexes for depots towards Breslau (turns 1-16)
  // while Neisse stood in reach: the Coalition took no fortress in that game. Now from
  // positions/campaign-1760-1-neisse.json (that game cut 5:march:austria: Daun's 33 SP on his depot
  // at 1136 on the way to Breslau, Neisse (1434) within reach, Loudoun at Torgau (1821)); the
  // Coalition's choice of Neisse and all that follows is played live from there. With the
  // autopilots' RNGs restarted at the cut Breslau falls on turn 11 (turn 10 in the recorded game),
  // hence 11 turns. The captures of the log before the cut (none) are counted too.
  it('10.2: the objective counts extra only inside the supply net, so Daun takes Neisse first and then Breslau', () => {
    const p = loadPosition('campaign-1760-1-neisse');
    const captures: Array<{ turn: number; hex: string }> = [];
    let last = setup(p.scenario, p.seed, { map }).fortressControl;
    const note = ({ state }: { state: GameState }) => {
      for (const [hex, side] of Object.entries(state.fortressControl))
        if (side === 'coalition' && last[hex] !== 'coalition') captures.push({ turn: state.turn, hex });
      last = state.fortressControl;
    };
    const from = replayPosition(p, note, map);
    const g = playGame({
      scenario: '1760',
      seed: 1,
      from,
      level: sideLevels(from, 'novice', 'standard'),
      map,
      turns: 11,
      onStep: note,
    });
    expect(captures.map((c) => c.hex).slice(0, 3)).toEqual(['1821', '1434', '1733']);
    expect(g.state.fortressControl['1434']).toBe('coalition');
    expect(g.state.fortressControl['1733']).toBe('coalition');
  });
});

describe('autopilot: the expert counts the turns to the first siege roll (10.41-10.42, 13.12)', () => {
  it('10.42/13.12: in 1756 the expert stages a march from Magdeburg, within a supply length of Dresden; the standard level next to Dresden, two marches off', () => {
    const state = toMarch(setup('1756', 1, { map }), 'prussia');
    const board = boardFromView(view(state, 'prussia', [], map), map);
    const reach = marchDistanceFrom(map, '2217', 24);
    const standard = makePlan(board, STYLES.standard).goals.get('frederick');
    const expert = makePlan(board, STYLES.expert).goals.get('frederick');
    expect(standard?.note).toMatch(/staging at 1724/);
    expect(reach.get('1724')).toBeGreaterThan(MAX_MA);
    // A depot there feeds Dresden itself (10.2: five hexes for the Prussians), so the siege depot
    // can follow a turn after it; and the army gets there in the first march.
    expect(expert?.note).toMatch(/marches to besiege Dresden \(staging at \d{4}\)/);
    expect(reach.get(expert?.hex ?? '')).toBeLessThanOrEqual(MAX_MA);
    expect(hexDistance(expert?.hex ?? '', '1623')).toBeLessThanOrEqual(SUPPLY_LENGTH['prussian-allied']);
  });

  /**
   * The Prussian March Phase of a recorded 1756 game (positions/<name>.json, cut at the end of a
   * Game-Turn, where `playGame({ turns })` stopped), every step passed to it, as the Prussian seat
   * sees it.
   */
  const board1756 = (name: string) =>
    boardFromView(view(toMarch(positionState(loadPosition(name), map), 'prussia'), 'prussia', [], map), map);

  it('10.12 B: the expert army on its finished depot marches on Dresden without waiting for the guard; it leaves an SP there instead', () => {
    // Turn 11 against a passive Coalition: Frederick on his depot at 1720, Brunswick (the guard)
    // still on his way from Silesia. positions/campaign-1756-1.json: 1756 seed 1, the expert allies
    // against passive, cut after turn 10.
    const board = board1756('campaign-1756-1');
    expect(board.depots).toContainEqual(expect.objectContaining({ hex: '1720', status: 'complete' }));
    expect(makePlan(board, STYLES.standard).goals.get('frederick')?.note).toBe(
      'waits on its depot for the guard',
    );
    const expert = makePlan(board, STYLES.expert).goals.get('frederick');
    expect(expert).toMatchObject({ hex: '1623', kind: 'siege' });
  });

  it('10.32/9.3: cut off at Dresden, the expert strikes at the army across its supply line; the standard level falls back', () => {
    // Turn 14 of expert self-play, seed 30: Frederick besieges Dresden; an Austrian army at 1620
    // cuts the path to his depots (10.32), and without it the path would be open again. (Seed 1,
    // turn 14, with the Saxons at Torgau, until Brunswick marched with the army, `gather`; then
    // seed 8 and seed 13 until the expert took its subordinate leaders along and sent leaders
    // with no SP into threatened garrisons, 29 Nov 2026.) positions/campaign-1756-30.json: 1756
    // seed 30, expert self-play, cut after turn 13.
    const board = board1756('campaign-1756-30');
    expect(supplyPicture(board).supplied.has('1623')).toBe(false);
    const expert = makePlan(board, STYLES.expert).goals.get('frederick');
    expect(expert).toMatchObject({ hex: '1620', kind: 'attack' });
    expect(expert?.note).toMatch(/strikes at the enemy army/);
    expect(makePlan(board, STYLES.standard).goals.get('frederick')?.kind).toBe('resupply');
    expect(makePlan(board, { ...STYLES.expert, seek: false }).goals.get('frederick')?.kind).toBe('resupply');
  });
});

describe('autopilot: covers that strike, and depots that serve (the expert)', () => {
  /**
   * `seat` to act in its `phase` of turn `turn`: a recorded game (positions/<name>.json, cut where
   * `playGame({ turns: turn - 1 })` stopped) with every step passed to it.
   */
  const at = (name: string, turn: number, seat: Seat, phase: string) => {
    let s = positionState(loadPosition(name), map);
    for (let i = 0; i < 400 && !(s.phase === phase && s.pending.includes(seat)); i++) {
      const r = apply(s, s.pending[0] as Seat, { type: 'done' }, map);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    expect([s.turn, s.phase]).toEqual([turn, phase]);
    return s;
  };

  it('9.3/5.43: the expert cover falls on the one army that threatens its fortress; the standard level waits inside', () => {
    // 1757 seed 14, standard self-play, turn 2: Schwerin covers Breslau against the Austrian corps
    // four hexes off at 1430, within a march of him (positions/campaign-1757-14.json, cut after
    // turn 1).
    const board = boardFromView(view(at('campaign-1757-14', 2, 'prussia', 'march'), 'prussia', [], map), map);
    expect(board.enemies.get('1430')?.hasCombat).toBe(true);
    expect(hexDistance('1430', '1733')).toBe(4);
    expect(makePlan(board, STYLES.standard).goals.get('schwerin')).toMatchObject({
      hex: '1733',
      kind: 'cover',
    });
    const expert = makePlan(board, STYLES.expert).goals.get('schwerin');
    expect(expert).toMatchObject({ hex: '1430', kind: 'attack' });
    expect(expert?.note).toMatch(/falls on the army at 1430 that threatens Breslau/);
    // With a second army near Breslau the cover stays: marching off would leave Breslau to it.
    const second = board.enemies.get('1430');
    expect(second).toBeDefined();
    const enemies = new Map(board.enemies);
    if (second) enemies.set('1935', second);
    expect(hexDistance('1935', '1733')).toBeLessThanOrEqual(5);
    const two = { ...board, enemies };
    expect(makePlan(two, STYLES.expert).goals.get('schwerin')?.kind).not.toBe('attack');
  });

  it('10.12 B: a finished field depot nobody stands in does not crowd out a new one for the expert (1759 seed 3, the French at 1218)', () => {
    // Until 6 Dec 2026 (the halt before the step ends, decide.ts) the same case was seed 1's French
    // army at 1118 on turn 12; the marches of that game now go otherwise. The game:
    // positions/campaign-1759-3.json (standard self-play, cut after turn 14).
    const s = at('campaign-1759-3', 15, 'france', 'depot');
    // Two finished depots within three hexes of the French army, both empty: they feed nothing.
    expect(s.depots['1219']?.status).toBe('complete');
    expect(s.depots['1320']?.status).toBe('complete');
    expect(s.forces['1219']).toBeUndefined();
    expect(s.forces['1320']).toBeUndefined();
    const decide = (state: GameState, level: Level) => {
      const v = view(state, 'france', [], map);
      return decideWithReason(v, v.legal, createAutopilotRng('depot'), level, map).action;
    };
    expect(decide(s, 'expert')).toEqual({ type: 'depot-build', hex: '1218' });
    expect(decide(s, 'standard')).toEqual({ type: 'done' });
    // Once an SP stands in each, they serve, and the expert builds no third depot beside them.
    const manned = structuredClone(s);
    manned.forces['1219'] = { france: { out: 1, in: 0 } };
    manned.forces['1320'] = { france: { out: 1, in: 0 } };
    expect(decide(manned, 'expert')).toEqual({ type: 'done' });
  });
});

describe('autopilot sieges (13.0)', () => {
  it("13.0/13.15: once a roll at Breslau shows Kleist's Initiative 2 (no roll can breach), Daun's army breaks off for Glatz (1760 seed 1, hold against expert)", () => {
    // positions/campaign-1760-1-breslau-roll.json: 1760 seed 1, hold against expert, cut just after
    // Daun's first siege roll at Breslau (the first state with a roll recorded for 1733); the
    // experts play on live from there, so breaking off is their decision. Rolls are counted over
    // the log and the game played on.
    const p = loadPosition('campaign-1760-1-breslau-roll');
    const rolls: Array<{ turn: number; hex: string }> = [];
    const note = ({ seat, action, state }: { seat: Seat; action: Action; state: GameState }) => {
      if (seat === 'austria' && action.type === 'siege-resolve')
        rolls.push({ turn: state.turn, hex: action.hex });
    };
    const from = replayPosition(p, note, map);
    const g = playGame({
      scenario: '1760',
      seed: 1,
      from,
      level: sideLevels(from, 'hold', 'expert'),
      map,
      // To Turn 8: Daun's force march into Glatz (`hasten`) now brings its siege on so soon that
      // Glatz falls on Turn 9, and the army moves on (it stood at Glatz after Turn 11 before).
      turns: 8,
      onStep: note,
    });
    // Kleist (Initiative 2) commands Breslau's garrison; the view does not show him (12.11).
    expect(g.state.leaders.kleist?.hex).toBe('1733');
    const atBreslau = rolls.filter((r) => r.hex === '1733');
    // Before the siege table was read: rolls at Breslau on every turn from 8 to 15.
    expect(atBreslau).toHaveLength(1);
    expect(g.state.siegeRolls?.['1733']).toMatchObject({ garrison: 'prussian-allied' });
    const r = g.state.siegeRolls?.['1733'];
    expect(r && r.die - r.modified).toBe(2);
    expect(g.state.leaders.daun?.hex).toBe('1532');
    expect(rolls.some((x) => x.hex === '1532')).toBe(true);
    // Breslau is no longer an objective of the plan; Glatz is.
    const march = toMarch(g.state, 'austria');
    const board = boardFromView(view(march, 'austria', [], map), map);
    const objectives = campaignPlan(board).objectives.map((o) => o.hex);
    expect(objectives).not.toContain('1733');
    expect(objectives).toContain('1532');
    // Four turns after the roll the garrison counts as unknown again (the commander may have left, 12.22).
    const later = boardFromView(view({ ...march, turn: (r?.turn ?? 0) + 5 }, 'austria', [], map), map);
    expect(campaignPlan(later).objectives.map((o) => o.hex)).toContain('1733');
  });
});

describe('autopilot levels', () => {
  it('service levels: 1 passive, 2 standard, 3 expert', () => {
    expect([levelOf(1), levelOf(2), levelOf(3)]).toEqual(['passive', 'standard', 'expert']);
  });
});

describe('autopilot: no hidden information at any playing level', () => {
  // 9.0 / 5.0: a seat sees no enemy strength; multiplying every hidden enemy SP (all nationalities,
  // inside and outside fortresses) must leave every decision unchanged.
  const cases: Array<[string, Seat]> = [
    ['1757', 'prussia'],
    ['1757', 'austria'],
    ['1759', 'russia'],
    ['1756', 'prussia'],
  ];
  for (const [scenario, seat] of cases)
    it(`${scenario} ${seat}: scaling every hidden enemy strength changes no decision`, () => {
      let state = setup(scenario as never, 3, { map });
      state = toMarch(state, seat);
      const side = state.seatSide[seat];
      const twin: GameState = structuredClone(state);
      for (const hf of Object.values(twin.forces))
        for (const [n, f] of Object.entries(hf))
          if (f && twin.seatSide[n as Seat] !== side)
            (hf as Record<string, { out: number; in: number }>)[n] = {
              out: f.out * 3,
              in: f.in * 3 + (f.in > 0 ? 1 : 0),
            };
      const v = view(state, seat, [], map);
      const vt = view(twin, seat, [], map);
      for (const level of ['hold', 'novice', 'standard', 'expert'] as const) {
        const d1 = decideWithReason(v, v.legal, createAutopilotRng(5), level, map);
        const d2 = decideWithReason(vt, vt.legal, createAutopilotRng(5), level, map);
        expect(d2.action, `${level}`).toEqual(d1.action);
      }
    });
});

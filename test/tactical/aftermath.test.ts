// Ruling Aftermath (docs/tactical-rulings.md): a scenario with `victory.aftermath` ends the battle
// with pursuit and prisoners: the loser's routed units are taken whole, then the loser yields the
// Frederick the Great 9.0 score difference (enemy CP removed + own commander's Initiative x 4) as
// prisoners, as fully as possible (9.45). Campaign battles have none (the bridge takes its own).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tacticalScenario } from '../../src/autopilot/tactical/scenarios.js';
import { envFor } from '../../src/tactical/env.js';
import type { Ctx, TacEvent } from '../../src/tactical/events.js';
import { eventsFor } from '../../src/tactical/events.js';
import { checkInvariants, viewLeaks } from '../../src/tactical/fuzz.js';
import { distance } from '../../src/tactical/hex.js';
import { settle } from '../../src/tactical/phases.js';
import { prisonersLine, runAftermath } from '../../src/tactical/rules/aftermath.js';
import { eliminate } from '../../src/tactical/rules/effects.js';
import { parseScenario } from '../../src/tactical/scenario.js';
import type { AftermathData, ScenarioInput, VictoryData } from '../../src/tactical/schema.js';
import type { Over, TacState } from '../../src/tactical/state.js';
import { view } from '../../src/tactical/view.js';
import { type FixtureUnit, fixtureRatings, fixtureScenario } from './fixtures.js';
import { act, battle, pendingSeats } from './harness.js';

const P = (id: string, hex: string, extra: Partial<FixtureUnit> = {}): FixtureUnit => ({
  id,
  side: 'prussia',
  formation: 'p-a',
  arm: 'infantry',
  hex,
  facing: 5,
  ...extra,
});
const A = (id: string, hex: string, extra: Partial<FixtureUnit> = {}): FixtureUnit => ({
  id,
  side: 'austria',
  formation: 'a-a',
  arm: 'infantry',
  hex,
  facing: 2,
  ...extra,
});
const near = {
  'pl-a': '0708',
  'pl-b': '0708',
  'p-res': '0708',
  'al-a': '0202',
  'al-b': '0202',
  daun: '0202',
};

const AFTERMATH: AftermathData = {
  captureRouted: true,
  cpPerInitiative: 4,
  initiative: { fritz: 3, charles: 1, daun: 1 },
  provenance: 'reconstructed',
  rationale: 'test',
  sources: [],
};

function victory(aftermath: AftermathData | undefined, objectives: VictoryData['vp']['objectives'] = []) {
  const v = fixtureScenario([]).victory as VictoryData;
  return { ...v, vp: { ...v.vp, objectives }, ...(aftermath ? { aftermath } : {}) };
}

function start(units: FixtureUnit[], aftermath: AftermathData | null = AFTERMATH): TacState {
  return battle(units, { leaders: near, scenario: { victory: victory(aftermath ?? undefined) } });
}

/** Ends the battle as `over` says, with the losses given, and runs the aftermath on a copy. */
function finish(
  s0: TacState,
  over: Pick<Over, 'winner' | 'level'>,
  edit: (s: TacState) => void = () => {},
): { s: TacState; events: TacEvent[] } {
  const s = structuredClone(s0);
  edit(s);
  s.over = { ...over, reason: 'test', turn: s.turn };
  const c: Ctx = { s, env: envFor(s.map)!, events: [] };
  runAftermath(c);
  return { s, events: c.events };
}

const unit = (s: TacState, id: string) => s.units.find((u) => u.id === id)!;
/** Records `cp` CP of loss on the unit as the engine's loseCp does (steps, ledger). */
const hurt = (s: TacState, id: string, cp: number) => {
  const u = unit(s, id);
  u.cp -= cp;
  s.ledger[u.side].cpLost += cp;
  if (u.cp === 0) {
    u.eliminated = true;
    u.hex = null;
  }
};

describe('Aftermath (ruling; Frederick the Great 9.0 by analogy)', () => {
  it("Aftermath (12.5 / design 5.6): the loser's routed units on the map are captured whole", () => {
    const s0 = start([P('p1', '0808'), A('a1', '0303'), A('a2', '0304'), A('a3', '0305')]);
    // a1 is taken first, whole, before the 9.0 count (which then takes the rest).
    const { s } = finish(s0, { winner: 'prussia', level: 'decisive' }, (s) => {
      unit(s, 'a1').routed = true;
      hurt(s, 'a2', 1);
      hurt(s, 'p1', 1);
    });
    const a1 = unit(s, 'a1');
    expect(a1).toMatchObject({ eliminated: true, captured: true, hex: null, routed: false, cp: 0 });
    expect(s.over!.aftermath).toMatchObject({ captor: 'prussia', routedCp: 3 });
    expect(s.over!.aftermath!.units[0]).toEqual({ unit: 'a1', cp: 3, whole: true });
    expect(checkInvariants(s)).toEqual([]);
  });

  it('Aftermath (9.0): the loser yields the score difference, enemy CP removed plus own Initiative x 4', () => {
    const s0 = start([P('p1', '0808'), P('p2', '0809'), A('a1', '0303'), A('a2', '0304'), A('a3', '0305')]);
    const { s } = finish(s0, { winner: 'prussia', level: 'substantive' }, (s) => {
      hurt(s, 'a3', 2);
      hurt(s, 'p2', 1);
    });
    const a = s.over!.aftermath!;
    // Prussia: 2 Austrian CP lost + 3 x 4 = 14; Austria: 1 Prussian CP lost + 1 x 4 = 5; 9 CP taken.
    expect(a.score).toEqual({ prussia: 14, austria: 5 });
    expect(a).toMatchObject({ routedCp: 0, pursuitCp: 7, prisoners: 7 });
    // 9.45: the excess (2 of the 9 due) over the 7 CP the Austrians have left is ignored.
    expect(s.units.filter((u) => u.side === 'austria').every((u) => u.eliminated)).toBe(true);
    expect(s.ledger.austria.prisoners).toBe(7);
    expect(s.ledger.austria.cpLost).toBe(2);
    expect(checkInvariants(s)).toEqual([]);
  });

  it('Aftermath (9.45): prisoners come first from the Disorganized, then from the units nearest a winning unit', () => {
    const s0 = start([P('p1', '0606'), A('a1', '0605'), A('a2', '0601'), A('a3', '0603')]);
    const { s } = finish(s0, { winner: 'prussia', level: 'marginal' }, (s) => {
      unit(s, 'a2').disorganized = true;
    });
    // Score 12 against 4: 8 CP: a2 (Disorganized, farthest) whole, then a1 (adjacent) whole, then 2 of a3.
    expect(distance('0606', '0605')).toBeLessThan(distance('0606', '0603'));
    expect(s.over!.aftermath!.units).toEqual([
      { unit: 'a2', cp: 3, whole: true },
      { unit: 'a1', cp: 3, whole: true },
      { unit: 'a3', cp: 2, whole: false },
    ]);
    expect(unit(s, 'a3')).toMatchObject({ cp: 1, eliminated: false, hex: '0603' });
    expect(unit(s, 'a3').captured).toBeUndefined();
    expect(checkInvariants(s)).toEqual([]);
  });

  it("Aftermath: the winner's units are never captured, even routed or Disorganized", () => {
    const s0 = start([P('p1', '0808'), P('p2', '0809'), A('a1', '0303'), A('a2', '0304')]);
    const { s } = finish(s0, { winner: 'prussia', level: 'marginal' }, (s) => {
      unit(s, 'p1').routed = true;
      unit(s, 'p2').disorganized = true;
    });
    expect(s.units.filter((u) => u.side === 'prussia').map((u) => u.captured ?? false)).toEqual([
      false,
      false,
    ]);
    expect(s.ledger.prussia.prisoners).toBeUndefined();
    expect(s.over!.aftermath!.units.every((x) => unit(s, x.unit).side === 'austria')).toBe(true);
    expect(s.ledger.austria.prisoners).toBe(6);
  });

  it('fuzz invariant: CP are conserved with the prisoners as a loss category of their own', () => {
    const s0 = start([P('p1', '0808'), A('a1', '0303'), A('a2', '0304')]);
    const { s } = finish(s0, { winner: 'prussia', level: 'decisive' }, (s) => hurt(s, 'a2', 1));
    expect(s.ledger.austria).toMatchObject({ cpLost: 1, prisoners: 5 });
    expect(checkInvariants(s)).toEqual([]);
    const uncounted = structuredClone(s);
    delete uncounted.ledger.austria.prisoners;
    expect(checkInvariants(uncounted).join('\n')).toMatch(
      /CP not conserved for austria: 0 present \+ 1 lost \+ 0 prisoners != 6/,
    );
  });

  it('Aftermath: a draw captures nothing, routed units included', () => {
    const s0 = start([P('p1', '0808'), A('a1', '0303'), A('a2', '0304')]);
    const { s, events } = finish(s0, { winner: null, level: 'draw' }, (s) => {
      unit(s, 'a1').routed = true;
      unit(s, 'p1').routed = true;
    });
    expect(s.over!.aftermath).toMatchObject({ captor: null, prisoners: 0, units: [] });
    expect(s.units.some((u) => u.captured)).toBe(false);
    expect(s.ledger.prussia.prisoners ?? 0).toBe(0);
    expect(s.ledger.austria.prisoners ?? 0).toBe(0);
    expect(events.map((e) => e.type)).toEqual(['aftermath']);
    expect(prisonersLine(s)).toMatch(/^prisoners: Prussia 0 CP, Austria 0 CP \(a draw/);
  });

  it('Aftermath: an Austrian victory gives Austrian prisoners by the same count; a fallen C-in-C counts Initiative 0 (9.24)', () => {
    const s0 = start([P('p1', '0808'), P('p2', '0809'), A('a1', '0303')]);
    const { s } = finish(s0, { winner: 'austria', level: 'decisive' }, (s) => {
      hurt(s, 'p2', 2);
      const fritz = s.leaders.find((l) => l.id === 'fritz')!;
      fritz.eliminated = true;
      fritz.hex = null;
    });
    // Austria: 2 + 1 x 4 = 6; Prussia: 0 + 0 (Frederick has fallen) = 0: 6 CP due, 4 left to take.
    expect(s.over!.aftermath).toMatchObject({
      captor: 'austria',
      score: { austria: 6, prussia: 0 },
      prisoners: 4,
    });
    expect(s.ledger.prussia.prisoners).toBe(4);
    expect(s.ledger.austria.prisoners).toBeUndefined();
    expect(checkInvariants(s)).toEqual([]);
  });

  it('Aftermath: a loser who removed more than the victor plus the Initiative difference yields nothing', () => {
    const s0 = start([P('p1', '0808'), P('p2', '0809'), A('a1', '0303'), A('a2', '0304')]);
    const { s } = finish(s0, { winner: 'austria', level: 'decisive' }, (s) => {
      hurt(s, 'a1', 3);
      hurt(s, 'a2', 2);
      hurt(s, 'p1', 1);
    });
    // Austria 1 + 4 = 5 against Prussia 5 + 12 = 17.
    expect(s.over!.aftermath).toMatchObject({ captor: 'austria', pursuitCp: 0, prisoners: 0 });
  });

  it('Aftermath: deterministic (no dice) and run once; the RNG is untouched', () => {
    const s0 = start([P('p1', '0808'), A('a1', '0303'), A('a2', '0304'), A('a3', '0305')]);
    const edit = (s: TacState) => {
      unit(s, 'a3').routed = true;
    };
    const a = finish(s0, { winner: 'prussia', level: 'decisive' }, edit);
    const b = finish(s0, { winner: 'prussia', level: 'decisive' }, edit);
    expect(JSON.stringify(b.s)).toBe(JSON.stringify(a.s));
    expect(a.s.rng).toEqual(s0.rng);
    const again: Ctx = { s: structuredClone(a.s), env: envFor(a.s.map)!, events: [] };
    runAftermath(again);
    expect(again.events).toEqual([]);
    expect(JSON.stringify(again.s)).toBe(JSON.stringify(a.s));
  });

  it('Aftermath: without victory.aftermath (campaign battles) the battle ends with no capture', () => {
    const s0 = start([P('p1', '0808'), A('a1', '0303')], null);
    const { s, events } = finish(s0, { winner: 'prussia', level: 'decisive' }, (s) => {
      unit(s, 'a1').routed = true;
    });
    expect(events).toEqual([]);
    expect(s.over!.aftermath).toBeUndefined();
    expect(unit(s, 'a1')).toMatchObject({ routed: true, eliminated: false });
  });

  it('Aftermath: an engine step as the battle ends (apply), public, the same in both views, replayed alike', () => {
    const units = [P('p1', '0808'), A('a1', '0202'), A('a2', '0203'), A('a3', '0204')];
    const s0 = battle(units, {
      leaders: near,
      scenario: { lastTurn: 1, victory: victory(AFTERMATH, [{ hex: '0808', name: 'Hill', vp: 2 }]) },
    });
    const play = () => {
      let t = s0;
      for (let i = 0; i < 30 && !t.over; i++) t = act(t, pendingSeats(t)[0]!, { type: 'timeout' });
      return { t };
    };
    const { t } = play();
    expect(t.over).toMatchObject({ winner: 'prussia', level: 'marginal', vp: { prussia: 2, austria: 0 } });
    // No losses: 0 + 12 against 0 + 4: 8 CP of the 9 Austrian, nearest to p1 first.
    expect(t.over!.aftermath).toMatchObject({
      captor: 'prussia',
      prisoners: 8,
      score: { prussia: 12, austria: 4 },
    });
    expect(t.ledger.austria.prisoners).toBe(8);
    expect(checkInvariants(t)).toEqual([]);
    expect(view(t, 'prussia').over).toEqual(view(t, 'austria').over);
    expect(view(t, 'austria').ledger.austria.prisoners).toBe(8);
    expect(viewLeaks(t, 'prussia')).toEqual([]);
    expect(viewLeaks(t, 'austria')).toEqual([]);
    expect(JSON.stringify(play().t)).toBe(JSON.stringify(t));
  });

  it("Aftermath after 8.4: Frederick's fall ends the battle and the pursuit follows in the same step", () => {
    const s0 = battle([P('p1', '0808'), P('p2', '0810'), A('a1', '0202')], {
      leaders: { ...near, fritz: '0808' },
      scenario: { victory: victory(AFTERMATH) },
    });
    const c: Ctx = { s: structuredClone(s0), env: envFor(s0.map)!, events: [] };
    eliminate(c, unit(c.s, 'p1'), 'test');
    settle(c);
    expect(c.s.phase).toBe('over');
    expect(c.events.map((e) => e.type).filter((t) => t === 'game-over' || t === 'aftermath')).toEqual([
      'game-over',
      'aftermath',
    ]);
    // Austria: 3 Prussian CP lost + 1 x 4 = 7; Prussia: 0 + 0 (Frederick fallen, 9.24): p2's 3 CP taken.
    expect(c.s.over).toMatchObject({
      winner: 'austria',
      aftermath: { captor: 'austria', score: { austria: 7, prussia: 0 }, prisoners: 3 },
    });
    expect(unit(c.s, 'p2')).toMatchObject({ captured: true, eliminated: true });
    expect(checkInvariants(c.s)).toEqual([]);
  });

  it('Aftermath: the event that reports it is public, so both seats see the end', () => {
    const s0 = start([P('p1', '0808'), A('a1', '0303')]);
    const { events } = finish(s0, { winner: 'prussia', level: 'marginal' });
    expect(events).toHaveLength(1);
    expect(eventsFor(events, 'prussia')).toEqual(events);
    expect(eventsFor(events, 'austria')).toEqual(events);
    expect(events[0]!.text).toMatch(/3 CP taken prisoner/);
  });

  it('Aftermath data: an Initiative for a leader who cannot command the army is refused, naming the field', () => {
    const input: ScenarioInput = fixtureScenario([P('p1', '0808'), A('a1', '0303')], {
      victory: victory({ ...AFTERMATH, initiative: { fritz: 3, 'al-a': 2 } }),
    });
    const r = parseScenario(input, fixtureRatings);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.join('\n')).toMatch(/victory\.aftermath\.initiative: "al-a" is neither/);
  });
});

describe('Aftermath in the Leuthen scenarios', () => {
  const leaders = JSON.parse(readFileSync('scenarios/leaders.json', 'utf8')).leaders as Record<
    string,
    { initiative: number }
  >;
  const bridge = JSON.parse(readFileSync('assets/tactical/bridge.json', 'utf8')) as {
    cpPerSp: { value: number };
  };
  for (const id of ['leuthen-1', 'leuthen-2']) {
    it(`Aftermath data: ${id} has it, with the strategic Initiative of its commanders and the bridge's CP per SP`, () => {
      const sc = tacticalScenario(id);
      if (!sc.ok) throw new Error(sc.error);
      const a = sc.loaded.data.victory.aftermath!;
      expect(a.captureRouted).toBe(true);
      expect(a.cpPerInitiative).toBe(bridge.cpPerSp.value);
      for (const [leader, init] of Object.entries(a.initiative)) {
        const l = sc.loaded.data.leaders.find((x) => x.id === leader)!;
        expect(l.strategicId, leader).toBeDefined();
        expect(init, leader).toBe(leaders[l.strategicId!]!.initiative);
      }
      expect(Object.keys(a.initiative).sort()).toEqual(['charles', 'daun', 'frederick']);
    });
  }
});

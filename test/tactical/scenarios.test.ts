import { describe, expect, it } from 'vitest';
import { tacticalScenario } from '../../src/autopilot/tactical/scenarios.js';
import { apply, legalActions } from '../../src/tactical/apply.js';
import { envFor } from '../../src/tactical/env.js';
import { fuzzBattle, viewLeaks } from '../../src/tactical/fuzz.js';
import { checkVictory, victoryPoints } from '../../src/tactical/rules/victory.js';
import { setupBattle } from '../../src/tactical/setup.js';
import { view } from '../../src/tactical/view.js';
import type { FixtureUnit } from './fixtures.js';
import { act, activate, battle, dice, pendingSeats, refused, unit } from './harness.js';

const P = (id: string, hex: string | null, facing = 5, extra: Partial<FixtureUnit> = {}): FixtureUnit => ({
  id,
  side: 'prussia',
  formation: 'p-a',
  arm: 'infantry',
  hex,
  facing,
  ...extra,
});
const A = (id: string, hex: string, facing = 2, extra: Partial<FixtureUnit> = {}): FixtureUnit => ({
  id,
  side: 'austria',
  formation: 'a-a',
  arm: 'infantry',
  hex,
  facing,
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

describe('Scenario 1', () => {
  it('Scenario 1: units set up on or north of the block row may not act on turns 1-2; independents may', () => {
    const sc = { activationBlock: { maxColumn: 5, throughTurn: 2, exemptIndependent: true } };
    let s = battle(
      [P('p1', '0508'), P('p2', '0608'), P('pi', '0410', 5, { formation: 'p-ind' }), A('a1', '0202')],
      { leaders: near, scenario: sc },
    );
    s = activate(s, 'prussia', ['p-a']);
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: '0408' }, 'Scenario 1');
    act(s, 'prussia', { type: 'face', unit: 'p2', facing: 4 });
    const t = activate(
      battle([P('pi', '0410', 5, { formation: 'p-ind' }), A('a1', '0202')], { leaders: near, scenario: sc }),
      'prussia',
      ['p-ind'],
    );
    act(t, 'prussia', { type: 'face', unit: 'pi', facing: 4 });
    expect(unit(s, 'p1').blockedThrough).toBe(2);
  });
});

describe('Scenario 2', () => {
  const sc2 = {
    strategicTurns: {
      max: 3,
      entrySide: 'prussia' as const,
      entryHexes: ['0612', '0712'],
      maMultiplier: 2,
      closeRange: 3,
      earlyInitiative: { fromTurn: 2, threshold: 1 },
    },
  };
  const units = [
    P('p1', null, 5, { entry: { hex: '0612', order: 0 } }),
    P('p2', null, 5, { entry: { hex: '0612', order: 1 } }),
    P('p5', null, 5, { entry: { hex: '0712', order: 0 }, formation: 'p-b', arm: 'cavalry' }),
    A('a1', '0202'),
  ];
  const leaders = { ...near, fritz: null, 'pl-a': null, 'pl-b': null, 'p-res': null };

  it('Scenario 2: Prussian columns enter at the entry hexes paying MP, with doubled MA; Austrians may not move', () => {
    let s = battle(units, { leaders, scenario: sc2 });
    expect(s.phase).toBe('strategic');
    expect(pendingSeats(s)).toEqual(['prussia']);
    refused(s, 'prussia', { type: 'enter', unit: 'p2', facing: 5 }, 'Scenario 2');
    s = act(s, 'prussia', { type: 'enter', unit: 'p1', facing: 1 });
    expect(unit(s, 'p1').hex).toBe('0612');
    expect(s.leaders.find((l) => l.id === 'fritz')?.hex).toBe('0612');
    for (let i = 0; i < 7; i++)
      s = act(s, 'prussia', {
        type: 'move',
        unit: 'p1',
        to: (legalActions(s, 'prussia').find((a) => a.type === 'move' && a.unit === 'p1') as { to: string })
          .to,
      });
    expect(s.activation?.mp.p1).toBe(8);
    s = act(s, 'prussia', { type: 'enter', unit: 'p2', facing: 5 });
    refused(s, 'austria', { type: 'move', unit: 'a1', to: '0302' }, '4');
  });

  it('Scenario 2: from the second strategic turn the Austrian rolls 1d10; 0-1 makes it the last, and the Austrians move in it', () => {
    // A unit moved in the first strategic turn moves again in the second.
    let m = battle(units, { leaders, scenario: sc2 });
    m = act(m, 'prussia', { type: 'enter', unit: 'p1', facing: 1 });
    m = act(dice(m, 9), 'prussia', { type: 'done' });
    expect(m.strategicTurn).toBe(2);
    expect(m.strategicLast).toBe(false);
    expect(legalActions(m, 'prussia').some((a) => a.type === 'move' && a.unit === 'p1')).toBe(true);
    // No roll in the first strategic turn; a forced 1 at the start of the second ends them.
    let t = battle(units, { leaders, scenario: sc2 });
    t = dice(t, 1);
    t = act(t, 'prussia', { type: 'done' });
    expect(t.strategicTurn).toBe(2);
    expect(t.strategicLast).toBe(true);
    t = act(t, 'prussia', { type: 'done' });
    expect(pendingSeats(t)).toEqual(['austria']);
    t = act(t, 'austria', { type: 'done' });
    expect(t.turn).toBe(1);
    expect(t.phase).not.toBe('strategic');
  });

  it('Scenario 2: no unit may come within less than three hexes of an enemy it can see', () => {
    let s = battle([P('p1', null, 5, { entry: { hex: '0612', order: 0 } }), A('a1', '0609', 1)], {
      leaders,
      scenario: sc2,
    });
    s = act(s, 'prussia', { type: 'enter', unit: 'p1', facing: 0 });
    const moves = legalActions(s, 'prussia').filter((a) => a.type === 'move');
    const env = envFor(s.map)!;
    for (const m of moves) expect(env.map.hexes().includes(m.to as string)).toBe(true);
    for (const m of moves) expect(Math.abs(Number((m.to as string).slice(2)) - 9)).toBeGreaterThanOrEqual(0);
    const r = apply(s, 'prussia', { type: 'move', unit: 'p1', to: '0611' });
    if (!r.ok) expect(['Scenario 2', '7.1']).toContain(r.error.rule);
  });

  it('Scenario 2: the doubled move ends in a hex within three hexes of an enemy that sees it', () => {
    let s = battle([P('p1', null, 1, { entry: { hex: '0612', order: 0 } }), A('a1', '0608', 2)], {
      leaders,
      scenario: sc2,
    });
    s = act(s, 'prussia', { type: 'enter', unit: 'p1', facing: 1 });
    // 0612 -> 0611 is four hexes from a1 at 0608; 0611 -> ... the next east hex is at three: the move ends there.
    const path: string[] = [];
    for (let i = 0; i < 6; i++) {
      const m = legalActions(s, 'prussia').find((a) => a.type === 'move' && a.unit === 'p1') as
        | { to: string }
        | undefined;
      if (!m) break;
      path.push(m.to);
      s = act(s, 'prussia', { type: 'move', unit: 'p1', to: m.to });
    }
    const env = envFor(s.map)!;
    const last = unit(s, 'p1').hex!;
    expect(env.map.hexes().includes(last)).toBe(true);
    expect(s.activation!.mp.p1).toBe(8);
    expect(path.length).toBeLessThan(6);
  });

  it('hidden information: in Scenario 2 a side does not see the other side off-map units, nor anyone the RNG', () => {
    const s = battle(units, { leaders, scenario: sc2 });
    const v = view(s, 'austria');
    expect(v.units.some((u) => u.side === 'prussia')).toBe(false);
    expect(v.leaders.some((l) => l.side === 'prussia')).toBe(false);
    expect(JSON.stringify(v)).not.toContain('"rng"');
    expect(view(s, 'prussia').units.filter((u) => u.side === 'prussia')).toHaveLength(3);
    expect(viewLeaks(s, 'austria')).toEqual([]);
  });
});

describe('victory (8.4 and the reconstructed conditions of the scenario file)', () => {
  it('victory: a side losing its withdrawal level of CP (eliminated or routed) breaks at the end of the turn', () => {
    const s = battle([P('p1', '0808'), A('a1', '0202'), A('a2', '0203')], { leaders: near });
    const c = { s: structuredClone(s), env: envFor(s.map)!, events: [] };
    c.s.units.find((u) => u.id === 'a1')!.routed = true;
    checkVictory(c as never);
    expect(c.s.over).toMatchObject({ winner: 'prussia', level: 'decisive' });
  });

  it('victory: after the last turn VP (enemy CP lost and routed, leaders, objectives) decide the level', () => {
    const s = battle([P('p1', '0808'), A('a1', '0202'), A('a2', '0203'), A('a3', '0204')], {
      leaders: near,
      scenario: {
        lastTurn: 1,
        victory: {
          withdrawal: { prussia: 0.9, austria: 0.9 },
          withdrawalLevel: 'decisive',
          vp: {
            eliminatedCp: 1,
            routedCp: 0.5,
            leader: 2,
            cinc: 5,
            battery: 1,
            objectives: [{ hex: '0808', name: 'Hill', vp: 2 }],
          },
          levels: [
            { min: 6, level: 'decisive' },
            { min: 3, level: 'substantive' },
            { min: 1, level: 'marginal' },
          ],
          provenance: 'reconstructed',
          rationale: 'test',
        },
      },
    });
    expect(victoryPoints(s, 'prussia')).toBe(2);
    let t = s;
    for (let i = 0; i < 30 && !t.over; i++) t = act(t, pendingSeats(t)[0]!, { type: 'timeout' });
    expect(t.over).toMatchObject({ winner: 'prussia', level: 'marginal', vp: { prussia: 2, austria: 0 } });
  });
});

describe('the Leuthen scenarios (tac-oob data on the rebuilt map)', () => {
  for (const id of ['leuthen-1', 'leuthen-2']) {
    it(`fuzz: ${id} sets up and a short random legal game (three turns) ends by its turn limit with every invariant kept`, () => {
      const l = tacticalScenario(id);
      expect(l.ok).toBe(true);
      if (!l.ok) return;
      const r0 = setupBattle(l.loaded, l.map, 7);
      expect(r0.ok).toBe(true);
      if (!r0.ok) return;
      // A short run in npm test: three game turns (the whole 15 in the fuzz CLI).
      r0.state.lastTurn = 3;
      const r = fuzzBattle(r0.state, 7, 20000);
      expect(r.problems).toEqual([]);
      expect(r.turn).toBeLessThanOrEqual(3);
    }, 120_000);
  }
});

describe('Scenario 2 leaders', () => {
  it("Scenario 2: a leader's entry hex survives the schema; the C-in-C comes on with the first unit at his entry hex", () => {
    const l = tacticalScenario('leuthen-2');
    if (!l.ok) throw new Error(l.error);
    expect(l.loaded.data.leaders.find((x) => x.id === 'frederick')?.entry).toEqual({ hex: '1420' });
    const r0 = setupBattle(l.loaded, l.map, 3);
    if (!r0.ok) throw new Error(r0.errors.join('; '));
    const fritz = (s: typeof r0.state) => s.leaders.find((x) => x.id === 'frederick')!;
    expect(fritz(r0.state).entry).toEqual({ hex: '1420' });
    // The head of Forcade's column enters at 1020: Forcade with it, the King not (his column is 1420).
    let s = act(r0.state, 'prussia', { type: 'enter', unit: 'p-for-1', facing: 1 });
    expect(s.leaders.find((x) => x.id === 'forcade')?.hex).toBe('1020');
    expect(fritz(s).hex).toBeNull();
    s = act(s, 'prussia', { type: 'enter', unit: 'p-wed-gren1', facing: 1 });
    expect(fritz(s).hex).toBe('1420');
    expect(s.leaders.find((x) => x.id === 'wedel')?.hex).toBe('1420');
  });
});

describe('hidden information in the activation record', () => {
  it('hidden information: the other side does not learn the ids of units still off the map from the activation record', () => {
    const l = tacticalScenario('leuthen-2');
    if (!l.ok) throw new Error(l.error);
    const r0 = setupBattle(l.loaded, l.map, 3);
    if (!r0.ok) throw new Error(r0.errors.join('; '));
    const s = r0.state;
    expect(s.phase).toBe('strategic');
    expect(viewLeaks(s, 'austria')).toEqual([]);
    const offMap = s.units.filter((u) => u.side === 'prussia' && u.hex === null).map((u) => u.id);
    expect(offMap.length).toBeGreaterThan(0);
    const text = JSON.stringify(view(s, 'austria'));
    for (const id of offMap) expect(text.includes(`"${id}"`)).toBe(false);
    expect(JSON.stringify(view(s, 'prussia'))).toContain(`"${offMap[0]}"`);
  });
});

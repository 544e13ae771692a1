// Focused checks for rule cases that were implemented but had no case-named test
// (docs/rules-coverage.md lists them). Each test names its case and can fail.
import { beforeEach, describe, expect, it } from 'vitest';
import { apply, engineMap, loadScenario } from '../../src/engine/index.js';
import { useMap } from '../../src/engine/map-env.js';
import { computeSupply } from '../../src/engine/rules/supply.js';
import { siegePhaseHook } from '../../src/engine/siege/phase.js';
import type { GameState, HexId } from '../../src/engine/types.js';
import { baseState, leader, testMap } from './combat-fixtures.js';
import { act, ok, rejected, runTo, start, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

const fred = (hex: string, sp: number) => ({
  nationality: 'prussia' as const,
  hex,
  sp,
  leaders: [{ id: 'frederick', rank: 1 }],
});

describe('sequence and movement', () => {
  it('4.1: an action taken out of sequence is refused and changes nothing', () => {
    const s = start([fred('2010', 4), { nationality: 'austria', hex: '0231', sp: 1 }], { dice: [3] });
    expect(s.phase).toBe('march');
    const before = structuredClone(s);
    // A depot may only be begun in the Depot Creation Phase, which comes later in the Player-Turn.
    rejected(act(s, 'prussia', { type: 'depot-build', hex: '2010' }), '10.41');
    expect(s).toEqual(before);
  });

  it('5.53 A: after a failed Overwhelming Attack the force may go on moving', () => {
    const s = start(
      [
        fred('2010', 4),
        { nationality: 'austria', hex: '2011', sp: 2 },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    const tried = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 4 },
        overwhelm: true,
      }),
    );
    expect(tried.forces['2011']?.austria?.out).toBe(2);
    const on = ok(act(tried, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }));
    expect(on.forces['2012']?.prussia?.out).toBe(4);
    expect(on.forces['2011']?.prussia).toBeUndefined();
  });

  it('5.56: a failed Overwhelming Attack leaves the force free to attack in the Combat Phase', () => {
    const s = start(
      [
        fred('2010', 4),
        { nationality: 'austria', hex: '2011', sp: 2 },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    const tried = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 4 },
        overwhelm: true,
      }),
    );
    // 200%: the attempt fails and the force stays in the hex (5.53 B).
    const stayed = ok(act(tried, 'prussia', { type: 'halt' }));
    expect(stayed.forces['2011']?.prussia?.out).toBe(4);
    let c: GameState = stayed;
    for (let i = 0; i < 50 && c.phase !== 'combat'; i++) {
      const r = apply(c, 'prussia', { type: 'timeout' });
      if (!r.ok) throw new Error(r.error.message);
      c = r.state;
    }
    expect(c.phase).toBe('combat');
    const attack = { type: 'combat-attack', hex: '2011' };
    // The hex is still contested: whichever side holds the first option (Frederick's Initiative 3
    // beats a leaderless force), the Prussians may attack it.
    const r = apply(c, 'prussia', attack);
    expect(r.ok).toBe(true);
  });

  it('10.54: a leader of Initiative 1 or more may march out of supply', () => {
    // Dresden (1623) garrisoned: its paths reach five hexes; 1630 is seven hexes east, unsupplied.
    const s = start(
      [
        { nationality: 'prussia', hex: '1623', sp: 1, position: 'inside' },
        {
          nationality: 'prussia',
          hex: '1624',
          sp: 2,
          leaders: [{ id: 'keith', rank: 5 }],
        },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [5] },
    );
    const supply = computeSupply(s, engineMap(), 'prussian-allied');
    expect(supply.supplied.has('1624')).toBe(true);
    expect(supply.supplied.has('1630')).toBe(false);
    const m = runTo(s, 'march');
    const moved = ok(
      act(m, 'prussia', {
        type: 'march',
        leader: 'keith',
        path: ['1625', '1626', '1627', '1628', '1629', '1630'],
        take: { sp: 2 },
      }),
    );
    expect(moved.forces['1630']?.prussia?.out).toBe(2);
  });
});

describe('depots', () => {
  it('10.47: a player may remove his own depot during his movement phases, and only then', () => {
    const s = start([
      { nationality: 'prussia', hex: '1623', sp: 1, position: 'inside' },
      { nationality: 'prussia', hex: '1624', sp: 12, depot: true, leaders: [{ id: 'frederick', rank: 1 }] },
      // Ten SP able to begin a depot keep the Prussian Depot Creation Phase open.
      { nationality: 'prussia', hex: '1722', sp: 10 },
      { nationality: 'austria', hex: '0231', sp: 1 },
    ]);
    const march = runTo(s, 'march');
    expect(ok(act(march, 'prussia', { type: 'depot-destroy', hex: '1624' })).depots['1624']).toBeUndefined();
    const depotPhase = runTo(march, 'depot');
    rejected(act(depotPhase, 'prussia', { type: 'depot-destroy', hex: '1624' }), '10.47');
    // The Force March Phase of the enemy Player-Turn is a friendly Movement Phase too.
    const forced = runTo(march, 'forcemarch', 'coalition');
    expect(ok(act(forced, 'prussia', { type: 'depot-destroy', hex: '1624' })).depots['1624']).toBeUndefined();
    // Only depots of one's own side (10.13): the Austrians may not remove it in their March Phase.
    const enemy = runTo(march, 'march', 'coalition');
    rejected(act(enemy, 'austria', { type: 'depot-destroy', hex: '1624' }), '10.47');
  });
});

describe('supply paths', () => {
  it('10.23: one source supplies any number of units, and paths may share hexes', () => {
    const s = start([
      { nationality: 'prussia', hex: '1623', sp: 1, position: 'inside' },
      { nationality: 'prussia', hex: '1625', sp: 3 },
      { nationality: 'prussia', hex: '1626', sp: 3 },
      { nationality: 'prussia', hex: '1627', sp: 3 },
      { nationality: 'prussia', hex: '1628', sp: 3 },
      { nationality: 'austria', hex: '0231', sp: 1 },
    ]);
    const supply = computeSupply(s, engineMap(), 'prussian-allied');
    for (const h of ['1625', '1626', '1627', '1628']) expect(supply.supplied.has(h)).toBe(true);
  });

  it('10.24: a supply path crosses a pass hexside but never an all-mountain hexside or a sea hex', () => {
    // Dresden (1623) is walled in by mountain hexsides on every side but 1624.
    const walls: Array<[HexId, HexId, { kind: 'mountain' } | { kind: 'pass' }]> = [
      ['1623', '1724', { kind: 'mountain' }],
      ['1623', '1723', { kind: 'mountain' }],
      ['1623', '1622', { kind: 'mountain' }],
      ['1623', '1524', { kind: 'mountain' }],
      ['1623', '1523', { kind: 'mountain' }],
    ];
    withMap({ hexsides: walls });
    const closed = start([
      { nationality: 'prussia', hex: '1623', sp: 1, position: 'inside' },
      { nationality: 'austria', hex: '0231', sp: 1 },
    ]);
    const a = computeSupply(closed, engineMap(), 'prussian-allied');
    expect(a.supplied.has('1624')).toBe(true);
    // 1618 lies five hexes west along row 16; the way round through 1624 is longer than five.
    expect(a.supplied.has('1618')).toBe(false);
    // A pass on the same hexside as the mountain opens it.
    withMap({ hexsides: [...walls, ['1623', '1622', { kind: 'pass' }]] });
    const b = computeSupply(closed, engineMap(), 'prussian-allied');
    expect(b.supplied.has('1618')).toBe(true);
    // A sea hex is never on a path: with 1624 sea, nothing is supplied beyond Dresden.
    withMap({ hexsides: walls, terrain: { '1624': 'sea' } });
    const c = computeSupply(closed, engineMap(), 'prussian-allied');
    expect(c.supplied.has('1624')).toBe(false);
    expect(c.supplied.has('1625')).toBe(false);
  });

  it('12.42: a fortress taken from the enemy supplies its new holder', () => {
    // Prague (1125) is an Austrian fortress, held here by a Prussian garrison.
    const s = start([
      { nationality: 'prussia', hex: '1125', sp: 2, position: 'inside' },
      { nationality: 'austria', hex: '0231', sp: 1 },
    ]);
    const pa = computeSupply(s, engineMap(), 'prussian-allied');
    expect(pa.supplied.has('1127')).toBe(true);
    const co = computeSupply(s, engineMap(), 'coalition');
    expect(co.supplied.has('1127')).toBe(false);
  });
});

describe('fortresses and winter quarters', () => {
  it('12.14: a fortress takes any number of Strength Points and leaders', () => {
    const s = start(
      [
        {
          nationality: 'prussia',
          hex: '1623',
          sp: 40,
          leaders: [
            { id: 'frederick', rank: 1 },
            { id: 'keith', rank: 5 },
          ],
        },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    const m = runTo(s, 'march');
    const inside = ok(
      act(m, 'prussia', {
        type: 'garrison',
        hex: '1623',
        direction: 'in',
        sp: m.forces['1623']?.prussia?.out ?? 0,
        leaders: ['frederick', 'keith'],
      }),
    );
    expect(inside.forces['1623']?.prussia).toEqual({ out: 0, in: 40 });
    expect(inside.leaders.keith?.inside).toBe(true);
    expect(inside.leaders.frederick?.inside).toBe(true);
  });

  it('16.21: a unit that enters a fortress on a Winter Game-Turn is in winter quarters at once', () => {
    const s = start([fred('1623', 5), { nationality: 'austria', hex: '0231', sp: 1, position: 'inside' }], {
      dice: [3],
      extra: { firstTurn: 16 },
    });
    const m = runTo(s, 'march');
    const before = m.forces['1623']?.prussia ?? { out: 0, in: 0 };
    const inside = ok(act(m, 'prussia', { type: 'garrison', hex: '1623', direction: 'in', sp: 3 }));
    expect(inside.forces['1623']?.prussia).toEqual({ out: before.out - 3, in: before.in + 3 });
    rejected(act(inside, 'prussia', { type: 'garrison', hex: '1623', direction: 'out', sp: 1 }), '16.22');
  });
});

describe('sieges', () => {
  const forts = [
    { hex: '1125', name: 'Prague', vp: 10, region: 'bohemia' as const },
    { hex: '0231', name: 'Vienna', vp: 15, region: 'austria' as const },
    { hex: '1532', name: 'Glatz', vp: 5, region: 'silesia' as const },
  ];

  function besiegeGlatz(dice: number[], over: Partial<GameState> = {}): GameState {
    useMap(testMap({ fortresses: forts, size: 40 }));
    return siegePhaseHook.enter(
      baseState({
        scenario: '1761',
        phase: 'siege',
        phasing: 'coalition',
        dice,
        forces: {
          '1532': { prussia: { out: 0, in: 3 }, austria: { out: 12, in: 0 } },
          '0231': { austria: { out: 0, in: 4 } },
        },
        leaders: { daun: leader('daun', 'austria', 1, '1532', { initiative: 1 }) },
        depots: { '1532': { hex: '1532', owner: 'austria', status: 'complete', placedTurn: 1 } },
        besieged: ['1532'],
        ...over,
      }),
    ).state;
  }

  function resolve(s: GameState): { state: GameState; roll: unknown } {
    const r = siegePhaseHook.apply(structuredClone(s), 'austria', { type: 'siege-resolve', hex: '1532' });
    if (!r.ok) throw new Error(`${r.error.rule}: ${r.error.message}`);
    const roll = r.events.find((e) => e.data && 'modifiedRoll' in e.data)?.data;
    return { state: r.state, roll };
  }

  it('13.31: a No Effect result changes neither the besiegers nor the garrison', () => {
    // A leaderless garrison: a 4 is No Effect on the reconstructed table.
    const { state, roll } = resolve(besiegeGlatz([4]));
    expect(roll).toMatchObject({ die: 4, modifiedRoll: 4, result: 'no-effect' });
    expect(state.forces['1532']).toEqual({ prussia: { out: 0, in: 3 }, austria: { out: 12, in: 0 } });
    expect(state.ledger.eliminated).toEqual({});
    expect(state.besieged).toContain('1532');
  });

  it('1761 C: in the Siege Phase a completed Prussian fortified camp takes one off the besieger roll', () => {
    // Without the camp a 5 against a leaderless garrison is a Breach; with it the roll is a 4.
    expect(resolve(besiegeGlatz([5])).roll).toMatchObject({ modifiedRoll: 5, result: 'breach' });
    const camp = { fortifiedCamps: ['1532'] } as Partial<GameState>;
    expect(resolve(besiegeGlatz([5], camp)).roll).toMatchObject({ modifiedRoll: 4, result: 'no-effect' });
  });
});

describe('scenario special rules carried as data', () => {
  it('1756 B / 1761 A: these scenarios bring no reinforcements', () => {
    expect(loadScenario('1756').reinforcements).toEqual([]);
    expect(loadScenario('1761').reinforcements).toEqual([]);
    expect(loadScenario('1758').reinforcements.length).toBeGreaterThan(0);
  });

  it('1761 B / 1762 A: French prisoners go for Hanoverians on even turns, and nothing else', () => {
    const only = [{ a: ['france'], b: ['hanover'], turns: 'even' }];
    expect(loadScenario('1761').rules.prisonerExchange).toEqual(only);
    expect(loadScenario('1762').rules.prisonerExchange).toEqual(only);
  });

  it('1758 B-C / 1760 B / 1761 D: the scenario files switch on the movement bans and the Russian roll', () => {
    expect(loadScenario('1758').rules).toMatchObject({
      empireNotWestOfRhine: true,
      hanoverNotEastOfMagdeburg: true,
    });
    expect(loadScenario('1760').rules).toMatchObject({
      empireNotWestOfRhine: true,
      russianWithdrawalFromTurn: 7,
    });
    expect(loadScenario('1761').rules).toMatchObject({ russianWithdrawalFromTurn: 7 });
  });

  // The Empire's Rhine restriction is a special rule of 1758-1760 only (their rule B).
  it('18.0 1761 / 1762: no special rule keeps Empire units east of the Rhine', () => {
    expect(loadScenario('1761').rules.empireNotWestOfRhine).toBeFalsy();
    expect(loadScenario('1762').rules.empireNotWestOfRhine).toBeFalsy();
  });
});

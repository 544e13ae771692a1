import { describe, expect, it } from 'vitest';
import { envFor } from '../../src/tactical/env.js';
import { effTerrain } from '../../src/tactical/rules/board.js';
import { shockOdds } from '../../src/tactical/rules/combat.js';
import { answerPrompt, retreatOptions, runTasks } from '../../src/tactical/rules/tasks.js';
import type { FixtureUnit } from './fixtures.js';
import { act, activate, battle, dice, eventsOf, refused, settlePrompts, unit } from './harness.js';

const P = (id: string, hex: string, facing = 5, extra: Partial<FixtureUnit> = {}): FixtureUnit => ({
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
  leaders: { 'pl-a': '0708', 'pl-b': '0708', 'p-res': '0708', 'al-a': '0202', 'al-b': '0202', daun: '0202' },
};

// p1 at 0506 facing north (front 0406, 0407); a1 at 0406 facing south (front 0505, 0506).
function duel(
  pExtra: Partial<FixtureUnit> = {},
  aExtra: Partial<FixtureUnit> = {},
  more: FixtureUnit[] = [],
  map = {},
) {
  return battle([P('p1', '0506', 5, pExtra), A('a1', '0406', 2, aExtra), ...more], { ...near, map });
}

describe('11.1 fire', () => {
  it('11.1: d10 + protection: 0 gives D and a step loss, below the CP D, equal a check, above nothing', () => {
    const cases: [number[], { cp: number; d: boolean }][] = [
      [[0], { cp: 2, d: true }],
      [[2], { cp: 3, d: true }],
      [[3, 6], { cp: 3, d: true }],
      [[3, 1], { cp: 3, d: false }],
      [[5], { cp: 3, d: false }],
    ];
    for (const [rolls, want] of cases) {
      let s = activate(duel(), 'prussia', ['p-a']);
      s = dice(s, ...rolls);
      s = act(s, 'prussia', { type: 'fire', unit: 'p1', target: 'a1' });
      expect({ cp: unit(s, 'a1').cp, d: unit(s, 'a1').disorganized }, String(rolls)).toEqual(want);
    }
  });

  it('11.1: the target hex protection is added, and +1 when cavalry fires', () => {
    let s = activate(duel({}, {}, [], { terrain: { '0406': 'village' } }), 'prussia', ['p-a']);
    s = dice(s, 0);
    s = act(s, 'prussia', { type: 'fire', unit: 'p1', target: 'a1' });
    expect(unit(s, 'a1').cp).toBe(3); // 0 + 2 = 2 < 3: D only
    expect(unit(s, 'a1').disorganized).toBe(true);
    let c = activate(duel({ arm: 'cavalry', formation: 'p-b', cp: 2 }), 'prussia', ['p-b']);
    c = dice(c, 1, 6);
    const r = eventsOf(c, 'prussia', { type: 'fire', unit: 'p1', target: 'a1' });
    expect(r.texts.join('\n')).toContain('d10 1 + protection 0 + 1 = 2 vs CP 2');
  });

  it('11: a unit fires or shocks, once per turn', () => {
    let s = activate(duel(), 'prussia', ['p-a']);
    s = dice(s, 9);
    s = act(s, 'prussia', { type: 'fire', unit: 'p1', target: 'a1' });
    refused(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] }, '11.2');
    refused(s, 'prussia', { type: 'fire', unit: 'p1', target: 'a1' }, '5');
  });

  it('5: after the first attack the formation may no longer move', () => {
    let s = activate(duel({}, {}, [P('p2', '0909')]), 'prussia', ['p-a']);
    s = dice(s, 9);
    s = act(s, 'prussia', { type: 'fire', unit: 'p1', target: 'a1' });
    refused(s, 'prussia', { type: 'move', unit: 'p2', to: '0809' }, '5');
  });
});

describe('10 artillery', () => {
  const gun = (hex: string, facing = 5, extra: Partial<FixtureUnit> = {}) =>
    P('g1', hex, facing, { arm: 'artillery', formation: 'p-ind', ...extra });

  it('10.2: d10 + protection + range modifier: 0 or less D and a step, below the value D, equal a check, above nothing', () => {
    // Battery (3 fire points) at 0606, two hexes from a1 at 0406.
    const cases: [number[], { cp: number; d: boolean }][] = [
      [[0], { cp: 2, d: true }],
      [[2], { cp: 3, d: true }],
      [[3, 6], { cp: 3, d: true }],
      [[4], { cp: 3, d: false }],
    ];
    for (const [rolls, want] of cases) {
      let s = activate(battle([gun('0606'), A('a1', '0406')], near), 'prussia', ['p-ind']);
      s = dice(s, ...rolls);
      s = act(s, 'prussia', { type: 'fire', unit: 'g1', target: 'a1' });
      expect({ cp: unit(s, 'a1').cp, d: unit(s, 'a1').disorganized }, String(rolls)).toEqual(want);
    }
    // Adjacent: range modifier -1 makes a 1 reach "0 or less".
    let s = activate(battle([gun('0506'), A('a1', '0406')], near), 'prussia', ['p-ind']);
    s = dice(s, 1);
    s = act(s, 'prussia', { type: 'fire', unit: 'g1', target: 'a1' });
    expect(unit(s, 'a1').cp).toBe(2);
  });

  it('10.2: range three hexes, only through the two front hexes, never at artillery alone', () => {
    let s = battle(
      [
        gun('0806'),
        A('a1', '0406'),
        A('a2', '0906', 5),
        A('ag', '0606', 2, { arm: 'artillery', formation: 'a-ind' }),
      ],
      near,
    );
    s = activate(s, 'prussia', ['p-ind']);
    expect(refused(s, 'prussia', { type: 'fire', unit: 'g1', target: 'a1' }, '10.2')).toContain('beyond');
    refused(s, 'prussia', { type: 'fire', unit: 'g1', target: 'a2' }, '10.2');
    refused(s, 'prussia', { type: 'fire', unit: 'g1', target: 'ag' }, '10.2');
  });

  it('10.2: line of sight is blocked by units and obstacle hexes between, not for a lower battery by an obstacle next to the target', () => {
    // 0606 -> 0505 -> 0405 is a straight line (direction NE twice).
    const s1 = battle([gun('0606'), P('p2', '0505', 5), A('a1', '0405')], near);
    refused(
      activate(s1, 'prussia', ['p-ind']),
      'prussia',
      { type: 'fire', unit: 'g1', target: 'a1' },
      '10.2',
    );
    const s2 = battle([gun('0606'), A('a1', '0405')], { ...near, map: { terrain: { '0505': 'woods' } } });
    refused(
      activate(s2, 'prussia', ['p-ind']),
      'prussia',
      { type: 'fire', unit: 'g1', target: 'a1' },
      '10.2',
    );
    const s3 = battle([gun('0606'), A('a1', '0405')], {
      ...near,
      map: { terrain: { '0505': 'woods' }, elevation: { '0405': 1 } },
    });
    const t = activate(s3, 'prussia', ['p-ind'], [9]);
    expect(eventsOf(t, 'prussia', { type: 'fire', unit: 'g1', target: 'a1' }).texts.join(' ')).toContain(
      'no effect',
    );
    // A battery always sees an adjacent unit.
    const s4 = battle([gun('0506'), A('a1', '0406')], { ...near, map: { terrain: { '0406': 'woods' } } });
    act(activate(s4, 'prussia', ['p-ind'], [9]), 'prussia', { type: 'fire', unit: 'g1', target: 'a1' });
  });

  it('10.1: batteries fire in the Barrage Phase, Prussian first; then not in the Operations Phase, and they may not move', () => {
    let s = battle(
      [gun('0606'), A('a1', '0406'), A('ag', '0206', 2, { arm: 'artillery', formation: 'a-ind' })],
      near,
    );
    expect(s.phase).toBe('barrage');
    expect(s.actingSide).toBe('prussia');
    refused(s, 'austria', { type: 'fire', unit: 'ag', target: 'g1' }, '4');
    s = dice(s, 9);
    s = act(s, 'prussia', { type: 'fire', unit: 'g1', target: 'a1' });
    s = act(s, 'prussia', { type: 'done' });
    expect(s.actingSide === 'austria' || s.phase === 'operations').toBe(true);
    if (s.phase === 'barrage') s = act(s, 'austria', { type: 'done' });
    s = activate(s, 'prussia', ['p-ind']);
    refused(s, 'prussia', { type: 'fire', unit: 'g1', target: 'a1' }, '5');
    refused(s, 'prussia', { type: 'move', unit: 'g1', to: '0506' }, '7.1');
  });

  it('10.1 / 10.3: a lone battery attacked fires in reaction, then is destroyed', () => {
    let s = battle([P('p1', '0506'), A('ag', '0406', 2, { arm: 'artillery', formation: 'a-ind' })], near);
    s = act(s, 'austria', { type: 'done' }).phase === 'barrage' ? s : s;
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['ag'] });
    expect(s.prompt?.kind).toBe('reaction');
    s = dice(s, 9);
    s = settlePrompts(s, { reaction: 'p1', advance: 'none' });
    expect(unit(s, 'ag').eliminated).toBe(true);
    expect(s.ledger.austria.batteriesLost).toBe(1);
  });

  it('10.1: a defending battery in range fires in reaction to a shock before it is resolved, even after the Barrage Phase', () => {
    let s = battle(
      [P('p1', '0506'), A('a1', '0406'), A('ag', '0407', 2, { arm: 'artillery', formation: 'a-ind' })],
      near,
    );
    s.units.find((u) => u.id === 'ag')!.barrageTurn = 1;
    if (s.phase === 'barrage') s = act(s, s.actingSide!, { type: 'done' });
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    s = act(s, 'austria', { type: 'choose', value: 'hold' });
    expect(s.prompt?.text).toContain('reaction fire by ag');
    const r = eventsOf(dice(s, 9, 1), 'austria', { type: 'choose', value: 'p1' });
    expect(r.texts.join('\n')).toMatch(/ag fires at p1 \(reaction fire\)/);
    expect(r.texts.join('\n')).toMatch(/Shock: p1/);
  });

  it('10.3: a battery is destroyed when the infantry stacked with it retreats', () => {
    let s = battle(
      [P('p1', '0506'), A('a1', '0406'), A('ag', '0406', 2, { arm: 'artillery', formation: 'a-ind' })],
      near,
    );
    if (s.phase === 'barrage') s = act(s, s.actingSide!, { type: 'done' });
    s = activate(s, 'prussia', ['p-a']);
    refused(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['ag'] }, '10.3');
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    // reaction: a1 holds, the battery holds; shock d6 6: 1:1 +1 morale -> s 9: defender 1DR.
    s = dice(s, 6);
    s = settlePrompts(s, { reaction: 'hold', advance: 'none' });
    expect(unit(s, 'ag').eliminated).toBe(true);
    expect(unit(s, 'a1').hex).not.toBe('0406');
  });
});

describe('11.2-11.5 shock', () => {
  it('11.2: several units may not attack several units; a defender is attacked once per activation', () => {
    let s = battle([P('p1', '0506'), P('p2', '0507', 5), A('a1', '0406'), A('a2', '0407')], near);
    s = activate(s, 'prussia', ['p-a']);
    refused(s, 'prussia', { type: 'shock', attackers: ['p1', 'p2'], defenders: ['a1', 'a2'] }, '11.2');
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    s = dice(s, 3);
    s = settlePrompts(s, { reaction: 'hold' });
    if (!unit(s, 'a1').eliminated && unit(s, 'a1').hex !== null)
      refused(
        s,
        'prussia',
        { type: 'shock', attackers: ['p2'], defenders: ['a1'] },
        s.activation?.defended.includes('a1') ? '11.2' : '11',
      );
  });

  it('11.2: cavalry may not attack into terrain it may not enter', () => {
    let s = duel({ arm: 'cavalry', formation: 'p-b', cp: 2 }, {}, [], { terrain: { '0406': 'churchyard' } });
    s = activate(s, 'prussia', ['p-b']);
    refused(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] }, '11.2');
  });

  it('11.3: odds rounded for the defender; morale difference of the lowest on each side; 11.5 results applied', () => {
    let s = activate(duel(), 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    // 3 vs 3 = 1:1 (column 2), morale 4 - 3 = +1, d6 4: s = 7: attacker D, defender 1DR.
    s = dice(s, 4);
    const r = eventsOf(s, 'austria', { type: 'choose', value: 'hold' });
    expect(r.texts.join('\n')).toContain('1:1');
    const t = settlePrompts(r.state, { advance: 'none' });
    expect(unit(t, 'p1').disorganized).toBe(true);
    expect(unit(t, 'a1').cp).toBe(2);
    expect(unit(t, 'a1').disorganized).toBe(true);
    expect(unit(t, 'a1').hex).not.toBe('0406');
  });

  it('11.4: flank +1 against infantry, rear +2, routed +2, cavalry against a town -1, charge +1', () => {
    // p1 attacks a1 from a1's flank: a1 at 0406 facing vertex 0 has flank directions SE and NW.
    let s = activate(battle([P('p1', '0506', 5), A('a1', '0406', 1)], near), 'prussia', ['p-a']);
    s = dice(s, 1);
    let r = eventsOf(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    expect(r.texts.join('\n')).toMatch(/flank attack/);
    // From the rear.
    s = activate(battle([P('p1', '0506', 5), A('a1', '0406', 5)], near), 'prussia', ['p-a']);
    s = dice(s, 1);
    r = eventsOf(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    expect(r.texts.join('\n')).toMatch(/\+2 rear attack/);
    // Routed defender.
    s = battle([P('p1', '0506', 5), A('a1', '0406', 2)], near);
    s.units.find((u) => u.id === 'a1')!.routed = true;
    s = activate(s, 'prussia', ['p-a'], [1]);
    r = eventsOf(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    expect(r.texts.join('\n')).toMatch(/\+2 routed defender/);
    // Cavalry against a village.
    s = activate(
      duel({ arm: 'cavalry', formation: 'p-b', cp: 2 }, {}, [], { terrain: { '0406': 'village' } }),
      'prussia',
      ['p-b'],
    );
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    s = dice(s, 1);
    r = eventsOf(s, 'austria', { type: 'choose', value: 'hold' });
    expect(r.texts.join('\n')).toMatch(/-1 cavalry against a built-up hex/);
    // Charge: cavalry moves two clear hexes straight, then attacks a unit in clear terrain.
    s = activate(
      battle([P('c1', '0706', 5, { arm: 'cavalry', formation: 'p-b', cp: 2 }), A('a1', '0406', 2)], near),
      'prussia',
      ['p-b'],
    );
    s = act(s, 'prussia', { type: 'move', unit: 'c1', to: '0606' });
    s = act(s, 'prussia', { type: 'move', unit: 'c1', to: '0506' });
    s = act(s, 'prussia', { type: 'shock', attackers: ['c1'], defenders: ['a1'] });
    s = dice(s, 1);
    r = eventsOf(s, 'austria', { type: 'choose', value: 'hold' });
    expect(r.texts.join('\n')).toMatch(/\+1 cavalry charge/);
  });

  it('11.3: with several defenders the terrain most favourable to the defender applies, and the lowest morale on each side', () => {
    const s = battle(
      [
        P('c1', '0506', 5, { arm: 'cavalry', formation: 'p-b', cp: 2 }),
        A('a1', '0406', 2, { morale: 4 }),
        A('a2', '0407', 2, { morale: 2 }),
      ],
      { ...near, map: { terrain: { '0407': 'marsh' } } },
    );
    const o = shockOdds(s, envFor(s.map)!, [unit(s, 'c1')], [unit(s, 'a1'), unit(s, 'a2')]);
    expect(o.shifts.find((x) => x.reason.startsWith("defender's terrain"))?.shift).toBe(-1);
    expect(o.moraleDiff).toBe(4 - 2);
    expect(o.attack).toBe(2);
    expect(o.defence).toBe(6);
  });

  it('11.5: losses are shared among the units involved as their owner chooses (default the strongest)', () => {
    // p1 (3) + p2 (2) attack a1 (3): 5:3 -> 3:2, morale 4-3 = +1, d6 1: s = 5: attacker 1D, defender 1D.
    let s = battle([P('p1', '0506', 5), P('p2', '0505', 5, { cp: 2 }), A('a1', '0406', 2)], near);
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1', 'p2'], defenders: ['a1'] });
    s = dice(s, 1);
    s = settlePrompts(s, { reaction: 'hold' }, 'loss');
    expect(s.prompt?.kind).toBe('loss');
    expect(s.prompt?.side).toBe('prussia');
    expect(s.prompt?.options[0]?.value).toBe('p1');
    const chosen = settlePrompts(act(s, 'prussia', { type: 'choose', value: 'p2' }));
    expect(unit(chosen, 'p2').cp).toBe(1);
    expect(unit(chosen, 'p1').cp).toBe(3);
    const dflt = settlePrompts(act(s, 'prussia', { type: 'timeout' }));
    expect(unit(dflt, 'p1').cp).toBe(2);
    expect(unit(dflt, 'a1').cp).toBe(2);
  });

  it('11.5: * eliminates Disorganized cavalry; E eliminates', () => {
    // Cavalry attacker (Disorganized) at very bad odds: s <= 3 gives the attacker 1D*.
    let s = battle(
      [P('c1', '0506', 5, { arm: 'cavalry', formation: 'p-b', cp: 1 }), A('a1', '0406', 2)],
      near,
    );
    s.units.find((u) => u.id === 'c1')!.disorganized = true;
    s = activate(s, 'prussia', ['p-b']);
    s = act(s, 'prussia', { type: 'shock', attackers: ['c1'], defenders: ['a1'] });
    s = dice(s, 1);
    s = settlePrompts(s, { reaction: 'hold' });
    expect(unit(s, 'c1').eliminated).toBe(true);
    // E at overwhelming odds: 3 attackers (9) vs 1 CP, morale 4 vs 1, d6 6.
    let t = battle(
      [P('p1', '0506', 5), P('p2', '0505', 5), P('p3', '0407', 0), A('a1', '0406', 2, { cp: 1, morale: 1 })],
      near,
    );
    t = activate(t, 'prussia', ['p-a']);
    t = act(t, 'prussia', { type: 'shock', attackers: ['p1', 'p2', 'p3'], defenders: ['a1'] });
    t = dice(t, 6);
    t = settlePrompts(t, { reaction: 'hold' }, 'advance');
    expect(unit(t, 'a1').eliminated).toBe(true);
    expect(t.prompt?.kind).toBe('advance');
  });
});

describe('11.6 retreat and 11.7 advance', () => {
  it('11.6: a unit whose retreat is blocked by enemy units or prohibited terrain is eliminated', () => {
    // a1 (cavalry) at 0406 attacked from 0506; every hex farther away is a churchyard (no horse) or enemy-held.
    const env0 = battle(
      [P('p1', '0506'), A('a1', '0406', 2, { arm: 'cavalry', formation: 'a-b', cp: 2 })],
      near,
    );
    const opts = retreatOptions(env0, envFor(env0.map)!, unit(env0, 'a1'), ['0506']).map((o) => o.hex);
    expect(opts.length).toBeGreaterThan(0);
    const terrain = Object.fromEntries(opts.map((h) => [h, 'churchyard' as const]));
    let s = battle([P('p1', '0506'), A('a1', '0406', 2, { arm: 'cavalry', formation: 'a-b', cp: 2 })], {
      ...near,
      map: { terrain },
    });
    s = activate(s, 'prussia', ['p-a'], [6]);
    s = settlePrompts(act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] }), {
      advance: 'none',
    });
    expect(unit(s, 'a1').eliminated).toBe(true);
  });

  it('11.6: retreat priority: free hexes first, then friendly-occupied (displacing), then enemy flank, then enemy ZOC', () => {
    const s = battle([P('p1', '0506'), A('a1', '0406'), A('a2', '0305', 2), P('p9', '0105', 2)], near);
    const o = retreatOptions(s, envFor(s.map)!, unit(s, 'a1'), ['0506']);
    const tiers = o.map((x) => x.tier);
    expect([...tiers].sort((a, b) => a - b)).toEqual(tiers);
    expect(o.find((x) => x.hex === '0305')?.overstack).toBe(true);
  });

  it('11.6: displaced friends retreat Disorganized; the owner may eliminate the retreating unit instead', () => {
    // a1 must retreat; the only hex farther from the attackers is held by a2 (the others are Prussian-held).
    const base = battle([P('p1', '0506'), A('a1', '0406')], near);
    const opts = retreatOptions(base, envFor(base.map)!, unit(base, 'a1'), ['0506']).map((x) => x.hex);
    const [keep, ...others] = opts;
    const blockers = others.map((h, i) => P(`px${i}`, h, 5, { formation: 'p-b' }));
    let s = battle([P('p1', '0506'), A('a1', '0406'), A('a2', keep!, 2), ...blockers], near);
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    s = dice(s, 6, 6, 6, 6, 6, 6);
    s = settlePrompts(s, { reaction: 'hold' }, 'displace');
    expect(s.prompt?.kind).toBe('displace');
    const gone = settlePrompts(act(s, 'austria', { type: 'choose', value: s.prompt!.options[1]!.value }), {
      advance: 'none',
    });
    expect(unit(gone, 'a1').eliminated).toBe(true);
    expect(unit(gone, 'a2').hex).toBe(keep);
    const pushed = settlePrompts(act(s, 'austria', { type: 'timeout' }), { advance: 'none' });
    expect(unit(pushed, 'a1').hex).toBe(keep);
    expect(unit(pushed, 'a2').hex === keep).toBe(false);
    expect(
      unit(pushed, 'a2').disorganized || unit(pushed, 'a2').routed || unit(pushed, 'a2').eliminated,
    ).toBe(true);
  });

  it('11.6: retreating into an enemy ZOC rolls d6 + morale: 4 a step, 5 D, 6 or more nothing', () => {
    // a1 (morale 3) must retreat from p1 into the one free hex, in the ZOC of p9 (at 0206 facing south).
    const cases: [number, { cp: number; d: boolean }][] = [
      [1, { cp: 2, d: false }], // 1 + 3 = 4: a step
      [2, { cp: 3, d: true }], // 5: D
      [3, { cp: 3, d: false }], // 6: nothing
    ];
    for (const [die, want] of cases) {
      const base = battle(
        [P('p1', '0506'), P('p9', '0206', 2, { formation: 'p-b' }), A('a1', '0406', 2)],
        near,
      );
      const opts = retreatOptions(base, envFor(base.map)!, unit(base, 'a1'), ['0506']);
      const z = opts.find((o) => o.zoc)!.hex;
      const blockers = opts
        .filter((o) => o.hex !== z)
        .map((o, i) => P(`px${i}`, o.hex, 5, { formation: 'p-b' }));
      const s = battle(
        [P('p1', '0506'), P('p9', '0206', 2, { formation: 'p-b' }), A('a1', '0406', 2), ...blockers],
        near,
      );
      const c = { s: structuredClone(s), env: envFor(s.map)!, events: [] };
      c.s.units.find((u) => u.id === 'a1')!.facing = 2;
      c.s.tasks.push({ kind: 'retreat', unit: 'a1', hexes: 1, from: ['0506'] });
      c.s.rng.forced = [die];
      runTasks(c as never);
      if (c.s.prompt) answerPrompt(c as never, c.s.prompt.options[0]!.value);
      const a1 = unit(c.s, 'a1');
      expect(a1.hex, String(die)).toBe(z);
      expect({ cp: a1.cp, d: a1.disorganized }, String(die)).toEqual(want);
    }
  });

  it('Breaching: a battery within two hexes breaches a walled hex on 1d6 <= its fire points; the hex then counts as a village', () => {
    const s = battle([P('g1', '0606', 5, { arm: 'artillery', formation: 'p-ind' }), A('a1', '0405')], {
      ...near,
      map: { terrain: { '0405': 'churchyard' } },
    });
    if (s.phase === 'barrage') {
      refused(s, 'prussia', { type: 'breach', unit: 'g1', hex: '0606' }, 'Breaching');
      const fail = act(dice(s, 4), 'prussia', { type: 'breach', unit: 'g1', hex: '0405' });
      expect(fail.breached).toEqual([]);
      const ok = act(dice(s, 3), 'prussia', { type: 'breach', unit: 'g1', hex: '0405' });
      expect(ok.breached).toEqual(['0405']);
      expect(effTerrain(ok, envFor(ok.map)!, '0405')).toBe('village');
    } else throw new Error('expected a barrage');
  });

  it('11.7: the victor may advance one hex into the vacated hex; the default is to stay', () => {
    let s = activate(duel(), 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    s = dice(s, 6);
    s = act(s, 'austria', { type: 'choose', value: 'hold' });
    s = settlePrompts(s, {}, 'advance');
    expect(s.prompt?.kind).toBe('advance');
    const stay = act(s, 'prussia', { type: 'timeout' });
    expect(unit(stay, 'p1').hex).toBe('0506');
    const go = act(s, 'prussia', { type: 'choose', value: 'p1@0406' });
    expect(unit(go, 'p1').hex).toBe('0406');
    expect(unit(go, 'p1').facing).toBe(5);
  });
});

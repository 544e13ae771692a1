import { describe, expect, it } from 'vitest';
import { envFor } from '../../src/tactical/env.js';
import { arcHexes } from '../../src/tactical/hex.js';
import { frontHexes, stackOk, zocOf } from '../../src/tactical/rules/board.js';
import type { FixtureUnit } from './fixtures.js';
import { act, activate, battle, dice, nb, refused, unit } from './harness.js';

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
const near = { leaders: { 'pl-a': '0708', 'pl-b': '0708', 'al-a': '0202' } };

describe('2 facing and 3 stacking', () => {
  it('2: infantry has two front, two flank and two rear hexes; cavalry four front; artillery and infantry in a town six', () => {
    const s = battle(
      [
        P('p1', '0506'),
        P('c1', '0806', 5, { arm: 'cavalry', formation: 'p-b' }),
        P('g1', '0808', 5, { arm: 'artillery', formation: 'p-ind' }),
        P('t1', '0606', 5),
        A('a1', '0203'),
      ],
      {
        ...near,
        map: { terrain: { '0606': 'village' } },
      },
    );
    const env = envFor(s.map)!;
    expect(frontHexes(s, env, unit(s, 'p1')).sort()).toEqual(arcHexes('0506', 'infantry', 5).front.sort());
    expect(arcHexes('0506', 'infantry', 5).flank).toHaveLength(2);
    expect(frontHexes(s, env, unit(s, 'c1'))).toHaveLength(4);
    expect(frontHexes(s, env, unit(s, 'g1'))).toHaveLength(6);
    expect(frontHexes(s, env, unit(s, 't1'))).toHaveLength(6);
  });

  it('3: one unit a hex; infantry or dragoons with one battery; two batteries of at most four fire points', () => {
    const s = battle([
      P('p1', '0506'),
      P('p2', '0707'),
      P('c1', '0808', 5, { arm: 'cavalry' }),
      P('d1', '0810', 5, { arm: 'cavalry', flags: ['dragoon'] }),
      P('g1', '0909', 5, { arm: 'artillery' }),
      P('g2', '0911', 5, { arm: 'artillery', firePoints: 1 }),
      P('g3', '1009', 5, { arm: 'artillery' }),
      A('a1', '0203'),
    ]);
    const u = (id: string) => unit(s, id);
    expect(stackOk([u('p1'), u('p2')])).toBe(false);
    expect(stackOk([u('p1'), u('g1')])).toBe(true);
    expect(stackOk([u('c1'), u('g1')])).toBe(false);
    expect(stackOk([u('d1'), u('g1')])).toBe(true);
    expect(stackOk([u('g1'), u('g2')])).toBe(true);
    expect(stackOk([u('g1'), u('g3')])).toBe(false);
    expect(stackOk([u('p1'), u('g1'), u('g2')])).toBe(false);
  });

  it('3: a move into a hex whose stacking would be broken is refused', () => {
    let s = battle([P('p1', '0506'), P('p2', nb('0506', 5), 2), A('a1', '0202')], near);
    s = activate(s, 'prussia', ['p-a']);
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: nb('0506', 5) }, '3');
  });
});

describe('7 movement', () => {
  it('7.1: a unit moves only into the two hexes of its facing vertex, even cavalry', () => {
    let s = battle(
      [P('p1', '0506'), P('c1', '0808', 5, { arm: 'cavalry', formation: 'p-b' }), A('a1', '0202')],
      near,
    );
    s = activate(s, 'prussia', ['p-a', 'p-b']);
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: nb('0506', 1) }, '7.1');
    refused(s, 'prussia', { type: 'move', unit: 'c1', to: nb('0808', 4) }, '7.1');
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: nb('0506', 5) });
    expect(unit(s, 'p1').hex).toBe(nb('0506', 5));
  });

  it('7.1: terrain costs come from the Terrain Table and a unit may always move one hex', () => {
    const w1 = nb('0808', 5);
    const w2 = nb(w1, 5);
    let s = battle([P('p1', '0808'), P('p2', '0608', 5, { ma: 1 }), A('a1', '0202')], {
      ...near,
      map: { terrain: { [w1]: 'woods', [w2]: 'woods', [nb('0608', 0)]: 'marsh' } },
    });
    s = activate(s, 'prussia', ['p-a'], [1, 1]);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: w1 });
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: w2 });
    expect(s.activation!.mp.p1).toBe(4);
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: nb(w2, 5) }, '7.1');
    // p2 has MA 1: the marsh costs 3, yet a first move of one hex is always allowed.
    s = dice(s, 1);
    s = act(s, 'prussia', { type: 'move', unit: 'p2', to: nb('0608', 0) });
    expect(s.activation!.mp.p2).toBe(3);
  });

  it('7.1: moving uphill costs +1 MP, downhill nothing extra', () => {
    const up = nb('0808', 5);
    let s = battle([P('p1', '0808'), A('a1', '0202')], { ...near, map: { elevation: { [up]: 1 } } });
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: up });
    expect(s.activation!.mp.p1).toBe(2);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: nb(up, 5) });
    expect(s.activation!.mp.p1).toBe(3);
  });

  it('7.1: every prohibited move matches the Terrain Table (no cavalry into a churchyard, no guns into woods, no horse over abatis)', () => {
    const ch = nb('0808', 5);
    let s = battle(
      [
        P('c1', '0808', 5, { arm: 'cavalry' }),
        P('g1', '0611', 5, { arm: 'artillery' }),
        P('c2', '1006', 5, { arm: 'cavalry' }),
        A('a1', '0202'),
      ],
      {
        ...near,
        map: {
          terrain: { [ch]: 'churchyard', [nb('0611', 5)]: 'woods' },
          hexsides: [{ a: '1006', b: nb('1006', 5), features: ['abatis'] }],
        },
      },
    );
    s = activate(s, 'prussia', ['p-a']);
    expect(refused(s, 'prussia', { type: 'move', unit: 'c1', to: ch }, '7.1')).toContain('churchyard');
    refused(s, 'prussia', { type: 'move', unit: 'g1', to: nb('0611', 5) }, '7.1');
    refused(s, 'prussia', { type: 'move', unit: 'c2', to: nb('1006', 5) }, '7.1');
  });

  it('7.1: a unit finishes its move before another unit of the formation moves', () => {
    let s = battle([P('p1', '0808'), P('p2', '0811'), A('a1', '0202')], near);
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: nb('0808', 5) });
    s = act(s, 'prussia', { type: 'move', unit: 'p2', to: nb('0811', 5) });
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: nb(nb('0808', 5), 5) }, '7.1');
  });

  it('7.2: turning costs 1 MP a vertex; in an enemy ZOC 2 MP a vertex and a Facing check', () => {
    let s = battle([P('p1', '0808'), P('p2', '0506'), A('a1', '0306')], near);
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'face', unit: 'p1', facing: 3 });
    expect(s.activation!.mp.p1).toBe(2);
    // p2 at 0506 facing north: 0406/0407 are a1's front hexes, but p2's own hex is not in its ZOC; move in first.
    s = act(s, 'prussia', { type: 'move', unit: 'p2', to: '0406' });
    expect(s.activation!.mp.p2).toBe(4); // entering an enemy ZOC stops the unit
    let t = battle([P('p2', '0406', 0), A('a1', '0306')], near);
    t = activate(t, 'prussia', ['p-a'], [1]);
    // d6 1 + morale 4 = 5 <= 5: Disorganized, and the facing changes anyway.
    t = act(t, 'prussia', { type: 'face', unit: 'p2', facing: 5 });
    expect(t.activation!.mp.p2).toBe(2);
    expect(unit(t, 'p2').facing).toBe(5);
    expect(unit(t, 'p2').disorganized).toBe(true);
    t = dice(t, 2);
    t = act(t, 'prussia', { type: 'face', unit: 'p2', facing: 4 });
    expect(unit(t, 'p2').disorganized).toBe(true);
    expect(t.activation!.mp.p2).toBe(4);
  });

  it('7.3: withdrawal into a rear hex costs half the MA plus terrain and keeps the facing; then only facing changes', () => {
    let s = battle([P('p1', '0406', 5), A('a1', '0306')], near);
    s = activate(s, 'prussia', ['p-a'], [6]);
    const rear = nb('0406', 2);
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: nb('0406', 1) }, '7.3');
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: rear });
    expect(unit(s, 'p1').hex).toBe(rear);
    expect(unit(s, 'p1').facing).toBe(5);
    expect(s.activation!.mp.p1).toBe(2 + 1);
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: nb(rear, 2) }, '7.3');
  });
});

describe('6 zones of control', () => {
  it('6: leaders, artillery and routed units exert no ZOC; other units into their front hexes', () => {
    const s = battle(
      [P('p1', '0506'), P('g1', '0808', 5, { arm: 'artillery' }), P('r1', '1010'), A('a1', '0202')],
      near,
    );
    const r = structuredClone(s);
    r.units.find((u) => u.id === 'r1')!.routed = true;
    const z = zocOf(r, envFor(s.map)!, 'prussia');
    expect(z.has('0406') && z.has('0407')).toBe(true);
    expect([...z].some((h) => h === nb('0808', 5) || h === nb('1010', 5))).toBe(false);
  });

  it('6.1: no ZOC extends into woods or towns', () => {
    const s = battle([P('p1', '0506'), A('a1', '0202')], {
      ...near,
      map: { terrain: { '0406': 'woods', '0407': 'village' } },
    });
    const z = zocOf(s, envFor(s.map)!, 'prussia');
    expect(z.has('0406') || z.has('0407')).toBe(false);
  });

  it('6.1: entering an enemy ZOC stops the unit; leaving costs +1 MP; ZOC to ZOC is prohibited', () => {
    // a1 at 0306 facing south: ZOC in 0406 and 0407.
    let s = battle([P('p1', '0506', 5), A('a1', '0306'), A('a2', '0304')], near);
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: '0406' });
    refused(s, 'prussia', { type: 'face', unit: 'p1', facing: 4 }, '7.2');
    // From a ZOC hex, moving to another ZOC hex (a2 covers 0404/0405).
    let t = battle([P('p1', '0406', 0), A('a1', '0306'), A('a2', '0304')], near);
    t = activate(t, 'prussia', ['p-a']);
    refused(t, 'prussia', { type: 'move', unit: 'p1', to: '0405' }, '6.1');
    // Leaving into a free front hex costs the terrain + 1.
    let u = battle([P('p1', '0406', 1), A('a1', '0306')], near);
    u = activate(u, 'prussia', ['p-a']);
    u = act(u, 'prussia', { type: 'move', unit: 'p1', to: nb('0406', 2) });
    expect(u.activation!.mp.p1).toBe(2);
  });

  it('6.2: enemy flank and rear hexes never stop a move', () => {
    // a1 at 0306 facing WSW (vertex 3): 0406 is its flank hex, 0305 its rear hex.
    let s = battle([P('p1', '0506', 5), A('a1', '0306', 3)], near);
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: '0406' });
    expect(s.activation!.mp.p1).toBe(1);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: '0305' });
    expect(s.activation!.mp.p1).toBe(2);
  });
});

// Issue #16 (design 5.2; docs/rulings.md "Arrival hexsides"): strategic movement records the hexside
// each nationality's force entered a hex by; a campaign battle's generated field puts each army at
// the edge it came from (the seed decides only when nobody's arrival is known).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CombatForce } from '../../../src/engine/combat/types.js';
import { setup, useMap } from '../../../src/engine/index.js';
import { arrivalOf } from '../../../src/engine/rules/arrivals.js';
import type { GameState } from '../../../src/engine/types.js';
import { createRng } from '../../../src/kernel/index.js';
import { fieldContext, fieldEdges } from '../../../src/tactical/bridge/context.js';
import { generateField } from '../../../src/tactical/bridge/field.js';
import { createTacticalHost, type HostSession } from '../../../src/tactical/bridge/host.js';
import { baseState, leader, testMap } from '../../engine/combat-fixtures.js';
import { act, IDLE, ok, runTo, scenario, withMap } from '../../engine/helpers.js';

const fred = (hex: string, sp: number) => ({
  nationality: 'prussia' as const,
  hex,
  sp,
  leaders: [{ id: 'frederick', rank: 1 }],
});

function campaign(tactical: boolean, dice: number[] = [3]): GameState {
  return setup(scenario([fred('2010', 4), { nationality: 'austria', hex: '0231', sp: 1 }, ...IDLE]), 'test', {
    dice,
    ...(tactical ? { tactical: { mode: 'offer' as const } } : {}),
  });
}

describe('arrival hexsides in strategic movement (issue #16)', () => {
  beforeEach(() => {
    withMap();
  });

  it('5.3 / 5.32: every hex a marching force enters records the hex it came from, per nationality', () => {
    const s = ok(
      act(campaign(true), 'prussia', { type: 'march', leader: 'frederick', path: ['2011', '2012'] }),
    );
    expect(arrivalOf(s, '2011', 'prussia')).toBe('2010');
    expect(arrivalOf(s, '2012', 'prussia')).toBe('2011');
    expect(arrivalOf(s, '2012', 'austria')).toBeUndefined();
    // a later step of the same move overwrites nothing else; a new move into 2011 from 2012 overwrites
    const back = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }));
    expect(arrivalOf(back, '2011', 'prussia')).toBe('2012');
  });

  it("5.1: a record stands through the enemy's Player-Turn and is cleared when its side's next March Phase begins", () => {
    let s = ok(
      act(campaign(true, [3, 3, 3, 3]), 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }),
    );
    s = runTo(s, 'march', 'coalition');
    expect(arrivalOf(s, '2011', 'prussia')).toBe('2010');
    s = runTo(s, 'march', 'prussian-allied', 2);
    expect(arrivalOf(s, '2011', 'prussia')).toBeUndefined();
    expect(s.arrivedVia).toEqual({});
  });

  it('5.2: a force march of the non-phasing side records its arrival too, cleared at its own March Phase', () => {
    const s = setup(
      scenario([
        fred('2010', 6),
        { nationality: 'austria', hex: '1010', sp: 8, leaders: [{ id: 'daun', rank: 2 }] },
        ...IDLE,
      ]),
      'test',
      { dice: [1, 2], tactical: { mode: 'offer' } },
    );
    const fm = runTo(s, 'forcemarch', 'prussian-allied');
    let d = ok(act(fm, 'austria', { type: 'forcemarch', leader: 'daun', take: { sp: 8 } }));
    d = ok(act(d, 'austria', { type: 'march', leader: 'daun', path: ['1011'] }));
    expect(arrivalOf(d, '1011', 'austria')).toBe('1010');
    // the Prussian Combat Phase follows (a battle there would use it); the record is cleared only
    // when the coalition's own March Phase begins (5.1)
    expect(arrivalOf(runTo(d, 'march', 'coalition'), '1011', 'austria')).toBeUndefined();
  });

  it('a campaign without a tactical setting keeps no records (games begun before replay unchanged)', () => {
    const s = ok(act(campaign(false), 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }));
    expect(s.arrivedVia).toBeUndefined();
    expect('arrivedVia' in s).toBe(false);
  });

  it('determinism: the same moves give the same records', () => {
    const run = () =>
      JSON.stringify(
        ok(act(campaign(true), 'prussia', { type: 'march', leader: 'frederick', path: ['2011', '2012'] }))
          .arrivedVia,
      );
    expect(run()).toBe(run());
  });
});

// --- the field's edges ------------------------------------------------------------------------

const map = testMap({ size: 30 });
const withArrivals = (arrivedVia: GameState['arrivedVia']): GameState => ({
  ...baseState({
    forces: { '0505': { prussia: { out: 8, in: 0 }, austria: { out: 8, in: 0 } } },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1, defence: 1 }),
    },
  }),
  tactical: { mode: 'offer', minSp: 6 },
  ...(arrivedVia ? { arrivedVia } : {}),
});

describe('fieldEdges: each army at the edge it came from (design 5.2)', () => {
  beforeEach(() => useMap(map));
  afterEach(() => useMap(map));

  it('the attacker from the east gets the east edge, from the west the west edge; the defender the other', () => {
    // 0506 is east of 0505 (same row, next column), 0504 west; in row 06 (shifted east) 0605 is NE, 0604 NW.
    for (const [from, edge] of [
      ['0506', 'east'],
      ['0504', 'west'],
    ] as const) {
      const e = fieldEdges(withArrivals({ '0505': { prussia: from } }), map, '0505', 'prussian-allied', 0);
      expect(e).toEqual({ attacker: edge, defender: edge === 'east' ? 'west' : 'east', from: 'attacker' });
    }
    // diagonal hexsides: NE / SE count as east, NW / SW as west
    const ne = fieldEdges(withArrivals({ '0505': { austria: '0605' } }), map, '0505', 'coalition', 0);
    const nw = fieldEdges(withArrivals({ '0505': { austria: '0604' } }), map, '0505', 'coalition', 0);
    expect([ne.attacker, nw.attacker]).toEqual(['east', 'west']);
  });

  it('a defender that did not move takes the edge away from the attacker; the attacker decides when both moved', () => {
    const both = fieldEdges(
      withArrivals({ '0505': { prussia: '0506', austria: '0506' } }),
      map,
      '0505',
      'coalition',
      0,
    );
    expect(both).toEqual({ attacker: 'east', defender: 'west', from: 'attacker' });
    // only the defender's arrival is known: it holds that edge, the attacker the other
    const def = fieldEdges(withArrivals({ '0505': { prussia: '0504' } }), map, '0505', 'coalition', 0);
    expect(def).toEqual({ attacker: 'east', defender: 'west', from: 'defender' });
  });

  it('unknown arrivals (no record, an old game, a stale non-adjacent record) fall back to the seed', () => {
    for (const state of [withArrivals(undefined), withArrivals({ '0505': { prussia: '0909' } })]) {
      expect(fieldEdges(state, map, '0505', 'prussian-allied', 4)).toEqual({
        attacker: 'west',
        defender: 'east',
        from: 'seed',
      });
      expect(fieldEdges(state, map, '0505', 'prussian-allied', 5).attacker).toBe('east');
    }
  });

  it('the field generator puts the attacker at the edge it came from (attacker from the east: east edge)', () => {
    for (const [from, edge] of [
      ['0506', 'east'],
      ['0504', 'west'],
    ] as const)
      for (let seed = 0; seed < 6; seed++) {
        const state = withArrivals({ '0505': { austria: from } });
        const e = fieldEdges(state, map, '0505', 'coalition', seed);
        const f = generateField(
          fieldContext(map, {
            hex: '0505',
            winter: false,
            attacker: 'austria',
            attackerEdge: e.attacker,
            counters: { attacker: 12, defender: 12 },
          }),
          seed,
        );
        expect(f.map.data.edges.austria, `seed ${seed}`).toBe(edge);
      }
  });

  it("the campaign's tactical host draws the field with the edges from the arrival records, not the seed", () => {
    const force = (side: CombatForce['side'], nat: 'prussia' | 'austria', id: string): CombatForce => ({
      side,
      sp: { [nat]: 8 },
      leaders: [{ id, nationality: nat, rank: 1, initiative: 2, attack: 0, defence: 0 }],
      demoralized: false,
    });
    const seeds = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const state = withArrivals({ '0505': { austria: '0506' } });
      state.rng = createRng(i);
      const r = createTacticalHost().start(
        structuredClone(state),
        {
          hex: '0505',
          attacker: force('coalition', 'austria', 'daun'),
          defender: force('prussian-allied', 'prussia', 'fred'),
        },
        map,
        {},
      );
      if (!('session' in r)) throw new Error(JSON.stringify(r));
      const session = r.session as HostSession;
      if (session.field.kind !== 'generated') throw new Error('expected a generated field');
      expect(session.field.ctx.attackerEdge).toBe('east');
      seeds.add(session.field.seed);
      // the deployment step waits for both sides (design 5.4)
      expect(session.tac.phase).toBe('deployment');
    }
    expect(seeds.size).toBeGreaterThan(1); // different seeds (both parities likely), the same edge
  });
});

// Further case-named checks of movement, stacking and supply details (5.32-5.57, 7.x, 10.45,
// 11.17, 12.5).
import { beforeEach, describe, expect, it } from 'vitest';
import { engineMap } from '../../src/engine/index.js';
import { computeSupply } from '../../src/engine/rules/supply.js';
import { austrianZoc } from '../../src/engine/rules/zoc.js';
import { act, ok, rejected, start, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

const fred = (hex: string, sp: number) => ({
  nationality: 'prussia' as const,
  hex,
  sp,
  leaders: [{ id: 'frederick', rank: 1 }],
});

describe('5.3-5.5 details', () => {
  it('5.32: each hex entered spends Movement Points from the allowance', () => {
    const s = start([fred('2010', 4), { nationality: 'austria', hex: '0231', sp: 1 }], { dice: [2] });
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011', '2012'] }));
    expect(s2.movement.active[0]?.mpLeft).toBe(3);
  });

  it('5.33: each nationality is moved by its own seat, independently, in the same phase', () => {
    const s = start(
      [
        fred('2010', 4),
        { nationality: 'hanover', hex: '2013', sp: 3, leaders: [{ id: 'cumberland', rank: 1 }] },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    const a = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }));
    const b = ok(act(a, 'hanover', { type: 'march', leader: 'cumberland', path: ['2014'], take: { sp: 3 } }));
    // Prussia's force is still on the move: it may continue after Hanover acted.
    ok(act(b, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }));
  });

  it('5.38 / 10.45: depots never move with the force', () => {
    const s = start(
      [
        { ...fred('2010', 4), depot: true },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'], take: { sp: 4 } }));
    expect(s2.depots['2010']).toBeDefined();
    expect(s2.depots['2011']).toBeUndefined();
  });

  it('5.42 / 7.11: entering and leaving friendly-occupied hexes costs nothing extra', () => {
    const s = start(
      [
        fred('2010', 4),
        { nationality: 'hanover', hex: '2011', sp: 3 },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [1] },
    );
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011', '2012'] }));
    expect(s2.movement.active[0]?.mpLeft).toBe(2);
  });

  it('7.12: entering an enemy-occupied hex costs one more MP even when friendly units are there too', () => {
    const s = start(
      [
        fred('2010', 4),
        { nationality: 'prussia', hex: '2011', sp: 3 },
        { nationality: 'austria', hex: '2011', sp: 2 },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [1] },
    );
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }));
    expect(s2.movement.active[0]?.mpLeft).toBe(2);
  });

  it('5.52: terrain and leaders do not change an Overwhelming Attack (a mountain hex still needs only 400%)', () => {
    withMap({ terrain: { '2011': 'mountain' } });
    const s = start(
      [
        fred('2010', 8),
        { nationality: 'austria', hex: '2011', sp: 2, leaders: [{ id: 'daun', rank: 2 }] },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    const s2 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 8 },
        overwhelm: true,
      }),
    );
    expect(s2.leaders.daun?.status).toBe('captured');
  });

  it('5.53 B: after a failed attempt the force may stay in the enemy hex', () => {
    const s = start(
      [
        fred('2010', 4),
        { nationality: 'austria', hex: '2011', sp: 2 },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    const s2 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 4 },
        overwhelm: true,
      }),
    );
    const s3 = ok(act(s2, 'prussia', { type: 'halt' }));
    expect(s3.forces['2011']).toEqual({ prussia: { out: 4, in: 0 }, austria: { out: 2, in: 0 } });
  });

  it('5.55: an Overwhelming Attack costs no MP of its own, but the enemy hex still costs +1', () => {
    const s = start(
      [
        fred('2010', 12),
        { nationality: 'austria', hex: '2011', sp: 2 },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [1] },
    );
    const s2 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 12 },
        overwhelm: true,
      }),
    );
    expect(s2.movement.active[0]?.mpLeft).toBe(2);
  });

  it('5.57: an unsupplied force may still make an Overwhelming Attack', () => {
    const s = start(
      [
        fred('3014', 12),
        { nationality: 'austria', hex: '3015', sp: 2 },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    expect(computeSupply(s, engineMap(), 'prussian-allied').supplied.has('3014')).toBe(false);
    const s2 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['3015'],
        take: { sp: 12 },
        overwhelm: true,
      }),
    );
    expect(s2.ledger.prisoners['prussian-allied'].austria).toBe(2);
  });

  it('5.36: no force moves more than six MP in a phase, even in several actions', () => {
    const s = start([fred('2010', 4), { nationality: 'austria', hex: '0231', sp: 1 }], { dice: [6] });
    const a = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011', '2012', '2013'] }));
    const b = ok(act(a, 'prussia', { type: 'march', leader: 'frederick', path: ['2014', '2015', '2016'] }));
    rejected(act(b, 'prussia', { type: 'march', leader: 'frederick', path: ['2017'] }), '5.41');
  });
});

describe('stacking, morale and ZOC details', () => {
  it('7.0: never two depots in a hex', () => {
    const s = start([
      { nationality: 'prussia', hex: '1623', sp: 1 },
      { nationality: 'prussia', hex: '1624', sp: 12, depot: true },
      { nationality: 'prussia', hex: '1722', sp: 10 },
      { nationality: 'austria', hex: '0231', sp: 1 },
    ]);
    expect(s.phase).toBe('depot');
    rejected(act(s, 'prussia', { type: 'depot-build', hex: '1624' }), '10.44');
  });

  it('11.17: a depot with a demoralized force still supplies, and demoralized units may build depots', () => {
    const s = start([
      { nationality: 'prussia', hex: '1623', sp: 1 },
      { nationality: 'prussia', hex: '1627', sp: 12, depot: true },
      { nationality: 'prussia', hex: '1625', sp: 10 },
      { nationality: 'austria', hex: '0231', sp: 1 },
    ]);
    s.demoralized['prussian-allied'].push('1627', '1625');
    expect(computeSupply(s, engineMap(), 'prussian-allied').operativeDepots).toContain('1627');
    ok(act(s, 'prussia', { type: 'depot-build', hex: '1625' }));
  });

  it('12.5: Austrians inside a fortress exert no Zone of Control', () => {
    const s = start([
      { nationality: 'austria', hex: '1125', sp: 5, position: 'inside' },
      { nationality: 'prussia', hex: '3741', sp: 1 },
    ]);
    expect(austrianZoc(s, engineMap()).size).toBe(0);
  });
});

describe('10.46 during movement', () => {
  it('10.46: a force passing through a hex held only by an enemy depot captures it on the way', () => {
    const s = start(
      [
        fred('2010', 4),
        { nationality: 'austria', hex: '2011', sp: 0, depot: true },
        { nationality: 'austria', hex: '0231', sp: 1 },
      ],
      { dice: [3] },
    );
    const s2 = ok(
      act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011', '2012'], take: { sp: 4 } }),
    );
    expect(s2.depots['2011']?.owner).toBe('prussia');
  });
});

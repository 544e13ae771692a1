import { beforeEach, describe, expect, it } from 'vitest';
import { engineMap, legalActions } from '../../src/engine/index.js';
import { computeSupply } from '../../src/engine/rules/supply.js';
import { austrianZoc } from '../../src/engine/rules/zoc.js';
import { act, ok, rejected, runTo, start, withMap } from './helpers.js';

const U = (
  nationality: 'prussia' | 'austria' | 'france' | 'hanover',
  hex: string,
  sp: number,
  extra = {},
) => ({
  nationality,
  hex,
  sp,
  ...extra,
});

beforeEach(() => {
  withMap();
});

describe('10.2-10.3 supply paths', () => {
  it('10.31 example: Prague held inside by 1 Austrian SP, 10 Austrian and 15 Prussian SP outside, Dresden held by Prussia', () => {
    const s = start([
      U('austria', '1125', 1, { position: 'inside' }),
      U('austria', '1125', 10, { position: 'outside' }),
      U('prussia', '1125', 15),
      U('prussia', '1623', 1, { position: 'inside' }),
    ]);
    const map = engineMap();
    const coal = computeSupply(s, map, 'coalition');
    const pa = computeSupply(s, map, 'prussian-allied');
    // The Austrians are supplied in their source hex ...
    expect(coal.supplied.has('1125')).toBe(true);
    // ... but no path leaves the jointly occupied hex.
    expect(coal.supplied.size).toBe(1);
    // The Prussians are supplied from Dresden, five hexes away, into the Austrian-held hex.
    expect(pa.supplied.has('1125')).toBe(true);
    // 6.32: the Austrians in the enemy-occupied hex project no Zone of Control.
    expect(austrianZoc(s, map).size).toBe(0);
  });

  it('10.22: the source hex is not counted, the supplied hex is: 5 hexes Prussian-Allied, 4 Coalition', () => {
    const s = start([U('prussia', '1623', 1), U('austria', '1125', 1)]);
    const map = engineMap();
    const pa = computeSupply(s, map, 'prussian-allied');
    expect(pa.supplied.has('1628')).toBe(true); // 5 hexes east
    expect(pa.supplied.has('1629')).toBe(false); // 6
    const co = computeSupply(s, map, 'coalition');
    expect(co.supplied.has('1129')).toBe(true); // 4
    expect(co.supplied.has('1130')).toBe(false); // 5
  });

  it('10.11: a fortress supplies only with at least one friendly SP inside it', () => {
    const s = start([U('prussia', '1623', 5, { position: 'outside' }), U('austria', '0231', 1)]);
    const pa = computeSupply(s, engineMap(), 'prussian-allied');
    expect(pa.supplied.size).toBe(0);
  });

  it('10.31: a path enters but does not leave a hex holding an enemy combat unit', () => {
    // French units: no Zone of Control (6.0), so only 10.31 is at work.
    withMap({ terrain: { '1724': 'sea', '1524': 'sea', '1725': 'sea', '1525': 'sea' } });
    const s = start([U('prussia', '1623', 1), U('france', '1624', 2), U('austria', '0231', 1)]);
    const pa = computeSupply(s, engineMap(), 'prussian-allied');
    expect(pa.supplied.has('1624')).toBe(true);
    // The only way east runs through the French-held 1624: nothing beyond it is supplied.
    expect(pa.supplied.has('1625')).toBe(false);
  });

  it('10.33: leaders and depots do not block', () => {
    const s = start([
      U('prussia', '1623', 1),
      { nationality: 'austria', hex: '1624', sp: 0, leaders: [{ id: 'daun', rank: 2 }] },
      U('austria', '0231', 1),
    ]);
    const pa = computeSupply(s, engineMap(), 'prussian-allied');
    expect(pa.supplied.has('1628')).toBe(true);
  });

  it('10.32 / 6.1: a Prussian-Allied path enters but does not leave an Austrian Zone of Control', () => {
    // A wall of Austrians around row 14 blocks Dresden's paths southward beyond their ZOC.
    const s = start([U('prussia', '1623', 1), U('austria', '1423', 1), U('austria', '0231', 1)]);
    const map = engineMap();
    const zoc = austrianZoc(s, map);
    expect(zoc.has('1523')).toBe(true);
    const pa = computeSupply(s, map, 'prussian-allied');
    expect(pa.supplied.has('1523')).toBe(true); // into the ZOC
    // Dresden's southern neighbours 1523 and 1524 are both in the ZOC: no path goes on to 1423.
    expect(pa.supplied.has('1423')).toBe(false);
    // West of the ring the path runs freely.
    expect(pa.supplied.has('1522')).toBe(true);
  });

  it('6.11: a ZOC has no effect on movement; French units exert none', () => {
    const s = start(
      [
        { nationality: 'prussia', hex: '1623', sp: 4, leaders: [{ id: 'frederick', rank: 1 }] },
        U('austria', '1625', 1),
        U('france', '1723', 3),
      ],
      { dice: [3] },
    );
    expect(austrianZoc(s, engineMap()).has('1723')).toBe(false);
    ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1624', '1524', '1525'] }));
  });

  it('6.21: no ZOC across a mountain hexside without a pass, nor into sea; 6.33 none from inside a fortress', () => {
    withMap({ hexsides: [['1423', '1424', { kind: 'mountain' }]], terrain: { '1422': 'sea' } });
    const s = start([
      U('austria', '1423', 1),
      U('austria', '1125', 2, { position: 'inside' }),
      U('prussia', '3741', 1),
    ]);
    const zoc = austrianZoc(s, engineMap());
    expect(zoc.has('1424')).toBe(false);
    expect(zoc.has('1422')).toBe(false);
    expect(zoc.has('1524')).toBe(true);
    expect(zoc.has('1126')).toBe(false);
  });

  it('6.31: a ZOC does not extend into a hex occupied by Prussian-Allied units', () => {
    const s = start([U('austria', '1423', 1), U('prussia', '1424', 1), U('prussia', '3741', 1)]);
    expect(austrianZoc(s, engineMap()).has('1424')).toBe(false);
  });
});

describe('10.12 operative depots', () => {
  it('10.12: a depot network chained from a garrisoned fortress extends supply; without SP it is not operative', () => {
    const s = start([
      U('prussia', '1623', 1),
      U('prussia', '1628', 1, { depot: true }),
      U('prussia', '1633', 1, { depot: true }),
      U('austria', '0231', 1),
    ]);
    const pa = computeSupply(s, engineMap(), 'prussian-allied');
    expect(pa.operativeDepots).toEqual(['1628', '1633']);
    expect(pa.supplied.has('1638')).toBe(true);
    const bare = start([
      U('prussia', '1623', 1),
      U('hanover', '1628', 0, { depot: true }),
      U('austria', '0231', 1),
    ]);
    expect(computeSupply(bare, engineMap(), 'prussian-allied').operativeDepots).toEqual([]);
  });

  it('10.12 C / 10.22: a depot that joins the network measures the path length from itself, also over hexes already reached', () => {
    // Dresden (1623) reaches 1626 in three hexes and 1628 in five; once the manned depot at 1626
    // joins, paths start again from there (five more hexes: 1631), over hexes the fortress had reached.
    const s = start([
      U('prussia', '1623', 1),
      U('prussia', '1626', 1, { depot: true }),
      U('austria', '0231', 1),
    ]);
    const pa = computeSupply(s, engineMap(), 'prussian-allied');
    expect(pa.operativeDepots).toEqual(['1626']);
    expect(pa.supplied.has('1631')).toBe(true);
    expect(pa.supplied.has('1632')).toBe(false);
    const alone = computeSupply(
      start([U('prussia', '1623', 1), U('austria', '0231', 1)]),
      engineMap(),
      'prussian-allied',
    );
    expect(alone.supplied.has('1628')).toBe(true);
    expect(alone.supplied.has('1629')).toBe(false);
  });

  it('10.13: an Austrian-controlled depot supplies every Coalition nationality', () => {
    const s = start([
      U('austria', '1125', 1),
      U('austria', '1129', 1, { depot: true }),
      U('france', '1133', 4),
      U('prussia', '3741', 1),
    ]);
    expect(computeSupply(s, engineMap(), 'coalition').supplied.has('1133')).toBe(true);
  });
});

describe('10.4 depots', () => {
  const army = (extra = {}) => [
    U('prussia', '1623', 1),
    {
      nationality: 'prussia' as const,
      hex: '1624',
      sp: 12,
      leaders: [{ id: 'frederick', rank: 1 }],
      ...extra,
    },
    U('austria', '0231', 1),
  ];

  it('10.41-10.42: a depot is begun where ten friendly SP stand in a supplied hex, and completes next turn', () => {
    const s = start(army());
    expect(s.phase).toBe('depot');
    expect(s.pending).toEqual(['prussia']);
    const s2 = ok(act(s, 'prussia', { type: 'depot-build', hex: '1624' }));
    expect(s2.depots['1624']?.status).toBe('building');
    rejected(act(s2, 'prussia', { type: 'depot-build', hex: '1624' }), '10.44');
    const next = runTo(ok(act(s2, 'prussia', { type: 'done' })), 'march', 'prussian-allied', 2);
    expect(next.depots['1624']?.status).toBe('complete');
  });

  it('10.42: an unfinished depot is removed as soon as fewer than ten SP remain with it', () => {
    const s = start(army(), { dice: [6] });
    const s2 = ok(act(s, 'prussia', { type: 'depot-build', hex: '1624' }));
    const m = ok(act(s2, 'prussia', { type: 'done' }));
    expect(m.phase).toBe('march');
    const moved = ok(
      act(m, 'prussia', { type: 'march', leader: 'frederick', path: ['1625'], take: { sp: 3 } }),
    );
    expect(moved.depots['1624']).toBeUndefined();
  });

  it('10.42: the removal of an unfinished depot is public, its reason (fewer than ten SP) only its side’s', () => {
    const s = start(army(), { dice: [6] });
    const m = ok(
      act(ok(act(s, 'prussia', { type: 'depot-build', hex: '1624' })), 'prussia', { type: 'done' }),
    );
    const r = act(m, 'prussia', { type: 'march', leader: 'frederick', path: ['1625'], take: { sp: 3 } });
    if (!r.ok) throw new Error(r.error.message);
    const removed = r.events.filter((e) => e.kind.startsWith('depot-removed'));
    const pub = removed.filter((e) => e.vis.to === 'all');
    expect(pub.map((e) => e.text)).toEqual(['The unfinished depot at 1624 is removed.']);
    const reason = removed.find((e) => e.kind === 'depot-removed-reason');
    expect(reason?.vis).toEqual({ to: 'sides', sides: ['prussian-allied'] });
    expect(reason?.text).toMatch(/fewer than ten SP/);
  });

  it('10.42: fewer than ten SP, 10.43: an unsupplied hex, 10.44: a friendly garrisoned fortress', () => {
    const few = start([
      U('prussia', '1623', 1),
      U('prussia', '1624', 9),
      U('prussia', '1625', 10),
      U('prussia', '1640', 12),
      U('prussia', '1821', 12, { position: 'outside' }),
      U('prussia', '1821', 1, { position: 'inside' }),
      U('austria', '0231', 1),
    ]);
    rejected(act(few, 'prussia', { type: 'depot-build', hex: '1624' }), '10.42');
    rejected(act(few, 'prussia', { type: 'depot-build', hex: '1640' }), '10.43');
    rejected(act(few, 'prussia', { type: 'depot-build', hex: '1821' }), '10.44');
  });

  it('10.46: a completed depot left alone with enemy combat units is captured; 10.47: owners may destroy theirs', () => {
    const s = start(
      [
        U('prussia', '1623', 1),
        { nationality: 'prussia' as const, hex: '1624', sp: 12, leaders: [{ id: 'frederick', rank: 1 }] },
        U('austria', '1625', 0, { depot: true }),
        U('austria', '0231', 1),
      ],
      { dice: [6] },
    );
    const m = runTo(s, 'march');
    const s2 = ok(
      act(m, 'prussia', { type: 'march', leader: 'frederick', path: ['1625'], take: { sp: 12 } }),
    );
    expect(s2.depots['1625']?.owner).toBe('prussia');
    const s3 = ok(act(s2, 'prussia', { type: 'depot-destroy', hex: '1625' }));
    expect(s3.depots['1625']).toBeUndefined();
    rejected(act(m, 'prussia', { type: 'depot-destroy', hex: '1625' }), '10.47');
  });
});

describe('10.6 attrition and 16.3 winter', () => {
  it("10.61: one SP per unsupplied hex in the owner's Attrition Phase, whatever its size; 10.62 leaders never", () => {
    const s = start([
      U('prussia', '1623', 1),
      { nationality: 'austria', hex: '2040', sp: 20, leaders: [{ id: 'daun', rank: 2 }] },
      U('austria', '2045', 1),
      U('austria', '0231', 1),
    ]);
    const c = runTo(s, 'march', 'coalition');
    expect(c.forces['2040']?.austria?.out).toBe(19);
    expect(c.forces['2045']).toBeUndefined();
    expect(c.forces['0231']?.austria?.in).toBe(1);
    expect(c.ledger.eliminated.austria).toBe(2);
    expect(c.leaders.daun?.status).toBe('map');
  });

  it('16.31: in winter each force outside a fortress loses one SP more; garrisons in winter quarters do not', () => {
    const s = start(
      [
        U('prussia', '1623', 1),
        U('austria', '1125', 3, { position: 'inside' }),
        U('austria', '1126', 5),
        U('austria', '2040', 5),
      ],
      { extra: { firstTurn: 16 } },
    );
    const c = runTo(s, 'march', 'coalition');
    expect(c.forces['1125']?.austria).toEqual({ out: 0, in: 3 });
    expect(c.forces['1126']?.austria?.out).toBe(4); // supplied: winter only
    expect(c.forces['2040']?.austria?.out).toBe(3); // unsupplied and winter
  });

  it('16.23: the game ends at once when every combat unit is in winter quarters', () => {
    const s = start([U('prussia', '1623', 1), U('austria', '1125', 3)], {
      extra: { firstTurn: 16 },
      idle: false,
    });
    expect(s.over?.reason).toBe('winter-quarters');
  });

  it('16.22: units in winter quarters may not come out', () => {
    const s = start(
      [
        { nationality: 'prussia', hex: '1623', sp: 5, leaders: [{ id: 'frederick', rank: 1 }] },
        U('austria', '1125', 3),
        U('austria', '2040', 3),
      ],
      { extra: { firstTurn: 16 }, dice: [3] },
    );
    const m = runTo(s, 'march');
    rejected(act(m, 'prussia', { type: 'garrison', hex: '1623', direction: 'out', sp: 1 }), '16.22');
    ok(act(m, 'prussia', { type: 'garrison', hex: '1623', direction: 'in', sp: 4 }));
  });
});

describe('10.5 supply effect on leaders', () => {
  const leaderOut = (id: string, rank: number, hex: string, dice: number[]) =>
    start(
      [
        { nationality: 'austria', hex: '1125', sp: 2, position: 'inside' },
        { nationality: 'austria', hex, sp: 3, leaders: [{ id, rank }] },
        { nationality: 'prussia', hex: '1623', sp: 5, leaders: [{ id: 'frederick', rank: 1 }] },
      ],
      { dice },
    );

  it('10.52: an Initiative-0 leader in supply may not march out of supply', () => {
    // Serbelloni (Initiative 0) at 1127, two hexes from Prague: 1131 lies beyond the 4-hex paths.
    const s = runTo(leaderOut('serbelloni', 5, '1127', [1, 6]), 'march', 'coalition');
    rejected(
      act(s, 'austria', { type: 'march', leader: 'serbelloni', path: ['1128', '1129', '1130', '1131'] }),
      '10.52',
    );
    ok(act(s, 'austria', { type: 'march', leader: 'serbelloni', path: ['1128', '1129'] }));
  });

  it('10.53: an Initiative-1 leader who begins out of supply must end his move in supply when he can', () => {
    // Daun (Initiative 1, MA 3 + 1 = 4) at 1131, six hexes from Prague (paths of 4): 1129 is supplied.
    const s = runTo(leaderOut('daun', 2, '1131', [1, 3]), 'march', 'coalition');
    expect(s.movement.mustResupply).toContain('daun');
    rejected(act(s, 'austria', { type: 'done' }), '10.53');
    // 10.61: the unsupplied force lost one SP in the Coalition Attrition Phase: 2 remain.
    const east = ok(act(s, 'austria', { type: 'march', leader: 'daun', path: ['1132'], take: { sp: 2 } }));
    rejected(act(east, 'austria', { type: 'halt' }), '10.53');
    const back = ok(act(east, 'austria', { type: 'march', leader: 'daun', path: ['1131', '1130', '1129'] }));
    ok(act(back, 'austria', { type: 'done' }));
  });

  it('10.53 / 11.12: the moves offered to an obliged demoralized force are accepted, and done only once it moved', () => {
    // Daun and Harsch out of supply at 1131 with a demoralized force (11.13: Initiative 0; it moves
    // whole under Daun, 11.12).
    const s = runTo(
      start(
        [
          { nationality: 'austria', hex: '1125', sp: 2, position: 'inside' },
          {
            nationality: 'austria',
            hex: '1131',
            sp: 6,
            leaders: [
              { id: 'daun', rank: 2 },
              { id: 'harsch', rank: 4 },
            ],
          },
          { nationality: 'prussia', hex: '1623', sp: 5, leaders: [{ id: 'frederick', rank: 1 }] },
        ],
        { dice: [1, 3] },
      ),
      'march',
      'coalition',
    );
    s.demoralized.coalition = ['1131'];
    const legal = legalActions(s, 'austria');
    expect(legal).not.toContainEqual({ type: 'done' });
    const marches = legal.filter((a) => a.type === 'march' && a.leader === 'daun');
    expect(marches.length).toBeGreaterThan(0);
    for (const a of marches) {
      expect(a).not.toHaveProperty('take');
      const t = ok(act(s, 'austria', a));
      expect(legalActions(t, 'austria')).toContainEqual({ type: 'done' });
      ok(act(t, 'austria', { type: 'done' }));
    }
  });

  it('10.53 / 5.34: an obliged leader may not be released by moving a lower-ranked leader first', () => {
    // Daun (#2, Initiative 1) out of supply at 1131 can reach supply; Harsch (#6) waits in Prague.
    const s = runTo(
      start(
        [
          { nationality: 'austria', hex: '1125', sp: 2, position: 'inside' },
          {
            nationality: 'austria',
            hex: '1125',
            sp: 2,
            leaders: [{ id: 'harsch', rank: 6 }],
            position: 'outside',
          },
          { nationality: 'austria', hex: '1131', sp: 3, leaders: [{ id: 'daun', rank: 2 }] },
          { nationality: 'prussia', hex: '1623', sp: 5, leaders: [{ id: 'frederick', rank: 1 }] },
        ],
        { dice: [1, 3] },
      ),
      'march',
      'coalition',
    );
    expect(s.movement.mustResupply).toContain('daun');
    rejected(act(s, 'austria', { type: 'march', leader: 'harsch', path: ['1124'] }), '10.53');
    expect(legalActions(s, 'austria').some((a) => a.type === 'march' && a.leader === 'harsch')).toBe(false);
    // Once Daun has moved back into supply, Harsch moves as usual.
    const back = ok(
      act(s, 'austria', { type: 'march', leader: 'daun', path: ['1130', '1129'], take: { sp: 2 } }),
    );
    ok(act(back, 'austria', { type: 'march', leader: 'harsch', path: ['1124'] }));
  });

  it('10.52-10.53: with no supplied hex in reach, the leader must end as near the nearest source as he can', () => {
    // Daun at 1140, fifteen hexes from Prague: with 4 MP he must end four hexes nearer (1136).
    const s = runTo(leaderOut('daun', 2, '1140', [1, 3]), 'march', 'coalition');
    rejected(act(s, 'austria', { type: 'done' }), '10.53');
    const part = ok(act(s, 'austria', { type: 'march', leader: 'daun', path: ['1139', '1138'] }));
    rejected(act(part, 'austria', { type: 'halt' }), '10.53');
    const there = ok(act(part, 'austria', { type: 'march', leader: 'daun', path: ['1137', '1136'] }));
    ok(act(there, 'austria', { type: 'done' }));
  });
});

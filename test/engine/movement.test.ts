import { beforeEach, describe, expect, it } from 'vitest';
import { legalActions } from '../../src/engine/index.js';
import { act, ok, rejected, runTo, start, withMap } from './helpers.js';

const P = (hex: string, sp: number, leaders: Array<[string, number]> = [], extra = {}) => ({
  nationality: 'prussia' as const,
  hex,
  sp,
  leaders: leaders.map(([id, rank]) => ({ id, rank })),
  ...extra,
});
const A = (hex: string, sp: number, leaders: Array<[string, number]> = [], extra = {}) => ({
  nationality: 'austria' as const,
  hex,
  sp,
  leaders: leaders.map(([id, rank]) => ({ id, rank })),
  ...extra,
});

beforeEach(() => {
  withMap();
});

describe('5.1 March Phase movement', () => {
  it('5.1: Frederick (Initiative 3) with a roll of 4 has 6 MP, not 7', () => {
    const s = start([P('2010', 12, [['frederick', 1]]), A('0231', 2)], { dice: [4] });
    expect(s.phase).toBe('march');
    expect(s.movement.roll).toBe(4);
    const six = ['2011', '2012', '2013', '2014', '2015', '2016'];
    const r = act(s, 'prussia', { type: 'march', leader: 'frederick', path: six, take: { sp: 12 } });
    const s2 = ok(r);
    expect(s2.leaders.frederick?.hex).toBe('2016');
    expect(s2.forces['2016']?.prussia?.out).toBe(12);
    rejected(act(s, 'prussia', { type: 'march', leader: 'frederick', path: [...six, '2017'] }), '5.41');
  });

  it('5.1: one roll per phase serves every leader (MA = die + own Initiative)', () => {
    const s = start([P('2010', 4, [['frederick', 1]]), P('1010', 4, [['lehwaldt', 8]]), A('0231', 2)], {
      dice: [2],
    });
    // Lehwaldt (Initiative 1): 2 + 1 = 3 MP.
    rejected(
      act(s, 'prussia', { type: 'march', leader: 'lehwaldt', path: ['1011', '1012', '1013', '1014'] }),
      '5.41',
    );
    ok(act(s, 'prussia', { type: 'march', leader: 'lehwaldt', path: ['1011', '1012', '1013'] }));
  });

  it('16.11: in winter every Movement Allowance is one less', () => {
    const s = start([P('2010', 4, [['frederick', 1]]), A('0231', 2)], {
      dice: [4],
      extra: { firstTurn: 16 },
    });
    expect(s.turn).toBe(16);
    rejected(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011', '2012', '2013', '2014', '2015', '2016'],
      }),
      '5.41',
    );
    ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011', '2012', '2013', '2014', '2015'],
      }),
    );
  });
});

describe('5.4 movement costs and prohibitions', () => {
  it('5.41: clear + river + enemy-occupied costs 3 MP', () => {
    withMap({ hexsides: [['2010', '2011', { kind: 'river', river: 'Elbe' }]] });
    // Roll 1 + Frederick's 3 = 4 MP.
    const s = start([P('2010', 6, [['frederick', 1]]), A('2011', 3)], { dice: [1] });
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'], take: { sp: 6 } }));
    expect(s2.movement.active[0]?.mpLeft).toBe(1);
    ok(act(s2, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }));
    rejected(act(s2, 'prussia', { type: 'march', leader: 'frederick', path: ['2012', '2013'] }), '5.41');
  });

  it('5.43: no extra cost to leave an enemy-occupied hex; 12.24 enemy inside a fortress still costs +1', () => {
    // 1623 Dresden garrisoned by Austrians only inside.
    const s = start([P('1622', 6, [['frederick', 1]]), A('1623', 2, [], { position: 'inside' })], {
      dice: [1],
    });
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1623'] }));
    expect(s2.movement.active[0]?.mpLeft).toBe(2);
  });

  it('5.45: a mountain hexside without a pass is impassable; with a pass it costs +1', () => {
    withMap({
      hexsides: [
        ['2010', '2011', { kind: 'mountain' }],
        ['2010', '2009', { kind: 'mountain' }],
        ['2010', '2009', { kind: 'pass', name: 'Nollendorf' }],
      ],
    });
    const s = start([P('2010', 6, [['frederick', 1]]), A('0231', 2)], { dice: [1] });
    rejected(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }), '5.45');
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2009'] }));
    expect(s2.movement.active[0]?.mpLeft).toBe(2);
  });

  it('5.45: sea and lake hexes or hexsides are never entered; 5.44: never off the map', () => {
    withMap({ terrain: { '2011': 'sea' }, hexsides: [['2010', '2009', { kind: 'lake' }]] });
    const s = start([P('2010', 6, [['frederick', 1]]), A('0231', 2)], { dice: [6] });
    rejected(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }), '5.45');
    rejected(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2009'] }), '5.45');
    const edge = start([P('0101', 6, [['frederick', 1]]), A('0231', 2)], { dice: [6] });
    rejected(act(edge, 'prussia', { type: 'march', leader: 'frederick', path: ['0100'] }), '5.44');
  });
});

describe('5.3 how to move units', () => {
  it('5.35: a leader picks up and drops SP anywhere along its path at no MP cost', () => {
    const s = start([P('2010', 6, [['frederick', 1]]), P('2012', 5), A('0231', 2)], { dice: [3] });
    const s2 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011', '2012', '2013'],
        take: { sp: 6 },
        stops: [
          { hex: '2011', drop: { sp: 2 } },
          { hex: '2012', pick: { sp: 5 } },
        ],
      }),
    );
    expect(s2.forces['2011']?.prussia?.out).toBe(2);
    expect(s2.forces['2012']).toBeUndefined();
    expect(s2.forces['2013']?.prussia?.out).toBe(9);
  });

  it('5.36: SP moved by one leader may not be moved again by another in the same phase', () => {
    const s = start(
      [
        P('2010', 6, [
          ['frederick', 1],
          ['keith', 5],
        ]),
        A('0231', 2),
      ],
      { dice: [3] },
    );
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'], take: { sp: 6 } }));
    const s3 = ok(act(s2, 'prussia', { type: 'halt' }));
    // Keith cannot pick the moved SP up.
    const k = ok(act(s3, 'prussia', { type: 'march', leader: 'keith', path: ['2011'] }));
    rejected(act(k, 'prussia', { type: 'march', leader: 'keith', path: ['2012'], take: { sp: 1 } }), '5.36');
    // Frederick, once halted, may not move again.
    rejected(act(s3, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }), '5.36');
  });

  it('5.36 / 3.2: moved SP that enter a fortress do not hold back the unmoved garrison', () => {
    // Dresden (1623): 3 unmoved SP inside, Keith outside; Frederick marches 3 SP in from 1622.
    const s = start(
      [
        P('1622', 3, [['frederick', 1]]),
        P('1623', 3, [], { position: 'inside' }),
        P('1623', 0, [['keith', 5]], { position: 'outside' }),
        A('0231', 2),
      ],
      { dice: [3] },
    );
    expect(s.forces['1623']?.prussia).toEqual({ out: 0, in: 3 });
    let t = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1623'], take: { sp: 3 } }));
    t = ok(
      act(t, 'prussia', { type: 'garrison', hex: '1623', direction: 'in', sp: 3, leaders: ['frederick'] }),
    );
    // SP are interchangeable (3.2): two of the three unmoved SP may come out and leave with Keith.
    t = ok(act(t, 'prussia', { type: 'garrison', hex: '1623', direction: 'out', sp: 2 }));
    t = ok(act(t, 'prussia', { type: 'march', leader: 'keith', path: ['1624'], take: { sp: 2 } }));
    expect(t.forces['1624']?.prussia?.out).toBe(2);
    expect(t.forces['1623']?.prussia).toEqual({ out: 0, in: 4 });
    // Only moving the same SP twice is barred: the third SP out is one that already moved.
    t = ok(act(t, 'prussia', { type: 'halt' }));
    const u = ok(
      act(t, 'prussia', { type: 'garrison', hex: '1623', direction: 'out', sp: 4, leaders: ['frederick'] }),
    );
    rejected(
      act(u, 'prussia', { type: 'march', leader: 'frederick', path: ['1622'], take: { sp: 1 } }),
      '5.36',
    );
  });

  it('5.36: a leader carried by another loses his own move this phase', () => {
    const s = start(
      [
        P('2010', 6, [
          ['frederick', 1],
          ['keith', 5],
        ]),
        A('0231', 2),
      ],
      { dice: [3] },
    );
    const s2 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 6, leaders: ['keith'] },
      }),
    );
    expect(s2.leaders.keith?.hex).toBe('2011');
    rejected(act(s2, 'prussia', { type: 'march', leader: 'keith', path: ['2012'] }), '5.36');
  });

  it('5.34: moving a lower-ranked leader first bypasses the higher-ranked one for the phase', () => {
    const s = start([P('2010', 6, [['frederick', 1]]), P('1010', 6, [['keith', 5]]), A('0231', 2)], {
      dice: [3],
    });
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'keith', path: ['1011'] }));
    expect(s2.movement.bypassed).toContain('frederick');
    rejected(act(s2, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }), '5.34');
    expect(legalActions(s2, 'prussia').some((a) => a.type === 'march' && a.leader === 'frederick')).toBe(
      false,
    );
  });

  it('5.37: a subordinate may not take command of more SP than the supreme commander (not Prussia)', () => {
    const s = start(
      [
        A('1010', 10, [
          ['charles', 1],
          ['browne', 3],
        ]),
        P('3741', 2),
      ],
      { dice: [6, 6], extra: { firstTurn: 1 } },
    );
    const c = runTo(s, 'march', 'coalition');
    // Out of supply, the 10 SP lost one in the Coalition Attrition Phase (10.61): 9 remain.
    expect(c.forces['1010']?.austria?.out).toBe(9);
    // Browne leaving with 5 of 9 SP would command 5 against Charles' 4.
    rejected(act(c, 'austria', { type: 'march', leader: 'browne', path: ['1011'], take: { sp: 5 } }), '5.37');
    ok(act(c, 'austria', { type: 'march', leader: 'browne', path: ['1011'], take: { sp: 4 } }));
  });

  it('5.37 / 11.12: a demoralized force that already outnumbers the supreme commander moves whole; every march offered is accepted', () => {
    const s = start(
      [
        A('1010', 9, [['charles', 1]]),
        A('1020', 13, [
          ['arenberg', 8],
          ['koenigsegg', 9],
        ]),
        P('3741', 2),
      ],
      { dice: [6, 6, 6, 6], extra: { firstTurn: 1 } },
    );
    const c = runTo(s, 'march', 'coalition');
    c.forces['1010'] = { austria: { out: 9, in: 0 } };
    c.forces['1020'] = { austria: { out: 13, in: 0 } };
    c.demoralized.coalition = ['1020'];
    // Moving the same 13 SP under the same commander is no reorganisation (5.37).
    const moved = ok(act(c, 'austria', { type: 'march', leader: 'arenberg', path: ['1021'] }));
    expect(moved.forces['1021']?.austria?.out).toBe(13);
    const offered = legalActions(c, 'austria').filter((a) => a.type === 'march' && a.leader === 'arenberg');
    expect(offered.length).toBeGreaterThan(0);
    for (const a of offered) ok(act(c, 'austria', a));
  });

  it('5.37: a leader may not leave a lower-ranked leader in command of more SP than the supreme commander', () => {
    const s = start(
      [
        A('1010', 9, [['charles', 1]]),
        A('1020', 13, [
          ['arenberg', 8],
          ['koenigsegg', 9],
        ]),
        P('3741', 2),
      ],
      { dice: [6, 6, 6, 6], extra: { firstTurn: 1 } },
    );
    const c = runTo(s, 'march', 'coalition');
    c.forces['1010'] = { austria: { out: 9, in: 0 } };
    c.forces['1020'] = { austria: { out: 13, in: 0 } };
    rejected(act(c, 'austria', { type: 'march', leader: 'arenberg', path: ['1021'] }), '5.37');
    ok(act(c, 'austria', { type: 'march', leader: 'arenberg', path: ['1021'], take: { sp: 4 } }));
    const offered = legalActions(c, 'austria').filter((a) => a.type === 'march' && a.leader === 'arenberg');
    expect(offered.length).toBeGreaterThan(0);
    for (const a of offered) ok(act(c, 'austria', a));
  });

  it('5.37 exception: the Prussian army is exempt', () => {
    const s = start(
      [
        P('2010', 10, [
          ['frederick', 1],
          ['keith', 5],
        ]),
        A('0231', 2),
      ],
      { dice: [3] },
    );
    ok(act(s, 'prussia', { type: 'march', leader: 'keith', path: ['2011'], take: { sp: 9 } }));
  });

  it('8.22: a seat may only move its own leaders', () => {
    const s = start(
      [
        P('2010', 6, [['frederick', 1]]),
        { nationality: 'hanover', hex: '2013', sp: 3, leaders: [{ id: 'cumberland', rank: 1 }] },
        A('0231', 2),
      ],
      { dice: [3] },
    );
    rejected(act(s, 'hanover', { type: 'march', leader: 'frederick', path: ['2011'] }), '8.22');
  });

  it('5.31: the non-phasing side cannot move in the March Phase', () => {
    const s = start([P('2010', 6, [['frederick', 1]]), A('1010', 4, [['daun', 2]])], { dice: [3] });
    rejected(act(s, 'austria', { type: 'march', leader: 'daun', path: ['1011'] }), '4.1');
  });
});

describe('5.2 force march', () => {
  it('5.2: one die per force; MA = die + Initiative capped at 6; a sum of 6+ costs one SP', () => {
    const s = start([P('2010', 6, [['frederick', 1]]), A('1010', 8, [['daun', 2]])], { dice: [1, 5] });
    const fm = runTo(s, 'forcemarch', 'prussian-allied');
    expect(fm.pending).toEqual(['austria']);
    // Daun: Initiative 1, die 5 -> 6: 6 MP and one SP lost.
    const d = ok(act(fm, 'austria', { type: 'forcemarch', leader: 'daun', take: { sp: 8 } }));
    expect(d.movement.active[0]?.mpLeft).toBe(6);
    expect(d.forces['1010']?.austria?.out).toBe(7);
    expect(d.ledger.eliminated.austria).toBe(1);
    const d2 = ok(act(d, 'austria', { type: 'march', leader: 'daun', path: ['1011', '1012'] }));
    expect(d2.forces['1012']?.austria?.out).toBe(7);
  });

  it('5.2: a sum under 6 costs nothing', () => {
    const s = start([P('2010', 6, [['frederick', 1]]), A('1010', 8, [['daun', 2]])], { dice: [1, 2] });
    const fm = runTo(s, 'forcemarch', 'prussian-allied');
    const d = ok(act(fm, 'austria', { type: 'forcemarch', leader: 'daun', take: { sp: 8 } }));
    expect(d.movement.active[0]?.mpLeft).toBe(3);
    expect(d.ledger.eliminated.austria).toBeUndefined();
  });

  it('5.2: a force must be declared (die rolled) before it moves', () => {
    const s = start([P('2010', 6, [['frederick', 1]]), A('1010', 8, [['daun', 2]])], { dice: [1, 2] });
    const fm = runTo(s, 'forcemarch', 'prussian-allied');
    rejected(act(fm, 'austria', { type: 'march', leader: 'daun', path: ['1011'] }), '5.2');
  });

  it('11.18: a demoralized force may not force march', () => {
    const s = start([P('2010', 6, [['frederick', 1]]), A('1010', 8, [['daun', 2]])], { dice: [1, 1] });
    const fm = runTo(s, 'forcemarch', 'prussian-allied');
    fm.demoralized.coalition.push('1010');
    rejected(act(fm, 'austria', { type: 'forcemarch', leader: 'daun' }), '11.18');
  });
});

describe('5.5 Overwhelming Attack', () => {
  it('5.5: at 400% the whole stationary force (SP, leaders, depot) is captured and the mover continues', () => {
    const s = start(
      [P('2010', 12, [['frederick', 1]]), A('2011', 3, [['nadasy', 7]], { depot: true }), A('0231', 2)],
      { dice: [3] },
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
    expect(s2.forces['2011']?.austria).toBeUndefined();
    expect(s2.ledger.prisoners['prussian-allied'].austria).toBe(3);
    expect(s2.leaders.nadasy?.status).toBe('captured');
    expect(s2.depots['2011']?.owner).toBe('prussia');
    ok(act(s2, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }));
  });

  it('5.51: below 400% nothing happens and the stationary strength is not revealed', () => {
    const s = start([P('2010', 11, [['frederick', 1]]), A('2011', 3), A('0231', 2)], { dice: [3] });
    const r = act(s, 'prussia', {
      type: 'march',
      leader: 'frederick',
      path: ['2011'],
      take: { sp: 11 },
      overwhelm: true,
    });
    const s2 = ok(r);
    expect(s2.forces['2011']?.austria?.out).toBe(3);
    if (r.ok) {
      const failed = r.events.find((e) => e.kind === 'overwhelm-failed');
      expect(failed?.text).not.toContain('3');
      expect(failed?.data).not.toHaveProperty('stationary');
    }
    // 5.53 A: the force may continue.
    ok(act(s2, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }));
  });

  it('5.58: one attempt per force per hex', () => {
    const s = start([P('2010', 11, [['frederick', 1]]), A('2011', 3), A('0231', 2)], { dice: [3] });
    const s2 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 11 },
        overwhelm: true,
      }),
    );
    rejected(act(s2, 'prussia', { type: 'march', leader: 'frederick', path: [], overwhelm: true }), '5.58');
    // Nor is a second attempt listed after stepping out and back (the autopilot picks from the list).
    const s3 = ok(act(s2, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }));
    const back = legalActions(s3, 'prussia').filter(
      (a) => a.type === 'march' && a.leader === 'frederick' && a.path.at(-1) === '2011',
    );
    expect(back.length).toBeGreaterThan(0);
    expect(back.some((a) => a.type === 'march' && a.overwhelm)).toBe(false);
  });

  it('5.54: a force entering an enemy hex across a pass may not leave it unless its OA succeeds', () => {
    withMap({
      hexsides: [
        ['2010', '2011', { kind: 'mountain' }],
        ['2010', '2011', { kind: 'pass' }],
      ],
    });
    const s = start([P('2010', 8, [['frederick', 1]]), A('2011', 3), A('0231', 2)], { dice: [3] });
    const s2 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 8 },
        overwhelm: true,
      }),
    );
    rejected(act(s2, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }), '5.54');
    // A failed attempt obliges the force to attack in the next Combat Phase.
    const halted = ok(act(s2, 'prussia', { type: 'halt' }));
    expect(halted.movement.mustAttack).toEqual([{ hex: '2011', side: 'prussian-allied' }]);
    const s3 = ok(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 8 },
        overwhelm: false,
      }),
    );
    rejected(act(s3, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }), '5.54');
    const big = start([P('2010', 12, [['frederick', 1]]), A('2011', 3), A('0231', 2)], { dice: [3] });
    const b2 = ok(
      act(big, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['2011'],
        take: { sp: 12 },
        overwhelm: true,
      }),
    );
    ok(act(b2, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }));
  });

  it('12.32: units inside a fortress cannot be overwhelmed', () => {
    const s = start([P('1622', 12, [['frederick', 1]]), A('1623', 2, [], { position: 'inside' })], {
      dice: [3],
    });
    rejected(
      act(s, 'prussia', {
        type: 'march',
        leader: 'frederick',
        path: ['1623'],
        take: { sp: 12 },
        overwhelm: true,
      }),
      '12.32',
    );
  });
});

describe('8.31 capture of lone leaders', () => {
  it('8.31: a leader alone outside a fortress is captured when an enemy combat unit enters', () => {
    const s = start([P('2010', 2, [['frederick', 1]]), A('2011', 0, [['daun', 2]]), A('0231', 2)], {
      dice: [3],
    });
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'], take: { sp: 1 } }));
    expect(s2.leaders.daun?.status).toBe('captured');
    expect(s2.ledger.prisonerLeaders['prussian-allied']).toContain('daun');
  });

  it('8.31: a leader moving alone does not capture', () => {
    const s = start([P('2010', 2, [['frederick', 1]]), A('2011', 0, [['daun', 2]]), A('0231', 2)], {
      dice: [3],
    });
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }));
    expect(s2.leaders.daun?.status).toBe('map');
  });
});

describe('legal actions for movement', () => {
  it('legalActions lists one march per reachable destination and every listed march applies', () => {
    const s = start([P('2010', 6, [['frederick', 1]]), A('2012', 2), A('0231', 2)], { dice: [1] });
    const acts = legalActions(s, 'prussia');
    const marches = acts.filter((a) => a.type === 'march');
    expect(marches.length).toBeGreaterThan(10);
    expect(acts.at(-1)).toEqual({ type: 'done' });
    for (const a of marches) expect(act(s, 'prussia', a).ok).toBe(true);
    // 4 MP: 2014 is 4 hexes away but behind the enemy hex? reachable around it.
    expect(
      marches.some((a) => a.type === 'march' && (a.path as string[]).at(-1) === '2012' && a.overwhelm),
    ).toBe(true);
  });
});

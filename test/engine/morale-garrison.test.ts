import { beforeEach, describe, expect, it } from 'vitest';
import { act, ok, rejected, runTo, start, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

describe('11 morale', () => {
  const setupDemoralized = (dice: number[]) => {
    const s = start(
      [
        { nationality: 'prussia', hex: '1623', sp: 1 },
        { nationality: 'prussia', hex: '1624', sp: 6, leaders: [{ id: 'frederick', rank: 1 }] },
        { nationality: 'hanover', hex: '1624', sp: 2, leaders: [{ id: 'cumberland', rank: 1 }] },
        { nationality: 'austria', hex: '1125', sp: 3 },
        { nationality: 'austria', hex: '1424', sp: 3, leaders: [{ id: 'daun', rank: 2 }] },
      ],
      { dice },
    );
    return s;
  };

  it('11.2: die + printed Initiative of 7 or more recovers in the Morale Recovery Phase', () => {
    // Turn 1 PA march roll (6), then we demoralize and play on to turn 2 PA morale: die 4 + 3 = 7.
    let s = setupDemoralized([6]);
    s.demoralized['prussian-allied'].push('1624');
    s = runTo(s, 'march', 'coalition');
    s.rng.forced = [4];
    // the coalition march roll was already taken; the next die is the PA morale roll on turn 2.
    s = runTo(s, 'march', 'prussian-allied', 2);
    expect(s.demoralized['prussian-allied']).toEqual([]);
  });

  it('11.2: below 7 the force stays demoralized', () => {
    let s = setupDemoralized([6]);
    s.demoralized['prussian-allied'].push('1624');
    s = runTo(s, 'march', 'coalition');
    s.rng.forced = [3];
    s = runTo(s, 'march', 'prussian-allied', 2);
    expect(s.demoralized['prussian-allied']).toEqual(['1624']);
  });

  it('11.12 / 11.16: a demoralized force moves whole under its commander, whatever the nationality', () => {
    const s = setupDemoralized([6]);
    s.demoralized['prussian-allied'].push('1624');
    rejected(act(s, 'hanover', { type: 'march', leader: 'cumberland', path: ['1625'] }), '11.12');
    const s2 = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1625'] }));
    expect(s2.forces['1625']).toEqual({ prussia: { out: 6, in: 0 }, hanover: { out: 2, in: 0 } });
    expect(s2.leaders.cumberland?.hex).toBe('1625');
    expect(s2.demoralized['prussian-allied']).toEqual(['1625']);
  });

  it('11.12: a demoralized force told to take only part of its SP is refused, not moved whole', () => {
    const s = setupDemoralized([6]);
    s.demoralized['prussian-allied'].push('1624');
    const part = act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1625'], take: { sp: 2 } });
    rejected(part, '11.12');
    if (!part.ok) expect(part.error.message).toMatch(/6/);
    // Naming the whole force (or nothing) moves it.
    const whole = ok(
      act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1625'], take: { sp: 6 } }),
    );
    expect(whole.forces['1625']).toEqual({ prussia: { out: 6, in: 0 }, hanover: { out: 2, in: 0 } });
  });

  it('11.13: a demoralized leader moves with Initiative 0', () => {
    const s = setupDemoralized([2]);
    s.demoralized['prussian-allied'].push('1624');
    // roll 2 + 0 = 2 MP (not 5).
    rejected(
      act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1625', '1626', '1627'] }),
      '5.41',
    );
  });

  it('11.14: a demoralized force may not enter an enemy-occupied hex', () => {
    const s = setupDemoralized([6]);
    s.demoralized['prussian-allied'].push('1624');
    rejected(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1524', '1424'] }), '11.14');
  });

  it('11.15: units joining a demoralized friendly stack become demoralized', () => {
    const s = start(
      [
        { nationality: 'prussia', hex: '1623', sp: 1 },
        { nationality: 'prussia', hex: '1624', sp: 6, leaders: [{ id: 'frederick', rank: 1 }] },
        { nationality: 'prussia', hex: '1626', sp: 2 },
        { nationality: 'austria', hex: '1125', sp: 3 },
      ],
      { dice: [6] },
    );
    s.demoralized['prussian-allied'].push('1626');
    const s2 = ok(
      act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1625', '1626'], take: { sp: 6 } }),
    );
    expect(s2.demoralized['prussian-allied']).toEqual(['1626']);
    // Frederick, now demoralized, has Initiative 0 for the rest of the game until he recovers.
    expect(s2.forces['1626']?.prussia?.out).toBe(8);
  });
});

describe('12 garrisons', () => {
  // Austrians besieged in Prague (1125): 10 SP and Serbelloni inside, 5 SP outside with Browne,
  // 20 Prussian SP outside with an operative Prussian depot (supplied from Dresden, 1623).
  const siege = () =>
    start(
      [
        { nationality: 'prussia', hex: '1623', sp: 1, position: 'inside' },
        { nationality: 'prussia', hex: '1125', sp: 20, leaders: [{ id: 'frederick', rank: 1 }], depot: true },
        { nationality: 'austria', hex: '1125', sp: 10, position: 'inside' },
        {
          nationality: 'austria',
          hex: '1125',
          sp: 5,
          position: 'outside',
          leaders: [{ id: 'browne', rank: 3 }],
        },
        { nationality: 'austria', hex: '0834', sp: 20, leaders: [{ id: 'charles', rank: 1 }] },
      ],
      { dice: [1, 6] },
    );

  it('13.12: a fortress is besieged while an operative enemy depot stands in its hex', () => {
    const s = siege();
    expect(s.besieged).toEqual(['1125']);
  });

  it('12.23 example (movement part): besieged units may come out but not leave the hex; outsiders may not enter', () => {
    const s = runTo(siege(), 'march', 'coalition');
    expect(s.besieged).toEqual(['1125']);
    // Browne's five outside may not move into the besieged fortress outside a qualifying Combat Phase.
    rejected(act(s, 'austria', { type: 'garrison', hex: '1125', direction: 'in', sp: 5 }), '12.23');
    // Nine come out; they stay in the hex this phase.
    const out = ok(act(s, 'austria', { type: 'garrison', hex: '1125', direction: 'out', sp: 9 }));
    expect(out.forces['1125']?.austria).toEqual({ out: 14, in: 1 });
    rejected(
      act(out, 'austria', { type: 'march', leader: 'browne', path: ['1126'], take: { sp: 6 } }),
      '5.36',
    );
    ok(act(out, 'austria', { type: 'march', leader: 'browne', path: ['1126'], take: { sp: 5 } }));
  });

  it('12.22: units leave a non-besieged fortress and its hex freely, even with enemy units in the hex', () => {
    const s = start(
      [
        {
          nationality: 'prussia',
          hex: '1623',
          sp: 4,
          position: 'inside',
          leaders: [{ id: 'frederick', rank: 1 }],
        },
        { nationality: 'austria', hex: '1623', sp: 3, position: 'outside' },
        { nationality: 'austria', hex: '1125', sp: 3 },
      ],
      { dice: [6] },
    );
    expect(s.leaders.frederick?.inside).toBe(true);
    const s1 = ok(
      act(s, 'prussia', { type: 'garrison', hex: '1623', direction: 'out', sp: 3, leaders: ['frederick'] }),
    );
    ok(act(s1, 'prussia', { type: 'march', leader: 'frederick', path: ['1624'], take: { sp: 3 } }));
  });

  it('12.13: no unit enters a fortress held by an enemy garrison', () => {
    const s = start(
      [
        { nationality: 'prussia', hex: '1623', sp: 1 },
        { nationality: 'prussia', hex: '1125', sp: 8, leaders: [{ id: 'frederick', rank: 1 }] },
        { nationality: 'austria', hex: '1125', sp: 1, position: 'inside' },
      ],
      { dice: [6] },
    );
    rejected(act(s, 'prussia', { type: 'garrison', hex: '1125', direction: 'in', sp: 2 }), '12.13');
  });
});

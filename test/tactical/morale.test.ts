import { describe, expect, it } from 'vitest';
import { envFor } from '../../src/tactical/env.js';
import { zocOf } from '../../src/tactical/rules/board.js';
import { dCheck, disorganize } from '../../src/tactical/rules/effects.js';
import { runTasks } from '../../src/tactical/rules/tasks.js';
import type { TacState } from '../../src/tactical/state.js';
import type { FixtureUnit } from './fixtures.js';
import { act, activate, battle, dice, pendingSeats, refused, unit } from './harness.js';

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

/** Runs an effect on a copy with forced dice; returns the state and its events. */
function effect(
  s: TacState,
  rolls: number[],
  f: (c: { s: TacState; env: ReturnType<typeof envFor> & object; events: { text: string }[] }) => void,
) {
  const c = {
    s: structuredClone(s),
    env: envFor(s.map)!,
    events: [] as { type: string; text: string; visibility: 'public' }[],
  };
  c.s.rng.forced = [...rolls];
  f(c as never);
  runTasks(c as never);
  return c;
}

describe('12 disorganization and rout', () => {
  it('12.4 / 10.3: a battery whose infantry routs away is destroyed', () => {
    const s = battle(
      [
        P('p1', '0606'),
        P('g1', '0606', 5, { arm: 'artillery', formation: 'p-ind' }),
        P('p5', '1011'),
        A('a1', '0202'),
      ],
      near,
    );
    s.units[0]!.disorganized = true;
    const r = effect(s, [6], (c) => disorganize(c as never, unit(c.s, 'p1'), 'test')).s;
    expect(unit(r, 'p1').routed).toBe(true);
    expect(unit(r, 'g1').eliminated).toBe(true);
  });

  it('12.1: a Disorganization check passes on 1d6 <= morale', () => {
    const s = battle([P('p1', '0808'), A('a1', '0202')], near);
    expect(effect(s, [4], (c) => dCheck(c as never, unit(c.s, 'p1'), 'test')).s.units[0]!.disorganized).toBe(
      false,
    );
    expect(effect(s, [5], (c) => dCheck(c as never, unit(c.s, 'p1'), 'test')).s.units[0]!.disorganized).toBe(
      true,
    );
  });

  it('12.2: Disorganization has no effect by itself; markers go in the Rally Phase unless in an enemy ZOC', () => {
    let s = battle([P('p1', '0808'), P('p2', '0506'), A('a1', '0406')], near);
    for (const id of ['p1', 'p2']) s.units.find((u) => u.id === id)!.disorganized = true;
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: '0708' }); // a Disorganized unit still moves
    // End the turn: every remaining step passes.
    for (let i = 0; i < 40 && s.turn === 1; i++) s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    expect(unit(s, 'p1').disorganized).toBe(false);
    expect(unit(s, 'p2').disorganized).toBe(true); // p2 is in a1's ZOC
  });

  it('12.3: a second D means a check at +2: pass = a step lost and still Disorganized, fail = Routed and it retreats at once', () => {
    const s = battle([P('p1', '0808'), A('a1', '0202')], near);
    s.units[0]!.disorganized = true;
    const pass = effect(s, [2], (c) => disorganize(c as never, unit(c.s, 'p1'), 'test')).s;
    expect(unit(pass, 'p1')).toMatchObject({ cp: 2, disorganized: true, routed: false });
    const fail = effect(s, [3], (c) => disorganize(c as never, unit(c.s, 'p1'), 'test')).s;
    expect(unit(fail, 'p1')).toMatchObject({ routed: true, disorganized: false });
    expect(unit(fail, 'p1').hex).not.toBe('0808');
  });

  it('12.4: a routed unit goes three hexes toward its own edge, through friends (they are Disorganized), facing its way', () => {
    // Prussian edge is west (high rows). p1 at 0606 routs west through p2 at 0607.
    const s = battle([P('p1', '0606'), P('p2', '0607', 5), A('a1', '0202')], near);
    s.units[0]!.disorganized = true;
    const r = effect(s, [6], (c) => disorganize(c as never, unit(c.s, 'p1'), 'test')).s;
    const p1 = unit(r, 'p1');
    expect(p1.routed).toBe(true);
    const env = envFor(s.map)!;
    expect(env.map.stepsToEdge(p1.hex!, 'west')).toBe(env.map.stepsToEdge('0606', 'west') - 3);
    expect(unit(r, 'p2').disorganized).toBe(true);
  });

  it('12.4: a routed unit may not move, attack, or exert a ZOC; at the edge it leaves the map (eliminated)', () => {
    let s = battle([P('p1', '0506'), A('a1', '0406')], near);
    s.units[0]!.routed = true;
    s = activate(s, 'prussia', ['p-a']);
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: '0407' }, '12.4');
    refused(s, 'prussia', { type: 'fire', unit: 'p1', target: 'a1' }, '12.4');
    refused(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] }, '12.4');
    expect(zocOf(s, envFor(s.map)!, 'prussia').size).toBe(0);
    const t = battle([P('p1', '0112'), A('a1', '0202')], near);
    t.units[0]!.disorganized = true;
    const off = effect(t, [6], (c) => disorganize(c as never, unit(c.s, 'p1'), 'test')).s;
    expect(unit(off, 'p1').eliminated).toBe(true);
  });

  it('12.5: routed units check in the Rally Phase: -1 with a leader adjacent, -2 with the C-in-C stacked; failing routs three more hexes', () => {
    const base = battle([P('p1', '0808'), P('p5', '1011'), P('p6', '1012'), A('a1', '0202')], {
      ...near,
      leaders: { ...near.leaders, fritz: '0808' },
    });
    base.units[0]!.routed = true;
    let s = base;
    // d6 6 - 2 = 4 <= morale 4: rallied thanks to the King.
    for (let i = 0; i < 40 && s.phase !== 'rally' && s.turn === 1; i++) {
      if (s.phase === 'command') s = dice(s, 6);
      s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    }
    expect(unit(s, 'p1').routed).toBe(false);
    const far = battle([P('p1', '0808'), P('p5', '1011'), P('p6', '1012'), A('a1', '0202')], near);
    far.units[0]!.routed = true;
    let t = far;
    for (let i = 0; i < 40 && t.turn === 1; i++) {
      if (t.phase === 'command') t = dice(t, 6);
      t = act(t, pendingSeats(t)[0]!, { type: 'timeout' });
    }
    expect(unit(t, 'p1').routed).toBe(true);
    expect(unit(t, 'p1').hex).not.toBe('0808');
  });

  it('12.6: light troops gain +1 morale in woods and take no check entering woods or towns', () => {
    const w = '0708';
    let s = battle(
      [P('l1', '0808', 5, { arm: 'light-infantry', formation: 'p-a' }), P('p1', '0810', 5), A('a1', '0202')],
      {
        ...near,
        leaders: { ...near.leaders, 'pl-a': '0909' },
        map: { terrain: { [w]: 'woods', '0709': 'woods', '0710': 'woods' } },
      },
    );
    s = activate(s, 'prussia', ['p-a']);
    s = dice(s, 6);
    s = act(s, 'prussia', { type: 'move', unit: 'l1', to: w });
    expect(unit(s, 'l1').disorganized).toBe(false);
    expect(s.rng.forced).toEqual([6]); // no die used
    const front = ['0709', '0710'].find((h) => h === '0709' || h === '0710')!;
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: front === '0709' ? '0709' : '0710' });
    expect(unit(s, 'p1').disorganized).toBe(true); // non-light: check with d6 6 > morale 4
    const e = envFor(s.map)!;
    const eff = effect(s, [4], (c) => dCheck(c as never, unit(c.s, 'l1'), 'test')).s;
    void e;
    expect(unit(eff, 'l1').disorganized).toBe(false); // morale 3 + 1 in woods
  });
});

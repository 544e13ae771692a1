import { beforeEach, describe, expect, it } from 'vitest';
import { apply, eventsFor, view } from '../../src/engine/index.js';
import type { GameEvent } from '../../src/engine/types.js';
import { act, ok, start, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

const game = () =>
  start(
    [
      {
        nationality: 'prussia',
        hex: '1623',
        sp: 9,
        leaders: [
          { id: 'frederick', rank: 1 },
          { id: 'keith', rank: 5 },
        ],
      },
      { nationality: 'hanover', hex: '2413', sp: 5, leaders: [{ id: 'cumberland', rank: 1 }] },
      {
        nationality: 'austria',
        hex: '1125',
        sp: 12,
        leaders: [
          { id: 'charles', rank: 1 },
          { id: 'browne', rank: 3 },
        ],
      },
    ],
    { dice: [4] },
  );

describe('view (allow-list)', () => {
  it('own side sees strengths of every own seat; the enemy sees position, nationality and top leader, never SP', () => {
    const s = game();
    const pv = view(s, 'prussia');
    const prague = pv.hexes.find((h) => h.hex === '1125')!;
    const enemy = prague.stacks.find((st) => st.side === 'coalition')!;
    expect(enemy.sp).toBeUndefined();
    expect(enemy.outside).toEqual(['austria']);
    expect(enemy.leaders.map((l) => l.id)).toEqual(['charles']);
    expect(enemy.leaders[0]).not.toHaveProperty('initiative');
    const hanover = pv.hexes.find((h) => h.hex === '2413')!.stacks[0]!;
    expect(hanover.sp?.hanover).toBeDefined();
    expect(JSON.stringify(view(s, 'austria').hexes.find((h) => h.hex === '1623'))).not.toMatch(
      /"sp"|"out":|"in":/,
    );
  });

  it("5.1: once the March die is rolled, the own side sees each leader's Movement Allowance; the enemy does not", () => {
    const s = game();
    expect(s.phase).toBe('march');
    expect(s.movement.roll).toBe(4);
    const own = view(s, 'prussia').hexes.find((h) => h.hex === '1623')!.stacks[0]!;
    // Frederick 4 + 3 = 7, capped at 6 (5.1); Keith 4 + 2 = 6.
    expect(own.leaders.map((l) => [l.id, l.movementAllowance])).toEqual([
      ['frederick', 6],
      ['keith', 6],
    ]);
    const moving = ok(act(s, 'prussia', { type: 'march', leader: 'keith', path: ['1624'], take: { sp: 2 } }));
    const k = view(moving, 'prussia')
      .hexes.find((h) => h.hex === '1624')!
      .stacks[0]!.leaders.find((l) => l.id === 'keith')!;
    expect(k.mpLeft).toBe(5);
    expect(JSON.stringify(view(s, 'austria'))).not.toMatch(/movementAllowance|mpLeft/);
  });

  it('12.11/12.12: a leader alone inside a fortress shows to the enemy as a garrison of his nationality, not an empty stack', () => {
    const s = game();
    // Keith steps inside the fortress at 1623 with no SP; Frederick and the 9 SP stay outside.
    s.leaders.keith!.inside = true;
    const hex = (v: ReturnType<typeof view>) => v.hexes.find((h) => h.hex === '1623')!.stacks[0]!;
    for (const viewer of ['austria', 'public'] as const) {
      const st = hex(view(s, viewer));
      expect(st.inside).toEqual(['prussia']);
      expect(st.leaders.map((l) => l.id)).toEqual(['frederick']);
      expect(st.sp).toBeUndefined();
    }
    // Alone in the hex: still a garrison to the enemy, with no leader named.
    s.forces['1623'] = {};
    s.leaders.frederick!.hex = '1624';
    const alone = hex(view(s, 'austria'));
    expect(alone.inside).toEqual(['prussia']);
    expect(alone.outside).toEqual([]);
    expect(alone.leaders).toEqual([]);
    // His own side sees him as he is.
    expect(hex(view(s, 'prussia')).leaders.map((l) => [l.id, l.inside])).toEqual([['keith', true]]);
  });

  it('public view shows no strength at all and no legal actions', () => {
    const s = game();
    const pub = view(s, 'public');
    expect(JSON.stringify(pub.hexes)).not.toMatch(/"sp"/);
    expect(pub.legal).toEqual([]);
    expect(pub.eliminated).toBeUndefined();
  });

  it("view carries the seat's legal actions", () => {
    const s = game();
    expect(view(s, 'prussia').legal.some((a) => a.type === 'march')).toBe(true);
    expect(view(s, 'austria').legal).toEqual([]);
  });

  it("13.14: during a Combat Phase the besieger's strength is revealed", () => {
    const s = game();
    s.phase = 'combat';
    s.besieged = ['1125'];
    s.depots['1125'] = { hex: '1125', owner: 'prussia', status: 'complete', placedTurn: 0 };
    s.forces['1125'] = { ...s.forces['1125'], prussia: { out: 20, in: 0 } };
    const av = view(s, 'austria');
    const st = av.hexes.find((h) => h.hex === '1125')!.stacks.find((x) => x.side === 'prussian-allied')!;
    expect(st.sp?.prussia?.out).toBe(20);
  });

  it('9.0: a committed battle reveals both forces in that hex', () => {
    const s = game();
    s.phase = 'combat';
    s.combat.committed = ['1623'];
    expect(JSON.stringify(view(s, 'public').hexes)).not.toMatch(/"sp"/);
    const av = view(s, 'austria');
    expect(av.hexes.find((h) => h.hex === '1623')!.stacks[0]!.sp?.prussia).toBeDefined();
  });

  it('eventsFor filters by visibility tag', () => {
    const events: GameEvent[] = [
      { kind: 'a', text: 'all', vis: { to: 'all' } },
      { kind: 'b', text: 'pa', vis: { to: 'sides', sides: ['prussian-allied'] } },
      { kind: 'c', text: 'seat', vis: { to: 'seats', seats: ['austria'] } },
    ];
    const s = game();
    expect(eventsFor(events, 'public').map((e) => e.kind)).toEqual(['a']);
    expect(eventsFor(events, 'hanover', s.seatSide).map((e) => e.kind)).toEqual(['a', 'b']);
    expect(eventsFor(events, 'austria', s.seatSide).map((e) => e.kind)).toEqual(['a', 'c']);
  });

  it('5.51: the enemy is told of an Overwhelming Attack and its result, but not the march details of the mover', () => {
    const s = game();
    const r = apply(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1624'], take: { sp: 8 } });
    ok(r);
    if (!r.ok) return;
    const seen = eventsFor(r.events, 'austria', s.seatSide);
    expect(seen.some((e) => e.kind === 'march')).toBe(false);
    expect(seen.some((e) => e.kind === 'march-seen')).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('"sp":8');
    expect(act).toBeDefined();
  });
});

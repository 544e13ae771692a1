import { beforeEach, describe, expect, it } from 'vitest';
import { apply, isOver, legalActions, pendingSeats, setup } from '../../src/engine/index.js';
import type { GameState, PhaseName, Side } from '../../src/engine/types.js';
import { act, ok, rejected, runTo, start, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

const forces = () => [
  { nationality: 'prussia' as const, hex: '1623', sp: 6, leaders: [{ id: 'frederick', rank: 1 }] },
  { nationality: 'austria' as const, hex: '1125', sp: 6, leaders: [{ id: 'daun', rank: 2 }] },
];

/** Every seat pending says done; returns the (phase, phasing) steps that waited on seats. */
function doneThrough(state: GameState, steps: number): Array<[PhaseName, Side, number]> {
  const out: Array<[PhaseName, Side, number]> = [];
  let s = state;
  for (let i = 0; i < steps && !s.over; i++) {
    out.push([s.phase, s.phasing, s.turn]);
    const seat = s.pending[0]!;
    s = ok(apply(s, seat, { type: 'done' }));
  }
  return out;
}

describe('4.0 sequence of play', () => {
  it('4.2: Prussian-Allied Player-Turn first; the non-phasing side force marches; then the Coalition Player-Turn', () => {
    const s = start(forces(), { idle: false });
    const steps = doneThrough(s, 4);
    expect(steps).toEqual([
      ['march', 'prussian-allied', 1],
      ['forcemarch', 'prussian-allied', 1],
      ['march', 'coalition', 1],
      ['forcemarch', 'coalition', 1],
    ]);
  });

  it('4.2: in the Force March Phase only the non-phasing seats are pending', () => {
    const s = runTo(start(forces(), { idle: false }), 'forcemarch');
    expect(pendingSeats(s)).toEqual(['austria']);
    rejected(act(s, 'prussia', { type: 'done' }), '4.1');
  });

  it('4.2 C-D: the turn advances after the Coalition Attrition Phase, with the Prisoner Exchange Phase on even turns', () => {
    const seen: string[] = [];
    let s = start(forces(), { idle: false });
    for (let i = 0; i < 12; i++) {
      const r = apply(s, s.pending[0]!, { type: 'done' });
      const st = ok(r);
      for (const e of r.ok ? r.events : []) if (e.kind === 'turn') seen.push(e.text);
      s = st;
    }
    expect(seen[0]).toContain('Game-Turn 2');
    expect(s.turn).toBeGreaterThanOrEqual(3);
  });

  it('4.2: several seats of one side act independently; the step ends when all are done', () => {
    const s = start([
      ...forces(),
      { nationality: 'hanover', hex: '2413', sp: 5, leaders: [{ id: 'cumberland', rank: 1 }] },
    ]);
    expect(s.phase).toBe('march');
    expect(pendingSeats(s)).toEqual(['prussia', 'hanover']);
    const s2 = ok(act(s, 'hanover', { type: 'done' }));
    expect(s2.phase).toBe('march');
    expect(pendingSeats(s2)).toEqual(['prussia']);
    const s3 = ok(act(s2, 'prussia', { type: 'done' }));
    expect(s3.phase).toBe('forcemarch');
  });

  it('4.0: a timeout ends the step for every pending seat', () => {
    const s = start([
      ...forces(),
      { nationality: 'hanover', hex: '2413', sp: 5, leaders: [{ id: 'cumberland', rank: 1 }] },
    ]);
    const s2 = ok(act(s, 'austria', { type: 'timeout' }));
    expect(s2.phase).toBe('forcemarch');
  });

  it('18.0: the last turn ends the game; 1756 begins on Turn 9', () => {
    const s = start(forces(), { idle: false, extra: { firstTurn: 9, lastTurn: 9 } });
    expect(s.turn).toBe(9);
    const end = runTo(s, 'march', 'coalition');
    const r = ok(apply(ok(apply(end, 'austria', { type: 'done' })), 'prussia', { type: 'done' }));
    expect(isOver(r)).toBe(true);
    expect(r.over).toEqual({ reason: 'last-turn', turn: 9 });
    expect(legalActions(r, 'prussia')).toEqual([]);
    rejected(apply(r, 'prussia', { type: 'done' }), '4.0');
  });

  it('apply never mutates its input and bumps the version', () => {
    const s = start(forces());
    const before = JSON.stringify(s);
    const r = apply(s, 'prussia', { type: 'march', leader: 'frederick', path: ['1624'] });
    expect(JSON.stringify(s)).toBe(before);
    expect(ok(r).version).toBe(s.version + 1);
  });

  it('input: malformed actions and unknown seats return a clear error and change nothing', () => {
    const s = start(forces());
    rejected(apply(s, 'prussia', { type: 'march', leader: 'frederick', path: 'nowhere' }), 'input');
    rejected(apply(s, 'prussia', { type: 'fly' }), 'input');
    rejected(apply(s, 'prussia', null), 'input');
    rejected(apply(s, 'poland' as never, { type: 'done' }), 'input');
    const r = apply(s, 'prussia', { type: 'march', leader: 'nobody', path: ['1624'] });
    expect(r.ok).toBe(false);
  });
});

describe('RNG', () => {
  it('forced dice are used first; the same seed and actions replay identically', () => {
    const a = setup('1757', 42, { dice: [5] });
    expect(a.movement.roll).toBe(5);
    const b = setup('1757', 42);
    const c = setup('1757', 42);
    expect(JSON.stringify(b)).toBe(JSON.stringify(c));
    const d = setup('1757', 43);
    expect(d.rng.s).not.toEqual(b.rng.s);
  });
});

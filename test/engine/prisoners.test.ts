import { describe, expect, it } from 'vitest';
import type { CombatLeader, Side } from '../../src/engine/combat/types.js';
import {
  type ExchangeInput,
  type ExchangePair,
  exchangePrisoners,
  frederickForfeitAvailable,
  pairsDue,
} from '../../src/engine/prisoners/index.js';

// The scenario special rules as the scenario files carry them (state.rules.prisonerExchange).
const schedules: Record<string, ExchangePair[]> = {
  '1756': [],
  '1757': [{ a: ['austria'], b: ['prussia'], turns: 'end' }],
  '1758': [
    { a: ['austria'], b: ['prussia'], turns: 'even' },
    { a: ['france'], b: ['hanover'], turns: [12, 14, 16, 18] },
  ],
  '1759': [
    { a: ['austria'], b: ['prussia'], turns: 'even' },
    { a: ['france'], b: ['hanover'], turns: 'even' },
    { a: ['france', 'russia'], b: ['prussia'], turns: [10, 12, 14, 16, 18] },
  ],
  '1760': [
    { a: ['france'], b: ['hanover'], turns: 'even' },
    { a: ['austria'], b: ['prussia'], turns: [3, 6, 9, 12, 15, 18] },
  ],
};

const L = (id: string, nationality: string, rank: number): CombatLeader => ({
  id,
  nationality,
  rank,
  initiative: 1,
  attack: 0,
  defence: 0,
});
const sideOf = (n: string): Side => (['prussia', 'hanover'].includes(n) ? 'prussian-allied' : 'coalition');
const everywhere = (n: string) => (n === 'sweden' ? [] : [`fortress-of-${n}`]);

const input = (over: Partial<ExchangeInput>): ExchangeInput => ({
  pairs: schedules['1758']!,
  when: 2,
  held: { 'prussian-allied': { sp: {}, leaders: [] }, coalition: { sp: {}, leaders: [] } },
  returnFortresses: everywhere,
  neverExchanged: ['frederick'],
  ...over,
});

describe('prisoner exchange (14.1)', () => {
  it('14.13: SP are exchanged point for point', () => {
    const r = exchangePrisoners(
      input({
        held: {
          'prussian-allied': { sp: { austria: 5 }, leaders: [] },
          coalition: { sp: { prussia: 3 }, leaders: [] },
        },
      }),
      sideOf,
    );
    expect(r.releases).toEqual([
      {
        holder: 'prussian-allied',
        nationality: 'austria',
        sp: 3,
        leaders: [],
        returnTo: ['fortress-of-austria'],
      },
      { holder: 'coalition', nationality: 'prussia', sp: 3, leaders: [], returnTo: ['fortress-of-prussia'] },
    ]);
    expect(r.held['prussian-allied'].sp).toEqual({ austria: 2 });
    expect(r.held.coalition.sp).toEqual({ prussia: 0 });
  });

  it('14.14: leaders go one for one regardless of rank; the holder releases the lowest-ranked by default', () => {
    const r = exchangePrisoners(
      input({
        held: {
          'prussian-allied': { sp: {}, leaders: [L('daun', 'austria', 1), L('lascy', 'austria', 4)] },
          coalition: { sp: {}, leaders: [L('keith', 'prussia', 5)] },
        },
      }),
      sideOf,
    );
    expect(r.releases.map((x) => x.leaders)).toEqual([['lascy'], ['keith']]);
    expect(r.held['prussian-allied'].leaders.map((l) => l.id)).toEqual(['daun']);
  });

  it('14.14: the holder may choose which leader to release', () => {
    const r = exchangePrisoners(
      input({
        held: {
          'prussian-allied': { sp: {}, leaders: [L('daun', 'austria', 1), L('lascy', 'austria', 4)] },
          coalition: { sp: {}, leaders: [L('keith', 'prussia', 5)] },
        },
        leaderPreference: { 'prussian-allied': ['daun'] },
      }),
      sideOf,
    );
    expect(r.releases[0]?.leaders).toEqual(['daun']);
  });

  it('14.15: Frederick is never exchanged', () => {
    const r = exchangePrisoners(
      input({
        held: {
          'prussian-allied': { sp: {}, leaders: [L('daun', 'austria', 1)] },
          coalition: { sp: {}, leaders: [L('frederick', 'prussia', 1)] },
        },
      }),
      sideOf,
    );
    expect(r.releases).toEqual([]);
    expect(r.held.coalition.leaders.map((l) => l.id)).toEqual(['frederick']);
  });

  it('14.15: capturing Frederick lets the Allied player forfeit', () => {
    expect(frederickForfeitAvailable(['keith', 'frederick'], 'frederick')).toBe(true);
    expect(frederickForfeitAvailable(['keith'], 'frederick')).toBe(false);
  });

  it('14.16: prisoners with no same-nationality fortress to return to are not exchanged', () => {
    const r = exchangePrisoners(
      input({
        held: {
          'prussian-allied': { sp: { austria: 5 }, leaders: [] },
          coalition: { sp: { prussia: 3 }, leaders: [] },
        },
        returnFortresses: (n) => (n === 'austria' ? [] : ['x']),
      }),
      sideOf,
    );
    expect(r.releases).toEqual([]);
    expect(r.skipped[0]?.reason).toMatch(/^14\.16/);
  });

  it('14.18: nothing is handed over when the enemy holds no prisoners to swap', () => {
    const r = exchangePrisoners(
      input({
        held: { 'prussian-allied': { sp: { austria: 5 }, leaders: [] }, coalition: { sp: {}, leaders: [] } },
      }),
      sideOf,
    );
    expect(r.releases).toEqual([]);
    expect(r.held['prussian-allied'].sp).toEqual({ austria: 5 });
    expect(r.skipped[0]?.reason).toMatch(/^14\.18/);
  });

  it('14.11: no exchange on an odd turn unless the scenario says so (1758)', () => {
    const r = exchangePrisoners(
      input({
        when: 3,
        held: {
          'prussian-allied': { sp: { austria: 5 }, leaders: [] },
          coalition: { sp: { prussia: 3 }, leaders: [] },
        },
      }),
      sideOf,
    );
    expect(r.releases).toEqual([]);
    expect(r.skipped).toEqual([]);
  });

  it('1758 A: other nationalities are not exchanged (Russians held stay held)', () => {
    const r = exchangePrisoners(
      input({
        held: {
          'prussian-allied': { sp: { russia: 5 }, leaders: [] },
          coalition: { sp: { prussia: 3 }, leaders: [] },
        },
      }),
      sideOf,
    );
    expect(r.releases).toEqual([]);
  });

  it('1759 A: French and Russian prisoners together are swapped for Prussians on turn 10', () => {
    const r = exchangePrisoners(
      input({
        pairs: schedules['1759']!,
        when: 10,
        held: {
          'prussian-allied': { sp: { france: 2, russia: 4 }, leaders: [] },
          coalition: { sp: { prussia: 5 }, leaders: [] },
        },
      }),
      sideOf,
    );
    const freed = r.releases.filter((x) => x.holder === 'prussian-allied');
    expect(freed.reduce((a, x) => a + x.sp, 0)).toBe(5);
    expect(r.held.coalition.sp.prussia).toBe(0);
  });

  it('1757 B: Austrians and Prussians are exchanged at the end of the game only', () => {
    const held = {
      'prussian-allied': { sp: { austria: 4 }, leaders: [] },
      coalition: { sp: { prussia: 6 }, leaders: [] },
    };
    expect(exchangePrisoners(input({ pairs: schedules['1757']!, when: 10, held }), sideOf).releases).toEqual(
      [],
    );
    const end = exchangePrisoners(
      input({ pairs: schedules['1757']!, when: 'end', held, returnFortresses: () => [] }),
      sideOf,
    );
    expect(end.held.coalition.sp).toEqual({ prussia: 2 });
    expect(end.held['prussian-allied'].sp).toEqual({ austria: 0 });
  });
});

describe('exchange schedules (14.11 and scenario special rules)', () => {
  const firsts = (s: string, when: number | 'end') => pairsDue(schedules[s]!, when).map((p) => p.a[0]);
  it('1756 C: no exchanges at all', () => {
    for (let t = 9; t <= 18; t++) expect(firsts('1756', t)).toEqual([]);
  });
  it('1757 B: Austrians for Prussians only at the end of the game', () => {
    expect(firsts('1757', 4)).toEqual([]);
    expect(firsts('1757', 'end')).toEqual(['austria']);
  });
  it('1758 A: French-Hanoverian exchanges only from turn 12; nothing on odd turns', () => {
    expect(firsts('1758', 10)).toEqual(['austria']);
    expect(firsts('1758', 12)).toEqual(['austria', 'france']);
    expect(firsts('1758', 11)).toEqual([]);
  });
  it('1760 A: Austrian exchanges on turns 3, 6, 9, 12, 15 and 18, odd turns included', () => {
    expect(firsts('1760', 3)).toEqual(['austria']);
    expect(firsts('1760', 6)).toEqual(['france', 'austria']);
    expect(firsts('1760', 4)).toEqual(['france']);
  });
  it('1759 A: French and/or Russians against Prussians from turn 10', () => {
    expect(firsts('1759', 8)).toHaveLength(2);
    expect(pairsDue(schedules['1759']!, 10)[2]?.a).toEqual(['france', 'russia']);
  });
});

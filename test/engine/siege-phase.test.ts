import { beforeEach, describe, expect, it } from 'vitest';
import { useMap } from '../../src/engine/map-env.js';
import type { HookAction } from '../../src/engine/phases/module.js';
import { hexDistance, nearestGarrison, siegePhaseHook } from '../../src/engine/siege/phase.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
import { baseState, leader, testMap } from './combat-fixtures.js';

const forts = [
  { hex: '1125', name: 'Prague', vp: 10, region: 'bohemia' as const },
  { hex: '0231', name: 'Vienna', vp: 15, region: 'austria' as const },
  { hex: '1532', name: 'Glatz', vp: 5, region: 'silesia' as const },
  { hex: '1623', name: 'Dresden', vp: 12, region: 'saxony' as const },
];
const map = testMap({ fortresses: forts, size: 40 });
beforeEach(() => useMap(map));

function act(state: GameState, seat: Seat, action: HookAction): GameState {
  const r = siegePhaseHook.apply(structuredClone(state), seat, action);
  if (!r.ok) throw new Error(`${r.error.rule}: ${r.error.message}`);
  return r.state;
}

/** Prussians (12 SP outside, depot) besiege 6 Austrians in Prague; Vienna and Glatz hold Austrians. */
function siege(dice: number[], over: Partial<GameState> = {}) {
  return siegePhaseHook.enter(
    baseState({
      phase: 'siege',
      dice,
      forces: {
        '1125': { austria: { out: 0, in: 6 }, prussia: { out: 12, in: 0 } },
        '0231': { austria: { out: 0, in: 4 } },
        '1532': { austria: { out: 0, in: 2 } },
      },
      leaders: { fred: leader('fred', 'prussia', 1, '1125', { initiative: 3 }) },
      depots: { '1125': { hex: '1125', owner: 'prussia', status: 'complete', placedTurn: 1 } },
      besieged: ['1125'],
      ...over,
    }),
  ).state;
}

describe('Siege Resolution Phase (13.0)', () => {
  it('13.15: the phasing player may roll against each fortress he besieges, or pass', () => {
    const s = siege([]);
    expect(siegePhaseHook.pending(s)).toEqual(['prussia']);
    expect(siegePhaseHook.legal(s, 'prussia')).toEqual([
      { type: 'siege-resolve', hex: '1125' },
      { type: 'done' },
    ]);
    const passed = act(s, 'prussia', { type: 'done' });
    expect(siegePhaseHook.pending(passed)).toEqual([]);
    expect(passed.forces['1125']?.austria?.in).toBe(6);
  });

  it('13.32: an Attacker Loss costs the besieger one SP, counted as eliminated', () => {
    const s = act(siege([1]), 'prussia', { type: 'siege-resolve', hex: '1125' });
    expect(s.forces['1125']?.prussia?.out).toBe(11);
    expect(s.ledger.eliminated).toEqual({ prussia: 1 });
    expect(siegePhaseHook.pending(s)).toEqual([]);
  });

  it('13.0: the garrison commander Initiative comes off the roll', () => {
    const s0 = siege([5]);
    s0.leaders.browne = leader('browne', 'austria', 2, '1125', { initiative: 2, inside: true });
    const s = act(s0, 'prussia', { type: 'siege-resolve', hex: '1125' });
    expect((s.combat.hook as { siege?: { breach?: unknown } }).siege?.breach).toBeUndefined(); // 5 - 2 = 3
  });

  it('13.0: the announced roll is kept, and every view shows the garrison modifier it gave away', () => {
    const s0 = siege([5]);
    s0.leaders.browne = leader('browne', 'austria', 2, '1125', { initiative: 2, inside: true });
    const s = act(s0, 'prussia', { type: 'siege-resolve', hex: '1125' });
    const roll = { turn: s0.turn, garrison: 'coalition', die: 5, modified: 3 };
    expect(s.siegeRolls).toEqual({ '1125': roll });
    for (const viewer of ['prussia', 'austria', 'public'] as const) {
      const v = view(s, viewer);
      expect(v.siegeRolls).toEqual({ '1125': roll });
      // 12.11: the commander inside stays hidden from the besieger; only the roll tells.
      if (viewer !== 'austria')
        expect(
          v.hexes.find((h) => h.hex === '1125')?.stacks.flatMap((x) => x.leaders.map((l) => l.id)),
        ).not.toContain('browne');
    }
    // A game without a roll shows none (and games begun before rules version 4 have none).
    expect(view(s0, 'prussia').siegeRolls).toBeUndefined();
  });

  it('13.12: only fortresses the phasing player besieges can be rolled against', () => {
    const r = siegePhaseHook.apply(siege([]), 'prussia', { type: 'siege-resolve', hex: '0231' });
    expect(r).toMatchObject({ ok: false, error: { rule: '13.12' } });
  });

  it('13.33 (1): a breach; the honours granted send the garrison to the nearest Austrian garrison', () => {
    let s = act(siege([6]), 'prussia', { type: 'siege-resolve', hex: '1125' });
    expect(siegePhaseHook.pending(s)).toEqual(['prussia']);
    expect(
      siegePhaseHook.apply(structuredClone(s), 'austria', {
        type: 'siege-surrender',
        hex: '1125',
        accept: true,
      }),
    ).toMatchObject({ ok: false });
    s = act(s, 'prussia', { type: 'siege-honours', hex: '1125', grant: true });
    const nearest = hexDistance('1125', '1532') < hexDistance('1125', '0231') ? '1532' : '0231';
    expect(nearestGarrison(siege([]), '1125', 'austria')).toBe(nearest);
    expect(s.forces[nearest]?.austria?.in).toBe(nearest === '1532' ? 8 : 10);
    // The Prussians move in (1 SP by default) and the siege depot is removed (10.48).
    expect(s.forces['1125']).toEqual({ prussia: { out: 11, in: 1 } });
    expect(s.depots['1125']).toBeUndefined();
    expect(s.ledger.eliminated).toEqual({});
  });

  it('13.33 note: honours with no other garrison of that nationality remove it from play uneliminated', () => {
    const s0 = siege([6]);
    delete s0.forces['0231'];
    delete s0.forces['1532'];
    let s = act(s0, 'prussia', { type: 'siege-resolve', hex: '1125', garrisonSp: 3 });
    s = act(s, 'prussia', { type: 'siege-honours', hex: '1125', grant: true });
    expect(s.ledger.removed).toEqual({ austria: 6 });
    expect(s.forces['1125']).toEqual({ prussia: { out: 9, in: 3 } });
  });

  it('13.33 (2A): honours denied, the garrison surrenders and becomes prisoners', () => {
    let s = act(siege([6]), 'prussia', { type: 'siege-resolve', hex: '1125' });
    s = act(s, 'prussia', { type: 'siege-honours', hex: '1125', grant: false });
    expect(siegePhaseHook.pending(s)).toEqual(['austria']);
    s = act(s, 'austria', { type: 'siege-surrender', hex: '1125', accept: true });
    expect(s.ledger.prisoners['prussian-allied']).toEqual({ austria: 6 });
    expect(s.forces['1125']).toEqual({ prussia: { out: 11, in: 1 } });
  });

  it('13.33 (2B): refusing means a storm: the smaller garrison dies, the stormers lose as many', () => {
    const s0 = siege([6]);
    s0.leaders.browne = leader('browne', 'austria', 2, '1125', { initiative: 0, inside: true });
    let s = act(s0, 'prussia', { type: 'siege-resolve', hex: '1125' });
    s = act(s, 'prussia', { type: 'siege-honours', hex: '1125', grant: false });
    s = act(s, 'austria', { type: 'siege-surrender', hex: '1125', accept: false });
    expect(s.ledger.eliminated).toEqual({ austria: 6, prussia: 6 });
    expect(s.leaders.browne?.status).toBe('captured');
    expect(s.ledger.prisonerLeaders['prussian-allied']).toEqual(['browne']);
    expect(s.forces['1125']).toEqual({ prussia: { out: 5, in: 1 } });
  });

  it('1756 A: a Saxon garrison denied the honours surrenders at once', () => {
    const s0 = siege([6], {
      forces: { '1623': { empire: { out: 0, in: 5 }, prussia: { out: 18, in: 0 } } },
      depots: { '1623': { hex: '1623', owner: 'prussia', status: 'complete', placedTurn: 1 } },
      besieged: ['1623'],
      leaders: {},
      rules: { prisonerExchange: [], saxonsMustSurrender: true },
    });
    let s = act(s0, 'prussia', { type: 'siege-resolve', hex: '1623' });
    s = act(s, 'prussia', { type: 'siege-honours', hex: '1623', grant: false });
    expect(siegePhaseHook.pending(s)).toEqual([]);
    expect(s.ledger.prisoners['prussian-allied']).toEqual({ empire: 5 });
  });

  it('13.33: at the deadline a waiting besieger grants the honours', () => {
    const s = act(siege([6]), 'prussia', { type: 'siege-resolve', hex: '1125' });
    const t = siegePhaseHook.timeout(structuredClone(s)).state;
    expect(t.forces['1125']?.austria).toBeUndefined();
    expect(t.ledger.prisoners['prussian-allied']).toEqual({});
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { useMap } from '../../src/engine/map-env.js';
import { prisonerExchangePhaseHook, runExchange } from '../../src/engine/prisoners/phase.js';
import type { GameState } from '../../src/engine/types.js';
import { finalScore } from '../../src/engine/victory/index.js';
import { baseState, leader, testMap } from './combat-fixtures.js';

const forts = [
  { hex: '1623', name: 'Dresden', vp: 12, region: 'saxony' as const },
  { hex: '0231', name: 'Vienna', vp: 15, region: 'austria' as const },
  { hex: '2030', name: 'Glogau', vp: 6, region: 'silesia' as const },
  { hex: '1125', name: 'Prague', vp: 10, region: 'bohemia' as const },
];
const map = testMap({ fortresses: forts, size: 40 });
beforeEach(() => useMap(map));

function withPrisoners(over: Partial<GameState> = {}): GameState {
  return baseState({
    phase: 'prisoner-exchange',
    turn: 4,
    forces: { '1623': { prussia: { out: 0, in: 3 } }, '0231': { austria: { out: 0, in: 5 } } },
    leaders: {
      fred: leader('fred', 'prussia', 1, null),
      keith: leader('keith', 'prussia', 5, null),
      lascy: leader('lascy', 'austria', 4, null),
    },
    ledger: {
      eliminated: {},
      removed: {},
      prisoners: { 'prussian-allied': { austria: 4 }, coalition: { prussia: 6 } },
      prisonerLeaders: { 'prussian-allied': ['lascy'], coalition: ['fred', 'keith'] },
      entered: {},
    },
    rules: { prisonerExchange: [{ a: ['austria'], b: ['prussia'], turns: 'even' }] },
    ...over,
  });
}

describe('Prisoner Exchange Phase (14.1)', () => {
  it('14.12-14.16: on an even turn SP go point for point and leaders one for one, home into a fortress', () => {
    const s = prisonerExchangePhaseHook.enter(withPrisoners()).state;
    expect(prisonerExchangePhaseHook.pending(s)).toEqual([]);
    expect(s.ledger.prisoners).toEqual({ 'prussian-allied': { austria: 0 }, coalition: { prussia: 2 } });
    expect(s.forces['1623']?.prussia?.in).toBe(7);
    expect(s.forces['0231']?.austria?.in).toBe(9);
    // 14.15: Frederick stays a prisoner; Keith comes home for Lascy.
    expect(s.ledger.prisonerLeaders.coalition).toEqual(['fred']);
    expect(s.leaders.keith).toMatchObject({ status: 'map', hex: '1623', inside: true });
    expect(s.leaders.lascy).toMatchObject({ status: 'map', hex: '0231', inside: true });
  });

  it('14.16: no exchange when one nationality has no unbesieged fortress of its own', () => {
    const s = prisonerExchangePhaseHook.enter(withPrisoners({ besieged: ['0231'] })).state;
    expect(s.ledger.prisoners).toEqual({ 'prussian-allied': { austria: 4 }, coalition: { prussia: 6 } });
  });

  it('14.11: nothing happens on a turn the scenario does not list', () => {
    const s = prisonerExchangePhaseHook.enter(withPrisoners({ turn: 5 })).state;
    expect(s.ledger.prisoners).toEqual({ 'prussian-allied': { austria: 4 }, coalition: { prussia: 6 } });
  });
});

describe('end of game (17.0, 14.17, 1757 B)', () => {
  it('17.0: fortress VP by garrison, minus own SP lost and unexchanged prisoners', () => {
    const s = withPrisoners();
    s.ledger.eliminated = { prussia: 10, austria: 7 };
    s.forces['2030'] = { austria: { out: 0, in: 1 } };
    s.forces['1125'] = { prussia: { out: 5, in: 0 }, austria: { out: 0, in: 1 } }; // besieged: Austrian VP
    const r = finalScore(s, map);
    // Allied: Dresden 12 - (10 + 6 prisoners) = -4; Coalition: Vienna 15 + Glogau 6 + Prague 10 - (7 + 4) = 20.
    expect(r.total).toEqual({ 'prussian-allied': -4, coalition: 20 });
    expect(r).toMatchObject({ winner: 'coalition', level: 'substantive', difference: 24, basis: 'negative' });
  });

  it('1757 B: Austrian and Prussian prisoners are exchanged at the end before the count', () => {
    const s = withPrisoners({
      rules: { prisonerExchange: [{ a: ['austria'], b: ['prussia'], turns: 'end' }] },
    });
    const r = finalScore(s, map);
    expect(r.lossVp).toEqual({ 'prussian-allied': 2, coalition: 0 });
    // finalScore works on a copy.
    expect(s.ledger.prisoners.coalition).toEqual({ prussia: 6 });
    const events: never[] = [];
    const copy = structuredClone(s);
    runExchange(copy, 'end', events);
    expect(copy.ledger.prisoners.coalition).toEqual({ prussia: 2 });
  });

  it('1757 B: the end-of-game exchange happens when the game ends: an event and the final prisoners', () => {
    const s = withPrisoners({
      turn: 18,
      lastTurn: 18,
      phasing: 'coalition',
      pending: ['prussia'],
      rules: { prisonerExchange: [{ a: ['austria'], b: ['prussia'], turns: 'end' }] },
    });
    const before = finalScore(s, map);
    const r = apply(s, 'prussia', { type: 'timeout' }, map);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.over).not.toBeNull();
    expect(r.events.some((e) => e.kind === 'prisoners-exchanged')).toBe(true);
    expect(r.state.ledger.prisoners.coalition).toEqual({ prussia: 2 });
    expect(r.state.ledger.prisoners['prussian-allied']).toEqual({ austria: 0 });
    // The count is the same as before, and the exchange is not made twice.
    expect(finalScore(r.state, map)).toEqual(before);
  });

  it("1762 B: a fortress listed as nobody's scores for no one", () => {
    const s = withPrisoners({ rules: { prisonerExchange: [], noControlFortresses: ['0231'] } });
    expect(finalScore(s, map).fortressVp.coalition).toBe(0);
  });

  it('14.15: an Allied forfeit after Frederick is captured is a decisive Coalition victory', () => {
    const s = withPrisoners({ over: { reason: 'forfeit', turn: 5 } });
    expect(finalScore(s, map)).toMatchObject({ winner: 'coalition', level: 'decisive', basis: 'forfeit' });
  });
});

describe('Prisoner Exchange Phase in the sequence of play (4.2 C, 1760 A)', () => {
  it('1760 A: the odd Game-Turn 3 still holds an Austrian-Prussian exchange', async () => {
    const { advance } = await import('../../src/engine/phases/machine.js');
    const s = withPrisoners({
      turn: 3,
      phase: 'attrition',
      phasing: 'coalition',
      rules: { prisonerExchange: [{ a: ['austria'], b: ['prussia'], turns: [3, 6, 9, 12, 15, 18] }] },
    });
    const events: import('../../src/engine/types.js').GameEvent[] = [];
    const out = advance(structuredClone(s), map, events);
    expect(events.some((e) => e.kind === 'prisoners-exchanged')).toBe(true);
    expect(out.ledger.prisoners.coalition).toEqual({ prussia: 2 });
    expect(out.turn).toBe(4);
  });
});

describe('exchange choices (14.14, 14.16)', () => {
  function choosy(): GameState {
    const s = withPrisoners();
    s.leaders.schwerin = leader('schwerin', 'prussia', 2, null);
    s.ledger.prisonerLeaders.coalition = ['fred', 'keith', 'schwerin'];
    s.forces['2030'] = { prussia: { out: 0, in: 2 } };
    return s;
  }

  it('14.14 / 14.16: the holder picks the leader he frees, the owner picks the fortress', () => {
    let s = prisonerExchangePhaseHook.enter(choosy()).state;
    // The Coalition holds two exchangeable Prussians for one Austrian; Prussia has two fortresses.
    expect(prisonerExchangePhaseHook.pending(s).sort()).toEqual(['austria', 'prussia']);
    const bad = prisonerExchangePhaseHook.apply(structuredClone(s), 'prussia', {
      type: 'exchange-choice',
      returnTo: { prussia: '0231' },
    });
    expect(bad).toMatchObject({ ok: false, error: { rule: '14.16' } });
    let r = prisonerExchangePhaseHook.apply(structuredClone(s), 'austria', {
      type: 'exchange-choice',
      release: ['schwerin'],
    });
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    r = prisonerExchangePhaseHook.apply(structuredClone(s), 'prussia', {
      type: 'exchange-choice',
      returnTo: { prussia: '2030' },
    });
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    expect(prisonerExchangePhaseHook.pending(s)).toEqual([]);
    expect(s.leaders.schwerin).toMatchObject({ status: 'map', hex: '2030' });
    expect(s.leaders.keith?.status).toBe('captured');
    expect(s.forces['2030']?.prussia?.in).toBe(6);
  });

  it('14.14: at the deadline the defaults apply (lowest-ranked leader, lowest hex id)', () => {
    const s = prisonerExchangePhaseHook.enter(choosy()).state;
    const t = prisonerExchangePhaseHook.timeout(structuredClone(s)).state;
    expect(t.leaders.keith).toMatchObject({ status: 'map', hex: '1623' });
    expect(t.leaders.schwerin?.status).toBe('captured');
  });
});

// 12.21-12.23 in the Combat Phase: units step into or out of the fortress of their hex (rulings.md
// 12.21 (Combat Phase)): the side without the option first, then the option holder; never once a
// battle there is committed (9.13); besieged fortresses are entered only after the besiegers fought.
import { beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { combatPhaseHook } from '../../src/engine/combat/phase.js';
import { eventsFor } from '../../src/engine/events.js';
import { checkInvariants } from '../../src/engine/fuzz.js';
import { useMap } from '../../src/engine/map-env.js';
import type { HookAction, HookResult } from '../../src/engine/phases/module.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { baseState, leader, testMap } from './combat-fixtures.js';

const prague = { hex: '1125', name: 'Prague', vp: 10, region: 'bohemia' as const };
const dresden = { hex: '1623', name: 'Dresden', vp: 10, region: 'saxony' as const };
const map = testMap({ fortresses: [prague, dresden], size: 30 });

beforeEach(() => useMap(map));

function act(state: GameState, seat: Seat, action: HookAction): GameState {
  const r: HookResult = combatPhaseHook.apply(structuredClone(state), seat, action);
  if (!r.ok) throw new Error(`${r.error.rule}: ${r.error.message}`);
  return r.state;
}
function tryAct(state: GameState, seat: Seat, action: HookAction): HookResult {
  return combatPhaseHook.apply(structuredClone(state), seat, action);
}
function enter(state: GameState): GameState {
  return combatPhaseHook.enter(structuredClone(state)).state;
}

/** Dresden (1623), not garrisoned: 8 Prussians under Keith (Init 1) v 20 Austrians under Daun (Init 3). */
function dresdenStandoff(dice: number[] = []) {
  return baseState({
    dice,
    forces: { '1623': { prussia: { out: 8, in: 0 }, austria: { out: 20, in: 0 } } },
    leaders: {
      keith: leader('keith', 'prussia', 5, '1623', { initiative: 1 }),
      daun: leader('daun', 'austria', 1, '1623', { initiative: 3 }),
    },
  });
}

describe('Combat Phase garrison moves in a non-besieged fortress (12.21, 12.32)', () => {
  it('12.21 / 12.32: stepping inside before the enemy option removes the force from the battle', () => {
    let s = enter(dresdenStandoff());
    // Daun holds the first option, so the Prussians (without it) answer first.
    expect(combatPhaseHook.pending(s)).toEqual(['prussia']);
    const legal = combatPhaseHook.legal(s, 'prussia');
    expect(legal).toContainEqual({
      type: 'garrison',
      hex: '1623',
      direction: 'in',
      sp: 8,
      leaders: ['keith'],
    });
    expect(legal).toContainEqual({ type: 'done' });
    s = act(s, 'prussia', { type: 'garrison', hex: '1623', direction: 'in', sp: 8, leaders: ['keith'] });
    expect(s.forces['1623']?.prussia).toEqual({ out: 0, in: 8 });
    s = act(s, 'prussia', { type: 'done' });
    // Nothing stands outside for the Austrians to attack: they never get an attack option.
    expect(combatPhaseHook.legal(s, 'austria')).not.toContainEqual({ type: 'combat-attack', hex: '1623' });
    if (combatPhaseHook.pending(s).length > 0) s = combatPhaseHook.timeout(structuredClone(s)).state;
    expect(s.combat.fought).toEqual([]);
    expect(s.forces['1623']).toEqual({ prussia: { out: 0, in: 8 }, austria: { out: 20, in: 0 } });
  });

  it('12.21: a seat that makes no garrison move leaves its force outside, open to the attack option', () => {
    let s = enter(dresdenStandoff());
    s = act(s, 'prussia', { type: 'done' });
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    expect(combatPhaseHook.legal(s, 'austria')).toContainEqual({ type: 'combat-attack', hex: '1623' });
    expect(s.forces['1623']?.prussia).toEqual({ out: 8, in: 0 });
    // The deadline default is no move as well.
    const t = combatPhaseHook.timeout(structuredClone(enter(dresdenStandoff()))).state;
    expect(t.forces['1623']?.prussia?.in ?? 0).toBe(0);
  });

  it('12.21: only the side whose step it is may move in the hex being resolved', () => {
    const s = enter(dresdenStandoff());
    expect(
      tryAct(s, 'austria', { type: 'garrison', hex: '1623', direction: 'in', sp: 20, leaders: ['daun'] }),
    ).toMatchObject({ ok: false, error: { rule: '12.21', code: 'not-your-step' } });
  });

  it('12.21: the option holder may take its own force inside before deciding', () => {
    let s = enter(dresdenStandoff());
    s = act(s, 'prussia', { type: 'done' });
    expect(combatPhaseHook.legal(s, 'austria')).toContainEqual({
      type: 'garrison',
      hex: '1623',
      direction: 'in',
      sp: 20,
      leaders: ['daun'],
    });
    s = act(s, 'austria', { type: 'garrison', hex: '1623', direction: 'in', sp: 20, leaders: ['daun'] });
    expect(s.forces['1623']?.austria).toEqual({ out: 0, in: 20 });
    expect(s.leaders.daun!.inside).toBe(true);
  });

  it('12.21: the move costs nothing, takes no step of its own elsewhere, and keeps the fuzzer invariants', () => {
    const s0 = dresdenStandoff();
    // A quiet fortress hex with no battle to come: the Austrians there may move in at any time.
    s0.forces['1125'] = { austria: { out: 4, in: 0 } };
    s0.ledger.entered = { prussia: 8, austria: 24 };
    const s = enter(s0);
    s.pending = combatPhaseHook.pending(s);
    expect(s.pending).toEqual(['prussia']);
    const r = apply(
      s,
      'prussia',
      { type: 'garrison', hex: '1623', direction: 'in', sp: 8, leaders: ['keith'] },
      map,
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.movement).toEqual(s.movement);
    expect(r.state.pending).toEqual(['prussia']);
    expect(checkInvariants(r.state)).toEqual([]);
    // 12.21 / rulings.md: the events tell the other side only that units went in, not how many.
    const seen = eventsFor(r.events, 'austria', r.state.seatSide);
    expect(seen.length).toBeGreaterThan(0);
    for (const e of seen) expect(JSON.stringify(e)).not.toMatch(/\b8\b/);
    expect(eventsFor(r.events, 'prussia', r.state.seatSide).some((e) => e.data?.sp === 8)).toBe(true);
    // Austria is not pending, yet may garrison the quiet fortress; the pending step is unchanged.
    const q = apply(r.state, 'austria', { type: 'garrison', hex: '1125', direction: 'in', sp: 4 }, map);
    if (!q.ok) throw new Error(q.error.message);
    expect(q.state.forces['1125']?.austria).toEqual({ out: 0, in: 4 });
    expect(q.state.pending).toEqual(['prussia']);
    expect(q.state.movement).toEqual(s.movement);
    expect(checkInvariants(q.state)).toEqual([]);
  });
});

describe('Combat Phase garrison moves and the rank order of movement (5.34, 12.21)', () => {
  it('5.34: a leader bypassed in the March Phase may still come out of a fortress in the Combat Phase', () => {
    const s0 = dresdenStandoff();
    // A quiet fortress: Harsch and 4 Austrians inside Prague; Harsch was bypassed in the March Phase.
    s0.forces['1125'] = { austria: { out: 0, in: 4 } };
    s0.leaders.harsch = leader('harsch', 'austria', 6, '1125', { inside: true });
    s0.movement.bypassed = ['harsch'];
    s0.ledger.entered = { prussia: 8, austria: 24 };
    const s = enter(s0);
    s.pending = combatPhaseHook.pending(s);
    const r = apply(
      s,
      'austria',
      { type: 'garrison', hex: '1125', direction: 'out', sp: 4, leaders: ['harsch'] },
      map,
    );
    if (!r.ok) throw new Error(`${r.error.rule}: ${r.error.message}`);
    expect(r.state.forces['1125']?.austria).toEqual({ out: 4, in: 0 });
    expect(r.state.leaders.harsch!.inside).toBe(false);
  });
});

describe('Combat Phase garrison moves once a battle is committed (9.12, 9.13)', () => {
  it('9.13: no garrison move in the hex once the battle there is committed; the loser retreats', () => {
    // Fred (3) v Daun (1) at Dresden. Battle die 6 - 1 = 5 at 100%: the Austrians lose and retreat.
    const s0 = baseState({
      dice: [6, 2],
      forces: { '1623': { prussia: { out: 20, in: 0 }, austria: { out: 20, in: 0 } } },
      leaders: {
        fred: leader('fred', 'prussia', 1, '1623', { initiative: 3 }),
        daun: leader('daun', 'austria', 1, '1623', { initiative: 1, defence: 1 }),
      },
    });
    let s = enter(s0);
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    s = act(s, 'austria', { type: 'done' });
    s = act(s, 'prussia', { type: 'combat-attack', hex: '1623' });
    expect(s.combat.committed).toEqual(['1623']);
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    const out = s.forces['1623']!.austria!.out;
    expect(out).toBeGreaterThan(0);
    expect(combatPhaseHook.legal(s, 'austria').every((a) => a.type === 'combat-retreat')).toBe(true);
    for (const [seat, sp, leaders] of [
      ['austria', out, ['daun']],
      ['prussia', s.forces['1623']!.prussia!.out, ['fred']],
    ] as const)
      expect(
        tryAct(s, seat, { type: 'garrison', hex: '1623', direction: 'in', sp, leaders: [...leaders] }),
      ).toMatchObject({ ok: false, error: { rule: '9.13', code: 'battle-committed' } });
  });
});

describe('Combat Phase garrison moves at a besieged fortress (12.23)', () => {
  /** 12.23 example at Prague (1125) plus a field battle at 0505 ordered after it. */
  function pragueSiege(dice: number[]) {
    return baseState({
      dice,
      forces: {
        '1125': { austria: { out: 5, in: 10 }, prussia: { out: 20, in: 0 } },
        '0505': { prussia: { out: 10, in: 0 }, austria: { out: 10, in: 0 } },
      },
      leaders: {
        keith: leader('keith', 'prussia', 5, '1125', { initiative: 2 }),
        browne: leader('browne', 'austria', 2, '1125', { initiative: 1, attack: 2 }),
        fred: leader('fred', 'prussia', 1, '0505', { initiative: 3 }),
        daun: leader('daun', 'austria', 1, '0505', { initiative: 1 }),
      },
      depots: { '1125': { hex: '1125', owner: 'prussia', status: 'complete', placedTurn: 1 } },
      besieged: ['1125'],
    });
  }

  it('12.23: units outside cannot enter a besieged fortress before the besiegers fought, and can after', () => {
    let s = enter(pragueSiege([6, 1]));
    s = act(s, 'prussia', { type: 'combat-order', hexes: ['1125', '0505'] });
    // Besieged: no garrison step before the option (Keith holds it).
    expect(combatPhaseHook.pending(s)).toEqual(['prussia']);
    s = act(s, 'prussia', { type: 'combat-decline', hex: '1125' });
    expect(combatPhaseHook.legal(s, 'austria').some((a) => a.type === 'garrison')).toBe(false);
    expect(
      tryAct(s, 'austria', { type: 'garrison', hex: '1125', direction: 'in', sp: 5, leaders: ['browne'] }),
    ).toMatchObject({ ok: false, error: { rule: '12.23', code: 'besieged-entry' } });
    // 12.23 example: nine come out and join the five; die 6 + 2 = 8 at column 66 (20/20) is a draw
    // (Austria loses 3, Prussia 4: 4 + 1 v 3 + 2), and the survivors choose to stay outside for now.
    s = act(s, 'austria', { type: 'combat-sortie', hex: '1125', sp: { austria: 9 } });
    s = act(s, 'austria', { type: 'combat-attack', hex: '1125' });
    expect(s.combat.besiegersFought).toEqual(['1125']);
    s = act(s, 'austria', { type: 'combat-retreat', hex: '1125', to: '1125' });
    // The phase goes on at 0505; the survivors at Prague may now go back inside.
    expect(combatPhaseHook.pending(s).length).toBeGreaterThan(0);
    const outside = s.forces['1125']!.austria!.out;
    expect(outside).toBeGreaterThan(0);
    s = act(s, 'austria', {
      type: 'garrison',
      hex: '1125',
      direction: 'in',
      sp: outside,
      leaders: ['browne'],
    });
    expect(s.forces['1125']?.austria).toEqual({ out: 0, in: outside + 1 });
  });

  it('12.21: a hex still waiting for its battle takes no garrison move before its turn', () => {
    const s0 = pragueSiege([]);
    s0.forces['1623'] = { prussia: { out: 6, in: 0 }, austria: { out: 6, in: 0 } };
    const s = enter(s0);
    expect(tryAct(s, 'prussia', { type: 'garrison', hex: '1623', direction: 'in', sp: 6 })).toMatchObject({
      ok: false,
      error: { rule: '12.21', code: 'hex-not-current' },
    });
  });
});

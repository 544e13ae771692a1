import { beforeEach, describe, expect, it } from 'vitest';
import { combatPhaseHook } from '../../src/engine/combat/phase.js';
import { useMap } from '../../src/engine/map-env.js';
import type { HookAction, HookResult } from '../../src/engine/phases/module.js';
import { computeSupply } from '../../src/engine/rules/supply.js';
import { supremeCommander } from '../../src/engine/state.js';
import type { GameState, Seat } from '../../src/engine/types.js';
import { view } from '../../src/engine/view.js';
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
/** The destination of a listed retreat action. */
function retreatTo(a: HookAction): string {
  if (a.type !== 'combat-retreat') throw new Error(`not a retreat: ${a.type}`);
  return a.to;
}
function enter(state: GameState): GameState {
  const r = combatPhaseHook.enter(structuredClone(state));
  return r.state;
}

/** 20 Prussians with Frederick (Init 3) v 20 Austrians with Daun (Init 1) in 0505. */
function fieldBattle(dice: number[] = []) {
  return baseState({
    dice,
    forces: { '0505': { prussia: { out: 20, in: 0 }, austria: { out: 20, in: 0 } } },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1, defence: 1 }),
    },
  });
}

describe('Combat Phase: the option to attack (9.0)', () => {
  it('9.0: the side whose commander has the higher Initiative holds the first option', () => {
    const s = enter(fieldBattle());
    expect(combatPhaseHook.pending(s)).toEqual(['prussia']);
    expect(combatPhaseHook.legal(s, 'prussia')).toContainEqual({ type: 'combat-attack', hex: '0505' });
  });

  it('9.0: a decline passes the option; two declines mean no battle and the phase ends', () => {
    let s = enter(fieldBattle());
    s = act(s, 'prussia', { type: 'combat-decline', hex: '0505' });
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    s = act(s, 'austria', { type: 'combat-decline', hex: '0505' });
    expect(combatPhaseHook.pending(s)).toEqual([]);
    expect(s.forces['0505']).toEqual({ prussia: { out: 20, in: 0 }, austria: { out: 20, in: 0 } });
    expect(s.combat.fought).toEqual([]);
  });

  it('9.0: equal Initiatives are settled by a die each', () => {
    const s0 = fieldBattle([2, 5]);
    s0.leaders.fred!.initiative = 1;
    const s = enter(s0);
    expect(combatPhaseHook.pending(s)).toEqual(['austria']); // 2 v 5
  });

  it('9.0: only the side holding the option may use it', () => {
    const s = enter(fieldBattle());
    expect(tryAct(s, 'austria', { type: 'combat-attack', hex: '0505' })).toMatchObject({
      ok: false,
      error: { rule: '9.0' },
    });
  });

  it('9.14: a demoralized force never gets the option', () => {
    const s0 = fieldBattle();
    s0.demoralized['prussian-allied'] = ['0505'];
    const s = enter(s0);
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    expect(combatPhaseHook.legal(s, 'austria')).toContainEqual({ type: 'combat-attack', hex: '0505' });
  });

  it('5.54: a force that crossed a pass into the hex may not decline', () => {
    const s0 = fieldBattle();
    s0.movement.mustAttack = [{ hex: '0505', side: 'prussian-allied' }];
    const s = enter(s0);
    expect(tryAct(s, 'prussia', { type: 'combat-decline', hex: '0505' })).toMatchObject({
      ok: false,
      error: { rule: '5.54' },
    });
    expect(combatPhaseHook.legal(s, 'prussia')).toEqual([{ type: 'combat-attack', hex: '0505' }]);
  });

  it('9.0: the phasing player orders several contested hexes; each is resolved in that order', () => {
    const s0 = fieldBattle();
    s0.forces['0808'] = { prussia: { out: 5, in: 0 }, austria: { out: 5, in: 0 } };
    s0.leaders.lascy = leader('lascy', 'austria', 3, '0808', { initiative: 2 });
    let s = enter(s0);
    expect(combatPhaseHook.pending(s)).toEqual(['prussia']);
    expect(tryAct(s, 'prussia', { type: 'combat-order', hexes: ['0808'] })).toMatchObject({ ok: false });
    s = act(s, 'prussia', { type: 'combat-order', hexes: ['0808', '0505'] });
    // 0808 first: Lascy (2) outranks a leaderless Prussian force (0).
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
  });
});

describe('Combat Phase: a battle (9.0-9.5)', () => {
  it('9.0: attacking reveals both forces to the two players only, resolves, and the loser retreats demoralized', () => {
    // Battle die 6 (+0 attack, -1 Daun) = 5 on 100%: 20/25 -> Prussians lose 4, Austrians 5.
    // Totals: Prussia 5 + 3 = 8, Austria 4 + 1 = 5 -> 3 Austrian prisoners; retreat die 2 (+1) = 3 MP.
    let s = enter(fieldBattle([6, 2]));
    s = act(s, 'prussia', { type: 'combat-attack', hex: '0505' });
    expect(s.combat.committed).toEqual(['0505']);
    expect(s.combat.fought).toEqual(['0505']);
    expect(s.ledger.eliminated).toEqual({ prussia: 4, austria: 5 });
    expect(s.ledger.prisoners['prussian-allied']).toEqual({ austria: 3 });
    // The defeated Austrians must pick one of the offered ends.
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    const opts = combatPhaseHook.legal(s, 'austria');
    expect(opts.length).toBeGreaterThan(1);
    for (const a of opts) expect(a.type).toBe('combat-retreat');
    const to = retreatTo(opts[1]!);
    s = act(s, 'austria', { type: 'combat-retreat', hex: '0505', to });
    expect(s.forces['0505']).toEqual({ prussia: { out: 16, in: 0 } });
    expect(s.forces[to]).toEqual({ austria: { out: 12, in: 0 } });
    expect(s.leaders.daun!.hex).toBe(to);
    expect(s.demoralized.coalition).toEqual([to]);
    expect(combatPhaseHook.pending(s)).toEqual([]);
  });

  it('9.0: the committed battle is shown to both players but not to the public', () => {
    let s = enter(fieldBattle([6, 2]));
    s = act(s, 'prussia', { type: 'combat-attack', hex: '0505' });
    const austrianEye = view(s, 'austria', [], map).hexes.find((h) => h.hex === '0505');
    expect(austrianEye?.stacks.find((x) => x.side === 'prussian-allied')?.sp).toEqual({
      prussia: { out: 16, in: 0 },
    });
    const publicEye = view(s, 'public', [], map).hexes.find((h) => h.hex === '0505');
    expect(publicEye?.stacks.every((x) => x.sp === undefined)).toBe(true);
  });

  it('9.12: a hex is fought over only once per Combat Phase', () => {
    let s = enter(fieldBattle([3, 1]));
    // Die 3 - 1 = 2 at 100%: 25/15 -> Prussia loses 5, Austria 3; totals 3 + 3 = 6 v 5 + 1 = 6: a draw.
    s = act(s, 'prussia', { type: 'combat-attack', hex: '0505' });
    expect(s.ledger.eliminated).toEqual({ prussia: 5, austria: 3 });
    expect(s.forces['0505']).toEqual({ prussia: { out: 15, in: 0 }, austria: { out: 17, in: 0 } });
    expect(combatPhaseHook.pending(s)).toEqual([]);
    expect(tryAct(s, 'austria', { type: 'combat-attack', hex: '0505' })).toMatchObject({ ok: false });
  });

  it('9.52: a deadline takes the default retreat', () => {
    let s = enter(fieldBattle([6, 2]));
    s = act(s, 'prussia', { type: 'combat-attack', hex: '0505' });
    const first = combatPhaseHook.legal(s, 'austria')[0]!;
    s = combatPhaseHook.timeout(structuredClone(s)).state;
    expect(s.leaders.daun!.hex).toBe(retreatTo(first));
  });

  it('9.22: a battle in a Mountain hex takes two off the roll', () => {
    useMap(testMap({ fortresses: [prague, dresden], size: 30, mountains: ['0505'] }));
    // Die 6 - 1 - 2 = 3 at 100%: 20/20 -> 4 each; 4 + 3 = 7 v 4 + 1 = 5 -> Prussian win.
    let s = enter(fieldBattle([6, 2]));
    s = act(s, 'prussia', { type: 'combat-attack', hex: '0505' });
    expect(s.ledger.eliminated).toEqual({ prussia: 4, austria: 4 });
  });
});

describe('Combat Phase around a besieged fortress (12.23, 12.33, 13.14)', () => {
  /** 12.23 example: 10 Austrians besieged in 1125 by 20 Prussians; 5 more Austrians outside. */
  function pragueSiege(dice: number[]) {
    return baseState({
      dice,
      forces: { '1125': { austria: { out: 5, in: 10 }, prussia: { out: 20, in: 0 } } },
      leaders: {
        keith: leader('keith', 'prussia', 5, '1125', { initiative: 2 }),
        browne: leader('browne', 'austria', 2, '1125', { initiative: 1, attack: 2 }),
      },
      depots: { '1125': { hex: '1125', owner: 'prussia', status: 'complete', placedTurn: 1 } },
      besieged: ['1125'],
    });
  }

  it('12.33: units inside the fortress take no part unless they come out', () => {
    // Keith (2) has the option; Prussians attack the 5 outside only.
    let s = enter(pragueSiege([4, 1]));
    expect(combatPhaseHook.pending(s)).toEqual(['prussia']);
    s = act(s, 'prussia', { type: 'combat-attack', hex: '1125' });
    expect(s.forces['1125']?.austria?.in).toBe(10);
    expect(s.combat.besiegersFought).toEqual(['1125']);
  });

  it('12.23 example: nine come out, join the five and win: the Prussians retreat and the siege is lifted', () => {
    // At 14 v 20 (70%, column 66) the Austrians need the better commander (9.6 as re-shaped in issue
    // 20: below 1:1 equal leaders lose): a Browne of Initiative 3 holds the option (9.0) and sorties
    // 9. Die 6 + 2 = 8: 20/20. Austria loses 3, Prussia 4; totals 4 + 3 = 7 v 3 + 2 = 5: Austria
    // wins, 2 Prussian prisoners.
    const s0 = pragueSiege([6, 1]);
    s0.leaders.browne!.initiative = 3;
    let s = enter(s0);
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    expect(combatPhaseHook.legal(s, 'austria')).toContainEqual({
      type: 'combat-sortie',
      hex: '1125',
      sp: { austria: 10 },
    });
    s = act(s, 'austria', { type: 'combat-sortie', hex: '1125', sp: { austria: 9 } });
    s = act(s, 'austria', { type: 'combat-attack', hex: '1125' });
    expect(s.ledger.eliminated).toEqual({ austria: 3, prussia: 4 });
    expect(s.ledger.prisoners.coalition).toEqual({ prussia: 2 });
    if (combatPhaseHook.pending(s).length > 0) s = combatPhaseHook.timeout(s).state;
    expect(s.forces['1125']?.prussia).toBeUndefined();
    // 9.56/10.46: the Prussian siege depot stays behind and falls to the Austrians: no more siege.
    expect(s.depots['1125']?.owner).toBe('austria');
    expect(s.combat.besiegersFought).toEqual(['1125']);
  });

  it('12.23 example: beaten sortie survivors may retreat back into the fortress; the siege goes on', () => {
    // Die 1 + 2 = 3 on 66%: 25/10 -> Austria loses 4 (of 14), Prussia 2; 2 + 1 = 3 v 4 + 2 = 6:
    // Prussia wins by 3, so 3 more Austrians are captured; 7 survivors retreat.
    let s = enter(pragueSiege([1, 3]));
    s = act(s, 'prussia', { type: 'combat-decline', hex: '1125' });
    s = act(s, 'austria', { type: 'combat-sortie', hex: '1125', sp: { austria: 9 } });
    s = act(s, 'austria', { type: 'combat-attack', hex: '1125' });
    expect(combatPhaseHook.legal(s, 'austria')).toContainEqual({
      type: 'combat-retreat',
      hex: '1125',
      to: 'fortress',
    });
    s = act(s, 'austria', { type: 'combat-retreat', hex: '1125', to: 'fortress' });
    expect(s.forces['1125']?.austria).toEqual({ out: 0, in: 8 });
    expect(s.leaders.browne!.inside).toBe(true);
    expect(s.depots['1125']?.owner).toBe('prussia');
  });

  it('12.23 example: after a sortie that ends in a draw, the survivors may go back in or retreat out', () => {
    // Browne (Attack 2): die 6 + 2 = 8 on column 66 is 20/20: Austria loses 3, Prussia 4; totals
    // 4 + 1 = 5 v 3 + 2 = 5, a draw; 11 Austrians survive outside.
    const drawn = () => {
      let s = enter(pragueSiege([6, 3]));
      s = act(s, 'prussia', { type: 'combat-decline', hex: '1125' });
      s = act(s, 'austria', { type: 'combat-sortie', hex: '1125', sp: { austria: 9 } });
      return act(s, 'austria', { type: 'combat-attack', hex: '1125' });
    };
    const s = drawn();
    expect(s.forces['1125']?.austria).toEqual({ out: 11, in: 1 });
    // The last battle of the phase: the phase still waits for the Austrians' choice.
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    const legal = combatPhaseHook.legal(s, 'austria');
    expect(legal[0]).toEqual({ type: 'combat-retreat', hex: '1125', to: '1125' });
    expect(legal).toContainEqual({ type: 'combat-retreat', hex: '1125', to: 'fortress' });
    const out = legal.find((a) => a.type === 'combat-retreat' && a.to !== 'fortress' && a.to !== '1125');
    expect(out).toBeDefined();
    // Back inside: the whole force, leader too; a draw demoralizes nobody.
    const inside = act(s, 'austria', { type: 'combat-retreat', hex: '1125', to: 'fortress' });
    expect(inside.forces['1125']?.austria).toEqual({ out: 0, in: 12 });
    expect(inside.leaders.browne!.inside).toBe(true);
    expect(inside.demoralized.coalition).toEqual([]);
    expect(combatPhaseHook.pending(inside)).toEqual([]);
    // Out of the hex toward supply.
    const away = act(s, 'austria', out!);
    expect(away.forces['1125']?.austria).toEqual({ out: 0, in: 1 });
    expect(away.demoralized.coalition).toEqual([]);
    // Staying is the default (deadline).
    const stay = combatPhaseHook.timeout(structuredClone(s)).state;
    expect(stay.forces['1125']?.austria).toEqual({ out: 11, in: 1 });
    // The besiegers may not choose for them.
    expect(tryAct(s, 'prussia', { type: 'combat-retreat', hex: '1125', to: 'fortress' }).ok).toBe(false);
  });

  it('13.14: during the Combat Phase every view, the public too, shows the besiegers strength', () => {
    const s = enter(pragueSiege([]));
    for (const viewer of ['public', 'austria', 'prussia'] as const) {
      const h = view(s, viewer, [], map).hexes.find((x) => x.hex === '1125');
      expect(h?.stacks.find((x) => x.side === 'prussian-allied')?.sp).toEqual({
        prussia: { out: 20, in: 0 },
      });
    }
    const pub = view(s, 'public', [], map).hexes.find((x) => x.hex === '1125');
    expect(pub?.stacks.find((x) => x.side === 'coalition')?.sp).toBeUndefined();
  });

  it('10.31 example in a siege: Austrians at Prague are supplied there but trace nothing out; Prussians are supplied from Dresden', () => {
    const s = baseState({
      forces: {
        '1125': { austria: { out: 10, in: 1 }, prussia: { out: 15, in: 0 } },
        '1623': { prussia: { out: 0, in: 1 } },
      },
    });
    const coalition = computeSupply(s, map, 'coalition');
    expect(coalition.supplied.has('1125')).toBe(true);
    expect(coalition.supplied.has('1124')).toBe(false);
    expect(computeSupply(s, map, 'prussian-allied').supplied.has('1125')).toBe(true);
  });
});

describe('Combat Phase wired into the phase machine (4.2 A6)', () => {
  it('4.2: apply() routes combat actions to the hook and moves on to the Siege Phase when done', async () => {
    const { apply } = await import('../../src/engine/apply.js');
    const { enterPhase } = await import('../../src/engine/phases/machine.js');
    const s0 = fieldBattle([6, 2]);
    s0.phase = 'forcemarch';
    const s = enterPhase(structuredClone(s0), map, 'combat', []);
    expect(s.phase).toBe('combat');
    expect(s.pending).toEqual(['prussia']);
    const r = apply(s, 'prussia', { type: 'combat-attack', hex: '0505' }, map);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.pending).toEqual(['austria']);
    expect(r.events.some((e) => e.kind === 'battle')).toBe(true);
    const bad = apply(r.state, 'austria', { type: 'combat-retreat', hex: '0505', to: '0101' }, map);
    expect(bad).toMatchObject({ ok: false, error: { rule: '9.52' } });
    const t = apply(r.state, 'austria', { type: 'timeout' }, map);
    if (!t.ok) throw new Error(t.error.message);
    expect(t.state.phase).not.toBe('combat');
  });
});

describe('leaders lost in battle (9.44, 8.12)', () => {
  it('9.44 / 8.12: an L result kills the commander for good and the next rank number succeeds him', () => {
    // Frederick with Attack 2 rolls 6: 8 on 100% = 10/30L. Daun (the only Austrian leader there) dies.
    const s0 = fieldBattle([6, 3]);
    s0.leaders.fred!.attack = 2;
    s0.leaders.daun!.defence = 0;
    s0.leaders.lascy = leader('lascy', 'austria', 3, '0909', { initiative: 2 });
    let s = enter(s0);
    s = act(s, 'prussia', { type: 'combat-attack', hex: '0505' });
    expect(s.leaders.daun).toMatchObject({ status: 'killed', hex: null });
    expect(s.ledger.eliminated).toEqual({ prussia: 2, austria: 6 });
    // Austrian total 2 + 0 (Daun is dead) against 6 + 3: seven prisoners.
    expect(s.ledger.prisoners['prussian-allied']).toEqual({ austria: 7 });
    expect(supremeCommander(s, 'austria')?.id).toBe('lascy');
  });
});

describe('retreats on the board (9.57, 8.31, 9.11)', () => {
  it('9.57: a mixed Austro-Russian force retreats as one, at its commander Initiative', () => {
    // Fermor (Init 2) commands: the Russians are the larger contingent.
    const s0 = baseState({
      dice: [6, 1],
      forces: {
        '0505': { prussia: { out: 20, in: 0 }, austria: { out: 8, in: 0 }, russia: { out: 12, in: 0 } },
      },
      leaders: {
        fred: leader('fred', 'prussia', 1, '0505', { initiative: 3 }),
        lascy: leader('lascy', 'austria', 3, '0505', { initiative: 1 }),
        fermor: leader('fermor', 'russia', 2, '0505', { initiative: 2 }),
      },
    });
    let s = enter(s0);
    s = act(s, 'prussia', { type: 'combat-attack', hex: '0505' });
    // (Die 6 on 100% is 15/25: Prussia loses 3, the allies 5, Russians first; 5 + 3 = 8 v 3 + 2 = 5.)
    // Retreat die 1 + Fermor's 2 = 3 MP.
    const opts = combatPhaseHook.legal(s, 'russia');
    expect(opts.length).toBeGreaterThan(0);
    const to = retreatTo(opts[0]!);
    s = act(s, 'russia', { type: 'combat-retreat', hex: '0505', to });
    const moved = s.forces[to]!;
    expect((moved.austria?.out ?? 0) + (moved.russia?.out ?? 0)).toBe(12); // 20 - 5 lost - 3 prisoners
    expect(s.leaders.lascy!.hex).toBe(to);
    expect(s.leaders.fermor!.hex).toBe(to);
    expect(s.forces['0505']?.austria).toBeUndefined();
    expect(s.forces['0505']?.russia).toBeUndefined();
  });

  it('8.31: a retreating force captures an enemy leader standing alone on its path', () => {
    // Battle in the corner hex 0101, whose only exits are 0102 (Keith alone there) and 0201 (a lake).
    useMap(testMap({ size: 12, lakes: ['0201'] }));
    const s0 = baseState({
      dice: [6, 2],
      forces: { '0101': { prussia: { out: 20, in: 0 }, austria: { out: 20, in: 0 } } },
      leaders: {
        fred: leader('fred', 'prussia', 1, '0101', { initiative: 3 }),
        daun: leader('daun', 'austria', 1, '0101', { initiative: 1, defence: 1 }),
        keith: leader('keith', 'prussia', 5, '0102', { initiative: 1 }),
      },
    });
    let s = enter(s0);
    s = act(s, 'prussia', { type: 'combat-attack', hex: '0101' });
    // Retreat die 2 + 1 = 3 MP: 0102 costs 2 (enemy-occupied), then one more hex.
    const opts = combatPhaseHook.legal(s, 'austria');
    expect(opts.map(retreatTo).sort()).toEqual(['0103', '0202']);
    s = act(s, 'austria', { type: 'combat-retreat', hex: '0101', to: '0202' });
    expect(s.leaders.keith).toMatchObject({ status: 'captured', hex: null });
    expect(s.ledger.prisonerLeaders.coalition).toEqual(['keith']);
  });

  it('9.11 / 12.32: with the enemy only inside the fortress there is nothing to attack', () => {
    const s0 = baseState({ forces: { '1125': { prussia: { out: 10, in: 0 }, austria: { out: 0, in: 3 } } } });
    const s = enter(s0);
    // The besieger may not attack the garrison; the garrison side holds the option (it could sortie).
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    expect(combatPhaseHook.legal(s, 'austria')).toEqual([
      { type: 'combat-decline', hex: '1125' },
      { type: 'combat-sortie', hex: '1125', sp: { austria: 3 } },
    ]);
    const r = combatPhaseHook.apply(structuredClone(s), 'austria', { type: 'combat-attack', hex: '1125' });
    expect(r).toMatchObject({ ok: false, error: { rule: '9.23' } });
  });

  it('16.22: a garrison in winter quarters may not sortie in the Combat Phase', () => {
    // Turn 16: 3 Austrians in winter quarters in Prague, 10 more outside, 10 Prussians outside.
    const s0 = baseState({
      turn: 16,
      forces: { '1125': { prussia: { out: 10, in: 0 }, austria: { out: 10, in: 3 } } },
      leaders: {
        keith: leader('keith', 'prussia', 5, '1125', { initiative: 1 }),
        browne: leader('browne', 'austria', 2, '1125', { initiative: 3 }),
      },
    });
    const s = enter(s0);
    expect(combatPhaseHook.pending(s)).toEqual(['austria']);
    const legal = combatPhaseHook.legal(s, 'austria');
    expect(legal).toContainEqual({ type: 'combat-attack', hex: '1125' });
    expect(legal.filter((a) => a.type === 'combat-sortie')).toEqual([]);
    const r = tryAct(s, 'austria', { type: 'combat-sortie', hex: '1125', sp: { austria: 3 } });
    expect(r).toMatchObject({ ok: false, error: { rule: '16.22' } });
    expect(s.forces['1125']?.austria).toEqual({ out: 10, in: 3 });
  });

  it('16.22: a garrison in winter quarters gives its side no attack option by itself', () => {
    const s0 = baseState({
      turn: 16,
      forces: { '1125': { prussia: { out: 10, in: 0 }, austria: { out: 0, in: 3 } } },
    });
    const s = enter(s0);
    expect(combatPhaseHook.legal(s, 'austria')).toEqual([]);
    expect(s.combat.fought).toEqual([]);
  });

  it('12.11: a sortie of more SP than are inside is refused and changes nothing', () => {
    const s0 = baseState({ forces: { '1125': { prussia: { out: 10, in: 0 }, austria: { out: 0, in: 3 } } } });
    const s = enter(s0);
    const r = combatPhaseHook.apply(structuredClone(s), 'austria', {
      type: 'combat-sortie',
      hex: '1125',
      sp: { austria: 4 },
    });
    expect(r).toMatchObject({ ok: false, error: { rule: '12.11' } });
    expect(s.forces['1125']?.austria).toEqual({ out: 0, in: 3 });
  });
});

describe('battle reports (9.0, architecture: views by allow-list)', () => {
  it('9.0: the battle report goes to the two sides only and carries no leader ratings', () => {
    const s = enter(fieldBattle([6, 2]));
    const r = combatPhaseHook.apply(structuredClone(s), 'prussia', { type: 'combat-attack', hex: '0505' });
    if (!r.ok) throw new Error(r.error.message);
    const battle = r.events.find((e) => e.kind === 'battle')!;
    expect(battle.vis).toEqual({ to: 'sides', sides: ['prussian-allied', 'coalition'] });
    expect(JSON.stringify(battle.data)).not.toMatch(/initiative|attack"|defence/);
    const pub = r.events.filter((e) => e.vis.to === 'all');
    expect(pub.map((e) => e.kind)).toEqual(['battle-public']);
  });
});

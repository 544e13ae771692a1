// Issue #16: the Combat Phase's `tactical` stage: a campaign battle fought out on the Leuthen map
// as part of the campaign game (one state, one action log), through the strategic engine's apply.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combatPhaseHook, useTacticalHost } from '../../../src/engine/combat/phase.js';
import type { Action, GameEvent, GameState, Seat } from '../../../src/engine/index.js';
import { apply, legalActions, pendingSeats, stepOf, view } from '../../../src/engine/index.js';
import { useMap } from '../../../src/engine/map-env.js';
import { createTacticalHost } from '../../../src/tactical/bridge/host.js';
import { baseState, leader, testMap } from '../../engine/combat-fixtures.js';

const map = testMap({ size: 30 });
beforeEach(() => {
  useMap(map);
  useTacticalHost(createTacticalHost());
});
afterEach(() => useTacticalHost(undefined));

/** Prussia attacks Austria and Russia at 0505 (mode always); Hanover and Sweden stand elsewhere. */
function campaign(): GameState {
  const s = baseState({
    forces: {
      '0505': {
        prussia: { out: 10, in: 0 },
        austria: { out: 6, in: 0 },
        russia: { out: 4, in: 0 },
      },
      '1010': { hanover: { out: 3, in: 0 } },
      '2020': { sweden: { out: 3, in: 0 } },
    },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3, attack: 1 }),
      zieten: leader('zieten', 'prussia', 3, '0505', { initiative: 2 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1, defence: 1 }),
      fermor: leader('fermor', 'russia', 1, '0505', { initiative: 1 }),
      ferdinand: leader('ferdinand', 'hanover', 1, '1010', { initiative: 2 }),
      lehwaldt: leader('lehwaldt', 'sweden', 1, '2020', { initiative: 1 }),
    },
    tactical: { mode: 'always', minSp: 6 },
  });
  const e = combatPhaseHook.enter(s).state;
  e.pending = combatPhaseHook.pending(e);
  return e;
}

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
}

function started(): { state: GameState; events: GameEvent[] } {
  const r = ok(apply(campaign(), 'prussia', { type: 'combat-attack', hex: '0505' }, map));
  return { state: r.state, events: r.events };
}

const battleOf = (s: GameState) => s.combat.hook.combat?.battle;

/** Plays the battle with the autopilot for every awaited seat until the stage ends. */
function fightOut(s: GameState, limit = 20_000): { state: GameState; events: GameEvent[]; orders: number } {
  const events: GameEvent[] = [];
  let orders = 0;
  while (s.combat.hook.combat?.stage === 'tactical' && orders < limit) {
    const seat = pendingSeats(s)[0]!;
    const a = combatPhaseHook.autopilot!(s, seat)!;
    const r = ok(apply(s, seat, a, map));
    s = r.state;
    events.push(...r.events);
    orders++;
  }
  return { state: s, events, orders };
}

describe('the tactical stage of the Combat Phase (issue #16)', () => {
  it('8.23: each nationality holds its own formations; the commander also holds the side seat', () => {
    const { state, events } = started();
    const b = battleOf(state)!;
    expect(b.hex).toBe('0505');
    expect(b.seats.prussia).toBe('prussia');
    expect(['austria', 'russia']).toContain(b.seats.austria);
    const formations = Object.entries(b.seats).filter(([t]) => t.includes(':'));
    expect(formations.some(([t, s]) => t.startsWith('austria:') && s === 'russia')).toBe(true);
    expect(formations.some(([t, s]) => t.startsWith('austria:') && s === 'austria')).toBe(true);
    expect(formations.filter(([t]) => t.startsWith('prussia:')).every(([, s]) => s === 'prussia')).toBe(true);
    // The step names the hex and the tactical step; the start is told to the participants only.
    expect(stepOf(state)).toMatch(/^combat\.tactical@0505#.+#\d+$/);
    const start = events.find((e) => e.kind === 'tactical-start')!;
    expect(start.vis).toEqual({ to: 'seats', seats: ['prussia', 'austria', 'russia'] });
    expect(events.filter((e) => e.vis.to === 'all').map((e) => e.text)).toEqual([
      'A battle is being fought at 0505.',
    ]);
  });

  it('9.0: participants see the battle from their side; other seats and the public only that it is underway', () => {
    const { state } = started();
    const vp = view(state, 'prussia', [], map);
    const part = vp.combat?.tactical;
    expect(part && 'view' in part && part.seats).toContain('prussia');
    expect(part && 'view' in part && (part.view as { viewer: string }).viewer).toBe('prussia');
    const vr = view(state, 'russia', [], map).combat?.tactical;
    expect(vr && 'view' in vr && (vr.view as { viewer: string }).viewer).toBe('austria');
    expect(vr && 'view' in vr && vr.seats.every((t) => t.startsWith('austria:') || t === 'austria')).toBe(
      true,
    );
    for (const outsider of ['hanover', 'sweden', 'public'] as const) {
      const v = view(state, outsider, [], map);
      expect(v.combat).toEqual({ tactical: { hex: '0505', underway: true } });
      // Nothing of the tactical game in the outsider's view (no unit, formation or step).
      const text = JSON.stringify(v);
      const someUnit = (battleOf(state)!.session as { tac: { units: { id: string }[] } }).tac.units[0]!.id;
      expect(text).not.toContain(someUnit);
      expect(text).not.toContain('tactical@');
      expect(outsider === 'public' ? [] : legalActions(state, outsider, map)).toEqual([]);
    }
  });

  it('the awaited seat gets wrapped tactical orders; an order moves the battle on, a stale one is refused', () => {
    const { state } = started();
    const seat = pendingSeats(state)[0]!;
    const legal = legalActions(state, seat, map);
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.every((a) => a.type === 'combat-tactical-order' && a.hex === '0505')).toBe(true);
    const a = legal[0]!;
    const step = stepOf(state);
    const r = ok(apply(state, seat, a, map));
    expect(stepOf(r.state)).not.toBe(step);
    // An order for a tactical seat that is not awaited now (a stale button): refused, nothing changes.
    const b = battleOf(r.state)!;
    const awaited = new Set(
      legalActions(r.state, pendingSeats(r.state)[0]!).map((x) => (x as { as: string }).as),
    );
    const idle = Object.keys(b.seats).find((t) => t.includes(':') && !awaited.has(t))!;
    const holder = b.seats[idle]!;
    const before = JSON.stringify(r.state);
    const stale = apply(
      r.state,
      holder,
      { type: 'combat-tactical-order', hex: '0505', as: idle, order: { type: 'done' } },
      map,
    );
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(['4.1', 'Leuthen 4']).toContain(stale.error.rule);
    expect(JSON.stringify(r.state)).toBe(before);
  });

  it('Leuthen 4: an illegal tactical order is refused naming the Leuthen case; the state is unchanged', () => {
    const { state } = started();
    const seat = pendingSeats(state)[0]!;
    const as = (legalActions(state, seat, map)[0] as { as: string }).as;
    const before = JSON.stringify(state);
    const r = apply(
      state,
      seat,
      { type: 'combat-tactical-order', hex: '0505', as, order: { type: 'choose', value: 'x' } },
      map,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.rule).toMatch(/^Leuthen \d/);
      expect(r.error.message).toMatch(/decision/);
    }
    expect(JSON.stringify(state)).toBe(before);
    // A seat of the battle ordering another nationality's formation: refused, names only its own.
    const russian = Object.keys(battleOf(state)!.seats).find((t) => battleOf(state)!.seats[t] === 'russia')!;
    const hook = combatPhaseHook.apply(structuredClone(state), 'prussia', {
      type: 'combat-tactical-order',
      hex: '0505',
      as: russian,
      order: { type: 'done' },
    });
    expect(hook.ok).toBe(false);
    if (!hook.ok) expect(hook.error.code).toBe('not-your-formation');
  });

  it('9.0: an outsider learns nothing from a refused order (same answer whatever it names)', () => {
    const { state } = started();
    const answers = [
      { hex: '0505', as: 'prussia', order: { type: 'done' } },
      { hex: '0505', as: 'austria:nothing', order: { type: 'move', unit: 'x', to: '0101' } },
      { hex: '0909', as: 'prussia', order: { type: 'done' } },
    ].map((o) => {
      const r = combatPhaseHook.apply(structuredClone(state), 'hanover', {
        type: 'combat-tactical-order',
        ...o,
      } as Action);
      return r.ok ? 'accepted' : JSON.stringify(r.error);
    });
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain('not-in-battle');
    expect(answers[0]).not.toContain('0505');
    const viaEngine = apply(
      state,
      'hanover',
      { type: 'combat-tactical-order', ...{ hex: '0505', as: 'prussia', order: { type: 'done' } } },
      map,
    );
    expect(viaEngine.ok).toBe(false);
    if (!viaEngine.ok) expect(viaEngine.error.message).not.toMatch(/0505|tactical/);
  });

  it('a deadline hands the awaited tactical seats to the autopilot for that step only', () => {
    const { state } = started();
    const awaited = pendingSeats(state);
    const r = ok(apply(state, awaited[0]!, { type: 'timeout', seat: awaited[0] }, map));
    const s = r.state;
    expect(r.events.some((e) => e.kind === 'tactical-timeout')).toBe(true);
    // The battle is still being fought (a battle is many steps) and somebody is awaited again.
    expect(s.phase).toBe('combat');
    expect(s.combat.hook.combat?.stage).toBe('tactical');
    expect(pendingSeats(s).length).toBeGreaterThan(0);
    expect(stepOf(s)).not.toBe(stepOf(state));
  });

  it('9.4: fought to the end by the autopilot, the outcome is applied by the table code; replay gives the same game', () => {
    const { state } = started();
    const a = fightOut(structuredClone(state));
    expect(a.state.combat.hook.combat?.stage).not.toBe('tactical');
    const b = fightOut(structuredClone(state));
    expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
    const battle = a.events.find((e) => e.kind === 'battle')!;
    expect(battle.data?.tactical).toBe(true);
    expect(battle.text).toMatch(/fought out on the tactical map/);
    // Losses never exceed the SP present; leader fates only for leaders present.
    type Rep = {
      eliminated: Record<string, number>;
      captured: Record<string, number>;
      killed: string[];
      capturedLeaders: string[];
    };
    const att = battle.data!.attacker as Rep;
    const def = battle.data!.defender as Rep;
    const lost = (r: Rep, nat: string) => (r.eliminated[nat] ?? 0) + (r.captured[nat] ?? 0);
    expect(lost(att, 'prussia')).toBeLessThanOrEqual(10);
    expect(lost(def, 'austria')).toBeLessThanOrEqual(6);
    expect(lost(def, 'russia')).toBeLessThanOrEqual(4);
    for (const id of [...att.killed, ...att.capturedLeaders]) expect(['fred', 'zieten']).toContain(id);
    for (const id of [...def.killed, ...def.capturedLeaders]) expect(['daun', 'fermor']).toContain(id);
    // The tactical events went to the battle's seats only; the public got two lines.
    for (const e of a.events.filter((x) => x.kind.startsWith('tactical:')))
      expect(
        e.vis.to === 'seats' && e.vis.seats.every((x: Seat) => ['prussia', 'austria', 'russia'].includes(x)),
      ).toBe(true);
    expect(
      a.events
        .filter((e) => e.vis.to === 'all' && e.kind !== 'phase' && e.kind !== 'timeout')
        .map((e) => e.kind),
    ).toContain('battle-public');
    expect(a.orders).toBeGreaterThan(10);
  });
});

describe('standing orders in a campaign battle (issue #16; tactical ruling "Standing orders")', () => {
  it('a seat in the battle gives one at any time: no step changes; its side alone learns it; an outsider is refused as for any order', () => {
    const { state } = started();
    const b = battleOf(state)!;
    const [tac] = Object.entries(b.seats).find(([t, s]) => s === 'russia' && t.includes(':'))!;
    expect(pendingSeats(state)).not.toContain('russia');
    const order = {
      type: 'combat-tactical-order',
      hex: '0505',
      as: tac,
      order: { type: 'standing-order', kind: 'retreat', subject: 'all', policy: 'edge' },
    } as Action;
    const r = ok(apply(state, 'russia', order, map));
    expect(stepOf(r.state)).toBe(stepOf(state));
    expect(pendingSeats(r.state)).toEqual(pendingSeats(state));
    // The order is in the Coalition participants' battle view only.
    const standingOf = (seat: Seat) => {
      const part = view(r.state, seat, [], map).combat?.tactical;
      return part && 'view' in part ? ((part.view as { standing?: unknown[] }).standing ?? []) : undefined;
    };
    expect(standingOf('russia')).toEqual([
      { side: 'austria', subject: tac.split(':')[1], kind: 'retreat', policy: 'edge' },
    ]);
    expect(standingOf('prussia')).toEqual([]);
    expect(standingOf('hanover')).toBeUndefined();
    // Its event goes to the Coalition seats of the battle, nobody else.
    const told = r.events.filter((e) => e.kind === 'tactical:standing-order');
    expect(told).toHaveLength(1);
    expect(told[0]!.vis).toEqual({ to: 'seats', seats: ['austria', 'russia'] });
    // A bad policy is refused and changes nothing.
    const bad = apply(
      state,
      'russia',
      {
        type: 'combat-tactical-order',
        hex: '0505',
        as: tac,
        order: { type: 'standing-order', kind: 'retreat', subject: 'all', policy: 'x' },
      } as Action,
      map,
    );
    expect(bad.ok).toBe(false);
    // An outsider's standing order gets the answer any order of an outsider gets (nothing about the battle).
    const out = apply(state, 'hanover', { ...(order as object), as: 'austria' } as Action, map);
    const done = apply(
      state,
      'hanover',
      { type: 'combat-tactical-order', hex: '0505', as: 'austria', order: { type: 'done' } } as Action,
      map,
    );
    expect(!out.ok && out.error.message).toBe(!done.ok && done.error.message);
    expect(!out.ok && out.error.message).not.toMatch(/0505|tactical/);
  });
});

import { describe, expect, it } from 'vitest';
import { apply, legalActions, step } from '../../src/tactical/apply.js';
import { view } from '../../src/tactical/view.js';
import type { FixtureUnit } from './fixtures.js';
import { act, activate, battle, dice, pendingSeats, refused, settlePrompts, unit } from './harness.js';

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
const armies = [
  P('p1', '0808'),
  P('p2', '0908', 5, { formation: 'p-b', arm: 'cavalry' }),
  A('a1', '0303'),
  A('a2', '0304', 2, { formation: 'a-b', arm: 'cavalry' }),
];

describe('4 sequence of play and 5 activation', () => {
  it('0.1 / 4.C: each side rolls 1d10 (0-9), Prussia +2; the higher wins, Prussia wins ties', () => {
    expect(battle(armies, { ...near, dice: [5, 9] }).segment).toMatchObject({
      rolls: { prussia: 7, austria: 9 },
      winner: 'austria',
    });
    expect(battle(armies, { ...near, dice: [3, 5] }).segment).toMatchObject({
      rolls: { prussia: 5, austria: 5 },
      winner: 'prussia',
    });
    expect(battle(armies, { ...near, dice: [0, 0] }).segment?.rolls).toEqual({ prussia: 2, austria: 0 });
  });

  it('4.C: a roll of double the opponent or more lets the winner activate two formations together', () => {
    const s = battle(armies, { ...near, dice: [9, 2] });
    expect(s.segment?.double).toBe(true);
    expect(legalActions(s, 'prussia')).toContainEqual({ type: 'activate', formations: ['p-a', 'p-b'] });
    const t = battle(armies, { ...near, dice: [5, 4] });
    expect(t.segment?.double).toBe(false);
    refused(t, 'prussia', { type: 'activate', formations: ['p-a', 'p-b'] }, '4.C');
  });

  it('4.C note: the winner may make the loser go first, and then activates one formation only', () => {
    let s = battle(armies, { ...near, dice: [9, 2] });
    s = act(s, 'prussia', { type: 'yield-first' });
    expect(pendingSeats(s)).toEqual(['austria']);
    s = act(s, 'austria', { type: 'activate', formations: ['a-a'] });
    s = act(s, 'austria', { type: 'done' });
    refused(s, 'prussia', { type: 'activate', formations: ['p-a', 'p-b'] }, '4.C');
    s = act(s, 'prussia', { type: 'activate', formations: ['p-a'] });
    expect(s.activation?.formations).toEqual(['p-a']);
  });

  it('5: a formation is activated once per turn; segments go on until every formation has been', () => {
    let s = battle(armies, { ...near, dice: [5, 4] });
    s = act(s, 'prussia', { type: 'activate', formations: ['p-a'] });
    s = act(s, 'prussia', { type: 'done' });
    s = act(s, 'austria', { type: 'activate', formations: ['a-a'] });
    s = act(s, 'austria', { type: 'done' });
    expect(s.segment?.no).toBe(2);
    const seat = pendingSeats(s)[0]!;
    refused(s, seat, { type: 'activate', formations: [seat === 'prussia' ? 'p-a' : 'a-a'] }, '5');
  });

  it('4: phases A-E in order; the Command Phase flips leaders back and the turn advances after the Rally Phase', () => {
    let s = battle(armies, near);
    const seen: string[] = [];
    for (let i = 0; i < 30 && s.turn === 1; i++) {
      if (!seen.includes(s.phase)) seen.push(s.phase);
      s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    }
    expect(seen).toEqual(['operations', 'command']);
    expect(s.turn).toBe(2);
    expect(s.formations.every((f) => !f.activated)).toBe(true);
  });

  it('4: on the last turn of Scenario 1 only the Prussians operate', () => {
    let s = battle(armies, { ...near, scenario: { lastTurn: 2, lastTurnOperations: 'prussia' } });
    for (let i = 0; i < 30 && s.turn === 1; i++) s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    expect(s.turn).toBe(2);
    expect(s.formations.filter((f) => f.side === 'austria').every((f) => f.activated)).toBe(true);
    expect(pendingSeats(s)).toEqual(['prussia']);
  });

  it('4: on the last turn of Scenario 2 only the initiative winner operates', () => {
    let s = battle(armies, { ...near, scenario: { lastTurn: 2, lastTurnOperations: 'initiative' } });
    for (let i = 0; i < 30 && s.turn === 1; i++) {
      if (s.phase === 'command') s = dice(s, 1, 8);
      s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    }
    expect(s.formations.filter((f) => f.side === 'prussia').every((f) => f.activated)).toBe(true);
    expect(pendingSeats(s)).toEqual(['austria']);
  });

  it('5: each unit moves and attacks once per turn', () => {
    let s = activate(battle([P('p1', '0506'), A('a1', '0306')], near), 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'move', unit: 'p1', to: '0406' });
    s = act(s, 'prussia', { type: 'done' });
    expect(unit(s, 'p1').movedTurn).toBe(1);
  });

  it('input: a malformed action, an unknown seat or an action out of turn is refused and changes nothing', () => {
    const s = battle(armies, near);
    refused(s, 'prussia', { type: 'move', unit: 'p1' }, 'input');
    refused(s, 'saxony', { type: 'done' }, 'input');
    refused(s, 'prussia', { type: 'fly' }, 'input');
    refused(
      s,
      s.segment!.winner === 'prussia' ? 'austria' : 'prussia',
      { type: 'activate', formations: ['a-a'] },
      '4',
    );
    refused(s, 'prussia', { type: 'choose', value: 'x' }, '4');
  });

  it('step: the step id changes when the game moves on and names the phase', () => {
    let s = battle(armies, { ...near, dice: [5, 4] });
    const a = step(s);
    expect(a.id).toMatch(/^operations\.choose-prussia/);
    s = act(s, 'prussia', { type: 'activate', formations: ['p-a'] });
    expect(step(s).id).not.toBe(a.id);
  });

  it('prompts: the deciding side alone sees the options; a timeout takes the default', () => {
    let s = activate(battle([P('p1', '0506'), A('a1', '0406')], near), 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    expect(pendingSeats(s)).toEqual(['austria']);
    expect(view(s, 'austria').prompt).toHaveProperty('options');
    expect(view(s, 'prussia').prompt).not.toHaveProperty('options');
    refused(s, 'prussia', { type: 'done' }, '10.1');
    const t = apply(dice(s, 9, 4), 'austria', { type: 'timeout' });
    expect(t.ok && t.events.some((e) => e.type === 'fire')).toBe(true);
    expect(settlePrompts(s).prompt).toBeNull();
  });
});

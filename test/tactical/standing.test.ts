// Standing orders (issue 15): a side's answer to a routine prompt, set once by an engine action and
// applied by the engine when the prompt arises, so the prompt needs no round trip and replays.
import { describe, expect, it } from 'vitest';
import { apply, pendingSeats, step } from '../../src/tactical/apply.js';
import { envFor } from '../../src/tactical/env.js';
import { retreatOptions } from '../../src/tactical/rules/tasks.js';
import { view } from '../../src/tactical/view.js';
import type { FixtureUnit } from './fixtures.js';
import { act, activate, battle, dice, refused, settlePrompts, unit } from './harness.js';

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
const order = (kind: string, subject: string, policy: string) => ({
  type: 'standing-order',
  kind,
  subject,
  policy,
});

describe('standing orders (issue 15)', () => {
  it('are accepted from a seat at any time, change no step, and are shown to their own side only', () => {
    const s = activate(battle([P('p1', '0506'), A('a1', '0406')], near), 'prussia', ['p-a']);
    expect(pendingSeats(s)).not.toContain('austria');
    const t = act(s, 'austria', order('retreat', 'a1', 'edge'));
    expect(step(t).id).toBe(step(s).id);
    expect(t.standing).toEqual([{ side: 'austria', subject: 'a1', kind: 'retreat', policy: 'edge' }]);
    expect(view(t, 'austria').standing).toHaveLength(1);
    expect(view(t, 'austria:a-a').standing).toHaveLength(1);
    expect(view(t, 'prussia').standing).toBeUndefined();
    expect(view(t, 'public').standing).toBeUndefined();
    // The event telling it goes to its side only.
    const r = apply(s, 'austria', order('retreat', 'a1', 'edge'));
    expect(r.ok && r.events.every((e) => e.visibility !== 'public')).toBe(true);
    // Cleared again.
    expect(act(t, 'austria', order('retreat', 'a1', 'clear')).standing).toEqual([]);
    // A game without standing orders keeps its state shape (old logs replay to the same states).
    expect('standing' in s).toBe(false);
  });

  it('refuse units and formations outside the seat command, and unknown policies, naming the case', () => {
    const s = battle([P('p1', '0506'), A('a1', '0406'), A('a2', '0305', 2, { formation: 'a-b' })], near);
    refused(s, 'prussia', order('retreat', 'a1', 'edge'), '11.6');
    refused(s, 'austria:a-b', order('advance', 'a1', 'stay'), '11.7');
    refused(s, 'austria:a-b', order('advance', 'a-a', 'stay'), '11.7');
    refused(s, 'austria', order('loss', 'a1', 'sometimes'), '11.5');
    refused(s, 'austria', order('loss', 'nobody', 'weakest'), 'input');
    // A formation's seat may speak for its own units; `all` there means its formation.
    const t = act(s, 'austria:a-b', order('advance', 'all', 'stay'));
    expect(t.standing).toEqual([{ side: 'austria', subject: 'a-b', kind: 'advance', policy: 'stay' }]);
  });

  it('10.1: reaction fire is held or given without a prompt', () => {
    const base = activate(battle([P('p1', '0506'), A('a1', '0406')], near), 'prussia', ['p-a']);
    const asked = act(base, 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
    expect(asked.prompt?.kind).toBe('reaction');
    const hold = act(act(base, 'austria', order('reaction', 'a-a', 'hold')), 'prussia', {
      type: 'shock',
      attackers: ['p1'],
      defenders: ['a1'],
    });
    expect(hold.prompt?.kind).not.toBe('reaction');
    const r = apply(dice(act(base, 'austria', order('reaction', 'all', 'fire')), 9, 1), 'prussia', {
      type: 'shock',
      attackers: ['p1'],
      defenders: ['a1'],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.prompt?.kind).not.toBe('reaction');
    const texts = r.events.map((e) => e.text).join('\n');
    expect(texts).toMatch(/standing order answers: reaction fire by a1.*fire at p1/);
    expect(texts).toMatch(/a1 fires at p1 \(reaction fire\)/);
  });

  it('11.5: losses go by the standing order: the weakest unit first, or the strongest', () => {
    // p1 (3) + p2 (2) attack a1 (3), d6 1: the attackers lose 1 CP (as in the 11.5 prompt test).
    const setup = (policy?: string) => {
      let s = battle([P('p1', '0506', 5), P('p2', '0505', 5, { cp: 2 }), A('a1', '0406', 2)], near);
      s = act(s, 'austria', order('reaction', 'all', 'hold'));
      if (policy) s = act(s, 'prussia', order('loss', 'p-a', policy));
      s = activate(s, 'prussia', ['p-a']);
      s = dice(s, 1);
      return act(s, 'prussia', { type: 'shock', attackers: ['p1', 'p2'], defenders: ['a1'] });
    };
    expect(setup().prompt?.kind).toBe('loss');
    const weak = setup('weakest');
    expect(weak.prompt?.kind).not.toBe('loss');
    expect([unit(weak, 'p1').cp, unit(weak, 'p2').cp]).toEqual([3, 1]);
    const strong = setup('strongest');
    expect([unit(strong, 'p1').cp, unit(strong, 'p2').cp]).toEqual([2, 2]);
    // Orders that disagree between the units involved leave the choice to the side.
    const mixed = act(
      act(
        battle([P('p1', '0506', 5), P('p2', '0505', 5, { cp: 2 }), A('a1', '0406', 2)], near),
        'prussia',
        order('loss', 'p1', 'weakest'),
      ),
      'prussia',
      order('loss', 'p2', 'strongest'),
    );
    let m = act(mixed, 'austria', order('reaction', 'all', 'hold'));
    m = dice(activate(m, 'prussia', ['p-a']), 1);
    expect(
      act(m, 'prussia', { type: 'shock', attackers: ['p1', 'p2'], defenders: ['a1'] }).prompt?.kind,
    ).toBe('loss');
  });

  it('11.7: the victor advances (or stays) by its standing order', () => {
    const won = (policy?: string) => {
      let s = activate(battle([P('p1', '0506'), A('a1', '0406')], near), 'prussia', ['p-a']);
      s = act(s, 'austria', order('reaction', 'a1', 'hold'));
      if (policy) s = act(s, 'prussia', order('advance', 'p1', policy));
      s = act(dice(s, 6), 'prussia', { type: 'shock', attackers: ['p1'], defenders: ['a1'] });
      return settlePrompts(s, {}, 'advance');
    };
    expect(won().prompt?.kind).toBe('advance');
    const go = won('advance');
    expect(go.prompt).toBeNull();
    expect(unit(go, 'p1').hex).toBe('0406');
    const stay = won('stay');
    expect(stay.prompt).toBeNull();
    expect(unit(stay, 'p1').hex).toBe('0506');
  });

  it('11.6: the retreat hex nearest the own map edge is taken by standing order, and displacement answered', () => {
    const base = battle([P('p1', '0506'), A('a1', '0406')], near);
    const env = envFor(base.map)!;
    const opts = retreatOptions(base, env, unit(base, 'a1'), ['0506']);
    const best = opts.filter((o) => o.tier === opts[0]!.tier).map((o) => o.hex);
    const edge = env.map.friendlyEdge('austria');
    const nearest = [...best].sort((a, b) => env.map.stepsToEdge(a, edge) - env.map.stepsToEdge(b, edge))[0];
    let s = act(base, 'austria', order('reaction', 'all', 'hold'));
    s = act(s, 'austria', order('retreat', 'a-a', 'edge'));
    s = act(s, 'prussia', order('advance', 'p1', 'stay'));
    s = act(dice(activate(s, 'prussia', ['p-a']), 6, 6, 6), 'prussia', {
      type: 'shock',
      attackers: ['p1'],
      defenders: ['a1'],
    });
    expect(s.prompt).toBeNull();
    expect(unit(s, 'a1').hex).toBe(nearest);
    // 11.6 displacement: a standing order to eliminate rather than push friends out.
    const blocked = battle([P('p1', '0506'), A('a1', '0406')], near);
    const o2 = retreatOptions(blocked, env, unit(blocked, 'a1'), ['0506']).map((x) => x.hex);
    const [keep, ...others] = o2;
    const blockers = others.map((h, i) => P(`px${i}`, h, 5, { formation: 'p-b' }));
    let d = battle([P('p1', '0506'), A('a1', '0406'), A('a2', keep!, 2), ...blockers], near);
    d = act(d, 'austria', order('reaction', 'all', 'hold'));
    d = act(d, 'austria', order('displace', 'a1', 'eliminate'));
    d = act(d, 'prussia', order('advance', 'all', 'stay'));
    d = act(dice(activate(d, 'prussia', ['p-a']), 6, 6, 6, 6, 6, 6), 'prussia', {
      type: 'shock',
      attackers: ['p1'],
      defenders: ['a1'],
    });
    expect(d.prompt).toBeNull();
    expect(unit(d, 'a1').eliminated).toBe(true);
    expect(unit(d, 'a2').hex).toBe(keep);
  });
});

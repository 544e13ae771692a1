import { describe, expect, it } from 'vitest';
import { checkInvariants, fuzzBattle, viewLeaks } from '../../src/tactical/fuzz.js';
import type { FixtureUnit } from './fixtures.js';
import { battle } from './harness.js';

function armies(): FixtureUnit[] {
  const units: FixtureUnit[] = [];
  for (let i = 0; i < 5; i++) {
    units.push({
      id: `p${i}`,
      side: 'prussia',
      formation: i < 3 ? 'p-a' : 'p-b',
      arm: i < 3 ? 'infantry' : 'cavalry',
      hex: `0${3 + i}08`,
      facing: 5,
    });
    units.push({
      id: `a${i}`,
      side: 'austria',
      formation: i < 3 ? 'a-a' : 'a-b',
      arm: i < 3 ? 'infantry' : 'cavalry',
      hex: `0${3 + i}04`,
      facing: 2,
    });
  }
  units.push({
    id: 'pl',
    side: 'prussia',
    formation: 'p-ind',
    arm: 'light-infantry',
    hex: '0209',
    facing: 5,
  });
  units.push({ id: 'pa', side: 'prussia', formation: 'p-ind', arm: 'artillery', hex: '0308', facing: 5 });
  units.push({ id: 'aa', side: 'austria', formation: 'a-ind', arm: 'artillery', hex: '0304', facing: 2 });
  return units;
}

describe('fuzz: random legal play', () => {
  it('fuzz: every offered action is accepted, no dead end, ends by the turn limit, replays identically, CP conserved', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const s = battle(armies(), {
        seed,
        scenario: { lastTurn: 4 },
        map: {
          terrain: { '0506': 'village', '0406': 'woods', '0606': 'marsh' },
          hexsides: [{ a: '0705', b: '0706', features: ['stream'] }],
        },
      });
      const r = fuzzBattle(s, seed, 4000);
      expect(r.problems, `seed ${seed}`).toEqual([]);
      expect(r.over).toBe(true);
      expect(r.turn).toBeLessThanOrEqual(4);
    }
  });

  it('fuzz: the invariant checker catches broken CP and stacking', () => {
    const s = battle(armies());
    expect(checkInvariants(s)).toEqual([]);
    const bad = structuredClone(s);
    bad.units[0]!.cp = 1;
    bad.units[2]!.hex = bad.units[4]!.hex;
    const problems = checkInvariants(bad);
    expect(problems.some((p) => p.includes('CP not conserved'))).toBe(true);
    expect(problems.some((p) => p.includes('stacking broken'))).toBe(true);
    expect(viewLeaks(s, 'austria')).toEqual([]);
  });
});

describe('timeouts', () => {
  it('timeout: a battle where every step times out never dead-ends and ends by its turn limit', async () => {
    const { tacticalScenario } = await import('../../src/autopilot/tactical/scenarios.js');
    const { setupBattle } = await import('../../src/tactical/setup.js');
    const { apply, pendingSeats } = await import('../../src/tactical/apply.js');
    for (const id of ['leuthen-1', 'leuthen-2']) {
      const l = tacticalScenario(id);
      if (!l.ok) throw new Error(l.error);
      const r0 = setupBattle(l.loaded, l.map, 4);
      if (!r0.ok) throw new Error(r0.errors.join('; '));
      let s = r0.state;
      let n = 0;
      for (; n < 5000 && !s.over; n++) {
        const seat = pendingSeats(s)[0];
        expect(seat, `${id}: nobody pending at ${s.phase} turn ${s.turn}`).toBeDefined();
        const r = apply(s, seat!, { type: 'timeout', seat });
        expect(r.ok).toBe(true);
        if (!r.ok) break;
        s = r.state;
      }
      expect(s.over, id).not.toBeNull();
      expect(s.turn).toBe(15);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CombatForce, CombatLeader } from '../../../src/engine/combat/types.js';
import {
  bridgeData,
  toStrategicOutcome,
  toTacticalSetup,
  turnLimit,
} from '../../../src/tactical/bridge/index.js';
import type { TacticalEnd } from '../../../src/tactical/bridge/outcome.js';

const L = (
  id: string,
  nationality: string,
  rank: number,
  initiative: number,
  attack = 0,
  defence = 0,
): CombatLeader => ({
  id,
  nationality,
  rank,
  initiative,
  attack,
  defence,
});

// Leuthen-sized (design 5.3): 14 SP Prussians under Frederick, 26 SP Austrians under Charles.
const prussians: CombatForce = {
  side: 'prussian-allied',
  sp: { prussia: 14 },
  leaders: [
    L('frederick', 'prussia', 1, 3, 1, 1),
    L('ziethen', 'prussia', 5, 2),
    L('brunswick', 'prussia', 4, 2),
  ],
  demoralized: false,
};
const austrians: CombatForce = {
  side: 'coalition',
  sp: { austria: 26 },
  leaders: [
    L('charles', 'austria', 2, 1, 0, 1),
    L('daun', 'austria', 1, 1, 0, 1),
    L('nadasy', 'austria', 4, 2),
    L('serbelloni', 'austria', 6, 0),
    L('arenberg', 'austria', 5, 1),
  ],
  demoralized: false,
};

describe('bridge: strategic forces -> tactical set-up (design 5.3)', () => {
  const s = toTacticalSetup({ attacker: prussians, defender: austrians, winter: true });
  const cp = (side: string) => s.units.filter((u) => u.side === side).reduce((a, u) => a + u.cp, 0);
  const count = (side: string, arm: string) => s.units.filter((u) => u.side === side && u.arm === arm).length;

  it('Leuthen-sized forces give a Leuthen-like set-up (55 vs 100 CP, 6 and 7 batteries, 8 and 6 formations)', () => {
    expect(cp('prussia')).toBe(56);
    expect(cp('austria')).toBe(104);
    expect(count('prussia', 'artillery')).toBeGreaterThanOrEqual(3);
    expect(count('austria', 'artillery')).toBeGreaterThanOrEqual(6);
    for (const side of ['prussia', 'austria']) {
      const fs = s.formations.filter((f) => f.side === side && f.kind !== 'independent');
      expect(fs.length).toBeGreaterThanOrEqual(4);
      expect(fs.length).toBeLessThanOrEqual(bridgeData.formations.maxPerSide);
      expect(fs.some((f) => f.kind === 'cavalry')).toBe(true);
      for (const f of fs) {
        const n = s.units.filter((u) => u.formation === f.id).length;
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(bridgeData.formations.maxCountersPerFormation);
        // infantry and cavalry formations are kept apart
        for (const u of s.units.filter((x) => x.formation === f.id))
          expect(u.arm.includes('cavalry')).toBe(f.kind === 'cavalry');
      }
    }
    // Infantry cuts into 3-CP counters, cavalry into 2-CP counters (3 where a 1-CP remainder would
    // be left: bridge.json counters.minCp); no counter under 2 CP.
    expect(Math.max(...s.units.filter((u) => u.arm === 'infantry').map((u) => u.cp))).toBe(3);
    expect(Math.min(...s.units.filter((u) => u.arm === 'cavalry').map((u) => u.cp))).toBe(2);
    expect(Math.max(...s.units.filter((u) => u.arm === 'cavalry').map((u) => u.cp))).toBeLessThanOrEqual(3);
    expect(Math.min(...s.units.filter((u) => u.arm !== 'artillery').map((u) => u.cp))).toBe(2);
  });

  it('8.23: the combat commander is the C-in-C; every other leader present leads a formation', () => {
    const cinc = (side: string) => s.leaders.find((l) => l.side === side && l.role === 'cinc');
    expect(cinc('prussia')?.strategicId).toBe('frederick');
    // 8.23: Daun has the better rank number, so he commands and Charles leads a formation.
    expect(cinc('austria')?.strategicId).toBe('daun');
    expect(cinc('prussia')?.commandRange).toBe(10); // 4 + 2 x 3, as Frederick in leuthen-1.json
    for (const id of ['ziethen', 'brunswick', 'charles', 'nadasy', 'serbelloni', 'arenberg']) {
      const l = s.leaders.find((x) => x.strategicId === id);
      expect(l?.role).toBe('formation');
      expect(s.formations.some((f) => f.leader === l?.id)).toBe(true);
    }
  });

  it("Leuthen 4.C: the attacker gets +2 and its commander's Attack; the defender its commander's Defence", () => {
    expect(s.initiative.bonus.prussia).toBe(3);
    expect(s.initiative.bonus.austria).toBe(1);
    expect(s.attacker).toBe('prussia');
  });

  it('design 5.5 as calibrated: turn limit 2 + CP/20, at most 16, two fewer in winter, at least 4', () => {
    expect(turnLimit(160, false)).toBe(10);
    expect(s.lastTurn).toBe(8);
    expect(turnLimit(64, false)).toBe(6);
    expect(turnLimit(48, false)).toBe(5);
    expect(turnLimit(400, false)).toBe(16);
    expect(turnLimit(0, true)).toBe(4);
  });

  it("coalitions: each nationality's formations belong to its own seat", () => {
    const allied = toTacticalSetup({
      attacker: {
        ...austrians,
        sp: { austria: 10, russia: 8 },
        leaders: [...austrians.leaders, L('fermor', 'russia', 2, 1)],
      },
      defender: prussians,
      winter: false,
    });
    const russian = allied.formations.filter((f) => f.nationality === 'russia');
    expect(russian.length).toBeGreaterThan(0);
    for (const f of russian) {
      expect(allied.seats[f.id]).toBe('russia');
      for (const u of allied.units.filter((x) => x.formation === f.id)) expect(u.nationality).toBe('russia');
    }
    expect(allied.formations.find((f) => f.leader === 'fermor')?.nationality).toBe('russia');
    // Russian values, not the Austrians': every Russian battery heavy (bridge.json heavyBatteryEvery 1).
    const rusGuns = allied.units.filter((u) => u.nationality === 'russia' && u.arm === 'artillery');
    expect(rusGuns.length).toBeGreaterThan(1);
    for (const g of rusGuns) expect(g.firePoints).toBe(3);
    expect(allied.units.some((u) => u.nationality === 'russia' && u.arm === 'light-cavalry')).toBe(true);
  });

  it('11.13: a demoralized force fights with one less morale and its commander counts Initiative 0', () => {
    const d = toTacticalSetup({
      attacker: prussians,
      defender: { ...austrians, demoralized: true },
      winter: false,
    });
    const normal = s.units.find((u) => u.id === 'austria-infantry-1')!;
    const weak = d.units.find((u) => u.id === 'austria-infantry-1')!;
    expect(weak.morale).toBe(normal.morale - 1);
    expect(d.leaders.find((l) => l.side === 'austria' && l.role === 'cinc')?.commandRange).toBe(4);
  });

  it('calibration: equal SP are equal troops (one morale for every nationality) in counters as even as the CP allow', () => {
    const force = (side: CombatForce['side'], nat: string): CombatForce => ({
      side,
      sp: { [nat]: 8 },
      leaders: [L(`${nat}-gen`, nat, 1, 2)],
      demoralized: false,
    });
    const t = toTacticalSetup({
      attacker: force('prussian-allied', 'prussia'),
      defender: force('coalition', 'austria'),
      winter: false,
    });
    const morale = new Set(t.units.map((u) => u.morale));
    expect([...morale]).toEqual([3]);
    const groups = new Map<string, number[]>();
    for (const u of t.units) {
      if (u.arm === 'artillery') continue;
      const k = `${u.formation}|${u.arm}`;
      groups.set(k, [...(groups.get(k) ?? []), u.cp]);
    }
    for (const [k, cps] of groups) expect(Math.max(...cps) - Math.min(...cps), k).toBeLessThanOrEqual(1);
    // No 1-CP counter (bridge.json counters.minCp): Austria's 3 CP of light infantry make one counter,
    // its 7 CP of cavalry 3,2,2; Prussia's single CP of free battalions joins the line (parentArm).
    expect(Math.min(...t.units.filter((u) => u.arm !== 'artillery').map((u) => u.cp))).toBe(2);
    expect(t.units.filter((u) => u.side === 'prussia' && u.arm === 'light-infantry')).toEqual([]);
    expect(
      t.units
        .filter((u) => u.side === 'austria' && u.arm === 'cavalry')
        .map((u) => u.cp)
        .sort(),
    ).toEqual([2, 2, 3]);
  });
});

function endState(
  setup: ReturnType<typeof toTacticalSetup>,
  lose: (i: number) => { lost: number; routed: boolean; dead: boolean },
  fallen: string[],
  over: TacticalEnd['over'],
): TacticalEnd {
  return {
    units: setup.units.map((u, i) => {
      const x = lose(i);
      const dead = x.dead || x.lost >= u.cp;
      return {
        id: u.id,
        side: u.side,
        cpStart: u.cp,
        cp: dead ? 0 : u.cp - x.lost,
        eliminated: dead && u.cp > 0,
        routed: !dead && x.routed,
      };
    }),
    leaders: setup.leaders.map((l) => ({ id: l.id, side: l.side, eliminated: fallen.includes(l.id) })),
    over,
  };
}

describe('bridge: tactical end state -> strategic outcome (design 5.6)', () => {
  const setup = toTacticalSetup({ attacker: prussians, defender: austrians, winter: false });

  it('9.0: time runs out: the victor by the strategic score; the loser yields the difference as prisoners', () => {
    // Austrians lose 16 CP killed (4 SP), Prussians 10 CP (2.5 -> 3 SP).
    let pk = 10;
    let ak = 16;
    const end = endState(
      setup,
      (i) => {
        const u = setup.units[i]!;
        if (u.cp === 0) return { lost: 0, routed: false, dead: false };
        if (u.side === 'prussia' && pk > 0) {
          const l = Math.min(pk, u.cp);
          pk -= l;
          return { lost: l, routed: false, dead: false };
        }
        if (u.side === 'austria' && ak > 0) {
          const l = Math.min(ak, u.cp);
          ak -= l;
          return { lost: l, routed: false, dead: false };
        }
        return { lost: 0, routed: false, dead: false };
      },
      [],
      { winner: 'austria', reason: 'end of turn 16: victory points Prussia 1, Austria 30' },
    );
    const o = toStrategicOutcome({ setup, end, attacker: prussians, defender: austrians, rollD6: () => 6 });
    expect(o.attacker.eliminated).toEqual({ prussia: 3 });
    expect(o.defender.eliminated).toEqual({ austria: 4 });
    // scores: Prussia 4 + 3 (Frederick) = 7, Austria 3 + 1 (Daun) = 4: Prussian victory despite tactical VP.
    expect(o.attacker.score).toBe(7);
    expect(o.defender.score).toBe(4);
    expect(o.victor).toBe('prussian-allied');
    expect(o.defender.captured).toEqual({ austria: 3 });
    expect(o.mustRetreat).toBe('coalition');
    expect(o.tactical).toBe(true);
  });

  /** Prussian and Austrian CP killed (steps, no unit eliminated), spread over each side's counters. */
  const killed = (pk: number, ak: number) =>
    endState(
      setup,
      (i) => {
        const u = setup.units[i]!;
        const take = (left: number) => Math.min(left, Math.max(0, u.cp - 1));
        if (u.side === 'prussia' && pk > 0) {
          const l = take(pk);
          pk -= l;
          return { lost: l, routed: false, dead: false };
        }
        if (u.side === 'austria' && ak > 0) {
          const l = take(ak);
          ak -= l;
          return { lost: l, routed: false, dead: false };
        }
        return { lost: 0, routed: false, dead: false };
      },
      [],
      { winner: 'prussia', reason: 'end of turn 8: victory points Prussia 9, Austria 6' },
    );

  it('9.0 draw band: nightfall, neither army broken, an unrounded lead under 1.5 SP is a draw', () => {
    // Prussians lose 12 CP (3 SP), Austrians 6 CP (1.5 SP, rounded up to 2). Rounded totals:
    // Prussia 2 + 3 (Frederick) = 5, Austria 3 + 1 (Daun) = 4; unrounded 4.5 against 4: a draw.
    const end = killed(12, 6);
    const o = toStrategicOutcome({ setup, end, attacker: prussians, defender: austrians, rollD6: () => 6 });
    expect(o.attacker.eliminated).toEqual({ prussia: 3 });
    expect(o.defender.eliminated).toEqual({ austria: 2 });
    expect([o.attacker.score, o.defender.score]).toEqual([5, 4]);
    expect(o.victor).toBe('draw');
    expect(o.prisonersDue).toBe(0);
    expect(o.defender.captured).toEqual({});
    expect(o.mustRetreat).toBeUndefined();
    // The margin is data (bridge.json outcome.drawMargin): without it the rounded lead of one decides.
    const strict = structuredClone(bridgeData);
    strict.outcome.drawMargin = 0;
    const o2 = toStrategicOutcome({
      setup,
      end,
      attacker: prussians,
      defender: austrians,
      rollD6: () => 6,
      data: strict,
    });
    expect(o2.victor).toBe('prussian-allied');
    expect(o2.prisonersDue).toBe(1);
    expect(o2.mustRetreat).toBe('coalition');
  });

  it('9.0 draw band: a lead of 1.5 SP or more decides; the loser yields the rounded difference', () => {
    // Prussians lose 4 CP (1 SP), Austrians 8 CP (2 SP): 2 + 3 = 5 against 1 + 1 = 2.
    const o = toStrategicOutcome({
      setup,
      end: killed(4, 8),
      attacker: prussians,
      defender: austrians,
      rollD6: () => 6,
    });
    expect(o.victor).toBe('prussian-allied');
    expect(o.prisonersDue).toBe(3);
    expect(o.mustRetreat).toBe('coalition');
  });

  it('a side that broke loses whatever the score; its routed units are captured', () => {
    const end = endState(
      setup,
      // A quarter of the Prussian counters end the battle routed (some SP must remain to retreat).
      (i) => ({ lost: 0, routed: setup.units[i]!.side === 'prussia' && i % 4 === 0, dead: false }),
      [],
      { winner: 'austria', reason: 'army withdrawal: prussia lost or routed their withdrawal level' },
    );
    const o = toStrategicOutcome({ setup, end, attacker: prussians, defender: austrians, rollD6: () => 6 });
    expect(o.victor).toBe('coalition');
    expect(o.mustRetreat).toBe('prussian-allied');
    expect(o.attacker.captured.prussia ?? 0).toBeGreaterThan(0);
    expect(o.defender.captured).toEqual({});
  });

  it('9.44: a fallen leader dies on 1-3, is captured on 4-6 if his side lost, else escapes', () => {
    const over = { winner: 'austria' as const, reason: 'army withdrawal: prussia' };
    const ziethen = setup.leaders.find((l) => l.strategicId === 'ziethen')!.id;
    const nadasy = setup.leaders.find((l) => l.strategicId === 'nadasy')!.id;
    const none = () => ({ lost: 0, routed: false, dead: false });
    const dice = [5, 5];
    const o = toStrategicOutcome({
      setup,
      end: endState(setup, none, [ziethen, nadasy], over),
      attacker: prussians,
      defender: austrians,
      rollD6: () => dice.shift()!,
    });
    expect(o.attacker.capturedLeaders).toEqual(['ziethen']);
    expect(o.defender.capturedLeaders).toEqual([]);
    expect(o.defender.killed).toEqual([]);
    const o2 = toStrategicOutcome({
      setup,
      end: endState(setup, none, [ziethen], over),
      attacker: prussians,
      defender: austrians,
      rollD6: () => 2,
    });
    expect(o2.attacker.killed).toEqual(['ziethen']);
    expect(o2.attacker.remainingLeaders.map((l) => l.id)).not.toContain('ziethen');
  });

  it('property: losses never exceed the SP present; fates only for leaders present', () => {
    const nats = ['prussia', 'hanover', 'austria', 'russia', 'france', 'empire', 'sweden'] as const;
    fc.assert(
      fc.property(
        fc.record({
          pa: fc.integer({ min: 1, max: 30 }),
          ha: fc.integer({ min: 0, max: 12 }),
          co: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 5, maxLength: 5 }),
          losses: fc.array(
            fc.record({ lost: fc.integer({ min: 0, max: 3 }), routed: fc.boolean(), dead: fc.boolean() }),
            {
              minLength: 1,
              maxLength: 400,
            },
          ),
          fallen: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
          winner: fc.constantFrom('prussia', 'austria', null),
          timeUp: fc.boolean(),
          dice: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 20 }),
          demo: fc.boolean(),
        }),
        (r) => {
          const cosp: Record<string, number> = {};
          nats.slice(2).forEach((n, i) => {
            if (r.co[i]! > 0) cosp[n] = r.co[i]!;
          });
          if (Object.keys(cosp).length === 0) cosp.austria = 1;
          const a: CombatForce = {
            side: 'prussian-allied',
            sp: { prussia: r.pa, ...(r.ha ? { hanover: r.ha } : {}) },
            leaders: [L('p1', 'prussia', 1, 3), L('p2', 'prussia', 2, 1), L('h1', 'hanover', 1, 2)],
            demoralized: false,
          };
          const b: CombatForce = {
            side: 'coalition',
            sp: cosp,
            leaders: Object.keys(cosp).flatMap((n, i) => [L(`${n}-a`, n, 1, i % 3), L(`${n}-b`, n, 3, 1)]),
            demoralized: r.demo,
          };
          const st = toTacticalSetup({ attacker: a, defender: b, winter: r.timeUp });
          const ids = st.leaders.map((l) => l.id).filter((_, i) => r.fallen[i % 12]);
          const over = r.timeUp
            ? { winner: r.winner, reason: 'end of turn 12' }
            : { winner: r.winner, reason: 'army withdrawal' };
          let k = 0;
          const o = toStrategicOutcome({
            setup: st,
            end: endState(st, (i) => r.losses[i % r.losses.length]!, ids, over),
            attacker: a,
            defender: b,
            rollD6: () => r.dice[k++ % r.dice.length]!,
          });
          for (const [side, force] of [
            [o.attacker, a],
            [o.defender, b],
          ] as const) {
            for (const [n, sp] of Object.entries(force.sp)) {
              const gone = (side.eliminated[n] ?? 0) + (side.captured[n] ?? 0);
              expect(gone).toBeLessThanOrEqual(sp);
              expect(side.remainingSp[n]).toBe(sp - gone);
            }
            for (const n of Object.keys(side.eliminated)) expect(force.sp[n]).toBeDefined();
            const present = new Set(force.leaders.map((l) => l.id));
            for (const id of [...side.killed, ...side.capturedLeaders]) expect(present.has(id)).toBe(true);
            expect(new Set([...side.killed, ...side.capturedLeaders]).size).toBe(
              side.killed.length + side.capturedLeaders.length,
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

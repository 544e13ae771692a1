import { describe, expect, it } from 'vitest';
import ratingsJson from '../../../assets/tactical/ratings.json' with { type: 'json' };
import { playBattle } from '../../../src/autopilot/tactical/driver.js';
import type { CombatForce } from '../../../src/engine/combat/types.js';
import { campaignScenario, mapObjectives } from '../../../src/tactical/bridge/deploy.js';
import {
  type FieldContext,
  generateField,
  historicalField,
  validateField,
} from '../../../src/tactical/bridge/field.js';
import { toStrategicOutcome, toTacticalSetup } from '../../../src/tactical/bridge/index.js';
import { useTacticalMap } from '../../../src/tactical/env.js';
import { leuthenMap } from '../../../src/tactical/maps.js';
import { parseScenario } from '../../../src/tactical/scenario.js';

const ctx = (over: Partial<FieldContext> = {}): FieldContext => ({
  hex: '1520',
  region: 'bohemia',
  mountain: false,
  river: true,
  mountainSides: 0,
  town: 'Kolin',
  winter: false,
  attacker: 'austria',
  attackerEdge: 'east',
  counters: { attacker: 14, defender: 12 },
  ...over,
});

const attacker: CombatForce = {
  side: 'coalition',
  sp: { austria: 6, russia: 2 },
  leaders: [
    { id: 'daun', nationality: 'austria', rank: 1, initiative: 1, attack: 0, defence: 1 },
    { id: 'laudon', nationality: 'austria', rank: 3, initiative: 3, attack: 1, defence: 0 },
  ],
  demoralized: false,
};
const defender: CombatForce = {
  side: 'prussian-allied',
  sp: { prussia: 6 },
  leaders: [{ id: 'henry', nationality: 'prussia', rank: 2, initiative: 3, attack: 1, defence: 1 }],
  demoralized: false,
};

describe('battlefields for campaign battles (design 5.2)', () => {
  it('the Leuthen hex 1732 (next to Breslau 1733) has the Leuthen map; other hexes none', () => {
    expect(historicalField('1732')).toBe('leuthen');
    expect(historicalField('1733')).toBeUndefined();
  });

  it('a generated field is deterministic and valid (room, reachable edges, objectives on both halves)', () => {
    const a = generateField(ctx(), 42);
    const b = generateField(ctx(), 42);
    expect(JSON.stringify(a.map.data)).toBe(JSON.stringify(b.map.data));
    expect(JSON.stringify(generateField(ctx(), 142).map.data)).not.toBe(JSON.stringify(a.map.data));
    for (let seed = 0; seed < 25; seed++) {
      for (const c of [
        ctx(),
        ctx({ region: 'silesia', town: undefined, attackerEdge: 'west' }),
        ctx({ mountain: true, mountainSides: 2 }),
      ]) {
        const f = generateField(c, seed);
        expect(validateField(f, c)).toEqual([]);
      }
    }
  });

  it('the strategic context shapes the field: river -> a stream with crossings, town -> named village, winter freezes marsh', () => {
    const f = generateField(ctx(), 7);
    const sides = f.map.data.hexsides;
    expect(sides.some((s) => s.features.includes('stream'))).toBe(true);
    expect(sides.some((s) => s.features.includes('bridge') || s.features.includes('ford'))).toBe(true);
    expect(f.map.findLabel('Kolin')).toBeDefined();
    expect(f.map.data.edges).toEqual({ prussia: 'west', austria: 'east' }); // the coalition attacks from the east
    for (let seed = 0; seed < 10; seed++) {
      const w = generateField(ctx({ region: 'brandenburg', winter: true }), seed);
      expect(w.map.data.hexes.some((h) => h.terrain === 'marsh')).toBe(false);
    }
    const west = generateField(ctx({ attackerEdge: 'west' }), 7);
    expect(west.map.data.edges).toEqual({ prussia: 'east', austria: 'west' });
    const pr = generateField(ctx({ attacker: 'prussia', attackerEdge: 'east' }), 7);
    expect(pr.map.data.edges).toEqual({ prussia: 'east', austria: 'west' });
    // a validity check that fails: too many counters for the zone
    expect(validateField(f, ctx({ counters: { attacker: 500, defender: 12 } })).length).toBeGreaterThan(0);
  });

  it('9.0: the defender stands on its chosen ground: its deployment zone is raised above the plain (palettes defenderPosition)', () => {
    for (const c of [ctx(), ctx({ attackerEdge: 'west', region: 'silesia', town: undefined, river: false })])
      for (let seed = 0; seed < 10; seed++) {
        const f = generateField(c, seed);
        const defEdge = c.attackerEdge === 'west' ? 'east' : 'west';
        const rowOf = (h: string) => Number(h.slice(2));
        const inZone = (edge: 'west' | 'east') =>
          f.map.hexes().filter((h) => f.zones[edge].includes(rowOf(h)));
        expect(inZone(defEdge).every((h) => f.map.elevation(h) >= 1)).toBe(true);
        // The attacker's zone keeps the random relief: not raised as a whole.
        expect(inZone(c.attackerEdge).some((h) => f.map.elevation(h) === 0)).toBe(true);
      }
  });

  it('a converted battle deploys on a generated field, is played out by the autopilot, and converts back', () => {
    const setup = toTacticalSetup({ attacker, defender, winter: false });
    const count = (s: string) => setup.units.filter((u) => u.side === s).length;
    const c = ctx({ counters: { attacker: count('austria'), defender: count('prussia') } });
    const field = generateField(c, 11);
    useTacticalMap(field.map);
    const raw = campaignScenario({
      setup,
      map: field.map,
      objectives: field.objectives,
      id: 'campaign-1520',
      name: 'test',
    });
    const p = parseScenario(raw, ratingsJson, (h) => field.map.has(h));
    expect(p.ok ? [] : p.errors).toEqual([]);
    if (!p.ok) return;
    const sum = playBattle({ loaded: p.value, map: field.map, seed: 5 });
    expect(sum.state.over).not.toBeNull();
    const dice = [4, 2, 6, 1];
    const o = toStrategicOutcome({
      setup,
      end: sum.state,
      attacker,
      defender,
      rollD6: () => dice.shift() ?? 3,
    });
    expect(['prussian-allied', 'coalition', 'draw']).toContain(o.victor);
    for (const [side, force] of [
      [o.attacker, attacker],
      [o.defender, defender],
    ] as const)
      for (const [n, sp] of Object.entries(force.sp))
        expect((side.eliminated[n] ?? 0) + (side.captured[n] ?? 0)).toBeLessThanOrEqual(sp);
  });

  it('the Leuthen map takes a converted Leuthen-sized battle', () => {
    const setup = toTacticalSetup({
      attacker: { ...defender, sp: { prussia: 14 } },
      defender: { ...attacker, sp: { austria: 26 } },
      winter: true,
    });
    const map = leuthenMap();
    const raw = campaignScenario({
      setup,
      map,
      objectives: mapObjectives(map),
      id: 'campaign-1732',
      name: 'Leuthen',
    });
    const p = parseScenario(raw, ratingsJson, (h) => map.has(h));
    expect(p.ok ? [] : p.errors).toEqual([]);
  });
});

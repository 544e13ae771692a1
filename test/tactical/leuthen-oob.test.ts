// The Leuthen orders of battle and set-ups (tac-oob data): both scenarios load through the engine's
// parser against the rebuilt map, counters add up to the totals documented in docs/tactical-oob.md,
// set-up stacking is legal (Leuthen 3), command at set-up is what the narrative says (8.2, 9.1, 9.3),
// and every counter and leader cites its sources.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arcDirections, distance, step, type Vertex } from '../../src/tactical/hex.js';
import { leuthenMap } from '../../src/tactical/maps.js';
import { parseScenario } from '../../src/tactical/scenario.js';

const read = (p: string) => JSON.parse(readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8'));
const ratings = read('assets/tactical/ratings.json');
const leaders = read('scenarios/leaders.json').leaders as Record<string, { initiative: number }>;
const map = leuthenMap();
const load = (id: string) => {
  const raw = read(`scenarios/tactical/${id}.json`);
  const p = parseScenario(raw, ratings, (h) => map.has(h));
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return { raw, ...p.value };
};
const s1 = load('leuthen-1');
const s2 = load('leuthen-2');

/** The totals table of docs/tactical-oob.md: side -> [CP, inf CP, cav CP, bn, sq, battery guns, bn guns, counters]. */
function docTotals(): Record<string, number[]> {
  const doc = readFileSync(new URL('../../docs/tactical-oob.md', import.meta.url), 'utf8');
  const out: Record<string, number[]> = {};
  for (const line of doc.split('\n')) {
    const m = /^\| (prussia|austria) \| (\d+) \|((?: \d+ \|)+)$/.exec(line);
    if (m)
      out[m[1]!] = [
        Number(m[2]),
        ...m[3]!
          .split('|')
          .map((x) => x.trim())
          .filter(Boolean)
          .map(Number),
      ];
  }
  return out;
}

describe('Leuthen orders of battle (docs/tactical-oob.md)', () => {
  it('5: both scenarios load with the formations the rules list, on hexes of the rebuilt map', () => {
    for (const s of [s1, s2]) {
      const names = s.data.formations.map((f) => f.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'Zieten cavalry corps',
          'Von Driesen cavalry corps',
          'Prince Ferdinand infantry corps',
          'Von Retzow infantry corps',
          'Forcade infantry corps',
          'Von Bevern infantry corps',
          'Wedel infantry corps',
          'Wurtemberg cavalry corps',
          'Nadasdy cavalry',
          'Serbelloni cavalry corps',
          'Lucchese cavalry corps',
          'Kheul infantry corps',
          'Colloredo infantry corps',
          'Arenberg infantry corps',
        ]),
      );
      expect(s.data.formations).toHaveLength(16);
    }
  });

  it('CP, battalions, squadrons and guns add up to the totals table of the OOB doc and the historical totals', () => {
    const doc = docTotals();
    for (const side of ['prussia', 'austria'] as const) {
      const us = s1.raw.units.filter((u: { side: string }) => u.side === side);
      const sum = (f: (u: Record<string, unknown>) => number) =>
        us.reduce((a: number, u: Record<string, unknown>) => a + f(u), 0);
      const cp = sum((u) => (u.cp as number) ?? 0);
      const inf = sum((u) => (String(u.arm).endsWith('infantry') ? (u.cp as number) : 0));
      const cav = sum((u) => (String(u.arm).endsWith('cavalry') ? (u.cp as number) : 0));
      const bn = sum((u) => (u.battalions as number) ?? 0);
      const sq = sum((u) => (u.squadrons as number) ?? 0);
      const guns = sum((u) => (u.guns as number) ?? 0);
      const t = s1.raw.totals[side];
      expect(doc[side]).toEqual([cp, inf, cav, bn, sq, guns, t.battalionGuns, us.length]);
      expect(bn).toBe(t.battalions);
      expect(sq).toBe(t.squadrons);
      expect(guns + t.battalionGuns).toBe(t.guns);
      // 650 men a CP (Leuthen 0.2: 500-800) gives the historical men within one CP
      expect(Math.abs(cp * ratings.menPerCP.value - t.men)).toBeLessThanOrEqual(ratings.menPerCP.value);
      // the engine resolves the same CP
      expect(s1.units.filter((u) => u.side === side).reduce((a, u) => a + u.cp, 0)).toBe(cp);
    }
    expect(s1.raw.totals.prussia).toMatchObject({ men: 36000, battalions: 48, squadrons: 128, guns: 167 });
    expect(s1.raw.totals.austria).toMatchObject({ men: 65000, battalions: 84, squadrons: 144, guns: 210 });
  });

  it('1: counters have 1-3 CP and cavalry counters 4-8 squadrons (0.2)', () => {
    for (const u of s1.raw.units) {
      if (u.arm !== 'artillery') expect(u.cp, u.id).toBeGreaterThanOrEqual(1);
      if (u.squadrons !== undefined) {
        expect(u.squadrons, u.id).toBeGreaterThanOrEqual(4);
        expect(u.squadrons, u.id).toBeLessThanOrEqual(8);
      }
    }
  });

  it('scenario 2 has the same Austrians and every Prussian counter and leader in an entry column', () => {
    const a1 = s1.raw.units.filter((u: { side: string }) => u.side === 'austria');
    const a2 = s2.raw.units.filter((u: { side: string }) => u.side === 'austria');
    expect(a2).toEqual(a1);
    const entry = new Set(s2.data.strategicTurns?.entryHexes);
    const byHex = new Map<string, number[]>();
    for (const u of s2.data.units.filter((x) => x.side === 'prussia')) {
      expect(u.hex, u.id).toBeNull();
      expect(entry.has(u.entry!.hex), u.id).toBe(true);
      byHex.set(u.entry!.hex, [...(byHex.get(u.entry!.hex) ?? []), u.entry!.order]);
    }
    for (const orders of byHex.values())
      expect([...orders].sort((a, b) => a - b)).toEqual(orders.map((_, i) => i));
    for (const l of s2.raw.leaders.filter((x: { side: string }) => x.side === 'prussia'))
      expect(entry.has(l.entry.hex)).toBe(true);
  });
});

describe('Leuthen set-up (scenario 1)', () => {
  const units = s1.units;
  it('3: stacking is legal at set-up (one unit; infantry or dragoons with one battery; two batteries of at most 4 fire points)', () => {
    const byHex = new Map<string, typeof units>();
    for (const u of units) byHex.set(u.hex!, [...(byHex.get(u.hex!) ?? []), u]);
    for (const [hex, us] of byHex) {
      const guns = us.filter((u) => u.arm === 'artillery');
      const others = us.filter((u) => u.arm !== 'artillery');
      expect(others.length, hex).toBeLessThanOrEqual(1);
      if (others.length === 1 && guns.length > 0) {
        expect(guns, hex).toHaveLength(1);
        const o = others[0]!;
        expect(o.arm.endsWith('infantry') || o.flags.includes('dragoon'), hex).toBe(true);
      }
      if (others.length === 0)
        expect(
          guns.reduce((a, g) => a + g.firePoints, 0),
          hex,
        ).toBeLessThanOrEqual(4);
    }
  });

  it('terrain: no cavalry in villages, the churchyard, woods or marsh, no battery in woods or marsh', () => {
    for (const u of units) {
      const t = map.terrain(u.hex!);
      if (u.arm.endsWith('cavalry')) expect(['clear'], `${u.id} ${u.hex} ${t}`).toContain(t);
      if (u.arm === 'artillery') expect(['woods', 'marsh'], u.id).not.toContain(t);
    }
  });

  it('the Austrian line stands on the villages the sources name, facing west', () => {
    const at = (id: string) => map.hexName(units.find((u) => u.id === id)!.hex!);
    expect(at('a-are-1')).toBe('Nippern');
    expect(at('a-khe-1')).toBe('Frobelwitz');
    expect(at('a-col-1')).toBe('Leuthen');
    expect(map.terrain(units.find((u) => u.id === 'a-col-2')!.hex!)).toBe('churchyard');
    for (const u of units.filter((x) => x.side === 'austria')) expect([3, 4], u.id).toContain(u.facing);
    // the auxiliaries stand behind the abatis (an abatis on a front hexside)
    for (const id of ['a-ind-bav2', 'a-ind-wue1', 'a-ind-wue2']) {
      const u = units.find((x) => x.id === id)!;
      const front = arcDirections('infantry', u.facing as Vertex).front.map((d) => step(u.hex!, d)!);
      expect(
        front.some((h) => map.hasHexsideFeature(u.hex!, h, 'abatis')),
        id,
      ).toBe(true);
    }
  });

  it('scenario 1 freezes the Austrian right and Driesen (on or north of column 14), not the Prussian columns', () => {
    const frozen = units.filter((u) => Number(u.hex!.slice(0, 2)) <= s1.data.activationBlock!.maxColumn);
    const formations = new Set(frozen.map((u) => u.formation));
    expect([...formations].sort()).toEqual([
      'a-independent',
      'arenberg-corps',
      'driesen-corps',
      'kheul-corps',
      'lucchese-corps',
      'serbelloni-corps',
    ]);
    for (const f of [
      'wedel',
      'ferdinand',
      'retzow',
      'forcade',
      'bevern',
      'zieten',
      'wuerttemberg',
      'nadasdy',
      'colloredo',
    ])
      expect(formations.has(`${f}-corps`), f).toBe(false);
  });

  it('8.2: leaders in the C-in-C range where the narrative says (Prussians all but Driesen; Austrians only Colloredo and Charles at Leuthen)', () => {
    const L = new Map(s1.data.leaders.map((l) => [l.id, l]));
    const inRange = (side: 'prussia' | 'austria') => {
      const c = s1.data.leaders.find((l) => l.side === side && l.role === 'cinc')!;
      return s1.data.leaders
        .filter((l) => l.side === side && l.role !== 'cinc' && distance(c.hex!, l.hex!) <= c.commandRange)
        .map((l) => l.id)
        .sort();
    };
    expect(inRange('prussia')).toEqual([
      'anhalt-dessau',
      'bevern',
      'ferdinand',
      'forcade',
      'retzow',
      'wedel',
      'wuerttemberg',
      'zieten',
    ]);
    expect(inRange('austria')).toEqual(['colloredo']);
    expect(map.hexName(L.get('charles')!.hex!)).toBe('Leuthen');
  });

  it('9.1/9.3: units in their leader range or in a battle line, except the light troops and Nostitz who act alone', () => {
    const L = new Map(s1.data.leaders.map((l) => [l.id, l]));
    const F = new Map(s1.data.formations.map((f) => [f.id, f]));
    const out: string[] = [];
    for (const u of units) {
      const l = L.get(F.get(u.formation)!.leader!)!;
      if (distance(l.hex!, u.hex!) <= l.commandRange) continue;
      // battle line: adjacent to a unit of the same formation that is itself in range (one link is enough here)
      const linked = units.some(
        (v) =>
          v.formation === u.formation &&
          v.id !== u.id &&
          distance(u.hex!, v.hex!) === 1 &&
          distance(l.hex!, v.hex!) <= l.commandRange,
      );
      if (!linked) out.push(u.id);
    }
    expect(out.sort()).toEqual(['a-ind-grz3', 'a-ind-nos1', 'a-ind-nos2', 'a-ind-nos3', 'a-ind-nos4']);
  });

  it('every counter and leader cites its sources; leader values follow the leaders.json Initiative formula', () => {
    for (const u of [...s1.data.units, ...s2.data.units]) expect(u.sources.length, u.id).toBeGreaterThan(0);
    const lv = new Map<string, { initiative: number }>(
      ratings.leaderValues.leaders.map((l: { id: string }) => [l.id, l]),
    );
    for (const l of s1.data.leaders) {
      expect(l.sources.length, l.id).toBeGreaterThan(0);
      const init = lv.get(l.id)!.initiative;
      if (l.strategicId) expect(leaders[l.strategicId]?.initiative, l.id).toBe(init);
      if (l.role === 'cinc') expect(l.commandRange).toBe(4 + 2 * init);
      else expect(l.activation).toBe(Math.min(5, 2 + init));
    }
  });
});

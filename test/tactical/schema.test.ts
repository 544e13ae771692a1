import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/tactical/scenario.js';
import { fixtureRatings, fixtureScenario } from './fixtures.js';

const units = [
  { id: 'p1', side: 'prussia' as const, formation: 'p-a', arm: 'infantry' as const, hex: '0108', facing: 5 },
  { id: 'a1', side: 'austria' as const, formation: 'a-a', arm: 'infantry' as const, hex: '0103', facing: 2 },
];

describe('scenario and ratings schema', () => {
  it('1: a fixture scenario loads and its units take their rating values', () => {
    const r = parseScenario(fixtureScenario(units), fixtureRatings);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.units.find((u) => u.id === 'p1')).toMatchObject({ cp: 3, ma: 4, morale: 4 });
  });

  it('schema: a broken scenario names the field at fault', () => {
    const bad = fixtureScenario([{ ...units[0]!, formation: 'nope' }, units[1]!]);
    const r = parseScenario(bad, fixtureRatings);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.join('\n')).toContain('units.0.formation: unknown formation "nope"');
    const r2 = parseScenario({ ...fixtureScenario(units), lastTurn: 'x' }, fixtureRatings);
    expect(!r2.ok && r2.errors.join('\n')).toContain('lastTurn');
  });

  it('schema: a unit hex off the map, an unknown rating and two C-in-Cs are refused', () => {
    const s = fixtureScenario([{ ...units[0]!, hex: '9999' }, units[1]!]);
    s.units[1]!.rating = 'austria/nope';
    s.leaders.push({ ...s.leaders[0]!, id: 'fritz2' });
    const r = parseScenario(s, fixtureRatings, (h) => h !== '9999');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = r.errors.join('\n');
    expect(text).toContain('units.0.hex: hex 9999 is not on the map');
    expect(text).toContain('unknown rating "austria/nope"');
    expect(text).toContain('prussia needs exactly one C-in-C');
  });
});

// The tactical autopilot's choices (issue #14 item 7): whom it goes for and when it closes, on small
// fixture fields (the generic plan: the Prussians attack, the Austrians hold).
import { describe, expect, it } from 'vitest';
import { createAutopilotRng } from '../../src/autopilot/rng.js';
import { decideTactical, pathSteps } from '../../src/autopilot/tactical/decide.js';
import { viewAsState } from '../../src/autopilot/tactical/driver.js';
import { apply, legalActions } from '../../src/tactical/apply.js';
import { envFor } from '../../src/tactical/env.js';
import { distance } from '../../src/tactical/rules/board.js';
import type { TacState } from '../../src/tactical/state.js';
import { defaultTables } from '../../src/tactical/tables/index.js';
import type { FixtureUnit } from '../tactical/fixtures.js';
import { activate, battle, fixtureMap, type MapSpec } from '../tactical/harness.js';

const U = (
  id: string,
  side: 'prussia' | 'austria',
  formation: string,
  arm: FixtureUnit['arm'],
  hex: string,
  facing: number,
  extra: Partial<FixtureUnit> = {},
): FixtureUnit => ({ id, side, formation, arm, hex, facing, ...extra });

/** The Prussian autopilot's moves for one unit through an activation, until it stops moving. */
function movesOf(s: TacState, formation: string, unit: string): string[] {
  const env = envFor(s.map)!;
  const rng = createAutopilotRng(1);
  const seat = `prussia:${formation}`;
  const path: string[] = [];
  let cur = s;
  for (let i = 0; i < 12; i++) {
    const legal = legalActions(cur, seat);
    if (!legal.length) break;
    const d = decideTactical(viewAsState(cur, 'prussia'), env, 'prussia', legal, rng);
    if (d.action.type === 'move' && d.action.unit === unit) path.push(d.action.to);
    else if (d.action.type !== 'face') break;
    const r = apply(cur, seat, d.action);
    if (!r.ok) throw new Error(r.error.message);
    cur = r.state;
  }
  return path;
}

describe('tactical autopilot choices', () => {
  it('11.2: horse goes for an enemy in terrain it may enter, not one behind a churchyard wall', () => {
    const map: MapSpec = { terrain: { '0806': 'churchyard' } };
    const s0 = battle(
      [
        U('pc', 'prussia', 'p-b', 'cavalry', '0506', 1, { cp: 2 }),
        U('a1', 'austria', 'a-a', 'infantry', '0806', 4, { cp: 1 }),
        U('a2', 'austria', 'a-a', 'infantry', '0510', 4, { cp: 3 }),
      ],
      { map },
    );
    const s = activate(s0, 'prussia', ['p-b']);
    const path = movesOf(s, 'p-b', 'pc');
    expect(path.length).toBeGreaterThan(0);
    const end = path[path.length - 1]!;
    // Nearer the enemy in the open than where it started, and not toward the walled churchyard.
    expect(distance(end, '0510')).toBeLessThan(distance('0506', '0510'));
    expect(distance(end, '0806')).toBeGreaterThanOrEqual(distance('0506', '0806'));
  });

  it('11 / 12.3: a lone battalion does not step next to a strong enemy in a village under a battery; it closes on a shaken one in the open', () => {
    const strong: MapSpec = { terrain: { '0806': 'village' } };
    const units = (extra: Partial<FixtureUnit>) => [
      U('p1', 'prussia', 'p-a', 'infantry', '0606', 1, { cp: 3 }),
      U('p2', 'prussia', 'p-a', 'infantry', '0607', 1, { cp: 3 }),
      U('a1', 'austria', 'a-a', 'infantry', '0806', 4, { cp: 3, ...extra }),
      U('ab', 'austria', 'a-a', 'artillery', '0806', 4, { firePoints: 2 }),
    ];
    const closed = (s: TacState) =>
      movesOf(activate(s, 'prussia', ['p-a']), 'p-a', 'p1').some((h) => distance(h, '0806') <= 1);
    expect(closed(battle(units({}), { map: strong }))).toBe(false);
    expect(closed(battle(units({ cp: 1 }).filter((u) => u.id !== 'ab')))).toBe(true);
  });

  it('paths are worked out per battlefield: two maps under one id (fixture fields, campaign fields) never share a table', () => {
    const s = battle([
      U('pc', 'prussia', 'p-b', 'cavalry', '0306', 1),
      U('a1', 'austria', 'a-a', 'infantry', '0806', 4),
    ]);
    const open = fixtureMap();
    const wall: Record<string, 'churchyard'> = {};
    for (let r = 1; r <= 12; r++) wall[`05${String(r).padStart(2, '0')}`] = 'churchyard';
    const walled = fixtureMap({ terrain: wall });
    expect(open.id).toBe(walled.id);
    const steps = (map: typeof open) =>
      pathSteps(s, { map, tables: defaultTables }, 'cavalry', '0306', '0806');
    expect(steps(open)).toBe(5);
    // 11.2 / Terrain Table: horse may not enter the churchyard, so the wall cuts the field in two.
    expect(steps(walled)).toBeGreaterThan(50);
    expect(steps(open)).toBe(5);
  });

  it('12.2-12.3: a Disorganized unit of an attacking formation falls back out of contact to rally instead of attacking', () => {
    const s0 = battle([
      U('p1', 'prussia', 'p-a', 'infantry', '0606', 1, { cp: 3 }),
      U('p2', 'prussia', 'p-a', 'infantry', '0607', 1, { cp: 3 }),
      U('a1', 'austria', 'a-a', 'infantry', '0706', 4, { cp: 1 }),
    ]);
    const s = activate(s0, 'prussia', ['p-a']);
    const shaken = structuredClone(s);
    shaken.units.find((u) => u.id === 'p1')!.disorganized = true;
    const env = envFor(s.map)!;
    const decide = (x: TacState) =>
      decideTactical(
        viewAsState(x, 'prussia'),
        env,
        'prussia',
        legalActions(x, 'prussia:p-a'),
        createAutopilotRng(1),
      );
    const d = decide(shaken);
    expect(d.action.type).toBe('move');
    if (d.action.type !== 'move') return;
    expect(d.action.unit).toBe('p1');
    expect(distance(d.action.to, '0706')).toBeGreaterThan(1);
    // Ordered, the same unit stays in contact (it attacks or waits for its partner, never withdraws).
    const o = decide(s);
    expect(o.action.type === 'move' && o.action.unit === 'p1' && distance(o.action.to, '0706') > 1).toBe(
      false,
    );
  });
  it('12.2-12.3: a campaign defender (plan rally) takes a Disorganized unit out of contact; the generic holding plan keeps its ground', () => {
    const units = [
      U('p1', 'prussia', 'p-a', 'infantry', '0606', 1, { cp: 3 }),
      U('p2', 'prussia', 'p-a', 'infantry', '0607', 1, { cp: 3 }),
      U('a1', 'austria', 'a-a', 'infantry', '0706', 4, { cp: 3 }),
      U('a2', 'austria', 'a-a', 'infantry', '0809', 4, { cp: 3 }),
    ];
    const fallsBack = (id: string) => {
      const s = activate(battle(units, { scenario: { id } }), 'austria', ['a-a']);
      s.units.find((u) => u.id === 'a1')!.disorganized = true;
      const d = decideTactical(
        viewAsState(s, 'austria'),
        envFor(s.map)!,
        'austria',
        legalActions(s, 'austria:a-a'),
        createAutopilotRng(1),
      );
      return d.action.type === 'move' && d.action.unit === 'a1' && distance(d.action.to, '0606') > 1;
    };
    // Campaign battle: the Prussians hold the initiative ties, so they attack and the Austrians defend.
    expect(fallsBack('campaign-1520')).toBe(true);
    expect(fallsBack('fixture')).toBe(false);
  });
});

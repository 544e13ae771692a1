import { describe, expect, it } from 'vitest';
import { tacticalScenario } from '../../src/autopilot/tactical/scenarios.js';
import { legalActions } from '../../src/tactical/apply.js';
import { registerBattleScenario, tacticalEngine } from '../../src/tactical/engine.js';
import type { FixtureUnit } from './fixtures.js';
import { activate, battle, refused } from './harness.js';

describe('the RulesEngine port and seats', () => {
  it('port: the service can set up, step, apply and view a Leuthen battle through src/app/engine-port.ts', () => {
    const l = tacticalScenario('leuthen-1');
    expect(l.ok).toBe(true);
    if (!l.ok) return;
    registerBattleScenario(l.loaded, l.map);
    expect(tacticalEngine.seats('leuthen-1')).toEqual(['prussia', 'austria']);
    expect(tacticalEngine.seats('nowhere')).toBeUndefined();
    const s = tacticalEngine.setup('leuthen-1', 3, { dice: [9, 0] });
    expect(tacticalEngine.pendingSeats(s)).toEqual(['prussia']);
    expect(tacticalEngine.step(s).kind).toBe('phase');
    const legal = tacticalEngine.legalActions(s, 'prussia');
    const r = tacticalEngine.apply(s, 'prussia', legal[0]!);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(tacticalEngine.step(r.state).id).not.toBe(tacticalEngine.step(s).id);
    const t = tacticalEngine.apply(r.state, 'prussia', { type: 'timeout', seat: 'prussia' });
    expect(t.ok).toBe(true);
    expect(tacticalEngine.isOver(s)).toBe(false);
    expect(JSON.stringify(tacticalEngine.view(s, 'austria'))).not.toContain('"rng"');
  });

  it('seats: a formation seat (side:formation) acts only for its own formation', () => {
    const P = (id: string, formation: string, hex: string): FixtureUnit => ({
      id,
      side: 'prussia',
      formation,
      arm: 'infantry',
      hex,
      facing: 5,
    });
    let s = battle(
      [
        P('p1', 'p-a', '0808'),
        P('p2', 'p-b', '0908'),
        { id: 'a1', side: 'austria', formation: 'a-a', arm: 'infantry', hex: '0202', facing: 2 },
      ],
      {
        leaders: { 'pl-a': '0708', 'pl-b': '0708' },
      },
    );
    s = activate(s, 'prussia', ['p-a', 'p-b']);
    refused(s, 'prussia:p-b', { type: 'move', unit: 'p1', to: '0708' }, '5');
    refused(s, 'prussia:nope', { type: 'done' }, 'input');
    const mine = legalActions(s, 'prussia:p-b');
    expect(mine.some((a) => 'unit' in a && a.unit === 'p1')).toBe(false);
    expect(mine.some((a) => 'unit' in a && a.unit === 'p2')).toBe(true);
  });
});

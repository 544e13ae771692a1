import { beforeEach, describe, expect, it } from 'vitest';
import { setup } from '../../src/engine/index.js';
import { act, ok, rejected, runTo, withMap } from './helpers.js';

beforeEach(() => {
  withMap();
});

describe('1761 4C fortified camp', () => {
  it('1761 4C: after Turn 7 the Prussians begin a camp in a Prussian-held Silesian fortress; it completes next turn', () => {
    const t8 = runTo(setup('1761', 5), 'depot', 'prussian-allied', 8);
    expect(t8.pending).toContain('prussia');
    rejected(act(t8, 'prussia', { type: 'camp-build', hex: '1821' }), '1761 C'); // Torgau: Saxony
    const b = ok(act(t8, 'prussia', { type: 'camp-build', hex: '1733' }));
    expect(b.campBuilding).toEqual({ hex: '1733', placedTurn: 8 });
    rejected(act(b, 'prussia', { type: 'camp-build', hex: '1733' }), '1761 C');
    const t9 = runTo(ok(act(b, 'prussia', { type: 'done' })), 'march', 'prussian-allied', 9);
    expect(t9.fortifiedCamps).toEqual(['1733']);
    expect(t9.campBuilding).toBeNull();
  });

  it('1761 4C: the camp is abandoned if the highest-ranking Prussian leader leaves while it is built', () => {
    const t8 = runTo(setup('1761', 5, { dice: [] }), 'depot', 'prussian-allied', 8);
    const b = ok(act(t8, 'prussia', { type: 'camp-build', hex: '1733' }));
    const m = ok(act(b, 'prussia', { type: 'done' }));
    expect(m.phase).toBe('march');
    const moved = ok(act(m, 'prussia', { type: 'march', leader: 'frederick', path: ['1734'] }));
    expect(moved.campBuilding).toBeNull();
  });

  it('1761 4C: not before Turn 8, and not in other scenarios', () => {
    const s = setup('1761', 5);
    s.phase = 'depot';
    s.pending = ['prussia'];
    rejected(act(s, 'prussia', { type: 'camp-build', hex: '1733' }), '1761 C');
    const o = setup('1762', 5);
    o.phase = 'depot';
    o.pending = ['prussia'];
    o.turn = 9;
    rejected(act(o, 'prussia', { type: 'camp-build', hex: '1733' }), '1761 C');
  });
});

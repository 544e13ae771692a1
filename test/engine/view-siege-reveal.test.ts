// 13.14 reveals the BESIEGERS' strength, never the garrison's: the side to reveal is the enemy of
// the garrison, whoever happens to control the depot in the hex at that instant.
import { beforeEach, describe, expect, it } from 'vitest';
import { useMap } from '../../src/engine/map-env.js';
import { view } from '../../src/engine/view.js';
import { baseState, leader, testMap } from './combat-fixtures.js';

const prague = { hex: '1125', name: 'Prague', vp: 10, region: 'bohemia' as const };
const map = testMap({ fortresses: [prague], size: 30 });
beforeEach(() => useMap(map));

function sieged(depotOwner: 'prussia' | 'austria') {
  return baseState({
    forces: { '1125': { austria: { out: 0, in: 10 }, prussia: { out: 20, in: 0 } } },
    leaders: { keith: leader('keith', 'prussia', 5, '1125', { initiative: 2 }) },
    depots: { '1125': { hex: '1125', owner: depotOwner, status: 'complete', placedTurn: 1 } },
    besieged: ['1125'],
  });
}

describe('13.14 besieger reveal', () => {
  it("13.14: with the depot in the garrison side's hands, the garrison strength still stays hidden", () => {
    const s = sieged('austria');
    for (const viewer of ['public', 'prussia', 'hanover'] as const) {
      const hex = view(s, viewer, [], map).hexes.find((h) => h.hex === '1125');
      const garrison = hex?.stacks.find((x) => x.side === 'coalition');
      expect(garrison?.sp, viewer).toBeUndefined();
      expect(JSON.stringify(garrison), viewer).not.toContain('10');
    }
  });

  it('13.14: the besiegers are revealed to every view whoever holds the depot', () => {
    for (const owner of ['prussia', 'austria'] as const) {
      const s = sieged(owner);
      for (const viewer of ['public', 'austria', 'france'] as const) {
        const hex = view(s, viewer, [], map).hexes.find((h) => h.hex === '1125');
        expect(
          hex?.stacks.find((x) => x.side === 'prussian-allied')?.sp?.prussia?.out,
          `${owner}/${viewer}`,
        ).toBe(20);
      }
    }
  });

  it('13.14: outside a Combat Phase nothing is revealed', () => {
    const s = sieged('prussia');
    s.phase = 'march';
    const hex = view(s, 'public', [], map).hexes.find((h) => h.hex === '1125');
    expect(JSON.stringify(hex)).not.toMatch(/"sp"/);
  });
});

describe('17.0 VP estimate in the view', () => {
  const berlin = { hex: '0303', name: 'Berlin', vp: 10, region: 'brandenburg' as const };
  const vienna = { hex: '0909', name: 'Vienna', vp: 10, region: 'austria' as const };
  const vpMap = testMap({ fortresses: [berlin, vienna], size: 12 });

  it('17.0: each side sees its own total (fortress VP minus its own losses); the public sees none', () => {
    const s = baseState({
      phase: 'march',
      forces: { '0303': { prussia: { out: 0, in: 2 } }, '0909': { austria: { out: 0, in: 3 } } },
    });
    s.ledger.eliminated = { prussia: 4, austria: 7 };
    expect(view(s, 'prussia', [], vpMap).vp).toEqual({
      side: 'prussian-allied',
      value: 6,
      note: 'if the game ended now',
    });
    expect(view(s, 'austria', [], vpMap).vp?.value).toBe(3);
    expect(view(s, 'public', [], vpMap).vp).toBeUndefined();
    // The estimate never carries the other side's total.
    expect(JSON.stringify(view(s, 'prussia', [], vpMap).vp)).not.toContain('"coalition"');
  });
});

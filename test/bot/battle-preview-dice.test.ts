// A preview never tells a die before Confirm (issue 15): moves that roll on the way (12.6 entering
// woods, 7.2 a Facing check in an enemy ZOC) are previewed on the field as it is now: the service's
// dry run (CampaignService.dryRun -> dryRunOrders) says a die rolled and withholds the field after.
import { describe, expect, it } from 'vitest';
import { battleEngine } from '../../src/app/battle-engine.js';
import { engine as campaignEngine } from '../../src/app/engine-adapter.js';
import type { RulesEngine } from '../../src/app/engine-port.js';
import { dryRunOrders } from '../../src/app/preview.js';
import { activate, battle } from '../tactical/harness.js';

const engine = battleEngine as unknown as RulesEngine<unknown>;
const rollsOnTheWay = (s: unknown, seat: string, orders: { type: string; [k: string]: unknown }[]) => {
  const r = dryRunOrders(engine, s, seat, orders, 'public');
  if (!r.ok) throw new Error(r.error.message);
  // The field after a die is never handed out.
  expect(r.view === null).toBe(r.rolled);
  return r.rolled;
};

describe('previews and dice', () => {
  it('12.6: a move into woods rolls a check on the way; a move over open ground does not', () => {
    const s = activate(
      battle(
        [
          { id: 'p1', side: 'prussia', formation: 'p-a', arm: 'infantry', hex: '0506', facing: 5 },
          { id: 'a1', side: 'austria', formation: 'a-a', arm: 'infantry', hex: '0210', facing: 2 },
        ],
        {
          leaders: {
            'pl-a': '0708',
            'pl-b': '0708',
            'p-res': '0708',
            'al-a': '0202',
            'al-b': '0202',
            daun: '0202',
          },
          map: { terrain: { '0406': 'woods' } },
        },
      ),
      'prussia',
      ['p-a'],
    );
    expect(rollsOnTheWay(s, 'prussia', [{ type: 'move', unit: 'p1', to: '0406' }])).toBe(true);
    expect(rollsOnTheWay(s, 'prussia', [{ type: 'move', unit: 'p1', to: '0407' }])).toBe(false);
  });

  it('issue 16: in a campaign battle the die rolls in the battle held inside the campaign state, and counts', () => {
    const rng = (rolls: number) => ({ s: [1, 2, 3, 4], forced: [], rolls });
    const campaign = (battleRolls: number) => ({
      rng: rng(7),
      combat: { hook: { combat: { battle: { session: { tac: { rng: rng(battleRolls) } } } } } },
    });
    const rolled = campaignEngine.diceRolled as (a: unknown, b: unknown) => boolean;
    expect(rolled(campaign(5), campaign(6))).toBe(true);
    expect(rolled(campaign(5), campaign(5))).toBe(false);
    // The campaign's own dice count too (a battle's leader fates, 9.44).
    expect(rolled(campaign(5), { ...campaign(5), rng: rng(8) })).toBe(true);
  });
});

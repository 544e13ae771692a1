// Issue #16 / design 5.4: the secret simultaneous deployment inside the campaign's tactical stage:
// both sides' commanding seats are awaited at once; one button (the standard deployment) or free
// placements as orders; a draft reaches only its own side's seats; the other side's view holds none
// of its placements until both have committed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combatPhaseHook, useTacticalHost } from '../../../src/engine/combat/phase.js';
import type { GameEvent, GameState, Seat } from '../../../src/engine/index.js';
import { apply, legalActions, pendingSeats, stepOf, view } from '../../../src/engine/index.js';
import { useMap } from '../../../src/engine/map-env.js';
import { createTacticalHost, type HostSession } from '../../../src/tactical/bridge/host.js';
import { envFor } from '../../../src/tactical/env.js';
import type { TacView } from '../../../src/tactical/view.js';
import { baseState, leader, testMap } from '../../engine/combat-fixtures.js';

const map = testMap({ size: 30 });
beforeEach(() => {
  useMap(map);
  useTacticalHost(createTacticalHost());
});
afterEach(() => useTacticalHost(undefined));

function started(seed: number): GameState {
  const s = baseState({
    forces: {
      '0505': { prussia: { out: 10, in: 0 }, austria: { out: 6, in: 0 }, russia: { out: 4, in: 0 } },
      '1010': { hanover: { out: 3, in: 0 } },
    },
    leaders: {
      fred: leader('fred', 'prussia', 1, '0505', { initiative: 3, attack: 1 }),
      daun: leader('daun', 'austria', 1, '0505', { initiative: 1, defence: 1 }),
      fermor: leader('fermor', 'russia', 1, '0505', { initiative: 1 }),
      ferdinand: leader('ferdinand', 'hanover', 1, '1010', { initiative: 2 }),
    },
    tactical: { mode: 'always', minSp: 6 },
  });
  s.rng = { ...s.rng, s: [seed + 1, seed + 7, seed + 13, seed + 29] };
  const e = combatPhaseHook.enter(s).state;
  e.pending = combatPhaseHook.pending(e);
  const r = apply(e, 'prussia', { type: 'combat-attack', hex: '0505' }, map);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.state;
}

const tacOf = (s: GameState) => (s.combat.hook.combat!.battle!.session as HostSession).tac;
const tacView = (s: GameState, seat: Seat) => {
  const t = view(s, seat, [], map).combat?.tactical;
  return t && 'view' in t ? (t.view as TacView) : undefined;
};

describe('the deployment step of a campaign battle (design 5.4)', () => {
  it('Deployment: both commanding seats are awaited at once, each with the one-button standard deployment', () => {
    const s = started(1);
    expect(stepOf(s)).toMatch(/^combat\.tactical@0505#deployment\.open/);
    const seats = pendingSeats(s).sort();
    expect(seats).toContain('prussia');
    expect(seats.some((x) => x === 'austria' || x === 'russia')).toBe(true);
    expect(legalActions(s, 'prussia', map)).toEqual([
      {
        type: 'combat-tactical-order',
        hex: '0505',
        as: 'prussia',
        order: { type: 'deploy', template: 'auto', commit: true },
      },
      { type: 'combat-tactical-order', hex: '0505', as: 'prussia', order: { type: 'done' } },
    ]);
  });

  it('Hidden information: a draft reaches only its side; the other side sees none of its placements until both committed (8 seeds)', () => {
    for (let seed = 1; seed <= 8; seed++) {
      let s = started(seed);
      const coal = pendingSeats(s).find((x) => x !== 'prussia')!;
      const tac = tacOf(s);
      const env = envFor(tac.map)!;
      const zone = env.map.hexes().filter((h) => tac.deployment!.zones.austria.includes(Number(h.slice(2))));
      const inf = tac.units.find((u) => u.side === 'austria' && u.arm === 'infantry')!;
      let events: GameEvent[] = [];
      for (const hex of zone) {
        if (hex === inf.hex) continue;
        const r = apply(
          s,
          coal,
          {
            type: 'combat-tactical-order',
            hex: '0505',
            as: 'austria',
            order: { type: 'deploy', placements: [{ unit: inf.id, hex, facing: 1 }] },
          },
          map,
        );
        if (r.ok) {
          s = r.state;
          events = r.events;
          break;
        }
      }
      const draft = events.find((e) => e.kind === 'tactical:deploy-draft');
      expect(draft, `seed ${seed}`).toBeDefined();
      expect(draft!.vis.to).toBe('seats');
      const to = draft!.vis.to === 'seats' ? draft!.vis.seats : [];
      expect(to).not.toContain('prussia');
      expect(to).not.toContain('hanover');
      expect(to).toContain(coal);
      const moved = tacOf(s).units.find((u) => u.id === inf.id)!;
      expect(moved.facing).toBe(1);
      // Prussia's view of the battle: Austrian counters listed, none placed
      const pv = tacView(s, 'prussia')!;
      expect(pv.phase).toBe('deployment');
      expect(
        pv.units.filter((u) => u.side === 'austria').every((u) => u.hex === null && u.facing === 0),
      ).toBe(true);
      // the coalition's own view shows its draft
      expect(tacView(s, coal)!.units.find((u) => u.id === inf.id)).toMatchObject({
        hex: moved.hex,
        facing: 1,
      });
      // both commit: everything is open (9.0)
      s = (
        apply(
          s,
          coal,
          { type: 'combat-tactical-order', hex: '0505', as: 'austria', order: { type: 'done' } },
          map,
        ) as { state: GameState }
      ).state;
      const c = apply(
        s,
        'prussia',
        {
          type: 'combat-tactical-order',
          hex: '0505',
          as: 'prussia',
          order: { type: 'deploy', template: 'auto', commit: true },
        },
        map,
      );
      expect(c.ok).toBe(true);
      if (!c.ok) return;
      expect(tacView(c.state, 'prussia')!.units.find((u) => u.id === inf.id)).toMatchObject({
        hex: moved.hex,
        facing: 1,
      });
    }
  });
});

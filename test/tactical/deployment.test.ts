// Secret simultaneous deployment (design 5.4; docs/tactical-rulings.md "Deployment"): legality
// (zone, 3 stacking, 7.1 terrain), secrecy of each side's draft (views and events), the autopilot
// template on generated fields, timeouts, the fuzzer and determinism.
import { describe, expect, it } from 'vitest';
import ratingsJson from '../../assets/tactical/ratings.json' with { type: 'json' };
import { battleEngine } from '../../src/app/battle-engine.js';
import { playBattle } from '../../src/autopilot/tactical/driver.js';
import { tacticalScenario } from '../../src/autopilot/tactical/scenarios.js';
import type { CombatForce } from '../../src/engine/combat/types.js';
import { apply, legalActions, pendingSeats, step } from '../../src/tactical/apply.js';
import { campaignScenario } from '../../src/tactical/bridge/deploy.js';
import { type FieldContext, generateField } from '../../src/tactical/bridge/field.js';
import { toTacticalSetup } from '../../src/tactical/bridge/index.js';
import { envFor, useTacticalMap } from '../../src/tactical/env.js';
import { eventsFor } from '../../src/tactical/events.js';
import { fuzzBattle, viewLeaks } from '../../src/tactical/fuzz.js';
import { checkSideDeployment } from '../../src/tactical/rules/deployment.js';
import { parseScenario } from '../../src/tactical/scenario.js';
import type { ScenarioInput } from '../../src/tactical/schema.js';
import { setupBattle } from '../../src/tactical/setup.js';
import type { Side, TacState } from '../../src/tactical/state.js';
import { view } from '../../src/tactical/view.js';
import type { FixtureUnit } from './fixtures.js';
import { act, battle, refused, unit } from './harness.js';

const ZONES = { prussia: [7, 8, 9, 10], austria: [1, 2, 3, 4, 5] };

function armies(): FixtureUnit[] {
  const units: FixtureUnit[] = [];
  for (let i = 0; i < 4; i++) {
    units.push({
      id: `p${i}`,
      side: 'prussia',
      formation: i < 2 ? 'p-a' : 'p-b',
      arm: i < 2 ? 'infantry' : 'cavalry',
      hex: `0${3 + i}08`,
      facing: 5,
    });
    units.push({
      id: `a${i}`,
      side: 'austria',
      formation: i < 2 ? 'a-a' : 'a-b',
      arm: i < 2 ? 'infantry' : 'cavalry',
      hex: `0${3 + i}04`,
      facing: 2,
    });
  }
  units.push({ id: 'pa', side: 'prussia', formation: 'p-ind', arm: 'artillery', hex: '0708', facing: 5 });
  units.push({ id: 'aa', side: 'austria', formation: 'a-ind', arm: 'artillery', hex: '0704', facing: 2 });
  return units;
}

const deployBattle = (seed = 1, scenario: Partial<ScenarioInput> = {}) =>
  battle(armies(), {
    seed,
    scenario: { lastTurn: 3, deployment: { zones: ZONES }, ...scenario },
    map: { terrain: { '0509': 'woods', '0609': 'marsh' } },
  });

describe('deployment: the step (design 5.4)', () => {
  it('Deployment: a scenario that asks for it starts with both sides pending at once; historical set-ups do not', () => {
    const s = deployBattle();
    expect(s.phase).toBe('deployment');
    expect(s.turn).toBe(0);
    expect(pendingSeats(s).sort()).toEqual(['austria', 'prussia']);
    expect(legalActions(s, 'prussia')).toEqual([
      { type: 'deploy', template: 'auto', commit: true },
      { type: 'done' },
    ]);
    // the deployment belongs to the side seats (the commander-in-chief), not the formation seats
    expect(legalActions(s, 'prussia:p-a')).toEqual([]);
    refused(s, 'prussia:p-a', { type: 'deploy', template: 'auto' }, 'Deployment');
    for (const id of ['leuthen-1', 'leuthen-2']) {
      const r = tacticalScenario(id);
      if (!r.ok) throw new Error(r.error);
      const set = setupBattle(r.loaded, r.map, 1);
      if (!set.ok) throw new Error(set.errors.join('; '));
      expect(set.state.deployment).toBeUndefined();
      expect(set.state.phase).not.toBe('deployment');
    }
  });

  it('Deployment: each side commits; a committed side waits; when both have, turn 1 begins with the placements', () => {
    let s = deployBattle();
    s = act(s, 'prussia', {
      type: 'deploy',
      placements: [{ unit: 'p0', hex: '0310', facing: 4 }],
      leaders: [{ leader: 'pl-a', hex: '0309' }],
    });
    expect(unit(s, 'p0').hex).toBe('0310');
    expect(pendingSeats(s).sort()).toEqual(['austria', 'prussia']);
    // re-submission: the template resets the draft, a further adjustment follows
    s = act(s, 'prussia', { type: 'deploy', template: 'auto' });
    expect(unit(s, 'p0').hex).toBe('0308');
    s = act(s, 'prussia', { type: 'deploy', placements: [{ unit: 'p0', hex: '0209', facing: 5 }] });
    const before = step(s).id;
    s = act(s, 'prussia', { type: 'done' });
    expect(step(s).id).not.toBe(before);
    expect(pendingSeats(s)).toEqual(['austria']);
    refused(s, 'prussia', { type: 'deploy', template: 'auto' }, '4');
    s = act(s, 'austria', { type: 'deploy', template: 'auto', commit: true });
    expect(s.phase).not.toBe('deployment');
    expect(s.turn).toBe(1);
    expect(unit(s, 'p0')).toMatchObject({ hex: '0209', facing: 5 });
    expect(view(s, 'austria').units.find((u) => u.id === 'p0')).toMatchObject({ hex: '0209', facing: 5 });
  });

  it('Deployment: a deadline commits each draft as it stands (the template when untouched)', () => {
    let s = deployBattle();
    s = act(s, 'austria', { type: 'deploy', placements: [{ unit: 'a0', hex: '0302', facing: 1 }] });
    s = act(s, 'austria', { type: 'timeout' });
    expect(s.turn).toBe(1);
    expect(unit(s, 'a0').hex).toBe('0302');
    expect(unit(s, 'p0').hex).toBe('0308');
  });

  it('Scenario 1: with a deployment, the activation block follows the deployed positions', () => {
    let s = deployBattle(1, { activationBlock: { maxColumn: 3, throughTurn: 2, exemptIndependent: true } });
    expect(s.units.every((u) => u.blockedThrough === 0)).toBe(true); // nothing derived from hexes yet
    s = act(s, 'prussia', { type: 'deploy', placements: [{ unit: 'p2', hex: '1009', facing: 5 }] });
    s = act(s, 'prussia', { type: 'done' });
    s = act(s, 'austria', { type: 'done' });
    expect(unit(s, 'p0').blockedThrough).toBe(2); // column 3
    expect(unit(s, 'p2').blockedThrough).toBe(0); // moved to column 10
    expect(unit(s, 'pa').blockedThrough).toBe(0); // independent, column 7
  });
});

describe('deployment: legality (zone, 3, 7.1), errors name the rule and field, state unchanged', () => {
  it('Deployment: a hex outside the side zone is refused, naming the field and the zone', () => {
    const s = deployBattle();
    const m = refused(
      s,
      'prussia',
      { type: 'deploy', placements: [{ unit: 'p0', hex: '0305', facing: 5 }] },
      'Deployment',
    );
    expect(m).toContain('placements.0.hex');
    expect(m).toContain('rows 7-10');
    expect(
      refused(s, 'prussia', { type: 'deploy', leaders: [{ leader: 'fritz', hex: '0101' }] }, 'Deployment'),
    ).toContain('leaders.0.hex');
    expect(
      refused(
        s,
        'prussia',
        { type: 'deploy', placements: [{ unit: 'p0', hex: '1310', facing: 5 }] },
        'input',
      ),
    ).toContain('not on the map');
  });

  it('3: a placement that breaks stacking is refused; a swap in one batch is accepted', () => {
    const s = deployBattle();
    // two infantry in one hex
    expect(
      refused(s, 'prussia', { type: 'deploy', placements: [{ unit: 'p0', hex: '0408', facing: 5 }] }, '3'),
    ).toContain('(3)');
    // infantry + battery may share a hex (3 exception)
    const ok = act(s, 'prussia', { type: 'deploy', placements: [{ unit: 'pa', hex: '0308', facing: 5 }] });
    expect(unit(ok, 'pa').hex).toBe('0308');
    // cavalry with a battery may not
    refused(s, 'prussia', { type: 'deploy', placements: [{ unit: 'pa', hex: '0508', facing: 5 }] }, '3');
    // the draft is judged as a whole: p0 and p1 exchange hexes
    const sw = act(s, 'prussia', {
      type: 'deploy',
      placements: [
        { unit: 'p0', hex: '0408', facing: 5 },
        { unit: 'p1', hex: '0308', facing: 5 },
      ],
    });
    expect([unit(sw, 'p0').hex, unit(sw, 'p1').hex]).toEqual(['0408', '0308']);
  });

  it('7.1: a counter may not deploy where its arm may not enter (a battery in woods or marsh)', () => {
    const s = deployBattle();
    expect(
      refused(s, 'prussia', { type: 'deploy', placements: [{ unit: 'pa', hex: '0509', facing: 5 }] }, '7.1'),
    ).toContain('Terrain Table');
    refused(s, 'prussia', { type: 'deploy', placements: [{ unit: 'pa', hex: '0609', facing: 5 }] }, '7.1');
    // infantry may stand in woods
    act(s, 'prussia', { type: 'deploy', placements: [{ unit: 'p0', hex: '0509', facing: 5 }] });
  });

  it('Deployment: an enemy unit id is refused with the same words as an unknown one; bad shapes name the field', () => {
    const s = deployBattle();
    const enemy = refused(
      s,
      'prussia',
      { type: 'deploy', placements: [{ unit: 'a0', hex: '0309', facing: 5 }] },
      'input',
    );
    const unknown = refused(
      s,
      'prussia',
      { type: 'deploy', placements: [{ unit: 'zz', hex: '0309', facing: 5 }] },
      'input',
    );
    expect(enemy.replace('a0', 'X')).toBe(unknown.replace('zz', 'X'));
    expect(refused(s, 'prussia', { type: 'deploy' }, 'input')).toContain('deploy');
    expect(
      refused(
        s,
        'prussia',
        { type: 'deploy', placements: [{ unit: 'p0', hex: '0309', facing: 9 }] },
        'input',
      ),
    ).toContain('placements.0.facing');
    expect(
      refused(
        s,
        'prussia',
        {
          type: 'deploy',
          placements: [
            { unit: 'p0', hex: '0309', facing: 5 },
            { unit: 'p0', hex: '0310', facing: 5 },
          ],
        },
        'input',
      ),
    ).toContain('twice');
    // an order of play is refused during the deployment
    refused(s, 'prussia', { type: 'move', unit: 'p0', to: '0309' }, 'Deployment');
  });
});

// --- campaign battles on generated fields -------------------------------------------------------

const att: CombatForce = {
  side: 'coalition',
  sp: { austria: 8, russia: 2 },
  leaders: [
    { id: 'daun', nationality: 'austria', rank: 1, initiative: 1, attack: 0, defence: 1 },
    { id: 'laudon', nationality: 'austria', rank: 3, initiative: 3, attack: 1, defence: 0 },
  ],
  demoralized: false,
};
const def: CombatForce = {
  side: 'prussian-allied',
  sp: { prussia: 7 },
  leaders: [{ id: 'henry', nationality: 'prussia', rank: 2, initiative: 3, attack: 1, defence: 1 }],
  demoralized: false,
};

function campaignBattle(seed: number): TacState {
  const setup = toTacticalSetup({ attacker: att, defender: def, winter: seed % 5 === 0 });
  const count = (s: string) => setup.units.filter((u) => u.side === s).length;
  const regions = ['silesia', 'bohemia', 'saxony', 'moravia'];
  const ctx: FieldContext = {
    hex: '1520',
    region: regions[seed % regions.length]!,
    mountain: seed % 7 === 0,
    river: seed % 3 === 0,
    mountainSides: seed % 3,
    winter: seed % 5 === 0,
    attacker: 'austria',
    attackerEdge: seed % 2 === 0 ? 'east' : 'west',
    counters: { attacker: count('austria'), defender: count('prussia') },
    ...(seed % 4 === 0 ? { town: 'Kolin' } : {}),
  };
  const field = generateField(ctx, seed);
  useTacticalMap(field.map);
  const raw = campaignScenario({
    setup,
    map: field.map,
    objectives: field.objectives,
    id: `campaign-t${seed}`,
    name: 'test',
  });
  const p = parseScenario(raw, ratingsJson, (h) => field.map.has(h));
  if (!p.ok) throw new Error(p.errors.join('; '));
  const r = setupBattle(p.value, field.map, seed);
  if (!r.ok) throw new Error(r.errors.join('; '));
  return r.state;
}

/** The other side's placement in a side's view: any hex or facing of its counters or leaders. */
function seesPlacements(s: TacState, viewer: Side): boolean {
  const v = view(s, viewer);
  return (
    v.units.some((u) => u.side !== viewer && (u.hex !== null || u.facing !== 0)) ||
    v.leaders.some((l) => l.side !== viewer && l.hex !== null)
  );
}

describe('deployment: campaign battles (the autopilot template, secrecy)', () => {
  it('Deployment: the autopilot template is a legal deployment on generated fields for 40 seeds', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const s = campaignBattle(seed);
      expect(s.phase, `seed ${seed}`).toBe('deployment');
      const env = envFor(s.map)!;
      for (const side of ['prussia', 'austria'] as const) {
        expect(checkSideDeployment(s, env, side), `seed ${seed} ${side}`).toBeUndefined();
        // every counter is placed inside its zone
        for (const u of s.units.filter((x) => x.side === side))
          expect(s.deployment!.zones[side]).toContain(Number(u.hex!.slice(2)));
      }
      const both = act(act(s, 'prussia', { type: 'deploy', template: 'auto', commit: true }), 'austria', {
        type: 'deploy',
        template: 'auto',
        commit: true,
      });
      expect(both.turn, `seed ${seed}`).toBe(1);
    }
  });

  it('Hidden information: during the deployment a side sees nothing of the other side placements (views, events), for 30 seeds', () => {
    for (let seed = 1; seed <= 30; seed++) {
      let s = campaignBattle(seed);
      const env = envFor(s.map)!;
      const aZone = env.map.hexes().filter((h) => s.deployment!.zones.austria.includes(Number(h.slice(2))));
      // Austria adjusts: find a placement that is legal (a free hex in its zone for its first infantry)
      const inf = s.units.find((u) => u.side === 'austria' && u.arm === 'infantry')!;
      const events = [];
      for (const hex of aZone) {
        const r = apply(s, 'austria', { type: 'deploy', placements: [{ unit: inf.id, hex, facing: 4 }] });
        if (r.ok && hex !== inf.hex) {
          s = r.state;
          events.push(...r.events);
          break;
        }
      }
      expect(unit(s, inf.id).facing, `seed ${seed}`).toBe(4);
      const c = apply(s, 'austria', { type: 'done' });
      expect(c.ok).toBe(true);
      if (!c.ok) return;
      s = c.state;
      events.push(...c.events);
      for (const viewer of [
        'prussia',
        'prussia:' + s.formations.find((f) => f.side === 'prussia')!.id,
        'public',
      ]) {
        const v = view(s, viewer);
        expect(
          v.units.filter((u) => u.side === 'austria').every((u) => u.hex === null && u.facing === 0),
          `seed ${seed} ${viewer}`,
        ).toBe(true);
        expect(v.leaders.filter((l) => l.side === 'austria').every((l) => l.hex === null)).toBe(true);
        // the draft events reach Austria only; Prussia learns only that Austria committed
        const seen = eventsFor(events, viewer === 'public' ? 'public' : viewer);
        expect(seen.map((e) => e.type)).toEqual(['deploy-commit']);
        expect(JSON.stringify(seen)).not.toContain(inf.id);
      }
      expect(seesPlacements(s, 'prussia')).toBe(false);
      expect(viewLeaks(s, 'prussia')).toEqual([]);
      expect(eventsFor(events, 'austria').map((e) => e.type)).toEqual(['deploy-draft', 'deploy-commit']);
      // once both have committed, both sides see everything (9.0)
      const done = act(s, 'prussia', { type: 'done' });
      expect(done.turn).toBe(1);
      expect(view(done, 'prussia').units.find((u) => u.id === inf.id)).toMatchObject({
        hex: unit(s, inf.id).hex,
        facing: 4,
      });
    }
  });

  it('Deployment: the autopilot (and the battle service seats) answer the step with the template, or commit a draft the player adjusted; a battle plays out', () => {
    const s = campaignBattle(3);
    expect(battleEngine.pendingSeats(s).sort()).toEqual(['austria', 'prussia']);
    expect(battleEngine.autopilot!(s, 'prussia', 2)).toEqual({
      type: 'deploy',
      template: 'auto',
      commit: true,
    });
    expect(battleEngine.autopilot!(s, 'austria', 1)).toEqual({ type: 'done' });
    // a seat that timed out after its player adjusted the draft: the draft is committed as it stands
    const env = envFor(s.map)!;
    const inf = s.units.find((u) => u.side === 'austria' && u.arm === 'infantry')!;
    const adjusted = env.map
      .hexes()
      .filter((h) => s.deployment!.zones.austria.includes(Number(h.slice(2))) && h !== inf.hex)
      .map((hex) => apply(s, 'austria', { type: 'deploy', placements: [{ unit: inf.id, hex, facing: 2 }] }))
      .find((r) => r.ok);
    if (!adjusted?.ok) throw new Error('no legal adjustment');
    expect(battleEngine.autopilot!(adjusted.state, 'austria', 2)).toEqual({ type: 'done' });
    const setup = toTacticalSetup({ attacker: att, defender: def, winter: false });
    const field = generateField(
      {
        hex: '1520',
        region: 'silesia',
        mountain: false,
        river: false,
        mountainSides: 0,
        winter: false,
        attacker: 'austria',
        attackerEdge: 'east',
        counters: {
          attacker: setup.units.filter((u) => u.side === 'austria').length,
          defender: setup.units.filter((u) => u.side === 'prussia').length,
        },
      },
      9,
    );
    useTacticalMap(field.map);
    const p = parseScenario(
      campaignScenario({ setup, map: field.map, objectives: field.objectives, id: 'c', name: 'c' }),
      ratingsJson,
    );
    if (!p.ok) throw new Error(p.errors.join('; '));
    const whys: string[] = [];
    const sum = playBattle({
      loaded: p.value,
      map: field.map,
      seed: 9,
      turns: 1,
      onStep: (x) => {
        if (x.action.type === 'deploy') whys.push(`${x.seat}: ${x.why}`);
      },
    });
    expect(whys.sort()).toEqual([
      'austria: the standard deployment (template)',
      'prussia: the standard deployment (template)',
    ]);
    expect(sum.state.turn).toBeGreaterThanOrEqual(1);
  });

  it('fuzz: random deployments (free placements, refusals leave the state) then random play keep every invariant', () => {
    let placed = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const r = fuzzBattle(deployBattle(seed), seed, 4000);
      expect(r.problems, `seed ${seed}`).toEqual([]);
      placed += r.log.filter((e) => e.action.type === 'deploy' && e.action.placements).length;
      expect(r.over).toBe(true);
    }
    expect(placed).toBeGreaterThan(0);
  });

  it('determinism: the same seed and the same deployment actions give the same game', () => {
    const run = () => {
      let s = campaignBattle(12);
      s = act(s, 'prussia', { type: 'deploy', template: 'auto', commit: true });
      s = act(s, 'austria', { type: 'deploy', template: 'auto' });
      s = act(s, 'austria', { type: 'done' });
      return JSON.stringify(s);
    };
    expect(run()).toBe(run());
    expect(campaignBattle(12).deployment!.template).toEqual(campaignBattle(12).deployment!.template);
  });
});

import { describe, expect, it } from 'vitest';
import type { CombatLeader } from '../../src/engine/combat/types.js';
import {
  type BreachContext,
  type BreachStep,
  besiegingSide,
  decideBreach,
  type FortressHexFacts,
  isBesieged,
  rollSiege,
  startBreach,
  takeLargestFirst,
} from '../../src/engine/siege/index.js';

const L = (id: string, nationality: string, rank: number, initiative = 1): CombatLeader => ({
  id,
  nationality,
  rank,
  initiative,
  attack: 0,
  defence: 0,
});

const facts = (over: Partial<FortressHexFacts> = {}): FortressHexFacts => ({
  garrisonSide: 'coalition',
  depot: { side: 'prussian-allied', complete: true, supplied: true },
  outsideSp: { 'prussian-allied': 20, coalition: 0 },
  ...over,
});

describe('besieged status (13.11-13.13)', () => {
  it('13.12: an enemy garrison with a completed, supplied friendly depot and troops in the hex is besieged', () => {
    expect(besiegingSide(facts())).toBe('prussian-allied');
  });
  it('13.11: an ungarrisoned fortress cannot be besieged', () => {
    expect(isBesieged(facts({ garrisonSide: undefined }))).toBe(false);
  });
  it('13.12: a depot still under construction does not besiege', () => {
    expect(isBesieged(facts({ depot: { side: 'prussian-allied', complete: false, supplied: true } }))).toBe(
      false,
    );
  });
  it('13.13: the siege lapses the instant the depot is cut off from supply', () => {
    expect(isBesieged(facts({ depot: { side: 'prussian-allied', complete: true, supplied: false } }))).toBe(
      false,
    );
  });
  it('10.12 B: a depot with no friendly SP in its hex is not operative, so no siege', () => {
    expect(isBesieged(facts({ outsideSp: { 'prussian-allied': 0, coalition: 0 } }))).toBe(false);
  });
  it('13.11: a depot of the garrison side does not besiege its own fortress', () => {
    expect(isBesieged(facts({ depot: { side: 'coalition', complete: true, supplied: true } }))).toBe(false);
  });
});

describe('Siege Resolution Table roll (13.0, 13.2, 1761 C)', () => {
  it('13.0: the garrison commander Initiative is subtracted from the die', () => {
    expect(rollSiege({ die: 6, garrisonInitiative: 2, fortifiedCamp: false })).toEqual({
      modifiedRoll: 4,
      result: 'no-effect',
    });
  });
  it('13.0: a leaderless garrison roll is not modified', () => {
    expect(rollSiege({ die: 5, garrisonInitiative: 0, fortifiedCamp: false })).toEqual({
      modifiedRoll: 5,
      result: 'breach',
    });
  });
  it('1761 C: a fortified camp takes one more off the roll', () => {
    expect(rollSiege({ die: 5, garrisonInitiative: 0, fortifiedCamp: true })).toEqual({
      modifiedRoll: 4,
      result: 'no-effect',
    });
    expect(rollSiege({ die: 3, garrisonInitiative: 1, fortifiedCamp: true })).toEqual({
      modifiedRoll: 1,
      result: 'attacker-loss',
    });
  });
  it('13.0: a die outside 1-6 is refused', () => {
    expect(rollSiege({ die: 0, garrisonInitiative: 0, fortifiedCamp: false })).toMatchObject({
      rule: '13.0',
    });
  });
  it('13.32: the besieger loses one SP from its largest contingent', () => {
    expect(takeLargestFirst({ prussia: 12, hanover: 3 }, 1)).toEqual({ prussia: 1 });
  });
});

describe('breach and the honours of war (13.33)', () => {
  const ctx = (over: Partial<BreachContext> = {}): BreachContext => ({
    garrison: { side: 'coalition', sp: { austria: 6 }, leaders: [L('browne', 'austria', 2)] },
    besiegers: { side: 'prussian-allied', sp: { prussia: 10 }, leaders: [L('fred', 'prussia', 1, 3)] },
    mustSurrender: [],
    nearestGarrison: (n) => (n === 'austria' ? '0231' : undefined),
    ...over,
  });
  const step = (c: BreachContext, at: BreachStep, d: Parameters<typeof decideBreach>[2]) => {
    const r = decideBreach(c, at, d);
    if ('error' in r) throw new Error(r.error);
    return r;
  };

  it('13.33: the honours are requested first; only the besieger may answer', () => {
    const s = startBreach();
    expect(s).toEqual({ step: 'honours-requested' });
    expect(decideBreach(ctx(), s, { by: 'garrison', choice: 'surrender' })).toMatchObject({ rule: '13.33' });
  });

  it('13.33 (1): granted honours send the whole garrison to the nearest same-nationality garrison', () => {
    const done = step(ctx(), startBreach(), { by: 'besieger', choice: 'grant' });
    expect(done).toMatchObject({
      step: 'done',
      outcome: {
        how: 'honours',
        transferred: [{ nationality: 'austria', sp: 6, leaders: ['browne'], to: '0231' }],
        fortressFalls: true,
        removeSiegeDepot: true,
        prisonersSp: {},
      },
    });
  });

  it('13.33 note: with no same-nationality garrison anywhere, the garrison leaves play uneliminated', () => {
    const c = ctx({ garrison: { side: 'coalition', sp: { sweden: 3 }, leaders: [] } });
    const done = step(c, startBreach(), { by: 'besieger', choice: 'grant' });
    if (done.step !== 'done') throw new Error('not done');
    expect(done.outcome.transferred).toEqual([{ nationality: 'sweden', sp: 3, leaders: [], to: undefined }]);
    expect(done.outcome.eliminated).toEqual({ 'prussian-allied': {}, coalition: {} });
  });

  it('13.33 (2): after a denial the garrison owner must answer; the besieger may not', () => {
    const s = step(ctx(), startBreach(), { by: 'besieger', choice: 'deny' });
    expect(s).toEqual({ step: 'surrender-demanded' });
    expect(decideBreach(ctx(), s, { by: 'besieger', choice: 'grant' })).toMatchObject({ rule: '13.33' });
  });

  it('13.33 (2A): surrender makes the garrison prisoners and the fortress falls', () => {
    const s = step(ctx(), startBreach(), { by: 'besieger', choice: 'deny' });
    const done = step(ctx(), s, { by: 'garrison', choice: 'surrender' });
    expect(done).toMatchObject({
      outcome: {
        how: 'surrender',
        prisonersSp: { austria: 6 },
        prisonerLeaders: ['browne'],
        fortressFalls: true,
      },
    });
  });

  it('13.33 (2B): a refusal means a storm: the weaker garrison dies, its leaders are taken, the stormers lose as many', () => {
    const s = step(ctx(), startBreach(), { by: 'besieger', choice: 'deny' });
    const done = step(ctx(), s, { by: 'garrison', choice: 'refuse' });
    expect(done).toMatchObject({
      outcome: {
        how: 'storm',
        eliminated: { coalition: { austria: 6 }, 'prussian-allied': { prussia: 6 } },
        prisonerLeaders: ['browne'],
        prisonerLeadersOf: 'coalition',
        fortressFalls: true,
        removeSiegeDepot: true,
      },
    });
  });

  it('13.33 (2B): a storm by a weaker besieger destroys the besiegers and the fortress holds', () => {
    const c = ctx({
      besiegers: { side: 'prussian-allied', sp: { prussia: 4 }, leaders: [L('fred', 'prussia', 1, 3)] },
    });
    const s = step(c, startBreach(), { by: 'besieger', choice: 'deny' });
    const done = step(c, s, { by: 'garrison', choice: 'refuse' });
    expect(done).toMatchObject({
      outcome: {
        eliminated: { 'prussian-allied': { prussia: 4 }, coalition: { austria: 4 } },
        prisonerLeaders: ['fred'],
        prisonerLeadersOf: 'prussian-allied',
        fortressFalls: false,
        removeSiegeDepot: false,
      },
    });
  });

  it('13.33 (2B): equal strengths wipe out both; the garrison counts as the weaker, nobody can move in', () => {
    const c = ctx({ besiegers: { side: 'prussian-allied', sp: { prussia: 6 }, leaders: [] } });
    const s = step(c, startBreach(), { by: 'besieger', choice: 'deny' });
    const done = step(c, s, { by: 'garrison', choice: 'refuse' });
    if (done.step !== 'done') throw new Error('not done');
    expect(done.outcome.eliminated).toEqual({ coalition: { austria: 6 }, 'prussian-allied': { prussia: 6 } });
    expect(done.outcome.prisonerLeadersOf).toBe('coalition');
    expect(done.outcome.fortressFalls).toBe(false);
  });

  it('1756 A: a Saxon garrison denied the honours surrenders without a choice', () => {
    const c = ctx({
      garrison: { side: 'coalition', sp: { saxony: 5 }, leaders: [] },
      mustSurrender: ['saxony'],
    });
    const done = step(c, startBreach(), { by: 'besieger', choice: 'deny' });
    expect(done).toMatchObject({ step: 'done', outcome: { how: 'surrender', prisonersSp: { saxony: 5 } } });
  });

  it('13.33: a settled breach accepts no further decisions', () => {
    const done = step(ctx(), startBreach(), { by: 'besieger', choice: 'grant' });
    expect(decideBreach(ctx(), done, { by: 'besieger', choice: 'deny' })).toMatchObject({ rule: '13.33' });
  });
});

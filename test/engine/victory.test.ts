import { describe, expect, it } from 'vitest';
import { scenarioVictoryRules, scoreVictory, type VictoryInput } from '../../src/engine/victory/index.js';
import type { Fortress } from '../../src/map/types.js';

const forts: Fortress[] = [
  { hex: '2030', name: 'Glogau', vp: 10, region: 'silesia' },
  { hex: '1623', name: 'Dresden', vp: 15, region: 'saxony' },
  { hex: '1125', name: 'Prague', vp: 12, region: 'bohemia' },
  { hex: '3321', name: 'Stralsund', vp: 5, region: 'swedish-pomerania' },
];

const input = (over: Partial<VictoryInput>): VictoryInput => ({
  fortresses: forts,
  garrison: {},
  eliminatedSp: { 'prussian-allied': 0, coalition: 0 },
  unexchangedPrisonerSp: { 'prussian-allied': 0, coalition: 0 },
  ...over,
});

describe('victory (17.0, 17.1)', () => {
  it('17.0: fortress VP go to the garrison side only; besiegers and empty fortresses score nothing', () => {
    const r = scoreVictory(input({ garrison: { '2030': 'prussian-allied', '1623': 'coalition' } }));
    expect(r.fortressVp).toEqual({ 'prussian-allied': 10, coalition: 15 });
  });

  it('17.0: one VP off per friendly SP eliminated; no VP for enemy SP', () => {
    const r = scoreVictory(
      input({ garrison: { '1623': 'coalition' }, eliminatedSp: { 'prussian-allied': 0, coalition: 4 } }),
    );
    expect(r.total).toEqual({ 'prussian-allied': 0, coalition: 11 });
  });

  it('17.0: the Prussian player loses two VP per SP beyond twenty', () => {
    const r = scoreVictory(input({ eliminatedSp: { 'prussian-allied': 25, coalition: 25 } }));
    expect(r.lossVp).toEqual({ 'prussian-allied': 30, coalition: 25 });
  });

  it('14.17: unexchanged prisoners count as eliminated at the end', () => {
    const r = scoreVictory(
      input({
        eliminatedSp: { 'prussian-allied': 18, coalition: 0 },
        unexchangedPrisonerSp: { 'prussian-allied': 4, coalition: 3 },
      }),
    );
    expect(r.lossVp).toEqual({ 'prussian-allied': 24, coalition: 3 }); // 22 lost: 22 + 2 beyond twenty
  });

  it('17.1: the net difference sets the level for the larger total', () => {
    const r = scoreVictory(
      input({
        garrison: { '2030': 'prussian-allied', '1623': 'prussian-allied', '1125': 'coalition' },
        eliminatedSp: { 'prussian-allied': 2, coalition: 1 },
      }),
    );
    // allied 25 - 2 = 23; coalition 12 - 1 = 11; difference 12
    expect(r).toMatchObject({ winner: 'prussian-allied', level: 'marginal', difference: 12, basis: 'table' });
  });

  it('17.1: a difference of 1-7 is a draw', () => {
    const r = scoreVictory(input({ garrison: { '2030': 'prussian-allied', '1125': 'coalition' } }));
    expect(r).toMatchObject({ winner: 'draw', level: 'draw', difference: 2 });
  });

  it('17.0: equal totals are a draw', () => {
    const r = scoreVictory(input({}));
    expect(r).toMatchObject({ winner: 'draw', basis: 'equal', difference: 0 });
  });

  it('17.0: a negative total is defeated outright', () => {
    const r = scoreVictory(
      input({ garrison: { '1125': 'coalition' }, eliminatedSp: { 'prussian-allied': 2, coalition: 8 } }),
    );
    // allied -2, coalition 4: difference 6 would be a draw on the table, but -2 loses.
    expect(r).toMatchObject({ winner: 'coalition', level: 'marginal', basis: 'negative' });
  });

  it('17.0: when both totals are negative the smaller negative wins a pyrrhic victory', () => {
    const r = scoreVictory(input({ eliminatedSp: { 'prussian-allied': 3, coalition: 9 } }));
    expect(r).toMatchObject({ winner: 'prussian-allied', level: 'pyrrhic', basis: 'both-negative' });
  });

  it('14.15: an Allied forfeit after Frederick is taken is a decisive Coalition victory', () => {
    const r = scoreVictory(input({ garrison: { '1623': 'prussian-allied' }, alliedForfeit: true }));
    expect(r).toMatchObject({ winner: 'coalition', level: 'decisive', basis: 'forfeit' });
  });

  it('1756 D: only Silesia, Saxony, Austria and Magdeburg fortresses count', () => {
    const rules = scenarioVictoryRules('1756', forts);
    const r = scoreVictory(input({ garrison: { '1125': 'coalition', '1623': 'prussian-allied' }, ...rules }));
    expect(r.fortressVp).toEqual({ 'prussian-allied': 15, coalition: 0 });
  });

  it('1762 B: Stralsund counts for nobody', () => {
    const rules = scenarioVictoryRules('1762', forts);
    const r = scoreVictory(input({ garrison: { '3321': 'coalition' }, ...rules }));
    expect(r.fortressVp.coalition).toBe(0);
    expect(scoreVictory(input({ garrison: { '3321': 'coalition' } })).fortressVp.coalition).toBe(5);
  });
});

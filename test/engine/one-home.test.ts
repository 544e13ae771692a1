// One home per rule (issue #13): the state helpers and the combat rules name the same 8.23/8.12
// commander, and the engine's hex search order is the one the stored games were played with.
import { describe, expect, it } from 'vitest';
import { combatCommander } from '../../src/engine/combat/commander.js';
import { commanderOf, supremeCommander } from '../../src/engine/state.js';
import { DEFAULT_SIDE } from '../../src/engine/types.js';
import { adjacentHexes, distance, isAdjacent, neighbours } from '../../src/map/hex.js';
import { baseState, leader } from './combat-fixtures.js';

describe('8.23 / 8.12: one implementation', () => {
  it('8.23 (full ties): equal SP and rank numbers, no nomination: the ablest tied leader commands', () => {
    const s = baseState({
      forces: { '0505': { france: { out: 6, in: 0 }, empire: { out: 6, in: 0 } } },
      leaders: {
        soubise: leader('soubise', 'france', 1, '0505', { initiative: 2 }),
        hildburghausen: leader('hildburghausen', 'empire', 1, '0505', { initiative: 1 }),
      },
    });
    // Not the first by id: the ablest (Initiative 2).
    expect(commanderOf(s, '0505', 'coalition')?.id).toBe('soubise');
    const force = { sp: { france: 6, empire: 6 }, leaders: Object.values(s.leaders) };
    expect(combatCommander(force)?.id).toBe('soubise');
  });

  it('8.23: a nationality with SP but no leader there cannot supply the commander', () => {
    const s = baseState({
      forces: {
        '0505': { austria: { out: 10, in: 0 }, france: { out: 4, in: 0 }, empire: { out: 2, in: 0 } },
      },
      leaders: {
        soubise: leader('soubise', 'france', 2, '0505'),
        prince: leader('prince', 'empire', 1, '0505'),
      },
    });
    // France has the most SP of the nationalities that have a leader in the hex.
    expect(commanderOf(s, '0505', 'coalition')?.id).toBe('soubise');
  });

  it('8.12: the supreme commander is the lowest rank number of the nationality on the map', () => {
    const s = baseState({
      leaders: {
        a: leader('a', 'austria', 3, '0505'),
        b: leader('b', 'austria', 2, '0707'),
        c: leader('c', 'austria', 1, null),
      },
    });
    expect(supremeCommander(s, 'austria')?.id).toBe('b');
  });

  it('one nationality-to-side table', () => {
    expect(DEFAULT_SIDE.hanover).toBe('prussian-allied');
    expect(DEFAULT_SIDE.russia).toBe('coalition');
  });
});

describe('hex math: one module', () => {
  it('the engine searches neighbours NE, NW, E, W, SE, SW (the order stored games were played with)', () => {
    expect(adjacentHexes('1623')).toEqual(['1724', '1723', '1624', '1622', '1524', '1523']);
    expect(adjacentHexes('1730')).toEqual(['1830', '1829', '1731', '1729', '1630', '1629']);
    // Same hexes as the map's clockwise list, and shared (memoised) between calls.
    expect([...adjacentHexes('1623')].sort()).toEqual([...neighbours('1623')].sort());
    expect(adjacentHexes('1623')).toBe(adjacentHexes('1623'));
    expect(isAdjacent('1623', '1724')).toBe(true);
    expect(isAdjacent('1623', '1625')).toBe(false);
    expect(distance('1623', '1625')).toBe(2);
  });
});

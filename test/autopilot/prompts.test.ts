// The autopilot's answers to the phase prompts (9.0 attack option, 9.52 retreat, 13.0 siege roll,
// 13.33 honours of war and surrender) and its depot choice (13.12), on small hand-made boards.
import { describe, expect, it } from 'vitest';
import type { Board, BoardLeader, BoardStack } from '../../src/autopilot/board.js';
import { driverMap } from '../../src/autopilot/driver.js';
import { answerPrompt } from '../../src/autopilot/prompts.js';
import { siegeChances } from '../../src/autopilot/siege-odds.js';
import type { Action } from '../../src/engine/actions.js';
import type { HexId, Side } from '../../src/engine/types.js';

const map = driverMap();

const FREDERICK: BoardLeader = {
  id: 'frederick',
  nationality: 'prussia',
  rank: 1,
  initiative: 3,
  attack: 2,
  defence: 1,
  inside: false,
};
const CHARLES: BoardLeader = {
  id: 'charles',
  nationality: 'austria',
  rank: 1,
  initiative: 1,
  attack: 0,
  defence: 1,
  inside: false,
};

function stack(
  hex: HexId,
  side: Side,
  out: number | null,
  inn: number | null,
  leaders: BoardLeader[],
  extra: Partial<BoardStack> = {},
): BoardStack {
  const nat = side === 'prussian-allied' ? 'prussia' : 'austria';
  return {
    hex,
    side,
    out,
    in: inn,
    outByNat: out ? { [nat]: out } : {},
    inByNat: inn ? { [nat]: inn } : {},
    hasCombat: (out ?? 1) > 0 || (inn ?? 0) > 0,
    garrisoned: (inn ?? 0) > 0 || (inn === null && (extra.garrisoned ?? false)),
    leaders,
    demoralized: false,
    ...extra,
  };
}

function board(side: Side, friends: BoardStack[], enemies: BoardStack[], extra: Partial<Board> = {}): Board {
  return {
    seat: side === 'prussian-allied' ? 'prussia' : 'austria',
    side,
    scenario: '1757',
    turn: 5,
    lastTurn: 18,
    phase: 'combat',
    phasing: side,
    friends: new Map(friends.map((s) => [s.hex, s])),
    enemies: new Map(enemies.map((s) => [s.hex, s])),
    depots: [],
    active: null,
    seatSide: { prussia: 'prussian-allied', hanover: 'prussian-allied', austria: 'coalition' },
    rules: {},
    eliminated: {},
    map,
    ...extra,
  };
}

const pick = (b: Board, legal: Action[], level: 'passive' | 'standard' = 'standard') =>
  answerPrompt(b, legal, level)?.action;

describe('autopilot prompts', () => {
  it('9.0: declines the attack option at poor odds against a hidden army led by Frederick', () => {
    const b = board(
      'coalition',
      // 16 SP against a hidden army Frederick leads (estimated 14): the 100% column, and Frederick's
      // Defence bonus and Initiative, lose every face of the die for the attacker (9.6).
      [stack('1623', 'coalition', 16, 0, [CHARLES])],
      [stack('1623', 'prussian-allied', null, null, [FREDERICK], { garrisoned: true })],
    );
    const legal: Action[] = [
      { type: 'combat-attack', hex: '1623' },
      { type: 'combat-decline', hex: '1623' },
    ];
    expect(pick(b, legal)).toEqual({ type: 'combat-decline', hex: '1623' });
  });

  it('9.0: takes the attack option at good odds against a revealed weak force', () => {
    const b = board(
      'prussian-allied',
      [stack('1623', 'prussian-allied', 32, 0, [FREDERICK])],
      [stack('1623', 'coalition', 5, 0, [CHARLES])],
    );
    const legal: Action[] = [
      { type: 'combat-attack', hex: '1623' },
      { type: 'combat-decline', hex: '1623' },
    ];
    expect(pick(b, legal)).toEqual({ type: 'combat-attack', hex: '1623' });
    // The passive autopilot holds and declines.
    expect(pick(b, legal, 'passive')).toEqual({ type: 'combat-decline', hex: '1623' });
  });

  it('13.33: the besieger denies the honours of war when far stronger, grants them otherwise', () => {
    const legal: Action[] = [
      { type: 'siege-honours', hex: '1125', grant: true },
      { type: 'siege-honours', hex: '1125', grant: false },
    ];
    const strong = board(
      'prussian-allied',
      [stack('1125', 'prussian-allied', 20, 0, [FREDERICK])],
      [stack('1125', 'coalition', null, 2, [])],
    );
    expect(pick(strong, legal)).toEqual({ type: 'siege-honours', hex: '1125', grant: false });
    const weak = board(
      'prussian-allied',
      [stack('1125', 'prussian-allied', 3, 0, [FREDERICK])],
      [stack('1125', 'coalition', null, 2, [])],
    );
    expect(pick(weak, legal)).toEqual({ type: 'siege-honours', hex: '1125', grant: true });
    // 17.0: beyond 20 SP lost the Prussian player pays double for the storm's losses: grant.
    const capped = board(
      'prussian-allied',
      [stack('1125', 'prussian-allied', 20, 0, [FREDERICK])],
      [stack('1125', 'coalition', null, 2, [])],
      {
        eliminated: { 'prussian-allied': 21 },
      },
    );
    expect(pick(capped, legal)).toEqual({ type: 'siege-honours', hex: '1125', grant: true });
  });

  it('13.0/13.33: a breach whose roll showed a commander inside is granted the honours (his army may be inside, 12.11)', () => {
    const legal: Action[] = [
      { type: 'siege-honours', hex: '1125', grant: true },
      { type: 'siege-honours', hex: '1125', grant: false },
    ];
    const inside = (turn: number, modifier: number) =>
      board(
        'prussian-allied',
        [stack('1125', 'prussian-allied', 37, 0, [FREDERICK])],
        [stack('1125', 'coalition', null, 10, [])],
        { siegeModifiers: new Map([['1125', { modifier, turn, garrison: 'coalition' as const }]]) },
      );
    // 1757 seed 12: 37 SP denied the honours at Prague against a garrison seen as 10; Charles' 40
    // SP were inside, the storm failed and the army was lost. The breach roll's modifier (die 6,
    // modified 5) had shown a commander.
    expect(pick(inside(5, 1), legal)).toEqual({ type: 'siege-honours', hex: '1125', grant: true });
    // No commander shown by this turn's roll: the garrison is what the view says, and 37 SP storm it.
    expect(pick(inside(5, 0), legal)).toEqual({ type: 'siege-honours', hex: '1125', grant: false });
    expect(pick(inside(3, 1), legal)).toEqual({ type: 'siege-honours', hex: '1125', grant: false });
  });

  it('13.33: a garrison denied the honours refuses to surrender (the storm costs the besieger too)', () => {
    const b = board(
      'coalition',
      [stack('1125', 'coalition', 0, 3, [])],
      [stack('1125', 'prussian-allied', 20, null, [FREDERICK])],
    );
    const legal: Action[] = [
      { type: 'siege-surrender', hex: '1125', accept: true },
      { type: 'siege-surrender', hex: '1125', accept: false },
    ];
    expect(pick(b, legal)).toEqual({ type: 'siege-surrender', hex: '1125', accept: false });
  });

  it('13.0: the standard autopilot presses a siege, the passive one leaves it', () => {
    const b = board(
      'prussian-allied',
      [stack('1125', 'prussian-allied', 12, 0, [FREDERICK])],
      [stack('1125', 'coalition', null, 2, [])],
    );
    const legal: Action[] = [{ type: 'siege-resolve', hex: '1125' }, { type: 'done' }];
    expect(pick(b, legal)).toEqual({ type: 'siege-resolve', hex: '1125' });
    expect(pick(b, legal, 'passive')).toEqual({ type: 'done' });
  });

  it('13.0/13.2: the chances of one roll follow the reconstructed table and the modifier an announced roll showed', () => {
    const at = (m?: number) =>
      siegeChances(
        board(
          'prussian-allied',
          [],
          [stack('1125', 'coalition', null, 2, [])],
          m === undefined
            ? {}
            : {
                siegeModifiers: new Map([['1125', { modifier: m, turn: 4, garrison: 'coalition' as const }]]),
              },
        ),
        '1125',
      );
    // Breach on a modified 5+, attacker loss on 1 or less (assets/tables/siege.json).
    expect(at()).toEqual({ breach: 2 / 6, loss: 1 / 6 });
    expect(at(0)).toMatchObject({ breach: 2 / 6, loss: 1 / 6, known: 0 });
    expect(at(1)).toMatchObject({ breach: 1 / 6, loss: 2 / 6, known: 1 });
    expect(at(2)).toMatchObject({ breach: 0, loss: 3 / 6, known: 2 });
  });

  it('13.15/13.32: the campaign levels leave be a siege no roll can breach; the novice still rolls', () => {
    const known = (m: number, garrison: Side = 'coalition') => ({
      siegeModifiers: new Map([['1125', { modifier: m, turn: 4, garrison }]]),
    });
    const mk = (extra: Partial<Board>) =>
      board(
        'prussian-allied',
        [stack('1125', 'prussian-allied', 12, 0, [FREDERICK]), stack('1623', 'prussian-allied', 12, 0, [])],
        [stack('1125', 'coalition', null, 2, []), stack('1623', 'coalition', null, 2, [])],
        extra,
      );
    const legal: Action[] = [
      { type: 'siege-resolve', hex: '1125' },
      { type: 'siege-resolve', hex: '1623' },
      { type: 'done' },
    ];
    const one: Action[] = [{ type: 'siege-resolve', hex: '1125' }, { type: 'done' }];
    for (const level of ['standard', 'expert'] as const) {
      // Prague's last roll showed a modifier of 2 (Initiative 2 inside): Dresden is rolled instead.
      expect(answerPrompt(mk(known(2)), legal, level)?.action).toEqual({
        type: 'siege-resolve',
        hex: '1623',
      });
      expect(answerPrompt(mk(known(2)), one, level)?.action).toEqual({ type: 'done' });
      // A modifier of 1 still breaches on a 6: the roll is taken.
      expect(answerPrompt(mk(known(1)), one, level)?.action).toEqual({ type: 'siege-resolve', hex: '1125' });
      // A roll made while Prague was ours tells nothing about the enemy garrison now.
      expect(answerPrompt(mk(known(2, 'prussian-allied')), one, level)?.action).toEqual({
        type: 'siege-resolve',
        hex: '1125',
      });
    }
    expect(answerPrompt(mk(known(2)), one, 'novice')?.action).toEqual({ type: 'siege-resolve', hex: '1125' });
  });

  it('12.22/13.0: a modifier is trusted four turns; then the garrison counts as unknown and the siege is tried again', () => {
    const at = (turn: number) =>
      board(
        'prussian-allied',
        [stack('1125', 'prussian-allied', 12, 0, [FREDERICK])],
        [stack('1125', 'coalition', null, 2, [])],
        {
          turn,
          siegeModifiers: new Map([['1125', { modifier: 2, turn: 4, garrison: 'coalition' as const }]]),
        },
      );
    const one: Action[] = [{ type: 'siege-resolve', hex: '1125' }, { type: 'done' }];
    expect(siegeChances(at(8), '1125')).toMatchObject({ breach: 0, known: 2 });
    expect(answerPrompt(at(8), one, 'expert')?.action).toEqual({ type: 'done' });
    // The commander may have walked out since the siege was lifted (12.22): one more roll tells.
    expect(siegeChances(at(9), '1125')).toEqual({ breach: 2 / 6, loss: 1 / 6 });
    expect(answerPrompt(at(9), one, 'expert')?.action).toEqual({ type: 'siege-resolve', hex: '1125' });
  });

  it('9.52: retreats towards a friendly garrisoned fortress in supply rather than into the open', () => {
    // Dresden (1623) garrisoned by Prussians supplies its neighbours; 1724 is next to it.
    const b = board(
      'prussian-allied',
      [stack('1623', 'prussian-allied', 0, 2, []), stack('1524', 'prussian-allied', 6, 0, [FREDERICK])],
      [stack('1524', 'coalition', null, null, [CHARLES])],
    );
    const legal: Action[] = [
      { type: 'combat-retreat', hex: '1524', to: '1623' },
      { type: 'combat-retreat', hex: '1524', to: '0833' },
    ];
    expect(pick(b, legal)).toEqual({ type: 'combat-retreat', hex: '1524', to: '1623' });
  });
});

// The view reader and the embeds built from it: strengths appear only for the reader's own
// nationality, public lists keep a fixed nationality order (8.21 ruling), and the 17.0 victory
// report becomes the end-of-game table.
import { describe, expect, it } from 'vitest';
import { NameBook } from '../../src/bot/names.js';
import { privateEmbed, publicEmbed } from '../../src/bot/presenters/status.js';
import { readView, victoryLines } from '../../src/bot/view-reader.js';

const names = new NameBook({ fortresses: [{ hex: '1623', name: 'Dresden' }] });

/** Shaped like src/engine/view.ts: own side sees SP, the enemy only nationalities and top leaders. */
const prussiaView = {
  viewer: 'prussia',
  side: 'prussian-allied',
  turn: 3,
  phase: 'march',
  phasing: 'prussian-allied',
  over: null,
  hexes: [
    {
      hex: '1623',
      besieged: false,
      stacks: [
        {
          side: 'prussian-allied',
          outside: ['prussia', 'hanover'],
          inside: ['prussia'],
          sp: { prussia: { out: 15, in: 1 }, hanover: { out: 4, in: 0 } },
          leaders: [
            { id: 'frederick', name: 'Frederick II', nationality: 'prussia', rank: 1, inside: false },
          ],
          demoralized: false,
        },
        {
          side: 'coalition',
          outside: ['empire', 'austria'],
          inside: [],
          leaders: [{ id: 'daun', name: 'Daun', nationality: 'austria', rank: 2, inside: false }],
          demoralized: false,
        },
      ],
      depot: { owner: 'prussia', side: 'prussian-allied', status: 'building' },
    },
  ],
  events: [{ kind: 'march', text: 'Frederick II marches.', vis: { to: 'all' } }],
};

describe('view reader (engine View shape)', () => {
  it('reads strengths only for the nationalities it is told to show', () => {
    const own = readView(prussiaView, ['prussia']);
    expect(own.stacks.find((s) => s.nationality === 'prussia')).toMatchObject({ sp: 15, inside: 1 });
    expect(own.stacks.find((s) => s.nationality === 'hanover')?.sp).toBeNull();
    expect(own.stacks.find((s) => s.nationality === 'austria')?.sp).toBeNull();
    const pub = readView(prussiaView, []);
    expect(pub.stacks.every((s) => s.sp === null && s.inside === null)).toBe(true);
    expect(own.leaders.map((l) => l.name)).toEqual(['Frederick II', 'Daun']);
    expect(own.depots).toEqual([{ hex: '1623', owner: 'prussia', status: 'building' }]);
    expect(own.recent).toEqual(['Frederick II marches.']);
  });

  it('8.21: public embeds list nationalities in the fixed order and never a strength', () => {
    const e = publicEmbed(prussiaView, {
      title: 'Update',
      pendingSeats: ['prussia'],
      dueAt: 1_800_000_000_000,
      names,
    });
    const text = JSON.stringify(e);
    expect(text).toContain('Dresden (1623): Prussia/Hanover/Austria/Empire');
    expect(text).not.toMatch(/\d+\s*SP/);
    expect(text).toContain('<t:1800000000:R>');
  });

  it('private embeds show the seat’s own strength, garrison and depot', () => {
    const e = privateEmbed(prussiaView, {
      seat: 'prussia',
      title: 'Prussia',
      pendingActions: [],
      dueAt: null,
      names,
    });
    const text = JSON.stringify(e);
    expect(text).toContain('Dresden (1623): 15 SP (+1 SP inside the fortress) — Frederick II');
    expect(text).toContain('(building)');
    expect(text).not.toContain('4 SP');
  });

  it('17.0 / 17.1: a victory report becomes the end-of-game table', () => {
    const lines = victoryLines({
      fortressVp: { 'prussian-allied': 30, coalition: 20 },
      lossVp: { 'prussian-allied': 12, coalition: 10 },
      total: { 'prussian-allied': 18, coalition: 10 },
      winner: 'prussian-allied',
      level: 'marginal',
      difference: 8,
      basis: 'table',
    });
    expect(lines).toEqual([
      'Prussian-Allied: 30 fortress VP − 12 for losses = 18',
      'Coalition: 20 fortress VP − 10 for losses = 10',
      'Result: Prussian-Allied marginal victory (difference 8).',
    ]);
    const over = readView({
      ...prussiaView,
      over: { reason: 'last-turn', turn: 18 },
      victory: { total: { coalition: 1 }, winner: 'draw', difference: 0 },
    });
    expect(over.over).toBe(true);
    expect(over.victory.at(-1)).toBe('Result: a draw (difference 0).');
  });
});

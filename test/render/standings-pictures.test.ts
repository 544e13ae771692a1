// The standings pictures (issue 21): a table and the VP-by-turn chart are PNGs under 400 KB that
// change with their data.
import { describe, expect, it } from 'vitest';
import { standingsTablePng, vpChartPng } from '../../src/render/standings.js';

const tally = (played: number, won: number) => ({
  played,
  won,
  drawn: 0,
  lost: played - won,
  bonus: 0,
  points: 2 * won,
  score: played ? Math.round((won / played) * 100) : 0,
});

describe('standings pictures', () => {
  it('draws the table as a PNG under 400 KB, taller with more rows', () => {
    const row = (rank: number, label: string) => ({
      rank,
      label,
      campaigns: tally(3, 2),
      battles: tally(5, 1),
    });
    const one = standingsTablePng('Standings: sides', [row(1, 'Coalition')]);
    const two = standingsTablePng('Standings: sides', [row(1, 'Coalition'), row(2, 'Prussian-Allied')]);
    expect(one.subarray(1, 4).toString()).toBe('PNG');
    expect(two.length).toBeLessThan(400_000);
    expect(two.readUInt32BE(20)).toBeGreaterThan(one.readUInt32BE(20));
  });
  it('draws VP by turn; different figures give a different picture', () => {
    const pts = [
      { turn: 1, allied: 60, coalition: 70 },
      { turn: 2, allied: 55, coalition: 72 },
      { turn: 2, allied: 50, coalition: 75, final: true },
    ];
    const a = vpChartPng('VP by Game-Turn: 1757', pts, (t) => `T${t}`);
    const b = vpChartPng(
      'VP by Game-Turn: 1757',
      pts.map((p) => ({ ...p, allied: p.allied - 30 })),
      (t) => `T${t}`,
    );
    expect(a.subarray(1, 4).toString()).toBe('PNG');
    expect(a.length).toBeLessThan(400_000);
    expect(a.equals(b)).toBe(false);
  });
});

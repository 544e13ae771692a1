// Issue 16: what a campaign battle's thread may show to both sides (src/bot/battle/host.ts). The
// thread is read by both sides' players, so it is drawn from one side's view with that side's own
// secrets taken out (tactical ruling "Hidden information"; design 5.4 secret deployment).
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../src/app/engine-port.js';
import { commonEvents, commonView } from '../../src/bot/battle/host.js';
import type { TacView } from '../../src/tactical/view.js';

function sideView(phase: string): TacView {
  return {
    viewer: 'prussia',
    scenario: 'campaign-1626-t1',
    map: 'gen',
    turn: 1,
    lastTurn: 14,
    strategicTurn: 0,
    phase,
    step: 'x',
    actingSide: 'prussia',
    segment: null,
    activation: null,
    prompt: {
      side: 'prussia',
      kind: 'retreat',
      text: 'Retreat where?',
      options: [{ label: 'To 0405', value: '0405' }],
    },
    units: [
      { id: 'p1', side: 'prussia', hex: '0404', eliminated: false, entry: '0101' },
      { id: 'p2', side: 'prussia', hex: null, eliminated: false },
      { id: 'a1', side: 'austria', hex: '0606', eliminated: false },
      { id: 'a2', side: 'austria', hex: null, eliminated: true },
    ],
    leaders: [
      { id: 'fred', side: 'prussia', hex: '0404', eliminated: false },
      { id: 'zieten', side: 'prussia', hex: null, eliminated: false },
    ],
    formations: [],
    breached: [],
    ledger: {},
    startCp: {},
    over: null,
  } as unknown as TacView;
}

describe('a campaign battle thread shows only what both sides may see (issue 16)', () => {
  it("hidden information: a side's off-map units, entry hexes and prompt options stay out", () => {
    const v = commonView(sideView('operations'));
    expect(v.viewer).toBe('public');
    expect(v.units.map((u) => u.id)).toEqual(['p1', 'a1', 'a2']);
    expect(JSON.stringify(v)).not.toContain('0101');
    expect(v.leaders.map((l) => l.id)).toEqual(['fred']);
    expect(v.prompt).toEqual({ side: 'prussia', kind: 'retreat', text: 'Retreat where?' });
    expect(JSON.stringify(v)).not.toContain('To 0405');
  });

  it('design 5.4: during the secret deployment no placement is shown at all', () => {
    const v = commonView(sideView('deployment'));
    expect(v.units.map((u) => u.id)).toEqual(['a2']);
    expect(v.leaders).toEqual([]);
  });

  it("events: public ones and those told to both sides' seats; one side's own stay out", () => {
    const sideOf = new Map([
      ['prussia', 'prussia'],
      ['hanover', 'prussia'],
      ['austria', 'austria'],
    ]);
    const e = (type: string, seats: string[] | 'public'): EngineEvent => ({
      type,
      visibility: seats === 'public' ? 'public' : { seats },
      text: type,
    });
    const kept = commonEvents(
      [
        e('battle-public', 'public'),
        e('tactical:fire', ['prussia', 'hanover', 'austria']),
        e('tactical:draft', ['prussia', 'hanover']),
        e('tactical:secret', ['austria']),
        e('elsewhere', ['france']),
      ],
      sideOf,
    );
    expect(kept.map((x) => x.type)).toEqual(['battle-public', 'tactical:fire']);
  });
});

import { describe, expect, it } from 'vitest';
import { tacticalScenario } from '../../src/autopilot/tactical/scenarios.js';
import { toTacticalSetup } from '../../src/tactical/bridge/index.js';
import { envFor } from '../../src/tactical/env.js';
import { eliminate } from '../../src/tactical/rules/effects.js';
import { runTasks } from '../../src/tactical/rules/tasks.js';
import { victoryPoints } from '../../src/tactical/rules/victory.js';
import type { TacState } from '../../src/tactical/state.js';
import { type FixtureUnit, fixtureScenario } from './fixtures.js';
import { act, activate, battle, nb, pendingSeats, refused, settlePrompts, unit } from './harness.js';

const P = (id: string, hex: string, facing = 5, extra: Partial<FixtureUnit> = {}): FixtureUnit => ({
  id,
  side: 'prussia',
  formation: 'p-a',
  arm: 'infantry',
  hex,
  facing,
  ...extra,
});
const A = (id: string, hex: string, facing = 2, extra: Partial<FixtureUnit> = {}): FixtureUnit => ({
  id,
  side: 'austria',
  formation: 'a-a',
  arm: 'infantry',
  hex,
  facing,
  ...extra,
});
const near = {
  'pl-a': '0708',
  'pl-b': '0708',
  'p-res': '0708',
  'al-a': '0202',
  'al-b': '0202',
  daun: '0202',
};

function kill(s: TacState, id: string): TacState {
  const c = { s: structuredClone(s), env: envFor(s.map)!, events: [] };
  eliminate(c as never, unit(c.s, id), 'test');
  runTasks(c as never);
  return c.s;
}

describe('8 commanders in chief and 9 formation leaders', () => {
  it('8.2: a formation leader beyond the C-in-C range, or cut off by enemy front and flank hexes, is Out of Command', () => {
    const s = battle([P('p1', '0808'), A('a1', '0202')], {
      leaders: { ...near, fritz: '1212', 'pl-a': '0101', 'pl-b': '1110' },
    });
    expect(s.leaders.find((l) => l.id === 'pl-a')?.outOfCommand).toBe(true);
    expect(s.leaders.find((l) => l.id === 'pl-b')?.outOfCommand).toBe(false);
    // Fritz at 0506 range 1 reaching pl-b at 0406 only through a1's front hex 0406 itself: blocked.
    const t = battle([P('p1', '0808'), A('a1', '0306')], {
      leaders: { ...near, fritz: '0506', 'pl-b': '0406' },
      scenario: {},
    });
    const cut = structuredClone(t);
    void cut;
    expect(t.leaders.find((l) => l.id === 'pl-b')?.outOfCommand).toBe(true);
    // A friendly unit in that hex opens the chain (6.1, ruling).
    const u = battle([P('p1', '0406', 0), A('a1', '0306')], {
      leaders: { ...near, fritz: '0506', 'pl-b': '0406' },
    });
    expect(u.leaders.find((l) => l.id === 'pl-b')?.outOfCommand).toBe(false);
  });

  it('8.3: an Out of Command leader activates on 1d6 <= his activation value; on a failure the formation is spent and its units may not act', () => {
    const base = battle([P('p1', '0808'), A('a1', '0202')], {
      leaders: { ...near, fritz: '1201', 'pl-a': '0112' },
    });
    expect(base.leaders.find((l) => l.id === 'pl-a')?.outOfCommand).toBe(true);
    const ok = activate(base, 'prussia', ['p-a'], [4]);
    expect(ok.activation?.failed).toEqual([]);
    const ko = activate(base, 'prussia', ['p-a'], [5]);
    expect(ko.activation?.failed).toEqual(['p-a']);
    expect(ko.formations.find((f) => f.id === 'p-a')?.activated).toBe(true);
    refused(ko, 'prussia', { type: 'move', unit: 'p1', to: '0708' }, '8.3');
    expect(ok.activation?.inCommand).toEqual(['p1']);
  });

  it('9.1: units within the leader range at the moment of activation are in command; moving the leader later does not help', () => {
    let s = battle([P('p1', '0808'), P('p2', '0212', 5), A('a1', '0202')], {
      leaders: { ...near, 'pl-a': '0808' },
    });
    s.leaders.find((l) => l.id === 'pl-a')!.commandRange = 2;
    s = activate(s, 'prussia', ['p-a']);
    expect(s.activation?.inCommand).toEqual(['p1']);
  });

  it('9.2: an out-of-command unit may not attack, moves at half its MA (rounded up) and not away from its leader', () => {
    let s = battle([P('p1', '0808', 2), P('p2', '0506'), A('a1', '0406')], {
      leaders: { ...near, 'pl-a': '0308' },
    });
    s.leaders.find((l) => l.id === 'pl-a')!.commandRange = 1;
    s = activate(s, 'prussia', ['p-a']);
    expect(s.activation?.inCommand).toEqual([]);
    refused(s, 'prussia', { type: 'fire', unit: 'p2', target: 'a1' }, '9.2');
    refused(s, 'prussia', { type: 'shock', attackers: ['p2'], defenders: ['a1'] }, '9.2');
    refused(s, 'prussia', { type: 'move', unit: 'p1', to: nb('0808', 2) }, '9.2');
    s = act(s, 'prussia', { type: 'face', unit: 'p1', facing: 1 });
    s = act(s, 'prussia', { type: 'face', unit: 'p1', facing: 0 });
    expect(s.activation?.mp.p1).toBe(2);
    refused(s, 'prussia', { type: 'face', unit: 'p1', facing: 5 }, '7.2');
  });

  it('9.3: a battle line (infantry flank to flank, cavalry merely adjacent) carries command from a unit in range', () => {
    // Facing north (vertex 5) the flank directions are E and W: 0808, 0809, 0810 stand flank to flank in one column.
    let s = battle([P('p1', '0808'), P('p2', '0809'), P('p3', '0810'), P('p4', '0812', 2)], {
      leaders: { ...near, 'pl-a': '0807' },
    });
    s.leaders.find((l) => l.id === 'pl-a')!.commandRange = 1;
    s = activate(s, 'prussia', ['p-a']);
    expect([...(s.activation?.inCommand ?? [])].sort()).toEqual(['p1', 'p2', 'p3']);
    let c = battle(
      [
        P('c1', '0808', 5, { arm: 'cavalry', formation: 'p-b' }),
        P('c2', '0908', 1, { arm: 'cavalry', formation: 'p-b' }),
      ],
      { leaders: { ...near, 'pl-b': '0807' } },
    );
    c.leaders.find((l) => l.id === 'pl-b')!.commandRange = 1;
    c = activate(c, 'prussia', ['p-b']);
    expect([...(c.activation?.inCommand ?? [])].sort()).toEqual(['c1', 'c2']);
  });

  it('9: a formation leader moves like cavalry with his activated formation', () => {
    let s = battle([P('p1', '0808'), A('a1', '0202')], {
      leaders: { ...near, 'pl-a': '0808' },
      map: { terrain: { '0807': 'woods' } },
    });
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'move-leader', leader: 'pl-a', to: '0807' });
    expect(s.leaderMoves['pl-a']).toBe(3);
    refused(s, 'prussia', { type: 'move-leader', leader: 'pl-b', to: '0709' }, '9');
    // Next turn his allowance is whole again.
    for (let i = 0; i < 40 && s.turn === 1; i++) s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    s = activate(s, 'prussia', ['p-a']);
    s = act(s, 'prussia', { type: 'move-leader', leader: 'pl-a', to: '0707' });
    expect(s.leaderMoves['pl-a']).toBe(1);
  });

  it('9.4: a leader whose units are eliminated dies; an aide-de-camp (or a free reserve leader, 8.1) takes over', () => {
    const s = battle([P('p1', '0808'), P('p2', '1010'), A('a1', '0202')], {
      leaders: { ...near, 'pl-a': '0808' },
    });
    const t = kill(s, 'p1');
    expect(t.leaders.find((l) => l.id === 'pl-a')?.eliminated).toBe(true);
    expect(t.prompt?.kind).toBe('aide');
    expect(t.prompt?.options.map((o) => o.value)).toEqual(['aide@1010', 'reserve:p-res']);
    const aide = settlePrompts(t);
    const f = aide.formations.find((x) => x.id === 'p-a')!;
    expect(aide.leaders.find((l) => l.id === f.leader)).toMatchObject({
      role: 'aide',
      hex: '1010',
      activation: 2,
      commandRange: 2,
    });
    const res = settlePrompts(t, { aide: 'reserve:p-res' });
    expect(res.formations.find((x) => x.id === 'p-a')?.leader).toBe('p-res');
    expect(res.formations.find((x) => x.id === 'p-ind')?.leader).toBeNull();
  });

  it('8.4: the loss of Frederick loses the game at once', () => {
    const s = battle([P('p1', '0808'), A('a1', '0202')], { leaders: { ...near, fritz: '0808' } });
    const t = kill(s, 'p1');
    expect(t.over).toMatchObject({ winner: 'austria', level: 'decisive' });
  });

  it('8.4 (ruling): a C-in-C the scenario does not mark (every campaign battle) falls: no defeat; his army is Disorganized for a turn, then the senior leader left commands', () => {
    const leaders = fixtureScenario([]).leaders.map((l) => {
      if (l.id !== 'fritz') return l;
      const { onFall: _, ...rest } = l;
      return rest;
    });
    let s = battle([P('p1', '0808'), P('p2', '0810'), P('p5', '1011'), A('a1', '0202')], {
      scenario: { leaders },
      leaders: { ...near, fritz: '0808', 'p-res': '0810' },
    });
    s = kill(s, 'p1');
    expect(s.over).toBeNull();
    expect(s.leaders.find((l) => l.id === 'fritz')?.eliminated).toBe(true);
    expect(unit(s, 'p2').disorganized).toBe(true);
    s = settlePrompts(s);
    for (let i = 0; i < 80 && s.turn < 3 && !s.over; i++)
      s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    expect(s.over).toBeNull();
    // No successor named: the formation leaders (activation 4) outrank the reserve (3); pl-a by id.
    expect(s.leaders.find((l) => l.id === 'pl-a')?.role).toBe('cinc');
  });

  it('8.4: the Leuthen scenarios mark Frederick, and only him, as the C-in-C whose fall loses the game', () => {
    for (const id of ['leuthen-1', 'leuthen-2']) {
      const sc = tacticalScenario(id);
      if (!sc.ok) throw new Error(sc.error);
      const marked = sc.loaded.data.leaders.filter((l) => l.onFall === 'defeat').map((l) => l.id);
      expect(marked).toEqual(['frederick']);
    }
  });

  it('8.4 (ruling): a campaign battle marks no C-in-C, even the King commanding in person', () => {
    const L = (id: string, nationality: string, initiative: number) => ({
      id,
      nationality,
      rank: 1,
      initiative,
      attack: 0,
      defence: 0,
    });
    const setup = toTacticalSetup({
      attacker: {
        side: 'prussian-allied',
        sp: { prussia: 10 },
        leaders: [L('frederick', 'prussia', 3)],
        demoralized: false,
      },
      defender: {
        side: 'coalition',
        sp: { austria: 12 },
        leaders: [L('charles', 'austria', 1)],
        demoralized: false,
      },
      winter: false,
    });
    const cincs = setup.leaders.filter((l) => l.role === 'cinc');
    expect(cincs.map((l) => l.strategicId).sort()).toEqual(['charles', 'frederick']);
    for (const l of cincs) expect((l as { onFall?: string }).onFall).toBeUndefined();
  });

  it('8.4: when Prince Charles falls every Austrian unit is Disorganized for a turn, then Daun commands', () => {
    let s = battle(
      [
        P('p1', '0808'),
        P('p5', '1011'),
        A('a1', '0202'),
        A('a2', '0204'),
        A('a3', '0206', 2, { cp: 3 }),
        A('a4', '0208'),
      ],
      { leaders: { ...near, charles: '0202', 'al-a': '0203', daun: '0201' } },
    );
    s = kill(s, 'a1');
    expect(s.leaders.find((l) => l.id === 'charles')?.eliminated).toBe(true);
    expect(s.units.filter((u) => u.side === 'austria' && !u.eliminated).every((u) => u.disorganized)).toBe(
      true,
    );
    s = settlePrompts(s);
    for (let i = 0; i < 60 && s.turn < 2 && !s.over; i++)
      s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    expect(s.turn).toBe(2);
    expect(unit(s, 'a2').disorganized).toBe(true);
    expect(s.leaders.find((l) => l.id === 'al-a')?.outOfCommand).toBe(true);
    for (let i = 0; i < 60 && s.turn < 3 && !s.over; i++)
      s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    expect(s.leaders.find((l) => l.id === 'daun')?.role).toBe('cinc');
    expect(s.leaders.find((l) => l.id === 'charles')?.role).toBe('cinc');
    expect(victoryPoints(s, 'prussia')).toBeGreaterThanOrEqual(5);
    expect(unit(s, 'a2').disorganized).toBe(false);
  });

  it('7.4: the C-in-C moves up to four hexes in the Command Phase, never into an enemy front or flank hex unless a friend holds it', () => {
    let s = battle([P('p1', '0506'), P('p5', '1011'), A('a1', '0406')], {
      leaders: { ...near, fritz: '0606' },
    });
    for (let i = 0; i < 20 && s.phase !== 'command'; i++)
      s = act(s, pendingSeats(s)[0]!, { type: 'timeout' });
    expect(s.phase).toBe('command');
    refused(s, 'prussia', { type: 'move-leader', leader: 'fritz', to: '0505' }, '7.4');
    for (const h of ['0506', '0507', '0508', '0509'])
      s = act(s, 'prussia', { type: 'move-leader', leader: 'fritz', to: h });
    refused(s, 'prussia', { type: 'move-leader', leader: 'fritz', to: '0510' }, '7.4');
  });
});

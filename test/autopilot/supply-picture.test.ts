// The autopilot's own picture of supply (geometry.ts supplyPicture), rebuilt from the seat's view,
// must agree with the engine's (10.1-10.3 and the scenario rules), or the planner sends armies
// "back to supply" they already have, or stages them where none exists.
import { describe, expect, it } from 'vitest';
import { driverMap } from '../../src/autopilot/driver.js';
import { supplyPicture } from '../../src/autopilot/geometry.js';
import { positionState, replayPosition } from '../../src/autopilot/position.js';
import { boardFromView } from '../../src/autopilot/view-adapter.js';
import { view } from '../../src/engine/view.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();

describe('autopilot supply picture', () => {
  it('1757 4B: the Russian depot linked off the map is a source in the picture as in the engine', () => {
    // The Russian army and its linked depot (3742) arrive on turn 8; no fortress of the Coalition
    // lies within reach, so only the linked depot supplies East Prussia. The board after turn 8 of
    // 1757 seed 1, every seat passive (positions/supply-picture-1757-1.json: `ftg demo --scenario
    // 1757 --seed 1 --level passive --cut 9:march:prussia`, the first state of turn 9, where
    // `playGame({turns: 8})` used to stop).
    const state = positionState(loadPosition('supply-picture-1757-1'), map);
    const linked = Object.values(state.depots).filter((d) => d.offMapLink);
    expect(linked.map((d) => d.hex)).toEqual(['3742']);
    const v = view(state, 'russia', [], map);
    expect(v.hexes.find((h) => h.hex === '3742')?.depot?.linked).toBe(true);
    const picture = supplyPicture(boardFromView(v, map));
    expect(v.supply).toContain('3340');
    expect(picture.supplied.has('3340')).toBe(true);
    expect([...picture.supplied].sort()).toEqual(v.supply);
    // The other side sees the link too (a scenario rule, public), and judges Russian supply alike.
    const p = view(state, 'prussia', [], map);
    expect(p.hexes.find((h) => h.hex === '3742')?.depot?.linked).toBe(true);
    expect(supplyPicture(boardFromView(p, map), 'coalition').supplied.has('3340')).toBe(true);
  });

  it('10.12 B: the picture equals the engine at every March Phase of a game (1757 seed 2, all seats expert)', () => {
    // Before 28 Nov 2026 it differed at 13 of 107 checks of this game (as then played): the linked Russian depot
    // (1757 4B) left out, and depots kept operative by a leader standing alone in them (10.12 B
    // asks for an SP: the French depot at 2307 from turn 5).
    // The game is a recorded whole game, fixed on purpose (positions/supply-picture-1757-2.json:
    // `ftg demo --scenario 1757 --seed 2 --level expert --cut end`, as played on 8 Dec 2026): what
    // is checked here is the picture against the engine, not the autopilot's play, so an autopilot
    // change no longer moves the March Phases compared (98 in this log).
    let checks = 0;
    const differ: string[] = [];
    let last = '';
    replayPosition(
      loadPosition('supply-picture-1757-2'),
      ({ state }) => {
        const seat = state.pending[0];
        if (state.phase !== 'march' || !seat || `${state.turn}:${seat}` === last) return;
        last = `${state.turn}:${seat}`;
        const v = view(state, seat, [], map);
        const picture = [...supplyPicture(boardFromView(v, map)).supplied].sort();
        checks++;
        if (JSON.stringify(picture) !== JSON.stringify(v.supply)) differ.push(last);
      },
      map,
    );
    expect(checks).toBeGreaterThan(90);
    expect(differ).toEqual([]);
  });
});

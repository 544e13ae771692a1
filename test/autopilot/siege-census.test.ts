// Sieges cut off from supply (siege-census.ts): a siege that ends with the besiegers' depot and SP
// still before the fortress ended for want of supply (13.12, 10.12 B), not by a breach or a march.
import { describe, expect, it, vi } from 'vitest';
import { playGame } from '../../src/autopilot/driver.js';
import { replayPosition } from '../../src/autopilot/position.js';
import { countSiegeCuts, noCuts } from '../../src/autopilot/siege-census.js';
import { run } from '../../src/cli/commands/demo.js';
import { type GameState, setup } from '../../src/engine/index.js';
import { loadPosition } from '../support/positions.js';

const HOLD_VS_EXPERT = {
  prussia: 'hold',
  hanover: 'hold',
  austria: 'expert',
  france: 'expert',
  russia: 'expert',
  sweden: 'expert',
  empire: 'expert',
} as const;

/** Magdeburg (2217, Prussian) besieged by 15 French SP on their complete depot, on `turn`. */
function besiegedMagdeburg(turn: number): GameState {
  const s = setup('1760', 1);
  s.turn = turn;
  s.forces['2217'] = { prussia: { out: 0, in: 2 }, france: { out: 15, in: 0 } };
  s.depots['2217'] = { hex: '2217', owner: 'france', status: 'complete', placedTurn: turn - 2 };
  s.fortressControl['2217'] = 'prussian-allied';
  s.besieged = ['2217'];
  return s;
}

function ended(before: GameState, change: (s: GameState) => void): GameState {
  const s = structuredClone(before);
  s.besieged = [];
  change(s);
  return s;
}

describe('siege census', () => {
  it('13.12: a siege that ends with the besiegers still on their depot was cut off; on a winter turn it counts twice', () => {
    const into = noCuts();
    const autumn = besiegedMagdeburg(14);
    countSiegeCuts(
      into,
      autumn,
      ended(autumn, () => {}),
    );
    expect(into.coalition).toEqual({ cut: 1, cutWinter: 0 });
    const winter = besiegedMagdeburg(16);
    countSiegeCuts(
      into,
      winter,
      ended(winter, () => {}),
    );
    expect(into.coalition).toEqual({ cut: 2, cutWinter: 1 });
    expect(into['prussian-allied']).toEqual({ cut: 0, cutWinter: 0 });
  });

  it('a siege that goes on, ends by a capture, by the besiegers marching off, or with the game, is not cut', () => {
    const into = noCuts();
    const b = besiegedMagdeburg(16);
    // Still besieged.
    countSiegeCuts(into, b, structuredClone(b));
    // The fortress fell (13.33): its control passed to the besiegers.
    countSiegeCuts(
      into,
      b,
      ended(b, (s) => {
        s.fortressControl['2217'] = 'coalition';
      }),
    );
    // The besiegers marched off the depot.
    countSiegeCuts(
      into,
      b,
      ended(b, (s) => {
        s.forces['2217'] = { prussia: { out: 0, in: 2 } };
      }),
    );
    // The depot was lost.
    countSiegeCuts(
      into,
      b,
      ended(b, (s) => {
        delete s.depots['2217'];
      }),
    );
    // The step that ends the game.
    countSiegeCuts(
      into,
      b,
      ended(b, (s) => {
        s.over = { reason: 'last-turn', turn: 16 };
      }),
    );
    expect(into).toEqual(noCuts());
  });

  it('1760 seed 19, hold against the expert Coalition: the French siege of Magdeburg is cut on the first winter turn', () => {
    // positions/siege-census-1760-19.json: the whole game of 1760 seed 19, hold allies against the
    // expert Coalition, recorded with `ftg demo --cut end`, replayed by the engine with the sieges
    // counted step by step as the driver counts them. The log is fixed on purpose: the code under
    // test is the census, not the autopilot, so its figures must not move when the autopilot changes.
    // Broglie's 15 SP stand on their depot before Magdeburg from turn 11 (13 of them by turn 16);
    // the one-SP guards of the depots behind them (1612, 1915) die in the Attrition Phase of turn
    // 16 (16.31) and the line feeds nothing (10.12 B), so the siege is off when the Coalition's
    // turn-16 March Phase begins. The game's other sieges end by a march away (Breslau, turn 6) or a
    // capture (Schweidnitz, Glatz) and are not counted.
    const sieges = noCuts();
    const end = replayPosition(loadPosition('siege-census-1760-19'), ({ before, state }) =>
      countSiegeCuts(sieges, before, state),
    );
    expect(end.over?.reason).toBe('last-turn');
    expect(sieges.coalition).toEqual({ cut: 1, cutWinter: 1 });
    expect(sieges['prussian-allied']).toEqual({ cut: 0, cutWinter: 0 });
  });

  it('ftg demo --games prints the sieges cut off', async () => {
    // `--games` can only play live (a position cannot be given to it), so the figures it must print
    // are those the driver's census gives for the same live game (seed 19, these levels per seat),
    // not pinned ones: the recorded game above pins the census itself.
    const g = playGame({ scenario: '1760', seed: 19, level: HOLD_VS_EXPERT });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const level = Object.entries(HOLD_VS_EXPERT)
      .map(([s, l]) => `${s}=${l}`)
      .join(',');
    const code = await run([
      '--scenario',
      '1760',
      '--seed',
      '19',
      '--games',
      '1',
      '--quiet',
      '--level',
      level,
    ]);
    const text = log.mock.calls.map((c) => String(c[0])).join('\n');
    log.mockRestore();
    expect(code).toBe(0);
    const [a, c] = [g.sieges['prussian-allied'], g.sieges.coalition];
    expect(text).toContain(
      `| Sieges cut off from supply (13.12) | ${a.cut.toFixed(2)} | ${c.cut.toFixed(2)} |`,
    );
    expect(text).toContain(
      `| of them on a winter turn (16.31) | ${a.cutWinter.toFixed(2)} | ${c.cutWinter.toFixed(2)} |`,
    );
  }, 120_000); // two live games (the reference and the CLI's)
});

// Where each side's SP go (loss-census.ts): winter (16.31, leaderless forces apart, 5.3), supply
// (10.61), siege rolls (13.32), and the rest; `ftg demo --games` prints it for levels per seat.
import { describe, expect, it, vi } from 'vitest';
import { playGame } from '../../src/autopilot/driver.js';
import { countLosses, noLosses } from '../../src/autopilot/loss-census.js';
import { run } from '../../src/cli/commands/demo.js';
import { type GameEvent, setup } from '../../src/engine/index.js';

const HOLD_VS_EXPERT = {
  prussia: 'hold',
  hanover: 'hold',
  austria: 'expert',
  france: 'expert',
  russia: 'expert',
  sweden: 'expert',
  empire: 'expert',
} as const;

function ev(kind: string, data: Record<string, unknown>): GameEvent {
  return { kind, text: kind, vis: { to: 'all' }, data };
}

describe('loss census', () => {
  it('16.31, 5.3: a winter loss counts as leaderless only where no leader of the side stands', () => {
    const state = setup('1757', 1);
    const led = Object.values(state.leaders).find((l) => l.status === 'map' && l.nationality === 'prussia');
    expect(led?.hex).toBeTruthy();
    const empty = '0101';
    expect(Object.values(state.leaders).some((l) => l.hex === empty)).toBe(false);
    const into = noLosses();
    countLosses(
      into,
      [
        ev('attrition-winter', { hex: led?.hex, nat: 'prussia' }),
        ev('attrition-winter', { hex: empty, nat: 'prussia' }),
        ev('attrition-supply', { hex: empty, nat: 'austria' }),
      ],
      state,
    );
    expect(into['prussian-allied']).toEqual({ winter: 2, winterUnled: 1, supply: 0, sortie: 0 });
    expect(into.coalition).toEqual({ winter: 0, winterUnled: 0, supply: 1, sortie: 0 });
  });

  it('13.32: a siege roll that costs the besiegers an SP is charged to the side not holding the fortress', () => {
    const state = setup('1757', 1);
    state.siegeRolls = { '1623': { turn: 3, garrison: 'coalition', die: 1, modified: 1 } };
    const into = noLosses();
    countLosses(
      into,
      [
        ev('siege-roll', { hex: '1623', die: 1, modifiedRoll: 1, result: 'attacker-loss' }),
        ev('siege-roll', { hex: '1623', die: 4, modifiedRoll: 4, result: 'no-effect' }),
      ],
      state,
    );
    expect(into['prussian-allied'].sortie).toBe(1);
    expect(into.coalition.sortie).toBe(0);
  });

  it('1760 seed 38, hold against the expert Coalition: the 16 SP it loses, by cause', () => {
    const g = playGame({ scenario: '1760', seed: 38, level: HOLD_VS_EXPERT });
    expect(g.losses.coalition.eliminated).toBe(16);
    // Four siege rolls cost an SP (Breslau twice, Glatz, Schweidnitz); nine SP die in winter, four
    // of them depot guards with no leader (1218, 1332, 2023, 2222) and five with Daun before
    // Schweidnitz or Contades' army; one is lost out of supply (Contades at 2823 on turn 17). The
    // other two are Daun's force marches of turns 7 and 11, each a sum of six (5.2): no battle.
    expect(g.causes.coalition).toEqual({ winter: 9, winterUnled: 4, supply: 1, sortie: 4 });
    expect(g.losses['prussian-allied'].eliminated).toBe(0);
    expect(g.causes['prussian-allied']).toEqual({ winter: 0, winterUnled: 0, supply: 0, sortie: 0 });
  });

  it('ftg demo --games takes levels per seat and prints the losses by cause', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const level = Object.entries(HOLD_VS_EXPERT)
      .map(([s, l]) => `${s}=${l}`)
      .join(',');
    const code = await run([
      '--scenario',
      '1760',
      '--seed',
      '38',
      '--games',
      '1',
      '--quiet',
      '--level',
      level,
    ]);
    const text = log.mock.calls.map((c) => String(c[0])).join('\n');
    log.mockRestore();
    expect(code).toBe(0);
    expect(text).toContain('| SP eliminated | 0.0 | 16.0 |');
    expect(text).toContain('| of them to winter (16.31) | 0.0 | 9.0 |');
    expect(text).toContain('| of those, forces with no leader (5.3) | 0.0 | 4.0 |');
    expect(text).toContain('| to supply (10.61) | 0.0 | 1.0 |');
    expect(text).toContain('| to siege rolls (13.32) | 0.0 | 4.0 |');
    // The two SP of Daun's force marches (5.2).
    expect(text).toContain('| in battle and otherwise | 0.0 | 2.0 |');
  });
});

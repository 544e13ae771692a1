// Where each side's SP go (loss-census.ts): winter (16.31, leaderless forces apart, 5.3), supply
// (10.61), siege rolls (13.32), and the rest; `ftg demo --games` prints it for levels per seat.
import { describe, expect, it, vi } from 'vitest';
import { playGame } from '../../src/autopilot/driver.js';
import { countLosses, noLosses } from '../../src/autopilot/loss-census.js';
import { replayPosition } from '../../src/autopilot/position.js';
import { run } from '../../src/cli/commands/demo.js';
import { type GameEvent, type Nationality, type Side, setup } from '../../src/engine/index.js';
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

/**
 * A recorded whole game replayed by the engine, its losses counted step by step as the driver
 * counts them (`countLosses` on each step's events and the state after it) and the SP eliminated
 * read from the ledger at the end. The log is fixed on purpose: the code under test is the census,
 * not the autopilot, so its figures must not move when the autopilot changes.
 */
function replayedLosses(name: string) {
  const causes = noLosses();
  const end = replayPosition(loadPosition(name), ({ events, state }) => countLosses(causes, events, state));
  const eliminated: Record<Side, number> = { 'prussian-allied': 0, coalition: 0 };
  for (const [n, v] of Object.entries(end.ledger.eliminated))
    eliminated[end.seatSide[n as Nationality]] += v ?? 0;
  return { end, causes, eliminated };
}

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
    // positions/loss-census-1760-38.json: the whole game of 1760 seed 38, hold allies against the
    // expert Coalition, recorded with `ftg demo --cut end`.
    const g = replayedLosses('loss-census-1760-38');
    expect(g.end.over?.reason).toBe('last-turn');
    expect(g.eliminated.coalition).toBe(16);
    // Four siege rolls cost an SP (Breslau twice, Glatz, Schweidnitz); nine SP die in winter, four
    // of them depot guards with no leader (1218, 1332, 2023, 2222) and five with Daun before
    // Schweidnitz or Contades' army; one is lost out of supply (Contades at 2823 on turn 17). The
    // other two are Daun's force marches of turns 7 and 11, each a sum of six (5.2): no battle.
    expect(g.causes.coalition).toEqual({ winter: 9, winterUnled: 4, supply: 1, sortie: 4 });
    expect(g.eliminated['prussian-allied']).toBe(0);
    expect(g.causes['prussian-allied']).toEqual({ winter: 0, winterUnled: 0, supply: 0, sortie: 0 });
  });

  it('ftg demo --games takes levels per seat and prints the losses by cause', async () => {
    // `--games` can only play live (a position cannot be given to it), so the figures it must print
    // are those the driver's census gives for the same live game (seed 38, these levels per seat),
    // not pinned ones: the recorded game above pins the census itself.
    const g = playGame({ scenario: '1760', seed: 38, level: HOLD_VS_EXPERT });
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
    const row = (label: string, a: number, c: number) => `| ${label} | ${a.toFixed(1)} | ${c.toFixed(1)} |`;
    const [a, c] = [g.causes['prussian-allied'], g.causes.coalition];
    const [ea, ec] = [g.losses['prussian-allied'].eliminated, g.losses.coalition.eliminated];
    expect(text).toContain(row('SP eliminated', ea, ec));
    expect(text).toContain(row('of them to winter (16.31)', a.winter, c.winter));
    expect(text).toContain(row('of those, forces with no leader (5.3)', a.winterUnled, c.winterUnled));
    expect(text).toContain(row('to supply (10.61)', a.supply, c.supply));
    expect(text).toContain(row('to siege rolls (13.32)', a.sortie, c.sortie));
    // What is left (in the recorded game, the two SP of Daun's force marches, 5.2).
    expect(text).toContain(
      row(
        'in battle and otherwise',
        ea - a.winter - a.supply - a.sortie,
        ec - c.winter - c.supply - c.sortie,
      ),
    );
  }, 120_000); // two live games (the reference and the CLI's)
});

// The one game loop (issue #13 item 6): src/kernel/drive.ts runs the autopilot driver, the fuzzer,
// `ftg play` and the service's autopilot drive. Its own semantics, and that the games it plays are
// the ones their own loops played before it (reference-loops.ts keeps those loops).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import { fuzzGame } from '../../src/engine/index.js';
import { type Applied, drive } from '../../src/kernel/index.js';
import { referenceFuzzGame, referencePlayGame } from './reference-loops.js';

const hash = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);

/** A counter game: seat 'a' adds its action; over at 10; 'bad' is refused. */
const counter = {
  isOver: (s: number) => s >= 10,
  apply: (s: number, _seat: string, a: number | 'bad'): Applied<number, string> =>
    a === 'bad'
      ? { ok: false, error: { rule: 'x', code: 'bad', message: 'no' } }
      : { ok: true, state: s + a, events: [`+${a}`] },
};

describe('drive: the loop', () => {
  it('plays turns until the game is over, trying candidates in order', () => {
    const refused: string[] = [];
    const r = drive<number, number | 'bad', string>({
      ...counter,
      state: 0,
      next: () => ({ seat: 'a', candidates: ['bad', 3] }),
      refused: (_s, seat, a, e) => void refused.push(`${seat}:${String(a)}:${e.code}`),
    });
    expect(r).toEqual({ state: 12, steps: 4, stopped: 'over' });
    expect(refused).toHaveLength(4);
  });

  it('stops at the step limit, on the policy’s word, and when every candidate is refused', () => {
    const base = { ...counter, state: 0 };
    expect(drive({ ...base, maxSteps: 2, next: () => ({ seat: 'a', candidates: [1] }) })).toEqual({
      state: 2,
      steps: 2,
      stopped: 'step-limit',
    });
    expect(
      drive({ ...base, next: (s) => (s >= 4 ? { stop: 'enough' } : { seat: 'a', candidates: [2] }) }),
    ).toEqual({ state: 4, steps: 2, stopped: 'enough' });
    expect(drive({ ...base, next: () => ({ seat: 'a', candidates: ['bad' as const] }) }).stopped).toBe(
      'refused',
    );
  });

  it('an exhausted turn may continue; a pause changes the state uncounted; accepted may replace or stop', () => {
    let tries = 0;
    const r = drive<number, number | 'bad', string>({
      ...counter,
      state: 0,
      next: (s) => (s === 0 ? { state: 5 } : { seat: 'a', candidates: tries++ < 1 ? ['bad'] : [1] }),
      exhausted: () => 'continue',
      accepted: ({ state }) => (state === 6 ? { state: 9, stop: 'jumped' } : undefined),
    });
    expect(r).toEqual({ state: 9, steps: 1, stopped: 'jumped' });
  });
});

describe('drive: the same games as the loops it replaced', () => {
  // reference-loops.ts keeps the autopilot driver's and the fuzzer's own loops as they were.
  it('the autopilot driver: same final states, steps and endings for the same seeds', () => {
    const map = driverMap();
    for (const [scenario, seed, turns] of [
      ['1757', 1, 2],
      ['1756', 7, 2],
      ['1760', 3, 1],
    ] as const) {
      const g = playGame({ scenario, seed, turns, map });
      const ref = referencePlayGame({ scenario, seed, turns, map });
      expect(g.steps, `${scenario}/${seed}`).toBeGreaterThan(10);
      expect([hash(g.state), g.steps, g.refused, g.stalls, g.endedBy], `${scenario}/${seed}`).toEqual([
        hash(ref.state),
        ref.steps,
        ref.refused,
        ref.stalls,
        ref.endedBy,
      ]);
    }
  }, 180_000);

  it('the fuzzer: same action log, checks and outcome for the same seed', () => {
    const o = { scenario: '1757', seed: 'a', map: driverMap(), maxSteps: 400 } as const;
    const f = fuzzGame(o);
    const ref = referenceFuzzGame(o);
    expect(f.steps).toBe(400);
    expect([hash(f.log), f.steps, f.turn, f.failures, f.probes]).toEqual([
      hash(ref.log),
      ref.steps,
      ref.turn,
      ref.failures,
      ref.probes,
    ]);
  }, 180_000);
});

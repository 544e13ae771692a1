// Positions (src/autopilot/position.ts): a game cut at a step and kept as its scenario, seed, dice
// and action log, which the engine alone replays; and `ftg demo --cut ... --position FILE` / `--from`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Level } from '../../src/autopilot/decide.js';
import { driverMap, playGame } from '../../src/autopilot/driver.js';
import {
  checkPositionVersions,
  formatPosition,
  parseCut,
  parsePosition,
  positionState,
  recordPosition,
  replayPosition,
} from '../../src/autopilot/position.js';
import { run } from '../../src/cli/commands/demo.js';
import { MAP_VERSION, pendingSeats, RULES_VERSION, type Seat } from '../../src/engine/index.js';
import { loadPosition } from '../support/positions.js';

const map = driverMap();
const dir = mkdtempSync(join(tmpdir(), 'ftg-position-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const level: Partial<Record<Seat, Level>> = {
  prussia: 'expert',
  hanover: 'expert',
  austria: 'standard',
  france: 'passive',
  russia: 'passive',
  sweden: 'passive',
  empire: 'passive',
};
const at = (s: { turn: number; phase: string }) => s.turn === 3 && s.phase === 'march';

describe('positions: a game kept as its action log (position.ts)', () => {
  const rec = recordPosition({ scenario: '1757', seed: 4, level, map }, at, '1757 seed 4, turn 3 March');

  it('cuts before the first state the predicate accepts, and the engine alone rebuilds that state', () => {
    expect(rec).toBeDefined();
    const { position, state } = rec!;
    expect(state.turn).toBe(3);
    expect(state.phase).toBe('march');
    expect(position).toMatchObject({
      scenario: '1757',
      seed: 4,
      rulesVersion: RULES_VERSION,
      mapVersion: MAP_VERSION,
    });
    expect(positionState(position, map)).toEqual(state);
    // The same game played by the driver passes through that state: the cut changes nothing before it.
    let seen: unknown;
    playGame({
      scenario: '1757',
      seed: 4,
      level,
      map,
      turns: 3,
      onStep: ({ state: s }) => {
        if (seen === undefined && at(s)) seen = s;
      },
    });
    expect(seen).toEqual(state);
  });

  it("keeps the levels and the autopilots' RNG states: played on from it, the game is the one recorded", () => {
    const { position, state } = rec!;
    expect(position.levels).toEqual(level);
    expect(Object.keys(position.autopilot ?? {})).toEqual(expect.arrayContaining(['prussia', 'austria']));
    const whole = playGame({ scenario: '1757', seed: 4, level, map, turns: 6 });
    const resumed = playGame({
      scenario: '1757',
      seed: 4,
      level,
      map,
      turns: 6,
      from: state,
      ...(position.autopilot ? { rngStates: position.autopilot } : {}),
    });
    expect(resumed.state).toEqual(whole.state);
    expect(resumed.rngStates).toEqual(whole.rngStates);
  });

  it('replays each logged action with its events, in order', () => {
    const { position, state } = rec!;
    const seats: Seat[] = [];
    let marches = 0;
    let last: unknown;
    replayPosition(
      position,
      ({ seat, action, before, state: after }) => {
        seats.push(seat);
        if (action.type === 'march') marches++;
        expect(after).not.toBe(before);
        last = after;
      },
      map,
    );
    expect(seats).toEqual(position.actions.map(([s]) => s));
    expect(marches).toBeGreaterThan(0);
    expect(last).toEqual(state);
  });

  it('survives the round trip through its file format, one action a line', () => {
    const text = formatPosition(rec!.position);
    expect(text.split('\n').filter((l) => l.startsWith('    ["')).length).toBe(rec!.position.actions.length);
    const back = parsePosition(JSON.parse(text));
    expect(back).toEqual({ ok: true, value: rec!.position });
  });

  it('names the action the engine refuses when a log no longer fits the rules', () => {
    const p = structuredClone(rec!.position);
    const i = p.actions.findIndex(([, a]) => a.type === 'march');
    const [seat] = p.actions[i]!;
    p.actions[i] = [seat, { type: 'march', leader: 'frederick', path: ['0101'] }];
    expect(() => positionState(p, map)).toThrow(
      new RegExp(`action ${i + 1} of ${p.actions.length} \\(${seat} `),
    );
    const old = { ...p, rulesVersion: RULES_VERSION - 1 };
    expect(checkPositionVersions(old)).toMatch(/recorded under rules v\d+ and map v\d+; this build plays/);
    expect(checkPositionVersions(rec!.position)).toBeUndefined();
    expect(() => positionState(old, map)).toThrow(/recorded under rules v/);
  });

  it('rejects a file that is not a position, saying where', () => {
    const good = JSON.parse(formatPosition(rec!.position)) as Record<string, unknown>;
    expect(parsePosition({ ...good, scenario: '1799' })).toMatchObject({ ok: false, message: /^scenario:/ });
    expect(parsePosition({ ...good, actions: [['lapland', { type: 'done' }]] })).toMatchObject({
      ok: false,
      message: /^actions\.0\.0:/,
    });
    expect(parsePosition({ ...good, actions: [['prussia', { type: 'fly' }]] })).toMatchObject({
      ok: false,
      message: /^actions\.0\.1/,
    });
    expect(parsePosition('position')).toMatchObject({ ok: false });
  });

  it('reads cut points as TURN:PHASE[:SEAT] or end', () => {
    const c = parseCut('3:march:prussia');
    expect(typeof c).toBe('function');
    const f = c as (s: never) => boolean;
    expect(f(rec!.state as never)).toBe(pendingSeats(rec!.state)[0] === 'prussia');
    expect(parseCut('end')).toBe('end');
    for (const bad of ['3:parade', '19:march', '0:march', '3:march:lapland', 'march', '3'])
      expect(parseCut(bad)).toBeUndefined();
  });

  it('the committed positions still rebuild under this build (hasten-1756-14)', () => {
    const p = loadPosition('hasten-1756-14');
    expect(checkPositionVersions(p)).toBeUndefined();
    const s = positionState(p, map);
    expect([s.turn, s.phase, pendingSeats(s)[0]]).toEqual([11, 'forcemarch', 'prussia']);
  });
});

describe('ftg demo --cut/--position and --from', () => {
  const levelArg =
    'prussia=expert,hanover=expert,austria=standard,france=passive,russia=passive,sweden=passive,empire=passive';

  it('writes the position at the cut, and --from plays on from it', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const file = join(dir, 'cut.json');
    const args = ['--scenario', '1757', '--seed', '4', '--level', levelArg];
    expect(await run([...args, '--cut', '3:march', '--position', file])).toBe(0);
    expect(log.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(
      /Position written to .*cut\.json: scenario 1757, seed 4, \d+ actions; Game-Turn 3, march/,
    );
    const p = parsePosition(JSON.parse(readFileSync(file, 'utf8')));
    expect(p.ok && p.value).toEqual(recorded().position);
    log.mockClear();
    expect(await run(['--from', file, '--turns', '4', '--no-maps', '--quiet'])).toBe(0);
    const lines = log.mock.calls.map((c) => String(c[0]));
    log.mockRestore();
    // With the levels the position was recorded with, and on from turn 3: the first progress line
    // is turn 3's, and none for turns 1-2.
    expect(lines[0]).toContain('"prussia":"expert"');
    expect(lines[0]).toContain('"austria":"standard"');
    const turns = lines
      .filter((l) => /^Turn +\d+\/18/.test(l))
      .map((l) => Number(/^Turn +(\d+)/.exec(l)![1]));
    expect(turns).toEqual([3, 4]);
  });

  it('refuses inconsistent options with a specific message and writes nothing', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const file = join(dir, 'never.json');
    writeFileSync(join(dir, 'junk.json'), '{"note":"x"}');
    expect(await run(['--cut', '3:parade', '--position', file])).toBe(2);
    expect(await run(['--cut', '3:march'])).toBe(2);
    expect(await run(['--position', file])).toBe(2);
    expect(await run(['--from', join(dir, 'junk.json')])).toBe(2);
    expect(await run(['--from', join(dir, 'missing.json')])).toBe(2);
    expect(await run(['--from', join(dir, 'junk.json'), '--scenario', '1758'])).toBe(2);
    const text = err.mock.calls.map((c) => String(c[0])).join('\n');
    err.mockRestore();
    expect(text).toMatch(/--cut takes TURN:PHASE.*phases: reinforcement, /);
    expect(text).toMatch(/--cut needs --position FILE/);
    expect(text).toMatch(/--position needs --cut/);
    expect(text).toMatch(/not a position file \(scenario:/);
    expect(text).toMatch(/missing\.json" is not a readable JSON file/);
    expect(text).toMatch(/--from takes the scenario, seed and dice from the position file; drop --scenario/);
    expect(() => readFileSync(file)).toThrow();
  });
});

function recorded() {
  const r = recordPosition({ scenario: '1757', seed: 4, level, map }, at, '');
  if (!r) throw new Error('no cut');
  return { position: { ...r.position, note: expect.any(String) as unknown as string } };
}

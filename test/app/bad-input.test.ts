// #17.10: bad input gets one clear line, never a stack trace; over-long values are echoed only as
// a short prefix; bounds are checked by us, not only by Discord.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clip } from '../../src/app/result.js';
import { commandByName } from '../../src/bot/commands/index.js';
import type { BotDeps, CommandInput } from '../../src/bot/types.js';
import { main } from '../../src/cli/main.js';
import { openDatabase } from '../../src/db/client.js';
import { type Harness, makeHarness, startedGame } from './support/harness.js';

const engineModule = join(import.meta.dirname, 'fixtures/counting-engine-module.ts');
const SCENARIO_1757 = join(import.meta.dirname, '../../scenarios/1757.json');

let dir: string;
let out: string[];
let err: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-bad-'));
  out = [];
  err = [];
  vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(String(s)));
  vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(String(s)));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** No line of what the user saw looks like a stack frame. */
function noStack(lines: string[]): void {
  for (const l of lines) expect(l).not.toMatch(/\n\s+at |^\s+at |Error: .*\n/);
}

function scenarioWith(change: (s: { setup: { hex: string; sp: number }[] }) => void): string {
  const s = JSON.parse(readFileSync(SCENARIO_1757, 'utf8'));
  change(s);
  const path = join(dir, 'custom.json');
  writeFileSync(path, JSON.stringify(s));
  return path;
}

describe('ftg play', () => {
  it('a scenario file with an unknown hex: one line naming the hex, exit 2', async () => {
    const path = scenarioWith((s) => {
      s.setup[0]!.hex = '9999';
    });
    expect(await main(['play', '--scenario', path])).toBe(2);
    expect(err.join('\n')).toMatch(/hex 9999 is not on the map/);
    noStack(err);
  });

  it('a scenario file with an absurd SP (2^53 - 1) is refused by the schema', async () => {
    const path = scenarioWith((s) => {
      s.setup[0]!.sp = 2 ** 53 - 1;
    });
    expect(await main(['play', '--scenario', path])).toBe(2);
    expect(err.join('\n')).toMatch(/setup\.0\.sp/);
    noStack(err);
  });

  it('a `null` line in an action file: the line is named, exit 1', async () => {
    const actions = join(dir, 'a.jsonl');
    writeFileSync(actions, '# a comment\nnull\n');
    expect(await main(['play', '--scenario', '1757', '--actions', actions])).toBe(1);
    expect(err).toEqual([expect.stringMatching(/^line 2: expected an object/)]);
    noStack(err);
  });

  it('an over-long value is echoed only as a short prefix', async () => {
    const long = `${'x'.repeat(5000)}.json`;
    expect(await main(['play', '--scenario', long])).toBe(2);
    expect(err.join('\n').length).toBeLessThan(400);
    expect(err.join('\n')).toMatch(/\(5005 characters\)/);
    expect(await main(['y'.repeat(3000)])).toBe(2);
    expect(err.at(-1)!.length).toBeLessThan(300);
    expect(clip('abc')).toBe('abc');
    expect(clip('a'.repeat(50), 10)).toBe('aaaaaaaaaa... (50 characters)');
  });

  it('an exception a command did not catch still ends in one line, no stack', async () => {
    // An unknown engine module for replay fails inside the command's imports.
    const db = join(dir, 'x.sqlite');
    openDatabase(db).close();
    expect(await main(['replay', '--db', db, '--game', 'g1', '--engine', join(dir, 'missing.ts')])).toBe(2);
    noStack(err);
  });
});

describe('ftg replay on a bad file', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.cleanup();
    h = undefined;
  });

  it('a file that is not a database', async () => {
    const path = join(dir, 'notes.sqlite');
    writeFileSync(path, 'these are my notes, not a database\n'.repeat(20));
    expect(await main(['replay', '--db', path, '--game', 'g1', '--engine', engineModule])).toBe(2);
    expect(err).toEqual([expect.stringMatching(/cannot read .*notes\.sqlite: not an SQLite database/)]);
  });

  it('an SQLite file of something else', async () => {
    const path = join(dir, 'other.sqlite');
    const h2 = openDatabase(path, { migrate: false });
    h2.sqlite.exec('create table t (x)');
    h2.close();
    expect(await main(['replay', '--db', path, '--game', 'g1', '--engine', engineModule])).toBe(2);
    expect(err).toEqual([expect.stringMatching(/not a Soldier-King database/)]);
  });

  it('corrupt state, snapshot or action JSON is reported as a problem, not thrown', async () => {
    h = await makeHarness();
    const id = await startedGame(h, { snapshotEvery: 1 });
    await h.runtime.service.submit({
      gameId: id,
      seat: 'prussia',
      userId: 'u1',
      action: { type: 'add', n: 1 },
    });
    const raw = openDatabase(h.dbPath, { migrate: false });
    raw.sqlite.prepare(`update games set state = '{"totals": {' where id = ?`).run(id);
    raw.close();
    const args = ['replay', '--db', h.dbPath, '--game', id, '--verify', '--engine', engineModule];
    expect(await main(args)).toBe(1);
    expect(err).toEqual([expect.stringMatching(/^ {2}version 1: the stored state is not valid JSON \(/)]);
    const raw2 = openDatabase(h.dbPath, { migrate: false });
    raw2.sqlite.prepare(`update snapshots set state = 'nope' where game_id = ?`).run(id);
    raw2.close();
    err.length = 0;
    expect(await main(args)).toBe(1);
    expect(err.join('\n')).toMatch(/version 1: the snapshot is not valid JSON/);
    noStack(err);
  });
});

describe('the bot checks its own bounds and says what is wrong', () => {
  const input = (o: Partial<CommandInput>): CommandInput => ({
    userId: 'u9',
    guildId: 'guild',
    channelId: 'chan',
    isManager: false,
    subcommand: null,
    options: {},
    ...o,
  });

  it('deadline_hours outside 1..336 is refused by the bot itself (not only by Discord)', async () => {
    const createGame = vi.fn();
    const deps = { directory: { inChannel: () => undefined }, service: { createGame } } as unknown as BotDeps;
    const campaign = commandByName('campaign')!;
    for (const hours of [0, 337, 2 ** 53, -5, 1.5]) {
      const r = await campaign.execute(
        deps,
        input({ subcommand: 'create', options: { scenario: '1757', deadline_hours: hours } }),
      );
      expect(r.content).toMatch(/deadline_hours is a whole number of hours from 1 to 336/);
    }
    expect(createGame).not.toHaveBeenCalled();
  });

  it('a user who holds no seat is told so, not "you have no leader on the map"', async () => {
    const game = { id: 'g1', status: 'active', state: '{}', createdBy: 'u1', settings: '{}', options: '{}' };
    const deps = {
      directory: {
        inChannel: () => game,
        seats: () => [{ gameId: 'g1', seat: 'prussia', userId: 'u1', autopilot: 0 }],
      },
    } as unknown as BotDeps;
    const march = commandByName('march')!;
    const r = await march.execute(deps, input({ options: { leader: 'Frederick', path: '1730' } }));
    expect(r.content).toMatch(/You hold no seat in this campaign/);
  });
});

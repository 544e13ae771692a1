import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { replayGame } from '../../src/app/replay.js';
import { actionLog, getGame } from '../../src/db/game-repository.js';
import { type Harness, makeHarness, startedGame } from './support/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});
afterEach(async () => {
  await h.cleanup();
});

const PROCESSES = 10;
const EACH = 5;

function runChild(args: string[]): { child: ChildProcess; ready: Promise<void>; done: Promise<string> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fixtures/submitter.ts'), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    onReady = r;
  });
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.startsWith('ready\n')) onReady();
  });
  const done = new Promise<string>((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0 ? resolve(out.slice('ready\n'.length)) : reject(new Error(`exit ${code}`)),
    );
  });
  return { child, ready, done };
}

it('50 parallel submissions from 10 processes: one per version, none lost, state equals a serial replay', async () => {
  const id = await startedGame(h);
  const go = join(h.dir, 'go');
  const children = Array.from({ length: PROCESSES }, (_, i) =>
    runChild([h.dbPath, id, String(i), String(EACH), go]),
  );
  await Promise.all(children.map((c) => c.ready));
  writeFileSync(go, '');
  const results = (await Promise.all(children.map((c) => c.done))).flatMap(
    (text) =>
      JSON.parse(text) as { ok: boolean; k: number; n: number; version?: number; attempts?: number }[],
  );
  expect(results).toHaveLength(PROCESSES * EACH);
  expect(results.filter((r) => !r.ok)).toEqual([]);
  // Every version from 1 to 50 was taken by exactly one submission.
  expect(results.map((r) => r.version).sort((x, y) => x! - y!)).toEqual(
    Array.from({ length: PROCESSES * EACH }, (_, i) => i + 1),
  );
  const log = actionLog(h.handle.db, id);
  expect(log.map((r) => r.version)).toEqual(Array.from({ length: PROCESSES * EACH }, (_, i) => i + 1));
  // Nothing lost: the totals hold every submitted n.
  const state = JSON.parse(getGame(h.handle.db, id)!.state!) as { totals: Record<string, number> };
  const expected = { prussia: 0, hanover: 0 };
  for (const r of results) expected[r.k % 2 === 0 ? 'prussia' : 'hanover'] += r.n;
  expect(state.totals).toMatchObject(expected);
  // The stored state equals a serial replay of the log.
  const replay = replayGame(h.handle.db, h.engine, id);
  expect(replay.problems).toEqual([]);
  // The race was real: some submissions lost a round and were re-validated.
  expect(results.reduce((sum, r) => sum + (r.attempts ?? 0), 0)).toBeGreaterThan(PROCESSES * EACH);
}, 120_000);

it('#17.3: five processes send the same repeatable action with one request id: it applies once', async () => {
  const id = await startedGame(h);
  const go = join(h.dir, 'go-same');
  const children = Array.from({ length: 5 }, (_, i) =>
    runChild([h.dbPath, id, String(i), '1', go, 'click-1']),
  );
  await Promise.all(children.map((c) => c.ready));
  writeFileSync(go, '');
  const results = (await Promise.all(children.map((c) => c.done))).flatMap(
    (text) => JSON.parse(text) as { ok: boolean; version?: number; duplicate?: boolean }[],
  );
  expect(results.map((r) => [r.ok, r.version])).toEqual(Array.from({ length: 5 }, () => [true, 1]));
  expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
  expect(actionLog(h.handle.db, id).map((a) => [a.seat, JSON.parse(a.action)])).toEqual([
    ['prussia', { type: 'add', n: 1 }],
  ]);
  const state = JSON.parse(getGame(h.handle.db, id)!.state!) as { totals: Record<string, number> };
  expect(state.totals.prussia).toBe(1);
}, 60_000);

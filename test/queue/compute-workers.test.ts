// Issue 19.5: a worker that decides and renders from the job's data alone. Two `ftg compute-worker`
// processes, started with Redis and nothing else (no database file, no token, an empty working
// directory), answer autopilot decisions and pictures for a real 1757 game; every answer equals what
// the writer would have computed itself, and both processes take part.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../src/app/engines.js';
import { createComputeHandler } from '../../src/cli/compute-handler.js';
import { type ComputeAnswer, ComputeClient } from '../../src/queue/compute.js';
import { dropPrefix, REDIS_URL, uniquePrefix } from './support.js';

const ROOT = join(import.meta.dirname, '../..');
const prefix = uniquePrefix();
const children: ChildProcess[] = [];
let cwd: string;
let client: ComputeClient;

function startWorker(name: string): Promise<ChildProcess> {
  // Only what a remote machine would have: Redis' address. No DATABASE_PATH, no DISCORD_TOKEN.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn' };
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/ftg.mjs'), 'compute-worker', '--redis', REDIS_URL, '--prefix', prefix, '--name', name],
    { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`compute worker ${name} exited early (${code})`)));
  });
}

beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'ftg-compute-'));
  client = new ComputeClient({ url: REDIS_URL, prefix });
  await Promise.all([startWorker('w1'), startWorker('w2')]);
}, 60_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await client?.close();
  await dropPrefix(prefix);
  rmSync(cwd, { recursive: true, force: true });
});

describe('compute workers (19.5)', () => {
  it('two worker processes with only Redis decide and render exactly as the writer would', async () => {
    expect(await client.workerCount()).toBe(2);
    const state = engine.setup('1757', 7, {});
    const seats = engine.pendingSeats(state);
    expect(seats.length).toBeGreaterThan(0);
    const local = createComputeHandler('local');
    // Several decisions at once, so both workers get some.
    const jobs = Array.from({ length: 12 }, (_, i) => ({
      kind: 'decide' as const,
      state,
      seat: seats[i % seats.length]!,
      level: 1 + (i % 2),
    }));
    const answers = await Promise.all(jobs.map((j) => client.run(j)));
    for (const [i, a] of answers.entries()) {
      const mine = (await local(jobs[i]!)) as Extract<ComputeAnswer, { kind: 'decide' }>;
      expect(a.kind).toBe('decide');
      expect((a as typeof mine).action).toEqual(mine.action);
    }
    expect(new Set(answers.map((a) => a.worker))).toEqual(new Set(['w1', 'w2']));
    // A picture from the public view: the same bytes the writer's renderer makes.
    const view = engine.view(state, 'public');
    const pic = await client.run({ kind: 'render', view, options: { zoom: '1623', radius: 3 } }, 60_000);
    const mine = await local({ kind: 'render', view, options: { zoom: '1623', radius: 3 } });
    expect(pic.kind).toBe('render');
    const image = (pic as Extract<ComputeAnswer, { kind: 'render' }>).image;
    expect(image).not.toBeNull();
    expect(Buffer.from(image!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(image).toBe((mine as Extract<ComputeAnswer, { kind: 'render' }>).image);
  }, 120_000);
});

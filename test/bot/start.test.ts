// `npm start` with DISCORD_TOKEN set runs the bot: a real child process (`ftg start`) logs in to
// the stand-in, answers a slash command, and exits cleanly on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../src/bot/commands/index.js';
import { DiscordStandin } from '../discord-standin/index.js';

const TOKEN = 'MTEzNzQ2NTE3MDQ4NzQ2NTE3.GaBcDe.abcdefghijklmnopqrstuvwxyz0123';
let child: ChildProcess | undefined;
let standin: DiscordStandin | undefined;
const dir = mkdtempSync(join(tmpdir(), 'ftg-start-'));

afterAll(async () => {
  if (child && child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  await standin?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start with DISCORD_TOKEN', () => {
  it('logs in, answers /rule, stops on SIGTERM with exit code 0', async () => {
    standin = await DiscordStandin.start({ token: TOKEN, log: () => {}, users: [{ username: 'maria' }] });
    const s = standin;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DISCORD_TOKEN: TOKEN,
      DISCORD_APP_ID: s.applicationId,
      DATABASE_PATH: join(dir, 'bot.sqlite'),
      LOG_LEVEL: 'silent',
    };
    delete env.REDIS_URL;
    delete env.DISCORD_GUILD_ID;
    let stderr = '';
    child = spawn(process.execPath, ['bin/ftg.mjs', 'start', '--api', s.apiUrl, '--no-maps'], {
      env,
      stdio: 'pipe',
    });
    child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    await s.waitFor(
      () => (s.events.some((e) => e.kind === 'gateway' && e.op === 'identify') ? true : undefined),
      `the bot process to identify (stderr: ${stderr})`,
      { timeoutMs: 25_000 },
    );
    // Register the commands the way `npm run commands:deploy` would (PUT to the application).
    const res = await fetch(`${s.apiUrl}/v10/applications/${s.applicationId}/commands`, {
      method: 'PUT',
      headers: { authorization: `Bot ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(commandDefinitions()),
    });
    expect(res.status).toBe(200);
    const handle = s.user('maria').slash('rule', { options: { case: '9.47' } });
    const reply = await handle.reply({ timeoutMs: 10_000 });
    expect(reply.embeds[0]?.title).toMatch(/^9\.47 /);
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    if (child.pid) process.kill(child.pid, 'SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});

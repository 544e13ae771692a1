import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/env.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';

describe('configuration', () => {
  it('defaults: no token is fine, database path and log level have defaults', () => {
    const r = parseConfig({});
    expect(r).toEqual({
      ok: true,
      config: { DATABASE_PATH: './data/soldier-king.sqlite', LOG_LEVEL: 'info' },
    });
  });

  it('accepts a full valid environment and treats empty strings as unset', () => {
    const r = parseConfig({
      DISCORD_TOKEN: TOKEN,
      DISCORD_APP_ID: '123456789012345678',
      DISCORD_GUILD_ID: '',
      DATABASE_PATH: '/data/x.sqlite',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'debug',
    });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.config.DISCORD_GUILD_ID).toBeUndefined();
      expect(r.config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    }
  });

  it('lists every problem at once, naming variables but never echoing values', () => {
    const r = parseConfig({
      DISCORD_TOKEN: 'not-a-token-secret-value',
      DISCORD_APP_ID: 'abc',
      REDIS_URL: 'http://nope',
      LOG_LEVEL: 'loud',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const names = r.problems.map((p) => p.split(':')[0]);
      expect(names.sort()).toEqual(['DISCORD_APP_ID', 'DISCORD_TOKEN', 'LOG_LEVEL', 'REDIS_URL']);
      expect(r.problems.join('\n')).not.toContain('not-a-token-secret-value');
    }
  });

  it('JOB_THREADS: a whole number from 1 to 16, empty means the default', () => {
    const three = parseConfig({ JOB_THREADS: '3' });
    expect(three.ok && three.config.JOB_THREADS).toBe(3);
    const empty = parseConfig({ JOB_THREADS: '' });
    expect(empty.ok && empty.config.JOB_THREADS).toBeUndefined();
    for (const bad of ['0', '1.5', 'two', '17']) {
      const r = parseConfig({ JOB_THREADS: bad });
      expect(r.ok ? [] : r.problems.map((p) => p.split(':')[0])).toEqual(['JOB_THREADS']);
    }
  });

  it('requires the application id when a token is given', () => {
    const r = parseConfig({ DISCORD_TOKEN: TOKEN });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatch(/^DISCORD_APP_ID/);
  });

  it('a bad environment stops the process with exit code 2 and one message', () => {
    const res = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./src/config/env.ts').then(m => { m.loadConfig(); console.log('unreachable'); })",
      ],
      {
        env: { ...process.env, LOG_LEVEL: 'loud', REDIS_URL: 'ftp://x', DISCORD_TOKEN: '' },
        encoding: 'utf8',
      },
    );
    expect(res.status).toBe(2);
    expect(res.stdout).not.toContain('unreachable');
    expect(res.stderr).toContain('Configuration error');
    expect(res.stderr).toContain('LOG_LEVEL');
    expect(res.stderr).toContain('REDIS_URL');
  });
});

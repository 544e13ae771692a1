import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (s: string) => lines.push(s) } };
}

describe('logging', () => {
  it('redacts the token by key at the usual places', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination });
    log.info(
      { token: TOKEN, config: { DISCORD_TOKEN: TOKEN }, headers: { authorization: `Bot ${TOKEN}` } },
      'hi',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(TOKEN);
    expect(lines[0]).toContain('[Redacted]');
  });

  it('masks the configured token even inside a message or an error text', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination, secrets: [TOKEN] });
    log.error({ err: new Error(`login failed for ${TOKEN}`) }, `retrying with ${TOKEN}`);
    log.warn({ deep: { nested: { value: `x${TOKEN}y` } } }, 'nested');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toContain(TOKEN);
    expect(lines[0]).toContain('retrying with [Redacted]');
  });

  it('respects the level', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination, level: 'warn' });
    log.info('quiet');
    log.warn('loud');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['loud']);
  });
});

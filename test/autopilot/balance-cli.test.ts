// `ftg balance`: options are checked; --from renders the issue-20 targets from recorded games.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { balanceMarkdown, type GameRecord } from '../../src/autopilot/matchups.js';
import { pairedChange } from '../../src/autopilot/trial.js';
import { run } from '../../src/cli/commands/balance.js';

const dir = mkdtempSync(join(tmpdir(), 'ftg-balance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function rec(allied: GameRecord['allied'], coalition: GameRecord['coalition'], margin: number): GameRecord {
  return {
    scenario: '1756',
    seed: 1,
    matchup: `${allied}-${coalition}`,
    allied,
    coalition,
    margin,
    winner: margin >= 8 ? 'prussian-allied' : margin <= -8 ? 'coalition' : 'draw',
    battles: 2,
    captures: margin > 0 ? [{ hex: '1623', side: 'prussian-allied', turn: 14 }] : [],
    idle: 0,
    maxStepMs: 5,
    steps: 100,
    ms: 1000,
  };
}

describe('ftg balance', () => {
  it('rejects bad options with exit code 2 and a specific message', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await run(['--games', '0'])).toBe(2);
    expect(await run(['--scenario', '1755'])).toBe(2);
    expect(await run(['--from', join(dir, 'missing.jsonl')])).toBe(2);
    expect(await run(['--matchup', 'expert-nobody'])).toBe(2);
    expect(await run(['--from', join(dir, 'missing.jsonl'), '--against', join(dir, 'nor-this.jsonl')])).toBe(
      2,
    );
    const text = err.mock.calls.map((c) => String(c[0])).join('\n');
    err.mockRestore();
    expect(text).toMatch(/--games takes a whole number/);
    expect(text).toMatch(/unknown scenario "1755"/);
    expect(text).toMatch(/--matchup: no game "expert-nobody" in the suite \(use expert-expert, /);
    expect(text).toMatch(/--against: no file .*nor-this\.jsonl/);
  });

  it('--matchup plays only the named games of the suite (the self-play check of target 3)', async () => {
    const file = join(dir, 'selfplay.jsonl');
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const code = await run([
      '--matchup',
      'expert-expert',
      '--scenario',
      '1762',
      '--games',
      '1',
      '--raw',
      file,
    ]);
    err.mockRestore();
    log.mockRestore();
    expect(code).toBe(0);
    const played = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as GameRecord);
    expect(played.map((r) => `${r.scenario}|${r.seed}|${r.matchup}`)).toEqual(['1762|1|expert-expert']);
  });

  it('17.1: renders the targets from recorded games (expert vs passive against the hold reference)', async () => {
    const file = join(dir, 'r.jsonl');
    const rs = [rec('expert', 'expert', 12), rec('expert', 'passive', 30), rec('hold', 'passive', 6)];
    writeFileSync(file, `${rs.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run(['--from', file])).toBe(0);
    const md = log.mock.calls.map((c) => String(c[0])).join('\n');
    log.mockRestore();
    // Allied expert won its one game against passive by 30, 24 above the hold baseline's 6: met.
    expect(md).toMatch(/\| 1756 \| 1 \| Prussian-Allied \| 100% \| 30\.0 \| 6\.0 \| yes \|/);
    // Self-play: Prussia took Dresden in the one expert game.
    expect(md).toMatch(/\| 1756 \| 1 \| 2\.0 \| 1\.0 \| 0\.0 \| 100% \| 0% \| 0% \| 12\.0 \| 100% \|/);
  });
});

describe('ftg balance --against (screening a change on a few seeds)', () => {
  it('17.1: counts each target cell before and after, taking unplayed games from the kept file', async () => {
    const kept = join(dir, 'kept.jsonl');
    const trial = join(dir, 'trial.jsonl');
    const keptGames = [
      rec('expert', 'passive', 30),
      rec('hold', 'passive', 6),
      rec('expert', 'hold', 5),
      rec('passive', 'hold', -3),
      // Another seed: not played by the trial, so it is judged in neither column.
      { ...rec('expert', 'hold', -20), seed: 2 },
    ];
    writeFileSync(kept, `${keptGames.map((r) => JSON.stringify(r)).join('\n')}\n`);
    // The change turns the expert's draw against hold (5) into a win (12); its game against
    // passive comes out the same.
    const trialGames = [rec('expert', 'hold', 12), rec('expert', 'passive', 30)];
    writeFileSync(trial, `${trialGames.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await run(['--from', trial, '--against', kept])).toBe(0);
    const md = log.mock.calls.map((c) => String(c[0])).join('\n');
    log.mockRestore();
    expect(md).toMatch(
      /2 games \(scenarios 1756; seeds 1-1\), 2 of them also among the kept games, 1 changed/,
    );
    // Against passive 1 win of 1 both times; against hold 0 of 1 before, 1 of 1 after.
    expect(md).toMatch(/\| 1756 \| Prussian-Allied \| 1\/1 \| 0\/1 -> \*\*1\/1\*\* \|/);
    expect(md).toMatch(/\| expert-hold \| 1 \| 1 \| 5\.0 \| 12\.0 \| 0 \| 1 \| 0 \| 0 \|/);
    // Paired game by game: +7 VP for the allies in the one changed game; no t from one game.
    expect(md).toMatch(/\| expert-hold \| 1 \| 1 \| .* \| \+7\.00 \| - \|$/m);
    expect(md).toMatch(/\| expert-passive \| 1 \| 0 \| .* \| 0\.00 \| - \|$/m);
    expect(md).toMatch(/\| expert-passive \| 1 \| 0 \| 30\.0 \| 30\.0 \| 1 \| 1 \|/);
    // The changed game is listed for tracing (Dresden taken on turn 14 in both); the unchanged one is not.
    expect(md).toMatch(/\| 1756 \| 1 \| expert-hold \| 5 \| 12 \| 1623A14 \| 1623A14 \|/);
    expect(md).not.toMatch(/\| 1756 \| 1 \| expert-passive \| 30 \| 30 \|/);
  });
});

describe('pairedChange (the VP a game a trial moves, paired game by game)', () => {
  it('gives the mean change and its t statistic, and no t where the spread is nil or one game', () => {
    // +7 and +4: mean 5.5, standard deviation 2.12, standard error 1.5, t = 3.7.
    expect(pairedChange([7, 4])).toEqual({ mean: '+5.50', t: '+3.7' });
    expect(pairedChange([-3, -1, -2])).toEqual({ mean: '-2.00', t: '-3.5' });
    expect(pairedChange([-1, -1])).toEqual({ mean: '-1.00', t: '-' });
    expect(pairedChange([2])).toEqual({ mean: '+2.00', t: '-' });
    expect(pairedChange([])).toEqual({ mean: '-', t: '-' });
  });
});

describe('docs/balance.md', () => {
  // Issue 20 asks for the targets in docs/balance.md from one reproducible command: every table row
  // there must be what `ftg balance --from docs/balance-records.jsonl` renders from the game records
  // kept beside it, so a code change that moves the figures must re-play and re-render them.
  it('issue 20: its tables are the render of docs/balance-records.jsonl, row for row', () => {
    const records = readFileSync('docs/balance-records.jsonl', 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as GameRecord);
    const rendered = balanceMarkdown(records, 'ftg balance --from docs/balance-records.jsonl');
    const doc = readFileSync('docs/balance.md', 'utf8');
    const tableRows = (text: string, heading: string) => {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => l.startsWith(heading));
      expect(at, heading).toBeGreaterThanOrEqual(0);
      const first = lines.findIndex((l, i) => i > at && l.startsWith('| '));
      const rows: string[] = [];
      for (let i = first; i < lines.length && lines[i]?.startsWith('| '); i++) rows.push(lines[i] as string);
      return rows;
    };
    for (const heading of [
      '### 1. The top level',
      '### 2. Each level',
      '### 3. Top-level self-play',
      '### Baselines and every matchup',
    ]) {
      const want = tableRows(rendered, heading);
      expect(want.length, heading).toBeGreaterThanOrEqual(9);
      expect(tableRows(doc, heading), heading).toEqual(want);
    }
  });
});

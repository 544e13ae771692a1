// Standings and history (issue 21): campaign and battle records rebuilt from the action logs of
// stored games (the replay fixture), and the club scoring (2 a win, +1 reversing history, 1 a draw).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine } from '../../src/app/engine-adapter.js';
import {
  historicalCounterpart,
  rebuildRecords,
  reverses,
  storedRecords,
  syncRecords,
} from '../../src/app/standings/record.js';
import { computeStandings } from '../../src/app/standings/standings.js';
import { campaignStory } from '../../src/app/standings/story.js';
import { run as runStandings } from '../../src/cli/commands/standings.js';
import { type DbHandle, openDatabase } from '../../src/db/client.js';
import { setStatus } from '../../src/db/game-repository.js';
import {
  actions,
  type BattleResultRow,
  type CampaignPlayerRow,
  type CampaignResultRow,
  games,
  seats,
  type snapshots,
} from '../../src/db/schema.js';
import { noteEnding } from '../../src/db/standings-repository.js';

interface Dump {
  games: (typeof games.$inferInsert)[];
  seats: (typeof seats.$inferInsert)[];
  actions: (typeof actions.$inferInsert)[];
  snapshots: (typeof snapshots.$inferInsert)[];
}
const dump = JSON.parse(
  readFileSync(join(import.meta.dirname, '../replay/fixtures/games.json'), 'utf8'),
) as Dump;
const GUILD = 'fixture-guild';
let dir: string;
let h: DbHandle;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ftg-standings-'));
  h = openDatabase(join(dir, 'db.sqlite'));
  h.db.transaction((tx) => {
    for (const g of dump.games) tx.insert(games).values(g).run();
    for (const s of dump.seats) tx.insert(seats).values(s).run();
    for (const a of dump.actions) {
      // The log is append-only, so the people are written in as the rows go in.
      const row = { ...a };
      if (a.gameId === 'fx-1759-s4' && a.seat === 'prussia')
        Object.assign(row, { actor: 'player', userId: a.version < 150 ? 'u3' : 'u1' });
      if (a.gameId === 'fx-1759-s4' && a.seat === 'austria')
        Object.assign(row, { actor: 'player', userId: 'u2' });
      tx.insert(actions).values(row).run();
    }
  });
  const db = h.db;
  // fx-1759-s4: people hold Prussia (u1, who took it over from u3 half-way) and Austria (u2).
  db.update(seats).set({ userId: null, autopilot: 2 }).where(eq(seats.gameId, 'fx-1759-s4')).run();
  for (const [seat, user] of [
    ['prussia', 'u1'],
    ['austria', 'u2'],
  ] as const)
    h.sqlite
      .prepare("update seats set user_id = ?, autopilot = 0 where game_id = 'fx-1759-s4' and seat = ?")
      .run(user, seat);
  // Endings: two by the rules, one conceded, one agreed draw, one abandoned, one still running.
  setStatus(db, 'fx-1757-s3', 'over', ['active'], 1);
  setStatus(db, 'fx-1759-s4', 'over', ['active'], 1);
  setStatus(db, 'fx-1756-s7', 'abandoned', ['active'], 1);
  noteEnding(db, 'fx-1756-s7', { endedBy: 'conceded', concededSide: 'prussian-allied' }, 2);
  setStatus(db, 'fx-1758-s11', 'abandoned', ['active'], 1);
  noteEnding(db, 'fx-1758-s11', { endedBy: 'draw-agreed' }, 3);
  setStatus(db, 'fx-1760-dice', 'abandoned', ['active'], 1);
  noteEnding(db, 'fx-1760-dice', { endedBy: 'abandoned' }, 4);
});
afterAll(() => {
  h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('campaign records from the action logs', () => {
  it('records every finished campaign once, and not the one still running', () => {
    expect(syncRecords(h.db, engine, GUILD, 10)).toBe(5);
    expect(syncRecords(h.db, engine, GUILD, 11)).toBe(0);
    const { results } = storedRecords(h.db, GUILD);
    expect(results.map((r) => r.gameId).sort()).toEqual([
      'fx-1756-s7',
      'fx-1757-s3',
      'fx-1758-s11',
      'fx-1759-s4',
      'fx-1760-dice',
    ]);
  });
  it('17.1: a campaign ended by the rules has its result and level; concessions, draws and abandonment theirs', () => {
    const by = new Map(storedRecords(h.db, GUILD).results.map((r) => [r.gameId, r]));
    const over = by.get('fx-1757-s3')!;
    expect(over.endedBy).toBe('game-over');
    expect(['prussian-allied', 'coalition', 'draw']).toContain(over.winner);
    expect(['marginal', 'substantive', 'decisive', 'draw', 'pyrrhic']).toContain(over.level);
    expect(by.get('fx-1756-s7')).toMatchObject({
      endedBy: 'conceded',
      winner: 'coalition',
      level: 'concession',
    });
    expect(by.get('fx-1758-s11')).toMatchObject({ endedBy: 'draw-agreed', winner: 'draw', level: 'agreed' });
    expect(by.get('fx-1760-dice')).toMatchObject({ endedBy: 'abandoned', winner: null, level: 'abandoned' });
    // VP by turn: one point at the start of each Game-Turn played, and the final score.
    const vp = JSON.parse(over.vpByTurn) as Array<{
      turn: number;
      allied: number;
      coalition: number;
      final?: boolean;
    }>;
    expect(vp.length).toBeGreaterThanOrEqual(over.lastTurn);
    expect(vp.at(-1)).toMatchObject({ final: true, allied: over.vpAllied, coalition: over.vpCoalition });
  });
  it('records the battles with hex, date, commanders, odds and outcome', () => {
    const { battles } = storedRecords(h.db, GUILD);
    expect(battles.length).toBeGreaterThan(0);
    for (const b of battles) {
      expect(b.hex).toMatch(/^\d{4}$/);
      expect(b.date).toMatch(/^(early|late) [A-Z][a-z]+ 17\d\d$/);
      expect(b.odds).toBeGreaterThan(0);
      expect(['prussian-allied', 'coalition', 'draw']).toContain(b.victor);
      expect(JSON.parse(b.attackerNations).length).toBeGreaterThan(0);
      expect(b.attackerCommander ?? b.defenderCommander).toBeTruthy();
    }
  });
  it('keeps who held which seat, the autopilot apart, and a player who left', () => {
    const ps = storedRecords(h.db, GUILD).players.filter((p) => p.gameId === 'fx-1759-s4');
    const prussia = ps.filter((p) => p.seat === 'prussia');
    expect(prussia.map((p) => [p.player, p.heldAtEnd])).toEqual([
      ['u1', 1],
      ['u3', 0],
    ]);
    expect(prussia.every((p) => p.actions > 0)).toBe(true);
    expect(ps.find((p) => p.seat === 'austria')).toMatchObject({ player: 'u2', heldAtEnd: 1 });
    expect(ps.filter((p) => p.player === 'autopilot').length).toBeGreaterThan(0);
  });
  it('rebuilds the same records from the logs', () => {
    const before = storedRecords(h.db, GUILD);
    expect(rebuildRecords(h.db, engine, GUILD, 99)).toBe(5);
    const after = storedRecords(h.db, GUILD);
    const sortRows = <T>(rows: T[]) => [...rows].map((r) => JSON.stringify(r)).sort();
    expect(sortRows(after.results)).toEqual(sortRows(before.results));
    expect(sortRows(after.players)).toEqual(sortRows(before.players));
    expect(sortRows(after.battles)).toEqual(sortRows(before.battles));
  });
  it('computes standings from the stored games: people, the autopilot apart, abandoned not counted', () => {
    const s = storedRecords(h.db, GUILD);
    const st = computeStandings(s.results, s.players, s.battles);
    expect(st.campaigns).toBe(4);
    expect(st.abandoned).toBe(1);
    expect(st.players.map((l) => l.key).sort()).toEqual(['u1', 'u2', 'u3']);
    expect(st.autopilot?.key).toBe('autopilot');
    expect(st.autopilot!.campaigns.played).toBeGreaterThan(0);
    // u3 left fx-1759-s4 but played Prussia in it: the campaign counts for him too.
    expect(st.players.find((l) => l.key === 'u3')!.campaigns.played).toBe(1);
    expect(st.nations.map((l) => l.key).sort()).toEqual(['austria', 'prussia']);
    expect(st.sides.map((l) => l.key).sort()).toEqual(['coalition', 'prussian-allied']);
  });
});

describe('/history: the story from the log, told to each reader', () => {
  it('after the end everything; to the public only what is public (9.0: battle reports go to the sides)', () => {
    // fx-1759-s4 fights a battle (the fixture as re-recorded for rules version 4 has battles in
    // fx-1759-s4, fx-1760-dice and fx-1761-s6; only the first is over); the hex is read from the full story.
    const game = 'fx-1759-s4';
    const all = campaignStory(h.db, engine, game, 'all').flatMap((c) => c.lines);
    const pub = campaignStory(h.db, engine, game, { seats: [] }).flatMap((c) => c.lines);
    const austria = campaignStory(h.db, engine, game, { seats: ['austria'] }).flatMap((c) => c.lines);
    const hex = all.map((l) => /^Battle at (\d{4}): column/.exec(l)?.[1]).find((x) => x !== undefined);
    expect(hex).toBeDefined();
    expect(pub.some((l) => /^Battle at /.test(l))).toBe(false);
    expect(pub).toContain(`A battle was fought at ${hex}.`);
    // A side's seat reads the report itself, not the public notice as well.
    expect(austria.some((l) => l.startsWith(`Battle at ${hex}: column`))).toBe(true);
    expect(austria).not.toContain(`A battle was fought at ${hex}.`);
  });
  it('chapters carry the Game-Turn and its date', () => {
    const chapters = campaignStory(h.db, engine, 'fx-1758-s11', 'all');
    expect(chapters.length).toBeGreaterThan(1);
    for (const c of chapters) expect(c.date).toMatch(/^(early|late) [A-Z][a-z]+ 175[89]$/);
  });
});

describe('ftg standings', () => {
  it('re-records every finished campaign from the logs and prints the standings', async () => {
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(String(s)));
    try {
      const code = await runStandings(['--db', join(dir, 'db.sqlite'), '--guild', GUILD, '--rebuild']);
      expect(code).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(out[0]).toBe('5 campaign(s) re-recorded from their logs');
    expect(out[1]).toMatch(/^4 campaign\(s\), \d+ battle\(s\) counted; 1 abandoned$/);
    expect(out.some((l) => /^ +\d u1 +campaigns 1 /.test(l))).toBe(true);
    expect(out.some((l) => /autopilot/.test(l))).toBe(true);
  });
  it('refuses a missing guild or an unknown table', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await runStandings(['--db', join(dir, 'db.sqlite')])).toBe(2);
      expect(await runStandings(['--db', join(dir, 'db.sqlite'), '--guild', GUILD, '--table', 'x'])).toBe(2);
    } finally {
      err.mockRestore();
    }
  });
});

describe('historical counterparts', () => {
  it('a battle within one hex of a named battle in the same year is its counterpart', () => {
    expect(historicalCounterpart('1732', 1757)?.name).toBe('Leuthen');
    expect(historicalCounterpart('1718', 1757)?.name).toBe('Rossbach');
    expect(historicalCounterpart('1718', 1758)).toBeUndefined();
    expect(historicalCounterpart('0101', 1757)).toBeUndefined();
  });
  it('only a win against the historical victor reverses history', () => {
    expect(reverses('coalition', 'prussian-allied')).toBe(true);
    expect(reverses('prussian-allied', 'prussian-allied')).toBe(false);
    expect(reverses('draw', 'prussian-allied')).toBe(false);
    expect(reverses('coalition', 'draw')).toBe(false);
  });
});

// Hand-made rows for the scoring cases.
const result = (gameId: string, winner: string | null, reversal = 0): CampaignResultRow => ({
  gameId,
  guildId: 'g',
  scenario: '1757',
  endedBy: winner === null ? 'abandoned' : 'game-over',
  concededSide: null,
  recorded: 1,
  winner,
  level: 'marginal',
  vpAllied: 0,
  vpCoalition: 0,
  spLostAllied: 0,
  spLostCoalition: 0,
  lastTurn: 18,
  vpByTurn: '[]',
  reversal,
  endedAt: 0,
});
const player = (
  gameId: string,
  seat: string,
  p: string,
  side: string,
  heldAtEnd = 1,
  n = 5,
): CampaignPlayerRow => ({
  gameId,
  seat,
  player: p,
  side,
  actions: n,
  heldAtEnd,
});
const battle = (gameId: string, version: number, victor: string, reversal = 0): BattleResultRow => ({
  gameId,
  version,
  hex: '1732',
  turn: 16,
  date: 'early December 1757',
  attackerSide: 'prussian-allied',
  attackerNations: '["prussia"]',
  defenderNations: '["austria"]',
  attackerCommander: 'Frederick',
  defenderCommander: 'Charles',
  odds: 150,
  roll: 4,
  victor,
  attackerSpLost: 3,
  defenderSpLost: 6,
  historical: 'Leuthen',
  reversal,
});

describe('club scoring', () => {
  it('2 a win, +1 for reversing history, 1 a draw; score against 2 a game, up to 150%', () => {
    const st = computeStandings(
      [result('a', 'coalition', 1), result('b', 'draw')],
      [
        player('a', 'prussia', 'p1', 'prussian-allied'),
        player('a', 'austria', 'p2', 'coalition'),
        player('b', 'prussia', 'p1', 'prussian-allied'),
        player('b', 'austria', 'p2', 'coalition'),
      ],
      [battle('a', 10, 'coalition', 1), battle('a', 20, 'coalition', 1)],
    );
    const p2 = st.players.find((l) => l.key === 'p2')!;
    expect(p2.campaigns).toEqual({ played: 2, won: 1, drawn: 1, lost: 0, bonus: 1, points: 4, score: 100 });
    expect(p2.battles).toEqual({ played: 2, won: 2, drawn: 0, lost: 0, bonus: 2, points: 6, score: 150 });
    const p1 = st.players.find((l) => l.key === 'p1')!;
    expect(p1.campaigns).toMatchObject({ played: 2, won: 0, drawn: 1, lost: 1, points: 1, score: 25 });
    expect(p1.battles).toMatchObject({ played: 2, lost: 2, points: 0, score: 0 });
    expect(st.nations.map((l) => [l.key, l.rank])).toEqual([
      ['austria', 1],
      ['prussia', 2],
    ]);
  });
  it('ties share a rank', () => {
    const st = computeStandings(
      [result('a', 'prussian-allied'), result('b', 'coalition')],
      [
        player('a', 'prussia', 'p1', 'prussian-allied'),
        player('a', 'austria', 'p2', 'coalition'),
        player('b', 'prussia', 'p1', 'prussian-allied'),
        player('b', 'austria', 'p2', 'coalition'),
        player('b', 'russia', 'p3', 'coalition'),
      ],
      [],
    );
    const ranks = Object.fromEntries(st.players.map((l) => [l.key, l.rank]));
    // p3 has the same points from one campaign: the better score ranks him first; p1 and p2 tie.
    expect(ranks).toEqual({ p3: 1, p1: 2, p2: 2 });
  });
  it('a player who left counts only where they played; an abandoned campaign counts for nobody', () => {
    const st = computeStandings(
      [result('a', 'prussian-allied'), result('x', null)],
      [
        player('a', 'prussia', 'p1', 'prussian-allied'),
        player('a', 'prussia', 'gone', 'prussian-allied', 0, 12),
        player('a', 'prussia', 'idle', 'prussian-allied', 0, 0),
        player('a', 'austria', 'autopilot', 'coalition'),
        player('x', 'prussia', 'p1', 'prussian-allied'),
      ],
      [],
    );
    expect(st.players.map((l) => l.key).sort()).toEqual(['gone', 'p1']);
    expect(st.players.find((l) => l.key === 'p1')!.campaigns.played).toBe(1);
    expect(st.autopilot).toMatchObject({ key: 'autopilot', campaigns: { played: 1, lost: 1 } });
    expect(st.nations.map((l) => l.key)).toEqual(['prussia']);
    expect(st.nationsAutopilot.map((l) => l.key)).toEqual(['austria']);
    expect(st.abandoned).toBe(1);
  });
});

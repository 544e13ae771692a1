// Standings from the stored records (issue 21), scored as the club standings in
// ../shared/reference/club-blog-house-rules-and-standings.txt: 2 points a win, plus 1 bonus point
// when the win reverses the historical outcome; a draw is worth 1 (our ruling: the club table has
// no draws); the score is points against 2 a game (100%), so bonus points can lift it above 100%.
// Campaigns and battles are counted separately; a tactical battle played as its own game (Leuthen)
// counts as a battle, with sides 'prussia' | 'austria' and its historical-reversal bonus. People and the autopilot are counted apart.
import type { BattleResultRow, CampaignPlayerRow, CampaignResultRow } from '../../db/schema.js';

export type Side = 'prussian-allied' | 'coalition';

export interface Tally {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  bonus: number;
  points: number;
  /** Percent: points / (2 x played) x 100, rounded; 0 when nothing was played. */
  score: number;
}

export interface StandingLine {
  /** A Discord user id, 'autopilot', a nationality or a side. */
  key: string;
  campaigns: Tally;
  battles: Tally;
  /** 1-based rank by campaign points, then battle points, then score; equal lines share a rank. */
  rank: number;
}

export interface Standings {
  players: StandingLine[];
  /** The autopilot's seats, all together (never mixed with people). */
  autopilot: StandingLine | null;
  /** Nations as played by people. */
  nations: StandingLine[];
  /** Nations as played by the autopilot. */
  nationsAutopilot: StandingLine[];
  sides: StandingLine[];
  campaigns: number;
  battles: number;
  /** Campaigns ended without a result (abandoned). */
  abandoned: number;
}

const empty = (): Tally => ({ played: 0, won: 0, drawn: 0, lost: 0, bonus: 0, points: 0, score: 0 });

function add(t: Tally, outcome: 'won' | 'drawn' | 'lost', bonus: boolean): void {
  t.played++;
  t[outcome]++;
  if (outcome === 'won') t.points += 2;
  if (outcome === 'drawn') t.points += 1;
  if (outcome === 'won' && bonus) {
    t.bonus++;
    t.points++;
  }
}

function finish(t: Tally): Tally {
  return { ...t, score: t.played ? Math.round((t.points / (2 * t.played)) * 100) : 0 };
}

function outcomeFor(side: string, winner: string | null): 'won' | 'drawn' | 'lost' {
  if (winner === 'draw') return 'drawn';
  return winner === side ? 'won' : 'lost';
}

class Book {
  private readonly lines = new Map<string, { campaigns: Tally; battles: Tally }>();
  private readonly seen = new Set<string>();
  private line(key: string) {
    let l = this.lines.get(key);
    if (!l) {
      l = { campaigns: empty(), battles: empty() };
      this.lines.set(key, l);
    }
    return l;
  }
  /** Counts one event once per key (`once` identifies the game or battle and the side). */
  count(
    key: string,
    kind: 'campaigns' | 'battles',
    once: string,
    outcome: 'won' | 'drawn' | 'lost',
    bonus: boolean,
  ) {
    const id = `${key}\u0000${kind}\u0000${once}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    add(this.line(key)[kind], outcome, bonus);
  }
  touch(key: string) {
    this.line(key);
  }
  result(): StandingLine[] {
    const out = [...this.lines.entries()].map(([key, l]) => ({
      key,
      campaigns: finish(l.campaigns),
      battles: finish(l.battles),
      rank: 0,
    }));
    const cmp = (a: StandingLine, b: StandingLine) =>
      b.campaigns.points - a.campaigns.points ||
      b.battles.points - a.battles.points ||
      b.campaigns.score - a.campaigns.score ||
      b.battles.score - a.battles.score;
    out.sort((a, b) => cmp(a, b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    out.forEach((l, i) => {
      const prev = out[i - 1];
      l.rank = prev && cmp(prev, l) === 0 ? prev.rank : i + 1;
    });
    return out;
  }
}

/** The sides of a tactical battle game (kind 'battle'); its seats are these and `side:formation`. */
const TACTICAL_SIDES = ['prussia', 'austria'] as const;
function battleSeat(p: CampaignPlayerRow): boolean {
  return (TACTICAL_SIDES as readonly string[]).includes(p.side);
}

/** Whether a player row took part: held the seat at the end, or sent at least one action for it. */
function tookPart(p: CampaignPlayerRow): boolean {
  return p.heldAtEnd === 1 || p.actions > 0;
}

export function computeStandings(
  results: readonly CampaignResultRow[],
  players: readonly CampaignPlayerRow[],
  battles: readonly BattleResultRow[],
): Standings {
  const people = new Book();
  const auto = new Book();
  const nations = new Book();
  const nationsAuto = new Book();
  const sides = new Book();
  const byGame = new Map<string, CampaignPlayerRow[]>();
  for (const p of players) byGame.set(p.gameId, [...(byGame.get(p.gameId) ?? []), p]);
  const isBattleGame = (r: CampaignResultRow) => (byGame.get(r.gameId) ?? []).some(battleSeat);
  const decided = results.filter((r) => r.winner !== null);
  let battleCount = 0;
  let battleGames = 0;
  for (const r of decided) {
    const ps = (byGame.get(r.gameId) ?? []).filter(tookPart);
    if (isBattleGame(r)) {
      // A tactical battle played as its own game: a battle line for each side, for each person (once
      // per side, whatever formations he held) and for the nation of his seats.
      battleCount++;
      battleGames++;
      const bonusOf = (o: string) => r.reversal === 1 && o === 'won';
      for (const side of TACTICAL_SIDES) {
        const o = outcomeFor(side, r.winner);
        sides.count(side, 'battles', r.gameId, o, bonusOf(o));
      }
      for (const p of ps) {
        const o = outcomeFor(p.side, r.winner);
        (p.player === 'autopilot' ? auto : people).count(
          p.player,
          'battles',
          `${r.gameId}/${p.side}`,
          o,
          bonusOf(o),
        );
        if (p.heldAtEnd === 1)
          (p.player === 'autopilot' ? nationsAuto : nations).count(
            p.side,
            'battles',
            r.gameId,
            o,
            bonusOf(o),
          );
      }
      continue;
    }
    for (const side of ['prussian-allied', 'coalition'] as const) {
      sides.count(side, 'campaigns', r.gameId, outcomeFor(side, r.winner), r.reversal === 1);
    }
    for (const p of ps) {
      const o = outcomeFor(p.side, r.winner);
      const bonus = r.reversal === 1 && o === 'won';
      const book = p.player === 'autopilot' ? auto : people;
      book.count(p.player, 'campaigns', `${r.gameId}/${p.side}`, o, bonus);
      // A nation counts for people when a person held it at the end, else for the autopilot.
      if (p.heldAtEnd === 1)
        (p.player === 'autopilot' ? nationsAuto : nations).count(p.seat, 'campaigns', r.gameId, o, bonus);
    }
    for (const b of battles.filter((x) => x.gameId === r.gameId)) {
      battleCount++;
      const defenderSide: Side = b.attackerSide === 'prussian-allied' ? 'coalition' : 'prussian-allied';
      const inBattle: Record<Side, string[]> = {
        [b.attackerSide as Side]: JSON.parse(b.attackerNations) as string[],
        [defenderSide]: JSON.parse(b.defenderNations) as string[],
      } as Record<Side, string[]>;
      const once = `${b.gameId}/${b.version}/${b.hex}`;
      for (const side of ['prussian-allied', 'coalition'] as const)
        sides.count(side, 'battles', once, outcomeFor(side, b.victor), b.reversal === 1);
      for (const p of ps) {
        const side = p.side as Side;
        if (!(inBattle[side] ?? []).includes(p.seat)) continue;
        const o = outcomeFor(side, b.victor);
        const bonus = b.reversal === 1 && o === 'won';
        (p.player === 'autopilot' ? auto : people).count(p.player, 'battles', `${once}/${side}`, o, bonus);
        if (p.heldAtEnd === 1)
          (p.player === 'autopilot' ? nationsAuto : nations).count(p.seat, 'battles', once, o, bonus);
      }
    }
  }
  const autoLines = auto.result();
  return {
    players: people.result(),
    autopilot: autoLines[0] ?? null,
    nations: nations.result(),
    nationsAutopilot: nationsAuto.result(),
    sides: sides.result(),
    campaigns: decided.length - battleGames,
    battles: battleCount,
    abandoned: results.filter((r) => r.winner === null && !isBattleGame(r)).length,
  };
}

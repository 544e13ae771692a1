// Records of finished campaigns and their battles (issue 21), rebuilt from the action log: the game
// is replayed from setup through every logged action with the real engine, battles are read from
// the engine's `battle` events (with the commanders and nationalities of the state before the
// action), the VP (17.0) at the start of every Game-Turn and at the end, the result and its level
// (17.1), and who held which seat. The only facts not in the log, how the campaign ended (a
// concession or an agreed draw is settled outside the engine), live in campaign_results.ended_by.
import { and, eq, inArray } from 'drizzle-orm';
import battlesJson from '../../../assets/history/battles.json' with { type: 'json' };
import campaignsJson from '../../../assets/history/campaigns.json' with { type: 'json' };
import type { Db } from '../../db/client.js';
import { actionLog, getGame, getSeats } from '../../db/game-repository.js';
import {
  type BattleResultRow,
  battleResults,
  type CampaignPlayerRow,
  type CampaignResultRow,
  campaignPlayers,
  campaignResults,
  games,
} from '../../db/schema.js';
import type { EndedBy, Ending } from '../../db/standings-repository.js';
import {
  combatCommander,
  finalScore,
  type GameState,
  NATIONALITIES,
  type Nationality,
  type Side,
} from '../../engine/index.js';
import { distance } from '../../map/hex.js';
import { scenarioYear, turnDate } from '../../render/calendar.js';
import type { TacState } from '../../tactical/state.js';
import { battleEngine, sideOfSeat } from '../battle-engine.js';
import type { Action, RulesEngine } from '../engine-port.js';

export type { EndedBy, Ending };

/**
 * Who won a finished game and how, from how it ended: played to its end (the engine's verdict,
 * `over`; null when it has none), conceded (the other side wins), a draw agreed, or abandoned (no
 * winner). One reading for campaigns and battles alike; `opponent` names the side facing a side.
 */
function resultOf<S extends string>(
  end: Ending,
  over: { winner: S | 'draw'; level: string } | null,
  opponent: (side: string) => S,
): { winner: S | 'draw' | null; level: string } {
  if (end.endedBy === 'game-over' && over) return { winner: over.winner, level: over.level };
  if (end.endedBy === 'conceded' && end.concededSide)
    return { winner: opponent(end.concededSide), level: 'concession' };
  if (end.endedBy === 'draw-agreed') return { winner: 'draw', level: 'agreed' };
  return { winner: null, level: 'abandoned' };
}

export interface HistoricalBattle {
  name: string;
  date: string;
  hex: string;
  victor: Side | 'draw';
  source: string;
}
export const HISTORICAL_BATTLES: readonly HistoricalBattle[] = battlesJson.battles.map((b) => ({
  name: b.name,
  date: b.date,
  hex: b.hex,
  victor: b.victor as Side | 'draw',
  source: b.source,
}));
/** The historical outcome of each scenario's campaign year ('draw' gives no bonus). */
export const HISTORICAL_CAMPAIGNS: Readonly<Record<string, Side | 'draw'>> = Object.fromEntries(
  campaignsJson.years.map((y) => [y.scenario, y.outcome as Side | 'draw']),
);

/** The named battle a game battle stands for: within one hex, in the same calendar year. */
export function historicalCounterpart(hex: string, year: number | null): HistoricalBattle | undefined {
  if (year === null) return undefined;
  let best: HistoricalBattle | undefined;
  let bd = Number.POSITIVE_INFINITY;
  for (const b of HISTORICAL_BATTLES) {
    if (Number(b.date.slice(0, 4)) !== year) continue;
    const d = distance(hex, b.hex);
    if (d <= 1 && d < bd) {
      bd = d;
      best = b;
    }
  }
  return best;
}

/** A win reverses history when the other side won historically (a historical draw gives no bonus). */
export function reverses(victor: Side | 'draw' | null, historical: Side | 'draw' | undefined): boolean {
  return (
    victor !== null &&
    victor !== 'draw' &&
    historical !== undefined &&
    historical !== 'draw' &&
    historical !== victor
  );
}

export interface VpPoint {
  turn: number;
  allied: number;
  coalition: number;
  final?: boolean;
}

export interface CampaignRecord {
  result: CampaignResultRow;
  players: CampaignPlayerRow[];
  battles: BattleResultRow[];
  /** Set when the log could not be replayed to its end (the record covers what could). */
  problem?: string;
}

interface BattleData {
  hex: string;
  column: number;
  modifiedRoll: number;
  victor: Side | 'draw';
  attacker: { side: Side; eliminated: Record<string, number>; captured: Record<string, number> };
  defender: { side: Side; eliminated: Record<string, number>; captured: Record<string, number> };
}

const sum = (r: Record<string, number> | undefined) => Object.values(r ?? {}).reduce((a, n) => a + n, 0);

function nationsAt(state: GameState, hex: string, side: Side): Nationality[] {
  const here = state.forces[hex] ?? {};
  return NATIONALITIES.filter((n) => {
    const sp = here[n];
    return state.seatSide[n] === side && sp !== undefined && sp.in + sp.out > 0;
  });
}

function commanderAt(state: GameState, hex: string, side: Side): string | null {
  const leaders = Object.values(state.leaders).filter(
    (l) => l.status === 'map' && l.hex === hex && state.seatSide[l.nationality] === side,
  );
  const sp: Record<string, number> = {};
  for (const n of nationsAt(state, hex, side)) sp[n] = state.forces[hex]?.[n]?.out ?? 0;
  const c = combatCommander({ sp, leaders, nominee: undefined } as never);
  return c ? ((c as { name?: string }).name ?? c.id) : null;
}

function score(state: GameState): { allied: number; coalition: number } {
  const r = finalScore(state);
  return { allied: r.total['prussian-allied'], coalition: r.total.coalition };
}

/**
 * Replays the game and builds its record (nothing is written). `ending` says how it ended; without
 * it a finished game ('over') ended by the rules and anything else was abandoned.
 */
export function buildRecord(
  db: Db,
  engine: RulesEngine<unknown>,
  gameId: string,
  ending: Ending | undefined,
  endedAt: number,
): CampaignRecord | undefined {
  const game = getGame(db, gameId);
  if (!game || game.state === null) return undefined;
  if (game.kind === 'battle') return buildBattleRecord(db, game, ending, endedAt);
  const end: Ending = ending ?? { endedBy: game.status === 'over' ? 'game-over' : 'abandoned' };
  const year = scenarioYear(game.scenario);
  let state = engine.setup(game.scenario, game.seed, JSON.parse(game.options)) as GameState;
  const vpByTurn: VpPoint[] = [{ turn: state.turn, ...score(state) }];
  const battles: BattleResultRow[] = [];
  const acted = new Map<string, Map<string, number>>();
  let problem: string | undefined;
  for (const row of actionLog(db, gameId)) {
    const player =
      row.actor === 'player' && row.userId ? row.userId : row.actor === 'autopilot' ? 'autopilot' : null;
    if (player) {
      const m = acted.get(row.seat) ?? new Map<string, number>();
      m.set(player, (m.get(player) ?? 0) + 1);
      acted.set(row.seat, m);
    }
    const before = state;
    const r = engine.apply(state, row.seat, JSON.parse(row.action) as Action);
    if (!r.ok) {
      problem = `version ${row.version}: the engine refuses the logged action (${r.error.rule}: ${r.error.message})`;
      break;
    }
    const after = r.state as GameState;
    for (const e of r.events) {
      if (e.type !== 'battle') continue;
      const d = e.data as BattleData | undefined;
      if (!d) continue;
      const date = turnDate(before.turn, year);
      const hist = historicalCounterpart(d.hex, date.ok ? date.year : null);
      battles.push({
        gameId,
        version: row.version,
        hex: d.hex,
        turn: before.turn,
        date: date.ok ? date.label : `Turn ${before.turn}`,
        attackerSide: d.attacker.side,
        attackerNations: JSON.stringify(nationsAt(before, d.hex, d.attacker.side)),
        defenderNations: JSON.stringify(nationsAt(before, d.hex, d.defender.side)),
        attackerCommander: commanderAt(before, d.hex, d.attacker.side),
        defenderCommander: commanderAt(before, d.hex, d.defender.side),
        odds: d.column,
        roll: d.modifiedRoll,
        victor: d.victor,
        attackerSpLost: sum(d.attacker.eliminated) + sum(d.attacker.captured),
        defenderSpLost: sum(d.defender.eliminated) + sum(d.defender.captured),
        historical: hist?.name ?? null,
        reversal: reverses(d.victor, hist?.victor) ? 1 : 0,
      });
    }
    if (after.turn !== before.turn) vpByTurn.push({ turn: after.turn, ...score(after) });
    state = after;
  }
  const final = finalScore(state);
  vpByTurn.push({
    turn: state.turn,
    allied: final.total['prussian-allied'],
    coalition: final.total.coalition,
    final: true,
  });
  const lost = (side: Side) =>
    NATIONALITIES.filter((n) => state.seatSide[n] === side).reduce(
      (a, n) => a + (state.ledger.eliminated[n] ?? 0),
      0,
    );
  const { winner, level } = resultOf(end, final, (side) =>
    side === 'prussian-allied' ? 'coalition' : 'prussian-allied',
  );
  const result: CampaignResultRow = {
    gameId,
    guildId: game.guildId,
    scenario: game.scenario,
    endedBy: end.endedBy,
    concededSide: end.concededSide ?? null,
    recorded: 1,
    winner,
    level,
    vpAllied: final.total['prussian-allied'],
    vpCoalition: final.total.coalition,
    spLostAllied: lost('prussian-allied'),
    spLostCoalition: lost('coalition'),
    lastTurn: state.turn,
    vpByTurn: JSON.stringify(vpByTurn),
    reversal: reverses(winner, HISTORICAL_CAMPAIGNS[game.scenario]) ? 1 : 0,
    endedAt,
  };
  const players: CampaignPlayerRow[] = [];
  for (const s of getSeats(db, gameId)) {
    const holder = s.autopilot > 0 || !s.userId ? 'autopilot' : s.userId;
    const who = new Map(acted.get(s.seat) ?? []);
    if (!who.has(holder)) who.set(holder, 0);
    const side = state.seatSide[s.seat as Nationality] ?? 'coalition';
    for (const [player, n] of [...who.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      players.push({ gameId, seat: s.seat, player, side, actions: n, heldAtEnd: player === holder ? 1 : 0 });
  }
  return { result, players, battles, ...(problem ? { problem } : {}) };
}

/** The historical battle a tactical scenario stands for (assets/history/battles.json, by name). */
export function tacticalCounterpart(map: string, scenario: string): HistoricalBattle | undefined {
  const names = [map, scenario.split(/[-_/.]/)[0] ?? ''].map((x) => x.toLowerCase());
  return HISTORICAL_BATTLES.find((b) => names.includes(b.name.toLowerCase()));
}

/** The strategic side a tactical side stands for (for the historical comparison). */
const STRATEGIC_SIDE: Record<string, Side> = { prussia: 'prussian-allied', austria: 'coalition' };

/**
 * The record of a tactical battle played as its own game (issue 21, kind 'battle'): replayed with the
 * tactical engine; the result and its level are the engine's victory result (`over`), a concession
 * gives the other side the win. Sides are 'prussia' | 'austria' (the tactical sides), seats are the
 * sides and their formations; one battle_results row carries commanders, CP lost and the reversal.
 */
function buildBattleRecord(
  db: Db,
  game: NonNullable<ReturnType<typeof getGame>>,
  ending: Ending | undefined,
  endedAt: number,
): CampaignRecord {
  const end: Ending = ending ?? { endedBy: game.status === 'over' ? 'game-over' : 'abandoned' };
  let state = battleEngine.setup(game.scenario, game.seed, JSON.parse(game.options)) as TacState;
  const acted = new Map<string, Map<string, number>>();
  let problem: string | undefined;
  let lastVersion = 0;
  for (const row of actionLog(db, game.id)) {
    const player =
      row.actor === 'player' && row.userId ? row.userId : row.actor === 'autopilot' ? 'autopilot' : null;
    if (player) {
      const m = acted.get(row.seat) ?? new Map<string, number>();
      m.set(player, (m.get(player) ?? 0) + 1);
      acted.set(row.seat, m);
    }
    const r = battleEngine.apply(state, row.seat, JSON.parse(row.action) as Action);
    if (!r.ok) {
      problem = `version ${row.version}: the engine refuses the logged action (${r.error.rule}: ${r.error.message})`;
      break;
    }
    state = r.state;
    lastVersion = row.version;
  }
  const over = state.over ? { winner: state.over.winner ?? 'draw', level: state.over.level } : null;
  const { winner, level } = resultOf(end, over, (side) => (side === 'prussia' ? 'austria' : 'prussia'));
  const hist = tacticalCounterpart(state.map, game.scenario);
  const reversal = reverses(
    winner === null || winner === 'draw' ? (winner as 'draw' | null) : (STRATEGIC_SIDE[winner] ?? null),
    hist?.victor,
  )
    ? 1
    : 0;
  // A side's CP gone from the battle: lost in the fighting and taken prisoner in the aftermath
  // (ruling Aftermath keeps the prisoners out of cpLost), as a campaign battle's row counts SP
  // eliminated and captured (9.0).
  const cpGone = (side: 'prussia' | 'austria') =>
    state.ledger[side].cpLost + (state.ledger[side].prisoners ?? 0);
  const cinc = (side: string) =>
    state.leaders.find((l) => l.side === side && l.role === 'cinc')?.name ?? null;
  const result: CampaignResultRow = {
    gameId: game.id,
    guildId: game.guildId,
    scenario: game.scenario,
    endedBy: end.endedBy,
    concededSide: end.concededSide ?? null,
    recorded: 1,
    winner,
    level,
    vpAllied: state.over?.vp?.prussia ?? 0,
    vpCoalition: state.over?.vp?.austria ?? 0,
    spLostAllied: cpGone('prussia'),
    spLostCoalition: cpGone('austria'),
    lastTurn: state.turn,
    vpByTurn: '[]',
    reversal,
    endedAt,
  };
  const battles: BattleResultRow[] =
    winner === null
      ? []
      : [
          {
            gameId: game.id,
            version: lastVersion,
            hex: hist?.hex ?? '',
            turn: state.turn,
            date: hist?.date ?? `Turn ${state.turn}`,
            attackerSide: 'prussia',
            attackerNations: JSON.stringify(['prussia']),
            defenderNations: JSON.stringify(['austria']),
            attackerCommander: cinc('prussia'),
            defenderCommander: cinc('austria'),
            odds: 0,
            roll: 0,
            victor: winner,
            attackerSpLost: cpGone('prussia'),
            defenderSpLost: cpGone('austria'),
            historical: hist?.name ?? null,
            reversal,
          },
        ];
  const players: CampaignPlayerRow[] = [];
  for (const s of getSeats(db, game.id)) {
    const holder = s.autopilot > 0 || !s.userId ? 'autopilot' : s.userId;
    const who = new Map(acted.get(s.seat) ?? []);
    if (!who.has(holder)) who.set(holder, 0);
    for (const [player, n] of [...who.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      players.push({
        gameId: game.id,
        seat: s.seat,
        player,
        side: sideOfSeat(s.seat),
        actions: n,
        heldAtEnd: player === holder ? 1 : 0,
      });
  }
  return { result, players, battles, ...(problem ? { problem } : {}) };
}

/** Writes a record, replacing any earlier one of the same game. */
export function writeRecord(db: Db, rec: CampaignRecord): void {
  db.transaction((tx) => {
    tx.delete(campaignPlayers).where(eq(campaignPlayers.gameId, rec.result.gameId)).run();
    tx.delete(battleResults).where(eq(battleResults.gameId, rec.result.gameId)).run();
    tx.delete(campaignResults).where(eq(campaignResults.gameId, rec.result.gameId)).run();
    tx.insert(campaignResults).values(rec.result).run();
    if (rec.players.length) tx.insert(campaignPlayers).values(rec.players).run();
    if (rec.battles.length) tx.insert(battleResults).values(rec.battles).run();
  });
}

/** Records (or re-records) one finished campaign from its log, keeping how it ended. */
export function recordCampaign(
  db: Db,
  engine: RulesEngine<unknown>,
  gameId: string,
  at: number,
): CampaignRecord | undefined {
  const prior = db.select().from(campaignResults).where(eq(campaignResults.gameId, gameId)).get();
  const ending: Ending | undefined = prior
    ? {
        endedBy: prior.endedBy as EndedBy,
        ...(prior.concededSide ? { concededSide: prior.concededSide as Side } : {}),
      }
    : undefined;
  const rec = buildRecord(db, engine, gameId, ending, prior?.endedAt ?? at);
  if (rec) writeRecord(db, rec);
  return rec;
}

/**
 * Records every finished campaign of a server that has no complete record yet (games that ended by
 * the rules, and endings noted but not yet replayed). Returns how many were recorded.
 */
export function syncRecords(db: Db, engine: RulesEngine<unknown>, guildId: string, at: number): number {
  const finished = db
    .select({ id: games.id, updatedAt: games.updatedAt })
    .from(games)
    .where(and(eq(games.guildId, guildId), inArray(games.status, ['over', 'abandoned'])))
    .all();
  const done = new Set(
    db
      .select({ id: campaignResults.gameId })
      .from(campaignResults)
      .where(and(eq(campaignResults.guildId, guildId), eq(campaignResults.recorded, 1)))
      .all()
      .map((r) => r.id),
  );
  let n = 0;
  for (const g of finished) {
    if (done.has(g.id)) continue;
    // A game the engine cannot rebuild (a scenario no longer known) is left unrecorded, not fatal.
    try {
      if (recordCampaign(db, engine, g.id, g.updatedAt ?? at)) n++;
    } catch {
      // skipped
    }
  }
  return n;
}

/** Rebuilds every record of a server from the action logs (an admin tool; also the tests' check). */
export function rebuildRecords(db: Db, engine: RulesEngine<unknown>, guildId: string, at: number): number {
  db.update(campaignResults).set({ recorded: 0 }).where(eq(campaignResults.guildId, guildId)).run();
  return syncRecords(db, engine, guildId, at);
}

export interface StoredRecords {
  results: CampaignResultRow[];
  players: CampaignPlayerRow[];
  battles: BattleResultRow[];
}

/** Every complete record of a server. */
export function storedRecords(db: Db, guildId: string): StoredRecords {
  const results = db
    .select()
    .from(campaignResults)
    .where(and(eq(campaignResults.guildId, guildId), eq(campaignResults.recorded, 1)))
    .all();
  const ids = results.map((r) => r.gameId);
  if (ids.length === 0) return { results, players: [], battles: [] };
  return {
    results,
    players: db.select().from(campaignPlayers).where(inArray(campaignPlayers.gameId, ids)).all(),
    battles: db.select().from(battleResults).where(inArray(battleResults.gameId, ids)).all(),
  };
}

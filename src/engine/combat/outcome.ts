// Applying a battle's outcome to the state (9.4, 9.44, 9.46, 10.46, 14.0), whoever resolved it:
// losses and prisoners, killed and captured leaders, lost depots, and the events the players see.
import { ev, toSides } from '../events.js';
import { addLedger, addSp, otherSide } from '../state.js';
import type { GameEvent, GameState, HexId, Nationality, Side } from '../types.js';
import type { BattleOutcome, SideOutcome } from './battle.js';
import { outsideSp } from './forces.js';

/**
 * What the two players learn of one side of a battle: its outcome (SideOutcome) without the leaders'
 * ratings (the view never shows enemy ones), only who led it (9.0: both players examine both forces
 * once committed).
 */
export type BattleSideReport = Omit<SideOutcome, 'remainingLeaders'> & { leaders: string[] };

/** The data of the 'battle' event, seen by both sides (9.0): the numbers a battle report is made of. */
export type BattleEventData = {
  hex: HexId;
  /** The CRT column (9.2); 0 for a battle fought out on the tactical map. */
  column: number;
  /** The attacker's die before modifiers, when the CRT decided the battle. */
  die?: number;
  modifiedRoll: number;
  /** Issue #16: fought out on the tactical map (no column or die). */
  tactical?: true;
  victor: Side | 'draw';
  /** 9.51: the side whose survivors must retreat. */
  mustRetreat?: Side;
  attacker: BattleSideReport;
  defender: BattleSideReport;
  prisonersDue: number;
};

/** The data of the public 'battle-public' event: where, and once it is decided who won (never a strength). */
export type BattlePublicData = { hex: HexId; victor?: Side | 'draw' };

/** 9.4: remove the losses, take the prisoners and report the battle to the two players and the public. */
export function applyBattle(state: GameState, hex: HexId, out: BattleOutcome, events: GameEvent[]): void {
  for (const s of [out.attacker, out.defender]) {
    const captor = otherSide(s.side);
    for (const [nat, n] of Object.entries(s.eliminated)) {
      addSp(state, hex, nat as Nationality, 'out', -n);
      addLedger(state.ledger.eliminated, nat as Nationality, n);
    }
    for (const [nat, n] of Object.entries(s.captured)) {
      if (n === 0) continue;
      addSp(state, hex, nat as Nationality, 'out', -n);
      addLedger(state.ledger.prisoners[captor], nat as Nationality, n);
    }
    for (const id of s.killed) killLeader(state, id);
    for (const id of s.capturedLeaders) captureLeader(state, id, captor);
  }
  for (const side of out.depotsLost) loseDepot(state, hex, side);
  const text =
    (out.tactical
      ? `Battle at ${hex}: fought out on the tactical map. `
      : `Battle at ${hex}: column ${out.column}%, modified roll ${out.modifiedRoll}. `) +
    (out.victor === 'draw'
      ? 'A draw.'
      : `${out.victor === 'prussian-allied' ? 'Prussian-Allied' : 'Coalition'} victory.`);
  const data: BattleEventData = {
    hex,
    column: out.column,
    ...(out.die !== undefined ? { die: out.die } : {}),
    modifiedRoll: out.modifiedRoll,
    ...(out.tactical ? { tactical: true as const } : {}),
    victor: out.victor,
    ...(out.mustRetreat ? { mustRetreat: out.mustRetreat } : {}),
    attacker: battleReport(out.attacker),
    defender: battleReport(out.defender),
    prisonersDue: out.prisonersDue,
  };
  events.push(ev('battle', text, toSides('prussian-allied', 'coalition'), data));
  const publicData: BattlePublicData = { hex, victor: out.victor };
  events.push(ev('battle-public', `A battle was fought at ${hex}.`, { to: 'all' }, publicData));
}

/** What the two players learn of one side's battle (no leader ratings: the view never shows enemy ones). */
function battleReport(o: BattleOutcome['attacker']): BattleSideReport {
  return {
    side: o.side,
    result: o.result,
    eliminated: o.eliminated,
    captured: o.captured,
    killed: o.killed,
    capturedLeaders: o.capturedLeaders,
    remainingSp: o.remainingSp,
    score: o.score,
    // 9.0: both players examine both forces once committed: who led them (no ratings).
    leaders: [
      ...(o.remainingLeaders ?? []).map((l) => l.id),
      ...(o.killed ?? []),
      ...(o.capturedLeaders ?? []),
    ],
  };
}

/** 9.44: killed in action, out of the game for good. 8.12: succession is automatic (lowest rank on map). */
export function killLeader(state: GameState, id: string): void {
  const l = state.leaders[id];
  if (!l) return;
  l.status = 'killed';
  l.hex = null;
  l.inside = false;
}

/** 14.0: a captured leader is held by the captor. */
export function captureLeader(state: GameState, id: string, captor: Side): void {
  const l = state.leaders[id];
  if (!l) return;
  l.status = 'captured';
  l.hex = null;
  l.inside = false;
  if (!state.ledger.prisonerLeaders[captor].includes(id)) state.ledger.prisonerLeaders[captor].push(id);
}

/** 10.46 / 9.46: a completed depot is taken over by the enemy; one still being built is removed. */
export function loseDepot(state: GameState, hex: HexId, side: Side): void {
  const d = state.depots[hex];
  if (!d || state.seatSide[d.owner] !== side) return;
  const enemy = otherSide(side);
  if (d.status !== 'complete') {
    delete state.depots[hex];
    return;
  }
  const sp = outsideSp(state, hex, enemy);
  const newOwner = Object.entries(sp).sort((x, y) => y[1] - x[1])[0]?.[0] as Nationality | undefined;
  if (newOwner) state.depots[hex] = { ...d, owner: newOwner };
}

// Aftermath: pursuit and prisoners (reconstructed; ruling "Aftermath" in docs/tactical-rulings.md).
// The Leuthen rules end the battle at dusk with no capture beyond the elimination of routed or cut
// off units; most of the 1757 prisoners were taken as the Austrian army broke at dusk and in the
// night's pursuit to Lissa. A scenario that carries `victory.aftermath` (the standalone Leuthen
// scenarios; never a campaign battle, whose bridge takes its own 9.0 prisoners) closes the battle as
// Frederick the Great 9.0 closes one: the victor's score is the enemy strength removed plus his own
// commander's Initiative, and the loser yields the difference as prisoners, as fully as possible
// (9.45). Deterministic: no dice.
import { type Ctx, ev } from '../events.js';
import type { Aftermath, Side, TacState, UnitState } from '../state.js';
import { otherSide } from '../state.js';
import { distance, isArtillery, unitsAt } from './board.js';

/** 9.0 / 9.24: the Initiative of the side's commander-in-chief still commanding (none: 0). */
function commanderInitiative(s: TacState, side: Side): number {
  const a = s.victory.aftermath;
  if (!a) return 0;
  const cinc = s.leaders.find((l) => l.side === side && l.role === 'cinc' && !l.eliminated);
  return cinc ? (a.initiative[cinc.id] ?? 0) : 0;
}

const onField = (u: UnitState) => !u.eliminated && u.hex !== null;

/** Takes `cp` of the unit prisoner; a unit taken whole leaves the map with its batteries (10.3). */
function take(c: Ctx, u: UnitState, cp: number, out: Aftermath['units']): void {
  const s = c.s;
  const whole = cp >= u.cp;
  const n = Math.min(cp, u.cp);
  const hex = u.hex;
  u.cp -= n;
  s.ledger[u.side].prisoners = (s.ledger[u.side].prisoners ?? 0) + n;
  out.push({ unit: u.id, cp: n, whole });
  if (!whole) return;
  u.eliminated = true;
  u.captured = true;
  u.routed = false;
  u.disorganized = false;
  u.hex = null;
  // 10.3 by analogy: guns left without their foot in the hex go with it.
  if (hex === null || unitsAt(s, hex).some((x) => x.side === u.side && !isArtillery(x))) return;
  for (const b of unitsAt(s, hex).filter((x) => x.side === u.side && isArtillery(x))) {
    b.eliminated = true;
    b.captured = true;
    b.hex = null;
    s.ledger[b.side].batteriesLost++;
    out.push({ unit: b.id, cp: 0, whole: true });
  }
}

/** Runs once when a battle with an aftermath is over (settle, phases.ts). */
export function runAftermath(c: Ctx): void {
  const s = c.s;
  const a = s.victory.aftermath;
  if (!a || !s.over || s.over.aftermath) return;
  const winner = s.over.winner;
  const result: Aftermath = {
    captor: winner,
    score: { prussia: 0, austria: 0 },
    routedCp: 0,
    pursuitCp: 0,
    prisoners: 0,
    units: [],
  };
  if (winner === null) {
    s.over.aftermath = result;
    c.events.push(
      ev('aftermath', 'Aftermath: a draw, neither side pursues; no prisoners.', { aftermath: result }),
    );
    return;
  }
  const loser = otherSide(winner);
  const name = (side: Side) => (side === 'prussia' ? 'Prussian' : 'Austrian');
  const byId = (x: UnitState, y: UnitState) => x.id.localeCompare(y.id);

  // 1. The field is lost: the loser's units still routing cannot rally on it and are taken whole.
  if (a.captureRouted)
    for (const u of s.units.filter((x) => x.side === loser && onField(x) && x.routed).sort(byId)) {
      result.routedCp += u.cp;
      take(c, u, u.cp, result.units);
    }

  // 2. 9.0: each side scores the enemy CP removed (lost in the battle and taken in 1) plus its own
  // commander's Initiative at the bridge's scale; the loser yields the difference.
  const removed = (side: Side) => s.ledger[side].cpLost + (s.ledger[side].prisoners ?? 0);
  for (const side of [winner, loser])
    result.score[side] = removed(otherSide(side)) + a.cpPerInitiative * commanderInitiative(s, side);
  let due = Math.max(0, result.score[winner] - result.score[loser]);

  // 9.45: as fully as possible, from the units the pursuit reaches first: the Disorganized, then by
  // distance to the nearest winning unit in good order; the excess over what is left is ignored.
  const pursuers = s.units.filter((x) => x.side === winner && onField(x) && !x.routed && !isArtillery(x));
  const reach = (u: UnitState) =>
    pursuers.length ? Math.min(...pursuers.map((p) => distance(p.hex!, u.hex!))) : Number.POSITIVE_INFINITY;
  const order = s.units
    .filter((x) => x.side === loser && onField(x) && !isArtillery(x) && x.cp > 0)
    .map((u) => ({ u, d: reach(u) }))
    .sort((x, y) => Number(y.u.disorganized) - Number(x.u.disorganized) || x.d - y.d || byId(x.u, y.u));
  for (const { u } of order) {
    if (due <= 0) break;
    const n = Math.min(due, u.cp);
    take(c, u, n, result.units);
    result.pursuitCp += n;
    due -= n;
  }
  result.prisoners = result.routedCp + result.pursuitCp;
  s.over.aftermath = result;
  const whole = result.units.filter((x) => x.whole && x.cp > 0).length;
  c.events.push(
    ev(
      'aftermath',
      `Aftermath: the ${name(loser)} army leaves the field; ${result.prisoners} CP taken prisoner` +
        ` (${result.routedCp} CP of routed units, ${result.pursuitCp} CP in the pursuit; ${whole} units taken whole;` +
        ` score ${name(winner)} ${result.score[winner]}, ${name(loser)} ${result.score[loser]}: 9.0 by analogy).`,
      { aftermath: result },
    ),
  );
}

/**
 * The result line of a finished battle with an aftermath (the CLIs' end lines, the bot's result; a
 * state or a seat's view): prisoners by side, then each side's CP lost with them. Undefined when
 * the battle had no aftermath.
 */
export function prisonersLine(s: Pick<TacState, 'over' | 'ledger'>): string | undefined {
  const a = s.over?.aftermath;
  if (!a) return undefined;
  const p = (side: Side) => s.ledger[side].prisoners ?? 0;
  const lost = (side: Side) => s.ledger[side].cpLost + p(side);
  const how = a.captor
    ? ` (${a.routedCp} CP of routed units, ${a.pursuitCp} CP for the 9.0 score difference ${a.score[a.captor]} - ${a.score[otherSide(a.captor)]})`
    : ' (a draw: no pursuit)';
  return `prisoners: Prussia ${p('prussia')} CP, Austria ${p('austria')} CP${how}; CP lost incl. prisoners: Prussia ${lost('prussia')}, Austria ${lost('austria')}`;
}

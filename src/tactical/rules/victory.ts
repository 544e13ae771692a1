// Victory: 8.4 (the King's death, in effects.ts) plus the reconstructed conditions of the scenario
// file: army withdrawal levels checked at the end of every turn, victory points after the last.
import { type Ctx, ev } from '../events.js';
import type { Over, Side, TacState } from '../state.js';
import { otherSide } from '../state.js';

/** CP a side has lost or has routing (withdrawal level, R). */
export function brokenCp(s: TacState, side: Side): number {
  const routed = s.units
    .filter((u) => u.side === side && u.routed && !u.eliminated)
    .reduce((a, u) => a + u.cp, 0);
  return s.ledger[side].cpLost + routed;
}

/** VP of `side` (R): enemy CP lost and routed, enemy leaders and batteries lost, objectives held. */
export function victoryPoints(s: TacState, side: Side): number {
  const v = s.victory.vp;
  const enemy = otherSide(side);
  const routed = s.units
    .filter((u) => u.side === enemy && u.routed && !u.eliminated)
    .reduce((a, u) => a + u.cp, 0);
  let vp =
    s.ledger[enemy].cpLost * v.eliminatedCp + routed * v.routedCp + s.ledger[enemy].batteriesLost * v.battery;
  for (const id of s.ledger[enemy].leadersLost) {
    const l = s.leaders.find((x) => x.id === id);
    vp += l?.role === 'cinc' ? v.cinc : v.leader;
  }
  for (const o of v.objectives) {
    if (o.side !== undefined && o.side !== side) continue;
    if (s.units.some((u) => u.hex === o.hex && u.side === side && !u.eliminated && !u.routed)) vp += o.vp;
  }
  return vp;
}

function level(s: TacState, diff: number): Over['level'] {
  for (const b of [...s.victory.levels].sort((a, b) => b.min - a.min)) if (diff >= b.min) return b.level;
  return 'draw';
}

/** End of turn: withdrawal (R); after the last turn, VP levels (R). */
export function checkVictory(c: Ctx): void {
  const { s } = c;
  if (s.over) return;
  const frac = (side: Side) => (s.startCp[side] > 0 ? brokenCp(s, side) / s.startCp[side] : 0);
  const breaks = (['prussia', 'austria'] as const).filter((side) => frac(side) >= s.victory.withdrawal[side]);
  if (breaks.length) {
    let winner: Side | null = null;
    if (breaks.length === 1) winner = otherSide(breaks[0]!);
    else {
      const p = frac('prussia') / s.victory.withdrawal.prussia;
      const a = frac('austria') / s.victory.withdrawal.austria;
      winner = p > a ? 'austria' : a > p ? 'prussia' : null;
    }
    s.over = {
      winner,
      level: winner ? s.victory.withdrawalLevel : 'draw',
      reason: `army withdrawal: ${breaks.join(' and ')} lost or routed their withdrawal level of combat points (scenario victory conditions)`,
      turn: s.turn,
      vp: { prussia: victoryPoints(s, 'prussia'), austria: victoryPoints(s, 'austria') },
    };
  } else if (s.turn >= s.lastTurn) {
    const vp = { prussia: victoryPoints(s, 'prussia'), austria: victoryPoints(s, 'austria') };
    const diff = vp.prussia - vp.austria;
    const lv = level(s, Math.abs(diff));
    s.over = {
      winner: lv === 'draw' ? null : diff > 0 ? 'prussia' : 'austria',
      level: lv,
      reason: `end of turn ${s.lastTurn}: victory points Prussia ${vp.prussia}, Austria ${vp.austria}`,
      turn: s.turn,
      vp,
    };
  }
  if (s.over) {
    s.phase = 'over';
    s.prompt = null;
    s.tasks = [];
    s.activation = null;
    c.events.push(
      ev(
        'game-over',
        `The battle ends: ${s.over.winner ? `${s.over.level} ${s.over.winner} victory` : 'a draw'} (${s.over.reason}).`,
        { over: s.over },
      ),
    );
  }
}

// How good an attack looks before it is made: the expected SP swing over the six die faces of the
// Combat Results Table (9.3-9.4, the engine's reconstructed table), with the victor's prisoners
// (9.0). Only public data (the CRT) and the autopilot's estimates go in; nothing hidden.

import type { CombatLeader, Side } from '../engine/index.js';
import { defaultCrt, isViolation, resolveBattle, toCombatLeader } from '../engine/index.js';
import type { BoardLeader } from './board.js';

export interface OddsInput {
  attackerSide: Side;
  attackerSp: number;
  attackerLeaders: readonly BoardLeader[];
  defenderSp: number;
  defenderLeaders: readonly BoardLeader[];
  mountain: boolean;
  attackerDemoralized?: boolean;
  defenderDemoralized?: boolean;
}

export interface OddsEstimate {
  /** Mean (enemy SP lost + captured) - (own SP lost + captured), per battle. */
  swing: number;
  /** Chance the attacker is the victor. */
  winChance: number;
  /** Mean attacker SP lost (eliminated + captured), per battle: what 17.0 charges the attacker. */
  ownLoss: number;
  /** False when the ratio is below the lowest column (9.47). */
  allowed: boolean;
}

function toCombat(ls: readonly BoardLeader[]): CombatLeader[] {
  return ls.map(toCombatLeader);
}

const otherOf = (s: Side): Side => (s === 'prussian-allied' ? 'coalition' : 'prussian-allied');

const leaderKey = (ls: readonly BoardLeader[]) =>
  ls.map((l) => `${l.id}:${l.rank}:${l.initiative}:${l.attack}:${l.defence}`).join(',');

/**
 * Answers by input: the expert's spread (plan.ts spreadOdds) asks the same battle at every whole SP
 * of a range, plan after plan. The answer depends on the input alone (the CRT is fixed data), so a
 * cache cannot change a decision; it is emptied when it grows large.
 */
const memo = new Map<string, OddsEstimate>();
const MEMO_MAX = 20_000;

export function attackOdds(input: OddsInput): OddsEstimate {
  if (input.attackerSp <= 0 || input.defenderSp <= 0)
    return { swing: 0, winChance: 0, ownLoss: 0, allowed: false };
  const key = [
    input.attackerSide,
    input.attackerSp,
    leaderKey(input.attackerLeaders),
    input.defenderSp,
    leaderKey(input.defenderLeaders),
    input.mountain ? 1 : 0,
    input.attackerDemoralized ? 1 : 0,
    input.defenderDemoralized ? 1 : 0,
  ].join('|');
  const hit = memo.get(key);
  if (hit) return hit;
  const odds = computeOdds(input);
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, odds);
  return odds;
}

function computeOdds(input: OddsInput): OddsEstimate {
  let swing = 0;
  let wins = 0;
  let ownLoss = 0;
  for (let die = 1; die <= 6; die++) {
    const out = resolveBattle({
      attacker: {
        side: input.attackerSide,
        sp: { a: input.attackerSp },
        leaders: toCombat(input.attackerLeaders),
        demoralized: input.attackerDemoralized ?? false,
      },
      defender: {
        side: otherOf(input.attackerSide),
        sp: { d: input.defenderSp },
        leaders: toCombat(input.defenderLeaders),
        demoralized: input.defenderDemoralized ?? false,
      },
      die,
      mountain: input.mountain,
      crt: defaultCrt,
    });
    if (isViolation(out)) return { swing: 0, winChance: 0, ownLoss: 0, allowed: false };
    const lost = (o: typeof out.attacker) =>
      Object.values(o.eliminated).reduce((a, b) => a + b, 0) +
      Object.values(o.captured).reduce((a, b) => a + b, 0);
    swing += lost(out.defender) - lost(out.attacker);
    ownLoss += lost(out.attacker);
    if (out.victor === input.attackerSide) {
      wins++;
      // A beaten enemy retreats demoralized: worth a little beyond the SP count.
      swing += 1;
    } else if (out.victor !== 'draw') swing -= 1;
  }
  return { swing: swing / 6, winChance: wins / 6, ownLoss: ownLoss / 6, allowed: true };
}

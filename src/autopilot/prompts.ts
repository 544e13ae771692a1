// Answers to the yes/no decisions of the Combat (9.0), Siege (13.0) and Prisoner Exchange (14.1)
// phases, in the side's interest. The phase hooks name their actions; this module recognises them by
// their `type` and fields and falls back on `done` (decline) for anything it does not know.
import type {
  Action,
  CombatRetreatAction,
  HexId,
  SiegeHonoursAction,
  SiegeSurrenderAction,
} from '../engine/index.js';
import { distance as hexDistance } from '../map/hex.js';
import { attackOdds } from './battle-odds.js';
import { type Board, estimateEnemyIn, estimateEnemyOut, fortressHolder, friendSp } from './board.js';
import { campaignPlan } from './campaign.js';
import { type Decision, type Level, STYLES } from './decide.js';
import { supplyPicture } from './geometry.js';
import { spreadOdds } from './plan.js';
import { siegeWorth } from './siege-odds.js';
import { extraLossVp } from './sp-price.js';

export function isPromptPhase(phase: string): boolean {
  return phase === 'combat' || phase === 'siege' || phase === 'prisoner-exchange';
}

function hexOf(a: Action): HexId | undefined {
  return 'hex' in a && typeof a.hex === 'string' ? a.hex : undefined;
}

/** Expected value of attacking in `hex` with everything of our side outside the fortress there. */
function attackValue(board: Board, hex: HexId, level: Level): number {
  const own = board.friends.get(hex);
  const foe = board.enemies.get(hex);
  if (!own || !foe || own.demoralized) return Number.NEGATIVE_INFINITY;
  const ours = own.out ?? 0;
  const theirs = estimateEnemyOut(foe);
  if (ours <= 0 || theirs <= 0) return Number.NEGATIVE_INFINITY;
  const expert = level === 'expert';
  const at = (defenderSp: number) =>
    attackOdds({
      attackerSide: board.side,
      attackerSp: ours,
      attackerLeaders: own.leaders.filter((l) => !l.inside),
      defenderSp,
      defenderLeaders: foe.leaders.filter((l) => !l.inside),
      mountain: board.map.terrain(hex) === 'mountain',
      defenderDemoralized: foe.demoralized,
    });
  // The expert judges a hidden strength over a spread around its estimate (plan.ts spreadOdds).
  const odds = foe.out === null && expert && STYLES.expert.robust ? spreadOdds(theirs, at) : at(theirs);
  if (!odds.allowed) return Number.NEGATIVE_INFINITY;
  // Unknown enemy strength: demand a margin (the expert trusts its estimate more).
  const margin = foe.out === null ? (expert ? 0.6 : 1) : 0.3;
  // 17.1: behind on the score with the year running out, the expert accepts a worse battle; the
  // hold baseline fights only where it is sure.
  const bold = expert ? campaignPlan(board).boldness : 0;
  const extra = level === 'hold' ? 1.5 : 0;
  // 17.0: the swing counts SP; the expert charges its own at what they will cost (sp-price.ts).
  const charge = expert && STYLES.expert.price ? extraLossVp(board, odds.ownLoss) : 0;
  return odds.swing - margin - extra - charge + bold + (odds.winChance >= 0.5 ? 0.5 : -0.5);
}

function retreatScore(board: Board, from: HexId, to: string): number {
  if (to === 'fortress') return fortressHolder(board, from) === board.side ? 3 : 1;
  const supply = supplyPicture(board);
  let score = 0;
  if (supply.supplied.has(to)) score += 3;
  if (fortressHolder(board, to) === board.side) score += 2;
  if (board.enemies.get(to)?.hasCombat) score -= 5;
  if (board.friends.has(to)) score += 1;
  // 9.52: farther from the victors is safer.
  score += 0.3 * hexDistance(from, to);
  return score;
}

/**
 * The answer to a prompt, or undefined when the legal actions are ordinary ones. `passive` declines
 * every optional fight and siege but still answers forced questions (honours, surrender, retreat)
 * in the side's interest. Action names are those of the engine's phase hooks (combat/phase.ts,
 * siege/phase.ts).
 */
export function answerPrompt(board: Board, legal: readonly Action[], level: Level): Decision | undefined {
  // 13.33 (1): the besieger grants or denies the honours of war.
  const honours = legal.filter((a): a is SiegeHonoursAction => a.type === 'siege-honours');
  if (honours.length > 0) {
    const hex = hexOf(honours[0] as Action);
    const ours = hex ? friendSp(board, hex, 'out') : 0;
    const garrison = hex ? estimateEnemyIn(board.enemies.get(hex)) : 99;
    // A storm destroys the smaller force and costs the larger as much (13.33 2B): deny only when
    // clearly stronger; the Prussian player beyond 20 losses pays double (17.0) and grants instead.
    // The allied expert (`price`) grants them: a storm costs it as many SP as it takes from the
    // garrison (an even trade at best, twice what the Coalition loses once 17.0 charges two VP an
    // SP past twenty), and an army that storms its way through the year's fortresses falls under
    // the ten SP it needs to build the next siege's depot (10.42). Not to a garrison the scenario
    // makes surrender when denied them (1756 A: the Saxons at Dresden): its SP become prisoners at
    // no cost to the besieger.
    const g = hex ? board.enemies.get(hex) : undefined;
    const mustSurrender =
      board.rules.saxonsMustSurrender === true &&
      (g?.natsIn?.length ?? 0) > 0 &&
      g?.natsIn?.every((n) => n === 'empire') === true;
    const prussianCapped =
      board.side === 'prussian-allied' &&
      ((board.eliminated[board.side] ?? 0) >= 20 ||
        (STYLES[level as keyof typeof STYLES]?.price === true && !mustSurrender));
    // 13.0, 12.11: the breach roll's modifier is public and shows the Initiative of a commander
    // inside, whose army the view cannot see: the garrison's estimate (one share) may be a tenth
    // of it. The campaign levels grant the honours then rather than risk the storm (1757 seed 12,
    // the standard allies against the novice Coalition: 37 SP denied the honours at Prague to a
    // garrison seen as 10 after a roll of 6 modified to 5; Charles' 40 SP were inside, the storm
    // failed and the army was lost with Frederick; docs/balance.md, "A commander inside").
    const shown = hex ? board.siegeModifiers?.get(hex) : undefined;
    const commanded =
      STYLES[level as keyof typeof STYLES]?.campaign === true &&
      shown !== undefined &&
      shown.turn === board.turn &&
      shown.modifier > 0;
    const denyIt =
      level !== 'passive' &&
      level !== 'hold' &&
      !commanded &&
      ours >= 2 * Math.max(1, garrison) &&
      !prussianCapped;
    const pick = honours.find((a) => a.grant === !denyIt) ?? (honours[0] as Action);
    return {
      action: pick,
      score: 1,
      why: denyIt ? 'denies the honours of war' : 'grants the honours of war',
    };
  }
  // 13.33 (2): the garrison surrenders or refuses; refusing forces a storm that costs the besiegers
  // as many SP as the garrison loses, while a surrender costs only us.
  const surrender = legal.filter((a): a is SiegeSurrenderAction => a.type === 'siege-surrender');
  if (surrender.length > 0) {
    const pick = surrender.find((a) => a.accept === false) ?? (surrender[0] as Action);
    return { action: pick, score: 1, why: 'refuses to surrender' };
  }
  // 9.51-9.52: where the beaten force goes.
  const retreats = legal.filter((a): a is CombatRetreatAction => a.type === 'combat-retreat');
  if (retreats.length > 0) {
    let best: { a: CombatRetreatAction; v: number } | undefined;
    for (const a of retreats) {
      const v = retreatScore(board, a.hex, a.to);
      if (!best || v > best.v) best = { a, v };
    }
    const b = best as { a: CombatRetreatAction; v: number };
    return { action: b.a, score: b.v, why: `retreats to ${b.a.to}` };
  }
  // Issue #16 (design 5.1): an autopilot seat accepts "fight it out on the tactical map?" so a
  // person can fight the computer (the tactical autopilot then plays its formations).
  const offer = legal.find((a) => a.type === 'combat-tactical' && a.accept);
  if (offer) return { action: offer, score: 0, why: 'accepts the tactical battle' };
  const decline = legal.find((a) => a.type === 'combat-decline');
  const attack = legal.find((a) => a.type === 'combat-attack');
  if (attack) {
    if (level === 'passive' && decline) return { action: decline, score: 0, why: 'declines battle' };
    const hex = hexOf(attack);
    const v = hex ? attackValue(board, hex, level) : Number.NEGATIVE_INFINITY;
    if (v > 0 || !decline) return { action: attack, score: v, why: `attacks at ${hex ?? '?'}` };
    return { action: decline, score: 0, why: `declines battle at ${hex ?? '?'} at poor odds` };
  }
  if (decline) return { action: decline, score: 0, why: 'declines battle' };
  const sieges = legal.filter((a) => a.type === 'siege-resolve');
  // 13.15: no roll is compulsory. The campaign levels leave be a siege no roll can breach, where
  // every roll risks an SP to a sortie (13.32; siege-odds.ts).
  const reads = STYLES[level as keyof typeof STYLES]?.campaign === true;
  const siege = reads ? sieges.find((a) => siegeWorth(board, hexOf(a) ?? '') > 0) : sieges[0];
  if (sieges.length > 0 && !siege) {
    const done = legal.find((a) => a.type === 'done');
    if (done) return { action: done, score: 0, why: 'leaves be a siege no roll can breach' };
  }
  if (siege) {
    const done = legal.find((a) => a.type === 'done');
    if (level === 'passive' && done) return { action: done, score: 0, why: 'leaves the siege be' };
    // 13.0: a siege roll can only breach or cost one SP; the besieger takes it.
    return { action: siege, score: 1, why: `presses the siege of ${hexOf(siege) ?? '?'}` };
  }
  const other = legal.find((a) => a.type !== 'done' && a.type !== 'timeout' && a.type !== 'combat-sortie');
  if (other && legal.length === 1) return { action: other, score: 0, why: other.type };
  const done = legal.find((a) => a.type === 'done');
  if (done) return { action: done, score: 0, why: 'done' };
  return undefined;
}

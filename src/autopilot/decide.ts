// decide(view, legal, rng, level): one seat's next action, one of `legal` or (campaign levels) a
// listed march taking one SP fewer, leaving a guard on a field depot (5.35, 10.12 B; the engine
// lists only marches taking all the SP a leader may, so the split is built here and checked
// against 5.37 on the seat's own forces). It reads only the seat's View (through view-adapter.ts)
// and public data, scores every candidate and takes the best (ties broken by the autopilot's own
// seeded RNG, so a seed always gives the same game).
import type {
  Action,
  DepotBuildAction,
  DepotDestroyAction,
  ForceMarchAction,
  GarrisonAction,
  HexId,
  MarchAction,
  View,
} from '../engine/index.js';
import { isRuleError, isWinterTurn, MAX_MA, stepCost } from '../engine/index.js';
import { distance as hexDistance } from '../map/hex.js';
import type { StrategicMap } from '../map/types.js';
import { type Board, estimateEnemyOut, fortressHolder, friendSp, otherSideOf } from './board.js';
import { canMarchOff, keeps537 } from './command-limit.js';
import { inEnemyReach, overrunRisk } from './exposure.js';
import { marchDistanceTo, type SupplyPicture, supplyPicture } from './geometry.js';
import { ARMY_SP, CAPTURE_SP, leaderHex, makePlan, NOVICE_STYLE, type Plan, type PlanStyle } from './plan.js';
import { answerPrompt, isPromptPhase } from './prompts.js';
import type { AutopilotRng } from './rng.js';
import { siegeChances } from './siege-odds.js';
import { winterDear } from './sp-price.js';
import { boardFromView } from './view-adapter.js';
import { pickedSp, pickUps } from './winter-fetch.js';
import { isReinforcement, reinforceMarches } from './winter-lines.js';

/**
 * Levels, weakest first. Three baselines: "random" (any listed action), "passive" (holds and
 * declines: an absent player who wants nothing done) and "hold" (keeps its forces in supply and in
 * winter quarters, presses sieges already begun, fights only at very good odds where it stands).
 * Three playing levels: "novice" (goals of its own for each army, battle only at 1.6 times the
 * enemy's SP), "standard" (the side's campaign plan, battles by their expected outcome with leaders
 * and terrain, covering forces and depot guards) and "expert" (also bolder when the score and the
 * turns left call for it, pursuit of a beaten enemy, a smaller margin for battle, marches on
 * enemy field armies within two marches that it expects to beat, battles against hidden
 * strengths judged over a spread around its estimate, subordinate leaders taken along when a march
 * empties their hex, leaders with no SP sent to command threatened garrisons, and supply lines
 * kept: no march empties a depot other forces draw through, no winter stand for a siege not on,
 * save, for the Coalition, one whose depot is begun in the fortress's hex and whose rolls left
 * pay for the winter in the open; for the allies, a depot guard too big to be overrun where a
 * one-SP guard would be; and a force march in the enemy's player-turn into the fortress it means
 * to besiege, so the siege depot is begun a turn sooner).
 */
export const LEVELS = ['random', 'passive', 'hold', 'novice', 'standard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

/**
 * Numeric autopilot levels (the service's engine port passes a number >= 1, per seat): 1 is passive
 * (hold and decline), 2 standard, 3 and above expert.
 */
export function levelOf(n: number): Level {
  return n <= 1 ? 'passive' : n === 2 ? 'standard' : 'expert';
}

/** How each playing level plans (plan.ts). */
export const STYLES: Record<'hold' | 'novice' | 'standard' | 'expert', PlanStyle> = {
  hold: { ...NOVICE_STYLE, hold: true, odds: true, battleMargin: 2 },
  novice: NOVICE_STYLE,
  standard: {
    hold: false,
    campaign: true,
    odds: true,
    battleMargin: 1,
    bold: false,
    pursuit: false,
    drive: false,
    seek: false,
    robust: false,
    price: false,
    gather: false,
    command: false,
    local: false,
    lines: false,
    fetch: false,
    soon: false,
    led: false,
    proof: false,
    stay: false,
    safe: false,
    hasten: false,
  },
  expert: {
    hold: false,
    campaign: true,
    odds: true,
    battleMargin: 0.3,
    bold: true,
    pursuit: true,
    drive: true,
    seek: true,
    robust: true,
    price: true,
    gather: true,
    command: true,
    local: true,
    lines: true,
    fetch: true,
    soon: true,
    led: true,
    proof: true,
    stay: true,
    safe: true,
    hasten: true,
  },
};

export function isLevel(x: unknown): x is Level {
  return typeof x === 'string' && (LEVELS as readonly string[]).includes(x);
}

export interface Decision {
  action: Action;
  score: number;
  /** A short reason for the turn log. */
  why: string;
}

const DONE: Action = { type: 'done' };

function findType(legal: readonly Action[], type: string): Action | undefined {
  return legal.find((a) => a.type === type);
}

/** The passive autopilot: end the step without doing anything that can be avoided. */
function passive(board: Board, legal: readonly Action[]): Decision {
  if (isPromptPhase(board.phase)) {
    const p = answerPrompt(board, legal, 'passive');
    if (p) return p;
  }
  const done = findType(legal, 'done') ?? findType(legal, 'halt');
  if (done) return { action: done, score: 0, why: 'holds' };
  return { action: legal[0] as Action, score: 0, why: 'only choice' };
}

/** The random baseline: any listed action but a timeout, ending the step half of the time. */
function randomChoice(legal: readonly Action[], rng: AutopilotRng): Decision {
  const end = legal.find((a) => a.type === 'done' || a.type === 'halt');
  if (end && rng.next() < 0.5) return { action: end, score: 0, why: 'at random' };
  const options = legal.filter((a) => a.type !== 'timeout');
  return {
    action: options.length > 0 ? rng.pick(options) : (legal[0] as Action),
    score: 0,
    why: 'at random',
  };
}

interface Scored {
  action: Action;
  score: number;
  why: string;
}

/**
 * Our finished depot outside a fortress at `hex` (10.12 B: it feeds only while a friendly SP stands
 * in it), or undefined.
 */
function fieldDepotAt(board: Board, hex: HexId): boolean {
  return board.depots.some(
    (d) => d.hex === hex && d.side === board.side && d.status === 'complete' && !board.map.fortress(hex),
  );
}

/**
 * `hasten`: the force march of a force on its way to a siege that would take every SP off our field
 * depot, leaving the guard a march there would leave (splitMarches). The engine lists a force march
 * with all the SP the leader may take; taking them all empties the depot, which then feeds nothing
 * (10.12 B), and the force arrives before the fortress out of supply: 1758 seed 12, hold against
 * the expert Coalition, Soubise and then Clermont force-marched their whole force off the depot at
 * 1915 towards Magdeburg three turns running, and each time marched back to supply in their own
 * March Phase.
 */
export function splitForceMarches(
  board: Board,
  legal: readonly Action[],
  plan: Plan,
  guardSp: number,
): ForceMarchAction[] {
  const out: ForceMarchAction[] = [];
  for (const a of legal) {
    if (a.type !== 'forcemarch' || plan.goals.get(a.leader)?.kind !== 'siege') continue;
    const take = a.take?.sp ?? 0;
    const start = leaderHex(board, a.leader);
    if (!start || !fieldDepotAt(board, start) || board.enemies.has(start)) continue;
    if (friendSp(board, start, 'all') !== take) continue;
    const keep = take - guardSp >= ARMY_SP && guardSp <= take / 5 ? guardSp : 1;
    if (take - keep < 1 || !canMarchOff(board, a.leader, start, take - keep)) continue;
    out.push({ ...a, take: { ...a.take, sp: take - keep } });
  }
  return out;
}

/**
 * SP an army leaves on a field depot it marches off (10.12 B: the depot feeds only while a friendly
 * SP stands in it). One, except that the expert (`drive`) leaves the guard enough to outlast the
 * winter attrition still to come before the last turn (16.31 takes one SP from every force in the
 * open each winter turn): a guard of one SP left before winter is gone by the second winter turn,
 * the siege beyond the depot loses its supply and the army must break off (10.52; 1756, Dresden).
 */
export function depotGuardSp(board: Board, drive: boolean, price = false): number {
  // 17.0: past twenty SP lost, the allies pay two VP for each winter SP a guard gives up (16.31);
  // the Coalition's expert keeps its winter SP too (sp-price.ts `winterDear`).
  if (!drive || (price && winterDear(board))) return 1;
  let winters = 0;
  for (let t = Math.max(board.turn, 16); t < board.lastTurn; t++) if (isWinterTurn(t)) winters++;
  // A depot left now matters in winter only if the campaign will still hang on it then.
  return board.turn + 6 >= 16 ? 1 + Math.min(2, winters) : 1;
}

/**
 * The engine lists each march with all the SP its leader may take (takeCap). Leaving one SP on a
 * field depot the march would otherwise empty keeps that depot feeding the army (10.12 B); 5.35
 * lets a leader pick up fewer SP than stand in the hex. Such split marches are added to the
 * candidates when 5.37 allows them (keeps537).
 *
 * With `spareDoomed` (the allied expert, 17.0) no guard is left where an enemy four times its
 * strength can reach it next turn (5.5): the depot would be lost with it. An army marching to
 * battle (its goal in `plan` an attack) still leaves one: beaten, the enemy threatens no depot.
 */
export function splitMarches(
  board: Board,
  legal: readonly Action[],
  guardSp = 1,
  spareDoomed = false,
  plan?: Plan,
  led = false,
  safe = false,
): MarchAction[] {
  const out: MarchAction[] = [];
  for (const a of legal) {
    if (a.type !== 'march' || board.active?.leader === a.leader) continue;
    const take = a.take?.sp ?? 0;
    const start = leaderHex(board, a.leader);
    const end = a.path.at(-1);
    if (!start || !end || end === start || !fieldDepotAt(board, start)) continue;
    if (friendSp(board, start, 'all') !== take || board.enemies.has(start)) continue;
    // Never a guard bigger than a fifth of the force, nor the army stripped below an army.
    let keep = take - guardSp >= ARMY_SP && guardSp <= take / 5 ? guardSp : 1;
    if (take - keep < 0 || (keep === 1 && take < 1)) continue;
    // A guard an enemy four times its strength can reach next turn is overrun with the depot (5.5):
    // its SP go to the enemy as prisoners (14.17), which 17.0 charges the allies up to two VP
    // each, and leaderless they cannot get away. In 1757-1762 self-play the expert allies lost
    // 1.7 SP a game so (the standard level 0.4). The Coalition keeps its guards: measured, it
    // lost more by giving them up than it saved (docs/balance.md, "The price of an SP").
    // An army held back so stood idle before the enemy it meant to attack (1761 seed 1: Frederick
    // at 0933 for six turns before Loudoun at Brunn).
    const attacking = plan?.goals.get(a.leader)?.kind === 'attack';
    if (spareDoomed && !attacking && inEnemyReach(board, start, 4 * keep)) {
      // `safe`: a guard too big for any enemy that can reach it to overrun (5.5: four times its
      // SP), up to a third of the force, the army keeping ten SP (10.42) and marching where no
      // enemy as strong as it can reach next turn. 1761 seed 1 against hold: Frederick's 19 SP on
      // their depot at 1033, with Austrian armies in reach, could leave it no one-SP guard and on
      // turn 4 stopped at 0935 to wait for Wedel's guard; leaving six, they reach Olmutz that turn.
      const guard = safe ? safeGuard(board, start, end, take, keep) : undefined;
      if (guard === undefined) continue;
      keep = guard;
    }
    if (!keeps537(board, a.leader, start, end, take - keep)) continue;
    out.push({ ...a, take: { ...a.take, sp: take - keep } });
    // `led`: the junior subordinate stays with the guard (he can take it into winter quarters,
    // 16.21, where a guard with no leader cannot march, 5.3); the others march on with the army.
    if (led && !inEnemyReach(board, start, 4 * keep)) {
      const unmoved = new Set(legal.filter((x) => x.type === 'march').map((x) => (x as MarchAction).leader));
      const mover = board.friends.get(start)?.leaders.find((l) => l.id === a.leader);
      const subs = (board.friends.get(start)?.leaders ?? [])
        .filter(
          (l) =>
            mover !== undefined &&
            l.id !== mover.id &&
            !l.inside &&
            l.nationality === mover.nationality &&
            l.rank > mover.rank &&
            unmoved.has(l.id),
        )
        .sort((x, y) => y.rank - x.rank || x.id.localeCompare(y.id));
      if (subs.length >= 2)
        out.push({ ...a, take: { ...a.take, sp: take - keep, leaders: subs.slice(1).map((l) => l.id) } });
    }
  }
  // A leader left with a small guard an enemy four times its strength can reach walks away alone
  // (8.31, 5.5: the guard may be overrun, and he with it); the SP stay on the depot. Only from a
  // field depot of ours: elsewhere the SP guard nothing, and left without a leader they cannot
  // march (5.3) and stand in the open until an enemy or the winter takes them (16.31). 1761 seed
  // 30, the expert allies against hold: Wedel walked off alone from 1134 on turn 4 and his five
  // SP stood there to the end.
  for (const a of legal) {
    if (a.type !== 'march' || board.active?.leader === a.leader || (a.take?.sp ?? 0) < 1) continue;
    const start = leaderHex(board, a.leader);
    const end = a.path.at(-1);
    if (!start || !end || end === start || board.enemies.has(start) || !overrunRisk(board, start)) continue;
    if (!fieldDepotAt(board, start)) continue;
    if (a.overwhelm || a.path.some((h) => board.enemies.get(h)?.hasCombat)) continue;
    if (!keeps537(board, a.leader, start, end, 0)) continue;
    out.push({ ...a, take: { ...a.take, sp: 0 } });
  }
  return out;
}

/**
 * `safe`: the smallest guard above `keep` SP that no enemy able to reach `start` next turn could
 * overrun (5.5: four times the guard's SP), leaving the army marching to `end` ten SP (10.42) and
 * at least two thirds of `take`, with no enemy as strong as that army able to reach `end` next turn
 * (it would meet it the weaker for the guard). Undefined when there is none.
 */
function safeGuard(board: Board, start: HexId, end: HexId, take: number, keep: number): number | undefined {
  for (let k = keep + 1; k <= take / 3 && take - k >= ARMY_SP; k++)
    if (!inEnemyReach(board, start, 4 * k) && !inEnemyReach(board, end, take - k)) return k;
  return undefined;
}

/**
 * 5.35: a leader may take lower-ranked leaders of his nationality along. A march that takes every
 * SP out of its hex leaves the subordinates there with none: 8.31 lets the first enemy combat unit
 * to enter take them. For each such march this adds a copy that carries them (expert only). Only
 * leaders that still have a march on offer are carried: one already moved may not be (5.36).
 */
export function carryLeaders(board: Board, legal: readonly Action[]): MarchAction[] {
  const unmoved = new Set<string>();
  for (const a of legal) if (a.type === 'march') unmoved.add(a.leader);
  const out: MarchAction[] = [];
  for (const a of legal) {
    if (a.type !== 'march' || board.active?.leader === a.leader || a.take?.leaders?.length) continue;
    const take = a.take?.sp ?? 0;
    const start = leaderHex(board, a.leader);
    if (!start || take < 1 || a.path.at(-1) === start) continue;
    if (friendSp(board, start, 'all') !== take) continue;
    const stack = board.friends.get(start);
    const mover = stack?.leaders.find((l) => l.id === a.leader);
    if (!stack || !mover) continue;
    const subs = stack.leaders
      .filter(
        (l) =>
          l.id !== mover.id &&
          !l.inside &&
          l.nationality === mover.nationality &&
          l.rank > mover.rank &&
          unmoved.has(l.id),
      )
      .map((l) => l.id);
    if (subs.length > 0) out.push({ ...a, take: { ...a.take, leaders: subs } });
  }
  return out;
}

/**
 * 12.11, 13.0: a leader whose plan is to command a garrison (plan.ts, `command`) goes in alone once
 * he stands in its hex; the engine lists only the entry of everything outside, so the entry of
 * just him is built here, where the listed one allows it.
 */
export function commandEntries(board: Board, plan: Plan, legal: readonly Action[]): GarrisonAction[] {
  const out: GarrisonAction[] = [];
  for (const [id, goal] of plan.goals) {
    if (goal.kind !== 'command') continue;
    const hex = leaderHex(board, id);
    if (hex !== goal.hex) continue;
    const listed = legal.some(
      (a) => a.type === 'garrison' && a.direction === 'in' && a.hex === hex && (a.leaders ?? []).includes(id),
    );
    if (listed) out.push({ type: 'garrison', hex, direction: 'in', sp: 0, leaders: [id] });
  }
  return out;
}

/**
 * 5.5: an Overwhelming Attack is worth trying only when 400% looks likely. Across a mountain pass a
 * failed one forbids declining battle in the next Combat Phase (5.54), so there it must hold even
 * if the hidden strength is a quarter above the estimate; elsewhere a failed attempt costs nothing
 * but the bluff.
 */
export function overwhelmScore(
  map: StrategicMap,
  start: HexId,
  path: readonly HexId[],
  ours: number,
  estimate: number,
): number {
  const end = path.at(-1) ?? start;
  const prev = path.length >= 2 ? (path.at(-2) as HexId) : start;
  const step = stepCost(map, prev, end);
  const viaPass = !isRuleError(step) && step.pass;
  const sure = ours >= 4 * Math.max(1, estimate) * (viaPass ? 1.25 : 1);
  return sure ? 4 : viaPass ? -6 : -1;
}

/**
 * 8.31: a leader with no friendly SP in his hex (outside or in the fortress) is taken the moment an
 * enemy combat unit enters it; 5.5: a stack that an enemy four times its strength can reach may be
 * overrun and taken whole, leaders included. Standard and expert leaders marching alone keep out of
 * such reach or join a stack strong enough; leaving such a hex for a safe one is worth a march.
 */
function loneLeaderRisk(board: Board, start: HexId, end: HexId): number {
  const before = overrunRisk(board, start);
  const after = overrunRisk(board, end);
  if (after && !before) return -4;
  if (before && !after) return 3;
  return 0;
}

function scoreMarch(
  board: Board,
  plan: Plan,
  a: MarchAction,
  emptied: (hex: HexId) => SupplyPicture,
  style: PlanStyle,
): Scored {
  const drive = style.drive;
  const leader = a.leader;
  const path = a.path;
  const active = board.active?.leader === leader ? board.active : null;
  const start = active?.hex ?? leaderHex(board, leader);
  if (!start) return { action: a, score: -99, why: 'unknown leader' };
  const end = path.at(-1) ?? start;
  const goal = plan.goals.get(leader) ?? { hex: start, kind: 'hold' as const, note: 'holds' };
  const take = a.take?.sp ?? 0;
  const sp = active ? active.sp + take : take;
  // A march that empties our field depot leaves it feeding nothing (10.12 B): judge the
  // destination's supply without it. A split march leaving one SP there keeps it, at a price.
  const empties =
    !active && end !== start && fieldDepotAt(board, start) && friendSp(board, start, 'all') <= take;
  const supply = empties ? emptied(start) : plan.supply;
  const left = friendSp(board, start, 'all') - take;
  const split =
    !active &&
    take > 0 &&
    (left === 1 || left === depotGuardSp(board, drive, style.price)) &&
    fieldDepotAt(board, start);
  if (goal.kind === 'hold' && !active) {
    // A leader holding where an enemy could take him (8.31, 5.5) still walks to safety.
    const risk = sp === 0 && style.campaign && end !== start ? loneLeaderRisk(board, start, end) : 0;
    return risk > 0
      ? { action: a, score: risk - 1, why: 'keeps out of enemy reach' }
      : { action: a, score: -1, why: 'holds' };
  }
  const field = marchDistanceTo(board.map, goal.hex);
  const dStart = field.get(start) ?? 99;
  const dEnd = field.get(end) ?? 99;
  const progress = dStart - dEnd;
  // An army advancing on its objective keeps the depots behind it manned: the next depot it builds
  // joins the net only through them (10.12 C), even when this march's end is still supplied.
  const advancing =
    drive &&
    (goal.kind === 'siege' || goal.kind === 'advance' || goal.kind === 'attack') &&
    sp >= ARMY_SP &&
    progress > 0;
  const splitCost = split ? (advancing ? -0.3 : 0.2) : 0;
  const reward = progress * (0.5 + sp / 20) * (goal.kind === 'join' ? 0.8 : 1);
  let score = reward;
  // 5.35, 8.31: subordinates carried along are not left alone for the enemy to take.
  if (a.take?.leaders?.length) score += 0.05;
  if (end === goal.hex && start !== goal.hex) score += goal.kind === 'capture' ? 3 : 2;
  // Danger at the destination: a stronger enemy force waiting outside the fortress.
  const enemy = board.enemies.get(end);
  const eOut = estimateEnemyOut(enemy);
  if (eOut > 0 && end !== start) {
    const ours = friendSp(board, end, 'out') + sp;
    const wants =
      goal.kind === 'attack' || goal.kind === 'siege' || goal.kind === 'defend' || goal.kind === 'cover';
    if (!wants || ours < 1.3 * eOut) score -= 2 + Math.max(0, eOut - ours) * 0.5;
    if (a.overwhelm) score += overwhelmScore(board.map, start, path, ours, eOut);
  } else if (a.overwhelm) score -= 1;
  // 10.61: every unsupplied hex loses an SP in each attrition phase.
  // A force in supply never marches out of it for mere progress: it moves within the net and a
  // depot carries the net forward (10.41); only the objective itself may lie beyond. An attack
  // on an enemy outside the net (the trace does not pass enemy-held hexes, 10.32) is vetoed too
  // from a supplied hex, the plan's strike included: charged one point instead it fought more
  // battles against the passive baseline and lost VP against the others (docs/balance.md,
  // "Sieges in parallel").
  if (!supply.supplied.has(end) && sp > 0 && !(goal.kind === 'capture' && end === goal.hex))
    score -= plan.supply.supplied.has(start) ? 3 + Math.max(0, reward) : 1.5;
  score -= splitCost;
  // A leader never walks alone into an enemy hex (8.31 capture).
  if (sp === 0 && !active && board.enemies.get(end)?.hasCombat) score -= 5;
  // A depot guard holds his post even alone: the depot feeds the army only while manned (10.12 B).
  if (sp === 0 && style.campaign && end !== start && goal.kind !== 'guard')
    score += loneLeaderRisk(board, start, end);
  if (progress <= 0 && end !== start) score -= 0.5;
  // `lines`: a march that empties a field depot other own forces draw their supply through cuts them
  // off (10.12 B-C): each of their hexes loses an SP a turn (10.61), and a siege there ends (13.12).
  // 1759 seed 1: Fermor took the one SP off the depot at 3341 to wait at Konigsberg, and
  // Saltykov's 27 SP before Breslau fell back out of supply, two SP lighter.
  if (empties && style.lines) score -= supplyCutCost(board, plan.supply, supply, start, plan.strays);
  // `fetch`: each depot guard picked up on the way is an SP the winter will not take (16.31, 17.0).
  score += pickedSp(a);
  return { action: a, score, why: `${goal.note}` };
}

/**
 * What emptying the depot at `start` costs the side's other forces (`lines`): for each hex of own
 * SP outside that is in supply now and would not be, two plus a fifth of its SP (an army cut off
 * falls back and loses its turns as well as its SP, 10.6), three more where that hex is a siege.
 */
export function supplyCutCost(
  board: Board,
  now: SupplyPicture,
  after: SupplyPicture,
  start: HexId,
  doomed?: ReadonlySet<HexId>,
): number {
  let cost = 0;
  for (const [h, s] of board.friends) {
    // `fetch`: a leaderless depot guard cut off before winter loses to 10.61 the SP 16.31 takes.
    if (h === start || (s.out ?? 0) <= 0 || doomed?.has(h)) continue;
    if (!now.supplied.has(h) || after.supplied.has(h)) continue;
    cost += 2 + (s.out ?? 0) / 5 + (board.besieged?.has(h) ? 3 : 0);
  }
  return cost;
}

/**
 * `hasten`: what a force march into the hex of the enemy fortress the force means to besiege is
 * worth. Arrived in the enemy's player-turn, the force begins the siege depot in its own next Depot
 * Creation Phase and rolls a turn later (10.41, 13.12), a turn sooner than a force arriving in its
 * next March Phase: one roll more before the year ends, each breaching with the chance the table and
 * the garrison's known modifier give (13.2), for the fortress's VP twice over (17.0: ours, and no
 * longer theirs). Only where the depot can be begun: ten SP there after the march's possible loss
 * (10.42, 5.2), the hex in supply (10.43), no depot of ours there yet, no enemy field force the
 * force could not face, and no depot begun where the force stands left with fewer than ten SP.
 * 1756 seed 14: Frederick, a hex short of Dresden after his turn-11 march, rolled first on turn 14
 * and failed all five rolls.
 */
function hastenGain(
  board: Board,
  supply: SupplyPicture,
  hex: HexId,
  goal: HexId,
  take: number,
  initiative: number,
): number {
  const fort = board.map.fortress(goal);
  const enemy = board.enemies.get(goal);
  if (!fort || !enemy?.garrisoned || fortressHolder(board, goal) !== otherSideOf(board.side)) return 0;
  if (board.depots.some((d) => d.hex === goal && d.side === board.side)) return 0;
  // A depot begun here needs its ten SP until it is finished (10.42).
  const building = board.depots.some(
    (d) => d.hex === hex && d.side === board.side && d.status === 'building',
  );
  if (building && friendSp(board, hex, 'out') - take < ARMY_SP) return 0;
  if (!supply.supplied.has(goal)) return 0;
  const ours = take + friendSp(board, goal, 'out');
  if (ours - 1 < ARMY_SP) return 0;
  const eOut = estimateEnemyOut(enemy);
  if (eOut > 0 && ours < 1.3 * eOut) return 0;
  const terrain = marchDistanceTo(board.map, goal).get(hex);
  if (terrain === undefined) return 0;
  const mp = terrain + 1; // 5.43: the garrison makes the hex enemy-occupied (docs/rulings.md)
  const winter = isWinterTurn(board.turn) ? 1 : 0;
  let reach = 0;
  for (let die = 1; die <= 6; die++) if (Math.min(MAX_MA, die + initiative) - winter >= mp) reach++;
  return (reach / 6) * siegeChances(board, goal).breach * 2 * fort.vp;
}

function scoreForceMarch(
  board: Board,
  plan: Plan,
  a: ForceMarchAction,
  style: PlanStyle,
  emptied: (hex: HexId) => SupplyPicture,
): Scored {
  const leader = a.leader;
  const hex = leaderHex(board, leader);
  const goal = plan.goals.get(leader);
  if (!hex || !goal) return { action: a, score: -1, why: '' };
  const l = board.friends.get(hex)?.leaders.find((x) => x.id === leader);
  // 5.2: a die + Initiative of six or more costs one SP.
  const lossChance = l ? Math.min(1, Math.max(0, (l.initiative + 6 - 5) / 6)) : 0.5;
  const take = a.take?.sp ?? 0;
  // A force march only pays when the force means to go somewhere (5.2 may cost it an SP).
  if (goal.hex === hex) return { action: a, score: -1, why: goal.note };
  const enemyHere = estimateEnemyOut(board.enemies.get(hex));
  let value = -0.5 - lossChance * (take > 0 ? 1 : 0);
  // Escape a stronger enemy before the Combat Phase, or hurry to a threatened fortress.
  if (goal.kind === 'resupply' && enemyHere > 0) value += 3;
  else if (goal.kind === 'defend') value += 1;
  // `fetch`: a force still in the open in winter may yet reach quarters in its Force March Phase,
  // which comes before its Attrition Phase (sequence of play A): each winter turn left outside
  // costs it an SP (16.31), so the chance that the die carries it in (5.2, winter MA less one,
  // 16.11) is worth that many SP, against the SP a roll of six or more costs.
  if (style.fetch && goal.kind === 'winter' && take > 0 && l && isWinterTurn(board.turn)) {
    const mp = marchDistanceTo(board.map, goal.hex).get(hex);
    if (mp !== undefined) {
      let reach = 0;
      for (let die = 1; die <= 6; die++) if (Math.min(MAX_MA, die + l.initiative) - 1 >= mp) reach++;
      value += (reach / 6) * Math.min(take, board.lastTurn - board.turn + 1);
    }
  }
  if (style.hasten && goal.kind === 'siege' && l) {
    // A force march that takes every SP off our field depot leaves it feeding nothing (10.12 B):
    // the siege hex is judged without it (splitForceMarches offers the march that leaves a guard).
    const empties = fieldDepotAt(board, hex) && friendSp(board, hex, 'all') <= take;
    value += hastenGain(board, empties ? emptied(hex) : plan.supply, hex, goal.hex, take, l.initiative);
  }
  return { action: a, score: value, why: goal.note };
}

function scoreGarrison(board: Board, plan: Plan, a: GarrisonAction): Scored {
  const hex = a.hex;
  const dir = a.direction;
  const sp = a.sp;
  const leaders = a.leaders ?? [];
  const winter = isWinterTurn(board.turn);
  if (dir === 'out') return { action: a, score: -2, why: 'stays inside' };
  // 13.0: a leader sent to command this garrison goes in (plan.ts, `command`).
  const commands = (id: string) => {
    const g = plan.goals.get(id);
    return g?.kind === 'command' && g.hex === hex;
  };
  if (sp === 0 && leaders.length > 0 && leaders.every(commands))
    return { action: a, score: 5, why: `commands the garrison of ${board.map.fortress(hex)?.name ?? hex}` };
  const f = board.map.fortress(hex);
  const holder = fortressHolder(board, hex);
  const enemyNear = [...board.enemies.entries()].some(
    ([eh, e]) => estimateEnemyOut(e) >= 4 && hexDistance(hex, eh) <= 4,
  );
  // A depot guard stands outside: inside the fortress it keeps no depot operative (10.12 B).
  if (dir === 'in' && !winter && leaders.some((id) => plan.goals.get(id)?.kind === 'guard'))
    return { action: a, score: -1, why: 'guards outside' };
  // 16.21-16.22: in winter, units inside a fortress escape winter attrition (16.31).
  if (winter && sp > 0) return { action: a, score: 6, why: `winter quarters in ${f?.name ?? hex}` };
  // Leaderless SP cannot march anyway: inside they hold the fortress for VP (17.0) and supply (10.11).
  if (leaders.length === 0 && sp > 0) return { action: a, score: 4, why: `garrisons ${f?.name ?? hex}` };
  // A small detachment takes an empty fortress, or shelters from a big enemy army (12.32).
  if (sp > 0 && sp <= CAPTURE_SP && (holder !== board.side || enemyNear))
    return { action: a, score: 3 + (f?.vp ?? 0) / 5, why: `garrisons ${f?.name ?? hex}` };
  return { action: a, score: -1, why: 'keeps the field' };
}

function scoreDepot(board: Board, plan: Plan, a: DepotBuildAction, style: PlanStyle): Scored {
  const hex = a.hex;
  const enemy = board.enemies.get(hex);
  let score = -0.5;
  // 13.12: an operative depot in an enemy-garrisoned fortress hex besieges it.
  if (enemy?.garrisoned && board.map.fortress(hex)) score += 10;
  const depth = plan.supply.depth.get(hex) ?? 0;
  const sp = friendSp(board, hex, 'out');
  if (depth >= 2 && sp >= ARMY_SP) score += depth - 1;
  // Do not crowd depots: one within three hexes already serves. For the expert (`drive`) only one
  // that feeds: a finished field depot nobody stands in feeds nothing (10.12 B), and an army
  // beside one it left behind stood for six turns, unable to march on in supply or to build
  // (the Russians at 2938 next to their empty depot at 2939, 1759).
  const serves = (d: (typeof board.depots)[number]) =>
    !style.drive ||
    d.status === 'building' ||
    d.linked === true ||
    board.map.fortress(d.hex) !== undefined ||
    friendSp(board, d.hex, 'all') > 0;
  const crowded = board.depots.some(
    (d) => d.side === board.side && d.hex !== hex && hexDistance(d.hex, hex) <= 3 && serves(d),
  );
  // The army stands where the plan staged it for a depot that carries supply into its objective.
  const staged = [...plan.goals.values()].some((g) => g.kind === 'advance' && g.hex === hex);
  if (staged && sp >= ARMY_SP) score += 5;
  else if (crowded && !(enemy?.garrisoned && board.map.fortress(hex))) score -= 3;
  return { action: a, score, why: `builds a depot at ${hex}` };
}

function scoreDepotDestroy(board: Board, a: DepotDestroyAction): Scored {
  const hex = a.hex;
  // 10.46: rather than let a stronger enemy take it, destroy the depot (10.47).
  const eOut = estimateEnemyOut(board.enemies.get(hex));
  const score = eOut > 0 && eOut > 1.5 * friendSp(board, hex, 'out') ? 1 : -3;
  return { action: a, score, why: `destroys the depot at ${hex}` };
}

/**
 * 5.34: moving a leader bypasses the unmoved leaders ranked above him for the rest of the phase.
 * So starting marches go in rank order: while a higher-ranked leader still has a worthwhile move,
 * lower-ranked leaders wait.
 */
function rankOrder(board: Board, scored: Scored[]): void {
  const rankOf = (id: string) => {
    for (const s of board.friends.values()) for (const l of s.leaders) if (l.id === id) return l.rank;
    return 99;
  };
  let first: number | undefined;
  for (const s of scored) {
    const a = s.action;
    if ((a.type !== 'march' && a.type !== 'forcemarch') || board.active?.leader === a.leader) continue;
    if (s.score <= 0.3) continue;
    const r = rankOf(a.leader);
    if (first === undefined || r < first) first = r;
  }
  if (first === undefined) return;
  for (const s of scored) {
    const a = s.action;
    if ((a.type !== 'march' && a.type !== 'forcemarch') || board.active?.leader === a.leader) continue;
    if (rankOf(a.leader) > first) s.score = Math.min(s.score, -1);
  }
}

export function decideWithReason(
  view: View,
  legal: readonly Action[],
  rng: AutopilotRng,
  level: Level = 'standard',
  map?: StrategicMap,
): Decision {
  if (legal.length === 0) return { action: DONE, score: 0, why: 'nothing to do' };
  if (legal.length === 1) return { action: legal[0] as Action, score: 0, why: 'only choice' };
  const board = boardFromView(view, map);
  if (level === 'passive') return passive(board, legal);
  if (level === 'random') return randomChoice(legal, rng);
  if (isPromptPhase(board.phase)) {
    const p = answerPrompt(board, legal, level);
    if (p) return p;
  }
  const plan = makePlan(board, STYLES[level]);
  const scored: Scored[] = [];
  const without = new Map<HexId, SupplyPicture>();
  const simple = level === 'hold' || level === 'novice';
  const emptied = (hex: HexId) => {
    if (simple) return plan.supply;
    let p = without.get(hex);
    if (!p) {
      p = supplyPicture(board, board.side, hex);
      without.set(hex, p);
    }
    return p;
  };
  const options = simple
    ? legal
    : [
        ...legal,
        ...splitMarches(
          board,
          legal,
          depotGuardSp(board, STYLES[level].drive, STYLES[level].price),
          STYLES[level].drive && STYLES[level].price && board.side === 'prussian-allied',
          plan,
          STYLES[level].led,
          STYLES[level].safe,
        ),
        ...(STYLES[level].drive ? carryLeaders(board, legal) : []),
        ...(plan.reinforce ? reinforceMarches(board, legal, plan.reinforce) : []),
        ...commandEntries(board, plan, legal),
        ...(plan.fetchable ? pickUps(board, legal, plan.fetchable) : []),
        ...(STYLES[level].hasten
          ? splitForceMarches(
              board,
              legal,
              plan,
              depotGuardSp(board, STYLES[level].drive, STYLES[level].price),
            )
          : []),
      ];
  for (const a of options) {
    // `proof`: a subordinate sent back to a thin guard takes just the SP it lacks (winter-lines.ts).
    if (a.type === 'march' && plan.reinforce?.has(a.leader) && !isReinforcement(a, plan.reinforce)) continue;
    let s: Scored;
    switch (a.type) {
      case 'done':
        s = { action: a, score: 0, why: 'ends the step' };
        break;
      case 'halt':
        // 5.53 A: a force that has moved may go on while it has MP left, and no other force of its
        // nationality may split off a detachment meanwhile (5.37 as the engine judges it,
        // keeps537). Ending the step there left those forces standing: a planning level halts
        // first, and the next decision moves them or ends the step (1762 seed 3: Contades' 13 SP
        // stood on the depot at 1612 for five turns behind Clermont's march, docs/balance.md).
        s =
          !simple && legal.some((x) => x.type === 'march' && x.leader !== board.active?.leader)
            ? { action: a, score: 0.01, why: 'halts, so that the other forces may move' }
            : { action: a, score: -0.01, why: 'halts' };
        // `fetch`: a moving force may not go inside (the engine lists no garrison move for it) until
        // it halts. Arrived at its winter quarters in a winter turn, it halts to go in before its
        // Attrition Phase (16.21, 16.31); ending the step left it outside (1758 seed 6: Soubise at
        // Magdeburg after his turn-16 force march).
        if (STYLES[level].fetch && board.active && isWinterTurn(board.turn)) {
          const g = plan.goals.get(board.active.leader);
          if (g?.kind === 'winter' && g.hex === board.active.hex && board.map.fortress(g.hex))
            s = { action: a, score: 1, why: `halts to go into winter quarters at ${g.hex}` };
        }
        break;
      case 'timeout':
        s = { action: a, score: -100, why: '' };
        break;
      case 'march':
        s = scoreMarch(board, plan, a, emptied, STYLES[level]);
        break;
      case 'forcemarch':
        s = scoreForceMarch(board, plan, a, STYLES[level], emptied);
        break;
      case 'garrison':
        s = scoreGarrison(board, plan, a);
        break;
      case 'depot-build':
        s = scoreDepot(board, plan, a, STYLES[level]);
        break;
      case 'depot-destroy':
        s = scoreDepotDestroy(board, a);
        break;
      default:
        s = { action: a, score: -0.5, why: a.type };
    }
    scored.push(s);
  }
  rankOrder(board, scored);
  // No `done` on offer: a rule obliges a move first (10.52-10.53: a leader out of supply must get
  // back). Never undo garrisons or depots then; the least bad march gets chosen.
  if (!legal.some((a) => a.type === 'done' || a.type === 'halt'))
    for (const s of scored) {
      const a = s.action;
      if ((a.type === 'garrison' && a.direction === 'out') || a.type === 'depot-destroy') s.score = -100;
    }
  let best: Scored[] = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const s of scored) {
    if (s.score > bestScore + 1e-9) {
      best = [s];
      bestScore = s.score;
    } else if (Math.abs(s.score - bestScore) <= 1e-9) best.push(s);
  }
  const pick = best.length === 1 ? (best[0] as Scored) : rng.pick(best);
  return { action: pick.action, score: pick.score, why: pick.why };
}

export type TryDecide = { ok: true; action: Action; why: string } | { ok: false; error: string };

/**
 * decide() with its inputs checked: a public view, an empty legal list or an unknown level come back
 * as an error value instead of an action.
 */
export function tryDecide(
  view: View,
  legal: readonly Action[],
  rng: AutopilotRng,
  level: unknown = 'standard',
): TryDecide {
  if (!isLevel(level))
    return { ok: false, error: `unknown autopilot level "${String(level)}" (use ${LEVELS.join(' or ')})` };
  if (view.viewer === 'public' || view.side === null)
    return { ok: false, error: "the autopilot plays a seat: give it that seat's view, not the public one" };
  if (legal.length === 0)
    return { ok: false, error: `the ${view.viewer} seat has no legal action now (it is not pending)` };
  const d = decideWithReason(view, legal, rng, level);
  return { ok: true, action: d.action, why: d.why };
}

/** The autopilot contract: one action for the seat whose view this is (see the file comment). */
export function decide(
  view: View,
  legal: readonly Action[],
  rng: AutopilotRng,
  level: Level = 'standard',
): Action {
  return decideWithReason(view, legal, rng, level).action;
}

export { keeps537, otherSideOf };

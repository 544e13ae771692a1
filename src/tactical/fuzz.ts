// Fuzzer (issue 14 item 10): random legal play from a battle's initial state. Every offered action
// must be accepted; the game never dead-ends; it ends by the turn limit; replaying the action log
// gives the same game; CP are conserved (lost + prisoners + present = start); stacking and facing stay valid;
// a side's view never shows the other side's off-map units, the RNG, another side's prompt, or
// (ruling Deployment) where the other side deploys before both have committed.
import { createRng, drive, type RngState, randomInt } from '../kernel/index.js';
import type { TacAction } from './actions.js';
import { apply, legalActions, pendingSeats } from './apply.js';
import { envFor } from './env.js';
import type { TacEvent } from './events.js';
import { stackOk } from './rules/board.js';
import type { Side, TacState, UnitState } from './state.js';
import { view } from './view.js';

export interface FuzzReport {
  seed: number;
  actions: number;
  over: boolean;
  turn: number;
  winner: Side | null;
  level: string | null;
  problems: string[];
  log: { seat: string; action: TacAction }[];
}

/** Invariants that must hold in every state. */
export function checkInvariants(s: TacState): string[] {
  const out: string[] = [];
  for (const side of ['prussia', 'austria'] as const) {
    const present = s.units.filter((u) => u.side === side && !u.eliminated).reduce((a, u) => a + u.cp, 0);
    // Prisoners of the aftermath (ruling Aftermath) are a loss category of their own.
    const prisoners = s.ledger[side].prisoners ?? 0;
    if (present + s.ledger[side].cpLost + prisoners !== s.startCp[side])
      out.push(
        `CP not conserved for ${side}: ${present} present + ${s.ledger[side].cpLost} lost + ${prisoners} prisoners != ${s.startCp[side]}`,
      );
  }
  const byHex = new Map<string, UnitState[]>();
  for (const u of s.units) {
    if (u.eliminated) {
      if (u.hex !== null) out.push(`${u.id} eliminated but on ${u.hex}`);
      continue;
    }
    if (!Number.isInteger(u.facing) || u.facing < 0 || u.facing > 5)
      out.push(`${u.id} has facing ${u.facing}`);
    if (u.cp < 0 || u.cp > u.cpStart) out.push(`${u.id} has ${u.cp} CP`);
    if (u.routed && u.disorganized) out.push(`${u.id} is both routed and disorganized`);
    if (u.hex !== null) byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u]);
  }
  const env = envFor(s.map);
  for (const [hex, us] of byHex) {
    if (!stackOk(us) && s.tasks.length === 0 && !s.prompt)
      out.push(`stacking broken in ${hex}: ${us.map((u) => u.id).join('+')}`);
    if (env && !env.map.has(hex)) out.push(`unit off the map grid at ${hex}`);
  }
  return out;
}

/** What a side may not see in its view (ruling Hidden information). */
export function viewLeaks(s: TacState, side: Side): string[] {
  const v = view(s, side);
  const text = JSON.stringify(v);
  const out: string[] = [];
  if (text.includes('"rng"') || text.includes('"forced"')) out.push(`${side} view shows the RNG`);
  for (const u of s.units)
    if (u.side !== side && u.hex === null && !u.eliminated && text.includes(`"${u.id}"`))
      out.push(`${side} sees off-map ${u.id}`);
  if (s.prompt && s.prompt.side !== side && v.prompt && 'options' in v.prompt)
    out.push(`${side} sees the other side's prompt options`);
  // Ruling Deployment: until both have committed, no hex or facing of the other side's counters.
  if (s.phase === 'deployment') {
    for (const u of v.units)
      if (u.side !== side && (u.hex !== null || u.facing !== 0))
        out.push(`${side} sees where ${u.id} deploys`);
    for (const l of v.leaders)
      if (l.side !== side && l.hex !== null) out.push(`${side} sees where ${l.id} deploys`);
  }
  return out;
}

/** A random single-counter placement inside the side's zone (may be refused: stacking, terrain). */
function randomPlacement(s: TacState, side: Side, rng: RngState): TacAction | undefined {
  const env = envFor(s.map);
  const d = s.deployment;
  if (!env || !d) return undefined;
  const mine = s.units.filter((u) => u.side === side && d.template.units[u.id]);
  const zone = env.map.hexes().filter((h) => d.zones[side].includes(Number(h.slice(2))));
  if (!mine.length || !zone.length) return undefined;
  const u = mine[randomInt(rng, mine.length)]!;
  return {
    type: 'deploy',
    placements: [{ unit: u.id, hex: zone[randomInt(rng, zone.length)]!, facing: randomInt(rng, 6) }],
  };
}

function pick(rng: RngState, actions: TacAction[]): TacAction {
  // Prefer doing something over ending the step, so battles develop.
  const rest = actions.filter((a) => a.type !== 'done');
  if (rest.length && randomInt(rng, 10) < 8) return rest[randomInt(rng, rest.length)]!;
  return actions[randomInt(rng, actions.length)]!;
}

export function fuzzBattle(initial: TacState, seed: number, maxActions = 20000): FuzzReport {
  const rng = createRng(`fuzz:${seed}`);
  const problems: string[] = [];
  const log: FuzzReport['log'] = [];
  // `n` counts the fuzzer's tries (a refused free placement counts too); the one game loop
  // (src/kernel/drive.ts) plays them, this is its policy.
  let n = 0;
  let placing = false;
  const played = drive<TacState, TacAction, TacEvent>({
    state: initial,
    isOver: (st) => !!st.over,
    apply,
    next(st) {
      if (n >= maxActions) return { stop: 'limit' };
      const seats = pendingSeats(st);
      if (!seats.length) {
        problems.push(`dead end: nobody pending at ${st.phase} turn ${st.turn}`);
        return { stop: 'dead-end' };
      }
      const seat = seats[randomInt(rng, seats.length)]!;
      placing = st.phase === 'deployment' && randomInt(rng, 20) < 17;
      if (placing) {
        // Free placements are not listed as legal actions (too many); try one, refusals leave the state.
        const a = randomPlacement(st, seat as Side, rng);
        return { seat, candidates: a ? [a] : [] };
      }
      const legal = legalActions(st, seat);
      if (!legal.length) {
        problems.push(`dead end: ${seat} pending with no legal action at ${st.phase} turn ${st.turn}`);
        return { stop: 'dead-end' };
      }
      return { seat, candidates: [pick(rng, legal)] };
    },
    refused(st, _seat, action, error) {
      if (!placing)
        problems.push(
          `offered action refused at turn ${st.turn} ${st.phase}: ${JSON.stringify(action)} -> ${error.rule} ${error.message}`,
        );
    },
    exhausted() {
      if (!placing) return 'stop';
      n++;
      return 'continue';
    },
    accepted({ state: st, seat, action }) {
      log.push({ seat, action });
      if (placing) {
        problems.push(...viewLeaks(st, 'prussia'), ...viewLeaks(st, 'austria'));
        if (problems.length) return { stop: 'problem' };
        n++;
        return undefined;
      }
      const inv = checkInvariants(st);
      if (inv.length) {
        problems.push(...inv.map((x) => `after ${JSON.stringify(action)}: ${x}`));
        return { stop: 'problem' };
      }
      if (n % 25 === 0) problems.push(...viewLeaks(st, 'prussia'), ...viewLeaks(st, 'austria'));
      if (problems.length) return { stop: 'problem' };
      n++;
      return undefined;
    },
  });
  const s = played.state;
  if (!s.over && !problems.length)
    problems.push(`not over after ${n} actions (turn ${s.turn} of ${s.lastTurn})`);
  if (s.over && s.turn > s.lastTurn) problems.push(`ended after the last turn (${s.turn})`);
  // Deterministic replay.
  if (!problems.length) {
    let r = initial;
    for (const e of log) {
      const x = apply(r, e.seat, e.action);
      if (!x.ok) {
        problems.push(`replay refused ${JSON.stringify(e.action)}`);
        break;
      }
      r = x.state;
    }
    if (JSON.stringify(r) !== JSON.stringify(s)) problems.push('replay gave a different final state');
  }
  return {
    seed,
    actions: n,
    over: !!s.over,
    turn: s.turn,
    winner: s.over?.winner ?? null,
    level: s.over?.level ?? null,
    problems,
    log,
  };
}

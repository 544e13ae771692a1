// The sequence of play (4): one module per phase in the kernel's PhaseModule shape (enter, pending,
// legal, apply, timeout, step), registered in PHASES. The engine (apply.ts) routes an action to the
// current phase's module, runs queued resolution tasks, and moves to the next phase when nobody is
// pending: deployment (campaign battles) -> strategic turns (Scenario 2) -> A verification ->
// B barrage -> C operations -> D command -> E rally -> next turn.
import {
  type PhaseModule,
  type RuleError,
  rollD10,
  ruleError,
  type Step,
  type StepName,
  stepName,
} from '../kernel/index.js';
import { type TacAction, tacticalActionSchema } from './actions.js';
import type { Env } from './env.js';
import { type Ctx, ev, type TacEvent } from './events.js';
import { activationActions, barrageActions, chooseActions, commandActions } from './legal.js';
import { runAftermath } from './rules/aftermath.js';
import { distance, hasLos, zocOf } from './rules/board.js';
import { emptyActivation, formationsLeft, startActivation, verifyCommand } from './rules/command.js';
import { applyDeployment, commitAll, deploymentActions, revealDeployment } from './rules/deployment.js';
import {
  checkBreach,
  checkEnter,
  checkFace,
  checkFire,
  checkLeaderMove,
  checkMove,
  checkShock,
  doBreach,
  doEnter,
  doFace,
  doFire,
  doLeaderMove,
  doMove,
  doShock,
} from './rules/orders.js';
import { runTasks } from './rules/tasks.js';
import { checkVictory } from './rules/victory.js';
import type { PhaseName, Side, TacState } from './state.js';
import { otherSide } from './state.js';

export const SIDES: readonly Side[] = ['prussia', 'austria'];

/** A seat is a side, or `side:formation` (a formation held by another player, issue 15). */
export function parseSeat(seat: string): { side: Side; formation?: string } | undefined {
  const [side, formation, more] = seat.split(':');
  if ((side !== 'prussia' && side !== 'austria') || more !== undefined) return undefined;
  return formation === undefined ? { side } : { side, formation };
}

const isErr = (x: unknown): x is RuleError =>
  typeof x === 'object' && x !== null && 'rule' in x && 'code' in x;

/** The orders of an activation (and of strategic movement), shared by the phases that allow them. */
function applyOrder(c: Ctx, side: Side, formation: string | undefined, a: TacAction): RuleError | undefined {
  const { s, env } = c;
  switch (a.type) {
    case 'move': {
      const p = checkMove(s, env, side, a.unit, a.to, formation);
      if (isErr(p)) return p;
      doMove(c, side, a.unit, a.to, p);
      return undefined;
    }
    case 'face': {
      const p = checkFace(s, env, side, a.unit, a.facing, formation);
      if (isErr(p)) return p;
      doFace(c, a.unit, a.facing, p);
      return undefined;
    }
    case 'enter': {
      const p = checkEnter(s, env, side, a.unit, formation);
      if (isErr(p)) return p;
      doEnter(c, a.unit, a.facing, p.cost);
      placeLeadersWith(c, a.unit);
      return undefined;
    }
    case 'move-leader': {
      const p = checkLeaderMove(s, env, side, a.leader, a.to, formation);
      if (isErr(p)) return p;
      doLeaderMove(c, a.leader, a.to, p.cost);
      return undefined;
    }
    case 'fire': {
      if (s.phase === 'strategic')
        return ruleError('Scenario 2', 'no-combat', 'There is no combat in a strategic turn.');
      const e = checkFire(s, env, side, a.unit, a.target, formation);
      if (e) return e;
      doFire(c, a.unit, a.target);
      return undefined;
    }
    case 'breach': {
      if (s.phase === 'strategic')
        return ruleError('Scenario 2', 'no-combat', 'There is no combat in a strategic turn.');
      const e = checkBreach(s, env, side, a.unit, a.hex, formation);
      if (e) return e;
      doBreach(c, a.unit, a.hex);
      return undefined;
    }
    case 'shock': {
      if (s.phase === 'strategic')
        return ruleError('Scenario 2', 'no-combat', 'There is no combat in a strategic turn.');
      const e = checkShock(s, env, side, a.attackers, a.defenders, formation);
      if (e) return e;
      doShock(c, a.attackers, a.defenders);
      return undefined;
    }
    default:
      return ruleError('4', 'wrong-step', `"${a.type}" is not an order of an activation.`);
  }
}

/**
 * Scenario 2: leaders off the map come on with the first unit of their formation; a leader given an
 * entry hex and no formation of his own (the C-in-C, a reserve leader) with the first unit entering
 * at that hex; a C-in-C without one with the first unit (ruling "Scenario 2 leaders").
 */
function placeLeadersWith(c: Ctx, unitId: string): void {
  const u = c.s.units.find((x) => x.id === unitId)!;
  for (const l of c.s.leaders) {
    if (l.side !== u.side || l.eliminated || l.hex !== null) continue;
    const own = l.role !== 'cinc' && l.formation !== null;
    const enters = own ? l.formation === u.formation : l.entry ? l.entry.hex === u.hex : l.role === 'cinc';
    if (enters) {
      l.hex = u.hex;
      c.events.push(
        ev('leader-enters', `${l.name} enters with ${u.name} at ${u.hex}.`, { leader: l.id, hex: u.hex }),
      );
    }
  }
}

// The battlefield and tables (Env) are the kernel's `ctx`: passed in by the engine, never looked up here.
type Mod = PhaseModule<TacState, TacAction, string, TacEvent, unknown, Env> & {
  /** Internal: run the phase's entry with a context (the engine chains phases). */
  enterCtx(c: Ctx): void;
  applyCtx(c: Ctx, side: Side, formation: string | undefined, a: TacAction): RuleError | undefined;
  timeoutCtx(c: Ctx): void;
  /** The phase after this one is complete. */
  nextCtx(c: Ctx): void;
};

function wrap(m: Omit<Mod, 'enter' | 'apply' | 'timeout' | 'actions'>): Mod {
  const step = (c: Ctx): Step<TacState, TacEvent> => ({ ok: true, state: c.s, events: c.events });
  return {
    ...m,
    actions: [tacticalActionSchema as never],
    enter(state, env) {
      const c: Ctx = { s: state, env, events: [] };
      m.enterCtx(c);
      return step(c);
    },
    apply(state, seat, action, env) {
      const c: Ctx = { s: state, env, events: [] };
      const p = parseSeat(seat);
      if (!p) return { ok: false, error: ruleError('input', 'bad-seat', `Unknown seat "${seat}".`) };
      const e = m.applyCtx(c, p.side, p.formation, action);
      return e ? { ok: false, error: e } : step(c);
    },
    timeout(state, env) {
      const c: Ctx = { s: state, env, events: [] };
      m.timeoutCtx(c);
      return step(c);
    },
  };
}

function enterPhase(c: Ctx, phase: PhaseName): void {
  c.s.phase = phase;
  c.s.actingSide = null;
  c.s.doneSides = [];
  c.s.stepNo++;
  if (phase === 'over') return;
  PHASES[phase].enterCtx(c);
}

// --- Deployment (design 5.4, ruling Deployment): secret and simultaneous, before turn 1 ----------

/** The first phase of play proper: Scenario 2's strategic turns, or turn 1. */
function beginPlay(c: Ctx): void {
  if (c.s.strategicRules) {
    c.s.strategicTurn = 1;
    c.s.turn = 0;
    enterPhase(c, 'strategic');
  } else {
    c.s.turn = 1;
    enterPhase(c, 'verification');
  }
}

const deployment = wrap({
  phase: 'deployment',
  enterCtx(c) {
    c.events.push(
      ev(
        'deployment',
        'Both sides deploy in secret inside their zones, then commit; neither sees the other until both have (design 5.4).',
      ),
    );
  },
  pending: (s) => SIDES.filter((side) => !s.deployment?.committed.includes(side)),
  legal(s, seat) {
    const p = parseSeat(seat);
    return p ? deploymentActions(s, p.side, p.formation) : [];
  },
  applyCtx: (c, side, formation, a) => applyDeployment(c, side, formation, a),
  timeoutCtx: (c) => commitAll(c),
  nextCtx(c) {
    revealDeployment(c);
    beginPlay(c);
  },
  step: (s) => stepName('deployment', s.deployment?.committed.join('+') || 'open'),
});

// --- Scenario 2: strategic turns ---------------------------------------------------------------

function contact(s: TacState, env: Env, side: Side): boolean {
  const range = s.strategicRules?.closeRange ?? 3;
  return s.units.some(
    (u) =>
      u.side === side &&
      !u.eliminated &&
      u.hex !== null &&
      s.units.some(
        (e) =>
          e.side !== side &&
          !e.eliminated &&
          e.hex !== null &&
          distance(u.hex!, e.hex) <= range &&
          hasLos(s, env, e.hex, u.hex!),
      ),
  );
}

function strategicMoveFor(c: Ctx, side: Side): void {
  const s = c.s;
  s.actingSide = side;
  const a = emptyActivation(
    side,
    s.formations.filter((f) => f.side === side).map((f) => f.id),
  );
  a.inCommand = s.units.filter((u) => u.side === side && !u.eliminated).map((u) => u.id);
  s.activation = a;
  s.leaderMoves = {};
  s.stepNo++;
}

const strategic = wrap({
  phase: 'strategic',
  enterCtx(c) {
    const s = c.s;
    const r = s.strategicRules!;
    if (!s.strategicLast && s.strategicTurn >= r.earlyInitiative.fromTurn) {
      const die = rollD10(s);
      const early = die <= r.earlyInitiative.threshold;
      c.events.push(
        ev(
          'early-initiative',
          `${otherSide(r.entrySide)} rolls for early initiative: d10 ${die}${early ? ': this is the last strategic turn' : ''} (Scenario 2).`,
          { die },
        ),
      );
      if (early) s.strategicLast = true;
    }
    if (s.strategicTurn >= r.max) s.strategicLast = true;
    c.events.push(
      ev('strategic-turn', `Strategic turn ${s.strategicTurn} (Scenario 2).`, { turn: s.strategicTurn }),
    );
    strategicMoveFor(c, r.entrySide);
  },
  pending: (s) => (s.actingSide ? [s.actingSide] : []),
  legal(s, seat, env) {
    const p = parseSeat(seat);
    return p && s.actingSide === p.side ? activationActions(s, env, p.side, p.formation) : [];
  },
  applyCtx(c, side, formation, a) {
    const s = c.s;
    if (s.actingSide !== side)
      return ruleError(
        'Scenario 2',
        'not-your-turn',
        `The ${side} side does not move in this part of the strategic turn.`,
      );
    if (a.type !== 'done') return applyOrder(c, side, formation, a);
    strategicDone(c);
    return undefined;
  },
  timeoutCtx(c) {
    strategicDone(c);
  },
  nextCtx(c) {
    const s = c.s;
    if (s.strategicLast) {
      s.turn = 1;
      enterPhase(c, 'verification');
    } else {
      s.strategicTurn++;
      enterPhase(c, 'strategic');
    }
  },
  step: (s) => stepName('strategic', s.actingSide ?? 'end', `s${s.strategicTurn}`),
});

function strategicDone(c: Ctx): void {
  const s = c.s;
  const r = s.strategicRules!;
  s.activation = null;
  if (s.actingSide === r.entrySide) {
    if (!s.strategicLast && contact(s, c.env, r.entrySide)) {
      s.strategicLast = true;
      c.events.push(
        ev(
          'contact',
          'Prussian troops are seen within three hexes: this is the last strategic turn (Scenario 2).',
        ),
      );
    }
    if (s.strategicLast) {
      strategicMoveFor(c, otherSide(r.entrySide));
      return;
    }
  }
  s.actingSide = null;
}

// --- A: command verification ---------------------------------------------------------------------

const verification = wrap({
  phase: 'verification',
  enterCtx(c) {
    c.events.push(ev('turn', `Turn ${c.s.turn} of ${c.s.lastTurn}.`, { turn: c.s.turn }));
    verifyCommand(c);
  },
  pending: () => [],
  legal: () => [],
  applyCtx: () => ruleError('4.A', 'automatic', 'Command verification is automatic.'),
  timeoutCtx() {},
  nextCtx: (c) => enterPhase(c, 'barrage'),
  step: (s) => stepName('verification', 'auto', `t${s.turn}`),
});

// --- B: artillery barrages ---------------------------------------------------------------------

function barrageStart(c: Ctx, side: Side | null): void {
  const s = c.s;
  while (side && barrageActions({ ...s, phase: 'barrage', actingSide: side }, c.env, side).length <= 1)
    side = side === s.barrageFirst ? otherSide(side) : null;
  s.actingSide = side;
  s.stepNo++;
}

const barrage = wrap({
  phase: 'barrage',
  enterCtx(c) {
    barrageStart(c, c.s.barrageFirst);
  },
  pending: (s) => (s.actingSide ? [s.actingSide] : []),
  legal(s, seat, env) {
    const p = parseSeat(seat);
    return p ? barrageActions(s, env, p.side, p.formation) : [];
  },
  applyCtx(c, side, formation, a) {
    const s = c.s;
    if (s.actingSide !== side)
      return ruleError(
        '4.B',
        'not-your-barrage',
        `The ${s.actingSide} side fires now (Prussian first, 4.B).`,
      );
    if (a.type === 'fire') {
      const e = checkFire(s, c.env, side, a.unit, a.target, formation);
      if (e) return e;
      doFire(c, a.unit, a.target);
      return undefined;
    }
    if (a.type === 'breach') {
      const e = checkBreach(s, c.env, side, a.unit, a.hex, formation);
      if (e) return e;
      doBreach(c, a.unit, a.hex);
      return undefined;
    }
    if (a.type === 'done') {
      barrageStart(c, side === s.barrageFirst ? otherSide(side) : null);
      return undefined;
    }
    return ruleError('4.B', 'wrong-step', 'In the Barrage Phase only batteries fire.');
  },
  timeoutCtx(c) {
    barrageStart(c, null);
  },
  nextCtx: (c) => enterPhase(c, 'operations'),
  step: (s) => stepName('barrage', s.actingSide ?? 'end', `t${s.turn}`),
});

// --- C: operations -------------------------------------------------------------------------------

function startSegment(c: Ctx): void {
  const s = c.s;
  const left = SIDES.filter((side) => formationsLeft(s, side).length > 0);
  const no = (s.segment?.no ?? 0) + 1;
  s.activation = null;
  s.stepNo++;
  if (!left.length) {
    s.segment = null;
    return;
  }
  if (left.length === 1) {
    s.segment = { no, rolls: null, winner: left[0]!, double: false, queue: [left[0]!], yielded: false };
    return;
  }
  const p = rollD10(s) + s.initiative.bonus.prussia;
  const a = rollD10(s) + s.initiative.bonus.austria;
  const winner: Side = p > a ? 'prussia' : a > p ? 'austria' : s.initiative.ties;
  const [w, l] = winner === 'prussia' ? [p, a] : [a, p];
  const double = w >= 2 * l;
  s.segment = {
    no,
    rolls: { prussia: p, austria: a },
    winner,
    double,
    queue: [winner, otherSide(winner)],
    yielded: false,
  };
  c.events.push(
    ev(
      'initiative',
      `Segment ${no}: initiative Prussia ${p}, Austria ${a}: ${winner} wins${double ? ' with a double roll' : ''} (4.C).`,
      { segment: no, rolls: s.segment.rolls, winner, double },
    ),
  );
}

function skipEmptyQueue(c: Ctx): void {
  const s = c.s;
  while (s.segment?.queue.length && formationsLeft(s, s.segment.queue[0]!).length === 0)
    s.segment.queue.shift();
  if (s.segment && !s.segment.queue.length) startSegment(c);
}

function endActivation(c: Ctx): void {
  const s = c.s;
  const a = s.activation;
  if (!a) return;
  c.events.push(
    ev('activation-end', `${a.side} ends the activation of ${a.formations.join(' and ')}.`, {
      side: a.side,
      formations: a.formations,
    }),
  );
  s.activation = null;
  s.segment?.queue.shift();
  s.stepNo++;
  skipEmptyQueue(c);
}

const operations = wrap({
  phase: 'operations',
  enterCtx(c) {
    const s = c.s;
    s.segment = null;
    if (s.turn === s.lastTurn && s.lastTurnOperations !== 'both') {
      // 4: on the last (half) turn only one side operates: a named side (Sc. 1) or the initiative winner (Sc. 2).
      let only: Side = s.lastTurnOperations === 'initiative' ? 'prussia' : s.lastTurnOperations;
      if (s.lastTurnOperations === 'initiative') {
        const p = rollD10(s) + s.initiative.bonus.prussia;
        const a = rollD10(s) + s.initiative.bonus.austria;
        only = p > a ? 'prussia' : a > p ? 'austria' : s.initiative.ties;
        c.events.push(
          ev('initiative', `Last turn: initiative Prussia ${p}, Austria ${a}: only ${only} operates (4).`, {
            rolls: { prussia: p, austria: a },
            winner: only,
          }),
        );
      } else c.events.push(ev('last-turn', `Last turn: only ${only} operates (4).`));
      for (const f of s.formations) if (f.side !== only) f.activated = true;
    }
    startSegment(c);
    skipEmptyQueue(c);
  },
  pending(s) {
    if (s.activation) return [s.activation.side];
    const q = s.segment?.queue[0];
    return q ? [q] : [];
  },
  legal(s, seat, env) {
    const p = parseSeat(seat);
    if (!p) return [];
    return s.activation
      ? activationActions(s, env, p.side, p.formation)
      : chooseActions(s, p.side, p.formation);
  },
  applyCtx(c, side, formation, a) {
    const s = c.s;
    if (s.activation) {
      if (s.activation.side !== side)
        return ruleError('5', 'not-your-activation', `The ${s.activation.side} side is activating now.`);
      if (a.type === 'done') {
        endActivation(c);
        return undefined;
      }
      return applyOrder(c, side, formation, a);
    }
    const seg = s.segment;
    if (!seg || seg.queue[0] !== side)
      return ruleError(
        '4.C',
        'not-your-choice',
        `It is not the ${side} side's turn to activate a formation.`,
      );
    if (a.type === 'yield-first') {
      if (seg.winner !== side || seg.yielded || seg.queue.length !== 2)
        return ruleError(
          '4.C',
          'no-yield',
          'Only the initiative winner, before anyone activates, may make the opponent go first.',
        );
      if (!formationsLeft(s, otherSide(side)).length)
        return ruleError('4.C', 'no-yield', 'The opponent has no formation left to activate.');
      seg.queue = [otherSide(side), side];
      seg.yielded = true;
      c.events.push(ev('yield', `${side} makes ${otherSide(side)} activate first (4.C note).`));
      s.stepNo++;
      return undefined;
    }
    if (a.type !== 'activate') return ruleError('4.C', 'activate-first', 'Activate a formation first (4.C).');
    const left = formationsLeft(s, side);
    for (const f of a.formations) {
      if (!left.includes(f))
        return ruleError(
          '5',
          'not-available',
          `Formation "${f}" is not one of yours left to activate this turn (5: once per turn).`,
        );
      if (formation !== undefined && f !== formation)
        return ruleError('5', 'not-your-formation', 'You hold another formation.');
    }
    if (new Set(a.formations).size !== a.formations.length)
      return ruleError('input', 'duplicate', 'A formation is listed twice.');
    if (
      a.formations.length === 2 &&
      !(seg.double && seg.winner === side && !seg.yielded && seg.queue.length === 2)
    )
      return ruleError(
        '4.C',
        'no-double',
        'Two formations may be activated together only by the initiative winner who doubled the opponent and did not yield.',
      );
    startActivation(c, side, a.formations);
    return undefined;
  },
  timeoutCtx(c) {
    const s = c.s;
    if (s.activation) {
      endActivation(c);
      return;
    }
    const side = s.segment?.queue[0];
    if (!side) return;
    const f = formationsLeft(s, side)[0];
    if (f) startActivation(c, side, [f]);
    endActivation(c);
  },
  nextCtx: (c) => enterPhase(c, 'command'),
  step(s) {
    if (s.activation)
      return stepName('operations', `activation-${s.activation.side}`, `t${s.turn}s${s.segment?.no ?? 0}`);
    return stepName(
      'operations',
      `choose-${s.segment?.queue[0] ?? 'end'}`,
      `t${s.turn}s${s.segment?.no ?? 0}`,
    );
  },
});

// --- D: command phase ----------------------------------------------------------------------------

const command = wrap({
  phase: 'command',
  enterCtx(c) {
    const s = c.s;
    s.activation = null;
    s.segment = null;
    s.leaderMoves = {};
    // 4.D: formation leaders are returned to their front side.
    for (const f of s.formations) f.activated = false;
  },
  pending: (s) =>
    SIDES.filter(
      (side) =>
        !s.doneSides.includes(side) &&
        s.leaders.some((l) => l.side === side && l.role === 'cinc' && !l.eliminated && l.hex !== null),
    ),
  legal(s, seat, env) {
    const p = parseSeat(seat);
    return p && p.formation === undefined ? commandActions(s, env, p.side) : [];
  },
  applyCtx(c, side, formation, a) {
    const s = c.s;
    if (formation !== undefined)
      return ruleError('7.4', 'cinc-only', 'The Commander in chief is moved by the side seat.');
    if (s.doneSides.includes(side)) return ruleError('4.D', 'done', 'You have finished the Command Phase.');
    if (a.type === 'done') {
      s.doneSides.push(side);
      s.stepNo++;
      return undefined;
    }
    if (a.type !== 'move-leader')
      return ruleError('4.D', 'wrong-step', 'In the Command Phase only the Commanders in chief move (7.4).');
    const p = checkLeaderMove(s, c.env, side, a.leader, a.to);
    if (isErr(p)) return p;
    doLeaderMove(c, a.leader, a.to, p.cost);
    return undefined;
  },
  timeoutCtx(c) {
    c.s.doneSides = [...SIDES];
  },
  nextCtx: (c) => enterPhase(c, 'rally'),
  step: (s) => stepName('command', s.doneSides.join('+') || 'open', `t${s.turn}`),
});

// --- E: rally -------------------------------------------------------------------------------------

const rally = wrap({
  phase: 'rally',
  enterCtx(c) {
    const { s, env } = c;
    for (const l of s.leaders) l.outOfCommand = false;
    const zoc = { prussia: zocOf(s, env, 'austria'), austria: zocOf(s, env, 'prussia') };
    for (const u of s.units) {
      if (u.eliminated || u.hex === null || !u.disorganized) continue;
      if (s.leaderlessThrough && s.leaderlessThrough.side === u.side && s.leaderlessThrough.turn > s.turn)
        continue;
      if (zoc[u.side].has(u.hex)) continue;
      u.disorganized = false;
    }
    c.events.push(
      ev(
        'rally-phase',
        'Rally Phase: Disorganization removed outside enemy ZOCs; routed units check (12.2, 12.5).',
      ),
    );
    for (const u of [...s.units].sort((a, b) => a.id.localeCompare(b.id)))
      if (u.routed && !u.eliminated && u.hex !== null) s.tasks.push({ kind: 'rally', unit: u.id });
    runTasks(c);
  },
  pending: () => [],
  legal: () => [],
  applyCtx: () => ruleError('4.E', 'automatic', 'The Rally Phase is automatic.'),
  timeoutCtx() {},
  nextCtx(c) {
    const s = c.s;
    // 8.4: after a complete turn the successor takes over as Commander in chief.
    if (s.leaderlessThrough && s.leaderlessThrough.turn <= s.turn) {
      const side = s.leaderlessThrough.side;
      s.leaderlessThrough = null;
      // The fallen C-in-C keeps his role (victory points count him as one, 8.4 / R).
      const fallen = s.leaders.filter((l) => l.side === side && l.role === 'cinc' && l.eliminated);
      const named = fallen
        .map((l) => (l.successor ? s.leaders.find((x) => x.id === l.successor) : undefined))
        .find((x) => x !== undefined && !x.eliminated && x.role !== 'cinc' && x.hex !== null);
      // Ruling 8.4: with no successor named (a campaign battle) or him gone too, the senior leader
      // left takes over: the best activation value, then the longest command range, then the id.
      const succ =
        named ??
        s.leaders
          .filter((x) => x.side === side && !x.eliminated && x.hex !== null && x.role !== 'cinc')
          .sort(
            (a, b) =>
              b.activation - a.activation || b.commandRange - a.commandRange || a.id.localeCompare(b.id),
          )[0];
      if (succ && succ.hex !== null) {
        const f = s.formations.find((x) => x.leader === succ.id);
        succ.role = 'cinc';
        succ.formation = null;
        if (f) {
          f.leader = null;
          if (f.kind !== 'independent') s.tasks.push({ kind: 'aide', side, formation: f.id });
        }
        c.events.push(
          ev('new-cinc', `${succ.name} takes command of the ${side} army (8.4).`, { leader: succ.id }),
        );
        runTasks(c);
      }
    }
    checkVictory(c);
    if (s.over) return;
    s.turn++;
    enterPhase(c, 'verification');
  },
  step: (s) => stepName('rally', 'auto', `t${s.turn}`),
});

export const PHASES: Record<Exclude<PhaseName, 'over'>, Mod> = {
  deployment,
  strategic,
  verification,
  barrage,
  operations,
  command,
  rally,
};

/** Runs tasks and automatic phases until a seat must act or the game is over. */
export function settle(c: Ctx): void {
  for (let guard = 0; guard < 10000; guard++) {
    const s = c.s;
    if (s.over) {
      // Ruling Aftermath: the scenario's pursuit and prisoners, once, whatever ended the battle.
      runAftermath(c);
      s.phase = 'over';
      s.prompt = null;
      return;
    }
    runTasks(c);
    if (s.prompt) return;
    if (s.over) continue;
    if (s.phase === 'over') return;
    const m = PHASES[s.phase];
    if (m.pending(s).length) return;
    m.nextCtx(c);
  }
  throw new Error('tactical engine: the sequence of play did not settle');
}

export function startGame(c: Ctx): void {
  if (c.s.deployment) {
    c.s.turn = 0;
    enterPhase(c, 'deployment');
  } else beginPlay(c);
  settle(c);
}

export function stepOf(s: TacState): StepName {
  if (s.over || s.phase === 'over') return stepName('over', 'end');
  if (s.prompt) return stepName('prompt', `${s.prompt.kind}-${s.prompt.side}`, `n${s.stepNo}`);
  return PHASES[s.phase].step(s);
}

// Standing orders (issue 15): a side's answer to a routine prompt, set once per unit, per formation
// or for the whole command, so that the prompt needs no round trip. They are engine state, set by
// the action `standing-order` (accepted from the seat at any time, it changes no step), and applied
// by the engine when the prompt arises: same log, same game on replay. A prompt no standing order
// answers is asked as before. Kinds and their rule cases:
//   retreat  (11.6) edge: the best-priority hex nearest the side's own map edge; leader: nearest the
//            formation leader (keeps the unit in command, 9.1)
//   displace (11.6) displace: push the friends out; eliminate: lose the retreating unit instead
//   advance  (11.7) advance: this unit advances when it may; stay: it never does
//   loss     (11.5) strongest: each CP from the unit with the most CP; weakest: from the one with
//            the fewest (sacrifice one unit, keep the others whole)
//   reaction (10.1 / 11) fire: fire at the first attacker in reach; hold: hold fire
import type { RuleError } from '../../kernel/index.js';
import { ruleError } from '../../kernel/index.js';
import type { Env } from '../env.js';
import { type Ctx, privateEv } from '../events.js';
import type { Prompt, Side, StandingKind, StandingOrder, TacState, Task } from '../state.js';
import { distance, unitOf } from './board.js';

export const STANDING_POLICIES: Record<StandingKind, readonly string[]> = {
  retreat: ['edge', 'leader'],
  displace: ['displace', 'eliminate'],
  advance: ['advance', 'stay'],
  loss: ['strongest', 'weakest'],
  reaction: ['fire', 'hold'],
};

export const STANDING_RULE: Record<StandingKind, string> = {
  retreat: '11.6',
  displace: '11.6',
  advance: '11.7',
  loss: '11.5',
  reaction: '10.1',
};

/** `all`: every unit of the seat's command (the side, or the formation of a formation's seat). */
export const ALL = 'all';

export interface StandingAction {
  type: 'standing-order';
  kind: StandingKind;
  subject: string;
  /** One of the kind's policies, or `clear` to remove the order. */
  policy: string;
}

/** Sets or clears a standing order; refuses a subject outside the seat's command. */
export function setStandingOrder(
  c: Ctx,
  side: Side,
  formation: string | undefined,
  a: StandingAction,
): RuleError | undefined {
  const s = c.s;
  const rule = STANDING_RULE[a.kind];
  if (a.policy !== 'clear' && !STANDING_POLICIES[a.kind].includes(a.policy))
    return ruleError(
      rule,
      'bad-policy',
      `A standing order for ${a.kind} is one of: ${STANDING_POLICIES[a.kind].join(', ')} (or clear).`,
    );
  // A formation's seat speaks for its own formation only; `all` means that formation there.
  const subject = a.subject === ALL && formation !== undefined ? formation : a.subject;
  const unit = s.units.find((u) => u.id === subject);
  const form = s.formations.find((f) => f.id === subject);
  const owned =
    subject === ALL
      ? true
      : unit
        ? unit.side === side && (formation === undefined || unit.formation === formation)
        : form
          ? form.side === side && (formation === undefined || form.id === formation)
          : false;
  if (!unit && !form && subject !== ALL)
    return ruleError('input', 'bad-subject', `No unit or formation "${a.subject}".`);
  if (!owned)
    return ruleError(
      rule,
      'not-yours',
      `${unit?.name ?? form?.name ?? subject} is not under this seat's command: a standing order is given to your own units.`,
    );
  const list = (s.standing ?? []).filter(
    (o) => !(o.side === side && o.subject === subject && o.kind === a.kind),
  );
  if (a.policy !== 'clear') list.push({ side, subject, kind: a.kind, policy: a.policy });
  // A stable order, so the same orders in any sequence make the same state.
  list.sort(
    (x, y) =>
      x.side.localeCompare(y.side) || x.kind.localeCompare(y.kind) || x.subject.localeCompare(y.subject),
  );
  s.standing = list;
  const who = subject === ALL ? `every ${side} unit` : (unit?.name ?? form?.name ?? subject);
  c.events.push(
    privateEv(
      side,
      'standing-order',
      a.policy === 'clear'
        ? `Standing order for ${a.kind} of ${who} cleared.`
        : `Standing order: ${who}, ${a.kind}: ${a.policy} (${rule}).`,
      { subject, kind: a.kind, policy: a.policy },
    ),
  );
  return undefined;
}

/** The policy for a unit: its own order, else its formation's, else the side's `all`. */
export function policyFor(s: TacState, unitId: string, kind: StandingKind): string | undefined {
  const u = unitOf(s, unitId);
  if (!u || !s.standing?.length) return undefined;
  const find = (subject: string) =>
    s.standing!.find((o) => o.side === u.side && o.kind === kind && o.subject === subject)?.policy;
  return find(u.id) ?? find(u.formation) ?? find(ALL);
}

/**
 * The answer the standing orders give to a prompt about to be asked, or undefined (ask the side).
 * Only a value among the prompt's options is ever returned.
 */
export function standingAnswer(s: TacState, env: Env, task: Task, p: Prompt): string | undefined {
  if (!s.standing?.length) return undefined;
  const values = p.options.map((o) => o.value);
  const pick = (v: string | undefined) => (v !== undefined && values.includes(v) ? v : undefined);
  switch (task.kind) {
    case 'retreat': {
      const u = unitOf(s, task.unit);
      if (!u) return undefined;
      if (p.kind === 'displace') {
        const how = policyFor(s, u.id, 'displace');
        return how ? values.find((v) => v.endsWith(`:${how}`)) : undefined;
      }
      const policy = policyFor(s, u.id, 'retreat');
      if (!policy) return undefined;
      const leader = s.leaders.find(
        (l) => !l.eliminated && l.hex !== null && l.formation === u.formation && l.role !== 'cinc',
      );
      const edge = env.map.friendlyEdge(u.side);
      const score = (h: string) =>
        policy === 'leader' && leader?.hex ? distance(h, leader.hex) : env.map.stepsToEdge(h, edge);
      // The options come in the engine's priority order; ties keep it.
      return pick([...values].sort((a, b) => score(a) - score(b))[0]);
    }
    case 'advance': {
      const moves = values.filter((v) => v.includes('@'));
      const chosen = moves.find((v) => policyFor(s, v.split('@')[0]!, 'advance') === 'advance');
      if (chosen) return chosen;
      const allStay = moves.every((v) => policyFor(s, v.split('@')[0]!, 'advance') === 'stay');
      return allStay ? pick('none') : undefined;
    }
    case 'loss': {
      const policies = new Set(values.map((v) => policyFor(s, v, 'loss')));
      if (policies.size !== 1 || policies.has(undefined)) return undefined;
      const cp = (id: string) => unitOf(s, id)?.cp ?? 0;
      // Options list the strongest first (ties by id); the weakest is the last of the fewest CP.
      if (policies.has('strongest')) return values[0];
      const least = Math.min(...values.map(cp));
      return values.find((v) => cp(v) === least);
    }
    case 'reaction': {
      const policy = policyFor(s, task.reactor, 'reaction');
      if (policy === 'hold') return pick('hold');
      if (policy === 'fire') return values.find((v) => v !== 'hold');
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The side's standing orders in words (for /battle status and the orders list). */
export function standingLines(s: TacState, side: Side): string[] {
  return (s.standing ?? [])
    .filter((o) => o.side === side)
    .map((o) => {
      const u = s.units.find((x) => x.id === o.subject);
      const f = s.formations.find((x) => x.id === o.subject);
      const who = o.subject === ALL ? 'all units' : (u?.name ?? f?.name ?? o.subject);
      return `${who}: ${o.kind} → ${o.policy}`;
    });
}

export type { StandingOrder };

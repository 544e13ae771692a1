// apply(state, seat, action): validate (zod), check the rules, and return a new state with its
// events, or the RuleError naming the Leuthen case. Never mutates its input, never throws for bad
// input. Also: legalActions, pendingSeats, isOver, step.
import { type RuleError, ruleError } from '../kernel/index.js';
import { type TacAction, tacticalActionSchema } from './actions.js';
import { cloneData } from './clone.js';
import { envFor } from './env.js';
import { type Ctx, ev, type TacEvent } from './events.js';
import { PHASES, parseSeat, settle, stepOf } from './phases.js';
import { withBoardMemo } from './rules/board.js';
import { setStandingOrder } from './rules/standing.js';
import { answerPrompt } from './rules/tasks.js';
import type { Prompt, TacState } from './state.js';

export type TacApplyResult =
  | { ok: true; state: TacState; events: TacEvent[] }
  | { ok: false; error: RuleError };

const PROMPT_RULE: Record<Prompt['kind'], string> = {
  loss: '11.5',
  retreat: '11.6',
  displace: '11.6',
  advance: '11.7',
  aide: '9.4',
  reaction: '10.1',
};

function fail(rule: string, code: string, message: string): TacApplyResult {
  return { ok: false, error: ruleError(rule, code, message) };
}

export function apply(state: TacState, seat: string, action: unknown): TacApplyResult {
  const p = typeof seat === 'string' ? parseSeat(seat) : undefined;
  if (!p)
    return fail('input', 'bad-seat', `Unknown seat "${String(seat)}" (prussia, austria, or side:formation).`);
  const parsed = tacticalActionSchema.safeParse(action);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    return fail(
      'input',
      'bad-action',
      `Malformed action: ${i ? `${i.path.join('.') || 'action'}: ${i.message}` : 'invalid'}.`,
    );
  }
  const a = parsed.data as TacAction;
  if (state.over) return fail('4', 'game-over', 'The battle is over.');
  const env = envFor(state.map);
  if (!env) return fail('input', 'no-map', `The battlefield map "${state.map}" is not loaded.`);
  if (p.formation !== undefined && !state.formations.some((f) => f.id === p.formation && f.side === p.side))
    return fail('input', 'bad-seat', `No ${p.side} formation "${p.formation}".`);
  try {
    const s: TacState = cloneData(state);
    const c: Ctx = { s, env, events: [] };
    if (a.type === 'standing-order') {
      // Any time, from any seat of the side: it changes no step (buttons stay valid).
      const e = setStandingOrder(c, p.side, p.formation, a);
      if (e) return { ok: false, error: e };
      s.version = state.version + 1;
      return { ok: true, state: s, events: c.events };
    }
    const e = dispatch(c, p.side, p.formation, a);
    if (e) return { ok: false, error: e };
    settle(c);
    s.version = state.version + 1;
    return { ok: true, state: s, events: c.events };
  } catch (err) {
    return fail('engine', 'internal-error', `Internal engine error: ${(err as Error).message}`);
  }
}

function dispatch(
  c: Ctx,
  side: 'prussia' | 'austria',
  formation: string | undefined,
  a: TacAction,
): RuleError | undefined {
  const s = c.s;
  if (a.type === 'timeout') {
    if (s.prompt) {
      const pr = s.prompt;
      c.events.push(
        ev('timeout', `Deadline passed: ${pr.side} takes the default (${pr.options[pr.default]?.label}).`),
      );
      answerPrompt(c, pr.options[pr.default]!.value);
      return undefined;
    }
    if (s.phase === 'over') return undefined;
    c.events.push(ev('timeout', `The deadline of the ${s.phase} phase passed.`));
    PHASES[s.phase].timeoutCtx(c);
    s.stepNo++;
    return undefined;
  }
  if (s.prompt) {
    const pr = s.prompt;
    if (pr.side !== side)
      return ruleError(
        PROMPT_RULE[pr.kind],
        'not-your-decision',
        `The ${pr.side} side must decide first: ${pr.text}.`,
      );
    if (a.type !== 'choose')
      return ruleError(
        PROMPT_RULE[pr.kind],
        'decide-first',
        `Decide first: ${pr.text} (send {"type":"choose","value":...}).`,
      );
    if (!pr.options.some((o) => o.value === a.value))
      return ruleError(
        PROMPT_RULE[pr.kind],
        'bad-choice',
        `"${a.value}" is not one of: ${pr.options.map((o) => o.value).join(', ')}.`,
      );
    answerPrompt(c, a.value);
    return undefined;
  }
  if (a.type === 'choose') return ruleError('4', 'no-prompt', 'There is no decision to take now.');
  if (s.phase === 'over') return ruleError('4', 'game-over', 'The battle is over.');
  const m = PHASES[s.phase];
  if (!m.pending(s).includes(side))
    return ruleError('4', 'not-your-step', `The ${side} side has nothing to do now (${stepOf(s)}).`);
  return m.applyCtx(c, side, formation, a);
}

export function legalActions(state: TacState, seat: string): TacAction[] {
  const p = parseSeat(seat);
  if (!p || state.over || state.phase === 'over') return [];
  if (state.prompt)
    return state.prompt.side === p.side
      ? state.prompt.options.map((o) => ({ type: 'choose', value: o.value }))
      : [];
  const m = PHASES[state.phase];
  if (!m.pending(state).includes(p.side)) return [];
  const env = envFor(state.map);
  if (!env) return [];
  return withBoardMemo(state, () => m.legal(state, seat, env));
}

export function pendingSeats(state: TacState): string[] {
  if (state.over || state.phase === 'over') return [];
  if (state.prompt) return [state.prompt.side];
  return PHASES[state.phase].pending(state);
}

export function isOver(state: TacState): boolean {
  return state.over !== null;
}

export function step(state: TacState): { id: string; kind: 'phase' | 'prompt' } {
  return { id: `${stepOf(state)}#${state.stepNo}`, kind: state.prompt ? 'prompt' : 'phase' };
}

// The error an engine returns (never throws) when the rules forbid an action: the rule case that
// forbids it, a stable machine code and a message a player can read. Shared by both engines.

export interface RuleError {
  /** Case number of the rule that forbids the action, e.g. "5.45"; "input" for malformed actions. */
  rule: string;
  code: string;
  message: string;
}

/** A RuleError value. */
export function ruleError(rule: string, code: string, message: string): RuleError {
  return { rule, code, message };
}

/** The failed result of an apply: `{ ok: false, error }`. */
export function refuse(rule: string, code: string, message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { rule, code, message } };
}

/** Whether a value is a RuleError (has string `rule`, `code` and `message`). */
export function isRuleError(x: unknown): x is RuleError {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return typeof r.rule === 'string' && typeof r.code === 'string' && typeof r.message === 'string';
}

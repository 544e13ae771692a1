// Errors as values: every service operation returns one of these instead of throwing.

export type ServiceErrorCode =
  | 'invalid-input'
  | 'unknown-game'
  | 'unknown-scenario'
  | 'unknown-seat'
  | 'seat-taken'
  | 'not-seat-holder'
  | 'not-game-owner'
  | 'wrong-status'
  | 'not-pending'
  | 'rule-violation'
  | 'conflict'
  /** The caller named the version it decided on, and the game has moved past it. */
  | 'stale';

export interface ServiceError {
  code: ServiceErrorCode;
  /** Shown to the player as is. */
  message: string;
  /** The rule case, when the engine refused the action. */
  rule?: string;
}

export type Result<T> = ({ ok: true } & T) | { ok: false; error: ServiceError };

export function fail(
  code: ServiceErrorCode,
  message: string,
  rule?: string,
): { ok: false; error: ServiceError } {
  return { ok: false, error: rule === undefined ? { code, message } : { code, message, rule } };
}

/** A bare error (for callbacks that return either a value or the reason to refuse). */
export function refusal(code: ServiceErrorCode, message: string): ServiceError {
  return { code, message };
}

/**
 * A value echoed back in a message: at most `max` characters (then "..." and the full length), as
 * a JSON string when it is not one, so an over-long or odd input never floods a reply or a log.
 */
export function clip(value: unknown, max = 40): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`;
}
